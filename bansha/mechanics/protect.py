"""Protect: one player a night is shielded from a kill (the ``blocked_by`` of its resolution).

M103 「横刀守卫 —— 游戏日夜晚，可对任意角色发动技能守卫，使其当晚指杀免疫，每名角色一局游戏仅能被守卫一次。」
(R-M103-03: self allowed, ``once_per_target``); 预女猎守's 守卫 「守护：每晚守护一名玩家，可以守护自己，不能连续两晚
守护同一名玩家」 (``consecutive: false``); XXXII 【红字结界】 「审问官不能连续两天对同一棋子使用」 (R-XXXII-09).
"""

from __future__ import annotations

from dataclasses import dataclass

from bansha.engine.context import Ctx
from bansha.engine.ruleset import LegalAct
from bansha.engine.state import State
from bansha.mechanics.about import About, Param
from bansha.mechanics.base import Board, Mechanic, Resolution, SkillSpec
from bansha.mechanics.params import Raw


@dataclass(frozen=True, slots=True)
class ProtectParams:
    """``self``: the protector may pick himself (R-ALL-12); ``once_per_target``: nobody is
    protected twice in a game; ``consecutive``: the same player may be protected two nights
    running."""

    self_: bool
    once_per_target: bool
    consecutive: bool


class Protect(Mechanic):
    """A night pick that blocks tonight's kills on its target."""

    kind = "protect"
    hint = "protect"
    about = About(
        summary="每晚守护一名玩家：当晚列有此技能于 blocked_by 的袭击对其无效",
        act="一名存活玩家",
        params=(
            Param("self", "flag", True, "能否守护自己"),
            Param("once_per_target", "flag", False, "每名玩家整局只能被守护一次"),
            Param("consecutive", "flag", True, "能否连续两晚守护同一人"),
        ),
        emits=("acted", "skill_used"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        self.p = ProtectParams(
            raw.flag("self", True),
            raw.flag("once_per_target", False),
            raw.flag("consecutive", True),
        )
        raw.done()

    def _last_night(self, s: State, seat: int) -> int | None:
        """Whom ``seat`` protected the night before (None: nobody, or not last night)."""
        for u in reversed(self.uses(s)):
            if u.seat == seat:
                return u.targets[0] if u.day == s.day - 1 and u.targets else None
        return None

    def legal(self, s: State, seat: int) -> LegalAct | None:
        """Living players, minus himself, the already protected or last night's, as declared."""
        p = self.p
        ever = {t for u in self.uses(s) for t in u.targets} if p.once_per_target else set()
        last = None if p.consecutive else self._last_night(s, seat)
        targets = tuple(
            t for t in s.living() if (p.self_ or t != seat) and t not in ever and t != last
        )
        return LegalAct(self.key, targets, 1) if targets else None

    def refuse(self, s: State, seat: int) -> str | None:
        """Nobody left to protect."""
        return "refuse_protect_nobody"

    def refuse_target(self, s: State, seat: int, target: int) -> str | None:
        """Himself, a player protected before, or last night's player."""
        if target == seat and not self.p.self_:
            return "refuse_self"
        if self.p.once_per_target and any(target in u.targets for u in self.uses(s)):
            return "refuse_protect_once"
        return "refuse_protect_twice"

    def do(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """The standing pick is tonight's protection."""
        pick = self.use_pick(ctx)
        if pick is None:
            return self.board.say("trace_none")
        return ctx.state.players[pick[1]].name
