"""Input limits alike on SQLite and PostgreSQL (this file runs on both): control characters in
posts, chats, last words and names are refused with a Chinese error and change nothing; names
are checked for length before the database sees them; a game id that could not exist is a 404;
errors are Chinese pages sized for a phone."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from bansha import texts
from bansha.engine import Close
from bansha.service.games import SERVICE
from bansha.store import events as store
from bansha.store.models import SeatRecord

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
CONTROL = texts.CONTROL_CHARACTERS.format(field=texts.FIELD_TEXT)


def _director() -> tuple[Client, object]:
    user = get_user_model().objects.create_user("d", password="a-long-password-1")
    c = Client()
    c.force_login(user)
    return c, user


def _messages(html: str) -> list[str]:
    return re.findall(r'<p class="msg-\w+" role="status">([^<]*)</p>', html)


@pytest.mark.parametrize("text", ["a\x00b", "响\x1b[31m", "x\x7f"])
def test_control_characters_in_a_chat_line_are_refused(text: str) -> None:
    created = SERVICE.create("m103", NAMES, seed=1)
    gid = created.record.id
    SERVICE.submit(gid, Close())  # night 1: the assassins' chat opens
    member = SERVICE.load(gid).state.groups["assassins"][0]
    browser = Client()
    browser.get(f"/g/{gid}/join/{created.tokens[member]}")
    head = store.head(gid)
    r = browser.post(
        f"/g/{gid}/say", {"group": "assassins", "text": text, "nonce": "k1"}, follow=True
    )
    assert r.status_code == 200 and CONTROL in _messages(r.content.decode())
    assert store.head(gid) == head
    ok = browser.post(
        f"/g/{gid}/say", {"group": "assassins", "text": "第一行\r\n第二行\t完", "nonce": "k2"}
    )
    assert ok.status_code == 302 and store.head(gid) > head  # line breaks and tabs are text


def test_control_characters_in_a_thread_post_are_refused() -> None:
    created = SERVICE.create("m103", NAMES, seed=1)
    gid = created.record.id
    for _ in range(8):
        if SERVICE.load(gid).state.stage_key == "day":
            break
        SERVICE.submit(gid, Close())
    seat = next(iter(SERVICE.load(gid).state.living()))
    browser = Client()
    browser.get(f"/g/{gid}/join/{created.tokens[seat]}")
    head = store.head(gid)
    r = browser.post(f"/g/{gid}/thread", {"text": "投票\x00对象", "nonce": "p1"}, follow=True)
    assert CONTROL in _messages(r.content.decode())
    assert store.head(gid) == head


@pytest.mark.parametrize(
    ("name", "error"),
    [
        ("长" * 61, texts.TOO_LONG.format(field=texts.FIELD_NAME, limit=30)),
        ("甲\x00", texts.CONTROL_CHARACTERS.format(field=texts.FIELD_NAME)),
    ],
)
def test_a_name_no_database_keeps_alike_is_refused_at_creation_and_substitution(
    name: str, error: str
) -> None:
    d, owner = _director()
    players = [name, *NAMES[1:]]
    r = d.post("/new", {"ruleset": "m103", "players": "\n".join(players), "options": ""})
    assert r.status_code == 200 and error in _messages(r.content.decode())
    gid = SERVICE.create("m103", NAMES, seed=1, owner=owner).record.id
    head = store.head(gid)
    r = d.post(
        f"/g/{gid}/director/command",
        {"command": "替补", "player": "2", "by": name, "nonce": "s1"},
        follow=True,
    )
    assert error in _messages(r.content.decode())
    assert store.head(gid) == head
    assert SeatRecord.objects.filter(game_id=gid, seat=2, revoked=False).get().name == NAMES[2]


@pytest.mark.parametrize(
    "path", ["/g/%00/", "/g/abc%00/me", "/g/abc%00def/thread", "/g/" + "a" * 40 + "/", "/g/a.b/"]
)
def test_a_game_id_that_could_not_exist_is_a_chinese_404(path: str) -> None:
    r = Client().get(path)
    assert r.status_code == 404
    html = r.content.decode()
    assert texts.NOT_FOUND_TITLE in html and 'name="viewport"' in html
    assert "Not Found" not in html


def test_a_missing_game_and_a_refused_one_get_the_same_chinese_404() -> None:
    created = SERVICE.create("m103", NAMES, seed=1)
    a = Client().get(f"/g/{created.record.id}/me")
    b = Client().get("/g/0123456789abcdef/me")
    assert a.status_code == b.status_code == 404 and a.content == b.content


def test_a_form_without_its_csrf_token_gets_a_chinese_page() -> None:
    created = SERVICE.create("m103", NAMES, seed=1)
    browser = Client(enforce_csrf_checks=True)
    browser.get(f"/g/{created.record.id}/join/{created.tokens[0]}")
    r = browser.post(f"/g/{created.record.id}/act", {"skill": "vote"})
    assert r.status_code == 403
    html = r.content.decode()
    assert texts.CSRF_TITLE in html and 'name="viewport"' in html and "CSRF" not in html


def test_a_server_error_is_a_chinese_page(monkeypatch: pytest.MonkeyPatch) -> None:
    created = SERVICE.create("m103", NAMES, seed=1)

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(SERVICE, "reading", broken)
    r = Client(raise_request_exception=False).get(f"/g/{created.record.id}/")
    assert r.status_code == 500
    html = r.content.decode()
    assert texts.SERVER_ERROR_TITLE in html and "Server Error" not in html


def test_a_pasted_thread_with_control_characters_is_read_without_them() -> None:
    """A NUL in a saved page is debris: the floors are read without it (PostgreSQL would refuse
    to keep it), never a server error."""
    d, owner = _director()
    gid = SERVICE.create("m103", NAMES, seed=1, owner=owner).record.id
    paste = f"1楼 {NAMES[0]} 2026-11-30 10:00\n你\x00好\x1b\n2楼 {NAMES[1]} 2026-11-30 10:05\n早"
    r = d.post(f"/g/{gid}/director/thread", {"text": paste})
    assert r.status_code == 200
    from bansha.store.models import PostSnapshot

    kept = sorted(PostSnapshot.objects.filter(game_id=gid).values_list("text", flat=True))
    assert kept == ["你好", "早"]
