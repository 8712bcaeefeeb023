"""Lady of the Lake: after some missions the status's holder checks one player's current faction
in private; the checked player holds the status next; a former holder may not be checked.

M186 【非身份】湖中仙女 「初始湖中仙女为队长的上家。 花环[强制]——第2,3,4任务执行结束时，湖中仙女可查验一名角色的当前阵营，
然后该角色成为新的湖中仙女，不可查验曾经是湖中仙女的角色。」; 游戏流程 「6、如果这是第2、3、4轮，湖中仙女查验一名角色，并公布
新的湖中仙女」 (R-M186-06; R-ALL-09: a check whose holder or target was removed before it resolves
does not count).

The mechanic's memory: the holder is a status holder (``holder_set``), every holder so far the
mark ``mark``, the check owed after a mission ``State.pending[due]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bansha.engine.commands import Act
from bansha.engine.context import Ctx
from bansha.engine.events import PUBLIC
from bansha.engine.ruleset import LegalAct, form
from bansha.engine.state import State
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import Board, Mechanic, Resolution, SkillSpec
from bansha.mechanics.params import Raw
from bansha.mechanics.proposal import next_living


@dataclass(frozen=True, slots=True)
class LadyParams:
    """``rounds``: the missions after which the check is owed; ``status``: the Lady's status;
    ``missions``: the skill whose uses are the missions played; ``mark``: every holder's mark (never checked); ``due``: the pending key of the check owed;
    ``notice``: the holder's answer; ``passed``: the new holder's announcement."""

    rounds: tuple[int, ...]
    missions: str
    status: str
    mark: str
    captain: str
    first: str
    due: str
    notice: str
    passed: str


class LadyOfTheLake(Mechanic):
    """The holder's check after the rounds given; the status passes to the checked player."""

    kind = "lady_of_the_lake"
    validates = True
    about = About(
        params=(
            Param("rounds", "numbers", (2, 3, 4)),
            Param(
                "missions",
                "skill",
                "mission",
            ),
            Param("status", "status", "lady"),
            Param("mark", "text", "former_lady"),
            Param("captain", "status", "captain"),
            Param("first", "text", "first_{skill}"),
            Param("due", "text", "due:{skill}"),
            Param("notice", "text", "result_{skill}"),
            Param("passed", "text", "passed_{skill}"),
        ),
        texts=(
            Need("{notice}", ("p", "word")),
            Need("{passed}", ("p",)),
            Need("{first}", ("p", "p_lady")),
            Need("refuse_former_{skill}", ("p",)),
            Need("refuse_target_{skill}", ()),
        ),
        emits=("acted", "result", "notice", "holder_set", "marked", "announcement", "pending"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params"
        a = self.about
        self.p = LadyParams(
            raw.numbers("rounds", a.default("rounds")),
            board.skill_ref(raw.text("missions", a.default("missions")), f"{where}.missions"),
            str(board.status_ref(raw.text("status", a.default("status")), f"{where}.status")),
            str(raw.text("mark", a.default("mark"))),
            str(board.status_ref(raw.text("captain", a.default("captain")), f"{where}.captain")),
            self.text_key(raw, "first"),
            self.text_key(raw, "due"),
            self.text_key(raw, "notice"),
            self.text_key(raw, "passed"),
        )
        raw.done()

    def values(self) -> dict[str, str]:
        """The text keys of the answer, of the new holder and of the first."""
        return {"notice": self.p.notice, "passed": self.p.passed, "first": self.p.first}

    def on_deal(self, ctx: Ctx, dealt: list[str], fixed: dict[str, Any]) -> None:
        """Its ``setup:`` step, after the captain's: the first holder, announced with him."""
        s = ctx.state
        captain = s.holders[self.p.captain]
        assert captain is not None
        lady = self.first_holder(ctx, captain)
        data = {
            "key": self.p.first,
            "params": {"p": captain, "p_lady": lady},
            "holders": {self.p.captain: captain, self.p.status: lady},
        }
        ctx.emit("announcement", data, PUBLIC)

    def first_holder(self, ctx: Ctx, captain: int) -> int:
        """「初始湖中仙女为队长的上家」: the status and the mark."""
        lady = next_living(ctx.state, captain, -1)
        ctx.emit("holder_set", {"status": self.p.status, "seat": lady}, PUBLIC)
        ctx.emit("marked", {"mark": self.p.mark, "seat": lady})
        return lady

    def owed_after(self, ctx: Ctx, mission: int) -> None:
        """After mission ``mission``: the check is owed after the rounds given (one owed before
        and never held, its holder out since, lapses)."""
        s = ctx.state
        if mission in self.p.rounds:
            ctx.emit("pending", {"key": self.p.due, "value": True})
        elif self.p.due in s.pending:
            ctx.emit("pending", {"key": self.p.due, "value": None})

    def resolve(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """Its ``resolve:`` step after a mission: the check owed if the post says so."""
        self.owed_after(ctx, len(ctx.state.uses.get(self.p.missions, ())))
        return ""

    def due(self, s: State) -> tuple[int, ...]:
        """The holder, while her check is owed and she is in the game (its stage is held)."""
        lady = s.holders.get(self.p.status)
        return (lady,) if lady is not None and self.held(s) else ()

    def held(self, s: State) -> bool:
        """Whether the check's stage is held: it is owed and the holder is in the game."""
        lady = s.holders.get(self.p.status)
        return self.p.due in s.pending and lady is not None and s.players[lady].alive

    # ------------------------------------------------------------------ acts
    def legal(self, s: State, seat: int) -> LegalAct | None:
        """The holder checks one living player who never held the status."""
        if s.holders.get(self.p.status) != seat:
            return None
        former = s.marks.get(self.p.mark, set())
        targets = tuple(x for x in s.living() if x not in former)
        return form(self.key, targets, 1) if targets else None

    def refuse_target(self, s: State, seat: int, target: int) -> str | None:
        """「不可查验曾经是湖中仙女的角色」, the holder herself included."""
        if target in s.marks.get(self.p.mark, set()):
            return f"refuse_former_{self.key}"
        return None

    def validate(self, s: State, cmd: Act) -> str | None:
        """One living player who never held the status."""
        la = self.legal(s, cmd.by)
        if la is None or len(cmd.targets) != 1 or cmd.targets[0] not in la.targets:
            return f"refuse_target_{self.key}"
        return None

    # ------------------------------------------------------------------ resolution
    def do(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """The holder told the target's current faction; the target holds the status now."""
        s = ctx.state
        p = self.p
        if p.due in s.pending:
            ctx.emit("pending", {"key": p.due, "value": None})
        holder = s.holders.get(p.status)
        rec = None if holder is None else s.acts.get((holder, self.key))
        if holder is None or rec is None:
            return ""
        target = rec.targets[0]
        if not s.players[holder].alive or not s.players[target].alive:
            return ""  # R-ALL-09: removed (红牌) since the check was sent: it no longer counts
        word = self.board.faction_name(s.players[target].faction)
        notice = {"key": p.notice, "params": {"p": target, "word": word}}
        self.tell_result(ctx, holder, (target,), word, notice)
        ctx.emit("holder_set", {"status": p.status, "seat": target}, PUBLIC)
        ctx.emit("marked", {"mark": p.mark, "seat": target})
        data = {"key": p.passed, "params": {"p": target}, "holders": {p.status: target}}
        ctx.emit("announcement", data, PUBLIC)
        return ""
