"""A forum thread read against a game: post counts per game day, the vote posts of the current
vote stage as engine votes, late edits, and each post's lurking rule as proposals.

Votes are only *read* here: each becomes an engine ``Vote`` at the post's time, and the service
submits them, so the change limit, the last-hour freeze, acceleration, who may vote and the
tally are the rule set's, exactly as if the player had voted on bansha's own page. Authors are
matched to seats by name (full-width/half-width and spaces folded).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, tzinfo

from bansha.engine import Game, Vote
from bansha.forum import lurking, vote_posts
from bansha.forum.threads import Post, count_posts, edited_after


@dataclass
class VoteLine:
    """One vote post and what became of it."""

    floor: int
    author: str
    kind: str
    """``vote``, ``change``, ``abstain`` or ``void``."""
    target: str | None
    outcome: str = ""
    warnings: list[str] = field(default_factory=list)


@dataclass
class ThreadReport:
    """What the thread says about the game, for the director."""

    posts: int
    days: list[tuple[int, dict[str, int]]]
    votes: list[VoteLine]
    late: list[Post]
    outsiders: list[str]
    proposals: list[lurking.Proposal] = field(default_factory=list)


def _aware(t: datetime | None, tz: tzinfo) -> datetime | None:
    if t is None:
        return None
    return t.replace(tzinfo=tz) if t.tzinfo is None else t


def day_windows(game: Game, now: datetime) -> list[tuple[int, datetime, datetime]]:
    """Each game day's discussion window: from the day's first stage to the next day's."""
    starts: dict[int, datetime] = {}
    for ev in game.events:
        d = ev.data
        if ev.kind == "stage_opened" and d["phase"] == "day" and d.get("opened_at"):
            starts.setdefault(int(d["day"]), datetime.fromisoformat(d["opened_at"]))
    days = sorted(starts)
    return [(day, starts[day], starts.get(day + 1, now)) for day in days]


def read_thread(
    game: Game, posts: list[Post], tz: tzinfo, now: datetime
) -> tuple[ThreadReport, list[tuple[VoteLine, Vote]]]:
    """The report, and the votes to submit (in floor order) for the current vote stage."""
    s = game.state
    names = [p.name for p in s.players]
    seat_of = {vote_posts.fold(n): i for i, n in enumerate(names)}
    timed = [(p, _aware(p.time, tz)) for p in posts]
    for p, t in timed:
        p.time = t
    outsiders = sorted({p.author for p in posts if vote_posts.fold(p.author) not in seat_of})
    by_seat = [
        _renamed(p, names[seat_of[vote_posts.fold(p.author)]])
        for p in posts
        if vote_posts.fold(p.author) in seat_of
    ]
    days = [(day, count_posts(by_seat, a, b, names)) for day, a, b in day_windows(game, now)]
    report = ThreadReport(len(posts), days, [], [], outsiders)
    if s.deadline is not None:
        report.late = edited_after(by_seat, s.deadline)
    votes: list[tuple[VoteLine, Vote]] = []
    if s.stage_key not in game.ruleset.data.get("vote_stages", []):
        return report, votes
    living = [names[x] for x in s.living()]
    for p in by_seat:
        if p.time is None or (s.opened_at is not None and p.time < s.opened_at):
            continue
        if "票对象" not in p.body and "弃权" not in p.body:
            continue
        read = vote_posts.parse(p.text, living)
        line = VoteLine(p.floor, p.author, read.kind, read.target, warnings=list(read.warnings))
        report.votes.append(line)
        if read.kind == "void":
            line.outcome = f"废票：{read.error}"
            continue
        target = None if read.target is None else names.index(read.target)
        votes.append((line, Vote(names.index(p.author), target, p.time)))
    return report, votes


def _renamed(p: Post, name: str) -> Post:
    """The post under the roster's spelling of its author."""
    p.author = name
    return p


def proposals(game: Game, report: ThreadReport) -> list[lurking.Proposal]:
    """Each post's lurking rule over the counted days (M103, bs46, XXXII); others: none."""
    rs, s = game.ruleset, game.state
    if not report.days:
        return []
    living = [s.players[x].name for x in s.living()]
    voted_by_day: dict[int, set[str]] = {}
    day = 0
    for ev in game.events:
        if ev.kind == "stage_opened":
            day = int(ev.data["day"])
        elif ev.kind == "voted":
            voted_by_day.setdefault(day, set()).add(s.players[ev.data["seat"]].name)
    counts = [c for _, c in report.days]
    last_day = report.days[-1][0]
    kind = type(rs).__name__
    if kind == "M103":
        voted = [voted_by_day.get(d, set()) for d, _ in report.days]
        return lurking.m103(counts, living, voted)
    if kind == "BS46":
        return lurking.bs46({f"第{last_day}天": counts[-1]}, living)
    if kind == "XXXII":
        return lurking.xxxii(counts[-1], living, voted_by_day.get(last_day, set()), last_day > 1)
    return []
