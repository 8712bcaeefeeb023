"""Nothing a player typed is lost: a refused thread post, chat line, act or vote sends the player
back to a page that shows the Chinese refusal with the box still holding what they typed (and
the pick still picked); the next page after that starts empty."""

import html
import re
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from bansha.engine import Act, Close, Director
from bansha.rulesets import find_ruleset
from bansha.service.games import SERVICE
from tests.helpers import M103_DEAL

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
RS = find_ruleset("m103")
ROLES = {i: RS.role_key(r) for i, r in enumerate(M103_DEAL)}
ASSASSIN, CUPID, CONSORT = 0, 8, 13  # 甲 卧底刺客, 壬 牵线红娘, 卯 绝色宠妃
TEXT = "我认为甲的发言有问题，理由如下：第一……"


def _seated(seat: int, **options: object) -> tuple[str, Client]:
    created = SERVICE.create("m103", NAMES, seed=5, roles=ROLES, options=dict(options))
    gid = created.record.id
    browser = Client()
    assert browser.get(f"/g/{gid}/join/{created.tokens[seat]}").status_code == 302
    return gid, browser


def _publish(gid: str) -> None:
    if SERVICE.load(gid).state.awaiting is not None:
        SERVICE.submit(gid, Director("发布", {"edits": {}}), actor="director")


def _page(browser: Client, path: str) -> str:
    return html.unescape(browser.get(path).content.decode())


def test_a_thread_post_refused_while_the_director_settles_stays_in_the_box() -> None:
    gid, browser = _seated(CONSORT, review=True)
    _publish(gid)
    SERVICE.submit(gid, Act(CUPID, "red_thread", (10, 11)))
    SERVICE.submit(gid, Close())
    _publish(gid)
    while SERVICE.load(gid).state.awaiting is None:  # the night passes; the dawn's news waits
        SERVICE.submit(gid, Close())
    sent = browser.post(f"/g/{gid}/thread", {"text": TEXT, "quote": "3", "nonce": "p1"})
    assert sent.status_code == 302
    page = _page(browser, sent["Location"])
    assert "导演正在结算，公示发布后才能继续提交" in page
    box = re.search(r'<textarea name="text"[^>]*>([^<]*)</textarea>', page)
    assert box is not None and box.group(1) == TEXT
    assert re.search(r'name="quote"[^>]*value="3"', page)
    again = _page(browser, f"/g/{gid}/thread")  # shown once: a later page starts empty
    assert TEXT not in again


def test_a_refused_chat_line_stays_in_its_box() -> None:
    gid, browser = _seated(ASSASSIN)
    SERVICE.submit(gid, Act(CUPID, "red_thread", (10, 11)))
    SERVICE.submit(gid, Close())  # the night: the assassins' group is open
    line = "夜" * 2001  # longer than a message may be
    sent = browser.post(f"/g/{gid}/say", {"group": "assassins", "text": line, "nonce": "s1"})
    page = _page(browser, sent["Location"])
    assert "消息不能超过2000字" in page
    assert f'value="{line}"' in page
    assert line not in _page(browser, f"/g/{gid}/me")


def test_a_refused_act_keeps_its_ticks_and_a_refused_vote_its_pick() -> None:
    gid, browser = _seated(CUPID)
    too_many = {"skill": "red_thread", "targets": ["1", "2", "3"], "nonce": "a1"}
    sent = browser.post(f"/g/{gid}/act", too_many)
    page = _page(browser, sent["Location"])
    assert '<p class="msg-error" role="status">' in page and "需要选择2名不同的角色" in page
    ticked = re.findall(r'name="targets" value="(\d+)" checked', page)
    assert ticked == ["1", "2", "3"]
    # the day: a stale page's vote form, sent again with another pick, is refused; the new pick
    # stays picked
    SERVICE.submit(gid, Act(CUPID, "red_thread", (10, 11)))
    while SERVICE.load(gid).state.stage_key != "day":
        SERVICE.submit(gid, Close())
    browser.post(f"/g/{gid}/act", {"skill": "vote", "target": str(CONSORT), "nonce": "v1"})
    browser.get(f"/g/{gid}/me")
    sent = browser.post(f"/g/{gid}/act", {"skill": "vote", "target": str(ASSASSIN), "nonce": "v1"})
    page = _page(browser, sent["Location"])
    assert "此表单已提交过，请刷新页面" in page
    assert re.search(rf'<option value="{ASSASSIN}" selected>', page)
    assert not re.search(rf'<option value="{CONSORT}" selected>', page)


def _session_writes(browser: Client, path: str, form: dict[str, object] | None = None) -> Any:
    """The response, and the statements that changed the session's row."""
    with CaptureQueriesContext(connection) as sent:
        response = browser.get(path) if form is None else browser.post(path, form)
    saves = [q["sql"] for q in sent.captured_queries if "django_session" in q["sql"]]
    return response, [q for q in saves if not q.lstrip().upper().startswith("SELECT")]


def test_a_refused_acts_small_picks_come_back_without_a_session_write() -> None:
    gid, browser = _seated(CUPID)
    too_many = {"skill": "red_thread", "targets": ["1", "2", "3"], "nonce": "a1"}
    sent, writes = _session_writes(browser, f"/g/{gid}/act", too_many)
    assert writes == [] and "messages" in sent.cookies
    response, writes = _session_writes(browser, sent["Location"])
    assert writes == []
    page = html.unescape(response.content.decode())
    assert re.findall(r'name="targets" value="(\d+)" checked', page) == ["1", "2", "3"]
    again = _page(browser, f"/g/{gid}/me")  # once: the next page starts empty
    assert re.findall(r'name="targets" value="(\d+)" checked', again) == []


def test_a_refused_forms_picks_show_on_their_own_games_page_only() -> None:
    gid, browser = _seated(CUPID)
    other = SERVICE.create("m103", NAMES, seed=6, roles=ROLES)
    assert browser.get(f"/g/{other.record.id}/join/{other.tokens[CUPID]}").status_code == 302
    browser.post(
        f"/g/{gid}/act", {"skill": "red_thread", "targets": ["1", "2", "3"], "nonce": "a1"}
    )
    elsewhere = _page(browser, f"/g/{other.record.id}/me")
    assert re.findall(r'name="targets" value="(\d+)" checked', elsewhere) == []
    page = _page(browser, f"/g/{gid}/me")  # still kept for its own game's page
    assert re.findall(r'name="targets" value="(\d+)" checked', page) == ["1", "2", "3"]


def test_a_page_without_a_message_writes_no_message_cookie() -> None:
    gid, browser = _seated(CUPID)
    response = browser.get(f"/g/{gid}/me")
    assert "messages" not in response.cookies


def test_a_short_message_cookie_is_not_compressed_and_a_long_one_is() -> None:
    from django.contrib.messages.storage.base import Message
    from django.test import RequestFactory

    from bansha.web.messages import UntrustedCookieStorage

    def cookie(text: str) -> str:
        storage = UntrustedCookieStorage(RequestFactory().get("/"))
        return str(storage._encode([Message(25, text)]))

    short, long = cookie("已提交"), cookie("已提交" * 200)
    assert not short.startswith(".") and long.startswith(".")  # "." marks zlib's text
    for text in (short, long):
        request = RequestFactory().get("/")
        request.COOKIES["messages"] = text
        (message,) = UntrustedCookieStorage(request)
        assert str(message.message).startswith("已提交")


def test_a_message_cookie_signed_with_a_fallback_key_is_read_by_every_request() -> None:
    from django.contrib.messages.storage.base import Message
    from django.test import RequestFactory, override_settings

    from bansha.web.messages import UntrustedCookieStorage

    old, new = "old-" + "k" * 60, "new-" + "n" * 60
    with override_settings(SECRET_KEY=old, SECRET_KEY_FALLBACKS=[]):
        text = str(UntrustedCookieStorage(RequestFactory().get("/"))._encode([Message(25, "旧")]))
    with override_settings(SECRET_KEY=new, SECRET_KEY_FALLBACKS=[old]):
        for _ in range(3):  # the signer is kept: its fallback keys serve every request
            request = RequestFactory().get("/")
            request.COOKIES["messages"] = text
            assert [str(m.message) for m in UntrustedCookieStorage(request)] == ["旧"]
    with override_settings(SECRET_KEY=new, SECRET_KEY_FALLBACKS=[]):
        request = RequestFactory().get("/")
        request.COOKIES["messages"] = text
        assert list(UntrustedCookieStorage(request)) == []  # no longer a key: not read
