"""Self-destruct by day (狼人自爆): out at once, no vote that day, night begins, no last words.

预女猎白's 狼人 「自爆：白天可以自爆，立即出局，当天的放逐投票取消，直接进入黑夜；自爆的狼人没有遗言」. The exit's
cause is the skill, which the last-words policy and the sheriff's badge (``lost_on``) read.
"""

from __future__ import annotations

from bansha.engine.commands import Act
from bansha.engine.context import Ctx
from bansha.engine.ruleset import LegalAct
from bansha.engine.state import State
from bansha.mechanics.about import About, Need
from bansha.mechanics.base import Board, Mechanic, SkillSpec
from bansha.mechanics.params import Raw


class SelfDestruct(Mechanic):
    """A declaration that takes effect at once, ending the day."""

    kind = "self_destruct"
    hint = "never"
    policy = "cornered"
    about = About(
        texts=(Need("out_{skill}", ("p",), False),),
        causes=("{skill}",),
        emits=("acted", "skill_used", "exited", "announcement", "stage_closed"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        raw.done()
        self.form = LegalAct(self.key, (), 0, rare=True)

    def may_be_owed(self, s: State) -> bool:
        """A declaration (``rare``): nobody is absent from it."""
        return False

    def legal(self, s: State, seat: int) -> LegalAct | None:
        """A button, shown apart (a game-changing declaration)."""
        return self.form

    def submit(self, ctx: Ctx, cmd: Act) -> None:
        """Out at once, announced; then (unless that ended the game) the day ends now."""
        self.board.record_act(ctx, cmd, (cmd.by,), None)
        self.record_use(ctx, cmd.by, ())
        self.board.exit(ctx, cmd.by, self.key, announce_now=True)
        if not self.board.check_outcome(ctx):
            self.board.end_phase(ctx, cmd.at)
