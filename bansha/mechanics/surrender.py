"""Surrender (投降).

M103: 「杀了狗皇帝阵营、皇帝算什么阵营均可以由阵营中的某一角色发起投降。…当所有被询问的角色（包括已出局角色）同意投降，
投降有效。该阵营优先判负，不公示。」 (R-M103-16).
"""

from __future__ import annotations

from dataclasses import dataclass

from bansha import texts
from bansha.engine.commands import Act
from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError, SetupError
from bansha.engine.ruleset import LegalAct
from bansha.engine.state import State
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import Board, Mechanic, SkillSpec
from bansha.mechanics.params import Raw


def propose_or_answer(ctx: Ctx, faction: str, seat: int, asked: list[int], agree: bool) -> bool:
    """Record a proposal or an answer; return True when every asked character has agreed."""
    if not asked:
        raise RuleError(texts.SURRENDER_NOBODY)
    key = f"surrender:{faction}"
    current: dict[str, bool] = dict(ctx.state.pending.get(key) or {})
    if not agree:
        ctx.emit("pending", {"key": key, "value": None})
        for s in asked:
            ctx.emit("notice", {"key": "surrender_refused", "params": {"p": seat}}, (s,))
        return False
    if not current:
        for s in asked:
            ctx.emit("notice", {"key": "surrender_proposed", "params": {"p": seat}}, (s,))
    current[str(seat)] = True
    ctx.emit("pending", {"key": key, "value": current})
    if all(current.get(str(s)) for s in asked):
        ctx.emit("pending", {"key": key, "value": None})
        return True
    return False


@dataclass(frozen=True, slots=True)
class SurrenderParams:
    """``asked``: for each faction that may surrender, who must agree: ``group:<key>`` (every
    member of the group, out ones included; before it is formed, the players of its team's
    roles) or ``mark:<name>`` (the players marked so: M103's two lovers)."""

    asked: dict[str, str]


class Surrender(Mechanic):
    """投降 as a declared skill: a living member proposes (a declaration, shown apart); every asked
    character answers 同意 or 反对 (out ones included); one refusal cancels it.

    Texts: ``surrender_proposed``, ``surrender_refused``, ``surrender_done`` (told to the asked
    and the members), refusals ``refuse_surrender_*``. A member nobody asks only ever proposes:
    it is told nothing of a pending proposal, and neither its form nor a refusal tells it.
    """

    kind = "surrender"
    plain = False
    hint = "never"
    validates = True
    about = About(
        params=(
            Param(
                "asked",
                "faction_table",
                {},
            ),
        ),
        texts=(
            Need("surrender_proposed", ("p",)),
            Need("surrender_refused", ("p",)),
            Need("surrender_done", ()),
        ),
        emits=("pending", "notice", "faction_lost"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        self.p = SurrenderParams(raw.table("asked"))
        raw.done()
        self.who: dict[str, tuple[str, str]] = {}
        """Each faction's ``asked``, read once: (``group`` or ``mark``, its key)."""
        for faction, who in self.p.asked.items():
            where = f"skills.{self.key}.params.asked.{faction}"
            kind, _, arg = who.partition(":")
            if faction not in board.factions or kind not in ("group", "mark") or not arg:
                raise SetupError(texts.SURRENDER_ASKED_SHAPE.format(where=where))
            self.who[faction] = (kind, arg)
        self.keys = {faction: f"surrender:{faction}" for faction in self.p.asked}
        self.propose = LegalAct(self.key, (), 0, rare=True)
        self.answer = LegalAct(self.key, (), 0, choices=(board.word("agree"), board.word("refuse")))

    def asked(self, s: State, faction: str) -> list[int]:
        """Who must agree (R-M103-16): 狗皇帝群中所有角色 (out ones included), or the two lovers;
        before the 红线 resolves there is no group yet: every player of the team's roles."""
        kind, arg = self.who.get(faction, ("", ""))
        if kind == "mark":
            return sorted(s.marks.get(arg, ()))
        if arg in s.groups:
            return list(s.groups[arg])
        roles = self.board.teams.get(arg, ((), None))[0]
        return [p.seat for p in s.players if p.role in roles]

    def _anyone_asked(self, s: State, faction: str) -> bool:
        """Whether :meth:`asked` names anybody, without listing them (a group is never empty:
        an empty ``group_set`` removes it)."""
        who = self.who.get(faction)  # no default: a default tuple is built at every call
        if who is None:
            return False
        kind, arg = who
        if kind == "mark":
            return bool(s.marks.get(arg))
        group = s.groups.get(arg)
        if group is not None:
            return bool(group)
        roles = self.board.teams.get(arg, ((), None))[0]
        for p in s.players:  # noqa: SIM110 - a loop: mypyc compiles it, not a generator
            if p.role in roles:
                return True
        return False

    def may_be_owed(self, s: State) -> bool:
        """Only while a proposal is pending: an asked member owes his answer; a proposal is a
        declaration."""
        pending = s.pending
        if not pending:
            return False
        for key in self.keys.values():  # noqa: SIM110 - a loop: mypyc compiles it, not a generator
            if key in pending:
                return True
        return False

    def _key(self, faction: str) -> str:
        return self.keys.get(faction) or f"surrender:{faction}"

    def holds(self, s: State, seat: int) -> bool:
        """A member of a faction that may surrender and has not lost."""
        faction = s.players[seat].faction
        return faction in self.who and faction not in s.lost

    def legal(self, s: State, seat: int) -> LegalAct | None:
        """A living member may propose, while somebody is there to be asked; each asked
        character answers once. A member nobody asks (M103's 牵线红娘 among the lovers) is not told
        of a proposal, so its form never changes with one: it may propose whether or not one is
        pending (a proposal made while one is pending joins it)."""
        p = s.players[seat]
        pending = s.pending.get(self._key(p.faction)) if s.pending else None
        if pending is None:  # nothing to answer: a living member proposes, if anyone is asked
            if not p.alive:
                return None
            return self.propose if self._anyone_asked(s, p.faction) else None
        asked = self.asked(s, p.faction)
        if pending is None or seat not in asked:
            return self.propose if p.alive and asked else None
        return self.answer if str(seat) not in pending else None

    def validate(self, s: State, cmd: Act) -> str | None:
        """The refusal's text key, in the order a director would answer."""
        p = s.players[cmd.by]
        faction = p.faction
        if faction not in self.p.asked:
            return "refuse_surrender_faction"
        if faction in s.lost:
            return "refuse_surrender_lost"
        asked = cmd.by in self.asked(s, faction)
        proposing = not asked or self._key(faction) not in s.pending  # the unasked only propose
        if proposing and not p.alive:
            return "refuse_surrender_dead"
        if cmd.choice is not None and cmd.choice not in self.answer.choices:
            return "refuse_surrender_choice"
        if proposing and cmd.choice == self.board.word("refuse"):
            return "refuse_surrender_propose"
        return None  # an answer given again replaces the first

    def submit(self, ctx: Ctx, cmd: Act) -> None:
        """Record the proposal or the answer; when every asked character agreed, the faction
        loses privately (「该阵营优先判负，不公示」) and the outcome is checked."""
        s = ctx.state
        faction = s.players[cmd.by].faction
        agree = cmd.choice in (None, self.board.word("agree"))
        if propose_or_answer(ctx, faction, cmd.by, self.asked(s, faction), agree):
            for p in s.players:
                if p.faction == faction:
                    ctx.emit("notice", {"key": "surrender_done", "params": {}}, (p.seat,))
            self.board.lose(ctx, faction, "surrender")
            self.board.check_outcome(ctx, [faction])
