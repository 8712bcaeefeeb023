"""Surrender (投降).

M103: 「杀了狗皇帝阵营、皇帝算什么阵营均可以由阵营中的某一角色发起投降。…当所有被询问的角色（包括已出局角色）同意投降，
投降有效。该阵营优先判负，不公示。」 (R-M103-16).
"""

from __future__ import annotations

from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError


def propose_or_answer(ctx: Ctx, faction: str, seat: int, asked: list[int], agree: bool) -> bool:
    """Record a proposal or an answer; return True when every asked character has agreed."""
    if not asked:
        raise RuleError("没有可以询问的角色，投降无效")
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
