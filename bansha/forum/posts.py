"""What every forum reader shares: a thread's floors (number, pid, author, time, title, body,
quotes, code boxes, edit notice, the forum's notice for a hidden post), their times read per page,
pages merged into one thread, and the floors a set of pages is missing.

Times are read as the page shows them (``bansha.forum.dates``). A page that states its own zone
(Discuz!'s footer 「GMT+8, 2026-11-30 10:12」) gives aware times in that zone; otherwise they stay
naive and the game's zone is applied later (R-ALL-10). A time that cannot be read stays ``None``
with the reason (``time_problem``); a time the page gives only as a window (「3 小时前」 on a touch
page) keeps its latest instant too (``time_latest``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import Literal

from bansha import texts
from bansha.forum import dates
from bansha.forum.errors import ThreadError
from bansha.forum.labels import COLON, FLOOR_WORDS, WORDS, alt, alts


@dataclass(slots=True)
class Quote:
    """A post quoted inside another: by pid when the page links it, else by author and time."""

    author: str
    time: datetime | None
    text: str
    pid: str | None = None
    shown_time: str = ""
    """The quote head's time as the page shows it."""


@dataclass(slots=True)
class Post:
    """One floor of a thread."""

    floor: int
    author: str
    time: datetime | None
    """The earliest instant the shown time can stand for (None: it could not be read)."""
    body: str
    pid: str | None = None
    quotes: list[Quote] = field(default_factory=list)
    edited_by: str | None = None
    edited_at: datetime | None = None
    shown_time: str = ""
    """The time as the page shows it (「3 天前」), kept for the director's review."""
    fonts: list[str] = field(default_factory=list)
    """Banned formatting found in the body: ``red``, ``enlarged`` (M103 违规9, M186 6(1))."""
    hidden: str | None = None
    """The forum hid the post (author banned, screened, visible to its author only, deleted,
    password): the forum's notice, which is also the body. Never read as a quote or a vote."""
    words: str | None = None
    """The body without its code boxes (None: it has none): a format example in a code box is
    shown, never read as a vote."""
    title: str | None = None
    """The floor's own title (Discuz! prints a reply's subject in an ``<h2>``)."""
    code: list[str] = field(default_factory=list)
    """The text of each code box ([code]) of the body."""
    time_latest: datetime | None = None
    """The latest instant the shown time can stand for, when the page gives only a window
    (「3 小时前」 without an exact time, a date without a clock); None for an exact time."""
    time_problem: str | None = None
    """Why the time could not be read (None: it was)."""
    edited_shown: str = ""
    """The edit note's time as the page shows it."""
    page: int = 0
    """Which of the pages given it was read from (1 first; 0: pasted text)."""

    @property
    def text(self) -> str:
        """The post's own words with the quoted posts, as a vote-post reader wants it (quotes in
        [quote], code boxes left out)."""
        quoted = "".join(f"[quote]{q.text}[/quote]\n" for q in self.quotes)
        return quoted + (self.body if self.words is None else self.words)

    @property
    def latest(self) -> datetime | None:
        """The latest instant the post can have been made (its time when exact)."""
        return self.time_latest or self.time


# ---------------------------------------------------------------------- floors
MAX_FLOOR = 9_999_999
"""The highest floor number bansha reads (no thread has ten million floors)."""
DIGITS = re.compile(r"\d+")


def floor_number(shown: str) -> int | None:
    """「楼主」「樓主」→1, 「沙发」→2, 「12#」「12楼」「12樓」「第 12 楼」「来自 12#」→12; a number no thread
    reaches is a Chinese error naming it (a forged page), never a floor."""
    shown = shown.strip()
    for word, n in FLOOR_WORDS.items():
        if word in shown:
            return n
    m = DIGITS.search(shown)
    if m is None:
        return None
    if len(m.group()) > len(str(MAX_FLOOR)):
        raise ThreadError(texts.THREAD_FLOOR_TOO_HIGH.format(shown=m.group()[:20]))
    return int(m.group())


# ---------------------------------------------------------------------- quotes and edits
_floors, _posted, _quotes, _edits = WORDS.floors, WORDS.posted, WORDS.quotes, WORDS.edits
QUOTE_HEAD = re.compile(
    rf"^\s*(?:{alt(_quotes.quoting)}(?:{alt(_floors.ordinal)}\s*\d{{1,8}}\s*{alt(_floors.floor)})?"
    rf"\s*{COLON}?\s*)?"
    rf"(?:{alt(_quotes.original_by)}\s*)?(?P<author>\S.{{0,60}}?)\s*"
    rf"(?:{alts(_posted.posted_at, _edits.at)})\s*"
    rf"(?P<time>\S.{{0,40}}?)(?:\s*{alt(_posted.posted)}{alt(_quotes.of)}?)?\s*{COLON}?\s*$"
)
"""A quote's head line: Discuz! X 「X 发表于 T」, 6/7 「原帖由 X 于 T 发表」, phpwind 8
「引用第3楼X于T发表的 :」, pasted 「引用 X 发表于 T」 (both scripts; names and times bounded, so a
hostile line costs one pass)."""
EDITED = re.compile(
    rf"{alt(_edits.last_edited_by)}\s*(?P<by>\S.{{0,60}}?)\s*{alt(_edits.at)}\s*"
    rf"(?P<time>\S.{{0,40}}?)\s*{alt(_edits.edited)}"
)
"""Discuz!'s 「本帖最后由 X 于 T 编辑」 / 「本帖最後由 X 於 T 編輯」."""
PID_IN_LINK = re.compile(r"pid=(\d+)")
HEAD_LIMIT = 200
"""A quote head is read from its first line's first characters only."""


def quote_head(first_line: str) -> tuple[str, str] | None:
    """(author, time as shown) of a quote's head line, if it is one."""
    m = QUOTE_HEAD.match(first_line[:HEAD_LIMIT])
    return (m.group("author").strip(), m.group("time").strip()) if m else None


# ---------------------------------------------------------------------- times
FOOTER = re.compile(
    r"GMT\s*(?P<sign>[+-])\s*(?P<hours>\d{1,2})(?:[.:](?P<frac>\d{1,2}))?\s*,\s*"
    rf"(?:{alt(WORDS.page.now)}\s*)?(?P<time>[^<\n]{{4,40}})"
)
"""Discuz!'s footer: the board's zone and when the page was made (X 「GMT+8, 2026-11-30 10:12」,
6/7 「当前时区 GMT+8, 现在时间是 2010-7-15 23:30」), the date in the board's own format."""
FOOTER_TAIL = 40_000
"""Discuz! prints its footer at the very end of the page: only that much is searched."""


@dataclass(frozen=True, slots=True)
class Footer:
    """What a page's footer says: its zone and its clock as shown."""

    zone: tzinfo | None
    clock: str


def footer(page: str) -> Footer:
    """The zone and clock a Discuz! page states in its footer (「GMT+8, 2026-11-30 10:12」)."""
    start = page.find("GMT", max(0, len(page) - FOOTER_TAIL))  # where a footer can start
    m = FOOTER.search(page[start:].replace("\xa0", " ")) if start >= 0 else None
    if m is None:
        return Footer(None, "")
    minutes = int(m.group("hours")) * 60
    frac = m.group("frac")
    if frac:  # Discuz! writes half hours as GMT+5.5
        minutes += round(float(f"0.{frac}") * 60)
    sign = -1 if m.group("sign") == "-" else 1
    return Footer(dates.fixed_zone(sign * minutes), m.group("time").strip())


def shown_times(posts: Iterable[Post]) -> list[str]:
    """Every time a page's floors show (floor, edit and quote times), for deciding its order."""
    out: list[str] = []
    for p in posts:
        out.append(p.shown_time)
        if p.edited_shown:
            out.append(p.edited_shown)
        out += [q.shown_time for q in p.quotes if q.shown_time]
    return out


def page_order(posts: Sequence[Post], clock: str) -> dates.Order | Literal["both"] | None:
    """The order of the page's year-last dates as its dates tell (``dates.decide_order``)."""
    found = [d for d in map(dates.year_last, [*shown_times(posts), clock]) if d is not None]
    return dates.decide_order(found)


def settle(
    posts: Sequence[Post],
    order: dates.Order | None,
    clock_shown: str,
    zone: tzinfo | None,
    now: datetime | None,
) -> None:
    """Read every time the page's floors show, year-last dates in ``order``, relative times from
    the page's clock (its footer, else ``now``)."""
    clock: datetime | None = now
    if clock_shown:
        read = dates.read(clock_shown, order, None, zone)
        if isinstance(read, dates.Moment):
            clock = read.earliest
    for p in posts:
        at = dates.read(p.shown_time, order, clock, zone)
        if isinstance(at, dates.Moment):
            p.time = at.earliest
            p.time_latest = None if at.exact else at.latest
            p.time_problem = None
        else:
            p.time, p.time_latest, p.time_problem = None, None, at.reason
        if p.edited_shown:
            edit = dates.read(p.edited_shown, order, clock, zone)
            p.edited_at = edit.latest if isinstance(edit, dates.Moment) else None
        for q in p.quotes:
            if q.shown_time:
                quoted = dates.read(q.shown_time, order, clock, zone)
                q.time = quoted.earliest if isinstance(quoted, dates.Moment) else None


# ---------------------------------------------------------------------- a thread
def merge(posts: Iterable[Post]) -> list[Post]:
    """Posts from several pages, in floor order: a post seen twice (overlapping pages, a page
    uploaded twice, a reply the forum pins on page 1) is kept once, by pid, else by floor."""
    seen: dict[str, Post] = {}
    for p in posts:
        seen.setdefault(p.pid or f"floor{p.floor}", p)
    return sorted(seen.values(), key=lambda p: (p.floor, p.pid or ""))


@dataclass(frozen=True, slots=True)
class Gap:
    """Floors missing between those read: ``first``–``last``."""

    first: int
    last: int

    def describe(self) -> str:
        """The director's words: 「缺少第51–100楼，可能少读了一页」, 「缺少第37楼，可能已被删除」."""
        floors = str(self.first) if self.first == self.last else f"{self.first}–{self.last}"
        if self.last - self.first + 1 >= GAP_PAGE:
            return texts.THREAD_GAP_PAGE.format(floors=floors)
        return texts.THREAD_GAP_FLOORS.format(floors=floors)


GAP_PAGE = 10
"""A run of this many missing floors is more likely a page not read than deleted posts."""


def gaps(posts: Sequence[Post]) -> list[Gap]:
    """The floors missing between the first floor and the last one read (pages not given, posts
    the forum no longer shows); floors before the first page read count from floor 1."""
    floors = sorted({p.floor for p in posts if p.page})  # pasted text numbers as it likes
    out: list[Gap] = []
    previous = 0
    for f in floors:
        if f > previous + 1:
            out.append(Gap(previous + 1, f - 1))
        previous = f
    return out


# ---------------------------------------------------------------------- as JSON
def _iso(t: datetime | None) -> str | None:
    return t.isoformat() if t is not None else None


def _time(text: object) -> datetime | None:
    return datetime.fromisoformat(str(text)) if text else None


def to_json(p: Post) -> dict[str, object]:
    """A floor as ``bansha thread read --json`` prints it and a watched thread keeps it
    (docs/guide-zh.md shows an example)."""
    return {
        "floor": p.floor,
        "pid": p.pid,
        "author": p.author,
        "time": _iso(p.time),
        "time_latest": _iso(p.time_latest),
        "shown_time": p.shown_time,
        "time_problem": p.time_problem,
        "title": p.title,
        "body": p.body,
        "hidden": p.hidden,
        "code": list(p.code),
        "quotes": [
            {
                "author": q.author,
                "time": _iso(q.time),
                "shown_time": q.shown_time,
                "text": q.text,
                "pid": q.pid,
            }
            for q in p.quotes
        ],
        "edited": {"by": p.edited_by, "at": _iso(p.edited_at)} if p.edited_by else None,
        "fonts": list(p.fonts),
        "words": p.words,
    }


def from_json(d: dict[str, object]) -> Post:
    """A floor kept as ``to_json`` wrote it."""
    edited = d.get("edited") or {}
    assert isinstance(edited, dict)
    quotes = d.get("quotes") or []
    assert isinstance(quotes, list)
    return Post(
        int(str(d["floor"])),
        str(d["author"]),
        _time(d.get("time")),
        str(d.get("body") or ""),
        str(d["pid"]) if d.get("pid") else None,
        [
            Quote(
                str(q.get("author") or ""),
                _time(q.get("time")),
                str(q.get("text") or ""),
                str(q["pid"]) if q.get("pid") else None,
                str(q.get("shown_time") or ""),
            )
            for q in quotes
        ],
        edited_by=str(edited["by"]) if edited.get("by") else None,
        edited_at=_time(edited.get("at")),
        shown_time=str(d.get("shown_time") or ""),
        fonts=[str(f) for f in d.get("fonts") or []],  # type: ignore[attr-defined]
        hidden=str(d["hidden"]) if d.get("hidden") else None,
        words=str(d["words"]) if d.get("words") is not None else None,
        title=str(d["title"]) if d.get("title") else None,
        code=[str(c) for c in d.get("code") or []],  # type: ignore[attr-defined]
        time_latest=_time(d.get("time_latest")),
        time_problem=str(d["time_problem"]) if d.get("time_problem") else None,
        page=1,
    )


# ---------------------------------------------------------------------- a floor read again
def narrower(old: Post, new: Post) -> Post:
    """The new reading, with the narrower of the two windows of time for the same floor (a
    relative time read again later is wider)."""
    if old.time is not None and new.time is not None and old.latest and new.latest:
        earliest = max(old.time, new.time)
        latest = min(old.latest, new.latest)
        if earliest <= latest:
            new.time = earliest
            new.time_latest = None if latest == earliest else latest
    elif new.time is None and old.time is not None:
        new.time, new.time_latest, new.time_problem = old.time, old.time_latest, None
    return new


def changed(old: Post, new: Post) -> str | None:
    """What changed in a floor read again (None: nothing the director reads)."""
    if new.hidden and not old.hidden:
        return texts.WATCH_FLOOR_HIDDEN.format(
            floor=new.floor, author=old.author, notice=new.hidden
        )
    if old.body != new.body or old.hidden != new.hidden:
        before = old.body.replace("\n", " ")[:60]
        after = new.body.replace("\n", " ")[:60]
        return texts.WATCH_FLOOR_EDITED.format(
            floor=new.floor, author=new.author, before=before, after=after
        )
    return None
