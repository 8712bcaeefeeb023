"""The standing vote of a discussion thread read without a game (``bansha thread read``): every
vote post in floor order, read as bansha's own thread reads it (``vote_posts.read_vote``) and
decided by the rule set's change rules as its votes are (``votes.check_ballot``).

Clauses served (M103 投票规则, bs46 说明 2–4): 「投票后，（只）有一次改票机会」 (option
``max_changes``; none: no limit, R-XXXII-18), 「白天结束前一个小时不得改票」 (option
``change_freeze_minutes``, with the day's close when it is known), 「投票截止时间是当天白天结束」,
「每人一票，允许弃权，弃权也需要发投票帖，并计为一次投票（或一次改票）」, and where the data file's
``thread.acceleration`` says so, 「如果在进程帖中申请加速的玩家超过所有存活玩家的二分之一则游戏进程加速……
进程加速后不允许改票，所有改票作废」. Each player's standing vote is counted from the vote history
(R-ALL-07). What a thread cannot tell (who holds the sheriff's 1.5 votes, who lost the vote) is left
to the director: the tally counts ballots.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bansha.engine.errors import RuleError
from bansha.engine.state import Ballot
from bansha.mechanics import vote_posts, votes
from bansha.mechanics.thread import ACCELERATE


@dataclass(frozen=True, slots=True)
class ChangeRules:
    """The rule set's change rules, from its options, and the stage's close if known."""

    max_changes: int | None
    freeze_minutes: int
    deadline: datetime | None
    zone_name: str
    accelerates: bool
    """The data file's ``thread.acceleration``: 「申请加速」 posts count."""

    @classmethod
    def of(
        cls,
        options: Mapping[str, Any],
        thread_rules: Mapping[str, Any],
        deadline: datetime | None,
        zone_name: str,
    ) -> ChangeRules:
        """The change rules a rule set's options and ``thread`` data give."""
        limit = options.get("max_changes")
        return cls(
            None if limit is None else int(limit),
            int(options.get("change_freeze_minutes") or 0),
            deadline,
            zone_name,
            bool(thread_rules.get("acceleration")),
        )


@dataclass(frozen=True, slots=True)
class WrittenPost:
    """A floor as the thread shows it."""

    floor: int
    author: str
    at: datetime | None
    text: str
    """The body with the quoted posts in ``[quote]`` (``vote_posts.own_text`` drops them)."""
    quotes: tuple[vote_posts.QuoteRef, ...] = ()
    """The posts it quotes (M103: a change quotes the voter's own vote post)."""
    pid: str | None = None


@dataclass(frozen=True, slots=True)
class CountedPost:
    """A vote post and what became of it."""

    floor: int
    by: str
    kind: vote_posts.Kind
    target: str | None
    reason: str
    void: str | None
    """Why it is 废票 (None: it counts)."""
    warnings: tuple[str, ...]


def tally_thread(
    posts: Iterable[WrittenPost],
    roster: list[str],
    thread_rules: Mapping[str, Any],
    rules: ChangeRules,
) -> tuple[list[CountedPost], dict[str | None, int]]:
    """Every vote post and the standing votes per candidate (None: 弃权), most first."""
    seat_of = {vote_posts.fold(n): i for i, n in enumerate(roster)}
    lines: list[CountedPost] = []
    ballots: list[Ballot] = []
    cast: dict[int, int] = {}
    originals: dict[int, list[vote_posts.OwnVote]] = {}
    asked: set[int] = set()
    accelerated = False
    fmt = vote_posts.vote_format(thread_rules)
    for p in posts:
        seat = seat_of.get(vote_posts.fold(p.author))
        if vote_posts.is_vote_post(p.text, fmt):
            line = _decide(p, seat, roster, thread_rules, rules, cast, originals, accelerated)
            lines.append(line)
            if line.void is None and seat is not None:
                cast[seat] = cast.get(seat, 0) + 1
                originals.setdefault(seat, []).append(vote_posts.OwnVote(p.floor, p.pid, p.text))
                target = None if line.target is None else roster.index(line.target)
                ballots.append(Ballot(seat, target, p.at))
        own = vote_posts.own_text(p.text)
        if rules.accelerates and seat is not None and not accelerated and ACCELERATE.search(own):
            asked.add(seat)
            accelerated = len(asked) * 2 > len(roster)
    counts: dict[str | None, int] = {}
    for target in votes.current_ballots(ballots, accelerated).values():
        name = None if target is None else roster[target]
        counts[name] = counts.get(name, 0) + 1
    return lines, dict(sorted(counts.items(), key=lambda kv: _order(kv, roster)))


def _order(item: tuple[str | None, int], roster: list[str]) -> tuple[bool, int, int]:
    """Most votes first, ties in seat order, 弃权 last."""
    name, n = item
    return (name is None, -n, roster.index(name) if name is not None else 0)


def _decide(
    p: WrittenPost,
    seat: int | None,
    roster: list[str],
    thread_rules: Mapping[str, Any],
    rules: ChangeRules,
    cast: dict[int, int],
    originals: dict[int, list[vote_posts.OwnVote]],
    accelerated: bool,
) -> CountedPost:
    earlier = cast.get(seat, 0) if seat is not None else 0
    read = vote_posts.read_vote(
        p.text,
        roster,
        thread_rules,
        voter=p.author,
        quotes=p.quotes,
        originals=originals.get(seat, []) if seat is not None else [],
        voted_before=earlier > 0,
    )
    why = read.error if read.kind == "void" else None
    if why is None and seat is None:
        why = f"「{p.author}」不在存活玩家名单中，不能投票"
    if why is None and seat is not None:
        try:
            votes.check_deadline(p.at, rules.deadline, rules.zone_name)
            votes.check_ballot(
                earlier,
                seat,
                p.at,
                rules.deadline,
                max_changes=rules.max_changes,
                freeze_minutes=rules.freeze_minutes,
                accelerated=accelerated,
            )
        except RuleError as e:
            why = e.message
    return CountedPost(
        p.floor,
        p.author,
        "void" if why is not None else read.kind,
        read.target if why is None else None,
        read.reason,
        why,
        tuple(read.warnings),
    )
