"""The names bs46's typed memory is kept under (``rules.py`` keeps it, ``upcast.py`` reads a
stream stored before it was kept so)."""

from __future__ import annotations

RUNOFF_DUE = "due:runoff"
"""The 高票对辩 owed (pending): the two players tied above 40% in round 1 (R-BS46-08)."""
DECIDE_DUE = "due:decide"
"""The 高票讨论 owed (pending): ``{by: the previous night's victim, between: the tied pair}``
(「如再度平票，由前夜被杀者选择出局玩家」, R-BS46-08)."""


def ring_order(key: str) -> str:
    """The name of a team's 环形顺序 among the drawn orders (R-BS46-01)."""
    return f"ring:{key}"


def rank_order(key: str) -> str:
    """The name of a team's 级别 (highest first, the undercover last) among the drawn orders
    (R-BS46-02)."""
    return f"ranks:{key}"
