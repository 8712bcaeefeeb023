"""The access audit, over every route the site has (read from its URL configuration, so a new page
is audited without being listed here):

- every URL of a game × {no session, a seat of another game, a revoked link, the game's other
  seats for the director's pages, another director, a plain logged-in account} gets exactly the
  answer the same request gets for a game that does not exist, and changes nothing;
- the live sockets likewise;
- every POST without a CSRF token, or with a wrong one, is refused (a Chinese page) and changes
  nothing, even from the viewer entitled to it.
"""

from __future__ import annotations

import re
import secrets

import pytest
from asgiref.testing import ApplicationCommunicator
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from bansha import texts
from bansha.engine import Close
from bansha.service.games import SERVICE
from bansha.store import events as store
from tests.web.sockets import on_the_layer, socket

pytestmark = pytest.mark.django_db(transaction=True, databases="__all__")
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
MISSING = "0123456789abcdef"
PUBLIC_PAGES = {"public", "discussion"}
"""Routes anyone may read (GET): the public page and the discussion thread."""


def _routes() -> list[tuple[str, str]]:
    """(name, route) of every page of the site outside Django's admin."""
    out = []
    for p in get_resolver().url_patterns:
        if isinstance(p, URLResolver):
            continue  # admin/: Django's own, with its own login and CSRF
        assert isinstance(p, URLPattern)
        out.append((str(p.name), str(p.pattern)))
    return out


def _url(route: str, gid: str) -> str:
    url = "/" + re.sub(r"<gid:\w+>", gid, route)  # a game's id, or a sign-up's
    return re.sub(r"<str:\w+>", "not-a-token-" + "x" * 20, url)


FORM = {
    "skill": "vote",
    "target": "",
    "command": "关闭阶段",
    "group": "assassins",
    "text": "越权的一句话",
    "players": "\n".join(NAMES),
    "ruleset": "m103",
}


class Cast:
    """Two games of one director, and everyone who is not entitled to the first one's pages."""

    def __init__(self) -> None:
        users = get_user_model().objects
        self.owner = users.create_user("owner", password="a-long-password-1", is_staff=True)
        other = users.create_user("other", password="a-long-password-1", is_staff=True)
        plain = users.create_user("plain", password="a-long-password-1")
        game = SERVICE.create("m103", NAMES, seed=2, owner=self.owner)
        other_game = SERVICE.create("m103", NAMES, seed=3, owner=other)
        self.gid = game.record.id
        SERVICE.submit(self.gid, Close())  # night 1: the team chats are open
        self.director = self._logged_in(self.owner)
        self.seat = self._seated(self.gid, game.tokens[0])
        revoked = self._seated(self.gid, game.tokens[2])
        SERVICE.reissue(self.gid, 2)
        self.outsiders = {
            "no session": Client(),
            "a seat of another game": self._seated(other_game.record.id, other_game.tokens[0]),
            "a revoked link": revoked,
            "another director": self._logged_in(other),
            "a plain account": self._logged_in(plain),
        }

    @staticmethod
    def _logged_in(user: object) -> Client:
        c = Client()
        c.force_login(user)  # type: ignore[arg-type]
        return c

    @staticmethod
    def _seated(gid: str, token: str) -> Client:
        c = Client()
        assert c.get(f"/g/{gid}/join/{token}").status_code == 302
        return c

    def denied(self, name: str, route: str) -> dict[str, Client]:
        """Who must get a missing game's answer on this route."""
        who = dict(self.outsiders)
        if "director" in route:
            who["a seat of this game"] = self.seat
        else:
            who["this game's director"] = self.director
        return who


def _same(real: object, missing: object, gid: str) -> bool:
    """Whether two responses are the same answer (the game id aside)."""
    if real.status_code != missing.status_code:  # type: ignore[attr-defined]
        return False
    if real.status_code in (301, 302):  # type: ignore[attr-defined]
        return real["Location"].replace(gid, MISSING) == missing["Location"]  # type: ignore[index]
    return real.content.decode().replace(gid, MISSING) == missing.content.decode()  # type: ignore[attr-defined]


def test_every_page_of_a_game_answers_outsiders_as_if_the_game_did_not_exist() -> None:
    cast = Cast()
    head = store.head(cast.gid)
    game_routes = [(n, r) for n, r in _routes() if "<gid:game_id>" in r]
    assert len(game_routes) >= 9
    checked = 0
    for name, route in game_routes:
        for who, client in cast.denied(name, route).items():
            for method in ("get", "post"):
                if name in PUBLIC_PAGES and (method == "get" or name == "public"):
                    continue  # anyone may read these (a POST to the public page reads it too)
                real = getattr(client, method)(_url(route, cast.gid), FORM)
                missing = getattr(client, method)(_url(route, MISSING), FORM)
                assert real.status_code in (302, 404, 405), (route, who, method, real)
                assert _same(real, missing, cast.gid), (route, who, method, real, missing)
                checked += 1
    assert checked > 80
    assert store.head(cast.gid) == head  # nobody changed anything


def test_every_socket_of_a_game_answers_outsiders_as_if_the_game_did_not_exist() -> None:
    cast = Cast()

    async def answer(gid: str, who: str, client: Client) -> str:
        ws: ApplicationCommunicator = socket(gid, who, client)
        await ws.send_input({"type": "websocket.connect"})
        first = await ws.receive_output(10)
        await ws.send_input({"type": "websocket.disconnect", "code": 1000})
        return str(first["type"])

    for kind, entitled in (("me", cast.seat), ("director", cast.director)):
        assert on_the_layer(answer(cast.gid, kind, entitled)) == "websocket.accept"
        denied = cast.denied(kind, "director" if kind == "director" else "me")
        for who, client in denied.items():
            real = on_the_layer(answer(cast.gid, kind, client))
            missing = on_the_layer(answer(MISSING, kind, client))
            assert real == missing == "websocket.close", (kind, who)


def _strict(client: Client) -> Client:
    """The same browser, now with Django's CSRF checks enforced."""
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = client.cookies
    return strict


@pytest.mark.parametrize("token", ["none", "wrong"])
def test_every_post_without_a_valid_csrf_token_is_refused(token: str) -> None:
    cast = Cast()
    head = store.head(cast.gid)
    refused = 0
    for name, route in _routes():
        entitled = cast.director if "director" in route or name == "game_new" else cast.seat
        browser = _strict(entitled)
        data = dict(FORM)
        if token == "wrong":
            browser.cookies["csrftoken"] = secrets.token_urlsafe(24)[:32]
            data["csrfmiddlewaretoken"] = secrets.token_urlsafe(24)[:32]
        r = browser.post(_url(route, cast.gid), data)
        if r.status_code == 405:
            continue  # the route takes no POST at all
        assert r.status_code == 403, (route, r.status_code)
        page = r.content.decode()
        assert texts.CSRF_TITLE in page, route
        refused += 1
    assert refused >= 10
    assert store.head(cast.gid) == head
