"""Team actions submitted by any member, the last submission standing.

Clauses served: M103 「杀人—— 游戏日夜晚，该阵营共群的角色可以共同指杀一名角色」 with R-M103-10 (any member
may submit; the last submission before the deadline stands; no submission = no kill); XXXII R-XXXII-03.
"""

from __future__ import annotations

from bansha.engine.state import State


def team_target(state: State, team: str) -> int | None:
    """The team's standing target this stage, or None when nobody submitted."""
    rec = state.team_acts.get(team)
    return rec.targets[0] if rec and rec.targets else None


def team_members(state: State, skill: str) -> list[int]:
    """The living players who hold ``skill``: who may submit for the team."""
    return [p.seat for p in state.players if p.alive and skill in p.skills]
