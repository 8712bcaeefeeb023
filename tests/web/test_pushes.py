"""Pushes that cost what changed: a viewer's view is computed once per state of the game and
shared by all that viewer's sockets and pages; a push carries the version only, never the view."""

import asyncio

import pytest
from django.test import Client

from bansha.engine import Close, Say
from bansha.engine.views import version
from bansha.service import viewcache
from bansha.service.games import SERVICE
from tests.web.sockets import on_the_layer, open_socket, pushed, rest, socket

pytestmark = pytest.mark.django_db(transaction=True, databases="__all__")
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


def test_one_view_per_viewer_and_change_shared_by_its_sockets_and_its_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    created = SERVICE.create("m103", NAMES, seed=1)
    gid = created.record.id
    SERVICE.submit(gid, Close())  # night 1: the assassins' chat opens
    a, b = SERVICE.load(gid).state.groups["assassins"][:2]
    browser = Client()
    browser.get(f"/g/{gid}/join/{created.tokens[a]}")
    computed: list[object] = []
    real = viewcache.digest

    def counted(v: dict) -> str:
        computed.append(v["viewer"])  # each page view built once is digested once
        return real(v)

    monkeypatch.setattr(viewcache, "digest", counted)

    async def watch() -> tuple[list[list[dict]], str]:
        sockets = [socket(gid, "me", browser) for _ in range(4)]
        sockets += [socket(gid, "public") for _ in range(3)]
        for ws in sockets:
            await open_socket(ws)
        computed.clear()
        await asyncio.to_thread(SERVICE.submit, gid, Say(b, "assassins", "今晚刀谁？"))
        heard = [await rest(ws) for ws in sockets]
        page = await asyncio.to_thread(lambda: browser.get(f"/g/{gid}/me").content.decode())
        return heard, page

    heard, page = on_the_layer(watch())
    seat_version = version(SERVICE.load(gid), a)
    assert [pushed(m) for m in heard[:4]] == [[seat_version]] * 4
    assert [pushed(m) for m in heard[4:]] == [[]] * 3  # a team chat the public may not see
    assert computed == [NAMES[a]]  # once for the seat's four sockets and its page; the
    # public's view did not move, so it was not even built again
    assert f'data-seq="{seat_version}"' in page
    assert all(len(m["text"]) < 100 for ms in heard for m in ms if m["type"] == "websocket.send")
