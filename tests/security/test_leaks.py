"""The leak audit: for all four rule sets, with 公示审核 off and on, a game is played by bots (each
from its own seat's view) with team chats in every group, and at several points — after the
deal, during a night, after it, during a day, after an exit, while results await publication —
every seat's page, its discussion-thread page and every push its live socket sent, and the
public page and socket, are checked mechanically: none may hold a text that only events hidden
from that viewer carry (another player's role, result, private notice or last words, a chat of a
group the viewer is not in, the name of a private stage or of one a draft opened, results not
yet published), nor the game's seed or the deal commitment's nonce (R-ALL-02: either would let
anyone recompute the deal from the public commitment hash), whatever event carries them.

The oracle is computed here from each event's stored audience (its ``to`` as the store keeps
it), from the 撤销 events' ranges and from the 公示审核 markers, never through the engine's
visibility methods (``Event.visible_to``, ``views.shown``, ``views.visible_events``) or the state's
bookkeeping: it decides alone which events each viewer may see, and the events each view is built
from must be exactly those."""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import random
import re
from typing import Any

import pytest
from asgiref.testing import ApplicationCommunicator
from django.test import Client
from django.utils import timezone

from bansha.engine import Close, Director, RuleError, Say
from bansha.engine.game import Game
from bansha.engine.views import shown as events_shown
from bansha.engine.views import view
from bansha.service.games import SERVICE, _timed
from bansha.sim.heuristic import bot_command
from tests.web.sockets import on_the_layer, socket

pytestmark = pytest.mark.django_db(transaction=True, databases="__all__")
RULESETS = ("m103", "bs46", "m186", "xxxii")
SHORTEST = 2
"""Hidden texts shorter than this are not looked for (single characters are everywhere)."""
SEED = 2**127 + 7
"""The audited games' seed: fixed (a failure replays), with a real game's 128 bits (the service
draws its own otherwise), so its digits can be looked for."""


RULING_ID = re.compile(r"R-(?:ALL|M103|BS46|M186|XXXII)-\d+")
"""A ruling id as the director's trace cites it (R-M103-10): never on a player's or the public's page."""


def _texts(game: Game, i: int) -> list[str]:
    """The texts event ``i`` carries that a page could show."""
    rs, ev = game.ruleset, game.events[i]
    names = [p.name for p in game.state.players]
    k, d = ev.kind, ev.data
    out: list[Any] = []
    if k == "game_created":
        out += d["players"]
    elif k == "substituted":
        out.append(d["name"])
    elif k == "chat":
        out.append(d["text"])
    elif k in ("notice", "announcement"):
        out.append(rs.render(d["key"], d.get("params", {}), names))
    elif k == "result":
        out.append(d["value"])
    elif k in ("role_card", "role_set"):
        out.append(rs.role_name(d["role"]))
    elif k == "faction_set":
        out.append(rs.faction_name(d["faction"]))
    elif k == "known":
        out.append(d.get("word"))
    elif k == "stage_opened":  # a page names its stage: the names of the stages its viewer
        out.append(d["stage"])  # saw open (a private one's: its players'; a draft's: nobody's)
    elif k == "acted" and isinstance(d.get("choice"), str):
        out.append(d["choice"])
    elif k == "deal_inputs":
        out += [d["seed"], d["nonce"]]
    return [str(t) for t in out if t is not None]


def visible(game: Game, viewer: int | str) -> set[int]:
    """The positions of the events ``viewer`` may see, from the events' own audiences as stored:
    an event addressed to the public, or to a list of seats holding the viewer's (the director:
    every event), not taken back by 撤销, and, with 公示审核 on, not past the first unpublished
    command marker (team chats excepted; the director sees drafts)."""
    raw = [ev.to_json() for ev in game.events]
    taken_back: set[int] = set()
    for r in raw:
        if r["kind"] == "undone":
            taken_back.update(range(int(r["data"]["from"]), int(r["data"]["to"])))
    pending = None  # the first command marker not yet published
    for i, r in enumerate(raw):
        if i in taken_back:
            continue
        if r["kind"] == "command" and pending is None:
            pending = i
        elif r["kind"] == "published":
            pending = None
    review = bool(game.ruleset.options.get("review"))
    out = set()
    for i, r in enumerate(raw):
        to = r["to"]
        if i in taken_back:
            continue
        if viewer != "director":
            if review and pending is not None and i >= pending and r["kind"] != "chat":
                continue  # 公示审核: not yet published
            if to != "public" and (viewer == "public" or not isinstance(to, list)):
                continue
            if isinstance(to, list) and viewer not in to:
                continue
        out.add(i)
    return out


def _legitimate(game: Game, viewer: int | str) -> str:
    """Everything the viewer may read: the texts of events it may see, its own role card, the
    names of the stages it saw open (a page names its stage: XXXII's 信仰声明 holds the choice
    word 信仰, and stays on the public page while the close's drafts await 发布), the rule set's
    public words (title, its rooms' names, the words and the post's text of the viewer's own
    legal acts)."""
    rs = game.ruleset
    parts: list[str] = [rs.title]
    parts += [str(room["name"]) for room in rs.data.get("rooms", {}).values()]  # every page's
    # the game's public progress line (M186's mission score): the post's words around its counts
    parts += [
        rs.texts[spec["text"]] for spec in rs.data.get("progress", []) if spec.get("announcements")
    ]
    seen = visible(game, viewer)
    for i, ev in enumerate(game.events):
        if i in seen:
            parts += _texts(game, i)
            if ev.kind == "acted":  # the page names the skill of an act it shows
                parts.append(rs.skill_name(ev.data["skill"]))
            if ev.kind in ("role_card", "role_set") and ev.data["seat"] == viewer:
                parts += _card_texts(rs, ev.data["role"])
            if ev.kind in ("role_card", "skill_gained") and ev.data["seat"] == viewer:
                # the card lists the seat's own skills by name (红线 while 公示审核 holds the
                # opening, and with it the stage of the same name)
                skills = ev.data.get("skills") or [ev.data.get("skill")]
                parts += [rs.skill_name(k) for k in skills if k]
            if ev.kind == "role_card" and ev.data["seat"] == viewer:
                parts.append(rs.faction_name(ev.data["faction"]))
            if ev.kind in ("role_card", "faction_set") and ev.data["seat"] == viewer:
                parts.append(rs.data.get("win_texts", {}).get(ev.data["faction"], ""))
    if isinstance(viewer, int):
        for la in game.legal(viewer):  # the act's name, its choices and the post's text of it
            parts += [rs.skill_name(la.skill), *la.choices, rs.skills[la.skill].get("text", "")]
    return "\n".join(parts)


def _card_texts(rs: Any, role: str) -> list[str]:
    """The post's words a seat's card shows for a role it holds: the description, its skills'
    texts (and the role's own wording of them), its other clauses, the rules for the dead (every
    seat's and its team chat's)."""
    r = rs.roles[role]
    skills = [rs.skills[s].get("text", "") for s in r.get("skills", [])]
    own = list((r.get("skill_texts") or {}).values())
    rules = [c["text"] for c in r.get("rules", [])]
    dead = [t for k, t in rs.texts.items() if k == "out_rules" or k.startswith("out_rules_")]
    return [r.get("text", ""), *skills, *own, *rules, *dead]


def hidden_texts(game: Game, viewer: int | str, known: str = "") -> set[str]:
    """Texts that only events hidden from ``viewer`` carry (``known``: what the viewer could
    read earlier, e.g. the choices of an act it no longer has; a push computed then may hold
    them)."""
    seen_at = visible(game, viewer)
    if any(ev.kind == "reveal" for i, ev in enumerate(game.events) if i in seen_at):
        return set()  # 揭秘: the game is over and everything is public
    seen = _legitimate(game, viewer)
    secret: set[str] = set(deal_secrets(game))  # never shown before the reveal, to anyone
    for i in range(len(game.events)):
        if i not in seen_at:
            secret.update(
                t
                for t in _texts(game, i)
                if len(t) >= SHORTEST and t not in seen and t not in known
            )
    return secret


def deal_secrets(game: Game) -> tuple[str, str]:
    """The seed (as digits) and the commitment's nonce: only the director may see them before the
    reveal (R-ALL-02)."""
    state = game.state
    assert state.seed.bit_length() > 64 and len(state.nonce) >= 32, "a real game's inputs"
    return str(state.seed), state.nonce


def _carriers(game: Game, leaked: list[str]) -> list[tuple[int, str, object]]:
    """The events that carry the leaked texts (for the failure message)."""
    return [
        (i, ev.kind, ev.to)
        for i, ev in enumerate(game.events)
        if any(t in leaked for t in _texts(game, i))
    ]


class Table:
    """One game: a browser and a live socket for every seat and for the public."""

    def __init__(self, ruleset: str, review: bool) -> None:
        created = SERVICE.create(
            ruleset,
            [f"玩家{i + 1}号" for i in range(_count(ruleset))],
            seed=SEED,
            options={"review": True} if review else {},
        )
        self.gid = created.record.id
        self.seats = sorted(created.tokens)
        self.browsers: dict[int | str, Client] = {"public": Client()}
        for seat, token in created.tokens.items():
            self.browsers[seat] = Client()
            assert self.browsers[seat].get(f"/g/{self.gid}/join/{token}").status_code == 302
        self.sockets: dict[int | str, ApplicationCommunicator] = {}
        self.pushes: dict[int | str, list[str]] = {v: [] for v in self.browsers}
        self.rng = random.Random(ruleset)
        self.checked: list[str] = []
        self.known: dict[int | str, str] = {v: "" for v in self.browsers}

    def learn(self) -> None:
        """Remember what every viewer may read now (after each change)."""
        game = SERVICE.load(self.gid)
        for viewer in self.browsers:
            self.known[viewer] += "\n" + _legitimate(game, viewer)

    async def open(self) -> None:
        """Connect every viewer's socket (each sends its view at once)."""
        for viewer, browser in self.browsers.items():
            who = "public" if viewer == "public" else "me"
            ws = socket(self.gid, who, browser)
            await ws.send_input({"type": "websocket.connect"})
            assert (await ws.receive_output(10))["type"] == "websocket.accept"
            self.sockets[viewer] = ws

    async def drain(self) -> None:
        """Collect what every socket sent since the last time (pushes wait in each socket's
        queue; a short pause lets the last ones arrive)."""
        await asyncio.sleep(0.3)
        for viewer, ws in self.sockets.items():
            while not await ws.receive_nothing(0.01):
                sent = await ws.receive_output(1)
                assert sent["type"] == "websocket.send", sent
                self.pushes[viewer].append(json.dumps(json.loads(sent["text"]), ensure_ascii=False))

    async def close(self) -> None:
        """Disconnect every socket."""
        for ws in self.sockets.values():
            await ws.send_input({"type": "websocket.disconnect", "code": 1000})
            await ws.wait(5)

    async def checkpoint(self, point: str) -> None:
        """Collect the pushes, then check every viewer."""
        await self.drain()
        await asyncio.to_thread(self.check, point)

    def check(self, point: str) -> None:
        """Every viewer's pages and pushes hold nothing hidden from it (a checkpoint)."""
        game = SERVICE.load(self.gid)
        for viewer, browser in self.browsers.items():
            secret = hidden_texts(game, viewer, self.known[viewer])
            built_from = events_shown(game, viewer)  # what the engine builds the view from
            assert built_from == sorted(visible(game, viewer)), (point, viewer)
            paths = [f"/g/{self.gid}/thread"]
            paths.append(f"/g/{self.gid}/" if viewer == "public" else f"/g/{self.gid}/me")
            shown = {p: html.unescape(browser.get(p).content.decode()) for p in paths}
            shown["view"] = json.dumps(view(game, viewer), ensure_ascii=False)
            if secret:  # the events the view is built from (agents keep them too): raw data
                raw = json.dumps(
                    [game.events[i].to_json() for i in built_from],
                    ensure_ascii=False,
                )
                leaked = [s for s in deal_secrets(game) if s in raw]
                assert not leaked, (point, viewer, "events", leaked)
            shown.update({f"push {n}": text for n, text in enumerate(self.pushes[viewer])})
            self.pushes[viewer] = []
            for where, text in shown.items():
                leaked = sorted(s for s in secret if s in text)
                assert not leaked, (point, viewer, where, leaked, _carriers(game, leaked))
                cited = RULING_ID.findall(text)  # the director's ruling ids are not the players'
                assert not cited, (point, viewer, where, cited)
        self.checked.append(point)

    def step(self) -> tuple[str, str, int]:
        """Chats in every group, then every living seat acts once as a bot would."""
        game = SERVICE.load(self.gid)
        state = game.state
        for group, members in sorted(state.groups.items()):
            speaker = next((m for m in members if state.players[m].alive), None)
            if speaker is not None:
                text = f"密聊{group}{len(game.events)}号{self.rng.randrange(10**6)}"
                _try(self.gid, Say(speaker, group, text))
        for seat in list(SERVICE.load(self.gid).state.living()):
            with SERVICE.reading(self.gid) as game:
                cmd = bot_command(game, seat, self.rng)
            if cmd is not None:
                _try(self.gid, _timed(cmd), f"seat{seat}")
                self.learn()
        state = SERVICE.load(self.gid).state
        return state.phase, state.stage_key, len(state.exit_order)

    def close_stage(self) -> bool:
        """Close the stage; True when results now await the director (公示审核)."""
        _try(self.gid, Close(at=timezone.now()), "clock")
        self.learn()
        return SERVICE.load(self.gid).state.awaiting is not None

    def publish(self) -> None:
        """The director publishes the drafts as they are."""
        _try(self.gid, Director("发布", {"edits": {}}, timezone.now()), "director")
        self.learn()


def _count(ruleset: str) -> int:
    from bansha.rulesets import find_ruleset

    return find_ruleset(ruleset).player_count


def _try(gid: str, cmd: Any, actor: str = "") -> None:
    with contextlib.suppress(RuleError):  # a bot's or the clock's move the rules refuse
        SERVICE.submit(gid, cmd, actor=actor)


async def _play(table: Table, review: bool) -> None:
    await table.open()
    await table.checkpoint("after the deal")
    nights = days = 0
    for _ in range(40):
        phase, _stage, _exits = await asyncio.to_thread(table.step)
        if phase == "night" and not nights:
            await table.checkpoint("during a night")
        if phase == "day" and not days:
            await table.checkpoint("during a day")
        nights += phase == "night"
        days += phase == "day"
        if await asyncio.to_thread(table.close_stage):
            await table.checkpoint("results await publication")
            await asyncio.to_thread(table.publish)
        game = await asyncio.to_thread(SERVICE.load, table.gid)
        if (
            phase == "night"
            and game.state.phase != "night"
            and "after a night" not in table.checked
        ):
            await table.checkpoint("after a night")
        if game.state.exit_order and "after an exit" not in table.checked:
            await table.checkpoint("after an exit")
        if game.state.ended or (
            "after an exit" in table.checked and "after a night" in table.checked and days
        ):
            break
    await table.close()


@pytest.mark.parametrize("review", [False, True], ids=["公示审核 off", "公示审核 on"])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_viewer_sees_what_is_hidden_from_it(ruleset: str, review: bool) -> None:
    table = Table(ruleset, review)
    on_the_layer(_play(table, review))
    must = {"after the deal", "during a night", "during a day", "after a night"}
    if ruleset != "m186":  # Avalon: nobody leaves the table
        must.add("after an exit")
    assert must <= set(table.checked), table.checked
    if review:
        assert "results await publication" in table.checked
