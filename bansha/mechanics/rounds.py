"""A board played in rounds, run from its data file alone: no night kill, no exile vote; every
act and every stage is one of its declared mechanics' (M186: proposals, approvals, missions, the
Lady of the Lake, the assassin; ``runs_on: rounds`` in the data file).

What it does at each moment is a table of the data file, in the post's own words
(:mod:`bansha.mechanics.tables`): ``setup`` (after the deal), ``phase_start`` (when a phase
begins) and ``resolution`` (when a stage closes). A stage or a step is held on a mechanic's due
(``when: due:<skill>`` or ``not_due:<skill>``, as the pipeline writes it). A form is offered as
its mechanic offers it (and a declaration, 拍刀, in any stage its mechanic allows), refused with
its mechanic's reason or the data file's words, and recorded as its mechanic records it; a red
card and a director's 判负 are the ``red_cards`` mechanic's; the god view's hidden draws are the
mechanics' own lines.

It holds no rule of any one board. It and the pipeline (:class:`~bansha.mechanics.pipeline.
Pipeline`) are two runners of declared mechanics; the pipeline gains what this one does (the
tables' ``start``/``setup`` verbs, ``not_due``, declarations offered in every stage, a board
without a day-start announcement or a vote) before the two become one.
"""

from __future__ import annotations

from typing import Any

from bansha import texts
from bansha.engine.commands import Act
from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError, SetupError
from bansha.engine.events import Event
from bansha.engine.ruleset import LegalAct
from bansha.engine.state import State
from bansha.mechanics import tables
from bansha.mechanics.base import Board, Mechanic
from bansha.mechanics.catalogue import declare_all
from bansha.mechanics.colours import Colours
from bansha.mechanics.red_cards import RedCards
from bansha.mechanics.stored_flags import StoredFlags


class Rounds(Board):
    """A board of rounds run from its data file's declarations (see the module docstring)."""

    def __init__(self, data: dict[str, Any], options: dict[str, Any] | None = None) -> None:
        super().__init__(data, options)
        self.colours = Colours.read(None, "colours", {})
        self.categories = {}
        self.final_at_window_close = False
        """R-ALL-09: a removed player's act is dropped until its stage resolves."""
        self.teams = self.read_teams()
        self.mechs: dict[str, Mechanic] = declare_all(self)
        self.specs = {k: m.spec for k, m in self.mechs.items()}
        by_stage: dict[str, list[Mechanic]] = {}
        for m in self.mechs.values():
            for stage in m.spec.stages:
                by_stage.setdefault(stage, []).append(m)
        self._by_stage = {k: tuple(v) for k, v in by_stage.items()}
        """The declared skills used by acts, by the stage each is offered in."""
        self._declaring = tuple(
            m for m in self.mechs.values() if type(m).declaration is not Mechanic.declaration
        )
        """The mechanics that offer a declaration (拍刀) beside their stages' forms."""
        self._cards = next((m for m in self.mechs.values() if isinstance(m, RedCards)), None)
        """Red cards and a faction ruled lost (R-M186-08), if the board declares them."""
        self._stored = StoredFlags.read(self.data.get("stored_flags"))
        """How a stream stored while the board's memory sat in flags reads (``stored_flags``)."""
        self._setup = tables.read(self, "setup")
        self._starts = tables.read(self, "phase_start")
        self._steps = tables.read(self, "resolution")
        tables.check_named(self, self._steps)
        whens = [
            (f"timetable.{phase}[{i}].when", spec.get("when"))
            for phase, specs in self.data["timetable"].items()
            for i, spec in enumerate(specs)
        ] + [
            (f"{key}.{table}[{i}].when", step.when)
            for key, read in (("phase_start", self._starts), ("resolution", self._steps))
            for table, steps in read.items()
            for i, step in enumerate(steps)
        ]
        self._whens: dict[Any, tuple[bool, Mechanic]] = {}
        """Each ``when`` of the data file: whether it holds when its mechanic owes an act
        (``due:``) or when it does not (``not_due:``), and the mechanic."""
        for where, when in whens:
            kind, _, skill = str(when).partition(":")
            if when is not None and (kind not in ("due", "not_due") or skill not in self.mechs):
                raise SetupError(texts.ROUNDS_WHEN.format(where=where))
            if when is not None:
                self._whens[when] = (kind == "due", self.mechs[skill])

    # ================================================================== setup and stages
    def setup(
        self, ctx: Ctx, roles: dict[int, str] | None, fixed: dict[str, Any], declare: dict[str, Any]
    ) -> None:
        """Deal; the ``setup`` table (what each is told, what is drawn and held); the first stage."""
        dealt = self.deal(ctx, roles)
        for steps in self._setup.values():
            tables.run(self, ctx, steps, dealt=dealt, fixed=fixed)
        self.advance(ctx, self.start_time())

    def stage_applies(self, state: State, spec: dict[str, Any], day: int) -> bool:
        """A stage's (or a table step's) ``when``: ``due:<skill>`` (its mechanic owes an act:
        M186's 拍刀 once the assassination began, 湖中仙女 after missions 2–4) or
        ``not_due:<skill>``."""
        when = spec.get("when")
        return True if when is None else self.holds(state, when)

    def holds(self, state: State, when: Any) -> bool:
        """A ``when`` of the data file now (read once: :attr:`_whens`)."""
        owed_holds, m = self._whens[when]
        return bool(m.due(state)) == owed_holds

    def on_phase_start(self, ctx: Ctx, phase: str, day: int) -> None:
        """The phase's table (``phase_start``): M186's recap, Lancelot draw and proposers."""
        tables.run(self, ctx, self._starts.get(phase, ()), phase)

    def on_close(self, ctx: Ctx, stage_key: str) -> None:
        """The stage's resolution table (``resolution``)."""
        tables.run(self, ctx, self._steps.get(stage_key, ()))

    # ================================================================== acts
    def legal(self, state: State, seat: int) -> list[LegalAct]:
        """The stage's forms its mechanics offer ``seat``, then any declaration."""
        if state.ended or not state.players[seat].alive:
            return []
        out: list[LegalAct] = []
        for m in self._by_stage.get(state.stage_key or "", ()):
            la = m.legal(state, seat)
            if la is not None:
                out.append(la)
        for m in self._declaring:
            declaration = m.declaration(state, seat)
            if declaration is not None:
                out.append(declaration)
        return out

    def due_offers(self, state: State) -> list[list[LegalAct]]:
        """``legal`` by seat without what cannot make a seat absent at this close, none of it
        asked for: a declaration (``rare``) and each skill the seat already submitted in the stage
        (every mechanic offers its own skill)."""
        if state.ended:
            return [[] for _ in state.players]
        mechs = self._by_stage.get(state.stage_key or "", ())
        acts = state.acts
        out: list[list[LegalAct]] = []
        for p in state.players:
            offers: list[LegalAct] = []
            if p.alive:
                seat = p.seat
                for m in mechs:
                    if (seat, m.key) not in acts:
                        la = m.legal(state, seat)
                        if la is not None and not la.rare:
                            offers.append(la)
            out.append(offers)
        return out

    def on_act(self, ctx: Ctx, cmd: Act) -> None:
        """An act offered now, checked and recorded by its mechanic (a declaration made)."""
        s = ctx.state
        by, skill = cmd.by, cmd.skill
        if not s.players[by].alive:
            raise RuleError(self.say("refuse_out"))
        for d in self._declaring:
            declaration = d.declaration(s, by)
            if declaration is not None and declaration.skill == skill:
                d.declare(ctx, cmd)
                return
        if not self._offers(s, by, skill):
            raise RuleError(self._why_not(s, cmd))
        self.mechs[skill].take(ctx, cmd)

    def _offers(self, s: State, seat: int, skill: str) -> bool:
        """Whether a mechanic of the stage offers ``seat`` a form of ``skill`` now."""
        for m in self._by_stage.get(s.stage_key or "", ()):
            la = m.legal(s, seat)
            if la is not None and la.skill == skill:
                return True
        return False

    def _why_not(self, s: State, cmd: Act) -> str:
        """The data file's reason, in the skill's own words where the file has them: a skill he
        does not hold (``refuse_no_skill.<skill>``), or not now (``refuse_now``)."""
        skill = cmd.skill
        t = self.texts
        text = t.get(f"refuse_no_skill.{skill}") if skill not in s.players[cmd.by].skills else None
        text = text or t.get(f"refuse_now.{skill}") or t["refuse_now"]
        return self.fill(text, {"skill": self.skill_name(skill) if skill in self.skills else skill})

    def upcast(self, events: list[Event]) -> list[Event]:
        """A stream stored while the board's memory sat in flags reads as today's
        (``stored_flags``: :mod:`bansha.mechanics.stored_flags`, the pipeline's reader); others as
        stored."""
        return self._stored.upcast(events)

    # ================================================================== director
    def director_draws(self, state: State) -> list[str]:
        """What the mechanics drew in secret (M186's Lancelot deck still to draw, R-M186-02)."""
        return [line for m in self.mechs.values() for line in m.draws(state)]

    def factions_in_play(self, state: State) -> list[str]:
        """The data file's factions."""
        return list(self.factions)

    def concede(self, ctx: Ctx, faction: str) -> None:
        """The director rules a faction lost: the others win (``red_cards``)."""
        if self._cards is None:
            super().concede(ctx, faction)
            return
        self._cards.concede(ctx, faction)

    def red_card(self, ctx: Ctx, seat: int, faction_loses: bool) -> None:
        """A red card (``red_cards``: R-M186-08)."""
        if self._cards is None:
            super().red_card(ctx, seat, faction_loses)
            return
        self._cards.red_card(ctx, seat, faction_loses)
