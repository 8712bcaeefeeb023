"""Win and loss checks shared by rule sets.

R-ALL-08: win and loss conditions are checked after every exit resolution and at the end of every
phase; exits of one resolution step are applied together and the conditions checked once.
M103 胜负判定: 「游戏状态满足某阵营失败条件之一，该阵营优先判负。场上仅有一个阵营尚未被判负，游戏立即结束，宣布此阵营
胜利。」「游戏结束时，将有且只有一个阵营获得胜利。」
"""

from __future__ import annotations

from collections.abc import Callable

from bansha.engine.state import State


def last_standing(
    state: State,
    factions: list[str],
    newly_lost: list[str],
    priority: list[str],
) -> list[str]:
    """The single winner when exactly one faction is left, or when one check sinks all at once.

    When the last check made every remaining faction lose together, the post still wants exactly one
    winner: the faction among those with the most living members wins, then the data file's
    ``tie_priority`` decides (an interpretation, documented per rule set).
    """
    remaining = [f for f in factions if f not in state.lost]
    if len(remaining) == 1:
        return remaining
    if remaining or not newly_lost:
        return []

    def living(f: str) -> int:
        return sum(1 for p in state.players if p.alive and p.faction == f)

    order = {f: i for i, f in enumerate(priority)}
    best = sorted(newly_lost, key=lambda f: (-living(f), order.get(f, len(order))))
    return best[:1]


def members(state: State, faction: str, alive_only: bool = False) -> list[int]:
    """Seats currently in ``faction``."""
    return [p.seat for p in state.players if p.faction == faction and (p.alive or not alive_only)]


def all_out(state: State, seats: list[int]) -> bool:
    """Whether every seat listed is out (true for an empty list)."""
    return all(not state.players[s].alive for s in seats)


Predicate = Callable[[State], bool]
