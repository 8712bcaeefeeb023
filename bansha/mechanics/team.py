"""Team actions submitted by any member, the last submission standing, and who still counts.

Clauses served: M103 「杀人—— 游戏日夜晚，该阵营共群的角色可以共同指杀一名角色」 with R-M103-10 (any member
may submit; the last submission before the deadline stands; no submission = no kill); XXXII R-XXXII-03.
R-ALL-09: only the submissions of players who hold the power when the night resolves count; a member
removed during the night (red card, 淹死, 判死) or who lost the power (bs46 recovery, 优先判负) takes no
further part, and the team's choice is made among the current holders.
"""

from __future__ import annotations

from bansha.engine.state import ActRecord, State


def holders(state: State, skill: str) -> list[int]:
    """The living players who hold ``skill`` now: who may submit for the team, and whose
    submissions count (R-ALL-09)."""
    return [p.seat for p in state.players if p.alive and skill in p.skills]


def current(state: State, skill: str) -> dict[int, ActRecord]:
    """This stage's submissions of ``skill`` by players who still hold it (R-ALL-09), by seat."""
    players = state.players
    out: dict[int, ActRecord] = {}
    for (seat, sk), rec in state.acts.items():
        if sk == skill:
            p = players[seat]
            if p.alive and skill in p.skills:  # a holder now (holders)
                out[seat] = rec
    return out


def current_targets(state: State, skill: str) -> dict[int, int]:
    """:func:`current`'s submissions that name a target, as seat → target, in one pass."""
    players = state.players
    out: dict[int, int] = {}
    for (seat, sk), rec in state.acts.items():
        if sk == skill and rec.targets:
            p = players[seat]
            if p.alive and skill in p.skills:
                out[seat] = rec.targets[0]
    return out


def team_target(state: State, skill: str) -> int | None:
    """The team's standing target: the last submission of ``skill`` by a current holder
    (R-M103-10, R-ALL-09), or None when none of them submitted."""
    recs = [rec for rec in current(state, skill).values() if rec.targets]
    if not recs:
        return None
    return max(recs, key=lambda rec: rec.seq).targets[0]


def own_act(state: State, skill: str) -> tuple[int, int] | None:
    """A single holder's act this stage as (seat, target), if that player still holds the skill
    (R-ALL-09: a player removed or stripped of the power during the night takes no further part)."""
    for seat, rec in current(state, skill).items():
        if rec.targets:
            return seat, rec.targets[0]
    return None
