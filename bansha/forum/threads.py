"""Reading a discussion thread from a forum: saved Discuz! and phpwind pages, or pasted text.

Each reader returns the thread's posts in floor order: floor (楼层), post id, author, time, title,
body text, the posts it quotes, its code boxes, the edit notice if any, and the forum's notice for
a post it hides (see ``bansha.forum.discuz`` and ``bansha.forum.phpwind`` for the markup each forum
prints). Pasted text has a header line per post, 「12楼 作者 2026-11-28 21:03」 (or 「楼主」, 「#12」,
traditional 「12樓」「樓主」), then the body; a quoted post starts with 「引用 作者 发表于 时间」 or 「> 」
lines. Pages of several forums, and pages given in any order or twice, make one thread
(deduplicated by pid). A page that is none of these gets a Chinese error that says what it is and
what bansha reads.

Times (``bansha.forum.dates``): year-last dates are read in the order the page's own dates show;
when they cannot tell, in the order the director gives (``order``), else the order the thread's
other pages show, else the order under which the page's floors are in time order; a time none of
these settles stays unknown, with the reason, and is listed as such.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import Literal

from bansha import texts
from bansha.forum import collection, dates, discuz, phpwind
from bansha.forum.dom import attr, line
from bansha.forum.errors import ThreadError
from bansha.forum.labels import FLOOR_WORDS, WORDS, alt
from bansha.forum.page import Page
from bansha.forum.posts import (
    Gap,
    Post,
    Quote,
    floor_number,
    gaps,
    merge,
    page_order,
    quote_head,
    settle,
)
from bansha.mechanics.thread_tally import bbcode_fonts

__all__ = [
    "Post",
    "Quote",
    "Thread",
    "ThreadError",
    "count_posts",
    "edited_after",
    "parse_any",
    "parse_plain",
    "read_pages",
    "uncounted",
]

PLAIN_HEADER = re.compile(
    rf"^(?:#\s*(?P<num>\d+)|(?P<lou>\d+)\s*{alt(WORDS.floors.floor)}|(?P<word>{'|'.join(FLOOR_WORDS)}))\s+"
    r"(?P<author>\S+)\s+(?P<time>.{1,60}?)\s*$"
)
HTML = re.compile(r"<(?:html|body|div|table)\b", re.I)


@dataclass(frozen=True, slots=True)
class PageOrder:
    """How a page's year-last dates were read: in ``order`` (None: not at all), and why."""

    page: int
    order: dates.Order | None
    how: str


@dataclass
class Thread:
    """A thread as read from its pages: the floors, the floors missing between them, and how each
    page's dates were read (only pages with year-last dates are listed)."""

    posts: list[Post]
    missing: list[Gap] = field(default_factory=list)
    orders: list[PageOrder] = field(default_factory=list)

    @property
    def unknown_times(self) -> list[Post]:
        """The floors whose time could not be read."""
        return [p for p in self.posts if p.time is None and p.hidden is None]


# ---------------------------------------------------------------------- plain text
def plain_posts(text: str) -> list[Post]:
    """Posts pasted as text: a header line per post (「12楼 作者 时间」), then its body (times not
    read yet)."""
    posts: list[Post] = []
    quote: Quote | None = None
    for raw in text.replace("\r", "").split("\n"):
        m = PLAIN_HEADER.match(raw.strip())
        if m:
            digits = m.group("num") or m.group("lou")
            floor = floor_number(digits) if digits else FLOOR_WORDS[m.group("word")]
            assert floor is not None  # digits make a number
            posts.append(Post(floor, m.group("author"), None, "", shown_time=m.group("time")))
            quote = None
            continue
        if not posts:
            continue
        post = posts[-1]
        head = quote_head(raw) if raw.strip().startswith(WORDS.quotes.quoting) else None
        if head:
            quote = Quote(head[0], None, "", shown_time=head[1])
            post.quotes.append(quote)
        elif raw.startswith(">") and quote is not None:
            quote.text = (quote.text + "\n" + raw.lstrip("> ").strip()).strip()
        else:
            quote = None
            post.body = (post.body + "\n" + raw).strip("\n")
    if not posts:
        raise ThreadError(texts.THREAD_NO_HEADERS)
    for p in posts:
        p.body = p.body.strip()
        p.fonts = bbcode_fonts(p.body)
    return sorted(posts, key=lambda p: p.floor)


def parse_plain(
    text: str, now: datetime | None = None, order: dates.Order | None = None
) -> list[Post]:
    """Posts pasted as text, their times read (relative ones from ``now``)."""
    return read_pages([text], now, order).posts


def what_page(page: Page, text: str) -> str:
    """What an unreadable page is, in the director's words: the forum's own notice (not logged
    in, no permission) or its title and generator."""
    tree = page.tree
    notice = tree.css_first("div#messagetext p, div.alert_error")
    if notice is not None and line(notice):
        return texts.THREAD_FORUM_SAYS.format(message=line(notice)[:80])
    title = line(tree.css_first("title"))[:60] or texts.THREAD_UNTITLED
    generator = attr(tree.css_first('meta[name="generator"]'), "content").strip()
    if not generator and "discuz" in text.lower():
        generator = "Discuz!"
    elif not generator and "phpwind" in text.lower():
        generator = "phpwind"
    return texts.THREAD_PAGE_TITLED.format(title=title, generator=generator or "")


def _order(
    number: int,
    posts: Sequence[Post],
    found: dates.Order | Literal["both"] | None,
    told: dates.Order | None,
    others: dates.Order | None,
) -> PageOrder | None:
    """How page ``number``'s year-last dates are read (None: it has none), ``found`` being what
    the page's own dates tell (``page_order``)."""
    shown = [p.shown_time for p in posts]
    if found is None and not any(dates.year_last(s) for s in shown):
        return None
    if found == "both":
        return PageOrder(number, None, texts.THREAD_ORDER_BOTH)
    if found == "dmy" or found == "mdy":
        return PageOrder(number, found, texts.THREAD_ORDER_FROM_PAGE)
    if told is not None:
        return PageOrder(number, told, texts.THREAD_ORDER_TOLD)
    if others is not None:
        return PageOrder(number, others, texts.THREAD_ORDER_FROM_OTHERS)
    fits = dates.order_of(shown)
    if fits is not None:
        return PageOrder(number, fits, texts.THREAD_ORDER_FROM_SEQUENCE)
    return PageOrder(number, None, texts.THREAD_ORDER_UNKNOWN)


def read_pages(
    pages: list[str], now: datetime | None = None, order: dates.Order | None = None
) -> Thread:
    """Recognise each page (Discuz! X3 desktop or touch, Discuz! 6/7, phpwind 8/9, or pasted
    text) and read the thread they make together; year-last dates a page cannot order itself are
    read in ``order`` (the director's ``--date-order``). The cyclic garbage collector is paused
    meanwhile (``collection.paused``: reading makes no cycles)."""
    with collection.paused():
        return _read_pages(pages, now, order)


READERS: tuple[Callable[[Page], list[Post]], ...] = (
    discuz.desktop_posts,
    discuz.touch_posts,
    phpwind.pw9_posts,
    phpwind.pw8_posts,
)
"""Each forum's reader of a page, tried in this order; the one that read a page is tried first
on the next (a thread's pages are one forum's: the others' searches of each page are saved)."""


def _read_pages(pages: list[str], now: datetime | None, order: dates.Order | None) -> Thread:
    read: list[tuple[int, list[Post], str, tzinfo | None]] = []
    text: list[str] = []
    readers = list(READERS)
    for n, source in enumerate(pages, 1):
        if not HTML.search(source[:20000]):
            text.append(source)
            continue
        page = Page.read(source, n)
        found: list[Post] = []
        for reader in readers:
            found = reader(page)
            if found:  # the next page is most likely the same forum's
                readers.remove(reader)
                readers.insert(0, reader)
                break
        if not found:
            raise ThreadError(texts.THREAD_UNKNOWN_PAGE.format(n=n, found=what_page(page, source)))
        for p in found:
            p.page = n
        read.append((n, found, page.footer.clock, page.footer.zone))
    if text:
        read.append((0, plain_posts("\n".join(text)), "", None))
    if not read:
        raise ThreadError(texts.THREAD_NO_HEADERS)
    own = [page_order(posts, clock) for _, posts, clock, _ in read]
    decided = {told for told in own if told == "dmy" or told == "mdy"}
    others = next(iter(decided)) if len(decided) == 1 else None
    thread = Thread([])
    for (n, posts, clock, zone), told in zip(read, own, strict=True):
        how = _order(n, posts, told, order, others)
        if how is not None:
            thread.orders.append(how)
        settle(posts, how.order if how else None, clock, zone, now)
        if how is not None and how.order is None:
            for p in posts:
                if p.time is None and dates.year_last(p.shown_time) is not None:
                    p.time_problem = texts.TIME_PROBLEM_WHY.format(
                        problem=p.time_problem, why=how.how
                    )
        thread.posts += posts
    thread.posts = merge(thread.posts)
    thread.missing = gaps(thread.posts)
    return thread


def parse_any(
    pages: list[str], now: datetime | None = None, order: dates.Order | None = None
) -> list[Post]:
    """The floors of the thread the pages make (``read_pages``)."""
    return read_pages(pages, now, order).posts


# ---------------------------------------------------------------------- counting
def _within(p: Post, start: datetime, end: datetime) -> bool | None:
    """Whether a post was surely made in [start, end) (None: its time cannot tell)."""
    if p.time is None:
        return None
    latest = p.latest or p.time
    if start <= p.time and latest < end:
        return True
    if latest < start or p.time >= end:
        return False
    return None


def count_posts(
    posts: Iterable[Post], start: datetime, end: datetime, roster: Iterable[str]
) -> dict[str, int]:
    """Posts per player surely made between ``start`` (inclusive) and ``end`` (exclusive);
    players who did not post count 0; authors not in the roster (the director, onlookers) are left
    out; a post whose time cannot tell is not counted (``uncounted`` lists it)."""
    out = dict.fromkeys(roster, 0)
    posts = list(posts)
    zone = next((p.time.tzinfo for p in posts if p.time is not None), None)
    if zone is not None and start.tzinfo is not None and end.tzinfo is not None:
        # the same instants, compared without an offset look-up per floor (two times of one
        # zone object compare directly)
        start, end = _in_zone(start, zone), _in_zone(end, zone)
    for p in posts:  # ``_within(p, start, end)`` is True, written out: a thread has 10,000 floors
        at = p.time
        if (
            at is not None
            and p.hidden is None
            and start <= at
            and (p.time_latest or at) < end
            and p.author in out
        ):
            out[p.author] += 1
    return out


def _in_zone(at: datetime, zone: tzinfo) -> datetime:
    """The same instant in ``zone`` (an open end, the last instant of year 9999, as it is)."""
    try:
        return at.astimezone(zone)
    except OverflowError:
        return at


def uncounted(posts: Iterable[Post], windows: Iterable[tuple[datetime, datetime]]) -> list[Post]:
    """The posts no count of ``windows`` can place: time unknown, or a window of time that
    straddles a window's edge."""
    spans = list(windows)
    return [
        p
        for p in posts
        if p.hidden is None and (p.time is None or any(_within(p, a, b) is None for a, b in spans))
    ]


def edited_after(posts: Iterable[Post], deadline: datetime) -> list[Post]:
    """Posts made before ``deadline`` but edited after it (a vote changed late): for the director."""
    return [
        p
        for p in posts
        if p.edited_at is not None
        and p.edited_at >= deadline
        and (p.time is None or p.time < deadline)
    ]
