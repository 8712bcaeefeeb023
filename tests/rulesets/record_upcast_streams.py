"""Streams stored by earlier code, for ``test_upcast.py``: fixed-seed games of bs46 and M186
played on the code from before each rule set's memory moved out of ``State.flags``, with every
command, every stored event and the points a stored game may have stopped at.

The script runs on the old code (it imports only what that code already had). Record again from
an export of the last commit before the move (bs46: 3380d4b^, M186: 2fda648^), engine from
source:

    git archive 3380d4b^ bansha | tar -x -C /tmp/old-bs46
    BANSHA_PURE=1 PYTHONPATH=/tmp/old-bs46 .venv/bin/python tests/rulesets/record_upcast_streams.py bs46 3380d4b^
    git archive 2fda648^ bansha | tar -x -C /tmp/old-m186
    BANSHA_PURE=1 PYTHONPATH=/tmp/old-m186 .venv/bin/python tests/rulesets/record_upcast_streams.py m186 2fda648^

and M186's proposals as uses, on 2fda648 itself (``m186-proposal-uses``).

Each game of a post's file holds its seed and agents, the old code's whole stream (``events``),
its commands in order (``commands``: each with the number of events stored before it) and its
stops: a stop names a command (the stored game is the stream up to it), with what each seat may
submit there and the director's hidden draws, as the old code had them. A stop is
the first command of the game at which the old memory held what the stop is named for (a runoff
owed, a Lady's check due, ...); the games kept are the fewest of the seeds tried that reach every
stop.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from bansha.engine import Game
from bansha.engine.commands import Command, Director
from bansha.engine.state import State, apply, fold
from bansha.rulesets import find_ruleset
from bansha.sim.play import StalledGame, play
from bansha.sim.simulate import make_agents

HERE = Path(__file__).parent / "upcast"
SEEDS = range(200)
KINDS = ("random", "heuristic")

Stop = Callable[[State], bool]
"""Whether the old memory, before a command, holds what a stop is for."""

STOPS: dict[str, dict[str, Stop]] = {
    "bs46": {
        "mid_night_after_a_check": lambda s: (
            s.stage_key == "night" and bool(s.flags.get("police_checks")) and bool(s.acts)
        ),
        "day_after_a_kill": lambda s: (
            s.stage_key == "round1" and bool((s.flags.get("last_victim") or {}).get("seat"))
        ),
        "runoff_owed": lambda s: s.stage_key == "runoff",
        "decide_owed": lambda s: s.stage_key == "decide",
        "killer_undercover_recovered": lambda s: (
            bool(s.flags.get("ku_recovered")) and s.phase != "ended"
        ),
        "police_undercover_recovered": lambda s: (
            bool(s.flags.get("pu_recovered")) and s.phase != "ended"
        ),
    },
    "m186": {
        "proposals_after_a_mission": lambda s: (
            s.stage_key == "proposals" and bool(s.flags.get("missions"))
        ),
        "approvals_owed": lambda s: s.stage_key == "approvals",
        "mission_owed": lambda s: s.stage_key == "mission" and bool(s.flags.get("missions")),
        "recap_owed": lambda s: bool(s.flags.get("last_mission")) and s.phase != "ended",
        "before_a_lady": lambda s: s.stage_key == "lady" and len(s.flags["lady_former"]) > 1,
        "grail_used": lambda s: bool(s.flags.get("grail_used")) and s.stage_key == "mission",
        "strike_owed": lambda s: s.stage_key == "strike",
    },
    "m186-proposal-uses": {
        "approvals_owed": lambda s: s.stage_key == "approvals" and bool(s.uses.get("propose")),
        "approvals_of_a_later_round": lambda s: (
            s.stage_key == "approvals" and bool(s.uses.get("mission"))
        ),
        "mission_owed": lambda s: s.stage_key == "mission",
    },
}
"""The stops of each stream, by name: what a game stored before the move still had to remember.
A stream is a post's, or a post's as written by a commit between its moves (M186's proposals as
uses, 2fda648, before they became the approvals owed, 7b98554)."""
POST = {"m186-proposal-uses": "m186"}
"""The post of each stream not named for it."""

AHEAD: dict[str, dict[str, tuple[str, int]]] = {
    "bs46": {"before_police_undercover_recovery": ("pu_recovered", 1)},
    "m186-proposal-uses": {"before_approvals_close_again": ("due:mission", 2)},
    "m186": {
        "before_the_grail": ("grail_used", 1),
        "before_the_assassination": ("assassination", 1),
        "before_the_second_red_card": ("red_cards", 2),
    },
}
"""Stops just before the old code set a flag (or a pending key) for the n-th time (the last command
before it), by name: the key and n."""


CARDED = {"m186": (2, 5)}
"""Games a director cards in (the agents never do): after the stages counted, a 红牌 to a living
player, the second to one of the first one's faction (two reds on a faction lose it, R-M186-08)."""


def carding(post: str) -> Callable[[Game], None]:
    """The director's red cards of a carded game (``CARDED``), given between stages."""
    stages = [0]
    carded: list[str] = []

    def on_stage(game: Game) -> None:
        stages[0] += 1
        if stages[0] not in CARDED[post]:
            return
        s = game.state
        living = [p for p in s.players if p.alive and (not carded or p.faction == carded[0])]
        if living:
            carded.append(living[0].faction)
            game.handle(Director("红牌", {"seat": living[0].seat}))

    return on_stage


class Recording(Game):
    """A game that keeps every command it handled, with the number of events before it."""

    __slots__ = ("log",)

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.log: list[tuple[int, Command]] = []

    def handle(self, cmd: Command) -> Any:
        """Handle ``cmd`` as the game does, keeping it first."""
        self.log.append((len(self.events), cmd))
        return super().handle(cmd)


def command_json(cmd: Command) -> dict[str, Any]:
    """A command as JSON: its class and its fields."""
    out: dict[str, Any] = {"type": type(cmd).__name__}
    for name in cmd.FIELDS:
        value = getattr(cmd, name)
        if isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, datetime):
            value = value.isoformat()
        out[name] = value
    return out


def shown_at(game: Recording, i: int) -> dict[str, Any]:
    """A stop at command ``i``: what every seat may submit there (its forms) and the director's
    hidden draws (the rings and ranks, the deck still to be drawn), as the old code showed them."""
    rs = game.ruleset
    state = fold(game.events[: game.log[i][0]])
    legal = [[] if state.awaiting is not None else rs.legal(state, p.seat) for p in state.players]
    return {
        "command": i,
        "legal": [[act._asdict() for act in acts] for acts in legal],
        "director_draws": rs.director_draws(state),
    }


def _sets(raw: dict[str, Any], key: str) -> bool:
    data = raw["data"]
    return raw["kind"] in ("flag", "pending") and data["key"] == key and bool(data["value"])


def play_one(
    stream: str, kind: str, seed: int, carded: bool = False
) -> tuple[dict[str, Any], set[str]]:
    """One game on the old code (``carded``: with the director's red cards), and the stops it
    reaches."""
    post = POST.get(stream, stream)
    rs = find_ruleset(post)
    game = Recording.create(rs, [f"p{i}" for i in range(rs.player_count)], seed)
    assert isinstance(game, Recording)
    with contextlib.suppress(StalledGame):
        play(game, make_agents(rs, kind, seed), seed, on_stage=carding(post) if carded else None)
    found: dict[str, int] = {}
    state, read = State(), 0
    for i, (before, _) in enumerate(game.log):
        while read < before:
            apply(state, game.events[read])
            read += 1
        for name, test in STOPS[stream].items():
            if name not in found and test(state):
                found[name] = i
    for name, (key, nth) in AHEAD[stream].items():
        sets = [j for j, ev in enumerate(game.events) if _sets(ev.to_json(), key)]
        if len(sets) >= nth:
            at = sets[nth - 1]
            found[name] = max(i for i, (before, _) in enumerate(game.log) if before <= at)
    stops = {name: shown_at(game, i) for name, i in found.items()}
    record = {
        "kind": kind + ("+cards" if carded else ""),
        "seed": seed,
        "events": [ev.to_json() for ev in game.events],
        "commands": [{"before": n, "command": command_json(c)} for n, c in game.log],
        "stops": stops,
    }
    return record, set(stops)


def main(argv: list[str]) -> None:
    """Record the games of the stream named, on the commit named (as the file says)."""
    stream, commit = argv
    post = POST.get(stream, stream)
    played = [play_one(stream, kind, seed) for kind in KINDS for seed in SEEDS]
    if stream in CARDED:
        played += [play_one(stream, "random", seed, carded=True) for seed in SEEDS[:20]]
    wanted = {*STOPS[stream], *AHEAD[stream]}
    kept: list[dict[str, Any]] = []
    while wanted:  # the fewest games reaching every stop: the game reaching most, shortest first
        record, reached = max(played, key=lambda g: (len(g[1] & wanted), -len(g[0]["events"])))
        if not reached & wanted:
            raise SystemExit(f"no game reaches {sorted(wanted)}")
        wanted -= reached
        kept.append(record)
    HERE.mkdir(exist_ok=True)
    out = {"post": post, "recorded_on": commit, "games": kept}
    text = json.dumps(out, ensure_ascii=False, separators=(",", ":"))
    (HERE / f"{stream}.json").write_text(text + "\n", encoding="utf-8")
    print(stream, [(g["kind"], g["seed"], len(g["events"]), sorted(g["stops"])) for g in kept])


if __name__ == "__main__":
    main(sys.argv[1:])
