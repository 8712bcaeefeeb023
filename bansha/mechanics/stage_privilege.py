"""Stage privilege: the partners of a pair check's 异 are not voted to death the day after one of
them is voted out.

XXXII 【舞台特权】 「当任意一名曾在【演员试镜】中显示为【异】的棋子被投票出局(无论是否死亡)时，和他同组显示为【异】的
棋子在下一个白天不会被票死（仍可以被投票）。」 and 补充说明 c 「【观剧-舞台特权】的免死效果不会影响投票流程，仅在投票
结束后进行出局结算时产生效果。」 (R-XXXII-08: the votes on a spared piece still count; only his exit
is skipped.)

The mechanic's memory is the skill's uses (``State.uses``): one use per vote-out that spares
anyone, its ``seat`` the piece voted out, its ``targets`` the pieces spared on the next day. The
functions below are the rule, which XXXII's rule set shares.
"""

from __future__ import annotations

from collections.abc import Sequence

from bansha.engine.context import Ctx
from bansha.engine.events import PUBLIC
from bansha.engine.state import State, Use
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import Board, Mechanic, SkillSpec
from bansha.mechanics.params import Raw


def partners(tests: Sequence[Use], word: str, out: int) -> list[int]:
    """The pieces that showed ``word`` (异) in a test together with ``out``."""
    found: set[int] = set()
    for u in tests:
        if u.choice == word and out in u.targets:
            found.update(t for t in u.targets if t != out)
    return sorted(found)


def spared(uses: Sequence[Use], day: int) -> set[int]:
    """The pieces that cannot be voted to death on ``day`` (spared by yesterday's vote-outs)."""
    return {t for u in uses if u.day == day - 1 for t in u.targets}


class StagePrivilege(Mechanic):
    """Passive: answers the exile vote's hook for every board player voted out."""

    kind = "stage_privilege"
    hooks = frozenset({"on_voted_out"})
    about = About(
        params=(
            Param("of", "skill", None),
            Param("word", "text", "different"),
            Param("notice", "text", "spared_{skill}"),
        ),
        texts=(Need("{notice}", ("p",)),),
        emits=("announcement", "skill_used"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params"
        self.of = board.skill_ref(raw.text("of", None), f"{where}.of")
        self.word = board.word_of(raw.text("word", "different") or "different", f"{where}.word")
        self.notice = raw.text("notice", None) or f"spared_{self.key}"
        raw.done()

    def values(self) -> dict[str, str]:
        """The text key of the announcement."""
        return {"notice": self.notice}

    def on_voted_out(self, ctx: Ctx, seat: int) -> bool:
        """Whoever is voted out grants his 异 partners tomorrow's privilege (dead or not); a piece
        spared today stays in, announced."""
        s = ctx.state
        friends = partners(s.uses.get(self.of, ()), self.word, seat)
        kept = seat in spared(self.uses(s), s.day)
        if friends:
            self.record_use(ctx, seat, tuple(friends))
        if kept:
            data = {"key": self.notice, "params": {"p": seat}}
            ctx.emit("announcement", data, PUBLIC)
        return kept

    def spared_today(self, s: State) -> set[int]:
        """The pieces that cannot be voted to death today."""
        return spared(self.uses(s), s.day)
