"""A player page rendered once for a seat's view is served again for that seat while its view
is the same (``views._kept_page``): the same HTML as a fresh render but for each request's own
CSRF token and form keys; never another seat's page; never in place of a page that shows a
flash message or what a refused form had typed."""

from __future__ import annotations

import re

import pytest
from django.middleware.csrf import _unmask_cipher_token
from django.template.loader import render_to_string
from django.test import Client
from markupsafe import Markup

from bansha.service import viewcache
from bansha.service.games import SERVICE
from bansha.store.models import GameRecord
from bansha.web import views
from tests.web.directors import close_to_first_day

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
KEY = re.compile(r'name="nonce" value="([^"]+)"')


def _day() -> tuple[str, dict[int, str]]:
    created = SERVICE.create("m103", NAMES, seed=2)
    gid = created.record.id
    close_to_first_day(gid)
    return gid, created.tokens


def _seated(gid: str, token: str) -> Client:
    browser = Client()
    assert browser.get(f"/g/{gid}/join/{token}").status_code == 302
    return browser


def _blank(html: str) -> str:
    return KEY.sub('name="nonce" value=""', TOKEN.sub('name="csrfmiddlewaretoken" value=""', html))


def test_a_kept_page_is_the_fresh_render_with_this_requests_own_token_and_keys() -> None:
    views._pages.clear()
    gid, tokens = _day()
    browser = _seated(gid, tokens[3])
    first = browser.get(f"/g/{gid}/me").content.decode()
    second = browser.get(f"/g/{gid}/me").content.decode()
    assert len(views._pages) == 1  # rendered once
    record = GameRecord.objects.get(id=gid)
    with SERVICE.reading(gid) as game:
        v, seq = viewcache.current(gid, game, 3)
    fresh = render_to_string(
        "bansha/player.html",
        {
            "record": record,
            "v": v,
            "seat": 3,
            "seq": seq,
            "chat_limit": 100,
            "typed": {},
            "csrf_input": Markup('<input type="hidden" name="csrfmiddlewaretoken" value="x">'),
        },
    )
    assert _blank(first) == _blank(second) == _blank(fresh)
    keys = KEY.findall(first) + KEY.findall(second)
    assert len(keys) >= 4 and len(set(keys)) == len(keys)  # a fresh key for every form
    secret = browser.cookies["csrftoken"].value
    masked = TOKEN.findall(first) + TOKEN.findall(second)
    assert masked and all(_unmask_cipher_token(t) == secret for t in masked)
    assert TOKEN.findall(first)[0] != TOKEN.findall(second)[0]  # a new mask each page
    assert "<bansha:" not in first + second


def test_a_kept_page_is_never_another_seats_and_moves_with_the_view() -> None:
    views._pages.clear()
    gid, tokens = _day()
    one, other = _seated(gid, tokens[0]), _seated(gid, tokens[5])
    for _ in range(2):
        assert "甲的身份" in one.get(f"/g/{gid}/me").content.decode()
        page = other.get(f"/g/{gid}/me").content.decode()
        assert "己的身份" in page and "甲的身份" not in page
    one.post(f"/g/{gid}/act", {"skill": "vote", "target": "1", "nonce": "v1"})
    page = other.get(f"/g/{gid}/me").content.decode()
    assert "甲 → 乙" in page  # the vote moved every seat's view: not the page kept before


def test_a_page_with_a_message_or_a_refused_forms_picks_is_rendered_for_its_request() -> None:
    views._pages.clear()
    gid, tokens = _day()
    browser = _seated(gid, tokens[0])
    browser.get(f"/g/{gid}/me")
    landed = browser.post(f"/g/{gid}/act", {"skill": "vote", "target": "2", "nonce": "v1"})
    page = browser.get(landed["Location"]).content.decode()
    assert "已提交" in page
    refused = browser.post(f"/g/{gid}/act", {"skill": "vote", "target": "", "nonce": "v2"})
    page = browser.get(refused["Location"]).content.decode()
    assert "msg-error" in page
    assert "已提交" not in browser.get(f"/g/{gid}/me").content.decode()  # shown once
