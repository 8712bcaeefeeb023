"""What every declared mechanic shares: the skill's declaration, the mechanic's hooks, a step.

A board's data file declares each skill with the mechanic it runs (``mechanic: protect``), the
stages where it may be used, its typed parameters and its words; the pipeline
(:mod:`bansha.mechanics.pipeline`) asks the mechanic, and only the mechanic, what the skill
allows: who holds it, its legal targets, why an act is refused, who sees the submission, what
its resolution step does, what happens when its holder exits. A mechanic's memory is its own
typed slice of the state: the skill's resolved uses (:class:`bansha.engine.state.Use`), its
marks and its pending acts, never untyped flags.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar, Final, TypeVar

from bansha import texts
from bansha.engine import draws
from bansha.engine.commands import Act
from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError, SetupError
from bansha.engine.events import Event
from bansha.engine.ruleset import LegalAct, LivingForm, form
from bansha.engine.state import State, Use
from bansha.engine.template import Template
from bansha.mechanics import upcasts
from bansha.mechanics.about import About
from bansha.mechanics.colours import Colours
from bansha.mechanics.conditions import Condition, parse
from bansha.mechanics.params import Raw
from bansha.mechanics.rules import PostRules

M = TypeVar("M", bound="Mechanic")

LIST_SEP: Final = texts.LIST_SEP
"""``texts.LIST_SEP`` (the names of a trace's line, a refusal's choices), read once: a step says
it at every close, and a module's attribute is looked up at each use."""
TRACE_LINE_SEP: Final = texts.TRACE_LINE_SEP
"""``texts.TRACE_LINE_SEP`` (between a step's lines), read once as :data:`LIST_SEP`."""
TRACE_NAME_WITH: Final = texts.TRACE_NAME_WITH
"""``texts.TRACE_NAME_WITH`` (a name with what befell him), read once as :data:`LIST_SEP`."""

POLICIES = ("cornered", "suspect", "")
"""When a heuristic player makes a declaration (an act shown apart): ``cornered`` when the day's
votes lead on him (自爆 before the vote puts him out), ``suspect`` on the player the day's votes
lead on (a 决斗), or never."""

HINTS = ("harm", "protect", "inform", "foes_only", "never", "")
"""What a skill does to its target, for bots: remove, shield, learn about, remove only a known
foe, never used on its own, or nothing to say."""


@dataclass(frozen=True, slots=True)
class SkillSpec:
    """A skill as the data file declares it."""

    key: str
    name: str
    mechanic: str
    stages: tuple[str, ...]
    """Stage keys where the skill may be used (empty: it is used by no act of its own)."""
    team: str | None
    """The group whose living holders share one pick (the last submission stands)."""
    hint: str
    hidden: bool


Told = str | dict[str, Any]
"""What a resolution step did, for the director's trace: its text, or a text of the data file
kept as data (``{"key", "params"}``, put in words only where the trace is shown:
``bansha.engine.trace``)."""


class Resolution:
    """One stage's resolution under way: the trace built from the steps' own labels, and how
    many players had exited when it began (``exits``: who exits after that dies in this very
    resolution, whose night acts still resolve: R-ALL-04)."""

    def __init__(self, day: int, trace: list[Any], exits: int = 0) -> None:
        self.day = day
        self.trace = trace
        self.exits = exits


class Board(PostRules):
    """What a mechanic may ask of the board it runs on: the data file's words and references,
    and the chain every exit, loss and cut-short day goes through. The pipeline
    (:class:`bansha.mechanics.pipeline.Pipeline`) is the board; mechanics know only this, so
    they do not depend on the pipeline that composes them."""

    teams: dict[str, tuple[tuple[str, ...], str | None]]
    """Each team's roles and the skill its members share (``teams:`` of the data file)."""
    final_at_window_close: bool
    """R-M103-22: an act is final when its window closes (R-ALL-09 drops it only before)."""
    categories: dict[str, str]
    """Each role's category (``category`` of a role: 神职, 平民 ...)."""
    mechs: dict[str, Mechanic]
    """Each declared skill's mechanic (one mechanic may read another's memory: 弃明投暗's names)."""
    specs: dict[str, SkillSpec]
    """Each declared skill as the data file declares it."""
    colours: Colours
    """What a check that reads colours sees (``colours`` of the data file)."""
    joins_at_exit: dict[str, str]
    """Role → the team's group its player joins at his exit (XXXII 【杀人诛心】 「共犯……在死亡时加入
    杀手群」), from ``teams``."""

    def colour(self, s: State, seat: int) -> str:
        """A player's colour now (his faction on a board without ``colours``)."""
        return self.colours.of(s, seat, self.categories)

    def upcast(self, events: list[Event]) -> list[Event]:
        """A stream stored in an older format reads through each format the data file names
        (``stored_formats``, :mod:`bansha.mechanics.upcasts`); none: as stored."""
        return upcasts.apply(self.data.get("stored_formats") or (), events)

    def declared(self, key: str, cls: type[M]) -> M:
        """The mechanic the data file declares for skill ``key``, which must be ``cls`` (a rule
        set that runs a skill through its mechanic's own functions)."""
        m = self.mechs.get(key)
        if not isinstance(m, cls):
            raise SetupError(
                texts.MECHANIC_EXPECTED.format(where=f"skills.{key}.mechanic", kind=cls.kind)
            )
        return m

    # ------------------------------------------------------------------ references
    def skill_ref(self, key: str | None, where: str) -> str:
        """A skill key named in the data file, or a Chinese error naming the key."""
        if key is None or key not in self.skills:
            raise SetupError(texts.DATA_NOT_SKILL.format(where=where, value=key))
        return key

    def selector_keys(self) -> dict[str, set[str]]:
        """The keys a selector of the data file may name, by kind (conditions, colours)."""
        return {
            "faction": set(self.factions),
            "category": set(self.data.get("categories", {})),
            "role": set(self.roles),
            "status": {str(k) for k in self.data.get("statuses", {})},
        }

    def role_refs(self, keys: tuple[str, ...], where: str) -> tuple[str, ...]:
        """Role keys named in the data file, or a Chinese error naming the first unknown one."""
        for key in keys:
            if key not in self.roles:
                raise SetupError(texts.DATA_NOT_ROLE.format(where=where, value=key))
        return keys

    def status_ref(self, key: str | None, where: str) -> str | None:
        """A status key named in the data file, or a Chinese error naming the key."""
        if key is not None and key not in self.data.get("statuses", {}):
            raise SetupError(texts.DATA_NOT_STATUS.format(where=where, value=key))
        return key

    def word_of(self, key: str, where: str) -> str:
        """A word key named in the data file, or a Chinese error naming the key."""
        if key not in self.words:
            raise SetupError(texts.DATA_NOT_WORD.format(where=where, value=key))
        return self.words[key]

    # ------------------------------------------------------------------ words
    def say(self, key: str, skill: str | None = None, **params: Any) -> str:
        """A text of the data file, filled in (``skill`` also picks the skill's own wording)."""
        if skill is None and not params:
            return self.texts.get(key, key)  # a fixed word of the trace (无, 放弃 ...)
        template = (self.texts.get(f"{key}.{skill}") if skill else None) or self.texts.get(key, key)
        if skill is not None:
            params.setdefault("skill", self.skill_name(skill) if skill in self.skills else skill)
        return self.fill(template, params)

    _tally: TallyWords | None = None
    """The tally's words, read on first use (:class:`TallyWords`)."""

    def tally_text(self, s: State, counts: dict[int, float], abstain: int) -> str:
        """「甲3票，乙1.5票，弃权1票」 from the data file's words (read once per board)."""
        words = self._tally
        if words is None:
            words = self._tally = TallyWords(self.texts)
        players = s.players
        # most votes first, ties in the order counted (as a stable sort on -n would give): an
        # insertion into a short list, not ``sorted`` with a key, a Python-level call per item
        ranked: list[tuple[int, float]] = []
        for c, n in counts.items():
            i = len(ranked)
            while i and ranked[i - 1][1] < n:
                i -= 1
            ranked.insert(i, (c, n))
        # every piece of every part and the joiners in one list, joined once (a string built
        # piece by piece makes a new string at each piece)
        pieces = words.part_pieces
        out: list[str] = []
        for c, n in ranked:
            if out:
                out.append(words.join)
            if pieces is None:
                out.append(self.fill(words.part, {"p": players[c].name, "n": _num(n)}))
            else:
                _fill_into(out, pieces, players[c].name, _num(n))
        if abstain:
            if out:
                out.append(words.join)
            if words.abstain_pieces is None:
                out.append(self.fill(words.abstain, {"n": abstain}))
            else:
                _fill_into(out, words.abstain_pieces, "", str(abstain))
        return "".join(out) or words.empty

    def unavailable(self, state: State, seat: int, la: LegalAct) -> dict[int, str]:
        """Each living player the mechanic's form leaves out, with the reason it would refuse
        the pick (its ``refuse_target``: 「甲已经被守卫过，每名角色一局游戏仅能被守卫一次」)."""
        m = self.mechs.get(la.skill)
        if m is None or not la.picks:
            return {}
        offered = {*la.targets, *la.must_include}
        out: dict[int, str] = {}
        for t in state.living():
            if t not in offered:
                reason = m.refuse_target(state, seat, t) or "refuse_target"
                out[t] = self.say(reason, skill=la.skill, p=state.players[t].name)
        return out

    # ------------------------------------------------------------------ the chain
    def exit(
        self, ctx: Ctx, seat: int, cause: str, announce_now: bool, by: int | None = None
    ) -> list[int]:
        """出局 with what follows in one chain (the pipeline's)."""
        raise NotImplementedError

    def form_teams(self, ctx: Ctx) -> None:
        """Each team's group (「狼人在游戏开始后互知共群」), unless already formed; its members are
        told who is in it."""
        s = ctx.state
        for team, (team_roles, skill) in self.teams.items():
            if team in s.groups:
                continue
            members = [
                p.seat
                for p in s.players
                if p.role in team_roles and (skill is None or skill in p.skills)
            ]
            if members:
                self.set_group(ctx, team, members)

    def set_group(self, ctx: Ctx, group: str, members: list[int]) -> None:
        """``group`` is now ``members``; each of them is told who is in it (``group_formed``)."""
        members = sorted(members)
        name = self.data["groups"][group]
        ctx.emit("group_set", {"group": group, "members": members}, tuple(members))
        for x in members:
            ctx.emit(
                "notice", {"key": "group_formed", "params": {"group": name, "ps": members}}, (x,)
            )

    def join_at_exit(self, ctx: Ctx, seat: int) -> None:
        """「在死亡时加入杀手群」: a player whose role joins a team's group at his exit does so now,
        unless he is in it already (every member is told its members, as a group forming)."""
        s = ctx.state
        group = self.joins_at_exit.get(s.players[seat].role or "")
        if group is not None and seat not in s.groups.get(group, ()):
            self.set_group(ctx, group, [*s.groups.get(group, ()), seat])

    def read_teams(self) -> dict[str, tuple[tuple[str, ...], str | None]]:
        """``teams``: a group of the players of ``roles`` (those holding ``skill``, if given),
        formed when the board says (M103: once the start phase is over, after the 红线, R-M103-09;
        XXXII: at the deal); ``joins_at_exit``: roles whose player joins it at his exit
        (:attr:`joins_at_exit`)."""
        out: dict[str, tuple[tuple[str, ...], str | None]] = {}
        self.joins_at_exit = {}
        for team, raw in dict(self.data.get("teams") or {}).items():
            where = f"teams.{team}"
            if str(team) not in self.data.get("groups", {}):
                raise SetupError(texts.GROUP_UNKNOWN.format(where=where))
            r = Raw(raw, where, self.options)
            roles = r.words("roles")
            skill = r.text("skill", None)
            joins = r.words("joins_at_exit")
            r.done()
            for role in (*roles, *joins):
                if role not in self.roles:
                    raise SetupError(texts.DATA_NOT_ROLE.format(where=f"{where}.roles", value=role))
            for role in joins:
                self.joins_at_exit[role] = str(team)
            if skill is not None:
                self.skill_ref(skill, f"{where}.skill")
            out[str(team)] = (roles, skill)
        return out

    def read_conditions(self, kind: str) -> tuple[tuple[str, Condition], ...]:
        """``outcome.<kind>`` (``wins``, ``losses``): each faction with its condition, in the
        data file's order."""
        raw = self.data.get("outcome") or {}
        known = self.selector_keys()
        out: list[tuple[str, Condition]] = []
        for i, entry in enumerate(raw.get(kind) or []):
            where = f"outcome.{kind}[{i}]"
            if not isinstance(entry, dict) or set(entry) != {"faction", "when"}:
                raise SetupError(texts.OUTCOME_ENTRY.format(where=where))
            faction = str(entry["faction"])
            if faction not in self.factions:
                here = f"{where}.faction"
                raise SetupError(texts.DATA_NOT_FACTION.format(where=here, value=faction))
            out.append((faction, parse(entry["when"], f"{where}.when", known)))
        return tuple(out)

    def lose(self, ctx: Ctx, faction: str, why: str) -> None:
        """优先判负 with its effects."""
        raise NotImplementedError

    def check_outcome(self, ctx: Ctx, already: list[str] | None = None) -> bool:
        """The win and loss conditions now (R-ALL-08); whether the game ended."""
        raise NotImplementedError

    def voted_out(self, ctx: Ctx, seat: int) -> bool:
        """``seat`` tops the exile vote: False if a mechanic keeps him in."""
        raise NotImplementedError

    def end_day(self, ctx: Ctx, at: datetime | None) -> None:
        """Close the stage without its resolution and skip the rest of the day but its dues."""
        raise NotImplementedError

    def end_phase(self, ctx: Ctx, at: datetime | None) -> None:
        """Close the current stage now and begin the next phase."""
        raise NotImplementedError

    def used_on_tonight(self, s: State, skill: str, target: int) -> bool:
        """Whether ``skill`` was used on ``target`` tonight by a player it still counts for."""
        raise NotImplementedError

    def instead(self, s: State, skill: str, target: int) -> int:
        """Who a ``skill`` kill on ``target`` hits tonight (another, if a mechanic says so:
        王车易位); by default ``target``."""
        return target


def _num(n: float) -> str:
    """A vote count as the tally says it: a whole number without a decimal point."""
    whole = int(n)
    if whole != n:
        return f"{n:g}"
    return _COUNTS[whole] if 0 <= whole < len(_COUNTS) else str(whole)


_COUNTS: Final = tuple(str(i) for i in range(32))
"""The words of the counts a tally mostly holds, made once."""


class TallyWords:
    """A vote tally's words of the data file, read once per board: a candidate's part
    (``tally_part``, 「{p}{n}票」) and the abstentions' (``tally_abstain``), each split into its
    literal pieces and the names it fills when it fills only ``{p}`` and ``{n}`` (else filled
    as any text), the joiner and the empty tally's words."""

    def __init__(self, texts: dict[str, str]) -> None:
        self.part = texts.get("tally_part", "tally_part")
        self.abstain = texts.get("tally_abstain", "tally_abstain")
        self.join = texts.get("tally_join", "tally_join")
        self.empty = texts.get("tally_empty", "tally_empty")
        self.part_pieces = _pieces(self.part, ("p", "n"))
        self.abstain_pieces = _pieces(self.abstain, ("n",))


def _pieces(text: str, names: tuple[str, ...]) -> tuple[tuple[str, str | None], ...] | None:
    """``text``'s literal pieces, each with the name filled after it, when it names only
    ``names`` in plain fields; else None."""
    template = Template(text)
    if template.general or any(n is not None and n not in names for _, n in template.parts):
        return None
    return template.parts


def _fill(pieces: tuple[tuple[str, str | None], ...], p: str, n: str) -> str:
    """Pieces of :func:`_pieces` filled with ``p`` and ``n`` (as the template's fill would)."""
    out: list[str] = []
    _fill_into(out, pieces, p, n)
    return "".join(out)


def _fill_into(out: list[str], pieces: tuple[tuple[str, str | None], ...], p: str, n: str) -> None:
    """:func:`_fill`'s pieces added to ``out`` (a tally joins all its parts' pieces once)."""
    for literal, name in pieces:
        if literal:
            out.append(literal)
        if name == "p":
            out.append(p)
        elif name == "n":
            out.append(n)


class Mechanic:
    """A rule piece a declared skill runs. Subclasses quote the clause they serve.

    Defaults: the holder is a living player with the skill; no act of its own; nothing at exit.
    """

    kind: ClassVar[str] = ""
    """The mechanic's name in the catalogue (``mechanic:`` in a data file)."""
    hint: ClassVar[str] = ""
    """Bot hint unless the skill declares its own."""
    policy: ClassVar[str] = ""
    """When a heuristic player makes this declaration (:data:`POLICIES`), unless the skill
    declares its own ``policy``."""
    by_due: ClassVar[bool] = False
    """The act is owed by whoever is ``due`` (the hunter who just exited), not by holders."""
    plain: ClassVar[bool] = True
    """The holder is a living player with the skill (the default ``holds``): the pipeline checks
    it inline, a mechanic that overrides ``holds`` sets this false."""
    validates: ClassVar[bool] = False
    """The mechanic checks its acts itself (:meth:`validate`) instead of the pipeline's ladder."""
    hooks: ClassVar[frozenset[str]] = frozenset()
    """Which of the hooks below the mechanic answers (``on_setup``, ``on_exit``,
    ``on_voted_out``, ``on_phase_start``, ``on_stage_open``, ``on_faction_lost``, ``on_card``,
    ``refusal_out``, ``weight``, ``may_vote``, ``instead``): the pipeline calls only those."""
    about: ClassVar[About] = About()
    """What the mechanic says about itself: parameters, texts and causes it needs, stages, events
    (:mod:`bansha.mechanics.about`; ``bansha mechanics`` and the checker read it)."""

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        self.board = board
        self.spec = spec
        self.key = spec.key
        self.held_plainly: bool = self.plain
        """``plain``, read once: the pipeline asks it of every mechanic of the stage for every
        seat (a class attribute is a dictionary lookup each time in the compiled engine)."""
        self.checks_itself: bool = self.validates
        """``validates``, read once (the pipeline asks it at every act)."""
        self.owed_by_due: bool = self.by_due
        """``by_due``, read once (the pipeline asks it when an act is refused)."""
        self.usable_in = frozenset(spec.stages)
        """The skill's stage keys as a set (the pipeline asks at every act whether the stage
        is one of them, or ``*``: every stage)."""
        self._living_forms: dict[tuple[str, ...], LivingForm] = {}

    def values(self) -> dict[str, str]:
        """The parameter values the declared texts and causes are named after (``{cause}``)."""
        return {}

    def text_key(self, raw: Raw, key: str) -> str:
        """A text-key parameter, its default the one ``about`` declares with ``{skill}`` filled
        (``result_{skill}`` → ``result_check``)."""
        value = raw.text(key, type(self).about.default(key))
        return str(value).replace("{skill}", self.key)

    # ------------------------------------------------------------------ acts
    def holds(self, s: State, seat: int) -> bool:
        """Whether ``seat`` may use the skill now (alive with the skill, by default)."""
        p = s.players[seat]
        return p.alive and self.key in p.skills

    def legal(self, s: State, seat: int) -> LegalAct | None:
        """The form ``seat`` may submit in the current stage (the stage is one of the skill's)."""
        return None

    def may_be_owed(self, s: State) -> bool:
        """Whether ``legal`` may now offer anybody an act he can be absent from (anything but a
        declaration, ``rare``): False spares asking it of every seat at a close. True by default;
        a mechanic whose form is a declaration (always, or in some states) says so cheaply."""
        return True

    def living_form(self, s: State, choices: tuple[str, ...] = ()) -> LegalAct:
        """The form of one pick among every living player with ``choices``, built once per
        roster (:class:`~bansha.engine.ruleset.LivingForm`)."""
        kept = self._living_forms.get(choices)
        if kept is None:
            kept = self._living_forms[choices] = LivingForm(self.key, choices)
        return kept.of(s)

    _last_form: LegalAct | None = None
    """The form :meth:`pick_form` built last."""

    def pick_form(
        self, targets: tuple[int, ...], picks: int = 1, must_include: tuple[int, ...] = ()
    ) -> LegalAct:
        """``LegalAct(skill, targets, picks, must_include=...)``: the last one built, given again
        while its targets, picks and required targets are the same (a named tuple is built by a
        Python-level call, and a stage's legal acts are asked of its seats at every poll, mostly
        the same form)."""
        last = self._last_form
        if (
            last is not None
            and last.picks == picks
            and last.targets == targets
            and last.must_include == must_include
        ):
            return last
        built = form(self.key, targets, picks, must_include=must_include)
        self._last_form = built
        return built

    def validate(self, s: State, cmd: Act) -> str | None:
        """With ``validates``: the text key of why ``cmd`` is refused, or None."""
        return None

    def refuse(self, s: State, seat: int) -> str | None:
        """The text key of why the holder may not use the skill now, when ``legal`` offers none."""
        return None

    def refusal(self, s: State, seat: int, reason: str) -> str:
        """The words of a refusal :meth:`validate` gave ``seat`` (a mechanic fills in what its
        text names: a team's size, the choices left)."""
        return self.board.say(reason, skill=self.key)

    def refuse_target(self, s: State, seat: int, target: int) -> str | None:
        """The text key of why ``target`` is not a legal target (beyond being out)."""
        return None

    def take(self, ctx: Ctx, cmd: Act) -> None:
        """An act this mechanic checks itself (``validates``), as both runners take it: refused
        with the words of :meth:`refusal`, else recorded (:meth:`submit`)."""
        reason = self.validate(ctx.state, cmd)
        if reason is not None:
            raise RuleError(self.refusal(ctx.state, cmd.by, reason))
        self.submit(ctx, cmd)

    def submit(self, ctx: Ctx, cmd: Act) -> None:
        """Record a validated act (the last submission stands), seen by its maker or team."""
        self.board.record_act(ctx, cmd, self.audience(ctx.state, cmd.by), self.spec.team)

    def audience(self, s: State, seat: int) -> tuple[int, ...]:
        """Who sees a submission: the maker, or every member of the skill's team group."""
        team = self.spec.team
        if team is not None:
            members = s.groups.get(team)
            if members and seat in members:
                return tuple(members)
        return (seat,)

    def counts(self, s: State, seat: int) -> bool:
        """Whether ``seat``'s standing submission counts now (R-ALL-09): he still holds the skill
        (``submitted`` reads only such submissions)."""
        return self.holds(s, seat)

    def steps(self) -> tuple[str, ...]:
        """The step hooks (``do``, ``resolve``) the board's resolution tables must name for this
        skill: by default ``do`` for a skill used by acts whose mechanic turns them into uses
        (else the acts would be collected and never resolved); a kill adds its ``resolve``."""
        if self.spec.stages and type(self).do is not Mechanic.do:
            return ("do",)
        return ()

    def step_in(self, stage: str, verb: str, params: object) -> None:
        """The pipeline read a step of ``stage``'s resolution table that runs this mechanic."""

    def took_effect(self, u: Use) -> bool:
        """Whether a use did what the skill does to its target (a protection that protected):
        what a kill's ``blocked_by`` and a shot's ``not_if`` read; by default every use."""
        return True

    def owes(self, s: State, seat: int) -> bool:
        """Whether ``seat``, offered this skill in the closing stage, was due to use it by this
        close (R-ALL-05: absent otherwise); by default every offered act is due."""
        return True

    def team(self, s: State, seat: int) -> tuple[int, ...]:
        """The players whose submission of this skill is also ``seat``'s (its team's, who share
        one pick; by default he alone): one member's act leaves none of them absent."""
        return self.audience(s, seat)

    def submitted(self, s: State) -> tuple[int, tuple[int, ...], str | None] | None:
        """This stage's standing submission, (seat, targets, choice): the last one made by a
        player who still holds the skill (R-ALL-09: a member removed or stripped of the power
        takes no further part; for a team, the last submission of any current holder stands)."""
        best = None
        key = self.key
        for (seat, skill), rec in s.acts.items():
            if skill == key and (best is None or rec.seq > best.seq) and self.counts(s, seat):
                best = rec
        if best is None or self.declined(best.targets, best.choice):
            return None  # nothing stands: none submitted, or the last submission gave it up
        return (best.seat, best.targets, best.choice)

    def declined(self, targets: tuple[int, ...], choice: str | None) -> bool:
        """Whether a submission is 放弃: no target and no choice, of a skill the post lets a
        player give up (``declinable`` in the data file); it stands like any submission (the
        player acted: no absence), and resolves as no act."""
        return (
            not targets and choice is None and bool(self.board.skills[self.key].get("declinable"))
        )

    def resolves_for(self, s: State, seat: int, res: Resolution) -> bool:
        """Whether ``seat``'s act of this stage still resolves at a later step: he still holds
        the skill (R-ALL-09: not if removed or stripped of it before the resolution), or exited
        in this very resolution (R-ALL-04: 「角色在死亡当晚发动的技能可以正常结算」), or acts are
        final once their window closed (R-M103-22)."""
        if self.board.final_at_window_close or self.holds(s, seat):
            return True
        return seat in s.exit_order[res.exits :]

    def use_pick(self, ctx: Ctx) -> tuple[int, int] | None:
        """This stage's standing one-target pick, recorded as the skill's use: (user, target)."""
        sub = self.submitted(ctx.state)
        if sub is None or not sub[1]:
            return None
        self.record_use(ctx, sub[0], sub[1][:1])
        return sub[0], sub[1][0]

    # ------------------------------------------------------------------ resolution
    def prepare(self, verb: str, raw: Raw) -> object:
        """Read a resolution step's own keys (``blocked_by``...) when the rule set is loaded."""
        raw.done()
        return None

    def do(self, ctx: Ctx, res: Resolution, params: object) -> Told:
        """A ``do:`` step: turn this stage's submission into the skill's use; the trace text."""
        return ""

    def resolve(self, ctx: Ctx, res: Resolution, params: object) -> Told:
        """A ``resolve:`` step (the deaths a kill or poison causes); the trace text."""
        return ""

    # ------------------------------------------------------------------ hooks
    def on_exit(self, ctx: Ctx, seat: int, cause: str, chain: list[tuple[int, str]]) -> None:
        """``seat`` has just exited by ``cause``; more exits to follow may be added to ``chain``."""

    def on_setup(self, ctx: Ctx, dealt: list[str]) -> None:
        """The roles are dealt (M103: the emperor is made known before the 红线)."""

    def pins(self, s: State, fixed: dict[str, Any]) -> dict[str, list[int]]:
        """With the ``on_setup`` hook: the draws a scenario's ``fixed`` pins for this mechanic
        (players by name, read before the deal), by draw; kept as ``State.pinned`` for its
        ``on_setup`` (bs46's rings and ranks); none by default."""
        return {}

    def draws(self, s: State) -> list[str]:
        """The hidden draws the director's god view lists (bs46's rings and ranks, M186's deck
        still to draw); none by default."""
        return []

    def on_deal(self, ctx: Ctx, dealt: list[str], fixed: dict[str, Any]) -> None:
        """A ``setup:`` step of a table (:mod:`bansha.mechanics.tables`): the roles are dealt, with
        what a scenario pinned (``fixed``); by default :meth:`on_setup`."""
        self.on_setup(ctx, dealt)

    def declaration(self, s: State, seat: int) -> LegalAct | None:
        """A declaration ``seat`` may make in any stage (a form of its own: 拍刀), or None."""
        return None

    def declare(self, ctx: Ctx, cmd: Act) -> None:
        """The declaration :meth:`declaration` offered is made."""

    def on_faction_lost(self, ctx: Ctx, faction: str) -> None:
        """``faction`` has just lost privately (M103's 寡妇刀)."""

    def on_card(self, ctx: Ctx, seat: int, given: list[str]) -> None:
        """The director gave ``seat`` cards (``given``, upgrades included): XXXII's drowning."""

    def refusal_out(self, s: State, seat: int) -> str | None:
        """With the ``refusal_out`` hook: the text key refusing an act of ``seat``, out of the
        game, in the way he left (XXXII's 淹死), or None."""
        return None

    def on_phase_start(self, ctx: Ctx, phase: str, day: int) -> None:
        """A phase has begun (after the pipeline's own day-start announcement)."""

    def on_stage_open(self, ctx: Ctx, key: str) -> None:
        """One of the skill's stages has opened, the game still on (``on_stage_open``)."""

    def on_voted_out(self, ctx: Ctx, seat: int) -> bool:
        """``seat`` tops the exile vote: return True if he stays in (the idiot's card)."""
        return False

    def instead(self, s: State, skill: str, target: int) -> int:
        """With the ``instead`` hook: who a ``skill`` kill on ``target`` hits tonight."""
        return target

    def due(self, s: State) -> tuple[int, ...]:
        """Seats that owe this skill an act now (a stage ``when: due:<skill>`` is held for them)."""
        return ()

    def weight(self, s: State, voter: int) -> float:
        """A voter's weight (1: no change): the sheriff's 1.5 votes."""
        return 1.0

    def may_vote(self, s: State, seat: int) -> bool:
        """Whether ``seat`` keeps the vote (the revealed idiot does not)."""
        return True

    # ------------------------------------------------------------------ helpers
    def uses(self, s: State) -> list[Use]:
        """Every resolved use of this skill, in order."""
        uses = s.uses.get(self.key)  # no default list built at every call
        return [] if uses is None else uses

    def used_by(self, s: State, seat: int) -> int:
        """How many times ``seat`` has used this skill."""
        return sum(1 for u in s.uses.get(self.key, ()) if u.seat == seat)

    def tonight(self, s: State) -> list[Use]:
        """This skill's uses on the current day number (one phase kind per skill)."""
        day = s.day
        uses = s.uses.get(self.key)
        if not uses:
            return []
        out: list[Use] = []
        for i in range(len(uses) - 1, -1, -1):  # uses are recorded day by day: newest last
            u = uses[i]
            if u.day != day:
                if u.day < day:
                    break
                continue
            out.append(u)
        out.reverse()
        return out

    def tell_result(
        self, ctx: Ctx, seat: int, targets: tuple[int, ...], word: str, notice: dict[str, Any]
    ) -> None:
        """Tell ``seat`` his answer privately: a result (his record) and the notice he reads."""
        s = ctx.state
        result = {
            "seat": seat,
            "skill": self.key,
            "value": word,
            "targets": list(targets),
            "day": s.day,
            "phase": s.phase,
        }
        ctx.emit("result", result, (seat,))
        ctx.emit("notice", notice, (seat,))

    def draw_one(self, ctx: Ctx, pool: list[int]) -> int:
        """One player drawn at random from ``pool`` (a chance event, its trace line for the
        director), or the one a scenario pinned for this skill (``fixed``: nothing drawn)."""
        s = ctx.state
        pinned = s.pinned.get(self.key)
        if pinned:
            return pinned[0]
        pick = draws.choice(ctx.rng(), pool)
        names = LIST_SEP.join(s.players[x].name for x in pool)
        line = self.board.say("trace_drawn", ps=names, p=s.players[pick].name)
        ctx.emit("trace", {"title": self.spec.name, "lines": [line]}, chance=True)
        return pick

    def record_use(
        self, ctx: Ctx, seat: int, targets: tuple[int, ...], choice: str | None = None
    ) -> None:
        """Record one resolved use (director-only: what it did is told through results)."""
        data = {"skill": self.key, "seat": seat, "targets": list(targets), "day": ctx.state.day}
        if choice is not None:
            data["choice"] = choice
        ctx.emit("skill_used", data)
