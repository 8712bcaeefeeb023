"""Self-destruct taking one player along (白狼王 自爆带人): both out at once, no vote that day.

白狼王守卫 「白狼王：狼人阵营，与狼人一同袭击；讨论日可以发动<自爆>并选择一名玩家：两人立即同时出局（被选者为
<带走>），当天不再放逐投票，直接进入黑夜；被带走的猎人可以开枪、被带走的警长移交警徽，都在入夜之前；夜晚不能发动」.
The user exits by the skill's own cause (so that ``last_words.never`` and the sheriff's ``lost_on`` read
it as they read 自爆), the target by ``cause`` (带走); then the day is cut short (:meth:`Pipeline.end_day`):
the day's later stages are skipped but those held on ``due:`` (a taken hunter's 开枪, a taken sheriff's
移交警徽), which open before night falls. Rulings: R-ALL-08 (the outcome is checked after the exits, a
decided game opens nothing), R-ALL-03 (the target must be living).
"""

from __future__ import annotations

from dataclasses import dataclass

from bansha.engine.commands import Act
from bansha.engine.context import Ctx
from bansha.engine.ruleset import LegalAct, form
from bansha.engine.state import State
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import Board, Mechanic, SkillSpec
from bansha.mechanics.params import Raw


@dataclass(frozen=True, slots=True)
class TakeParams:
    """``cause``: the target's exit cause (带走); ``teammates``: a teammate may be taken."""

    cause: str
    teammates: bool


class SelfDestructTake(Mechanic):
    """A declaration with one target: user and target out at once, the day cut short."""

    kind = "self_destruct_take"
    hint = "harm"
    policy = "cornered"
    about = About(
        params=(
            Param("cause", "cause", "taken"),
            Param("teammates", "flag", True),
        ),
        texts=(
            Need("out_{skill}", ("p",)),
            Need("out_{cause}", ("p", "p_by")),
        ),
        causes=("{skill}", "{cause}"),
        emits=("acted", "skill_used", "exited", "announcement", "stage_closed", "flag"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        self.p = TakeParams(raw.text("cause", "taken") or "taken", raw.flag("teammates", True))
        raw.done()

    def values(self) -> dict[str, str]:
        """The parameters the declared texts and causes are named after."""
        return {"cause": self.p.cause}

    def may_be_owed(self, s: State) -> bool:
        """A declaration (``rare``): nobody is absent from it."""
        return False

    def legal(self, s: State, seat: int) -> LegalAct | None:
        """One living player other than himself (not a teammate with ``teammates: false``),
        shown apart: a declaration that cannot be taken back."""
        team = set() if self.p.teammates else set(s.groups.get(self.spec.team or "", ()))
        for members in () if self.p.teammates else s.groups.values():
            if seat in members:
                team |= set(members)
        targets = tuple(t for t in s.living() if t != seat and t not in team)
        return form(self.key, targets, 1, rare=True) if targets else None

    def refuse_target(self, s: State, seat: int, target: int) -> str | None:
        """Himself, or a teammate where the board forbids it."""
        return "refuse_self" if target == seat else "refuse_teammate"

    def submit(self, ctx: Ctx, cmd: Act) -> None:
        """Both out at once, announced (he first, then the one he takes); then, unless that
        decided the game (R-ALL-08), the day is cut short: its due stages, then the night."""
        board = self.board
        board.record_act(ctx, cmd, (cmd.by,), None)
        target = cmd.targets[0]
        self.record_use(ctx, cmd.by, (target,))
        board.exit(ctx, cmd.by, self.key, announce_now=True)
        board.exit(ctx, target, self.p.cause, announce_now=True, by=cmd.by)
        if not board.check_outcome(ctx):
            board.end_day(ctx, cmd.at)
