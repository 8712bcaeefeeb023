"""The standing vote of a discussion thread read without a game (``bansha thread read``): every
vote post in floor order, read as bansha's own thread reads it (``vote_posts.read_vote``) and
decided by the rule set's change rules as its votes are (``votes.check_ballot``).

Clauses served (M103 投票规则, bs46 说明 2–4): 「投票后，（只）有一次改票机会」 (option
``max_changes``; none: no limit, R-XXXII-18), 「白天结束前一个小时不得改票」 (option
``change_freeze_minutes``, with the day's close when it is known), 「投票截止时间是当天白天结束」,
「每人一票，允许弃权，弃权也需要发投票帖，并计为一次投票（或一次改票）」, and where the data file's
``thread.acceleration`` says so, 「如果在进程帖中申请加速的玩家超过所有存活玩家的二分之一则游戏进程加速……
进程加速后不允许改票，所有改票作废」. Each player's standing vote is counted from the vote history
(R-ALL-07). What a thread cannot tell (who holds the sheriff's 1.5 votes, who lost the vote) the
director says (``Weights``, from the rule set's own ``vote_weight`` and ``may_vote``, the ones its
day tally counts with), and the standing votes are summed by the day tally's ``votes.tally``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from bansha.engine.errors import RuleError
from bansha.engine.state import Ballot, Player, State
from bansha.mechanics import vote_posts, votes
from bansha.mechanics.thread import ACCELERATE

if TYPE_CHECKING:
    from bansha.engine.ruleset import RuleSet


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


def _one(seat: int) -> float:
    return 1.0


def _everyone(seat: int) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Weights:
    """How each seat's ballot counts, as the rule set's day tally counts it: ``weight`` (the
    sheriff's 1.5, ``RuleSet.vote_weight``) and ``may_vote`` (``RuleSet.may_vote``)."""

    weight: Callable[[int], float] = _one
    may_vote: Callable[[int], bool] = _everyone

    @classmethod
    def of(
        cls, rs: RuleSet, roster: list[str], sheriff: int | None, barred: Iterable[int]
    ) -> Weights:
        """The rule set's own weights at a table the director describes: ``sheriff`` holds every
        status the rule set weighs (``weighted_statuses``), ``barred`` have lost their vote."""
        state = State(players=[Player(seat, name) for seat, name in enumerate(roster)])
        if sheriff is not None:
            for status in rs.weighted_statuses():
                state.holders[status] = sheriff
        out = frozenset(barred)

        def weight(seat: int) -> float:
            return rs.vote_weight(state, seat)

        def may_vote(seat: int) -> bool:
            return seat not in out and rs.may_vote(state, seat)

        return cls(weight, may_vote)


EQUAL = Weights()
"""One vote each, everyone voting (a rule set without weights, or nobody named)."""


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
    weights: Weights = EQUAL,
) -> tuple[list[CountedPost], dict[str | None, float]]:
    """Every vote post and the standing votes per candidate (None: 弃权, by ballots), most
    first, each ballot counted as ``weights`` say."""
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
            if line.void is None and seat is not None and not weights.may_vote(seat):
                line = replace(line, kind="void", target=None, void=f"「{p.author}」已失去投票权")
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
    standing = votes.current_ballots(ballots, accelerated)
    counted = votes.tally(standing, weights.weight, weights.may_vote, _everyone)
    counts: dict[str | None, float] = {roster[t]: n for t, n in counted.items()}
    abstain = sum(1 for v, t in standing.items() if t is None and weights.may_vote(v))
    if abstain:
        counts[None] = float(abstain)
    return lines, dict(sorted(counts.items(), key=lambda kv: _order(kv, roster)))


def _order(item: tuple[str | None, float], roster: list[str]) -> tuple[bool, float, int]:
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
