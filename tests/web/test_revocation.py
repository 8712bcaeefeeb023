"""Revocation is immediate: when a seat's link is replaced (替补, a reissued link), every socket
opened with the old link closes at once and hears nothing more, the new team chat included."""

import asyncio
from collections.abc import Callable

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from bansha.engine import Close, Director, Say
from bansha.engine.views import version
from bansha.service.games import SERVICE
from bansha.store.models import GameRecord, SeatRecord
from tests.web.sockets import on_the_layer, open_socket, pushed, rest, socket

pytestmark = pytest.mark.django_db(transaction=True, databases="__all__")
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


def _night_with_a_team_chat() -> tuple[str, int, int, dict[int, str]]:
    created = SERVICE.create("m103", NAMES, seed=1)
    gid = created.record.id
    SERVICE.submit(gid, Close())  # night 1: the assassins' chat opens
    a, b = SERVICE.load(gid).state.groups["assassins"][:2]
    return gid, a, b, created.tokens


def _seated(gid: str, token: str) -> Client:
    browser = Client()
    assert browser.get(f"/g/{gid}/join/{token}").status_code == 302
    return browser


def _replace_and_chat(
    replace: Callable[[str, int], object],
) -> tuple[list[dict], list[dict], int, str, str]:
    """A team member's page socket hears a chat line, the seat's link is replaced, the team
    talks on: what the old socket got before and after, what the old page answers then, and the
    seat's version after each chat line."""
    gid, a, b, tokens = _night_with_a_team_chat()
    old = _seated(gid, tokens[a])

    def chat(text: str) -> str:
        SERVICE.submit(gid, Say(b, "assassins", text))
        return version(SERVICE.load(gid), a)

    async def watch() -> tuple[list[dict], list[dict], str, str]:
        ws = socket(gid, "me", old)
        await open_socket(ws)
        heard = await asyncio.to_thread(chat, "替补之前的话")
        before = [await ws.receive_output(10), *await rest(ws)]  # the layer may be slow
        await asyncio.to_thread(replace, gid, a)
        unheard = await asyncio.to_thread(chat, "替补之后的新话")
        after = await rest(ws)
        await ws.wait(5)
        return before, after, heard, unheard

    before, after, heard, unheard = on_the_layer(watch())
    return before, after, old.get(f"/g/{gid}/me").status_code, heard, unheard


def _substitute(gid: str, seat: int) -> None:
    SERVICE.submit(gid, Director("替补", {"seat": seat, "by": "新人"}), actor="director")
    SERVICE.reseat(gid, seat, "新人")


@pytest.mark.parametrize("replace", [_substitute, SERVICE.reissue], ids=["替补", "reissue"])
def test_a_socket_opened_before_the_link_is_replaced_is_closed_and_hears_nothing_after(
    replace: Callable[[str, int], object],
) -> None:
    before, after, page, heard, unheard = _replace_and_chat(replace)
    assert heard in pushed(before)
    assert unheard not in pushed(after)  # not even the version of the view with the new line
    assert after and after[-1] == {"type": "websocket.close", "code": 4404}
    assert page == (410 if replace is _substitute else 404)  # a substitute's: said plainly


@pytest.mark.parametrize("served", [False, True], ids=["socket only", "page served first"])
def test_every_push_checks_the_link_again(served: bool) -> None:
    """A revocation whose close message never arrived (written by another tool, another
    process that crashed): the next push finds the link revoked, sends nothing and closes. The
    same when the page was served first (the process then knows the session's text and reads
    the session and the seat in one statement): no push is answered from an earlier read."""
    gid, a, b, tokens = _night_with_a_team_chat()
    old = _seated(gid, tokens[a])
    for _ in range(2 if served else 0):
        assert old.get(f"/g/{gid}/me").status_code == 200

    async def watch() -> list[dict]:
        ws = socket(gid, "me", old)
        await open_socket(ws)
        if served:  # a push the seat hears first
            await asyncio.to_thread(SERVICE.submit, gid, Say(b, "assassins", "撤销之前的话"))
            await ws.receive_output(10)
            await rest(ws)
        await asyncio.to_thread(SeatRecord.objects.filter(game_id=gid, seat=a).update, revoked=True)
        await asyncio.to_thread(SERVICE.submit, gid, Say(b, "assassins", "没人该听到"))
        return await rest(ws)

    after = on_the_layer(watch())
    assert after == [{"type": "websocket.close", "code": 4404}]


def test_a_directors_socket_stops_at_logout() -> None:
    owner = get_user_model().objects.create_user("owner", password="a-long-password-1")
    gid, _, b, _ = _night_with_a_team_chat()
    GameRecord.objects.filter(id=gid).update(owner=owner)
    director = Client()
    director.force_login(owner)

    async def watch() -> list[dict]:
        ws = socket(gid, "director", director)
        await open_socket(ws)
        await asyncio.to_thread(director.post, "/accounts/logout/")
        await asyncio.to_thread(SERVICE.submit, gid, Say(b, "assassins", "导演退出后的话"))
        return await rest(ws)

    assert on_the_layer(watch()) == [{"type": "websocket.close", "code": 4404}]


def test_reissue_gives_the_same_player_a_new_link_and_the_old_one_stops() -> None:
    gid, a, _, tokens = _night_with_a_team_chat()
    token = SERVICE.reissue(gid, a)
    assert token != tokens[a]
    assert Client().get(f"/g/{gid}/join/{tokens[a]}").status_code == 404
    fresh = _seated(gid, token)
    assert f"{NAMES[a]}的身份" in fresh.get(f"/g/{gid}/me").content.decode()
    assert SeatRecord.objects.filter(game_id=gid, seat=a, revoked=False).count() == 1
