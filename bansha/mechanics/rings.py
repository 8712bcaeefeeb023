"""Ring-knowledge teams and the team's choice from separate submissions.

bs46 二: 「3名警察与1名杀手卧底，共同组成警察团，但是每个人只知道其他1个人的警察身份，并以环形连接。如：A知道B为警察；
B知道C为警察；C知道D为警察；D知道A为警察。」 (R-BS46-01); ranks (R-BS46-02); the team's target from the
members' submissions, 情况1–3 (R-BS46-03).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection


def ring_next(ring: list[int]) -> dict[int, int]:
    """Who each member of a cyclic ring is told about: the next member (A→B→C→D→A)."""
    return {m: ring[(i + 1) % len(ring)] for i, m in enumerate(ring)}


def team_choice(
    submissions: dict[int, int], ranks: list[int], real: Collection[int]
) -> tuple[int | None, str]:
    """The team's target and which case decided it (R-BS46-03); members who did not submit are ignored.

    ``submissions`` maps each submitting member to the name (seat) they sent; ``ranks`` lists the
    members highest first (the undercover last); ``real`` holds the real members (not the undercover).
    Case 1: one name has at least two submissions and more than every other name.
    Case 3 (the post's 情况3): two names with two submissions each: the pair of two real members wins.
    Case 2 (the post's 情况2): otherwise the highest-ranked submitting member's name.
    """
    if not submissions:
        return None, "none"
    counts = Counter(submissions.values())
    ordered = counts.most_common()
    top_name, top_count = ordered[0]
    runner_up = ordered[1][1] if len(ordered) > 1 else 0
    if top_count >= 2 and top_count > runner_up:
        return top_name, "case1"
    if top_count == 2 and runner_up == 2:
        pairs = [name for name, n in ordered if n == 2]
        for name in pairs:
            by = [m for m, t in submissions.items() if t == name]
            if all(m in real for m in by):
                return name, "case3"
    for member in ranks:
        if member in submissions:
            return submissions[member], "case2"
    return None, "none"  # pragma: no cover - every submitter has a rank
