"""The scenario runner: drives a game from a YAML file and checks every ``expect`` on the way.

The format is a public interface (docs/scenarios.md). Every name in a scenario is the rule post's
word; the runner translates names to engine keys through the rule set's data file, so a variant's
scenarios are written in the variant's own words.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from bansha import texts
from bansha.engine import Act, Close, Director, Game, RuleError, Vote, clock, director
from bansha.engine.ruleset import RuleSet
from bansha.engine.state import undone_positions
from bansha.rulesets import find_ruleset
from bansha.scenario import seen
from bansha.scenario.schema import read_scenario

MAX_CLOSES = 500


class ScenarioFailure(Exception):
    """An expectation that did not hold, or a step that could not run."""

    def __init__(self, file: str, step: int | None, key: str, expected: Any, actual: Any) -> None:
        self.file, self.step, self.key, self.expected, self.actual = (
            file,
            step,
            key,
            expected,
            actual,
        )
        self.state: dict[str, Any] | None = None
        """The state at the failing step, in the vocabulary of ``expect`` (set by the runner)."""
        where = f"{file}: step {step}" if step is not None else file
        super().__init__(f"{where}: {key}: expected {expected!r}, got {actual!r}")


@dataclass
class Loaded:
    """A scenario file read and its game set up."""

    path: str
    data: dict[str, Any]
    ruleset: RuleSet
    game: Game
    seats: dict[str, int]


def load_scenario(path: str | Path) -> Loaded:
    """Read a scenario file, find its rule set and set up the game (deal, fixed draws, declarations)."""
    name = str(path)
    data, _ = read_scenario(path)  # a malformed file: ScenarioFileError, in Chinese
    rid = str(data["ruleset"])
    base = Path(name).parent / rid
    options = dict(data.get("options") or {})
    if data.get("timezone") is not None:  # the game's zone (R-ALL-10)
        options["timezone"] = str(data["timezone"])
    try:
        ruleset = find_ruleset(str(base) if base.is_file() else rid, options)
    except RuleError as e:
        raise ScenarioFailure(name, None, "ruleset", rid, e.message) from e
    players = [str(p) for p in data["players"]]
    seats = {n: i for i, n in enumerate(players)}
    roles = None
    if data.get("roles"):
        try:
            roles = {
                _seat(seats, k, name, None): ruleset.role_key(str(v))
                for k, v in data["roles"].items()
            }
        except RuleError as e:
            raise ScenarioFailure(name, None, "roles", "role names of the post", e.message) from e
    try:
        game = Game.create(
            ruleset,
            players,
            int(data.get("seed", 0)),
            roles,
            data.get("fixed") or {},
            data.get("declare") or {},
        )
    except RuleError as e:
        raise ScenarioFailure(name, None, "setup", "a game", e.message) from e
    return Loaded(name, data, ruleset, game, seats)


def _seat(seats: dict[str, int], name: Any, file: str, step: int | None) -> int:
    key = str(name)
    if key not in seats:
        raise ScenarioFailure(file, step, "player", f"one of {list(seats)}", key)
    return seats[key]


def _time(sc: Loaded, i: int, raw: Any) -> datetime | None:
    """A step's ``at``: ISO 8601 with any UTC offset (without one: local in the game's zone)."""
    if raw is None:
        return None
    try:
        return clock.parse_moment(raw, sc.ruleset.zone)
    except RuleError as e:
        raise ScenarioFailure(sc.path, i, "at", "an ISO 8601 time", e.message) from e


def run_scenario(path: str | Path) -> Loaded:
    """Run every step; raise ScenarioFailure at the first expectation that fails."""
    sc = load_scenario(path)
    for i, step in enumerate(sc.data.get("steps") or [], start=1):
        try:
            _run_step(sc, i, step)
        except ScenarioFailure as e:
            e.state = final_state(sc)  # what ``--json`` prints: the state at the failing step
            raise
    return sc


def _refresh_seats(sc: Loaded) -> None:
    sc.seats = {p.name: p.seat for p in sc.game.state.players}


def _run_step(sc: Loaded, i: int, step: Any) -> None:
    if step == "next":
        _close(sc, i, None)
        return
    if not isinstance(step, dict) or len(step) != 1:
        raise ScenarioFailure(sc.path, i, "step", "act, vote, next, director or expect", step)
    kind, body = next(iter(step.items()))
    if kind == "next":
        if isinstance(body, dict):  # next: {at: TIME} / next: {to: "day 2", at: TIME}
            goal = body.get("to")
            _close(sc, i, None if goal is None else str(goal), _time(sc, i, body.get("at")))
        else:
            _close(sc, i, None if body is None else str(body))
    elif kind == "expect":
        check_expect(sc, i, {} if body is None else body)
    elif kind in ("act", "vote", "director"):
        expect_error = body.pop("expect_error", False) if isinstance(body, dict) else False
        try:
            cmd = _command(sc, i, kind, body)  # its shape was checked with the file
            sc.game.handle(cmd)
        except RuleError as e:
            if not expect_error:
                raise ScenarioFailure(sc.path, i, kind, "accepted", f"refused: {e.message}") from e
            if isinstance(expect_error, str) and expect_error not in e.message:
                raise ScenarioFailure(sc.path, i, "expect_error", expect_error, e.message) from e
            return
        if expect_error:
            raise ScenarioFailure(sc.path, i, kind, "refused", "accepted")
        _refresh_seats(sc)
    else:
        raise ScenarioFailure(sc.path, i, "step", "act, vote, next, director or expect", kind)


def _command(sc: Loaded, i: int, kind: str, body: Any) -> Act | Vote | Director:
    rs, seats = sc.ruleset, sc.seats
    if kind == "act":
        targets = tuple(_seat(seats, t, sc.path, i) for t in body.get("targets") or [])
        by = _seat(seats, body["by"], sc.path, i)
        choice = body.get("choice")
        if isinstance(choice, list):
            choice = ",".join(map(str, choice))
        return Act(
            by,
            rs.skill_key(str(body["skill"]), sc.game.state.players[by].skills),
            targets,
            None if choice is None else str(choice),
            _time(sc, i, body.get("at")),
        )
    if kind == "vote":
        target = body.get("for")
        return Vote(
            _seat(seats, body["by"], sc.path, i),
            None if target is None else _seat(seats, target, sc.path, i),
            _time(sc, i, body.get("at")),
        )
    if not isinstance(body, dict) or len(body) != 1:
        raise ScenarioFailure(sc.path, i, "director", texts.SCENARIO_DIRECTOR_EXPECTED, body)
    name, arg = next(iter(body.items()))
    at = (
        _time(sc, i, arg.get("at")) if isinstance(arg, dict) else None
    )  # a proxy vote {by, for, at}
    key = director.command_id(str(name))  # the file names a command by its label (红牌)
    return Director(key, _director_args(sc, i, key, arg), at)


def _director_args(sc: Loaded, i: int, name: str, arg: Any) -> dict[str, Any]:
    seats = sc.seats
    if name == director.SUBSTITUTE:
        return {"seat": _seat(seats, arg["seat"], sc.path, i), "by": str(arg["by"])}
    if name == director.PROXY:
        target = arg.get("for")
        return {
            "seat": _seat(seats, arg["by"], sc.path, i),
            "target": None if target is None else _seat(seats, target, sc.path, i),
        }
    if name == director.CONCEDE:
        return {"faction": sc.ruleset.faction_key(str(arg))}
    if name == director.ACCELERATE:
        return {}
    if isinstance(arg, dict):
        out: dict[str, Any] = {"seat": _seat(seats, arg.get("player", arg.get("seat")), sc.path, i)}
        if arg.get(director.label(director.CONCEDE)):  # {红牌: {player: 丁, 判负: true}}
            out["faction_loses"] = True
        for key in (
            "choice",
            "reason",
        ):  # a declaration made for a player {seat, choice}; a card's {player, reason}
            if key in arg:
                out[key] = str(arg[key])
        return out
    return {"seat": _seat(seats, arg, sc.path, i)}


def _close(sc: Loaded, i: int, goal: str | None, at: datetime | None = None) -> None:
    """Close the current stage (at its deadline, or at ``at``); with a goal, until it begins."""
    game = sc.game
    if game.state.ended:
        if goal == "ended":
            return  # `next: ended`: nothing to do when the game is already over
        raise ScenarioFailure(sc.path, i, "next", "a stage to close", "ended")
    if goal is None:
        _handle_close(sc, i, at)
        return
    parts = goal.split()
    phase = " ".join(parts[:2]) if parts[0] in ("day", "night") else parts[0]
    stage = " ".join(parts[2:] if parts[0] in ("day", "night") else parts[1:]) or None
    for _ in range(MAX_CLOSES):
        s = game.state
        if phase == "ended" and s.ended:
            return
        if s.ended:
            raise ScenarioFailure(
                sc.path, i, "next", goal, f"ended (winner {final_state(sc)['winner']})"
            )
        _handle_close(sc, i, at)
        s = game.state
        if s.phase_label() == phase and (stage is None or s.stage == stage):
            return
    raise ScenarioFailure(sc.path, i, "next", goal, game.state.phase_label())


def _handle_close(sc: Loaded, i: int, at: datetime | None) -> None:
    try:
        sc.game.handle(Close(at))
    except RuleError as e:
        raise ScenarioFailure(
            sc.path, i, "next", "the stage closes", f"refused: {e.message}"
        ) from e


def final_state(sc: Loaded, views: bool = True) -> dict[str, Any]:
    """The game's state in the vocabulary of ``expect``; with ``views``, also what the public and
    each player have been shown (``public_out``, ``revealed``, ``knows``, ``groups``,
    ``announced``, ``told``: read from their views, see ``seen.py``)."""
    rs, s = sc.ruleset, sc.game.state
    out = {
        "phase": s.phase_label(),
        "stage": s.stage,
        "alive": [p.name for p in s.players if p.alive],
        "out": [s.players[x].name for x in s.exit_order],
        "winner": [rs.faction_name(f) for f in s.winners],
        "lost": [rs.faction_name(f) for f in s.lost],
        # before the deal (XXXII's 信仰声明) nobody has a role yet
        "faction": {p.name: rs.faction_name(p.faction) if p.faction else None for p in s.players},
        "role": {p.name: rs.role_name(p.role) if p.role else None for p in s.players},
        "holder": {
            rs.status_name(k): (s.players[v].name if v is not None else None)
            for k, v in s.holders.items()
        },
        "results": {p.name: list(p.results) for p in s.players},
        # M186's mission results: its missions' uses, each with its result as choice
        "missions": [str(u.choice) for u in s.uses.get("mission", ())],
        "deadline": clock.scenario_time(s.deadline, rs.zone),
        "absent": [s.players[x].name for x in absent_last(sc.game)],
    }
    return {**out, **seen.state(sc.game)} if views else out


def absent_last(game: Game) -> list[int]:
    """The seats absent from the stage closed last (its ``omission`` events, which the close
    records right after ``stage_closed``: who was due and submitted nothing), in seat order."""
    events = game.events
    skipped = undone_positions(events) if game.state.undone_any else set()
    seats: set[int] = set()
    for i in range(len(events) - 1, -1, -1):
        if i in skipped:
            continue
        ev = events[i]
        if ev.kind == "stage_closed":
            break
        if ev.kind == "omission":
            seats.update(int(x) for x in ev.data["seats"])
    else:
        return []  # no stage has closed yet
    return sorted(seats)


def check_expect(sc: Loaded, i: int, body: dict[str, Any]) -> None:
    """Compare each named key with the game's state (the view-based keys with the views)."""
    actual = final_state(sc, views=False)
    shown = seen.Seen(sc.game)
    for key, want in body.items():
        if key in seen.KEYS:
            failed = seen.check(shown, key, want, sc.seats)
            if failed is not None:
                raise ScenarioFailure(sc.path, i, *failed)
            continue
        if key not in actual:
            raise ScenarioFailure(sc.path, i, key, "a known expect key", key)
        got = actual[key]
        if key in ("phase", "stage"):
            ok = str(want) == got
        elif key == "deadline":  # "YYYY-MM-DD HH:MM", local in the game's zone; null: none
            ok = (None if want is None else str(want)) == got
        elif key in ("alive", "absent"):
            ok = sorted(map(str, want)) == sorted(got)
            got = sorted(got)
            want = sorted(map(str, want))
        elif key == "out":
            ok = set(map(str, want)) <= set(got)
        elif key in ("winner", "lost", "missions"):
            ok = (
                list(map(str, want)) == got
                if key == "missions"
                else sorted(map(str, want)) == sorted(got)
            )
        elif key in ("faction", "role", "holder"):
            for name, value in want.items():
                have = got.get(str(name))
                if have != (None if value is None else str(value)):
                    raise ScenarioFailure(sc.path, i, f"{key}.{name}", value, have)
            continue
        elif key == "results":
            for name, value in want.items():
                have = got.get(str(name))
                if have != [str(v) for v in value]:
                    raise ScenarioFailure(sc.path, i, f"results.{name}", value, have)
            continue
        else:  # pragma: no cover
            ok = False
        if not ok:
            raise ScenarioFailure(sc.path, i, key, want, got)
