"""Times as forums print them, read into the instants they can stand for.

Forms read (labels in both scripts, ``bansha.forum.labels``):

- ISO 8601 (``2026-11-30T10:12:00+08:00``, Discuz!'s ``title`` 「2026-11-30 10:12:00」);
- year first: 「2026-11-30 10:12」「2026/11/30」「2026.11.30」「2026年11月30日 10:12」;
- year last, day or month first: 「30/11/2026 10:12」 (d/m/y) or 「11/30/2026 10:12」 (m/d/y), the
  order decided per page (``decide_order``): a first number over 12 is a day, a second over 12 a
  month; when no date of the page tells, the director's setting (``--date-order``, the console's
  date order), then the other pages of the thread, then the order under which the page's floors
  are in time order; otherwise the time is unknown;
- a 12-hour clock: 「上午 9:05」「下午 11:17」「11:17 PM」 (凌晨, 早上, 中午, 晚上 too);
- relative times against the page's own clock (the footer's 「GMT+8, 2026-11-30 10:12」), as
  Discuz! writes them (``dgmdate``): 「刚刚」「N 秒前」「N 分钟前」「半小时前」「N 小时前」「今天/昨天/前天
  HH:MM」「N 天前」.

A time is a window, ``Moment(earliest, latest)``: 「3 小时前」 stands for a whole hour, 「5 天前」
without an exact ``title`` for a whole day, a date without a clock for a day; an exact time has
``latest == earliest``. What cannot be read is ``None`` with the reason (``Unread``): the floor is
listed with its raw text and no time rule is applied to it, never a silently wrong time.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, timezone, tzinfo
from typing import Literal

from bansha import texts
from bansha.forum.labels import COLON, WORDS, alt, alts, by_form

Order = Literal["dmy", "mdy"]
"""The order of a year-last date: day first (30/11/2026) or month first (11/30/2026)."""
ORDERS: tuple[Order, ...] = ("dmy", "mdy")


def order_named(name: str | None) -> Order | None:
    """The order a setting names (``dmy``, ``mdy``), or None for any other value."""
    return next((o for o in ORDERS if o == name), None)


_meridiem, _date, _r = WORDS.clock, WORDS.dates, WORDS.relative
BEFORE_NOON = frozenset(
    {*_meridiem.morning, *_meridiem.small_hours, *_meridiem.early_morning, "am"}
)
"""The words of a 12-hour clock's hours before noon (and the English mark, lower case)."""
AT_NOON = frozenset(_meridiem.noon)
"""The words of the hours around noon: 11 is before it, 1 to 10 after."""
MERIDIEM = (
    f"(?:{alts(_meridiem.morning, _meridiem.afternoon, _meridiem.small_hours)}"
    f"|{alts(_meridiem.early_morning, _meridiem.noon, _meridiem.evening)}"
    r"|[AaPp]\.?[Mm]\.?)"
)
CLOCK = (
    rf"(?:(?P<ap1>{MERIDIEM})\s*)?(?P<h>\d{{1,2}})\s*{COLON}\s*(?P<mi>\d{{2}})"
    rf"(?:{COLON}(?P<s>\d{{2}})(?:[.,]\d+)?)?(?:\s*(?P<ap2>{MERIDIEM}))?"
    r"(?:\s*(?P<tz>Z|[+-]\d{2}:?\d{2})(?!\d))?"
)
DATE = re.compile(
    rf"(?<!\d)(?P<a>\d{{1,4}})\s*(?P<s1>[-/.]|{alt(_date.year)})\s*(?P<b>\d{{1,2}})\s*"
    rf"(?P<s2>[-/.]|{alt(_date.month)})\s*(?P<c>\d{{1,4}})(?!\d)\s*{alt(_date.day)}?"
    rf"(?:\s*T?\s*{CLOCK})?"
)
"""A date with its clock if shown: year first or last, any separator, ISO's 「T」 and offset."""
COMMON = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2}) (\d{1,2}):(\d{2})(?::(\d{2}))?")
"""The form most boards print (「2026-11-30 10:12」, Discuz!'s ``title`` 「2026-11-30 10:12:00」),
read without ``DATE``'s general pattern: what ``DATE`` reads of it, in one step."""
RELATIVE = re.compile(
    rf"(?P<now>{alt(_r.just_now)})"
    rf"|(?P<half>{alt(_r.half)})\s*{alt(_r.hours)}\s*{alt(_r.ago)}"
    rf"|(?P<n>\d{{1,5}})\s*(?P<unit>{alts(_r.seconds, _r.minutes, _r.hours, _r.days)})"
    rf"\s*{alt(_r.ago)}"
    rf"|(?P<day>{alts(_r.today, _r.yesterday, _r.day_before_yesterday)})\s*{CLOCK}"
)
DAY_WORDS = by_form(((_r.today, 0), (_r.yesterday, 1), (_r.day_before_yesterday, 2)))
"""How many days before the page's each named day is."""
UNITS = by_form(((_r.seconds, 1), (_r.minutes, 60), (_r.hours, 3600), (_r.days, 86400)))
"""The seconds of each unit of a relative time."""
MINUTE = timedelta(seconds=59)
"""A clock shown to the minute stands for any second of it."""
DAY_END = timedelta(days=1) - timedelta(seconds=1)
"""A date shown without a clock stands for any second of that day."""


@dataclass(frozen=True, slots=True)
class Moment:
    """The instants a shown time can stand for: exact when ``latest == earliest``."""

    earliest: datetime
    latest: datetime

    @property
    def exact(self) -> bool:
        """Whether the page gave the time itself, not a window around it."""
        return self.latest == self.earliest

    def aware(self, zone: tzinfo) -> Moment:
        """The moment in ``zone`` when the page stated none (R-ALL-10: the game's zone)."""
        if self.earliest.tzinfo is not None:
            return self
        return Moment(self.earliest.replace(tzinfo=zone), self.latest.replace(tzinfo=zone))


@dataclass(frozen=True, slots=True)
class Unread:
    """Why a shown time could not be read (Chinese, for the director)."""

    reason: str


@dataclass(frozen=True, slots=True)
class Dated:
    """A year-last date of a page: its first two numbers (day and month in some order)."""

    first: int
    second: int


@functools.lru_cache(maxsize=4096)
def year_last(shown: str) -> Dated | None:
    """The first two numbers of a year-last date shown (「12/7/2009」), if it is one (remembered:
    a page's times are asked for when its order is decided and again when it is settled)."""
    text = _plain(shown)
    if COMMON.fullmatch(text) is not None:  # year first: what DATE finds first has no year last
        return None
    m = DATE.search(text)
    if m is None or len(m.group("c")) != 4 or len(m.group("a")) > 2:
        return None
    return Dated(int(m.group("a")), int(m.group("b")))


def decide_order(dates: Iterable[Dated]) -> Order | Literal["both"] | None:
    """The order the page's year-last dates are written in: a first number over 12 is a day, a
    second over 12 a month; ``both`` when the page holds both kinds (it cannot be read); None when
    no date tells."""
    day_first = month_first = False
    for d in dates:
        day_first = day_first or d.first > 12
        month_first = month_first or d.second > 12
    if day_first and month_first:
        return "both"
    return "dmy" if day_first else "mdy" if month_first else None


def in_time_order(shown: Sequence[str], order: Order) -> bool:
    """Whether a page's floor times (in floor order) read in ``order`` never go back in time (the
    order that does is the page's when no date tells)."""
    times = [read(s, order, None) for s in shown]
    moments = [t for t in times if isinstance(t, Moment)]
    return len(moments) == len(times) and all(
        a.earliest <= b.latest for a, b in itertools.pairwise(moments)
    )


def order_of(shown: Sequence[str]) -> Order | None:
    """The only order under which the floors are in time order, if exactly one is (and the dates
    differ between the orders at all)."""
    dated = [d for d in map(year_last, shown) if d is not None]
    if not any(d.first != d.second for d in dated):
        return None
    fits = [o for o in ORDERS if in_time_order(shown, o)]
    return fits[0] if len(fits) == 1 else None


def _plain(shown: str) -> str:
    for space in WORDS.marks.spaces:
        shown = shown.replace(space, " ")
    return shown.strip()


def _hour(h: int, meridiem: str | None) -> int | None:
    """The 24-hour hour of a clock shown with 上午/下午/AM/PM (None: no such hour): before noon,
    around noon (中午), or after noon (any other word)."""
    if meridiem is None:
        return h if h < 24 else None
    if not 1 <= h <= 12:
        return None
    word = meridiem.replace(".", "").lower()
    if word in BEFORE_NOON:
        return 0 if h == 12 else h
    if word in AT_NOON:
        return h if h >= 11 else h + 12
    return h if h == 12 else h + 12  # after noon: the afternoon's and the evening's words, pm


def _clock(m: re.Match[str]) -> tuple[time, bool] | None:
    """(the clock shown, whether it shows seconds), or None if it shows no valid clock."""
    ap1, ap2, h, mi, s = m.group("ap1", "ap2", "h", "mi", "s")
    hour = _hour(int(h), ap1 or ap2)
    minute, second = int(mi), int(s or 0)
    if hour is None or minute > 59 or second > 59:
        return None
    return time(hour, minute, second), s is not None


def _offset(text: str | None) -> tzinfo | None:
    if not text:
        return None
    if text == "Z":
        return UTC
    sign = -1 if text[0] == "-" else 1
    digits = text[1:].replace(":", "")
    return fixed_zone(sign * (int(digits[:2]) * 60 + int(digits[2:])))


@functools.lru_cache(maxsize=64)
def fixed_zone(minutes: int) -> tzinfo:
    """The zone ``minutes`` ahead of UTC, one object per offset: every time a thread's pages
    state in it shares its zone, and comparing two times of one zone object costs no offset
    look-ups (a thread of 10,000 floors compares its times a hundred thousand times)."""
    return timezone(timedelta(minutes=minutes))


def _absolute(m: re.Match[str], order: Order | None, zone: tzinfo | None) -> Moment | Unread:
    a, b, c, h = m.group("a", "b", "c", "h")
    if len(a) == 4:
        y, mo, d = int(a), int(b), int(c)
    elif len(c) == 4 and len(a) <= 2:
        if order is None:
            return Unread(texts.TIME_AMBIGUOUS.format(shown=m.group(0).strip()))
        y = int(c)
        d, mo = (int(a), int(b)) if order == "dmy" else (int(b), int(a))
    else:
        return Unread(texts.TIME_SHORT_YEAR.format(shown=m.group(0).strip()))
    try:
        day = date(y, mo, d)
    except ValueError:
        return Unread(texts.TIME_NO_DATE.format(shown=m.group(0).strip()))
    if h is None:
        start = datetime.combine(day, time(), zone)
        return Moment(start, start + DAY_END)
    clock = _clock(m)
    if clock is None:
        return Unread(texts.TIME_NO_CLOCK.format(shown=m.group(0).strip()))
    tz = m.group("tz")
    at = datetime.combine(day, clock[0], _offset(tz) if tz else zone)
    return Moment(at, at)  # shown to the minute: the forum's own time, as directors read it


def _relative(m: re.Match[str], clock: datetime) -> Moment | Unread:
    end = clock + MINUTE  # the page's clock is shown to the minute
    if m.group("now"):
        return Moment(clock, end)
    if m.group("half"):  # Discuz!: more than 1,800 and at most 3,600 seconds ago
        return Moment(clock - timedelta(hours=1), end - timedelta(seconds=1801))
    if m.group("day"):
        found = _clock(m)
        if found is None:
            return Unread(texts.TIME_NO_CLOCK.format(shown=m.group(0).strip()))
        back = DAY_WORDS[m.group("day")]
        day = clock.date() - timedelta(days=back)
        at = datetime.combine(day, found[0], clock.tzinfo)
        return Moment(at, at)
    n, unit = int(m.group("n")), UNITS[m.group("unit")]
    if unit == 86400:  # N days ago: the calendar day N days before the page's
        start = datetime.combine(clock.date() - timedelta(days=n), time(), clock.tzinfo)
        return Moment(start, start + DAY_END)
    # Discuz! prints the whole units elapsed: 3 hours ago is 3 to 4 hours before the page's clock
    return Moment(clock - timedelta(seconds=(n + 1) * unit - 1), end - timedelta(seconds=n * unit))


def read(
    shown: str,
    order: Order | None,
    clock: datetime | None,
    zone: tzinfo | None = None,
) -> Moment | Unread:
    """A time as shown: absolute (year-last dates in ``order``), or relative to the page's
    ``clock``; in ``zone`` when the page states one and the time carries no offset."""
    text = _plain(shown)
    if not text:
        return Unread(texts.TIME_MISSING)
    common = COMMON.fullmatch(text)
    if common is not None:
        y, mo, d, h, mi, s = common.groups()
        try:
            at = datetime(int(y), int(mo), int(d), int(h), int(mi), int(s or 0), tzinfo=zone)
        except ValueError:
            pass  # no such day or clock: ``_absolute`` says which
        else:
            return Moment(at, at)
    m = DATE.search(text)
    if m is not None:
        return _absolute(m, order, zone)
    r = RELATIVE.search(text)
    if r is None:
        return Unread(texts.TIME_UNKNOWN_FORM.format(shown=text[:40]))
    if clock is None:
        return Unread(texts.TIME_NO_PAGE_CLOCK.format(shown=text[:40]))
    if zone is not None and clock.tzinfo is None:
        clock = clock.replace(tzinfo=zone)
    return _relative(r, clock)
