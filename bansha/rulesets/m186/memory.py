"""The names M186's typed memory is kept under (``rules.py`` keeps it, ``upcast.py`` reads a
stream stored before it was kept so)."""

from __future__ import annotations

FORMER_LADY = "former_lady"
"""The mark of every player who has held the Lady (「不可查验曾经是湖中仙女的角色」, R-M186-06)."""
PROPOSERS_DUE = "due:proposals"
"""The round's proposers (pending), in order: the captain and the next 4 (「队长和队长下方4个角色需在
12:00前提出方案」, R-M186-03); the approvals' slots follow them."""
APPROVALS_DUE = "due:approvals"
"""The approvals owed (pending): each proposer's team, in the proposers' order (None: his proposal
is missing, 「视为方案不通过」)."""
MISSION_DUE = "due:mission"
"""The mission owed (pending): ``{by: whose proposal went, team: the team that goes}``."""
LADY_DUE = "due:lady"
"""The Lady's check owed after this mission (pending: 「如果这是第2、3、4轮，湖中仙女查验一名角色」)."""
RECAP_DUE = "due:recap"
"""The recap owed when the next day begins (pending: 「每个游戏日白天开始时，公示前一天出征队伍组建的情况
和出征任务执行情况」): the day_recap's parameters."""
STRIKE_DUE = "due:strike"
"""The assassin's strike owed once 刺客拍刀流程 has begun (pending): ``{successes: X}``."""
MISSION, GRAIL, RED_CARD = "mission", "grail", "red_card"
"""Uses: a mission (seat: whose proposal went, targets: the team, choice: the result), Galahad's
Grail (once) and a red card (seat: the carded player, choice: his faction then, R-M186-08)."""
