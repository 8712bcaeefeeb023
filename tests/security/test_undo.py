"""撤销 takes back for everyone: no event a director's 撤销 took back reaches any view, any page's
version or any push, for any viewer (every seat, the public, the director), in all four rule sets.

With 公示审核 on, a stage's close is drafted and a director's command (判死/淹死 or a red card
with its reason) given while it waits joins it; the command is taken back, then the close. The taken-back events stay in the store (it only grows); the
texts only they carry are computed here from the events themselves (the oracle of
``test_leaks.visible``: the 撤销 event's own range, never the engine's bookkeeping). After the
撤销 every seat's and the public's view and version are again exactly what they were before the
command, nothing pushed since holds a taken-back text, and the director's view, console and
later pushes hold none either."""

from __future__ import annotations

import asyncio
import html
import json
from typing import Any

import pytest
from django.utils import timezone

from bansha.engine import Close, Director
from bansha.engine.game import Game
from bansha.engine.views import digest, view
from bansha.engine.views import shown as events_shown
from bansha.service.games import SERVICE
from bansha.store.models import GameRecord
from tests.security.test_leaks import RULESETS, SHORTEST, Table, _legitimate, _texts, visible
from tests.web.directors import director_client
from tests.web.sockets import on_the_layer, socket

pytestmark = pytest.mark.django_db(transaction=True, databases="__all__")

REASON = "撤销审计的判罚理由"
"""The reason given with a red card: told at once to the carded player (a notice to one seat)."""


def _command(game: Game, ruleset: str) -> Director:
    """A director's command with an exit (and a private notice) in ``ruleset``, on a living seat."""
    seat = next(p.seat for p in reversed(game.state.players) if p.alive)
    at = timezone.now()
    names = game.ruleset.director_commands()
    if "execute" in names:
        return Director("判死", {"seat": seat}, at)
    if "red_card" in names:
        return Director("红牌", {"seat": seat, "reason": REASON, "faction_loses": False}, at)
    return Director("淹死", {"seat": seat}, at)


def taken_back(game: Game) -> set[int]:
    """The positions every 撤销 took back, read from the 撤销 events themselves."""
    out: set[int] = set()
    for ev in game.events:
        raw = ev.to_json()
        if raw["kind"] == "undone":
            out.update(range(int(raw["data"]["from"]), int(raw["data"]["to"])))
    return out


def taken_back_texts(game: Game, viewer: int | str) -> set[str]:
    """Texts only taken-back events carry (none the viewer may read from another event)."""
    seen = _legitimate(game, viewer)
    return {
        t for i in taken_back(game) for t in _texts(game, i) if len(t) >= SHORTEST and t not in seen
    }


class Watch:
    """One game with 公示审核 on, every viewer's page and socket open, the director's console too."""

    def __init__(self, ruleset: str) -> None:
        self.table = Table(ruleset, review=True)
        self.gid = self.table.gid
        self.director = director_client()
        owner = int(self.director.session["_auth_user_id"])
        GameRecord.objects.filter(id=self.gid).update(owner_id=owner)

    def snapshot(self) -> dict[int | str, tuple[str, dict[str, Any]]]:
        """Every viewer's version and view now."""
        game = SERVICE.load(self.gid)
        out = {}
        for viewer in self.table.browsers:
            v = view(game, viewer)
            out[viewer] = (digest(v), v)
        return out

    def pages(self, viewer: int | str) -> dict[str, str]:
        """The viewer's pages as its browser gets them."""
        paths = [f"/g/{self.gid}/thread"]
        if viewer == "public":
            paths.append(f"/g/{self.gid}/")
        elif viewer == "director":
            paths.append(f"/g/{self.gid}/director")
        else:
            paths.append(f"/g/{self.gid}/me")
        browser = self.table.browsers[viewer]
        return {p: html.unescape(browser.get(p).content.decode()) for p in paths}

    def check(self, before: dict[int | str, tuple[str, dict[str, Any]]], what: str) -> None:
        """After a 撤销: nothing taken back anywhere; every player's and the public's page is as
        it was before the command."""
        game = SERVICE.load(self.gid)
        assert taken_back(game), (what, "nothing was taken back")
        after = self.snapshot()
        for viewer in self.table.browsers:
            hidden = taken_back_texts(game, viewer)
            built_from = events_shown(game, viewer)
            assert not set(built_from) & taken_back(game), (what, viewer, "built from")
            assert built_from == sorted(visible(game, viewer)), (what, viewer)
            shown = self.pages(viewer)
            shown["view"] = json.dumps(after[viewer][1], ensure_ascii=False)
            shown.update({f"push {n}": p for n, p in enumerate(self.table.pushes[viewer])})
            self.table.pushes[viewer] = []
            for where, text in shown.items():
                leaked = sorted(t for t in hidden if t in text)
                assert not leaked, (what, viewer, where, leaked)
            if viewer != "director":  # the director's log may say that a command was taken back
                assert after[viewer] == before[viewer], (what, viewer)

    def deal(self) -> None:
        """Close stages (publishing their results) until every seat holds a role (XXXII deals
        after its declarations)."""
        for _ in range(10):
            state = SERVICE.load(self.gid).state
            if state.awaiting is not None:  # published before anything closes
                SERVICE.submit(
                    self.gid, Director("发布", {"edits": {}}, timezone.now()), actor="director"
                )
            elif all(p.role for p in state.players):
                return
            else:
                SERVICE.submit(self.gid, Close(at=timezone.now()), actor="clock")
        raise AssertionError("no deal")

    async def run(self, ruleset: str) -> None:
        table = self.table
        await table.open()
        table.browsers["director"] = self.director
        table.pushes["director"] = []
        ws = socket(self.gid, "director", self.director)
        await ws.send_input({"type": "websocket.connect"})
        assert (await ws.receive_output(10))["type"] == "websocket.accept"
        table.sockets["director"] = ws
        await asyncio.to_thread(self.deal)
        await table.drain()
        for viewer in table.pushes:
            table.pushes[viewer] = []

        # a stage's close (its resolution drafted); a close with nothing public is published as
        # it lands (公示审核 holds what is public), so the stages close until one drafts an
        # announcement
        for _ in range(8):
            before_close = await asyncio.to_thread(self.snapshot)
            await asyncio.to_thread(
                SERVICE.submit, self.gid, Close(at=timezone.now()), actor="clock"
            )
            await table.drain()
            closed = await asyncio.to_thread(SERVICE.load, self.gid)
            if closed.state.awaiting is not None:
                break
            for viewer in table.pushes:
                table.pushes[viewer] = []
        else:
            raise AssertionError("no close drafted anything public")
        table.pushes["director"] = []  # the director saw the drafts: that is the point

        # a director's command given while those drafts wait joins them, then is taken back
        before = await asyncio.to_thread(self.snapshot)
        await asyncio.to_thread(
            SERVICE.submit, self.gid, _command(closed, ruleset), actor="director"
        )
        drafted = await asyncio.to_thread(SERVICE.load, self.gid)
        assert len(drafted.state.commands) == 2, "the command joined the close's drafts"
        await table.drain()
        table.pushes["director"] = []
        await asyncio.to_thread(
            SERVICE.submit, self.gid, Director("撤销", {}, timezone.now()), actor="director"
        )
        await table.drain()
        await asyncio.to_thread(self.check, before, "a command taken back")

        # then the close itself
        table.pushes["director"] = []
        await asyncio.to_thread(
            SERVICE.submit, self.gid, Director("撤销", {}, timezone.now()), actor="director"
        )
        await table.drain()
        await asyncio.to_thread(self.check, before_close, "a close taken back")
        await table.close()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_nothing_taken_back_reaches_any_view_version_or_push(ruleset: str) -> None:
    watch = Watch(ruleset)
    on_the_layer(watch.run(ruleset))
