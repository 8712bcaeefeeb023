"""The schema of a rule set's data file: the merged data (a built-in ``data.yaml``, or a variant
over it) is checked once, into typed objects, before any game uses it.

Structure and types come from the models below (pydantic); then ``problems`` checks what a type
cannot: every role, skill, faction, category, status and stage named anywhere exists; a variant
uses only keys its base rule set's code knows (anything else is a likely typo, reported with the
nearest known key); counts fit the player count; options' defaults lie in their choices; every
text template has only placeholders its code fills, and renders. Errors are Chinese and name the
key path (「roles.werewolf.count：必须是不小于0的整数」).

A rule set with keys of its own extends ``RuleSetData`` and adds its checks to ``problems``;
``SCHEMAS`` says which model a base rule set's files are read with.
"""

from __future__ import annotations

import difflib
import re
import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import yaml
from pydantic import Field, ValidationError, model_validator
from pydantic import PlainValidator as _Plain
from pydantic_core import PydanticCustomError

from bansha import texts
from bansha.datafiles.messages import message
from bansha.datafiles.problems import (
    DataFileError,
    Loc,
    Problem,
    format_path,
    from_validation,
    listing,
    nearest,
    unknown,
)
from bansha.datafiles.types import (
    MAX_COUNT,
    Clock,
    Count,
    Flag,
    Key,
    Minutes,
    Name,
    Positive,
    Strict,
    Text,
    Title,
    clock_time,
    integer_between,
    option_reference,
    refuse,
    time_as_written,
)
from bansha.engine import director
from bansha.engine.ruleset import BASE_OPTIONS
from bansha.mechanics import upcasts
from bansha.mechanics.tables import TABLES
from bansha.mechanics.vote_posts import FormatError, VoteFormat

MAX_PLAYERS = MAX_COUNT
"""The most players a rule set may deal for."""

PHASES = ("day", "night")


def _phase(value: Any) -> str:
    if value not in PHASES:
        raise refuse("choice", choices=texts.LIST_SEP.join(PHASES))
    return str(value)


def _director_command(value: Any) -> str:
    """A command a rule set's director may give, by id or label (红牌): its id."""
    key = director.command_id(str(value))
    if key not in director.KINDS:
        raise refuse(
            "choice", choices=texts.LIST_SEP.join(director.label(k) for k in director.KINDS)
        )
    return key


Phase = Annotated[str, _Plain(_phase)]
DirectorCommand = Annotated[str, _Plain(_director_command)]


class RoleRule(Strict):
    """A clause the post writes on a role's card that is not a skill the role uses itself (XXXII:
    the 共犯's 【杀人诛心】 and 【弃明投暗】, as the post writes them under 共犯)."""

    name: Name
    text: Text


class RoleSpec(Strict):
    """A role: its name, how many are dealt, its faction and skills (keys of ``skills``);
    ``skill_texts``: the role's own wording of a shared skill (M186: the good Lancelot's 摇摆不定
    「和坏兰斯洛特交换身份与阵营」); ``rules``: the card's other clauses."""

    name: Name
    count: Count = 0
    faction: Key
    skills: list[Key] = []
    category: Key | None = None
    text: Text = ""
    skill_texts: dict[Key, Text] = {}
    rules: list[RoleRule] = Field(default=[], max_length=MAX_COUNT)


class SkillSpec(Strict):
    """A skill: its name and the post's text; ``hidden`` skills are not shown on a role card;
    a ``final`` submission cannot be taken back (its form asks first); ``beside``: a skill whose
    result told tonight the page shows beside this act's form (the 女巫's 刀口 beside 解药);
    ``declinable``: the post lets the player give the act up (猎人「可以放弃」, a successor where
    「不选则警徽流失」, M103's every skill not marked <强制>): the form has a 放弃 button."""

    name: Name
    text: Text = ""
    hidden: Flag = False
    final: Flag = False
    beside: Key | None = None
    when_out: Flag = False
    """The post lets its holder use it after the exit (XXXII 契约标记: 无论是否存活): a card of a
    seat that is out still lists it."""
    declinable: Flag = False
    """The post lets its holder give the act up (「也可以放弃」, a skill not marked <强制>): the form
    has a 放弃 button, and a 放弃 counts as acting."""


OPTION_TYPES = ("clock", "moment", "zone")
"""Kinds of option values beside ``choices``: a clock time (21:00), an ISO time, a time zone."""


def _option_type(value: Any) -> str:
    if value not in OPTION_TYPES:
        raise refuse("choice", choices=texts.LIST_SEP.join(OPTION_TYPES))
    return str(value)


class OptionSpec(Strict):
    """An option of the rule set: its default, the values it may take (``choices``, or a ``type``
    of value), and what it means."""

    default: Any = None
    choices: list[Any] | None = Field(default=None, min_length=1, max_length=MAX_COUNT)
    type: Annotated[str, _Plain(_option_type)] | None = None
    doc: Text = ""
    label: Title | None = None
    """The option's name on the new-game form."""
    zh: Text = ""
    """What it means, for a director (the form shows it)."""
    choice_words: dict[str, Title] = {}
    """How the form shows each choice."""


def _when(value: Any) -> Any:
    """A stage's condition: a key its rule set answers (``has_cupid``), or for a board one or
    several of ``has:skill``, ``due:skill``, ``option:key=value``, ``day:N``, ``last_words``."""
    if value is None:
        return None
    parts = value if isinstance(value, list) else [value]
    for part in parts:
        if not isinstance(part, str) or not part.strip() or len(part) > 80:
            raise refuse("text")
    return value


When = Annotated[Any, _Plain(_when)]


def _hours(value: Any) -> int | str:
    if isinstance(value, str) and option_reference(value) is not None:
        return value  # an option's value (checked as the option is)
    return integer_between(0, 24 * 14)(value)


Hours = Annotated[int | str, _Plain(_hours)]
"""A number of hours, or ``"{option}"``."""


class StageSpec(Strict):
    """A stage of a phase: its name, key, deadline (``minutes`` after opening or ``until`` a clock
    time), the condition under which it is held (``when``) and whether only its actors see it."""

    stage: Name
    key: Key
    minutes: Minutes | None = None
    first_minutes: Minutes | None = None
    until: Clock | None = None
    until_day1: Clock | None = None
    days: Positive | None = None
    windows: Positive | None = None
    calendar_day1: Positive | None = None
    """Day 1 ends at ``until`` on the n-th calendar day after the day it opens (R-M103-20)."""
    min_hours: Hours | None = None
    """The first ``until`` at least this many hours after the stage opens (R-M103-20)."""
    when: When = None
    private: Flag = False
    audience: Key | None = None
    """With ``private``: the group that sees it open and close (XXXII's 王车易位: the witch's)."""
    resolve_if_skipped: Flag = False
    """A board's stage whose resolution runs also when its condition skips it (M103's 太医行动
    ends the night whoever is left to act)."""


class VoteLabels(Strict):
    """The labels of one kind of vote post (「投票对象：」「投票理由：」)."""

    target: Name | None = None
    reason: Name | None = None


class VoteFormatData(Strict):
    """The rule post's vote-post format (``thread.vote_format``, read by
    :class:`bansha.mechanics.vote_posts.VoteFormat`)."""

    vote: VoteLabels
    change: VoteLabels | None = None
    abstain: list[Name] = []
    reason_required: Flag = False
    look_alikes: dict[Name, Name] = {}
    hint: Title

    @model_validator(mode="after")
    def _readable(self) -> VoteFormatData:
        """The labels make a format the thread can read (look-alikes name one of its labels)."""
        try:
            VoteFormat.read(self.model_dump(exclude_none=True))
        except FormatError as e:
            raise PydanticCustomError("bansha_vote_format", str(e)) from None
        return self


class ThreadRules(Strict):
    """What the discussion thread enforces (posts that count as acceleration requests, curfew...)."""

    acceleration: Flag = False
    change_quotes_original: Flag = False
    closed_phases: list[Phase] = []
    blue_stage: Key | None = None
    blue_limit: Positive = 3
    vote_format: VoteFormatData | None = None
    near_miss_votes: Literal["void", "count"] = "void"
    banned_fonts: dict[Literal["red", "enlarged"], Title] = {}
    """The formatting the rule post bans in the thread, each with the rule's words (M103 违规9)."""


Writer = Literal["spectators", "dead", "living"]
"""Who may write in a room: spectators (观众, no seat), players who are out, players still in."""


class RoomSpec(Strict):
    """A chat outside the teams that the post has (bs46's 旁观灌水帖, XXXII's 观剧楼, M103's 联谊群):
    its name, who may write in it while the game runs and after it ended (``engine/rooms.py``);
    everyone reads it."""

    name: Name
    write: list[Writer] = []
    after_end: list[Writer] | None = None


LURKING = ("m103", "bs46", "xxxii")


def _lurking(value: Any) -> str:
    if value not in LURKING:
        raise refuse("choice", choices=texts.LIST_SEP.join(LURKING))
    return str(value)


Lurking = Annotated[str, _Plain(_lurking)]

OPTION_VALUES: dict[str, Callable[[Any], Any]] = {}
"""Options without ``choices`` whose values have a type: the option key → a check of a value."""


def _optional(check: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda v: None if v is None else check(v)


def _zone(value: Any) -> str:
    try:
        ZoneInfo(str(value))
    except (ValueError, ZoneInfoNotFoundError) as e:
        raise refuse("scenario_timezone", value=value) from e
    return str(value)


OPTION_VALUES.update(
    {
        "max_changes": _optional(integer_between(0, MAX_COUNT)),  # null: any number (R-XXXII-18)
        "change_freeze_minutes": integer_between(0, 60 * 24),
        "window_minutes": integer_between(1, 60 * 24),
        "min_day_hours": integer_between(0, 24 * 14),  # R-M103-20
        "last_words": _optional(integer_between(0, MAX_COUNT)),
    }
)
TYPED_VALUES: dict[str, Callable[[Any], Any]] = {
    "clock": _optional(clock_time),
    "moment": _optional(time_as_written),
    "zone": _optional(_zone),
}
"""A check of a value for each option ``type``."""


def value_check(key: str, spec: Mapping[str, Any]) -> Callable[[Any], Any] | None:
    """How a value of option ``key`` (with its spec) is checked when it has no ``choices``."""
    if spec.get("choices") is not None:
        return None
    kind = spec.get("type")
    if kind in TYPED_VALUES:
        return TYPED_VALUES[kind]
    if key == "start_at":  # an ISO time, also in a rule set that does not say its type
        return TYPED_VALUES["moment"]
    return OPTION_VALUES.get(key)


class AbsenceCard(Strict):
    """The card the post gives for an absence, and the post's words that give it."""

    card: DirectorCommand
    clause: Text


class AbsenceUpgrade(Strict):
    """What the post says follows once a player holds ``count`` of the absence's cards."""

    count: Count
    advice: Text


class AbsencePenalty(Strict):
    """What the post gives for a missed vote and for a missed act (drafted on the director's
    console for one-click confirmation or 免罚), and what follows repeated ones."""

    vote: AbsenceCard | None = None
    act: AbsenceCard | None = None
    upgrade: AbsenceUpgrade | None = None


class ProgressSpec(Strict):
    """A progress line the post gives (a seat's card, or every page): ``text`` a text key filled
    from one source: ``known`` the names a ``role`` was told with that word (XXXII 弃明投暗),
    ``results`` a ``role``'s results of that skill grouped by answer (``n_<word>``,
    ``ps_<word>``: 契约标记), or ``announcements`` of that text key counted by the word of their
    ``param`` (``n_<word>``: M186's mission score, on every page)."""

    text: Key
    role: Key | None = None
    known: Key | None = None
    results: Key | None = None
    announcements: Key | None = None
    param: Key | None = None

    @model_validator(mode="after")
    def _one_source(self) -> ProgressSpec:
        """Exactly one source; a seat's progress names its role, the game's none."""
        sources = [x for x in (self.known, self.results, self.announcements) if x is not None]
        if len(sources) != 1:
            raise PydanticCustomError("bansha_progress", texts.PROGRESS_ONE_SOURCE)
        if (self.role is None) != (self.announcements is not None):
            raise PydanticCustomError("bansha_progress", texts.PROGRESS_ROLE)
        return self


def _stored_format(value: Any) -> str:
    if value not in upcasts.UPCASTS:
        raise refuse("choice", choices=texts.LIST_SEP.join(upcasts.UPCASTS))
    return str(value)


class RuleSetData(Strict):
    """The keys every rule set's data file has (see docs/variants.md)."""

    REQUIRED: ClassVar[frozenset[str]] = frozenset()
    """Roles this rule set's code cannot do without (at least one must be dealt)."""
    OPEN: ClassVar[bool] = False
    """Whether a variant may add keys of its own (a board's declared mechanics read any key they
    are given); a coded rule set's variant may use only the keys its code knows."""
    NAMES_IN_TEXTS: ClassVar[bool] = False
    """Whether texts may name words of the file (``{skill:check}``), filled when it loads."""

    id: Name
    names: list[Name] = Field(default=[], max_length=MAX_COUNT)
    title: Title
    base: Key | None = None
    cycle: list[Phase] = Field(min_length=1, max_length=2)
    factions: dict[Key, Name] = Field(min_length=1, max_length=MAX_COUNT)
    roles: dict[Key, RoleSpec] = Field(min_length=1, max_length=MAX_COUNT)
    categories: dict[Key, Name] = {}
    skills: dict[Key, SkillSpec] = Field(max_length=MAX_COUNT)
    statuses: dict[Key, Name] = {}
    groups: dict[Key, Name] = {}
    rooms: dict[Key, RoomSpec] = {}
    """The post's chats outside the teams, and who may write in each (``engine/rooms.py``)."""
    words: dict[Key, Name] = {}
    texts: dict[Key, Text] = Field(default={}, max_length=1000)
    causes: dict[Key, Name] = {}
    options: dict[Key, OptionSpec] = Field(default={}, max_length=MAX_COUNT)
    timetable: dict[Key, list[StageSpec]]
    director_commands: list[DirectorCommand] = []
    vote_stages: list[Key] = []
    announced_roles: list[Key] = []
    tie_priority: list[Key] | None = None
    proxy_cutoff_minutes: Minutes | None = None
    remind_before: list[Minutes] | None = Field(default=None, min_length=2, max_length=2)
    """When the console reminds players to vote: from and to this many minutes before the close."""
    thread: ThreadRules | None = None
    sides: dict[Key, Key] = {}
    """What a result word says about sides, for bots: word key → faction key (``!x``: not x)."""
    lurking: Lurking | None = None
    """The lurking rule forum imports apply (``bansha/forum/lurking.py``)."""
    absence_penalty: AbsencePenalty | None = None
    """The post's penalty for an absence the engine recorded (R-ALL-05), drafted for the director."""
    win_texts: dict[Key, Text] = {}
    """Each faction's win condition in the post's words, on its members' role cards."""
    progress: list[ProgressSpec] = Field(default=[], max_length=MAX_COUNT)
    stored_formats: list[Annotated[str, _Plain(_stored_format)]] = []
    """The older formats its stored games may be in (:mod:`bansha.mechanics.upcasts`)."""

    @property
    def player_count(self) -> int:
        """How many players the deal needs."""
        return sum(r.count for r in self.roles.values())

    def stage_keys(self) -> set[str]:
        """Every stage key of the timetable."""
        return {s.key for stages in self.timetable.values() for s in stages}

    # ------------------------------------------------------------------ checks
    def problems(self, base: RuleSetData | None) -> list[Problem]:
        """What is inconsistent in this data; ``base``: the built-in data a variant rests on (its
        keys are the ones the rule set's code knows)."""
        out: list[Problem] = []
        out += self._vocabulary(base)
        out += self._references()
        out += self._counts()
        out += self._unique_names()
        out += self._timetable(base)
        out += self._options(base)
        out += self._texts(base)
        return out

    def _vocabulary(self, base: RuleSetData | None) -> list[Problem]:
        """A variant may rename and recount, but only keys its base's code knows."""
        if base is None or self.OPEN:
            return []
        out: list[Problem] = []
        for section in (
            "factions", "categories", "skills", "statuses", "groups", "words", "texts",
            "causes", "options",
        ):  # fmt: skip
            known: Mapping[str, Any] = getattr(base, section)
            mine: Mapping[str, Any] = getattr(self, section)
            out += [unknown([section, k], k, known) for k in mine if k not in known]
        if self.cycle != base.cycle:
            out.append(
                Problem(
                    "cycle",
                    message("choice", choices=texts.LIST_SEP.join(base.cycle))
                    + texts.DATA_IN_ORDER,
                )
            )
        allowed = set(base.director_commands)
        out += [
            unknown(
                ["director_commands", i],
                director.label(c),
                sorted(director.label(a) for a in allowed),
                NOUNS["director_command"],
            )
            for i, c in enumerate(self.director_commands)
            if c not in allowed
        ]
        out += [
            unknown(["vote_stages", i], v, base.vote_stages, NOUNS["vote_stage"])
            for i, v in enumerate(self.vote_stages)
            if v not in base.vote_stages
        ]
        return out

    def _references(self) -> list[Problem]:
        """Every key named inside the file exists in its section."""
        out: list[Problem] = []
        for key, role in self.roles.items():
            if role.faction not in self.factions:
                out.append(
                    unknown(
                        ["roles", key, "faction"], role.faction, self.factions, NOUNS["faction"]
                    )
                )
            for i, skill in enumerate(role.skills):
                if skill not in self.skills:
                    out.append(
                        unknown(["roles", key, "skills", i], skill, self.skills, NOUNS["skill"])
                    )
            if role.category is not None and role.category not in self.categories:
                out.append(
                    unknown(
                        ["roles", key, "category"],
                        role.category,
                        self.categories,
                        NOUNS["category"],
                    )
                )
        for key, spec in self.skills.items():
            if spec.beside is not None and spec.beside not in self.skills:
                out.append(
                    unknown(["skills", key, "beside"], spec.beside, self.skills, NOUNS["skill"])
                )
        for key, role in self.roles.items():
            for skill in role.skill_texts:
                if skill not in self.skills:
                    loc = ["roles", key, "skill_texts", skill]
                    out.append(unknown(loc, skill, self.skills, NOUNS["skill"]))
        for f in self.win_texts:
            if f not in self.factions:
                out.append(unknown(["win_texts", f], f, self.factions, NOUNS["faction"]))
        for i, prog in enumerate(self.progress):
            refs = (
                ("text", prog.text, self.texts, NOUNS["text"]),
                ("role", prog.role, self.roles, NOUNS["role"]),
                ("known", prog.known, self.words, NOUNS["word"]),
                ("results", prog.results, self.skills, NOUNS["skill"]),
                ("announcements", prog.announcements, self.texts, NOUNS["text"]),
            )
            for field, ref, table, kind in refs:
                if ref is not None and ref not in table:
                    out.append(unknown(["progress", i, field], ref, table, kind))
        for i, f in enumerate(self.tie_priority or []):
            if f not in self.factions:
                out.append(unknown(["tie_priority", i], f, self.factions, NOUNS["faction"]))
        for i, r in enumerate(self.announced_roles):
            if r not in self.roles:
                out.append(unknown(["announced_roles", i], r, self.roles, NOUNS["role"]))
        stages = self.stage_keys()
        for i, v in enumerate(self.vote_stages):
            if v not in stages:
                out.append(unknown(["vote_stages", i], v, sorted(stages), NOUNS["stage"]))
        if self.thread is not None:
            if self.thread.blue_stage is not None and self.thread.blue_stage not in stages:
                out.append(
                    unknown(
                        ["thread", "blue_stage"],
                        self.thread.blue_stage,
                        sorted(stages),
                        NOUNS["stage"],
                    )
                )
            for i, phase in enumerate(self.thread.closed_phases):
                if phase not in self.cycle:
                    out.append(
                        Problem(
                            format_path(["thread", "closed_phases", i]),
                            message(
                                "not_a_cycle_phase",
                                phase=phase,
                                cycle=texts.LIST_SEP.join(self.cycle),
                            ),
                        )
                    )
        return out

    def _counts(self) -> list[Problem]:
        out = [
            Problem(format_path(["roles", key, "count"]), message("role_required", role=key))
            for key in sorted(self.REQUIRED)
            if key not in self.roles or self.roles[key].count < 1
        ]
        if out:
            return out
        n = self.player_count
        if n == 0:
            return [Problem("roles", message("no_players"))]
        if n > MAX_PLAYERS:
            return [Problem("roles", message("too_many_players", count=n, limit=MAX_PLAYERS))]
        return []

    def _unique_names(self) -> list[Problem]:
        """Names are looked up both ways (a scenario says 卧底刺客, the engine werewolf)."""
        out: list[Problem] = []
        tables: list[tuple[str, Mapping[str, str]]] = [
            ("roles", {k: r.name for k, r in self.roles.items()}),
            ("factions", dict(self.factions)),
            ("statuses", dict(self.statuses)),
        ]
        # two roles' skills may share a name (the hunter's and the wolf king's 开枪): a player's
        # act names the one he holds; one role's skills, and skills no role holds, may not
        held = {k for r in self.roles.values() for k in r.skills}
        tables.append(("skills", {k: s.name for k, s in self.skills.items() if k not in held}))
        for role in self.roles.values():
            tables.append(
                ("skills", {k: self.skills[k].name for k in role.skills if k in self.skills})
            )
        for section, table in tables:
            seen: dict[str, str] = {}
            for key, name in table.items():
                if name in seen:
                    other = f"{section}.{seen[name]}"
                    where = (
                        [section, key, "name"] if section in ("roles", "skills") else [section, key]
                    )
                    out.append(
                        Problem(format_path(where), message("same_name", name=name, other=other))
                    )
                seen.setdefault(name, key)
        for i, name in enumerate(self.names):
            if name in self.names[:i]:
                out.append(
                    Problem(format_path(["names", i]), message("duplicate_value", value=name))
                )
        return out

    def _timetable(self, base: RuleSetData | None) -> list[Problem]:
        out: list[Problem] = []
        for phase, stages in self.timetable.items():
            if phase != "start" and phase not in self.cycle:
                out.append(
                    Problem(
                        format_path(["timetable", phase]),
                        message(
                            "not_a_cycle_phase", phase=phase, cycle=texts.LIST_SEP.join(self.cycle)
                        ),
                    )
                )
                continue
            keys = [s.key for s in stages]
            for i, st in enumerate(stages):
                loc: list[str | int] = ["timetable", phase, i]
                if st.key in keys[:i]:
                    out.append(
                        Problem(
                            format_path([*loc, "key"]), message("duplicate_value", value=st.key)
                        )
                    )
                if (st.minutes or st.first_minutes) and (st.until or st.until_day1):
                    out.append(Problem(format_path(loc), message("deadline_both")))
                for attr in ("until", "until_day1", "min_hours"):
                    ref = option_reference(getattr(st, attr))
                    if ref is not None and ref not in self.options:
                        out.append(unknown([*loc, attr], ref, self.options, NOUNS["option"]))
                if base is None or self.OPEN:
                    continue
                mine = {s.key: s for s in base.timetable.get(phase, [])}
                like = mine.get(st.key)
                if like is None:
                    out.append(unknown([*loc, "key"], st.key, mine, NOUNS["stage"]))
                    continue
                for attr in ("when", "private"):
                    if getattr(st, attr) != getattr(like, attr):
                        out.append(
                            Problem(
                                format_path([*loc, attr]),
                                message("choice", choices=str(getattr(like, attr))),
                            )
                        )
            if base is not None and not self.OPEN:
                order = [s.key for s in base.timetable.get(phase, [])]
                kept = [k for k in order if k in keys]
                dropped = [s for s in base.timetable.get(phase, []) if s.key not in keys]
                if kept != [k for k in keys if k in order]:
                    out.append(
                        Problem(
                            format_path(["timetable", phase]),
                            message("choice", choices=texts.LIST_SEP.join(order))
                            + texts.DATA_IN_ORDER,
                        )
                    )
                for st in dropped:
                    if st.when is None:  # only a stage held on a condition may be left out
                        out.append(
                            Problem(
                                format_path(["timetable", phase]),
                                message("missing") + texts.DATA_MISSING_KEY.format(key=st.key),
                            )
                        )
        for phase in self.cycle:
            if not self.timetable.get(phase):
                out.append(
                    Problem(format_path(["timetable"]), message("no_stage_for_phase", phase=phase))
                )
        if not any(s.when is None for p in self.cycle for s in self.timetable.get(p, [])):
            out.append(Problem("timetable", message("no_stage")))
        return out

    def _options(self, base: RuleSetData | None) -> list[Problem]:
        out: list[Problem] = []
        for key, opt in self.options.items():
            loc: list[str | int] = ["options", key]
            if opt.choices is not None:
                for i, c in enumerate(opt.choices):
                    if c in opt.choices[:i]:
                        out.append(
                            Problem(
                                format_path([*loc, "choices", i]),
                                message("duplicate_value", value=c),
                            )
                        )
                for word in opt.choice_words:
                    if word not in [str(c) for c in opt.choices]:
                        out.append(
                            unknown(
                                [*loc, "choice_words", word], word, [str(c) for c in opt.choices]
                            )
                        )
                if opt.default not in opt.choices:
                    out.append(
                        Problem(
                            format_path([*loc, "default"]),
                            message(
                                "choices_default", value=opt.default, known=listing(opt.choices)
                            ),
                        )
                    )
            check = value_check(key, opt.model_dump())
            if check is not None:
                out += _checked([*loc, "default"], check, opt.default)
            like = base.options.get(key) if base is not None else None
            if like is not None and like.choices is not None:
                for i, c in enumerate(opt.choices or []):
                    if c not in like.choices:
                        out.append(
                            Problem(
                                format_path([*loc, "choices", i]),
                                message("choices_new", value=c, known=listing(like.choices)),
                            )
                        )
                if opt.choices is None and opt.default not in like.choices:
                    out.append(
                        Problem(
                            format_path([*loc, "default"]),
                            message("choices_new", value=opt.default, known=listing(like.choices)),
                        )
                    )
        return out

    def _texts(self, base: RuleSetData | None) -> list[Problem]:
        out: list[Problem] = []
        names = self.name_tables() if self.NAMES_IN_TEXTS else None
        for key, template in self.texts.items():
            allowed = None
            if base is not None and key in base.texts:
                allowed = placeholders(base.texts[key])
            out += check_template(["texts", key], template, allowed, names)
        return out

    def name_tables(self) -> dict[str, list[str]]:
        """The keys a text may name, by kind (``{skill:check}``, ``{role:hunter}``...)."""
        return {
            "skill": list(self.skills),
            "role": list(self.roles),
            "faction": list(self.factions),
            "status": list(self.statuses),
            "word": list(self.words),
            "group": list(self.groups),
            "category": list(self.categories),
        }


def _checked(loc: Loc, check: Callable[[Any], Any], value: Any) -> list[Problem]:
    try:
        check(value)
    except PydanticCustomError as e:
        return [Problem(format_path(loc), e.message())]
    return []


# ---------------------------------------------------------------------- templates
def _fields(template: str) -> list[tuple[str, str | None, str | None]]:
    return [
        (name, spec, conv)
        for _, name, spec, conv in string.Formatter().parse(template)
        if name is not None
    ]


NOUNS = texts.DATA_NOUNS
"""What each kind of key names, as refusals say it."""

NAME_KINDS = {
    k: texts.DATA_NOUNS[k]
    for k in ("skill", "role", "faction", "status", "word", "group", "category")
}
"""What a text may name from the file (``{skill:check}``), and the word for each kind."""
NAME_REFERENCE = re.compile(r"\{(" + "|".join(NAME_KINDS) + r"):([A-Za-z0-9_]+)\}")


def placeholders(template: str) -> set[str]:
    """The placeholder names of a (well-formed) template that its code fills (not the words it
    names from the file, ``{skill:check}``)."""
    try:
        return {name for name, spec, _ in _fields(template) if not spec}
    except ValueError:
        return set()


SAMPLE_NAMES = list(texts.TEMPLATE_SAMPLE_NAMES)


def sample_params(fields: Iterable[str]) -> dict[str, Any]:
    """Sample values for a template's placeholders, as the engine passes them to
    ``RuleSet.render`` (``deadline`` a moment, ``p*`` a seat, ``ps*`` a list of seats, anything
    else a value)."""
    out: dict[str, Any] = {}
    for f in fields:
        if f == "deadline":
            out[f] = "2026-06-01T20:00:00+08:00"
        else:
            out[f] = (
                [0, 1]
                if f.startswith("ps")
                else 0
                if f.startswith("p")
                else texts.TEMPLATE_SAMPLE_TEXT
            )
    return out


def check_template(
    loc: Loc,
    template: str,
    allowed: set[str] | None,
    names: Mapping[str, list[str]] | None = None,
) -> list[Problem]:
    """A template is well formed, has only plain ``{name}`` placeholders, only those its code
    fills (``allowed``; None: any), and renders with sample values; ``names``: the words it may
    name from the file by kind (``{skill:check}``; None: none)."""
    where = format_path(loc)
    try:
        fields = _fields(template)
    except ValueError as e:
        problem = texts.TEMPLATE_BRACES.get(str(e), texts.TEMPLATE_BRACES_OTHER)
        return [Problem(where, message("template_syntax", problem=problem))]
    out: list[Problem] = []
    for name, spec, conv in fields:
        if names is not None and name in NAME_KINDS and spec and not conv:
            if spec not in names.get(name, []):
                out.append(unknown(loc, spec, names.get(name, []), NAME_KINDS[name]))
            continue
        if conv or spec or not name.isidentifier():
            part = f"!{conv}" if conv else f":{spec}" if spec else name
            out.append(Problem(where, message("template_field", part=part)))
        elif allowed is not None and name not in allowed:
            guess = nearest(name, allowed)
            out.append(
                Problem(
                    where,
                    message("template_unknown", field=name, suggestion=guess)
                    if guess
                    else message(
                        "template_unknown_plain",
                        field=name,
                        known=texts.LIST_SEP.join("{" + a + "}" for a in sorted(allowed))
                        or texts.NONE_KNOWN,
                    ),
                )
            )
    if out:
        return out
    try:
        plain = (
            NAME_REFERENCE.sub(texts.TEMPLATE_NAME_WORD, template)
            if names is not None
            else template
        )
        plain.format(**{f: SAMPLE_NAMES[0] for f in placeholders(plain)})
    except (KeyError, IndexError, ValueError, AttributeError) as e:
        return [Problem(where, message("template_render", problem=type(e).__name__))]
    return []


# ---------------------------------------------------------------------- the four posts
class BoardSkill(SkillSpec):
    """A board's skill: the mechanic it runs (docs/mechanics.md), the stages it is used in, the
    team acting together, the bots' hint, its typed parameters (read by the mechanic, which says
    in Chinese what is wrong with them) and its own wording of refusals."""

    mechanic: Key | None = None
    stages: Key | list[Key] | None = None
    stage: Key | None = None
    team: Key | None = None
    hint: Key | None = None
    policy: Key | None = None
    """When a heuristic player makes the declaration (``cornered``, ``suspect``; docs/mechanics.md)."""
    params: dict[Key, Any] | None = None
    refusals: dict[Key, Text] = {}


class BoardTeam(Strict):
    """A board's team: the roles that act together in its group (those holding ``skill``, if
    given: M103's assassins who keep 杀人 after the 红线)."""

    roles: list[Key] = []
    skill: Key | None = None
    joins_at_exit: list[Key] = []
    """Roles whose player joins the group at his exit (XXXII's 共犯: 「在死亡时加入杀手群」)."""


class Consequence(Strict):
    """A step of what follows an exit, a vote-out or a faction's loss: its name in the post's
    words and the skill whose mechanic acts then."""

    step: Text
    skill: Key


class PipelineData(RuleSetData):
    """What the pipeline of declared mechanics reads besides a rule set's common keys, shared by
    every file it runs (a board, XXXII): how its announcements, groups, vote-outs, picks, bots'
    hints and a scenario's pinned draws behave; every default keeps a board as the pipeline
    always ran it."""

    skills: dict[Key, BoardSkill] = Field(max_length=MAX_COUNT)  # type: ignore[assignment]
    """Its skills, each with the mechanic it runs (docs/mechanics.md)."""
    teams: dict[Key, BoardTeam] = {}
    """Its teams' groups."""
    resolution: dict[Key, list[dict[Key, Any]]] = {}
    """Each stage's resolution steps in the post's order (:mod:`bansha.mechanics.resolution`)."""
    outcome: dict[Key, Any] = {}
    """The win and loss conditions (:mod:`bansha.mechanics.conditions`)."""
    last_words: dict[Key, Any] | None = None
    """Who may leave last words (:class:`bansha.mechanics.last_words.Policy`)."""
    colours: dict[Key, list[Any]] = {}
    """What a check that reads colours sees: colour → selectors, first match wins (``"*"``: every
    other player; :mod:`bansha.mechanics.colours`)."""
    declaration: dict[Key, Any] | None = None
    """A declaration every seat makes before the deal (:mod:`bansha.mechanics.declaration`)."""
    acts_final: Literal["resolution", "window"] = "resolution"
    """When a night act is beyond R-ALL-09's reach: only at the night's resolution (a removed
    player's act is dropped until then), or as soon as its own window closes (R-M103-22)."""
    when_names: dict[Key, When] = {}
    """Stage conditions by name (M103's ``has_cupid``: ``has:red_thread``), so that a variant's
    timetable names the condition its base holds the stage on."""
    hold_announcements: list[Key] = []
    """Phases whose announcements wait for the next day's start (R-ALL-11)."""
    teams_form: Literal["deal", "after_start"] = "after_start"
    """When the teams' groups form: at the deal (XXXII), or once the start phase is over."""
    voted_out_asks: Literal["all", "until_kept"] = "all"
    """At a vote-out, every mechanic is told, or each in order until one keeps him in (XXXII)."""
    uses_stand: Flag = False
    """A use recorded at its stage's close stands whatever befalls its user (XXXII ②)."""
    mechanic_hints: Flag = True
    """The bots read a mechanic's default hint for a skill without its own."""
    fixed_draws: list[Key] = []
    """The hidden draws a scenario may pin (``fixed``), by key."""
    consequences: dict[Literal["exit", "voted_out", "faction_lost"], list[Consequence]] = {}
    """What follows an exit, a vote-out and a faction's loss, in the post's order (each mechanic
    that acts then named once: :mod:`bansha.mechanics.consequences` checks it as the board loads)."""
    exits_announced: Literal["after", "first"] = "after"
    """An exit announced at once: after the player is told, or before (XXXII 「被票死」)."""

    def problems(self, base: RuleSetData | None) -> list[Problem]:
        """Beside the common checks, everything the declarations name (:class:`BoardCheck`):
        stage and skill keys, causes, factions, the texts a mechanic needs and the placeholders
        each text may use, for every file the pipeline runs (a board, bs46, XXXII)."""
        out = super().problems(base)
        return out + BoardCheck(self, common_texts(), base).run()


class BS46Data(PipelineData):
    """【版杀46】《无间道》: its skills on the catalogue's mechanics (the two ring teams, 查证, 暗杀,
    身份恢复), the night's resolution table and the lurking rules."""

    resolution: dict[Key, list[dict[Key, Any]]] = {}
    """The steps run, in order, when a stage closes (the night: 查证, 暗杀, its death)."""
    reveal_on_exit: Flag = False
    stored_flags: dict[Key, Any] = {}
    """How a stream stored while its memory sat in flags reads (:mod:`bansha.mechanics.stored_flags`)."""
    outcome: dict[Key, Any] = {}
    """``wins``: each side's win condition, checked in order (R-BS46-10)."""
    last_words: dict[Key, Any] | None = None
    """Who may leave last words by the pipeline's policy (none: the victim's are a mechanic's)."""


def older_keys(data: Any, table: dict[str, tuple[str, str]]) -> Any:
    """A file written before some top-level keys became skill parameters (a variant a director
    uploaded, a game stored with it) read as today's: each old key of ``table`` is the parameter
    of the skill running its mechanic; an old key no skill takes is refused as unknown."""
    if not isinstance(data, dict) or not any(k in data for k in table):
        return data
    data = dict(data)
    skills = dict(data.get("skills") or {})
    for old, (mechanic, param) in table.items():
        key = next(
            (k for k, v in skills.items() if isinstance(v, dict) and v.get("mechanic") == mechanic),
            None,
        )
        if old not in data or key is None:
            continue
        spec = dict(skills[key])
        spec["params"] = {**dict(spec.get("params") or {}), param: data.pop(old)}
        skills[key] = spec
    data["skills"] = skills
    return data


OLDER_XXXII_KEYS: dict[str, tuple[str, str]] = {"warnings_to_drown": ("drowning", "count")}
"""XXXII's top-level key before 累计两次警告淹死 became the ``drowning`` mechanic's parameter."""


class XXXIIData(PipelineData):
    """【版杀XXXII】海猫鸣泣之时: its declared mechanics, colours, last-words days, warnings."""

    REQUIRED: ClassVar[frozenset[str]] = frozenset({"witch"})

    @model_validator(mode="before")
    @classmethod
    def _older_keys(cls, data: Any) -> Any:
        """A file written with ``warnings_to_drown`` (before the ``drowning`` mechanic) reads as
        today's (``OLDER_XXXII_KEYS``)."""
        return older_keys(data, OLDER_XXXII_KEYS)

    resolution: dict[Key, list[dict[Key, Any]]] = {}
    """Each stage's resolution steps in the post's order (R-XXXII-16; docs/mechanics.md)."""
    declaration: dict[Key, Any]
    """「开局前需选择是否信仰魔女」: the pre-deal declaration (:mod:`bansha.mechanics.declaration`)."""
    outcome: dict[Key, Any] = {}
    """``recorded``: the witch's win, recorded while the game goes on (:mod:`bansha.mechanics.recorded`)."""
    declare_skill: Key | None = None
    """The pre-deal declaration a director may record for a player (代为声明)."""
    colours: dict[Key, list[Any]]
    """R-XXXII-01: colour → selectors, first match wins (:mod:`bansha.mechanics.colours`)."""
    last_words: dict[Key, Any]
    """Who may leave last words (:class:`bansha.mechanics.last_words.Policy`; R-XXXII-15)."""

    def problems(self, base: RuleSetData | None) -> list[Problem]:
        """The skill a director records a declaration for is one of the file's."""
        out = super().problems(base)
        if self.declare_skill is not None and self.declare_skill not in self.skills:
            out.append(unknown(["declare_skill"], self.declare_skill, self.skills, NOUNS["skill"]))
        return out


class BoardData(PipelineData):
    """A board run by declared mechanics (``bansha.mechanics.pipeline``): its own skills,
    resolution tables, outcome and last-words policy. The pipeline reads the mechanics' parts
    (parameters, steps, conditions) when the board loads, naming in Chinese any key it cannot
    use; the schema checks the rest."""

    OPEN: ClassVar[bool] = True
    NAMES_IN_TEXTS: ClassVar[bool] = True

    def _texts(self, base: RuleSetData | None) -> list[Problem]:
        """A board's texts are checked with its declarations (:class:`BoardCheck`)."""
        return []


class M103Data(BoardData):
    """[M103]『菁华浮梦』 and its variants (werewolf12, werewolf9): run by the pipeline like a
    board, but a variant uses only the keys M103's file has (its roles, skills, stages and
    options), as for a rule set with code of its own."""

    OPEN: ClassVar[bool] = False


OLDER_M186_KEYS: dict[str, tuple[str, str]] = {
    "team_sizes": ("proposal", "sizes"),
    "proposers": ("proposal", "proposers"),
    "approvals_needed": ("approval_vote", "needed"),
    "fails_needed": ("mission_vote", "fails_needed"),
    "lady_after": ("lady_of_the_lake", "rounds"),
    "deck": ("lancelot_deck", "cards"),
}
"""M186's top-level keys before its rounds' numbers became skill parameters → (the mechanic of
the skill that takes it, the parameter)."""


class M186Data(RuleSetData):
    """[M186]FHA (and avalon10): its skills run on the catalogue's mechanics (the proposals,
    the Lancelot deck ...), whose parameters hold the rounds' numbers."""

    skills: dict[Key, BoardSkill] = Field(max_length=MAX_COUNT)  # type: ignore[assignment]
    """Its skills, those moved onto the catalogue with the mechanic they run (docs/mechanics.md)."""
    runs_on: Literal["rounds"] = "rounds"
    """What runs it: the catalogue's board of rounds (:mod:`bansha.mechanics.rounds`)."""
    setup: dict[Key, list[dict[Key, Any]]] = {}
    """What follows the deal, in order (:mod:`bansha.mechanics.tables`)."""
    phase_start: dict[Key, list[dict[Key, Any]]] = {}
    """What each phase's start does, in order (:mod:`bansha.mechanics.tables`)."""
    resolution: dict[Key, list[dict[Key, Any]]] = {}
    """What each stage's close resolves, in order (:mod:`bansha.mechanics.tables`)."""
    stored_flags: dict[Key, Any] = {}
    """How a stream stored while its memory sat in flags reads (:mod:`bansha.mechanics.stored_flags`)."""

    @model_validator(mode="before")
    @classmethod
    def _older_keys(cls, data: Any) -> Any:
        """A file written before the rounds' numbers became its skills' parameters (a variant a
        director uploaded, a game stored with it) reads as today's: each old top-level key is the
        parameter of the skill running its mechanic (``OLDER_M186_KEYS``), the deck's cards
        named by their words (不变, 转变) keyed by those words' keys."""
        if isinstance(data, dict) and isinstance(data.get("deck"), dict):
            word_keys = {str(v): str(k) for k, v in dict(data.get("words") or {}).items()}
            data = {**data, "deck": {word_keys.get(str(w), w): n for w, n in data["deck"].items()}}
        return older_keys(data, OLDER_M186_KEYS)

    def param(self, mechanic: str, key: str) -> tuple[list[str | int], Any]:
        """The path and value of a parameter of the skill that runs ``mechanic`` (None: not
        given)."""
        for skill, spec in self.skills.items():
            if spec.mechanic == mechanic:
                return ["skills", skill, "params", key], (spec.params or {}).get(key)
        return [key], None

    def _texts(self, base: RuleSetData | None) -> list[Problem]:
        """Its texts are checked with its declarations (:class:`BoardCheck`)."""
        return []

    def problems(self, base: RuleSetData | None) -> list[Problem]:
        """Everything its declarations name, as for a file the pipeline runs (:class:`BoardCheck`
        with the board of rounds' tables and conditions); five missions, each team no larger than
        the table, each needing no more fails than its size; approvals and proposers no more than
        the players."""
        out = super().problems(base)
        out += BoardCheck(self, common_texts(), base, ROUNDS_RUNNER).run()
        n = self.player_count
        sizes_at, sizes = self.param("proposal", "sizes")
        sizes = sizes if isinstance(sizes, list) else []
        fails_at, fails_needed = self.param("mission_vote", "fails_needed")
        fails_needed = fails_needed if isinstance(fails_needed, list) else [1] * 5
        for at, listed in ((sizes_at, sizes), (fails_at, fails_needed)):
            if len(listed) != 5:
                out.append(Problem(format_path(at), message("list_length", limit=5)))
        for i, size in enumerate(sizes):
            if isinstance(size, int) and size > n:
                out.append(
                    Problem(
                        format_path([*sizes_at, i]),
                        message("team_size", round=i + 1, size=size, players=n),
                    )
                )
        for i, (fails, size) in enumerate(zip(fails_needed, sizes, strict=False)):
            if isinstance(size, int) and isinstance(fails, int) and fails > size:
                out.append(
                    Problem(
                        format_path([*fails_at, i]),
                        message("fails_size", round=i + 1, fails=fails, size=size),
                    )
                )
        for mechanic, key in (("approval_vote", "needed"), ("proposal", "proposers")):
            at, value = self.param(mechanic, key)
            if isinstance(value, int) and value > n:
                out.append(Problem(format_path(at), message("players_bound", players=n)))
        return out


SCHEMAS: dict[str, type[RuleSetData]] = {
    "m103": M103Data,
    "bs46": BS46Data,
    "m186": M186Data,
    "xxxii": XXXIIData,
}
"""The model each coded rule set's files (and its variants') are read with; a board's is
``BoardData``."""


def _new_role_typos(data: Mapping[str, Any], base: RuleSetData) -> list[Problem]:
    """A role key the base does not know, given without a name: a misspelt key (``werwolf:``),
    not a new role."""
    roles = data.get("roles")
    if not isinstance(roles, Mapping):
        return []
    return [
        unknown(["roles", k], k, base.roles)
        for k, v in roles.items()
        if k not in base.roles and not (isinstance(v, Mapping) and "name" in v)
    ]


def validate(
    schema: type[RuleSetData], data: Mapping[str, Any], base: RuleSetData | None
) -> RuleSetData:
    """The typed data of a rule set read with ``schema``, or a ``DataFileError`` listing every
    problem in Chinese; ``base``: the data whose keys a variant may use (None: any)."""
    if base is not None:
        typos = _new_role_typos(data, base)
        if typos:
            raise DataFileError(typos)
    try:
        model = schema.model_validate(data)
    except ValidationError as e:
        raise DataFileError(from_validation(e, schema)) from None
    problems = model.problems(base)
    if problems:
        raise DataFileError(problems)
    return model


def check_options(model: RuleSetData, given: Mapping[str, Any]) -> None:
    """The options a game is created with: known keys, values among the choices, typed values."""
    specs: dict[str, Any] = {
        **BASE_OPTIONS,
        **{k: o.model_dump() for k, o in model.options.items()},
    }
    out: list[Problem] = []
    for key, value in given.items():
        if key not in specs:
            guess = nearest(key, specs)
            out.append(
                Problem(
                    "options",
                    message("option_unknown", key=key, suggestion=guess)
                    if guess
                    else message("option_unknown_plain", key=key, known=texts.LIST_SEP.join(specs)),
                )
            )
            continue
        choices = specs[key].get("choices")
        if choices is not None and value not in choices:
            out.append(
                Problem(format_path(["options", key]), message("choice", choices=listing(choices)))
            )
        elif value_check(key, specs[key]) is not None:
            out += _checked(["options", key], value_check(key, specs[key]), value)  # type: ignore[arg-type]
    if out:
        raise DataFileError(out)


__all__ = [
    "SCHEMAS",
    "BoardData",
    "RuleSetData",
    "check_options",
    "check_template",
    "placeholders",
    "sample_params",
    "validate",
]


# ---------------------------------------------------------------------- a board's declarations
@cache
def common_texts() -> dict[str, str]:
    """The texts every board shares (``rulesets/base.yaml``): the pipeline's own words."""
    raw = yaml.safe_load((Path(__file__).parent / "base.yaml").read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in dict(raw.get("texts") or {}).items()}


PIPELINE_TEXTS: dict[str, tuple[str, ...]] = {
    "night_start": ("day",),
    "day_start": ("day", "ps_night", "ps_vote"),
    "day_start_peaceful": ("day", "ps_night", "ps_vote"),
    "out": ("p", "p_by"),
    "last_words_right": ("p", "minutes"),
    "declarations_closed": (),
}
"""Texts the pipeline itself says (beside ``base.yaml``'s), with the placeholders it fills;
``day_start`` also fills ``p_<status>`` for each status."""
STAGE_CONDITIONS = ("has", "dealt", "due", "option", "day", "from_day", "last_words")
ROUNDS_TEXTS: dict[str, tuple[str, ...]] = {
    "refuse_out": (),
    "refuse_now": ("skill",),
    "refuse_no_skill": ("skill",),
}
"""Texts the board of rounds itself says (:mod:`bansha.mechanics.rounds`: an act of a player out,
not offered now, of a skill he does not hold; ``.<skill>`` its own wording), with the placeholders
it fills."""


@dataclass(frozen=True)
class Runner:
    """What a runner of declared mechanics reads beside its mechanics' declarations, for
    :class:`BoardCheck`: its step tables (a top-level key → the verbs a step may use, and whether
    the table's keys are stages, phases or names of the file's own), the conditions a ``when`` may
    name, the texts it says itself with the placeholders it fills (those it cannot do without:
    ``required``), and whether texts may name the file's words (``{skill:check}``)."""

    tables: Mapping[str, tuple[tuple[str, ...], str]]
    conditions: tuple[str, ...]
    texts: Mapping[str, tuple[str, ...]]
    required: tuple[str, ...] = ()
    names: bool = True


PIPELINE_RUNNER = Runner(
    {"resolution": (("do", "resolve"), "stage")}, STAGE_CONDITIONS, PIPELINE_TEXTS
)
"""The pipeline (:mod:`bansha.mechanics.pipeline`): one resolution table per stage."""
ROUNDS_RUNNER = Runner(
    {
        "setup": (TABLES["setup"], "name"),
        "phase_start": (TABLES["phase_start"], "phase"),
        "resolution": (TABLES["resolution"], "stage"),
    },
    ("due", "not_due"),
    ROUNDS_TEXTS,
    required=("refuse_out", "refuse_now"),
    names=False,
)
"""The board of rounds (:mod:`bansha.mechanics.rounds`, :mod:`bansha.mechanics.tables`): what
follows the deal, what each phase's start does and what each stage's close resolves; a stage or
a step held on a mechanic's due (``due:``/``not_due:``)."""


def _words(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, list | tuple) else [value]


class BoardCheck:
    """What a board's declarations name, checked against what exists: stage keys, skill keys,
    causes, factions, texts a mechanic needs and the placeholders each text may use. Every
    problem names its key path and the nearest known key (「是否应为…」)."""

    def __init__(
        self,
        board: PipelineData | M186Data,
        base_texts: Mapping[str, str],
        base: RuleSetData | None = None,
        runner: Runner = PIPELINE_RUNNER,
    ) -> None:
        from bansha.mechanics.base import Mechanic
        from bansha.mechanics.catalogue import CATALOGUE

        self.b = board
        self.runner = runner
        """What the file's runner reads beside the mechanics (:class:`Runner`)."""
        self.pipeline = board if isinstance(board, PipelineData) else None
        """The file's pipeline keys (teams, outcome, last words, named conditions), if it has them."""
        self.when_names = self.pipeline.when_names if self.pipeline is not None else {}
        self.catalogue = CATALOGUE
        self.undeclared = Mechanic.about
        self.base_texts = base_texts
        self.inherited = dict(base.texts) if base is not None else {}
        """The texts of the file this one extends (their placeholders stay allowed)."""
        self.out: list[Problem] = []
        self.stages = sorted(board.stage_keys())
        self.causes = list(board.causes) + [c for c in self.produced() if c not in board.causes]
        """Causes a reference may name: those with a word, and those a mechanic's exits carry
        (a missing word is one problem, at ``causes.<key>``)."""
        self.needs: dict[str, tuple[set[str], str]] = {}
        """Text key → (placeholders its code fills, who needs it)."""
        self.required: list[tuple[str, str]] = []

    def produced(self) -> list[str]:
        """Every exit cause a declared mechanic's exits carry (the skill key, a ``cause``)."""
        from bansha.mechanics.about import expand

        out: list[str] = []
        for key, skill in self.b.skills.items():
            cls = self.catalogue.get(skill.mechanic or "")
            if cls is None or cls.about is self.undeclared:
                continue
            values = self._values(key, skill, cls.about)
            for pattern in cls.about.causes:
                cause = expand(pattern, key, values)
                if cause is None or cause in out:
                    continue
                if pattern == "{skill}" or nearest(cause, self.b.causes) is None:
                    out.append(cause)  # a new cause (not a misspelt one): it needs its word
        return out

    def _values(self, key: str, skill: BoardSkill, about: Any) -> dict[str, str]:
        params = dict(skill.params or {})
        values: dict[str, str] = {}
        for p in about.params:
            value = params.get(p.key, p.default)
            if isinstance(value, str):
                values[p.key] = value.replace("{skill}", key)
        return values

    # ------------------------------------------------------------------ helpers
    def ref(
        self,
        loc: Loc,
        value: Any,
        known: Iterable[str],
        what: str,
        words: Mapping[str, str] | None = None,
    ) -> None:
        """``value`` must be among ``known``; a word written instead of its key is named (a
        value of another type is the mechanic's to refuse, when the board is built)."""
        if not isinstance(value, str | int) or isinstance(value, bool):
            return
        known = list(known)
        if value in known:
            return
        if words is not None and isinstance(value, str) and value:
            by_word = [k for k, w in words.items() if w == value] or sorted(
                (k for k, w in words.items() if value in w),
                key=lambda k: -difflib.SequenceMatcher(None, value, words[k]).ratio(),
            )
            if by_word:
                self.out.append(
                    Problem(
                        format_path(loc),
                        message("unknown_ref", what=what, value=value, suggestion=by_word[0]),
                    )
                )
                return
        self.out.append(unknown(loc, value, known, what))

    def skill_words(self) -> dict[str, str]:
        return {k: s.name for k, s in self.b.skills.items()}

    def param(self, loc: Loc, kind: str, value: Any) -> None:
        if isinstance(value, dict) and set(value) == {"option"}:
            return  # read with the game's options (checked by the pipeline)
        tables: dict[str, tuple[Iterable[str], str, Mapping[str, str] | None]] = {
            "skill": (self.b.skills, NOUNS["skill"], self.skill_words()),
            "skills": (self.b.skills, NOUNS["skill"], self.skill_words()),
            "cause": (self.causes, NOUNS["cause"], dict(self.b.causes)),
            "causes": (self.causes, NOUNS["cause"], dict(self.b.causes)),
            "factions": (self.b.factions, NOUNS["faction"], dict(self.b.factions)),
            "status": (self.b.statuses, NOUNS["status"], dict(self.b.statuses)),
            "group": (self.b.groups, NOUNS["group"], dict(self.b.groups)),
        }
        if kind not in tables or value is None:
            return
        known, what, words = tables[kind]
        if kind == "faction_table":
            self.faction_table(loc, value)
            return
        if not isinstance(value, str | int | list | tuple | Mapping) or isinstance(value, bool):
            return
        if (
            kind == "cause"
            and isinstance(value, str)
            and value not in self.b.causes
            and nearest(value, self.b.causes) is None
        ):
            return  # a cause the mechanic brings: its word is asked for at causes.<key>
        if kind in ("skills", "causes", "factions"):
            for i, v in enumerate(_words(value)):
                self.ref([*loc, i] if isinstance(value, list) else loc, v, known, what, words)
        else:
            self.ref(loc, value, known, what, words)

    def faction_table(self, loc: Loc, value: Any) -> None:
        """A table by faction: its keys are factions, and every faction of a role holding the
        skill has an entry (a 投降 offered to a faction nobody is asked for would be refused)."""
        if not isinstance(value, Mapping):
            return
        for faction in value:
            self.ref(
                [*loc, faction], faction, self.b.factions, NOUNS["faction"], dict(self.b.factions)
            )
        skill = str(loc[1])
        for key, role in self.b.roles.items():
            if skill in role.skills and role.count > 0 and role.faction not in value:
                self.out.append(
                    Problem(
                        format_path(loc), message("faction_entry", faction=role.faction, role=key)
                    )
                )

    def when(self, loc: Loc, raw: Any) -> None:
        named = self.when_names
        conditions = self.runner.conditions
        for i, part in enumerate(_words(raw)):
            where = [*loc, i] if isinstance(raw, list) else loc
            alias = named.get(part) if isinstance(part, str) else None
            if alias is not None:
                continue  # checked where when_names is
            kind, _, arg = str(part).partition(":")
            if kind not in conditions:
                self.out.append(unknown(where, kind, conditions, NOUNS["condition"]))
            elif kind in ("has", "due", "not_due", "dealt"):
                self.ref(where, arg, self.b.skills, NOUNS["skill"], self.skill_words())
                skill = self.b.skills.get(arg)
                if kind in ("due", "not_due") and skill is not None and not self.owes(skill):
                    self.out.append(Problem(format_path(where), message("due_never", skill=arg)))
            elif kind == "option":
                self.ref(where, arg.partition("=")[0], self.b.options, NOUNS["option"])

    # ------------------------------------------------------------------ sections
    def run(self) -> list[Problem]:
        b = self.b
        for key, skill in b.skills.items():
            self.skill(key, skill)
        for phase, stages in b.timetable.items():
            for i, st in enumerate(stages):
                if st.when is not None:
                    self.when(["timetable", phase, i, "when"], st.when)
        for name, raw in self.when_names.items():
            self.when(["when_names", name], raw)
        for table, (verbs, keyed) in self.runner.tables.items():
            self.table(table, verbs, keyed)
        if self.pipeline is not None:
            self.pipeline_keys(self.pipeline)
        self.progress()
        self.texts()
        self.counts()
        return self.out

    def table(self, table: str, verbs: tuple[str, ...], keyed: str) -> None:
        """A table of steps (``resolution``, ``setup``, ``phase_start``): its keys (a stage, a
        phase or a name of the file's own) and each step."""
        b = self.b
        steps_by: dict[str, list[dict[str, Any]]] = getattr(b, table)
        for name, steps in steps_by.items():
            if (
                keyed == "stage"
                and name not in self.stages
                and any(
                    self.live(str(k)) for step in steps for v in verbs for k in _words(step.get(v))
                )
            ):
                self.out.append(unknown([table, name], name, self.stages, NOUNS["stage"]))
            elif keyed == "phase" and name not in b.cycle:
                self.out.append(unknown([table, name], name, b.cycle))
            for i, step in enumerate(steps):
                self.step([table, name, i], step, verbs)

    def progress(self) -> None:
        """The progress lines' texts (``progress``): each word's count and names (``n_<word>``,
        ``ps_<word>``: :func:`bansha.engine.seat.by_word`), or the names told with a word (``ps``,
        ``n``)."""
        by_word = {f"{x}_{w}" for w in self.b.words for x in ("n", "ps")}
        for i, line in enumerate(self.b.progress):
            fields = {"ps", "n"} if line.known is not None else by_word
            self.needs.setdefault(line.text, (set(), f"progress[{i}]"))[0].update(fields)

    def pipeline_keys(self, b: PipelineData) -> None:
        """The pipeline's own sections: teams, the outcome, last words."""
        for team, spec in b.teams.items():
            if team not in b.groups:
                self.out.append(unknown(["teams", team], team, b.groups, NOUNS["group"]))
            for i, role in enumerate(spec.roles):
                self.ref(["teams", team, "roles", i], role, b.roles, NOUNS["role"])
            if spec.skill is not None:
                self.ref(
                    ["teams", team, "skill"],
                    spec.skill,
                    b.skills,
                    NOUNS["skill"],
                    self.skill_words(),
                )
        self.outcome(b)
        lw = b.last_words or {}
        for i, c in enumerate(_words(lw.get("never"))):
            self.ref(["last_words", "never", i], c, self.causes, NOUNS["cause"], dict(b.causes))
        if lw.get("quota_role") is not None:
            self.ref(["last_words", "quota_role"], lw["quota_role"], b.roles, NOUNS["role"])

    def live(self, key: str) -> bool:
        """Whether a skill can be used in a game of this file: a dealt role holds it, or no role
        does (the common 投票); a skill of a role dealt to nobody may name stages left out."""
        holders = [r for r in self.b.roles.values() if key in r.skills]
        return not holders or any(r.count > 0 for r in holders)

    def skill(self, key: str, skill: BoardSkill) -> None:
        loc: list[str | int] = ["skills", key]
        stages = _words(skill.stages if skill.stages is not None else skill.stage)
        for i, st in enumerate(stages):
            if st != "*" and self.live(key):
                where = [*loc, "stages", i] if isinstance(skill.stages, list) else [*loc, "stages"]
                self.ref(where, st, self.stages, NOUNS["stage"], self._stage_words())
        from bansha.mechanics.base import POLICIES

        if skill.policy is not None and skill.policy not in POLICIES:
            self.out.append(unknown([*loc, "policy"], skill.policy, POLICIES[:-1]))
        if skill.team is not None and skill.team not in self.b.groups:
            self.out.append(unknown([*loc, "team"], skill.team, self.b.groups, NOUNS["group"]))
        if skill.mechanic is None:
            return
        cls = self.catalogue.get(skill.mechanic)
        if cls is None:
            self.out.append(
                unknown(
                    [*loc, "mechanic"], skill.mechanic, sorted(self.catalogue), NOUNS["mechanic"]
                )
            )
            return
        about = cls.about
        if about is self.undeclared:
            return
        params = dict(skill.params or {})
        declared = {p.key: p for p in about.params}
        for name in params:
            if name not in declared:
                self.out.append(unknown([*loc, "params", name], name, declared))
        values = self._values(key, skill, about)
        for p in about.params:
            if p.key in params or p.kind == "faction_table":
                before = len(self.out)
                self.param([*loc, "params", p.key], p.kind, params.get(p.key, p.default))
                if len(self.out) != before:
                    values.pop(p.key, None)  # refused: nothing is named after it
        from bansha.mechanics.about import expand

        for need in about.texts:
            text = expand(need.key, key, values)
            named = [text] if text is not None else self.in_rows(need.key, key, params)
            for text in named:
                self.needs.setdefault(text, (set(), f"skills.{key}"))[0].update(need.placeholders)
                if need.required:
                    self.required.append((text, f"skills.{key}"))
        for pattern in about.causes:
            cause = expand(pattern, key, values)
            if cause is not None and cause not in self.b.causes and cause != "{cause}":
                self.out.append(
                    Problem(
                        format_path(["causes", cause]),
                        message("cause_needed", cause=cause, skill=key, mechanic=skill.mechanic),
                    )
                )

    def in_rows(self, pattern: str, key: str, params: Mapping[str, Any]) -> list[str]:
        """The texts a pattern naming one parameter (``{notice}``) names in the rows of a table
        parameter (:mod:`bansha.mechanics.knowledge`'s ``told``: each rule's ``notice``, its
        ``then``'s too)."""
        from bansha.mechanics.about import expand

        name = placeholders(pattern) - {"skill"}
        if len(name) != 1:
            return []
        field = name.pop()
        out: list[str] = []
        rows: list[Any] = [v for v in params.values() if isinstance(v, list | dict)]
        while rows:
            row = rows.pop()
            if isinstance(row, dict):
                value = row.get(field)
                if isinstance(value, str):
                    text = expand(pattern, key, {field: value})
                    if text is not None and text not in out:
                        out.append(text)
                rows += [v for v in row.values() if isinstance(v, list | dict)]
            elif isinstance(row, list):
                rows += [v for v in row if isinstance(v, list | dict)]
        return out

    def owes(self, skill: BoardSkill) -> bool:
        """Whether the skill's mechanic ever owes an act (``due``: a shot, a badge)."""
        from bansha.mechanics.base import Mechanic

        cls = self.catalogue.get(skill.mechanic or "")
        return cls is not None and cls.due is not Mechanic.due

    def declared(self, skill: BoardSkill) -> bool:
        """Whether the skill's mechanic says what it reads and needs (``about``)."""
        cls = self.catalogue.get(skill.mechanic or "")
        return cls is not None and cls.about is not self.undeclared

    def _stage_words(self) -> dict[str, str]:
        return {s.key: s.stage for stages in self.b.timetable.values() for s in stages}

    def step(self, loc: Loc, step: Mapping[str, Any], allowed: tuple[str, ...]) -> None:
        verbs = [v for v in allowed if v in step]
        keys: set[str] = {"step", "when", *allowed}
        for verb in verbs:
            for i, k in enumerate(_words(step[verb])):
                where = [*loc, verb, i] if isinstance(step[verb], list) else [*loc, verb]
                skill = self.b.skills.get(k)
                if skill is None:
                    self.ref(where, k, self.b.skills, NOUNS["skill"], self.skill_words())
                    continue
                if skill.mechanic is None:
                    self.out.append(
                        Problem(format_path(where), message("step_no_mechanic", skill=k))
                    )
                    continue
                cls = self.catalogue.get(skill.mechanic)
                if cls is None or cls.about is self.undeclared:
                    keys = set()  # a mechanic that does not say which keys it reads
                    break
                for p in cls.about.steps:
                    if keys:
                        keys.add(p.key)
                    if p.key in step:
                        self.param([*loc, p.key], p.kind, step[p.key])
                if skill.mechanic == "day_vote" and isinstance(step.get("status"), str):
                    status = step["status"]
                    self.needs.setdefault(f"elected_{status}", (set(), "day_vote"))[0].add("p")
                    self.needs.setdefault(f"no_{status}", (set(), "day_vote"))
                if skill.mechanic == "day_vote" and isinstance(step.get("about"), str):
                    self.needs.setdefault(step["about"], (set(), "day_vote"))  # beside the form
        if keys:
            for k in step:
                if k not in keys:
                    self.out.append(unknown([*loc, k], k, sorted(keys)))
        if "when" in step:
            self.when([*loc, "when"], step["when"])

    def outcome(self, b: PipelineData) -> None:
        raw = b.outcome
        known = {
            "faction": list(self.b.factions),
            "category": list(self.b.categories),
            "role": list(self.b.roles),
            "status": list(self.b.statuses),
        }
        words = {
            "faction": dict(self.b.factions),
            "role": {k: r.name for k, r in self.b.roles.items()},
        }
        what = {
            "faction": NOUNS["faction"],
            "category": NOUNS["category"],
            "role": NOUNS["role"],
            "status": NOUNS["status"],
        }

        def condition(loc: Loc, cond: Any) -> None:
            if not isinstance(cond, Mapping):
                return
            for kind, arg in cond.items():
                if kind in ("any", "all"):
                    for i, sub in enumerate(_words(arg)):
                        condition([*loc, kind, i], sub)
                elif isinstance(arg, Mapping):
                    for sel, value in arg.items():
                        if sel in known:
                            self.ref(
                                [*loc, kind, sel], value, known[sel], what[sel], words.get(sel)
                            )

        for i, entry in enumerate(_words(raw.get("recorded"))):
            if not isinstance(entry, Mapping):
                continue
            raw_then = entry.get("then")
            then: Mapping[str, Any] = raw_then if isinstance(raw_then, Mapping) else {}
            for key in (entry.get("notice"), then.get("announce")):
                if isinstance(key, str):  # told with no placeholder (R-XXXII-12)
                    self.needs.setdefault(key, (set(), "outcome.recorded"))
                    self.required.append((key, f"outcome.recorded[{i}]"))
            for j, role in enumerate(_words(then.get("exit_roles"))):
                loc_role: list[str | int] = ["outcome", "recorded", i, "then", "exit_roles", j]
                self.ref(loc_role, role, self.b.roles, NOUNS["role"], words["role"])
            if isinstance(then.get("cause"), str):
                loc_cause: list[str | int] = ["outcome", "recorded", i, "then", "cause"]
                self.ref(loc_cause, then["cause"], self.causes, NOUNS["cause"], dict(self.b.causes))
        for section in ("wins", "losses", "recorded"):
            for i, entry in enumerate(_words(raw.get(section))):
                if not isinstance(entry, Mapping):
                    continue
                loc: list[str | int] = ["outcome", section, i]
                if "faction" in entry:
                    self.ref(
                        [*loc, "faction"],
                        entry["faction"],
                        self.b.factions,
                        NOUNS["faction"],
                        dict(self.b.factions),
                    )
                condition([*loc, "when"], entry.get("when"))
        for i, f in enumerate(_words(raw.get("tie_priority"))):
            self.ref(
                ["outcome", "tie_priority", i],
                f,
                self.b.factions,
                NOUNS["faction"],
                dict(self.b.factions),
            )
        for faction, effect in dict(raw.get("on_loss") or {}).items():
            self.ref(
                ["outcome", "on_loss", faction],
                faction,
                self.b.factions,
                NOUNS["faction"],
                dict(self.b.factions),
            )
            if isinstance(effect, Mapping):
                for i, k in enumerate(_words(effect.get("lose_skills"))):
                    self.ref(
                        ["outcome", "on_loss", faction, "lose_skills", i],
                        k,
                        self.b.skills,
                        NOUNS["skill"],
                        self.skill_words(),
                    )
                if isinstance(effect.get("notice"), str):
                    self.needs.setdefault(effect["notice"], (set(), "outcome.on_loss"))
                    self.required.append((effect["notice"], f"outcome.on_loss.{faction}"))

    def allowed(self, key: str) -> set[str] | None:
        """The placeholders text ``key`` may use, or None when no code says it."""
        out: set[str] | None = None
        if key in self.needs:
            out = set(self.needs[key][0])
        if key in self.base_texts:
            out = (out or set()) | placeholders(self.base_texts[key])
        own = self.runner.texts
        if key in own:
            out = (out or set()) | set(own[key])
            if key.startswith("day_start"):
                out |= {f"p_{s}" for s in self.b.statuses}
        if key.startswith("out_") and key[4:] in self.causes:
            out = (out or set()) | {"p", "p_by"}
        if key.startswith("refuse_stage_") or key.startswith("refuse_stage."):
            out = (
                (out or set())
                | placeholders(self.base_texts.get("refuse_stage", ""))
                | {"skill", "w"}
            )
        if out is None and key in self.inherited:
            out = placeholders(self.inherited[key])
        name, dot, skill = key.partition(".")
        if dot and skill in self.b.skills:
            inner = self.allowed(name)
            if inner is not None:
                out = (out or set()) | inner | {"skill"}
        return out

    def texts(self) -> None:
        b = self.b
        names = b.name_tables() if self.runner.names else None
        known = sorted(set(self.needs) | set(self.base_texts) | set(self.runner.texts))
        for key, template in b.texts.items():
            allowed = self.allowed(key)
            if allowed is None and b.OPEN:
                self.out.append(
                    Problem(
                        format_path(["texts", key]),
                        message("text_unused", suggestion=nearest(key, known) or "—"),
                    )
                )
                continue
            self.out += check_template(["texts", key], template, allowed, names)
        for key, skill in b.skills.items():
            for name, template in skill.refusals.items():
                allowed = self.allowed(name)
                if allowed is None and not self.declared(skill):
                    self.out += check_template(
                        ["skills", key, "refusals", name], template, None, names
                    )
                    continue
                if allowed is None:
                    refusals = [k for k in known if k.startswith("refuse")]
                    self.out.append(unknown(["skills", key, "refusals", name], name, refusals))
                    continue
                self.out += check_template(
                    ["skills", key, "refusals", name], template, allowed | {"skill"}, names
                )
            self.out += check_template(["skills", key, "text"], skill.text, set(), names)
        for key, role in b.roles.items():
            self.out += check_template(["roles", key, "text"], role.text, set(), names)
        required = [*self.required, *((t, "runs_on") for t in self.runner.required)]
        for text, who in required:
            if text not in b.texts:
                filled = self.needs.get(text, (set(self.runner.texts.get(text, ())), ""))[0]
                fields = texts.LIST_SEP.join("{" + p + "}" for p in sorted(filled)) or texts.NOBODY
                self.out.append(
                    Problem(
                        format_path(["texts", text]), message("text_needed", who=who, fields=fields)
                    )
                )

    def counts(self) -> None:
        b = self.b
        n = b.player_count
        m = re.search(texts.TITLE_PLAYERS, b.title)  # the names may be the base's, inherited
        if m and int(m.group(1)) != n:
            self.out.append(
                Problem("title", message("count_title", title=b.title, said=m.group(1), count=n))
            )
