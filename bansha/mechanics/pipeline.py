"""The act pipeline: the rule-set base of every board built from declared mechanics.

A board's data file declares its skills (each with the mechanic it runs, its stages and typed
parameters), its stages' resolution tables (the post's own numbered steps), its teams, its
last-words policy and its win and loss conditions; this class runs them and holds no rule of
any one board. For the current stage, the legal acts, the refusals (text keys of the data
file), the recording and its audience all come from each skill's mechanic; closing a stage runs
its resolution table step by step, the director's trace built from the steps' labels; every
exit goes through one chain (last words, then each mechanic's exit hook: the badge, the
hunter's shot...); the win and loss conditions are checked after every step with an exit and at
the end of every stage (R-ALL-08), or at the end of every stage only (``outcome.checked:
stage_end``, XXXII).

A data-only board (a folder of ``bansha/rulesets/`` holding only its ``data.yaml``: M103, bs46,
XXXII and the boards) is this class as it is; what one post does its own way is a declared
mechanic (bs46's ``dawn``, XXXII's ``night_exits`` and ``drowning``) or a data choice whose
default keeps every other board.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Final, cast

from bansha import texts
from bansha.engine.commands import Act, Vote
from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError, SetupError
from bansha.engine.events import PUBLIC, Event
from bansha.engine.ruleset import VOTE, LegalAct, submitted_by_skill
from bansha.engine.state import CUT, LAST_WORDS_QUOTA, State
from bansha.mechanics import announce, conditions, consequences, last_words, recorded, resolution
from bansha.mechanics.base import LIST_SEP, Board, Mechanic, SkillSpec
from bansha.mechanics.catalogue import declare
from bansha.mechanics.colours import Colours
from bansha.mechanics.dawn import Dawn
from bansha.mechanics.day_vote import DayVote
from bansha.mechanics.declaration import Declaration
from bansha.mechanics.night_exits import NightExits
from bansha.mechanics.outcome import last_standing
from bansha.mechanics.params import Raw
from bansha.mechanics.resolution import Step
from bansha.mechanics.runoff_vote import RunoffVote
from bansha.mechanics.sheriff import Sheriff
from bansha.mechanics.stored_flags import StoredFlags

Basis = tuple[int, int, int, int, tuple[int, ...]]
"""What decides the outcome, as the last check saw it (``State.outcome_basis``): the exits, the
losses, the event position (0 but at a check with a faction already lost), the faction changes
and how many each mark holds."""
StageKept = tuple[str, tuple[Mechanic, ...], tuple[Mechanic, ...]]
"""A stage's key, its mechanics, and those of them that are not plain."""
WHEN_KINDS = ("has:", "dealt:", "due:", "option:", "day:", "from_day:", "last_words")
"""The conditions a stage's or a step's ``when`` may hold."""
DECIDED: Final = "trace_decided"
"""The text key of the trace's line that says the game was decided and the resolution stopped."""
PLACEHOLDER = re.compile(r"\{(skill|role|faction|status|word|group|category):([A-Za-z0-9_]+)\}")
"""A name inside a text (``{skill:check}``), filled from the names table when the board loads."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """Win and loss conditions, in the data file's order; ``joint``: several winners at once
    all win (R-ALL-08), else the first listed."""

    wins: tuple[tuple[str, conditions.Condition], ...]
    losses: tuple[tuple[str, conditions.Condition], ...]
    joint: bool
    priority: tuple[str, ...]
    on_loss: dict[str, tuple[tuple[str, ...], str | None]]
    """A faction's losing effects: the skills its members lose and the notice they are told."""
    recorded: tuple[recorded.Recorded, ...] = ()
    """Wins recorded without ending the game (XXXII 魔女, R-XXXII-12: :mod:`.recorded`)."""
    concede: str = "lose"
    """A director's 判负: ``lose`` (privately, then the usual checks), ``end`` (announced, and
    the other factions with a win condition win at once: bs46 「直接判其所在阵营负」) or ``finish``
    (announced; a faction with a win condition conceding, the others with one win and the game
    ends as a win ends it, the night's exits said first and a recorded win among the winners; a
    faction without one, XXXII's 第三方, just loses)."""
    checked: str = "step"
    """When the outcome is checked: after every resolution step with an exit and at the stage's
    end (``step``, R-ALL-08), or at the stage's end only (``stage_end``: XXXII 「达成胜利条件时游戏
    结束」 read at each stage's end, R-XXXII-13)."""


class Pipeline(Board):
    """A rule set run entirely from its data file's declarations (see the module docstring)."""

    def __init__(self, data: dict[str, Any], options: dict[str, Any] | None = None) -> None:
        super().__init__(data, options)
        self.window = self._read_windows()
        self._expand_placeholders()
        self.categories = {
            k: str(r["category"]) for k, r in self.roles.items() if r.get("category")
        }
        self.colours = Colours.read(self.data.get("colours"), "colours", self.selector_keys())
        self.specs: dict[str, SkillSpec] = {}
        self.mechs: dict[str, Mechanic] = {}
        for key, raw in self.skills.items():
            if "mechanic" in raw:
                m = self.mechs[key] = declare(self, key, raw)
                self.specs[key] = m.spec
        by_stage: dict[str, list[Mechanic]] = {}
        anywhere = [m for m in self.mechs.values() if "*" in m.spec.stages]
        self._anywhere = tuple(anywhere)
        """Mechanics usable in every stage (``stages: ["*"]``: M103's 投降)."""
        for m in self.mechs.values():
            for stage in m.spec.stages:
                if stage != "*":
                    by_stage.setdefault(stage, []).append(m)
        self._by_stage = {k: tuple(v + anywhere) for k, v in by_stage.items()}
        self._unplain = {
            key: _unplain(ms) for key, ms in (*self._by_stage.items(), ("*", self._anywhere))
        }
        """Each stage's mechanics but the plain ones (``*``: a stage no mechanic names): what a
        player out or without skills may be offered."""
        self._stage_kept: StageKept = ("", self._anywhere, self._unplain["*"])
        """The stage key :meth:`_stage_of` answered last, and its answer."""
        self._every: tuple[int, ...] = ()
        """Every seat of the last game whose offers were read (``range`` as a tuple)."""
        self._voting: dict[str, DayVote | RunoffVote] = {
            stage: m
            for stage, ms in by_stage.items()
            for m in ms
            if isinstance(m, DayVote | RunoffVote)
        }
        every = tuple(self.mechs.values())
        self.consequences = consequences.read(self, self.mechs)
        """What follows an exit, a vote-out and a faction's loss, in the data file's order."""
        self._on_exit = tuple(c.mechanic for c in self.consequences["exit"])
        self._on_voted_out = tuple(c.mechanic for c in self.consequences["voted_out"])
        self._on_phase_start = tuple(m for m in every if "on_phase_start" in m.hooks)
        self._on_stage_open = {
            stage: tuple(m for m in ms if "on_stage_open" in m.hooks)
            for stage, ms in self._by_stage.items()
        }
        self._on_setup = tuple(m for m in every if "on_setup" in m.hooks)
        self._on_faction_lost = tuple(c.mechanic for c in self.consequences["faction_lost"])
        self._on_card = tuple(m for m in every if "on_card" in m.hooks)
        self._refusals_out = tuple(m for m in every if "refusal_out" in m.hooks)
        self._weighers = tuple(m for m in every if "weight" in m.hooks)
        self._vote_gates = tuple(m for m in every if "may_vote" in m.hooks)
        self._substitutes = tuple(m for m in every if "instead" in m.hooks)
        dawns = [m for m in every if isinstance(m, Dawn | NightExits)]
        self._dawn: Dawn | NightExits | None = dawns[0] if dawns else None
        """The mechanic that says the day's start, if the board declares one (bs46's dawn,
        XXXII's night_exits)."""
        self._stored = StoredFlags.read(self.data.get("stored_flags"))
        """How a stream stored while the board's memory sat in flags reads (bs46)."""
        self._when: dict[str, tuple[tuple[str, str], ...]] = {}
        self._steps = self._read_resolution()
        for phase, stages in self.data.get("timetable", {}).items():
            for i, spec in enumerate(stages):
                self._when[_when_key(spec)] = self._read_when(spec, f"timetable.{phase}[{i}]")
        self.outcome = self._read_outcome()
        start = {str(spec["key"]) for spec in self.data.get("timetable", {}).get("start") or []}
        raw_declaration = self.data.get("declaration")
        self.declaration = (
            None
            if raw_declaration is None
            else Declaration.read(
                raw_declaration, self.skills, self.words, start, self.selector_keys()
            )
        )
        """The pre-deal declaration (``declaration:``, XXXII 信仰声明), if the board has one."""
        judged = {f for f, _ in self.outcome.wins} | {f for f, _ in self.outcome.losses}
        self._judged_factions = tuple(f for f in self.factions if f in judged)
        """The factions with a win or loss condition, in the data file's order."""
        judged |= {r.faction for r in self.outcome.recorded}
        self._ruled_factions = tuple(f for f in self.factions if f in judged)
        """The factions a director may rule lost: those judged and those whose win is recorded
        (XXXII's 第三方: 黑方, 白方 and the third party)."""
        self.policy = self._read_last_words()
        self.teams = self.read_teams()
        self._held_phases = tuple(str(p) for p in self.data.get("hold_announcements") or [])
        self.final_at_window_close = self.data.get("acts_final") == "window"
        """R-M103-22: an act is final when its window closes (R-ALL-09 drops it only before)."""
        self._last_words_stages = {
            str(spec["key"])
            for specs in self.data.get("timetable", {}).values()
            for spec in specs
            if any(kind == "last_words" for kind, _ in self._when.get(_when_key(spec), ()))
        }
        self._uses_stand = bool(self.data.get("uses_stand", False))
        """A use recorded at its stage's close stands whatever befalls its user (XXXII)."""
        self._mechanic_hints = bool(self.data.get("mechanic_hints", True))
        """The bots read a mechanic's default hint for a skill without its own (not XXXII's)."""
        self._asks_until_kept = self.data.get("voted_out_asks") == "until_kept"
        """A vote-out asks the mechanics in order until one keeps the player in (XXXII)."""
        self._teams_at_deal = self.data.get("teams_form") == "deal"
        """The groups form at the deal (XXXII), not once the start phase is over (M103)."""
        self._announced_first = self.data.get("exits_announced") == "first"
        """An exit announced now is announced before the player is told (XXXII 「被票死」)."""
        self._fixed_draws = tuple(str(k) for k in self.data.get("fixed_draws") or ())
        """The hidden draws a scenario may pin (``fixed``), by key."""
        self._dealt_skills = {
            sk for r in self.roles.values() if int(r.get("count", 0)) > 0 for sk in r["skills"]
        }

    def _read_windows(self) -> int | None:
        """R-M103-18 行动时限: a stage of ``windows: n`` lasts n action windows of the option
        ``window_minutes`` (a board without that option has none)."""
        if "window_minutes" not in self.options:
            return None
        window = self.options["window_minutes"]
        if not isinstance(window, int) or isinstance(window, bool) or window <= 0:
            raise SetupError(texts.WINDOW_MINUTES.format(value=window))
        for specs in self.data.get("timetable", {}).values():
            for spec in specs:
                if "windows" in spec:
                    spec["minutes"] = int(spec["windows"]) * window
        return window

    # ================================================================== reading the data file
    def _expand_placeholders(self) -> None:
        """``{skill:check}`` in any text becomes the skill's name now, so a rename never leaves
        the old word behind (R-M103-01: every word a player reads is the post's)."""
        tables: dict[str, dict[str, str]] = {
            "skill": {k: str(v["name"]) for k, v in self.skills.items()},
            "role": {k: str(v["name"]) for k, v in self.roles.items()},
            "faction": dict(self.factions),
            "status": {str(k): str(v) for k, v in self.data.get("statuses", {}).items()},
            "word": dict(self.words),
            "group": {str(k): str(v) for k, v in self.data.get("groups", {}).items()},
            "category": {str(k): str(v) for k, v in self.data.get("categories", {}).items()},
        }

        def fill(text: str, where: str) -> str:
            def one(m: re.Match[str]) -> str:
                table = tables[m.group(1)]
                if m.group(2) not in table:
                    raise SetupError(
                        texts.PLACEHOLDER_UNKNOWN.format(where=where, placeholder=m.group(0))
                    )
                return table[m.group(2)]

            return PLACEHOLDER.sub(one, text)

        self.texts = {k: fill(str(v), f"texts.{k}") for k, v in self.texts.items()}
        for key, skill in self.skills.items():
            if "text" in skill:
                skill["text"] = fill(str(skill["text"]), f"skills.{key}.text")
            for name, text in dict(skill.get("refusals") or {}).items():
                self.texts[f"{name}.{key}"] = fill(str(text), f"skills.{key}.refusals.{name}")
        for key, role in self.roles.items():
            if "text" in role:
                role["text"] = fill(str(role["text"]), f"roles.{key}.text")

    def _read_resolution(self) -> dict[str, tuple[Step, ...]]:
        return resolution.read(self, self._read_when)

    def _read_when(self, spec: dict[str, Any], where: str) -> tuple[tuple[str, str], ...]:
        raw = spec.get("when")
        if raw is None:
            return ()
        named = self.data.get("when_names") or {}
        parts: list[Any] = []
        for part in [raw] if isinstance(raw, str) else list(raw):
            alias = named.get(part) if isinstance(part, str) else None
            parts += [part] if alias is None else [alias] if isinstance(alias, str) else alias
        out: list[tuple[str, str]] = []
        for part in parts:
            kind, _, arg = str(part).partition(":")
            if kind in ("has", "due", "dealt"):
                self.skill_ref(arg, f"{where}.when")
            elif kind == "option":
                name = arg.partition("=")[0]
                if name not in self.options:
                    raise SetupError(texts.WHEN_NO_OPTION.format(where=f"{where}.when", name=name))
            elif kind in ("day", "from_day"):
                if not arg.isdigit():
                    raise SetupError(texts.WHEN_DAYS.format(where=f"{where}.when", kind=kind))
            elif kind != "last_words":
                known = LIST_SEP.join(WHEN_KINDS)
                here = f"{where}.when"
                raise SetupError(texts.WHEN_UNKNOWN.format(where=here, part=part, known=known))
            out.append((kind, arg))
        return tuple(out)

    def _read_outcome(self) -> Outcome:
        raw = self.data.get("outcome") or {}
        known = self.selector_keys()

        def read(kind: str) -> tuple[tuple[str, conditions.Condition], ...]:
            return self.read_conditions(kind)

        wins = read("wins")
        if not wins:
            raise SetupError(texts.OUTCOME_NO_WIN)
        priority = tuple(str(f) for f in raw.get("tie_priority") or [f for f, _ in wins])
        on_loss: dict[str, tuple[tuple[str, ...], str | None]] = {}
        for faction, effect in dict(raw.get("on_loss") or {}).items():
            where = f"outcome.on_loss.{faction}"
            if faction not in self.factions:
                raise SetupError(
                    texts.DATA_NOT_FACTION.format(where="outcome.on_loss", value=faction)
                )
            r = Raw(effect, where, self.options)
            lose = tuple(self.skill_ref(k, f"{where}.lose_skills") for k in r.words("lose_skills"))
            on_loss[str(faction)] = (lose, r.text("notice", None))
            r.done()
        kept = recorded.read(
            raw.get("recorded"), "outcome.recorded", self.factions, self.roles, known
        )
        joint = bool(raw.get("joint", True))
        concede = str(raw.get("concede", "lose"))
        checked = str(raw.get("checked", "step"))
        for key, value, ways in (
            ("concede", concede, ("lose", "end", "finish")),
            ("checked", checked, ("step", "stage_end")),
        ):
            if value not in ways:
                raise SetupError(texts.OUTCOME_CHOICE.format(key=key, choices=LIST_SEP.join(ways)))
        return Outcome(wins, read("losses"), joint, priority, on_loss, kept, concede, checked)

    def _read_last_words(self) -> last_words.Policy:
        return last_words.Policy.read(self.data.get("last_words"), self.options, self.roles)

    # ================================================================== words
    def cause_word(self, cause: str) -> str:
        """How an exit's cause is told (``causes`` of the data file)."""
        causes: dict[str, str] | None = self.data.get("causes")  # no default dict built
        return cause if causes is None else str(causes.get(cause, cause))

    def skill_hints(self) -> dict[str, str]:
        """What each declared skill does to its target, for bots (``hint``, or its mechanic's
        default unless ``mechanic_hints: false``: XXXII's bots read the data file's hints only)."""
        if not self._mechanic_hints:
            return super().skill_hints()  # the data file's own
        return {k: s.hint for k, s in self.specs.items() if s.hint}

    # ================================================================== setup
    def setup(
        self, ctx: Ctx, roles: dict[int, str] | None, fixed: dict[str, Any], declare: dict[str, Any]
    ) -> None:
        """Deal; the mechanics' part in the setup; then the start phase's first stage that is
        held, or (none) the teams' groups and the first phase. A board with a ``declaration``
        holds its stage first, unless the answers came with the game (a scenario's ``declare``):
        the deal (a fixed one pinned, ``State.pinned_deal``) waits for its close."""
        pins = {k: v for m in self._on_setup for k, v in m.pins(ctx.state, fixed).items()}
        if pins:  # a scenario's pinned draws, for the mechanics' setup (bs46's rings)
            ctx.emit("pinned", {"draws": pins})
        d = self.declaration
        draws = self._pinned_draws(ctx.state, fixed)
        declared: set[int] = set()
        if d is not None:
            given = d.given(ctx.state, declare)
            if given is None:
                if roles is not None or draws:  # a fixed deal waits for the declarations
                    pinned: dict[str, Any] = {"draws": draws}
                    if roles is not None:
                        pinned["deal"] = [roles[i] for i in sorted(roles)]
                    ctx.emit("pinned", pinned)
                spec = next(x for x in self.stage_specs("start") if str(x["key"]) == d.stage)
                self.open_stage(ctx, "start", 0, spec, self.start_time(), phase_start=True)
                return
            declared = given
        if draws:
            ctx.emit("pinned", {"draws": draws})
        self._deal_and_set_up(ctx, roles, declared)
        at = self.start_time()
        for spec in self.stage_specs("start"):
            if self.stage_applies(ctx.state, spec, 0):
                self.open_stage(ctx, "start", 0, spec, at, phase_start=True)
                return
        self.form_teams(ctx)
        self.advance(ctx, at)

    def _pinned_draws(self, s: State, fixed: dict[str, Any]) -> dict[str, list[int]]:
        """The hidden draws a scenario pinned (``fixed``) among the board's ``fixed_draws``
        (XXXII: 魔女预言's list, the apprentice or the soul, the castling substitute), by seat."""
        names = {p.name: p.seat for p in s.players}
        draws: dict[str, list[int]] = {}
        for key in self._fixed_draws:
            value = fixed.get(key)
            if value is None:
                continue
            try:
                draws[key] = [
                    names[str(n)] for n in (value if isinstance(value, list) else [value])
                ]
            except KeyError as e:
                text = self.texts.get("fixed_no_player", "fixed_no_player")
                raise RuleError(self.fill(text, {"key": key, "name": str(e)})) from e
        return draws

    def _deal_and_set_up(self, ctx: Ctx, roles: dict[int, str] | None, declared: set[int]) -> None:
        """The deal, the declaration's marks, the groups when they form at the deal
        (``teams_form: deal``, XXXII), the last-words quota and the mechanics' setup."""
        dealt = self.deal(ctx, roles)
        if self.declaration is not None:
            self.declaration.keep_marks(ctx, declared, self.categories)
        if self._teams_at_deal:
            self.form_teams(ctx)
        quota = self.policy.quota
        if quota is None and self.policy.quota_role is not None:
            quota = sum(1 for r in dealt if r == self.policy.quota_role)
        if quota is not None:
            ctx.emit("flag", {"key": LAST_WORDS_QUOTA, "value": int(quota)})
        for m in self._on_setup:
            m.on_setup(ctx, dealt)

    # ================================================================== stages
    def stage_applies(self, state: State, spec: dict[str, Any], day: int) -> bool:
        """A stage's ``when``: ``has:<skill>`` (someone holds it now), ``dealt:<skill>`` (a role
        of the deal has it: held every night whatever its holder has left, so that the stage
        tells nobody anything), ``due:<skill>`` (someone owes it an act), ``last_words`` (a right
        is open), ``day:<n>``, ``from_day:<n>``, ``option:<name>=<value>``. After a cut
        (:meth:`end_day`), the rest of the phase holds only its ``due:`` stages."""
        d = self.declaration
        if d is not None and spec["key"] == d.stage and state.dealt:
            return False  # the declaration is made before the deal, once
        conds = self._when.get(_when_key(spec), ())
        cut = state.cut
        if (
            cut is not None
            and cut == (state.phase, state.day)
            and day == state.day
            and spec["key"] in self._stage_table(state.phase)[1]
            and not any(kind == "due" for kind, _ in conds)
        ):
            return False
        return self._holds(conds, state, day)

    def _holds(self, conds: tuple[tuple[str, str], ...], state: State, day: int) -> bool:
        for kind, arg in conds:
            if kind == "due":
                if not self.mechs[arg].due(state):
                    return False
            elif kind == "has":
                for p in state.players:
                    if arg in p.skills:
                        break
                else:
                    return False
            elif kind == "dealt":
                if arg not in self._dealt_skills:
                    return False
            elif kind == "last_words":
                if None not in state.last_words.values():
                    return False
            elif kind == "day":
                if day != int(arg):
                    return False
            elif kind == "from_day":
                if day < int(arg):
                    return False
            else:
                name, _, value = arg.partition("=")
                if str(self.options.get(name)) != value:
                    return False
        return True

    def holds_announcements(self, state: State) -> bool:
        """Whether announcements made now wait for the next day's start (R-ALL-11: the phases of
        ``hold_announcements``, M103's 「夜晚期间需要公示的内容全部在下一个白天开始时公布」)."""
        return state.phase in self._held_phases

    def stage_audience(self, state: State, spec: dict[str, Any]) -> tuple[int, ...] | None:
        """A ``private`` stage is seen by those who owe it an act (the dead hunter, the dead
        sheriff) and the holders of an open last-words right: nobody else learns it is held."""
        if not spec.get("private"):
            return None
        group = spec.get("audience")
        if group is not None:  # a group sees it (XXXII's 王车易位: the witch's group, R-XXXII-19)
            return tuple(state.groups.get(str(group), ()))
        seats: set[int] = set()
        for kind, arg in self._when.get(_when_key(spec), ()):
            if kind == "due":
                seats.update(self.mechs[arg].due(state))
            elif kind == "last_words":
                seats.update(state.last_words)
        return tuple(sorted(seats))

    def end_phase(self, ctx: Ctx, at: datetime | None) -> None:
        """Close the current stage now and begin the next phase (狼人自爆: 「直接进入黑夜」)."""
        s = ctx.state
        when = at or s.deadline
        ctx.emit(
            "stage_closed",
            {"phase": s.phase_label(), "stage": s.stage, "at": when.isoformat() if when else None},
            PUBLIC if s.stage_private is None else s.stage_private,
        )
        phase, day = s.phase, s.day
        for _ in range(4):
            phase, day = self.next_phase(phase, day)
            for spec in self.stage_specs(phase):
                if self.stage_applies(s, spec, day):
                    self.open_stage(ctx, phase, day, spec, when, phase_start=True)
                    return
        raise RuntimeError("no stage applies")  # pragma: no cover - data error

    def end_day(self, ctx: Ctx, at: datetime | None) -> None:
        """Close the current stage without its resolution (no vote that day) and skip the rest of
        the phase but its ``due:`` stages: a shot or a badge owed by a player who has just exited
        is taken before night falls (白狼王 自爆 带人, 骑士 决斗 on a wolf)."""
        s = ctx.state
        ctx.emit("flag", {"key": CUT, "value": [s.phase, s.day]})
        when = at or s.deadline
        ctx.emit(
            "stage_closed",
            {"phase": s.phase_label(), "stage": s.stage, "at": when.isoformat() if when else None},
            PUBLIC if s.stage_private is None else s.stage_private,
        )
        self.advance(ctx, when)

    def on_phase_start(self, ctx: Ctx, phase: str, day: int) -> None:
        """Night: 入夜. Day: the night's exits in exit order (R-ALL-11: announced now, not before),
        then the last words, then what the mechanics announce (the badge handed over at night)."""
        s = ctx.state
        if phase == "night":
            if "night_start" in self.texts:
                ctx.emit("announcement", {"key": "night_start", "params": {"day": day}}, PUBLIC)
        elif phase == "day":
            for r in self.outcome.recorded:  # a recorded win's next day (魔女复苏, R-XXXII-12)
                for seat in r.then(ctx):  # the night's deaths, in this morning's list
                    self.exit(ctx, seat, str(r.cause), announce_now=False)
        if phase == "day" and self._dawn is not None:
            self._dawn.day_start(ctx, phase, day)  # the board's own dawn (bs46, XXXII)
        elif phase == "day":
            params = announce.day_start_params(s, day)
            pending: list[int] = params["ps_night"]
            key = (
                "day_start"
                if pending or "day_start_peaceful" not in self.texts
                else ("day_start_peaceful")
            )
            holders: dict[str, int | None] = {}
            for status in self.data.get("statuses") or ():
                holders[str(status)] = params[f"p_{status}"] = s.holders.get(str(status))
            ctx.emit(
                "announcement",
                {
                    "key": key,
                    "params": params,
                    "exits": pending,
                    "holders": {k: v for k, v in holders.items() if k in s.holders},
                    "phase": s.phase_label(),  # also when the day opens on a private stage
                },
                PUBLIC,
            )
            announce.release(ctx)  # what the night had to announce, in order (R-ALL-11)
            last_words.publish_and_close(ctx, phase=s.phase_label())
        for m in self._on_phase_start:
            m.on_phase_start(ctx, phase, day)

    def on_stage_open(self, ctx: Ctx, key: str) -> None:
        """A stage has opened and the game is still on: each of its skills' mechanics that asks
        is told (the hunter learns his shot is due when its stage opens, never after the game
        ended at his exit)."""
        for m in self._on_stage_open.get(key, ()):
            m.on_stage_open(ctx, key)

    # ================================================================== acts
    def act_about(self, state: State, la: LegalAct) -> str:
        """What the step that will count ``la`` says of it beside the form (a count step's
        ``about``: M103 「第一天白天，获得投票最多的角色将成为警长」), or nothing."""
        for step in self._steps.get(state.stage_key or "", ()):
            if step.when and not self._holds(step.when, state, state.day):
                continue
            for m, params in zip(step.mechanics, step.params, strict=True):
                about = getattr(params, "about", None)
                if m.key == la.skill and isinstance(about, str):
                    return self.say(about)
        return ""

    def legal(self, state: State, seat: int) -> list[LegalAct]:
        """The acts ``seat`` may submit now: each of the stage's skills he holds, as its
        mechanic offers it, and an open last-words right."""
        if state.phase == "ended":
            return []
        d = self.declaration
        if d is not None and state.stage_key == d.stage:
            return [d.legal()]  # every seat answers, before the roles are known
        out: list[LegalAct] = []
        if state.last_words:
            out.extend(last_words.legal(state, seat))
        p = state.players[seat]
        skills = p.skills
        # the last stage's answer read here first (a call saved at every poll)
        kept = self._stage_kept
        if kept[0] is not state.stage_key:
            kept = self._stage_of(state.stage_key)
        # a plain skill needs a living holder: a player out or without skills is asked only
        # the others (the stage's mechanics in the same order, the plain ones left out)
        for m in kept[1] if p.alive and len(skills) > 0 else kept[2]:
            if m.held_plainly:
                if m.key not in skills:
                    continue
            elif not m.holds(state, seat):
                continue
            la = m.legal(state, seat)
            if la is not None:
                out.append(la)
        return out

    def _stage_of(self, stage_key: str) -> StageKept:
        """The stage's key, the mechanics of its skills (``_by_stage``; a stage no mechanic
        names, only those usable anywhere: M103's 遗言, 殉职 still offer 投降) and those but the
        plain ones (``_unplain``), the last stage's answer kept: every poll of a stage asks it."""
        kept = self._stage_kept
        if kept[0] is stage_key:  # the state's key: the same string until the next stage opens
            return kept
        mechanics = self._by_stage.get(stage_key)
        if mechanics is None:
            kept = (stage_key, self._anywhere, self._unplain["*"])
        else:
            kept = (stage_key, mechanics, self._unplain[stage_key])
        self._stage_kept = kept
        return kept

    def due_offers(self, state: State) -> list[list[LegalAct]]:
        """``legal`` by seat without what cannot make a seat absent at this close, none of it
        asked for: a last-words right, each skill the seat already submitted in the stage (his
        vote, his act; every mechanic offers its own skill) and every skill whose mechanic says
        nobody can owe it now (``may_be_owed``: a declaration)."""
        d = self.declaration
        if d is not None and state.stage_key == d.stage:
            return [self.legal(state, seat) for seat in range(len(state.players))]
        empty: list[LegalAct] = []  # shared by the seats offered nothing (the lists are read)
        out = [empty] * len(state.players)
        for seat, _, la in self._due_walk(state, submitted_by_skill(state)):
            got = out[seat]
            if got is empty:
                out[seat] = [la]
            else:
                got.append(la)  # the walk goes mechanic by mechanic: the stage's order
        return out

    def absences(self, state: State) -> dict[str, list[int]]:
        """:meth:`RuleSet.absences` read from the walk of :meth:`due_offers` as it goes (no list
        of offers by seat; who submitted what read once): the same skills in the same order (a
        seat's offers in the stage's order of mechanics, seat after seat), the same seats."""
        d = self.declaration
        if d is not None and state.stage_key == d.stage:
            return super().absences(state)
        acted = submitted_by_skill(state)
        found = [
            (seat, order, la)
            for seat, order, la in self._due_walk(state, acted)
            if self.absent(state, seat, la, acted)
        ]
        out: dict[str, list[int]] = {}
        if len(found) > 1:
            found.sort()  # a walk seat after seat (a seat meets a mechanic once: no tie reaches la)
        for seat, _, la in found:
            seats = out.setdefault(la.skill, [])
            if seat not in seats:
                seats.append(seat)
        return out

    def _due_walk(
        self, state: State, acted: dict[str, set[int]]
    ) -> list[tuple[int, int, LegalAct]]:
        """What :meth:`due_offers` lists, as (seat, the mechanic's place in the stage, offer),
        mechanic by mechanic, each over the seats that may hold it (``acted``: who submitted each
        skill in the stage)."""
        found: list[tuple[int, int, LegalAct]] = []
        if state.ended:
            return found
        players, voted = state.players, state.ballot_counts
        n = len(players)
        every = self._every
        if len(every) != n:
            every = self._every = tuple(range(n))
        order = -1
        for m in self._stage_of(state.stage_key)[1]:
            order += 1
            if not m.may_be_owed(state):
                continue
            key = m.key
            vote = key == VOTE
            done = acted.get(key)
            plain = m.held_plainly
            seats = state.living() if plain else every
            for seat in seats:
                if vote:
                    if seat in voted:
                        continue  # voted: not absent, and not asked whether he still holds it
                elif done is not None and seat in done:
                    continue  # submitted: not absent, whatever the form would offer
                if plain:
                    if key not in players[seat].skills:
                        continue
                elif not m.holds(state, seat):
                    continue
                la = m.legal(state, seat)
                if la is not None:
                    found.append((seat, order, la))
        return found

    def on_act(self, ctx: Ctx, cmd: Act) -> None:
        """Validate an act completely through its mechanic, then let the mechanic record it."""
        s = ctx.state
        if cmd.skill == "last_words":
            due = self.policy.due_minutes
            if (
                due is not None
                and cmd.at is not None
                and s.deadline is not None
                and s.stage_key in self._last_words_stages
                and cmd.at > s.deadline - timedelta(minutes=due)
            ):  # M103 「在次日开门30分钟前」 (R-M103-18)
                raise RuleError(self.say("refuse_last_words_due", minutes=due))
            if s.last_words.get(cmd.by, "") is not None and "refuse_last_words" in self.texts:
                raise RuleError(self.say("refuse_last_words"))  # in the post's words (XXXII)
            last_words.submit(ctx, cmd.by, cmd.choice)
            return
        d = self.declaration
        if d is not None and cmd.skill == d.skill:
            reason = d.check(s, cmd)
            if reason is not None:
                raise RuleError(self.say(reason, skill=d.skill, choices=LIST_SEP.join(d.answers)))
            self.record_act(ctx, cmd, (cmd.by,), None)
            return
        m = self.mechs.get(cmd.skill)
        if m is None or not m.spec.stages:
            raise RuleError(self.say("refuse_no_skill", skill=cmd.skill))
        key = cmd.skill
        p = s.players[cmd.by]
        if m.checks_itself:
            m.take(ctx, cmd)
            return
        if not m.holds(s, cmd.by):
            if m.owed_by_due:
                reason = "refuse_not_due"
            elif not p.alive:
                reason = self.refusal_out(s, cmd.by)  # 出局: 不能继续参与讨论、投票、行使特权
            else:
                reason = "refuse_no_skill" if key not in p.skills else "refuse_now"
            raise RuleError(self.say(reason, skill=key))
        stage = s.stage_key
        usable = m.usable_in
        if stage not in usable and "*" not in usable:
            stages = LIST_SEP.join(self._stage_word(k) for k in m.spec.stages)
            for text in (
                f"refuse_stage_{stage}.{key}",
                f"refuse_stage.{key}",
                f"refuse_stage_{stage}",
            ):
                if text in self.texts:
                    raise RuleError(self.say(text, skill=key, stages=stages, w=self.window))
            raise RuleError(self.say("refuse_stage", skill=key, stages=stages, w=self.window))
        la = m.legal(s, cmd.by)
        if la is None:
            raise RuleError(self.say(m.refuse(s, cmd.by) or "refuse_now", skill=key))
        if la.picks and m.declined(cmd.targets, cmd.choice):  # 放弃, where the post allows it
            m.submit(ctx, cmd)
            return
        picks = la.picks
        if len(cmd.targets) != picks or (picks > 1 and len(set(cmd.targets)) != picks):
            raise RuleError(self.say("refuse_picks", skill=key, n=picks))
        for t in cmd.targets:
            if t in la.targets:
                continue
            if not 0 <= t < len(s.players) or not s.players[t].alive:
                raise RuleError(self.say("refuse_target_out", skill=key))  # R-ALL-03
            reason = m.refuse_target(s, cmd.by, t) or "refuse_target"
            raise RuleError(self.say(reason, skill=key, p=s.players[t].name))
        if la.choices and not la.text and cmd.choice not in la.choices:
            raise RuleError(self.say("refuse_choice", skill=key, choices=LIST_SEP.join(la.choices)))
        m.submit(ctx, cmd)

    def refusal_out(self, s: State, seat: int) -> str:
        """The text key of the refusal of an act by a player out of the game: ``refuse_out``,
        unless a mechanic says how he left (XXXII's 淹死, R-XXXII-20: ``drowning``)."""
        for m in self._refusals_out:
            key = m.refusal_out(s, seat)
            if key is not None:
                return key
        return "refuse_out"

    def _stage_word(self, key: str) -> str:
        try:
            return self.stage_name(key)
        except KeyError:
            return key

    def on_vote(self, ctx: Ctx, cmd: Vote) -> None:
        """A day vote, decided by the stage's vote mechanic."""
        s = ctx.state
        m = self._voting.get(s.stage_key)
        if m is None:
            day_text = f"refuse_no_vote_day{s.day}"  # XXXII 「第一天不存在…投票阶段」
            raise RuleError(
                self.say(day_text if day_text in self.texts else "refuse_no_vote_stage")
            )
        m.cast(ctx, cmd)

    def may_vote(self, s: State, seat: int) -> bool:
        """Whether ``seat`` keeps his vote (every mechanic agrees)."""
        for m in self._vote_gates:  # noqa: SIM110 - a loop: called for every seat, every stage
            if not m.may_vote(s, seat):
                return False
        return True

    def weighted_statuses(self) -> tuple[str, ...]:
        """The statuses of the board's sheriffs (their holder's vote weighs ``weight``)."""
        return tuple(dict.fromkeys(m.p.status for m in self._weighers if isinstance(m, Sheriff)))

    def vote_weight(self, s: State, voter: int) -> float:
        """A voter's weight: the product of the mechanics' weights (the sheriff's 1.5)."""
        w = 1.0
        for m in self._weighers:
            w *= m.weight(s, voter)
        return w

    def voted_out(self, ctx: Ctx, seat: int) -> bool:
        """``seat`` tops the exile vote: False if a mechanic keeps him in (the idiot's card).
        Each mechanic is told (舞台特权), or with ``voted_out_asks: until_kept`` each in the data
        file's order until one keeps him in (XXXII note c: 舞台特权 spares him, 王车易位 is not
        offered)."""
        if self._asks_until_kept:
            return not any(m.on_voted_out(ctx, seat) for m in self._on_voted_out)
        kept = [m.on_voted_out(ctx, seat) for m in self._on_voted_out]  # each is told (舞台特权)
        return not any(kept)

    def counts(self, state: State, seat: int, skill: str) -> bool:
        """A declared skill's submission counts while its mechanic says so (R-ALL-09)."""
        m = self.mechs.get(skill)
        return state.players[seat].alive if m is None else m.counts(state, seat)

    def owes(self, state: State, skill: str, seat: int) -> bool:
        """Whether the offered act was due by this close, as its mechanic says."""
        m = self.mechs.get(skill)
        return m is None or m.owes(state, seat)

    def team_of(self, state: State, skill: str, seat: int) -> tuple[int, ...]:
        """A declared skill's team, as its mechanic says (the killers' group, every holder of a
        shared kill); else his alone."""
        m = self.mechs.get(skill)
        return (seat,) if m is None else m.team(state, seat)

    def instead(self, s: State, skill: str, target: int) -> int:
        """Who a ``skill`` kill on ``target`` hits tonight, as the mechanics say (王车易位)."""
        for m in self._substitutes:
            target = m.instead(s, skill, target)
        return target

    def used_on_tonight(self, s: State, skill: str, target: int) -> bool:
        """Whether ``skill`` was used on ``target`` on the current day number by a player still
        in the game (R-ALL-09: a guard removed during the night protects nobody), or by anyone
        once uses are final at their window's close (R-M103-22) or once recorded (``uses_stand:
        true``, XXXII ②: 「夜晚行动阶段结束，所有人已提交技能目标，结算阶段开始」)."""
        day = s.day
        players = s.players
        final = self.final_at_window_close or self._uses_stand
        m = self.mechs[skill]
        return any(
            u.day == day
            and target in u.targets
            and (final or players[u.seat].alive)
            and m.took_effect(u)
            for u in s.uses.get(skill, ())
        )

    # ================================================================== closing stages
    def on_close(self, ctx: Ctx, stage_key: str) -> None:
        """Run the stage's resolution table, and that of each following stage of the phase that
        is not held but marked ``resolve_if_skipped`` (M103 without a physician still resolves
        its night); the start phase over, the teams' groups form; then the outcome (R-ALL-08)."""
        s = ctx.state
        d = self.declaration
        if d is not None and stage_key == d.stage:  # the answers stand: the deal follows
            roles = dict(enumerate(s.pinned_deal)) if s.pinned_deal else None
            self._deal_and_set_up(ctx, roles, d.declared(s))
            if "declarations_closed" in self.texts:
                ctx.emit("announcement", {"key": "declarations_closed", "params": {}}, PUBLIC)
        steps = self._steps.get(stage_key)
        if steps:
            self.run_steps(ctx, steps)
        specs, position = self._stage_table(s.phase)
        at = position.get(stage_key)
        # the phase's later stages by position (a slice, a list or a tuple, is iterated as any
        # object: an iterator object made at every close)
        for i in range(len(specs) if at is None else at + 1, len(specs)):
            spec = specs[i]
            if s.ended or self.stage_applies(s, spec, s.day):
                break
            skipped = self._steps.get(str(spec["key"]))
            if spec.get("resolve_if_skipped") and skipped:
                self.run_steps(ctx, skipped)
        if s.phase == "start" and not s.ended and self._start_over(s, at):
            self.form_teams(ctx)
        if not s.ended:
            self.check_outcome(ctx)

    def _start_over(self, s: State, at: int | None) -> bool:
        """Whether no later stage of the start phase will be held."""
        specs = self._stage_table("start")[0]
        rest = specs[at + 1 :] if at is not None else []
        return not any(self.stage_applies(s, spec, 0) for spec in rest)

    def run_steps(self, ctx: Ctx, steps: tuple[Step, ...]) -> None:
        """The steps in order, each labelled in the post's words; the outcome is checked after
        every step with an exit, and a decided game stops the resolution (R-ALL-08)."""
        s = ctx.state
        # the trace kept as data: the phase's text of the data file and the stage's name
        title: dict[str, Any] = {
            "key": f"phase_{s.phase}",
            "params": {"day": s.day},
            "stage": s.stage,
        }
        if self.outcome.checked == "stage_end":  # R-XXXII-13: at the stage's end only
            resolution.run(
                ctx, steps, title, lambda when: self._holds(when, s, s.day), None, DECIDED
            )
        else:
            resolution.run(
                ctx,
                steps,
                title,
                lambda when: self._holds(when, s, s.day),
                lambda: self.check_outcome(ctx),
                DECIDED,
            )

    # ================================================================== exits
    def exit(
        self, ctx: Ctx, seat: int, cause: str, announce_now: bool, by: int | None = None
    ) -> list[int]:
        """出局, with what follows in one chain: each exit is told to the player, announced now
        (by day) or at the next day start (R-ALL-11), grants last words by the policy, and runs
        each mechanic's exit hook (the badge, the hunter's shot, a lover following). With
        ``exits_announced: first`` the announcement comes before the player is told, in the
        day's own words (XXXII 「被票死」: never labelled by a private stage, R-XXXII-19)."""
        s = ctx.state
        chain: list[tuple[int, str]] = [(seat, cause)]
        gone: list[int] = []
        while chain:
            x, c = chain.pop(0)
            if not s.players[x].alive:
                continue
            first = self._announced_first
            if announce_now and first:
                ctx.emit("announcement", self._exit_announcement(s, x, c, seat, by), PUBLIC)
            ctx.emit("exited", {"seat": x, "cause": c, "day": s.day, "phase": s.phase}, (x,))
            ctx.emit(
                "notice", {"key": "you_are_out", "params": {"cause": self.cause_word(c)}}, (x,)
            )
            gone.append(x)
            if announce_now and not first:
                data = self._exit_announcement(s, x, c, seat, by)
                if s.stage_private is not None:
                    data["phase"] = s.phase_label()  # said in a private stage (the hunter's shot)
                ctx.emit("announcement", data, PUBLIC)
            self._grant_last_words(ctx, x, c)
            self.join_at_exit(ctx, x)  # XXXII's accomplice joins the killers' group
            for m in self._on_exit:
                m.on_exit(ctx, x, c, chain)
        return gone

    def _exit_announcement(
        self, s: State, x: int, cause: str, seat: int, by: int | None
    ) -> dict[str, Any]:
        """An exit's announcement: ``out_<cause>`` (else ``out``), naming who put him out."""
        params: dict[str, Any] = {"p": x}
        if by is not None and x == seat:
            params["p_by"] = by
        key = f"out_{cause}" if f"out_{cause}" in self.texts else "out"
        return {"key": key, "params": params, "exits": [x]}

    def _grant_last_words(self, ctx: Ctx, seat: int, cause: str) -> None:
        policy = self.policy
        s = ctx.state
        if not policy.grants(s, cause):
            return
        quota = s.last_words_quota
        due = policy.due_minutes
        last_words.grant(
            ctx,
            seat,
            None if quota is None else int(quota),
            None if due is None else {"minutes": due},
        )

    def on_card(self, ctx: Ctx, seat: int, given: list[str], faction_loses: bool) -> None:
        """After a card and its upgrades: each mechanic that asks is told (XXXII's 累计两次警告淹死,
        ``drowning``), then a red card has its consequences."""
        for m in self._on_card:
            m.on_card(ctx, seat, given)
        super().on_card(ctx, seat, given, faction_loses)

    def red_card(self, ctx: Ctx, seat: int, faction_loses: bool) -> None:
        """红牌罚下: out at once (no last words), announced by day, when the next day begins while
        announcements wait (R-ALL-11, R-M103-19); ``faction_loses``: the faction loses too."""
        s = ctx.state
        faction = s.players[seat].faction
        if s.players[seat].alive:
            hold = self.holds_announcements(s)
            if hold:  # R-ALL-11: a red card at night is announced when the day begins
                data = {"key": "out_red_card", "params": {"p": seat}, "exits": [seat]}
                announce.announce(ctx, data, hold=True)
            self.exit(ctx, seat, "red_card", announce_now=not hold)
        if faction_loses and faction in self.factions_in_play(s) and faction not in s.lost:
            self.lose(ctx, faction, "red_card")
            self.check_outcome(ctx, [faction])
        else:
            self.check_outcome(ctx)

    def remove(self, ctx: Ctx, seat: int, cause: str) -> None:
        """淹死 or 判死 by the director: an exit like any other, then the checks; a board whose dawn
        a mechanic says announces it there (with the identity, held at night)."""
        hold = self.holds_announcements(ctx.state)
        if self._dawn is not None:
            self._dawn.remove(ctx, seat, cause, hold)
        else:
            self.exit(ctx, seat, cause, announce_now=not hold)
        self.check_outcome(ctx)

    def director_draws(self, state: State) -> list[str]:
        """The hidden draws of setup: the declaration's answers kept (XXXII's believers,
        R-XXXII-02), then as each mechanic lists them (bs46's rings and ranks, XXXII's prophecy
        list)."""
        d = self.declaration
        out: list[str] = []
        if d is not None:
            names = [p.name for p in state.players]
            out += d.draws(state, self.texts, lambda key, ps: self.render(key, ps, names))
        return out + [line for m in self.mechs.values() for line in m.draws(state)]

    def reveal_role(self, state: State, seat: int) -> str:
        """The reveal after the game: the role at the end, with the one dealt when it changed and
        the board words it (``reveal_converted``: bs46's 杀手（原杀手卧底）, R-BS46-07)."""
        word = self.role_name(state.players[seat].role)
        dealt = state.dealt[seat] if state.dealt else state.players[seat].role
        if dealt != state.players[seat].role and "reveal_converted" in self.texts:
            return self.say("reveal_converted", role=word, dealt=self.role_name(dealt))
        return word

    def upcast(self, events: list[Event]) -> list[Event]:
        """A stream stored while the board's memory sat in flags reads as today's
        (``stored_flags``: :mod:`bansha.mechanics.stored_flags`); others as stored."""
        return self._stored.upcast(events)

    def statuses(self, state: State) -> dict[int, list[str]]:
        """The holders of each status, and the players a mechanic marked with a status's key
        (M103's 情侣, <非身份>: the two lovers once the 红线 is tied)."""
        out = super().statuses(state)
        for status in self.data.get("statuses", {}):
            for seat in sorted(state.marks.get(str(status), ())):
                out.setdefault(seat, []).append(str(status))
        return out

    # ================================================================== outcome
    def factions_in_play(self, state: State) -> list[str]:
        """The factions with a win (also a recorded one) or loss condition that have members."""
        return _with_members(state, self._ruled_factions)

    def _judged_in_play(self, state: State) -> list[str]:
        """The factions with a win or loss condition that have members (the outcome's)."""
        return _with_members(state, self._judged_factions)

    def concede(self, ctx: Ctx, faction: str) -> None:
        """判负 by the director: the faction loses privately, then the usual checks; or (``outcome.
        concede: end``) it is announced and the other factions with a win condition win; or
        (``finish``, XXXII) it is announced and, if it has a win condition, the others with one
        win as a win ends the game (the night's exits first, recorded wins among the winners)."""
        if self.outcome.concede == "end":
            ctx.emit("faction_lost", {"faction": faction, "why": "director"}, PUBLIC)
            self.end_game(ctx, [f for f, _ in self.outcome.wins if f != faction])
            return
        if self.outcome.concede == "finish":
            ctx.emit("faction_lost", {"faction": faction, "why": "director"}, PUBLIC)
            sides = [f for f, _ in self.outcome.wins]
            if faction in sides:
                self.finish(ctx, [f for f in sides if f != faction])
            return
        self.lose(ctx, faction, "director")
        self.check_outcome(ctx, [faction])

    def lose(self, ctx: Ctx, faction: str, why: str) -> None:
        """优先判负: told to the faction's members only; they stay in the game. Its ``on_loss``
        effects follow (M103: 「杀了狗皇帝阵营优先判负后，杀了狗皇帝阵营失去杀人技能。此事件发生时会通知
        杀了狗皇帝阵营。」), then the mechanics' (寡妇刀)."""
        s = ctx.state
        if faction in s.lost:
            return
        members = tuple(p.seat for p in s.players if p.faction == faction)
        ctx.emit("faction_lost", {"faction": faction, "why": why}, members)
        lose, notice = self.outcome.on_loss.get(faction, ((), None))
        for p in s.players:
            if p.faction == faction:
                for skill in lose:
                    if skill in p.skills:
                        ctx.emit("skill_lost", {"seat": p.seat, "skill": skill}, (p.seat,))
        if notice is not None:
            for seat in members:
                ctx.emit("notice", {"key": notice, "params": {}}, (seat,))
        for m in self._on_faction_lost:
            m.on_faction_lost(ctx, faction)

    def check_outcome(self, ctx: Ctx, already: list[str] | None = None) -> bool:
        """The data file's losses, then its wins, then the last faction standing (R-ALL-08): when
        one check sinks every faction left, the one with the most living members among them
        wins, then ``tie_priority``."""
        s = ctx.state
        if s.ended:
            return True
        kept = self.outcome.recorded
        if not already and _basis_stands(s, bool(kept)):
            return False  # nothing that decides the outcome changed since the last check
        marked: list[int] = []  # what all_marked reads: how many each mark holds
        if kept:
            for v in s.marks.values():
                marked.append(len(v))
        marks = tuple(marked)
        s.outcome_basis = (
            len(s.exit_order),
            len(s.lost),
            s.seq if already else 0,
            s.faction_moves,
            marks,
        )
        cats = self.categories
        factions = self._judged_in_play(s)
        if kept:
            recorded.record(ctx, kept, cats)
        newly = list(already or [])
        for f, cond in self.outcome.losses:
            if f in factions and f not in s.lost and cond.holds(s, cats):
                self.lose(ctx, f, "condition")
                newly.append(f)
        winners: list[str] = []
        for f, cond in self.outcome.wins:
            if f in factions and f not in s.lost and f not in winners and cond.holds(s, cats):
                winners.append(f)
        if winners:
            self.finish(ctx, winners if self.outcome.joint else winners[:1])
            return True
        if s.lost:
            last = last_standing(s, factions, newly, list(self.outcome.priority))
            if last:
                self.finish(ctx, last)
                return True
        return False

    def finish(self, ctx: Ctx, winners: list[str]) -> None:
        """Night exits not yet announced go out with the result; then the game ends."""
        s = ctx.state
        if self._dawn is not None:  # the board's own dawn says the night's deaths (R-BS46-13)
            self._dawn.at_end(ctx)
            self.end_game(ctx, recorded.with_recorded(s, self.outcome.recorded, winners))
            return
        pending = [x for x in s.exit_order if x not in s.announced]
        if pending:
            ctx.emit(
                "announcement",
                {"key": "final_exits", "params": {"ps": pending}, "exits": pending},
                PUBLIC,
            )
        announce.release(ctx)  # and whatever else the night had to announce (R-ALL-11)
        self.end_game(ctx, recorded.with_recorded(s, self.outcome.recorded, winners))


def _basis_stands(s: State, marks: bool) -> bool:
    """Whether what decides the outcome is as the last check without a faction already lost
    saw it (``State.outcome_basis``: the exits, the losses, no event position, the faction
    changes and, with ``marks``, how many each mark holds), read item by item: no basis is
    built at a check that finds nothing changed."""
    if s.outcome_basis is None:
        return False
    basis = cast(Basis, s.outcome_basis)  # as check_outcome builds it: typed, read unboxed
    if (
        basis[0] != len(s.exit_order)
        or basis[1] != len(s.lost)
        or basis[2] != 0
        or basis[3] != s.faction_moves
    ):
        return False
    counts = basis[4]
    i = 0
    if marks:
        for v in s.marks.values():
            if i >= len(counts) or counts[i] != len(v):
                return False
            i += 1
    return i == len(counts)


def _unplain(mechanics: tuple[Mechanic, ...]) -> tuple[Mechanic, ...]:
    """``mechanics`` but the plain ones (held by a living player with the skill), in order."""
    return tuple(m for m in mechanics if not m.held_plainly)


def _with_members(state: State, factions: tuple[str, ...]) -> list[str]:
    """Those of ``factions`` some player is in, in their order (a board has a few factions: each
    looked for among the players, no set of every player's faction built at each check)."""
    out: list[str] = []
    players = state.players
    for f in factions:
        for p in players:
            if p.faction == f:
                out.append(f)
                break
    return out


def _when_key(spec: dict[str, Any]) -> str:
    when = spec.get("when")
    return str(when) if when is not None else ""
