"""A forum thread read against a game: post counts per game day, the vote posts of the current
vote stage as engine votes, the checks every thread reading shares, and each post's lurking rule as
proposals.

Votes are only *read* here: each becomes an engine ``Vote`` at the post's time, and the service
submits them, so the change limit, the last-hour freeze, acceleration, who may vote and the
tally are the rule set's, exactly as if the player had voted on bansha's own page. A vote post
whose time is unknown, or a window that holds the stage's opening, the close or the start of the
last hour, is not submitted: it is listed with the reason (``unjudged``) for the director, never
decided by a guessed time. Authors are matched to seats by name (full-width/half-width and spaces
folded).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, tzinfo

from bansha import texts
from bansha.engine import Game, Vote, clock
from bansha.engine.events import DIRECTOR, PUBLIC
from bansha.engine.views import visible_events
from bansha.forum import collection, lurking
from bansha.forum.posts import Post
from bansha.forum.threads import Thread, count_posts, uncounted
from bansha.mechanics import vote_posts
from bansha.mechanics.thread import BLUE_WORD, is_vote_post
from bansha.mechanics.thread_tally import (
    ChangeRules,
    Check,
    CountedPost,
    WrittenPost,
    after,
    rule_time,
    thread_checks,
)


@dataclass
class VoteLine:
    """One vote post and what became of it."""

    floor: int
    author: str
    kind: vote_posts.Kind
    target: str | None
    outcome: str = ""
    warnings: list[str] = field(default_factory=list)
    rule: str | None = None
    """Which rule voided it (``thread_tally.CountedPost.rule``)."""
    unjudged: str | None = None
    """Why its time could not be judged (it was not submitted)."""
    void: str | None = None
    """Why it is 废票 or was refused (None: it counts, or was not decided)."""

    def counted(self) -> CountedPost:
        """The line as the shared checks read it."""
        return CountedPost(
            self.floor,
            self.author,
            self.kind,
            self.target if self.void is None else None,
            "",
            self.void,
            tuple(self.warnings),
            intended=self.target if self.void is not None else None,
            unjudged=self.unjudged,
            rule=self.rule,
        )


@dataclass
class Flag:
    """A post the director should look at, and why (the post's clause)."""

    floor: int
    author: str
    why: str


@dataclass
class Notes:
    """What the director is told of the pages themselves, each in a sentence."""

    missing: list[str] = field(default_factory=list)
    """The floors missing between those read (「缺少第51–100楼，可能少读了一页」)."""
    unknown_times: list[str] = field(default_factory=list)
    """Each floor whose time could not be read, with its raw text and why."""
    hidden: list[str] = field(default_factory=list)
    """Each floor the forum hides, with its notice."""
    orders: list[str] = field(default_factory=list)
    """How each page's year-last dates were read."""


@dataclass
class ThreadReport:
    """What the thread says about the game, for the director."""

    posts: int
    days: list[tuple[int, dict[str, int]]]
    votes: list[VoteLine]
    outsiders: list[str]
    proposals: list[lurking.Proposal] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)
    """The checks every thread reading shares (``thread_tally.thread_checks``)."""
    notes: Notes = field(default_factory=Notes)
    uncounted: list[str] = field(default_factory=list)
    """Each floor the day counts could not place (its time unknown or a window across a day)."""


OPEN_END = datetime.max.replace(tzinfo=UTC)
"""The end of the stage or day still going on."""


def _aware(t: datetime | None, tz: tzinfo) -> datetime | None:
    if t is None:
        return None
    return t.replace(tzinfo=tz) if t.tzinfo is None else t


def localize(posts: list[Post], tz: tzinfo) -> None:
    """A page that states no zone shows the game's (R-ALL-10): its times are made aware in it."""
    for p in posts:
        p.time, p.time_latest = _aware(p.time, tz), _aware(p.time_latest, tz)
        p.edited_at = _aware(p.edited_at, tz)
        for q in p.quotes:
            q.time = _aware(q.time, tz)


def day_windows(game: Game) -> list[tuple[int, datetime, datetime]]:
    """Each game day's discussion window: from the day's first stage to the next day's (the
    current day stays open)."""
    starts: dict[int, datetime] = {}
    for ev in visible_events(game, DIRECTOR):
        d = ev.data
        if ev.kind == "stage_opened" and d["phase"] == "day" and d.get("opened_at"):
            starts.setdefault(int(d["day"]), datetime.fromisoformat(d["opened_at"]))
    days = sorted(starts)
    return [(day, starts[day], starts.get(day + 1, OPEN_END)) for day in days]


def unknown_time(p: Post) -> str:
    """A floor whose time could not be read, in the director's words."""
    return texts.THREAD_UNKNOWN_TIME.format(
        floor=p.floor, author=p.author, shown=p.shown_time, why=p.time_problem or ""
    )


def describe(thread: Thread) -> Notes:
    """What the director is told of the pages themselves: missing floors, unknown times, hidden
    floors, how year-last dates were read (the console and ``bansha thread read`` alike)."""
    return Notes(
        [gap.describe() for gap in thread.missing],
        [unknown_time(p) for p in thread.unknown_times],
        [
            texts.THREAD_HIDDEN_FLOOR.format(floor=p.floor, author=p.author, notice=p.hidden)
            for p in thread.posts
            if p.hidden is not None
        ],
        [
            texts.THREAD_ORDER_LINE.format(
                page=_page_name(o.page), order=texts.THREAD_ORDERS[o.order], how=o.how
            )
            if o.order is not None
            else texts.THREAD_ORDER_NONE.format(page=_page_name(o.page), how=o.how)
            for o in thread.orders
        ],
    )


def _page_name(n: int) -> str:
    """「第2页」, or the pasted text (page 0)."""
    return texts.THREAD_PAGE_NUMBER.format(n=n) if n else texts.THREAD_PASTED_TEXT


def read_thread(
    game: Game, thread: Thread, tz: tzinfo
) -> tuple[ThreadReport, list[tuple[VoteLine, Vote]]]:
    """The report, and the votes to submit (in floor order) for the current vote stage (the
    cyclic collector paused, as while the thread is read: ``collection.paused``)."""
    with collection.paused():
        return _read_thread(game, thread, tz)


def _read_thread(
    game: Game, thread: Thread, tz: tzinfo
) -> tuple[ThreadReport, list[tuple[VoteLine, Vote]]]:
    posts = thread.posts
    s = game.state
    names = [p.name for p in s.players]
    seat_of = {vote_posts.fold(n): i for i, n in enumerate(names)}
    localize(posts, tz)
    outsiders = sorted({p.author for p in posts if vote_posts.fold(p.author) not in seat_of})
    by_seat = [
        _renamed(p, names[seat_of[vote_posts.fold(p.author)]])
        for p in posts
        if vote_posts.fold(p.author) in seat_of
    ]
    windows = day_windows(game)
    days = [(day, count_posts(by_seat, a, b, names)) for day, a, b in windows]
    report = ThreadReport(len(posts), days, [], outsiders, notes=describe(thread))
    if windows:
        spans = [(a, b) for _, a, b in windows]
        report.uncounted = [
            texts.THREAD_UNCOUNTED.format(floor=p.floor, author=p.author, shown=p.shown_time)
            for p in uncounted(by_seat, spans)
        ]
    report.flags = flags(game, by_seat)
    votes: list[tuple[VoteLine, Vote]] = []
    if s.stage_key not in game.ruleset.data.get("vote_stages", []):
        return report, votes
    living = [names[x] for x in s.living()]
    rules = game.ruleset.data.get("thread", {})
    zone_name = str(game.ruleset.options["timezone"])
    change_rules = ChangeRules.of(game.ruleset.options, rules, s.deadline, zone_name)
    originals: dict[int, list[vote_posts.OwnVote]] = {}
    floors = pid_floors(posts)
    for p in by_seat:
        if p.hidden is not None or not is_vote_post(p.text, rules):
            continue
        started = after(p.time, p.time_latest, s.opened_at) if s.opened_at else True
        if started is False:
            continue  # a vote post of an earlier stage
        seat = names.index(p.author)
        # exactly as in bansha's own thread: a vote post after the author's first vote is the
        # change, and M103's 「改票时必须引用原投票帖」 applies to it: the quote must be the
        # author's own vote post that counted (by pid, else by author and words)
        earlier_here = sum(1 for _, v in votes if v.by == seat)
        earlier_before = sum(
            1
            for b in s.ballots
            if b.voter == seat and b.at is not None and p.time is not None and b.at < p.time
        )
        earlier = earlier_here + earlier_before > 0
        mine = originals.setdefault(seat, [])
        read = vote_posts.read_vote(
            p.text,
            living,
            rules,
            voter=p.author,
            quotes=quote_refs(p, floors),
            # an earlier vote not among these posts (another page, bansha's vote page)
            originals=None if earlier and not mine else mine,
            voted_before=earlier,
        )
        line = VoteLine(p.floor, p.author, read.kind, read.target, warnings=list(read.warnings))
        report.votes.append(line)
        if read.kind == "void":
            line.void, line.rule = read.error, read.rule or "format"
            line.outcome = texts.THREAD_LINE_VOID.format(why=read.error)
            continue
        at, unjudged = rule_time(_written(p), change_rules, earlier_here + earlier_before)
        if started is None and s.opened_at is not None:
            opened = clock.format_moment(s.opened_at, zone_name)
            unjudged = texts.CHECK_UNJUDGED.format(
                shown=p.shown_time or texts.CHECK_NO_TIME,
                rule=texts.CHECK_RULE_OPENED,
                moment=opened,
            )
        if unjudged is not None:
            line.unjudged = unjudged
            line.outcome = texts.THREAD_LINE_UNJUDGED
            continue
        target = None if read.target is None else names.index(read.target)
        votes.append((line, Vote(seat, target, at)))
        mine.append(vote_posts.OwnVote(p.floor, p.pid, p.body))
    return report, votes


def checks(game: Game, report: ThreadReport, posts: list[Post]) -> list[Check]:
    """The shared checks of the thread (``thread_tally.thread_checks``), once its votes were
    decided: banned fonts, edits after the stage's close, void changes, unjudged times."""
    rules = game.ruleset.data.get("thread", {})
    return thread_checks(
        written_posts(posts),
        [line.counted() for line in report.votes],
        rules,
        game.state.deadline,
        str(game.ruleset.options["timezone"]),
    )


def quote_refs(p: Post, floors: dict[str, int]) -> list[vote_posts.QuoteRef]:
    """The posts a floor quotes, as the vote-post reader compares them with the voter's own: by
    floor where the quote's pid is a post of the thread (``floors``: pid → floor), else by pid, or
    by author and words."""
    return [
        vote_posts.QuoteRef(floors.get(q.pid or ""), q.pid, q.author or None, q.text)
        for q in p.quotes
    ]


def pid_floors(posts: list[Post]) -> dict[str, int]:
    """Each post's floor by its pid."""
    return {p.pid: p.floor for p in posts if p.pid}


def _written(p: Post, floors: dict[str, int] | None = None) -> WrittenPost:
    return WrittenPost(
        p.floor,
        p.author,
        p.time,
        p.text,
        tuple(quote_refs(p, floors or {})),
        p.pid,
        latest=p.time_latest,
        shown=p.shown_time,
        fonts=tuple(p.fonts),
        edited_at=p.edited_at,
    )


def written_posts(posts: list[Post]) -> list[WrittenPost]:
    """The floors as the thread tally and the checks read them (hidden posts skipped)."""
    floors = pid_floors(posts)
    return [_written(p, floors) for p in posts if p.hidden is None]


def stage_windows(game: Game) -> list[tuple[str, str, datetime, datetime]]:
    """(phase, stage key, start, end) of every timed stage so far."""
    opened = [
        (ev.data["phase"], ev.data["key"], datetime.fromisoformat(ev.data["opened_at"]))
        for ev in visible_events(game, DIRECTOR)
        if ev.kind == "stage_opened" and ev.data.get("opened_at")
    ]
    return [
        (phase, key, start, opened[i + 1][2] if i + 1 < len(opened) else OPEN_END)
        for i, (phase, key, start) in enumerate(opened)
    ]


def exit_times(game: Game) -> dict[int, datetime]:
    """By when each exit was surely public: the opening of the first stage after the
    announcement that named it, both as the public sees them (a flag is never raised on a post
    the player could still make; a draft 公示审核 holds back names nobody yet)."""
    out: dict[int, datetime] = {}
    waiting: list[int] = []
    for ev in visible_events(game, PUBLIC):  # published, and not taken back
        if ev.kind == "announcement":
            waiting += [int(seat) for seat in ev.data.get("exits", []) if int(seat) not in out]
        elif ev.kind == "stage_opened" and ev.data.get("opened_at") and waiting:
            at = datetime.fromisoformat(ev.data["opened_at"])
            for seat in waiting:
                out.setdefault(seat, at)
            waiting = []
    return out


def flags(game: Game, posts: list[Post]) -> list[Flag]:
    """Posts against the post's forum rules that need the game, for the director (nothing is
    applied; the game as the director sees it, through ``views.visible_events``; the checks every reading shares are ``checks``):

    - a player posting after his exit was announced (M186 6(2)「已出局角色……发言（即“诈尸”）」);
    - XXXII 注意事项3: a fourth 蓝字 in one restricted phase, and posts after the curfew (宵禁).
    """
    out: list[Flag] = []
    seat_of = {p.name: p.seat for p in game.state.players}
    gone = exit_times(game)
    for p in posts:
        seat = seat_of.get(p.author)
        if seat in gone and p.time is not None and p.time > gone[seat]:
            out.append(Flag(p.floor, p.author, texts.FLAG_POST_AFTER_EXIT))
    # the thread rules the rule set's data file gives bansha's own thread (XXXII: curfew, blue text)
    rules = game.ruleset.data.get("thread", {})
    closed = rules.get("closed_phases", [])
    limit = int(rules.get("blue_limit", 3))
    if closed or rules.get("blue_stage"):
        windows = stage_windows(game)
        blue: dict[tuple[datetime, str], int] = {}
        for p in posts:
            if p.time is None:
                continue
            where = next((w for w in windows if w[2] <= p.time < w[3]), None)
            if where is None:
                continue
            phase, key, start, _ = where
            if phase in closed:
                out.append(Flag(p.floor, p.author, texts.FLAG_POST_AFTER_CURFEW))
            elif key == rules.get("blue_stage") and BLUE_WORD.search(p.body):
                n = blue[(start, p.author)] = blue.get((start, p.author), 0) + 1
                if n > limit:
                    numerals = texts.CHINESE_NUMERALS
                    times = numerals[limit - 1] if 1 <= limit <= len(numerals) else str(limit)
                    why = texts.FLAG_BLUE_OVER_LIMIT.format(n=n, times=times)
                    out.append(Flag(p.floor, p.author, why))
    return sorted(out, key=lambda f: f.floor)


def _renamed(p: Post, name: str) -> Post:
    """The post under the roster's spelling of its author."""
    p.author = name
    return p


def proposals(game: Game, report: ThreadReport, posts: list[Post]) -> list[lurking.Proposal]:
    """The lurking rule the data file names (``lurking``: m103, bs46, xxxii) over the counted
    days; a rule set without one has none."""
    rs, s = game.ruleset, game.state
    if not report.days:
        return []
    living = [s.players[x].name for x in s.living()]
    voted_by_day: dict[int, set[str]] = {}
    day = 0
    events = visible_events(game, DIRECTOR)
    for ev in events:
        if ev.kind == "stage_opened":
            day = int(ev.data["day"])
        elif ev.kind == "voted":
            voted_by_day.setdefault(day, set()).add(s.players[ev.data["seat"]].name)
    counts = [c for _, c in report.days]
    last_day = report.days[-1][0]
    kind = str(rs.data.get("lurking", ""))
    if kind == "m103":
        voted = [voted_by_day.get(d, set()) for d, _ in report.days]
        return lurking.m103(counts, living, voted)
    if (
        kind == "bs46"
    ):  # 「一个游戏环节的发贴数量少于5」 (bs46 3.1): counted per stage of the last day
        last_start = day_windows(game)[-1][1]
        names = {ev.data["key"]: ev.data["stage"] for ev in events if ev.kind == "stage_opened"}
        stages = {
            names.get(key, key): count_posts(posts, start, end, living)
            for phase, key, start, end in stage_windows(game)
            if phase == "day" and start >= last_start
        }
        return lurking.bs46(stages or {texts.PHASE_DAY.format(n=last_day): counts[-1]}, living)
    if kind == "xxxii":
        return lurking.xxxii(counts[-1], living, voted_by_day.get(last_day, set()), last_day > 1)
    return []
