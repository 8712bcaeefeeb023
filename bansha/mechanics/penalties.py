"""Penalty cards and their upgrades.

M103 and M186: 「三张【蓝牌】升级为一张【黄牌】」「三张【黄牌】升级为一张【红牌】」; a red card removes the
player (红牌罚下) and the director may rule the faction lost; cards may be given to players already out.
M103 「夜晚期间需要公示的内容全部在下一个白天开始时公布」 (R-ALL-11, R-M103-19): a card given at night is
told to its player at once and announced when the next day begins.
"""

from __future__ import annotations

from bansha.engine.context import Ctx
from bansha.engine.events import PUBLIC
from bansha.mechanics.announce import announce

UPGRADE = {"blue": "yellow", "yellow": "red"}


def give(ctx: Ctx, seat: int, color: str, per_upgrade: int = 3, hold: bool = False) -> list[str]:
    """Record a card and any upgrades it triggers; return the colours given, upgrades included.

    With ``hold`` (the post's announcements wait for the day), the card is recorded for its
    player and the director only and its announcements are held (R-ALL-11).
    """
    to = (seat,) if hold else PUBLIC
    given = [color]
    ctx.emit("card", {"seat": seat, "color": color}, to)
    announce(ctx, {"key": f"card_{color}", "params": {"p": seat}}, hold)
    while color in UPGRADE and ctx.state.players[seat].cards.get(color, 0) % per_upgrade == 0:
        color = UPGRADE[color]
        given.append(color)
        ctx.emit("card", {"seat": seat, "color": color, "upgrade": True}, to)
        announce(ctx, {"key": f"card_{color}_upgrade", "params": {"p": seat}}, hold)
    return given
