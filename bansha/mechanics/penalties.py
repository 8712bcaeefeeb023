"""Penalty cards and their upgrades.

M103 and M186: 「三张【蓝牌】升级为一张【黄牌】」「三张【黄牌】升级为一张【红牌】」; a red card removes the
player (红牌罚下) and the director may rule the faction lost; cards may be given to players already out.
"""

from __future__ import annotations

from bansha.engine.context import Ctx
from bansha.engine.events import PUBLIC

UPGRADE = {"blue": "yellow", "yellow": "red"}
COLOR_BY_NAME = {"蓝牌": "blue", "黄牌": "yellow", "红牌": "red", "警告": "warning"}


def give(ctx: Ctx, seat: int, color: str, per_upgrade: int = 3) -> list[str]:
    """Record a card and any upgrades it triggers; return the colours given, upgrades included."""
    given = [color]
    ctx.emit("card", {"seat": seat, "color": color}, PUBLIC)
    ctx.emit("announcement", {"key": f"card_{color}", "params": {"p": seat}}, PUBLIC)
    while color in UPGRADE and ctx.state.players[seat].cards.get(color, 0) % per_upgrade == 0:
        color = UPGRADE[color]
        given.append(color)
        ctx.emit("card", {"seat": seat, "color": color, "upgrade": True}, PUBLIC)
        ctx.emit("announcement", {"key": f"card_{color}_upgrade", "params": {"p": seat}}, PUBLIC)
    return given
