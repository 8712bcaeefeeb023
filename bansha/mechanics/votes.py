"""Day votes counted from the vote history (R-ALL-07).

Clauses served (M103 投票规则): 「投票后，（只）有一次改票机会」「每人一票，允许弃权，弃权也需要发投票帖，
并计为一次投票（或一次改票）」「白天结束前一个小时不得改票」「进程加速后不允许改票，所有改票作废」;
bs46 说明 2–4 say the same. Every vote and change is an event with its time, so "the first to reach
the top count" (R-M103-12) and "no change in the last hour" are decided from the history.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from bansha import texts
from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError
from bansha.engine.events import PUBLIC
from bansha.engine.state import Ballot, current_ballots


def check_ballot(
    earlier: int,
    voter: int,
    at: datetime | None,
    deadline: datetime | None,
    *,
    max_changes: int | None,
    freeze_minutes: int,
    accelerated: bool,
) -> bool:
    """Refuse a vote the change rules forbid; return whether it is a change (改票). The refusal's
    code names the rule (``accelerated``, ``changes``, ``freeze``), for the thread checks.

    ``earlier`` is how many votes ``voter`` has already cast in this stage; ``max_changes`` None
    sets no limit (R-XXXII-18).
    """
    if earlier == 0:
        return False
    if accelerated:
        raise RuleError(texts.VOTE_ACCELERATED, "accelerated")
    if max_changes is not None and earlier > max_changes:
        if max_changes == 0:
            raise RuleError(texts.VOTE_NO_CHANGE, "changes")
        raise RuleError(texts.VOTE_CHANGES_USED.format(limit=max_changes), "changes")
    if (
        at is not None
        and deadline is not None
        and at > deadline - timedelta(minutes=freeze_minutes)
    ):
        raise RuleError(texts.VOTE_FREEZE_REFUSED.format(minutes=freeze_minutes), "freeze")
    return True


def cast(
    ctx: Ctx,
    voter: int,
    target: int | None,
    at: datetime | None,
    *,
    max_changes: int | None,
    freeze_minutes: int,
    accelerated: bool,
) -> None:
    """Check the change rules and record a vote or change as a public, timestamped event."""
    s = ctx.state
    change = check_ballot(
        s.ballot_counts.get(voter, 0),
        voter,
        at,
        s.deadline,
        max_changes=max_changes,
        freeze_minutes=freeze_minutes,
        accelerated=accelerated,
    )
    ctx.emit(
        "voted",
        {"seat": voter, "target": target, "at": at.isoformat() if at else None, "change": change},
        PUBLIC,
    )


def tally(
    standing: dict[int, int | None],
    weight: Callable[[int], float],
    counts_voter: Callable[[int], bool],
    counts_target: Callable[[int], bool],
) -> dict[int, float]:
    """Votes per candidate; abstentions and void ballots count for nobody."""
    counts: dict[int, float] = {}
    for voter, target in standing.items():
        if target is None or not counts_voter(voter) or not counts_target(target):
            continue
        counts[target] = counts.get(target, 0.0) + weight(voter)
    return counts


def top(counts: dict[int, float]) -> list[int]:
    """The candidates with the most votes (several when tied), in seat order."""
    out: list[int] = []
    best = 0.0
    for c, v in counts.items():  # one pass: a loop mypyc compiles, no generator
        if not out or v > best:
            best = v
            out = [c]
        elif v == best:
            out.append(c)
    out.sort()
    return out


def first_to_reach(
    ballots: list[Ballot],
    tied: list[int],
    accelerated: bool,
    weight: Callable[[int], float],
    counts_voter: Callable[[int], bool],
    counts_target: Callable[[int], bool],
) -> int:
    """Of the tied candidates, the one whose running count first reached the final top (R-M103-12)."""
    final = tally(current_ballots(ballots, accelerated), weight, counts_voter, counts_target)
    goal = final[tied[0]]
    # the standing votes after each ballot, kept up to date (current_ballots of each prefix,
    # in the same order: a voter keeps the place of his first vote)
    standing: dict[int, int | None] = {}
    for b in ballots:
        if not (accelerated and b.voter in standing):
            standing[b.voter] = b.target
        running = tally(standing, weight, counts_voter, counts_target)
        reached = [c for c in tied if running.get(c, 0.0) >= goal]
        if reached:
            return min(reached, key=tied.index)
    return tied[0]
