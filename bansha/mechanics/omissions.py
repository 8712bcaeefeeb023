"""Missing actions (R-ALL-05): a player who does not act before a deadline has given it up (or the
post's default applies); the engine records who, so the director can penalise it (潜水, 黄牌)."""

from __future__ import annotations

from collections.abc import Iterable

from bansha.engine.context import Ctx


def record(ctx: Ctx, seats: Iterable[int], skill: str) -> None:
    """One director-only event naming every seat that missed ``skill`` in the current stage."""
    missing = sorted(seats)
    if missing:
        s = ctx.state
        ctx.emit("omission", {"seats": missing, "skill": skill, "day": s.day, "stage": s.stage})
