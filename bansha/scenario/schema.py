"""The schema of a scenario file (docs/scenarios.md, a public interface): every key the format
has, typed, and every player a step or expectation names one of the table's.

A file is read within limits (``bansha.datafiles``) and validated before its rule set is looked
up or its game dealt; what is wrong is said in Chinese, naming the file and the key path
(``FAIL 文件: steps[3].act.by：「乙乙」不是 players 中的玩家``), never with a traceback. The
runner then reads the same data it always did; ``Scenario`` is the typed view of it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import Discriminator, Field, Tag, ValidationError
from pydantic import PlainValidator as _Plain

from bansha import texts
from bansha.datafiles import DataFileError, Limits, Problem
from bansha.datafiles.loader import load_mapping
from bansha.datafiles.messages import message
from bansha.datafiles.problems import format_path, from_validation, nearest
from bansha.datafiles.types import (
    MAX_COUNT,
    Flag,
    Key,
    Name,
    Strict,
    Text,
    Time,
    refuse,
    text_check,
    time_as_written,
)
from bansha.engine import director

_text = text_check(4000, empty=True)

LIMITS = Limits(max_bytes=1024 * 1024, max_nodes=200_000)
"""A scenario replaying a whole two-week game is a few hundred KB."""
MAX_STEPS = 20_000

PHASE = re.compile(r"(start|ended|(day|night) [1-9]\d{0,3})( \S.*)?")


def _phase_goal(value: Any) -> str:
    if not isinstance(value, str) or not PHASE.fullmatch(value.strip()):
        raise refuse("scenario_phase")
    return value


def _seed(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**256:
        raise refuse("count", low=0)
    return value


def _zone(value: Any) -> str:
    try:
        ZoneInfo(str(value))
    except (ValueError, ZoneInfoNotFoundError) as e:
        raise refuse("scenario_timezone", value=value) from e
    if not isinstance(value, str):
        raise refuse("text")
    return value


def _expect_error(value: Any) -> bool | str:
    if isinstance(value, bool | str):
        return value
    raise refuse("text")


PhaseGoal = Annotated[str, _Plain(_phase_goal)]
Seed = Annotated[int, _Plain(_seed)]
Zone = Annotated[str, _Plain(_zone)]
ExpectError = Annotated[bool | str, _Plain(_expect_error)]
Players = Annotated[list[Name], Field(max_length=MAX_COUNT)]
Words = Annotated[list[Text], Field(max_length=1000)]


def _path_or_name(value: Any) -> str:
    if isinstance(value, bool | int | float) or not isinstance(value, str):
        raise refuse("text_number")
    if not value.strip():
        raise refuse("text_empty")
    if len(value) > 400:
        raise refuse("text_long", limit=400)
    return value


RulesetName = Annotated[str, _Plain(_path_or_name)]
"""A built-in id or alias, or a path to a variant file (relative to the scenario)."""


class Fixed(Strict):
    """``fixed``: other hidden draws pinned (each rule set's docs say which it reads)."""

    captain: Name | None = None
    deck: list[Name] | None = Field(default=None, max_length=MAX_COUNT)
    rings: dict[Name, Players] | None = None
    ranks: dict[Name, Players] | None = None
    prophecy: Players | None = None
    """xxxii: the witch's prophecy list (R-XXXII-10)."""
    apprentice: Name | None = None
    """xxxii: the believer who becomes the apprentice at the end of night 1 (R-XXXII-11)."""
    soul: Name | None = None
    """xxxii: the civilian who dies to become the apprentice's soul, when none believes."""
    castling_substitute: Name | None = None
    """xxxii: the marked civilian who dies in the witch's place (R-XXXII-10)."""


class ActBody(Strict):
    """``act``: a player uses a skill."""

    by: Name
    skill: Name
    targets: Players = []
    choice: Choice = None
    at: Time | None = None
    expect_error: ExpectError = False


class VoteBody(Strict):
    """``vote``: a day vote; ``for: null`` abstains (弃权)."""

    by: Name
    for_: Name | None = Field(default=None, alias="for")
    at: Time | None = None
    expect_error: ExpectError = False


def _next_body(value: Any) -> Any:
    """``next``, ``next: PHASE [STAGE]``, ``next: {at: TIME}`` or ``next: {to: PHASE, at: TIME}``."""
    if value is None or isinstance(value, str):
        return value if value is None else _phase_goal(value)
    if not isinstance(value, Mapping):
        raise refuse("scenario_phase")
    for key in value:
        if key not in ("at", "to"):
            guess = nearest(key, ("at", "to"))
            raise (
                refuse("unknown_key", suggestion=guess)
                if guess
                else refuse("unknown_key_plain", known=texts.LIST_SEP.join(("at", "to")))
            )
    if value.get("at") is not None:
        time_as_written(value["at"])
    if value.get("to") is not None:
        _phase_goal(value["to"])
    return dict(value)


def _choice(value: Any) -> Any:
    if isinstance(value, list):
        return [_text(v) for v in value]
    return _text(value)


NextBody = Annotated[Any, _Plain(_next_body)]
Choice = Annotated[Any, _Plain(_choice)]


class Expect(Strict):
    """``expect``: each key compares only what it names (see docs/scenarios.md)."""

    phase: PhaseGoal | None = None
    stage: Name | None = None
    alive: Players | None = None
    out: Players | None = None
    winner: list[Name] | None = None
    lost: list[Name] | None = None
    faction: dict[Name, Name | None] | None = None
    role: dict[Name, Name | None] | None = None
    holder: dict[Name, Name | None] | None = None
    results: dict[Name, Words] | None = None
    missions: list[Name] | None = None
    deadline: Time | None = None
    public_out: Players | None = None
    revealed: dict[Name, Name | None] | None = None
    knows: dict[Name, Players] | None = None
    groups: dict[Name, Players] | None = None
    announced: Words | None = None
    not_announced: Words | None = None
    told: dict[Name, Words] | None = None
    not_told: dict[Name, Words] | None = None
    exit_shown: dict[Name, Name | None] | None = None
    absent: Players | None = None


def _director(value: Any) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise refuse("scenario_director")
    commands = [k for k in value if k != "expect_error"]
    if len(commands) != 1 or not isinstance(commands[0], str):
        raise refuse("scenario_director")
    if "expect_error" in value:
        _expect_error(value["expect_error"])
    return dict(value)


DirectorBody = Annotated[dict[str, Any], _Plain(_director)]


class ActStep(Strict):
    """``- act: {...}``"""

    act: ActBody


class VoteStep(Strict):
    """``- vote: {...}``"""

    vote: VoteBody


class NextStep(Strict):
    """``- next: PHASE`` / ``- next: {at, to}`` (a bare ``- next`` is the word itself)."""

    next: NextBody = None


class DirectorStep(Strict):
    """``- director: {红牌: 丁}``"""

    director: DirectorBody


class ExpectStep(Strict):
    """``- expect: {...}``"""

    expect: Expect | None = None


STEP_KINDS = ("act", "vote", "next", "director", "expect")


def _step_kind(value: Any) -> str | None:
    if value == "next":
        return "bare"
    if isinstance(value, Mapping) and len(value) == 1:
        kind = next(iter(value))
        return f"<{kind}>"  # an unknown kind is reported as a likely typo of a known one
    return None


Step = Annotated[
    Annotated[Literal["next"], Tag("bare")]
    | Annotated[ActStep, Tag("<act>")]
    | Annotated[VoteStep, Tag("<vote>")]
    | Annotated[NextStep, Tag("<next>")]
    | Annotated[DirectorStep, Tag("<director>")]
    | Annotated[ExpectStep, Tag("<expect>")],
    Discriminator(_step_kind),
]


class Scenario(Strict):
    """A scenario file."""

    ruleset: RulesetName
    seed: Seed = 0
    timezone: Zone | None = None
    options: dict[Key, Any] = {}
    players: Annotated[list[Name], Field(min_length=1, max_length=MAX_COUNT)]
    roles: dict[Name, Name] | None = None
    fixed: Fixed = Fixed()
    declare: dict[Name, Players] = {}
    steps: Annotated[list[Step], Field(max_length=MAX_STEPS)] = []


# ---------------------------------------------------------------------- players named
class _Seats:
    """The players' names as the game goes: a 替补 gives a seat a new name."""

    def __init__(self, players: list[str]) -> None:
        self.names = list(players)
        self.problems: list[Problem] = []

    def check(self, loc: list[str | int], name: object) -> None:
        if name is not None and str(name) not in self.names:
            self.problems.append(Problem(format_path(loc), message("scenario_player", name=name)))

    def each(self, loc: list[str | int], names: list[str] | None) -> None:
        for i, n in enumerate(names or []):
            self.check([*loc, i], n)

    def keys(self, loc: list[str | int], table: Mapping[str, Any] | None) -> None:
        for n in table or {}:
            self.check([*loc, n], n)


def _players_named(sc: Scenario) -> list[Problem]:
    seats = _Seats(sc.players)
    out = [
        Problem(format_path(["players", i]), message("scenario_duplicate_player", name=n))
        for i, n in enumerate(sc.players)
        if n in sc.players[:i]
    ]
    seats.keys(["roles"], sc.roles)
    seats.check(["fixed", "captain"], sc.fixed.captain)
    for key in ("apprentice", "soul", "castling_substitute"):
        seats.check(["fixed", key], getattr(sc.fixed, key))
    seats.each(["fixed", "prophecy"], sc.fixed.prophecy)
    for table in ("rings", "ranks"):
        for team, names in (getattr(sc.fixed, table) or {}).items():
            seats.each(["fixed", table, team], names)
    for group, names in sc.declare.items():
        seats.each(["declare", group], names)
    for i, step in enumerate(sc.steps):
        loc: list[str | int] = ["steps", i]
        if isinstance(step, ActStep):
            seats.check([*loc, "act", "by"], step.act.by)
            seats.each([*loc, "act", "targets"], step.act.targets)
        elif isinstance(step, VoteStep):
            seats.check([*loc, "vote", "by"], step.vote.by)
            seats.check([*loc, "vote", "for"], step.vote.for_)
        elif isinstance(step, DirectorStep):
            _director_players(seats, [*loc, "director"], step.director)
        elif isinstance(step, ExpectStep) and step.expect is not None:
            _expect_players(seats, [*loc, "expect"], step.expect)
    return out + seats.problems


def _director_players(seats: _Seats, loc: list[str | int], body: dict[str, Any]) -> None:
    name = next(k for k in body if k != "expect_error")
    arg = body[name]
    where = [*loc, name]
    key = director.command_id(str(name))
    if key == director.SUBSTITUTE:
        if not isinstance(arg, Mapping) or "seat" not in arg or "by" not in arg:
            seats.problems.append(
                Problem(
                    format_path(where),
                    texts.PROBLEM_KEYS.format(
                        problem=message("missing"), keys=texts.LIST_SEP.join(("seat", "by"))
                    ),
                )
            )
            return
        seats.check([*where, "seat"], arg["seat"])
        if not body.get("expect_error") and str(arg["seat"]) in seats.names:
            seats.names[seats.names.index(str(arg["seat"]))] = str(arg["by"])
        return
    if key in (
        director.CONCEDE,
        director.ACCELERATE,
        director.EXTEND,
        director.PUBLISH,
        director.UNDO,
    ):
        return  # a faction, a flag, minutes, or nothing
    if isinstance(arg, Mapping):
        for key in ("seat", "player", "by", "for"):
            if key in arg:
                seats.check([*where, key], arg[key])
    elif isinstance(arg, str):
        seats.check(where, arg)


def _expect_players(seats: _Seats, loc: list[str | int], e: Expect) -> None:
    for key in ("alive", "out", "public_out", "absent"):
        seats.each([*loc, key], getattr(e, key))
    for key in (
        "faction",
        "role",
        "results",
        "revealed",
        "exit_shown",
        "told",
        "not_told",
        "knows",
    ):
        seats.keys([*loc, key], getattr(e, key))
    for status, holder in (e.holder or {}).items():
        seats.check([*loc, "holder", status], holder)
    for who, names in (e.knows or {}).items():
        seats.each([*loc, "knows", who], names)
    for group, names in (e.groups or {}).items():
        seats.each([*loc, "groups", group], names)


# ---------------------------------------------------------------------- reading a file
class ScenarioFileError(Exception):
    """A scenario file that is not a scenario: its name and what is wrong, in Chinese."""

    def __init__(self, file: str, error: DataFileError) -> None:
        self.file = file
        self.problems = error.problems
        self.message = error.message
        super().__init__(f"{file}: {error.message}")


def validate(data: Mapping[str, Any]) -> Scenario:
    """The typed scenario, or a ``DataFileError`` listing every problem in Chinese."""
    try:
        sc = Scenario.model_validate(data)
    except ValidationError as e:
        problems = from_validation(e, Scenario, message("scenario_step"))
        raise DataFileError(problems) from None
    problems = _players_named(sc)
    if problems:
        raise DataFileError(problems)
    return sc


def read_scenario(path: str | Path) -> tuple[dict[str, Any], Scenario]:
    """A scenario file's data (as the runner reads it) and its typed view; a malformed file is a
    ``ScenarioFileError``."""
    name = str(path)
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError as e:
        raise ScenarioFileError(name, DataFileError.one("", "no_file")) from e
    except OSError as e:
        raise ScenarioFileError(name, DataFileError.one("", "unreadable")) from e
    try:
        data = load_mapping(raw, LIMITS)
        return data, validate(data)
    except DataFileError as e:
        raise ScenarioFileError(name, e) from None


__all__ = ["Flag", "Scenario", "ScenarioFileError", "read_scenario", "validate"]
