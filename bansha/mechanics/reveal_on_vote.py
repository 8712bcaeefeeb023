"""Reveal on vote: voted out, the idiot (白痴/prince) shows his card and stays in the game.

M103 「谁敢动我 <强制> —— 当太子在讨论日白天被投票出局，将发动强制技能，不会因投票出局而死亡。」 (R-M103-06:
``times: unlimited``, keeps his vote; option ``once``: survives once, loses his vote); 预女猎白's
白痴 「翻牌：被放逐时翻牌，免于出局，此后失去投票权」.
"""

from __future__ import annotations

from dataclasses import dataclass

from bansha.engine.context import Ctx
from bansha.engine.events import PUBLIC
from bansha.engine.state import State
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import Board, Mechanic, SkillSpec
from bansha.mechanics.params import Raw


@dataclass(frozen=True, slots=True)
class RevealParams:
    """``times``: ``once`` (a second vote-out takes him out) or ``unlimited``; ``loses_vote``:
    whether the revealed player loses his vote (default: with ``once`` only, R-M103-06)."""

    times: str
    loses_vote: bool


class RevealOnVote(Mechanic):
    """Passive: answers the exile vote's hook."""

    kind = "reveal_on_vote"
    hooks = frozenset({"on_voted_out", "may_vote"})
    about = About(
        params=(
            Param("times", "choice", "once", ("once", "unlimited")),
            Param("loses_vote", "flag", None),
        ),
        texts=(Need("revealed_{skill}", ("p",)),),
        emits=("announcement", "skill_used"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        times = raw.choice("times", ("once", "unlimited"), "once")
        loses = raw.maybe_flag("loses_vote")
        self.p = RevealParams(times, times == "once" if loses is None else loses)
        raw.done()
        self.mark = f"{self.key}:no_vote"

    def on_voted_out(self, ctx: Ctx, seat: int) -> bool:
        """He holds the skill (and has not used his one reveal): revealed, announced, stays."""
        s = ctx.state
        if self.key not in s.players[seat].skills:
            return False
        if self.p.times == "once" and self.used_by(s, seat):
            return False
        self.record_use(ctx, seat, ())
        if self.p.loses_vote:
            ctx.emit("marked", {"mark": self.mark, "seat": seat}, PUBLIC)
        # the public record says he revealed himself: it shows who he is (R-M103-06, 翻牌)
        word = self.board.role_name(s.players[seat].role)
        ctx.emit(
            "announcement",
            {"key": f"revealed_{self.key}", "params": {"p": seat}, "revealed": [[seat, word]]},
            PUBLIC,
        )
        return True

    def may_vote(self, s: State, seat: int) -> bool:
        """The revealed player has lost his vote (``loses_vote``)."""
        marked = s.marks.get(self.mark)
        return marked is None or seat not in marked
