"""胜负判定 (R-M103-14, R-ALL-08): private losses, the assassins' win, the last faction standing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha.engine.context import Ctx
from bansha.engine.events import PUBLIC
from bansha.engine.state import State
from bansha.mechanics import announce
from bansha.mechanics.outcome import all_out, last_standing, members
from bansha.rulesets.m103.keys import ASSASSINS, LOVERS, LOYAL

if TYPE_CHECKING:
    from bansha.rulesets.m103.rules import M103


# ================================================================== win and loss
def _factions(self: M103, s: State) -> list[str]:
    out = [ASSASSINS, LOYAL]
    if s.flags.get("lovers_faction"):
        out.append(LOVERS)
    return out


def _loses(self: M103, s: State, faction: str) -> bool:
    """The loss conditions of 胜负判定 (R-M103-14).

    我爱皇帝 loses when every 特 (密探, 太医, 侍卫, 太子) of the faction is out, or every 妃子
    (宠妃 and the 帝王); a cupid who counts as 特 or 妃子 (R-M103-08) is counted there.
    """
    if faction == ASSASSINS:
        return not any(p.alive and p.faction == ASSASSINS for p in s.players)
    if faction == LOVERS:
        return all_out(s, list(s.flags.get("lovers", [])))  # 不含红娘
    alive: set[str] = set()
    for p in s.players:
        if p.alive and p.faction == LOYAL:
            category = p.counts_as or self._categories.get(p.role)
            if category:
                alive.add(category)
    return "special" not in alive or "consort" not in alive


def _lose(self: M103, ctx: Ctx, faction: str, why: str) -> None:
    """优先判负: private to the faction; members stay in the game."""
    s = ctx.state
    if faction in s.lost:
        return
    ctx.emit("faction_lost", {"faction": faction, "why": why}, tuple(members(s, faction)))
    if faction == ASSASSINS:
        # 杀了狗皇帝阵营优先判负后，杀了狗皇帝阵营失去杀人技能。此事件发生时会通知杀了狗皇帝阵营。
        for p in s.players:
            if p.faction == ASSASSINS and "kill" in p.skills:
                ctx.emit("skill_lost", {"seat": p.seat, "skill": "kill"}, (p.seat,))
        for seat in members(s, ASSASSINS):
            ctx.emit("notice", {"key": "assassins_lost_kill", "params": {}}, (seat,))
        if LOVERS in _factions(self, s) and LOVERS not in s.lost:
            # 寡妇刀<强制> (R-M103-11): from the next night, and the lovers are told
            lovers = [x for x in s.flags.get("lovers", []) if s.players[x].alive]
            ctx.emit("flag", {"key": "widow_pending", "value": lovers})
            for x in s.flags.get("lovers", []):
                ctx.emit("notice", {"key": "widow_blade", "params": {}}, (x,))


def _check_outcome(self: M103, ctx: Ctx, already: list[str]) -> bool:
    """R-M103-14 / R-ALL-08: losses, the assassins' win, then the last faction standing."""
    s = ctx.state
    if s.ended:
        return True
    # nothing that decides the outcome changed since the last check: skip the work
    basis = (len(s.exit_order), len(s.lost), bool(s.flags.get("lovers")))
    if not already and s.outcome_basis == basis:
        return False
    s.outcome_basis = basis
    factions = _factions(self, s)
    newly = list(already)
    for f in factions:
        if f not in s.lost and _loses(self, s, f):
            _lose(self, ctx, f, "condition")
            newly.append(f)
    living = s.living()
    if ASSASSINS not in s.lost and living:
        a = sum(1 for x in living if s.players[x].faction == ASSASSINS)
        if a * 2 >= len(living):
            _end(self, ctx, [ASSASSINS])
            return True
    winners = last_standing(s, factions, newly, list(self.data.get("tie_priority", factions)))
    if winners:
        _end(self, ctx, winners)
        return True
    return False


def _end(self: M103, ctx: Ctx, winners: list[str]) -> None:
    s = ctx.state
    pending = list(s.flags.get("night_exits", []))
    if pending:  # night exits not yet announced are published with the result
        ctx.emit(
            "announcement",
            {"key": "final_exits", "params": {"ps": pending}, "exits": pending},
            PUBLIC,
        )
    announce.release(ctx)  # and whatever else the night had to announce (R-M103-19)
    self.end_game(ctx, winners)
