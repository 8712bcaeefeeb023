"""A game stored by earlier code continues as it would have (bs46, M186).

bs46 and M186 once kept their memory in ``State.flags`` (director-only ``flag`` events); today
it is typed state (orders, a deck, decisions owed, uses, marks). A game stored before that move
and still running (a two-week game across an upgrade) is read through the rule set's upcast
(``RuleSet.upcast``: each post's data file's ``stored_flags``, read by
``mechanics/stored_flags.py``). ``upcast/<stream>.json`` holds fixed-seed games
played by the old code, with every command and the points a stored game stops at (recorded by
``record_upcast_streams.py``): folding the stored part with today's code and submitting the
rest of the commands, every event any player or the public is shown is the old code's own, in
order. The director's own memory (flags, orders, pending, uses, traces) is not compared: it is
what moved.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bansha.engine import Game
from bansha.engine.commands import Act, Close, Command, Director, Post, Say, Speak, Vote
from bansha.engine.errors import RuleError, SetupError
from bansha.engine.events import DIRECTOR, Event
from bansha.engine.ruleset import RuleSet
from bansha.engine.state import fold
from bansha.mechanics.rounds import Rounds
from bansha.mechanics.stored_flags import StoredFlags
from bansha.rulesets import find_ruleset
from tests.golden.games import play_one

HERE = Path(__file__).parent / "upcast"
OLD_KEYS = {
    "bs46": StoredFlags.read(find_ruleset("bs46").data["stored_flags"]).old,
    "m186": StoredFlags.read(find_ruleset("m186").data["stored_flags"]).old,
}
"""The old keys each post's upcast reads as other events."""
POSTS = ("bs46", "m186")
STREAMS = tuple(sorted(p.stem for p in HERE.glob("*.json")))
"""The recorded streams: a post's, or a post's as a commit between its moves wrote it."""
COMMANDS: dict[str, type[Command]] = {
    c.__name__: c for c in (Act, Vote, Close, Director, Say, Speak, Post)
}
"""The commands a recorded game may hold, by class name."""


@cache
def recorded(stream: str) -> dict[str, Any]:
    """The stream's games as the old code played them (and its post)."""
    data: dict[str, Any] = json.loads((HERE / f"{stream}.json").read_text(encoding="utf-8"))
    return data


NOTHING_MOVED = {
    ("m186", "strike_owed"): "the 拍刀 day: the strike and its close read no memory that moved",
    ("m186-proposal-uses", "mission_owed"): "only the approvals moved, read when they close",
}
"""Stops whose rest reads nothing the move changed (so the stream as stored continues alike)."""


def ruleset_of(stream: str) -> RuleSet:
    """The rule set a recorded stream is a game of."""
    return find_ruleset(recorded(stream)["post"])


def stops(moved_only: bool = False) -> list[Any]:
    """Every stop of every recorded game, as test parameters (stream, game, stop); ``moved_only``:
    those whose rest reads memory that moved."""
    out = []
    for stream in STREAMS:
        for g, game in enumerate(recorded(stream)["games"]):
            for stop in game["stops"]:
                if moved_only and (stream, stop) in NOTHING_MOVED:
                    continue
                out.append(
                    pytest.param(
                        stream, g, stop, id=f"{stream}-{game['kind']}{game['seed']}-{stop}"
                    )
                )
    return out


def command(raw: dict[str, Any]) -> Command:
    """A recorded command."""
    fields = {k: v for k, v in raw.items() if k != "type"}
    for k, v in fields.items():
        if isinstance(v, list):
            fields[k] = tuple(v)
    if fields.get("at") is not None:
        fields["at"] = datetime.fromisoformat(fields["at"])
    return COMMANDS[raw["type"]](**fields)


def shown(events: list[Event]) -> list[dict[str, Any]]:
    """What the players and the public were shown: every event not for the director alone."""
    return [ev.to_json() for ev in events if ev.to != DIRECTOR]


def stored_game(rs: RuleSet, stream: str, g: int, stop: str) -> Game:
    """The game stored up to ``stop``, read by today's code."""
    game = recorded(stream)["games"][g]
    before = game["commands"][game["stops"][stop]["command"]]["before"]
    return Game.replay(rs, [Event.from_json(e) for e in game["events"][:before]])


def continued(rs: RuleSet, stream: str, g: int, stop: str) -> tuple[Game, list[Event]]:
    """The game stored up to ``stop``, read by today's code, with the rest of its commands
    submitted; and the old code's whole stream."""
    game = recorded(stream)["games"][g]
    today = stored_game(rs, stream, g, stop)
    for raw in game["commands"][game["stops"][stop]["command"] :]:
        today.handle(command(raw["command"]))
    return today, [Event.from_json(e) for e in game["events"]]


def first_difference(got: list[dict[str, Any]], want: list[dict[str, Any]]) -> str:
    """Where two shown streams part, for the failure's message."""
    i = next((i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b), None)
    if i is None:
        return f"{len(got)} events shown where the old code showed {len(want)}"
    return f"shown event {i}: {got[i]} where the old code showed {want[i]}"


@pytest.mark.parametrize(("stream", "g", "stop"), stops())
def test_a_stored_game_continues_as_the_old_code_played_it(stream: str, g: int, stop: str) -> None:
    """Everything shown after the upgrade, and before it, is what the old code showed."""
    today, old = continued(ruleset_of(stream), stream, g, stop)
    got, want = shown(today.events), shown(old)
    assert got == want, first_difference(got, want)


@pytest.mark.parametrize(("stream", "g", "stop"), stops())
def test_a_stored_game_offers_the_forms_the_old_code_offered(
    stream: str, g: int, stop: str
) -> None:
    """Right after the upgrade every seat may submit what the old code let it (the Lady's
    targets leave out the former Ladies, R-M186-06; the 高票对辩's two, R-BS46-08, ...), and the
    director's hidden draws (the rings and ranks, R-BS46-01/02; the deck, R-M186-02) read the same."""
    rs = ruleset_of(stream)
    today = stored_game(rs, stream, g, stop)
    want = recorded(stream)["games"][g]["stops"][stop]
    legal = [[act._asdict() for act in today.legal(p.seat)] for p in today.state.players]
    assert json.loads(json.dumps(legal)) == want["legal"]
    assert rs.director_draws(today.state) == want["director_draws"]


@pytest.mark.parametrize(("stream", "g", "stop"), stops(moved_only=True))
def test_without_the_upcast_a_stored_game_goes_wrong(stream: str, g: int, stop: str) -> None:
    """The same stored game read as stored (no upcast) misses its memory: it fails or shows
    something else, so each stop checks what the upcast reads."""
    rs = ruleset_of(stream)
    try:
        rs.upcast = RuleSet.upcast.__get__(rs)  # type: ignore[method-assign]
    except AttributeError:  # a compiled rule set's methods are fixed: the pure run checks this
        pytest.skip("compiled rule set: run with BANSHA_PURE=1 to read a stream without its upcast")
    try:
        today, old = continued(rs, stream, g, stop)
    except (RuleError, KeyError, TypeError, IndexError, ValueError):
        return  # a command the old code took is refused, or the memory it needs is not there
    assert shown(today.events) != shown(old)


@pytest.mark.parametrize("stream", STREAMS)
def test_the_upcast_keeps_every_position(stream: str) -> None:
    """One event for each stored event, in its place: 发布, 撤销 and stage-close keys count stored
    events. Old flags read as today's events (what an old key still leaves in the state's flags is
    the empty list written at setup: no check, no mission yet), the input is not changed, and
    reading twice reads the same."""
    rs = ruleset_of(stream)
    for game in recorded(stream)["games"]:
        stored = [Event.from_json(e) for e in game["events"]]
        before = [ev.to_json() for ev in stored]
        read = rs.upcast(stored)
        assert [ev.to_json() for ev in stored] == before
        assert len(read) == len(stored)
        for old, new in zip(stored, read, strict=True):
            assert new is old or old.kind in ("flag", "skill_used"), (old, new)
            assert (new.to, new.chance) == (old.to, old.chance)
        assert [ev.to_json() for ev in rs.upcast(read)] == [ev.to_json() for ev in read]
        state = fold(read)
        assert state.draws == fold(stored).draws  # the next draw's generator is the same
        old_keys = OLD_KEYS[recorded(stream)["post"]]
        left = [e.data for e in read if e.kind == "flag" and e.data["key"] in old_keys]
        assert [d for d in left if d["value"] != []] == []


@pytest.mark.parametrize("post", POSTS)
def test_a_game_of_today_reads_as_stored(post: str) -> None:
    """A stream today's code wrote has nothing old: the upcast hands it back as it is."""
    for kind in ("random", "heuristic"):
        game = play_one(post, kind, 3)
        assert game.ruleset.upcast(game.events) is game.events


def found(stream: str, stop: str) -> int:
    """The recorded game of ``stream`` that has ``stop``."""
    return next(g for g, game in enumerate(recorded(stream)["games"]) if stop in game["stops"])


def test_what_m186_owes_when_a_stage_opens_is_owed_at_the_stop() -> None:
    """The 拍刀 (R-M186-07) and the Lady's check (R-M186-06) are read only where the next stage
    opens, in the close that owed them, so no stored game stops between; where a stored game
    stops in them, they are owed, as the old flags said."""
    rs = find_ruleset("m186")
    assert isinstance(rs, Rounds)
    strike = stored_game(rs, "m186", found("m186", "strike_owed"), "strike_owed").state
    assert "due:strike" in strike.pending  # 刺客拍刀流程 began: the strike is owed
    lady = stored_game(rs, "m186", found("m186", "before_a_lady"), "before_a_lady").state
    assert "due:lady" in lady.pending


def test_m186s_older_keys_are_data_read_by_the_one_reader() -> None:
    """M186's older keys are its data file's ``stored_flags``, read by bs46's reader: each kind
    names its own old keys, and an entry of the wrong shape is named in Chinese."""
    flags = StoredFlags.read(find_ruleset("m186").data["stored_flags"])
    assert flags.old == {
        "deck", "proposers", "proposals", "last_mission", "lady_due", "lady_former", "went_by",
        "team", "missions", "assassination", "grail_used", "red_cards",
    }  # fmt: skip
    with pytest.raises(SetupError, match=re.escape("stored_flags.teams.team")):
        StoredFlags.read({"teams": {"team": {"pending": "due:mission"}}})
    with pytest.raises(SetupError, match=re.escape("stored_flags")):
        StoredFlags.read({"flags": ["deck"]})
