"""Announcements wait for their moment (R-ALL-11).

M103: 「讨论日进行时、投票结束时都会随时公示游戏流程相关信息，而夜晚期间需要公示的内容全部在下一个白天开始时公布。」
(R-M103-19: a red card given at night, its badge handover and any exit are announced when the next
day begins). What a post says to announce at a given moment is announced then and not earlier: an
announcement made while the post holds them is kept for the director only and published, in the
order it was made, when the moment comes.
"""

from __future__ import annotations

from typing import Any

from bansha.engine.context import Ctx
from bansha.engine.events import PUBLIC
from bansha.engine.state import HELD_ANNOUNCEMENTS as HELD
from bansha.engine.state import State


def announce(ctx: Ctx, data: dict[str, Any], hold: bool) -> None:
    """Publish an announcement now, or keep it for :func:`release` when ``hold`` is true."""
    if hold:
        held = ctx.state.held_announcements
        ctx.emit("flag", {"key": HELD, "value": [*held, data]})
    else:
        ctx.emit("announcement", data, PUBLIC)


def release(ctx: Ctx) -> None:
    """The moment has come: publish every held announcement, in the order they were made."""
    held = list(ctx.state.held_announcements)
    if not held:
        return
    for data in held:
        ctx.emit("announcement", data, PUBLIC)
    drop_held(ctx)


def drop_held(ctx: Ctx) -> None:
    """Forget every held announcement (a board that has published them its own way)."""
    ctx.emit("flag", {"key": HELD, "value": []})


def day_start_params(state: State, day: int) -> dict[str, Any]:
    """What a day's opening announcement (``day_start``) names, in exit order (R-ALL-11): the
    exits not yet announced (``ps_night``: the night's) and the players voted out the day before
    (``ps_vote``)."""
    return {
        "day": day,
        "ps_night": [x for x in state.exit_order if x not in state.announced],
        "ps_vote": [
            x
            for x in state.exit_order
            if state.players[x].exit_cause == "vote" and state.players[x].exit_day == day - 1
        ],
    }
