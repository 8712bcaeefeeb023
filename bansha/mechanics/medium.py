"""Medium: the holder is told tonight's kill victim.

M103 「通灵<强制> —— 游戏日夜晚，反馈被指杀的角色。」 (R-M103-05: the kill target even if guarded, 「无人被指杀」
when there is none); 预女猎白's witch 「解药：得知当晚被袭击的玩家」, who stops learning it once the
antidote is used (the save's ``loses``).
"""

from __future__ import annotations

from dataclasses import dataclass

from bansha.engine.context import Ctx
from bansha.engine.state import State
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import Board, Mechanic, Resolution, SkillSpec
from bansha.mechanics.params import Raw


@dataclass(frozen=True, slots=True)
class MediumParams:
    """``of``: the kill skill whose victim is told; ``notice``, ``notice_none``: the text keys
    told (default ``result_<skill>``, ``result_<skill>_none``)."""

    of: str
    notice: str
    notice_none: str


class Medium(Mechanic):
    """Told at its resolution step, with no act of its own."""

    kind = "medium"
    hint = "inform"
    about = About(
        params=(
            Param("of", "skill", None),
            Param("notice", "text", "result_{skill}"),
            Param("notice_none", "text", "result_{skill}_none"),
        ),
        texts=(
            Need("{notice}", ("p",)),
            Need("{notice_none}", ()),
        ),
        emits=("notice",),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        self.p = MediumParams(
            board.skill_ref(raw.text("of", None), f"skills.{self.key}.params.of"),
            raw.text("notice", None) or f"result_{self.key}",
            raw.text("notice_none", None) or f"result_{self.key}_none",
        )
        raw.done()

    def values(self) -> dict[str, str]:
        """The text keys of what is told."""
        return {"notice": self.p.notice, "notice_none": self.p.notice_none}

    def victim(self, s: State) -> int | None:
        """Tonight's victim of the kill (the last one, when it was used more than once)."""
        for u in reversed(s.uses.get(self.p.of, ())):
            if u.day == s.day and u.targets:
                return u.targets[0]
            break
        return None

    def do(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """Each living holder is told the victim, or that there is none."""
        s = ctx.state
        victim = self.victim(s)
        value = s.players[victim].name if victim is not None else self.board.word("no_kill")
        for seat in [x for x in s.living() if self.key in s.players[x].skills]:
            # 反馈被指杀的角色: the answer is its subject (the victim's name), so no targets
            ctx.emit(
                "result",
                {"seat": seat, "skill": self.key, "value": value, "day": s.day, "phase": s.phase},
                (seat,),
            )
            if victim is None:
                ctx.emit("notice", {"key": self.p.notice_none, "params": {}}, (seat,))
            else:
                ctx.emit("notice", {"key": self.p.notice, "params": {"p": victim}}, (seat,))
        return value
