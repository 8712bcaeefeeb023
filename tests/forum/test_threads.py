"""Importing a forum thread: Discuz! X3 and phpwind 9 pages (500+ floors), and pasted text."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bansha.forum import dates
from bansha.forum.posts import footer
from bansha.forum.threads import (
    ThreadError,
    count_posts,
    edited_after,
    parse_any,
    parse_plain,
)
from bansha.mechanics import vote_posts
from tests.forum.thread_pages import (
    PAGE_TIME,
    PLAYERS,
    TruePost,
    discuz_pages,
    make_thread,
    phpwind_pages,
)
from tests.helpers import M103_FORMAT

FIXTURES = Path(__file__).parent / "fixtures"
GMT8 = timezone(timedelta(hours=8))
"""The zone the generated pages state in their footer (「GMT+8, …」)."""


def _same_time(truth: TruePost, got: datetime | None, exact: bool) -> bool:
    want = truth.time.replace(tzinfo=GMT8)
    return got == (want if exact else want.replace(second=0))


def test_a_520_floor_discuz_thread_over_26_pages_reads_every_floor() -> None:
    truth = make_thread(520)
    pages = discuz_pages(truth)
    assert len(pages) == 26
    posts = parse_any(pages)
    assert [p.floor for p in posts] == list(range(1, 521))
    for t, p in zip(truth, posts, strict=True):
        assert p.author == t.author and p.pid == str(t.pid)
        assert p.body == t.body
        exact = bool(t.relative) and t.titled  # a title carries the seconds
        assert _same_time(t, p.time, exact), (t.floor, t.relative, p.time, t.time)
        if t.quote:
            (q,) = p.quotes
            assert (q.pid, q.author, q.text) == (str(t.quote[0]), t.quote[1], t.quote[3])
            assert q.time == t.quote[2].replace(second=0, tzinfo=GMT8)
        else:
            assert p.quotes == []
        assert (p.edited_at is not None) == (t.edited is not None)
        if t.edited:
            assert p.edited_by == t.author
            assert p.edited_at == t.edited.replace(second=0, tzinfo=GMT8)


def test_the_generated_thread_has_what_the_importer_must_handle() -> None:
    truth = make_thread(520)
    shown = Counter(
        "titled" if t.relative and t.titled else "day word" if t.relative else "absolute"
        for t in truth
    )
    assert min(shown.values()) >= 20  # titled relative times, 「昨天 21:03」, absolute
    assert sum(1 for t in truth if t.quote) >= 50
    assert sum(1 for t in truth if t.edited) >= 10
    assert sum(1 for t in truth if t.body.startswith("改票对象")) >= 10


def test_a_510_floor_phpwind_thread_reads_every_floor() -> None:
    truth = make_thread(510, seed=2)
    posts = parse_any(phpwind_pages(truth))
    assert [p.floor for p in posts] == list(range(1, 511))
    for t, p in zip(truth, posts, strict=True):
        assert (p.author, p.body, p.pid) == (t.author, t.body, str(t.pid))
        assert p.time == t.time.replace(second=0)
        assert [q.author for q in p.quotes] == ([t.quote[1]] if t.quote else [])
        assert (p.edited_at is not None) == (t.edited is not None)


def test_the_hand_written_discuz_page() -> None:
    page = (FIXTURES / "discuz_day1.html").read_text(encoding="utf-8")
    assert footer(page).clock == "2026-11-30 10:12"
    posts = parse_any([page])
    assert [(p.floor, p.author) for p in posts] == [
        (1, "导演"),
        (2, "花千树"),
        (3, "不见"),
        (4, "花千树"),
        (5, "白芷"),
        (6, "不见"),
    ]
    # the footer's 「GMT+8」 is the page's own zone
    assert posts[1].time == datetime(2026, 11, 27, 21, 3, 15, tzinfo=GMT8)  # 「3 天前」 titled
    assert posts[2].time == datetime(2026, 11, 29, 21, 3, tzinfo=GMT8)  # 「昨天 21:03」 + footer
    assert posts[3].time == datetime(2026, 11, 30, 9, 42, tzinfo=GMT8)  # 「半小时前」 + footer
    assert posts[3].edited_by == "花千树"
    assert posts[3].edited_at == datetime(2026, 11, 30, 9, 50, tzinfo=GMT8)
    change = posts[3]
    assert change.quotes[0].pid == "1002" and change.quotes[0].author == "花千树"
    read = vote_posts.parse(change.text, ["花千树", "不见", "白芷"], M103_FORMAT)
    assert (read.kind, read.target) == ("change", "白芷")
    assert vote_posts.parse(posts[1].text, ["花千树", "不见", "白芷"], M103_FORMAT).target == "不见"
    assert (
        vote_posts.parse(posts[4].text, ["花千树", "不见", "白芷"], M103_FORMAT).kind == "abstain"
    )
    assert vote_posts.parse(posts[5].text, ["花千树", "不见", "白芷"], M103_FORMAT).kind == "void"
    assert posts[4].quotes[0].pid is None and posts[4].quotes[0].author == "不见"


def test_pasted_text() -> None:
    text = """楼主 导演 2026-11-28 12:00
第1天讨论帖
2楼 花千树 2026-11-28 12:05
投票对象：不见
投票理由：砍树。
#3 不见 2026-11-28 12:10
引用 花千树 发表于 2026-11-28 12:05
> 投票对象：不见
改票对象：花千树
改票理由：反击
"""
    posts = parse_plain(text)
    assert [(p.floor, p.author) for p in posts] == [(1, "导演"), (2, "花千树"), (3, "不见")]
    assert posts[2].quotes[0].author == "花千树" and "投票对象" in posts[2].quotes[0].text
    assert vote_posts.parse(posts[2].text, ["花千树", "不见"], M103_FORMAT).target == "花千树"
    with pytest.raises(ThreadError):
        parse_plain("nothing here")


def test_relative_times() -> None:
    """Relative times are windows counted from the page's clock (shown to the minute)."""
    now = datetime(2026, 11, 30, 10, 0)
    assert dates.read("刚刚", None, now) == dates.Moment(now, now + timedelta(seconds=59))
    five = dates.read("5\xa0分钟前", None, now)
    assert five == dates.Moment(
        now - timedelta(minutes=6, seconds=-1), now - timedelta(minutes=4, seconds=1)
    )
    assert dates.read("前天 08:30", None, now) == dates.Moment(
        datetime(2026, 11, 28, 8, 30), datetime(2026, 11, 28, 8, 30)
    )
    assert isinstance(dates.read("2 小时前", None, None), dates.Unread)  # no clock: never guessed


def test_counts_per_player_and_late_edits() -> None:
    truth = make_thread(520)
    posts = parse_any(discuz_pages(truth))
    start, end = PAGE_TIME - timedelta(days=5), PAGE_TIME - timedelta(days=4)
    counts = count_posts(posts, start.replace(tzinfo=GMT8), end.replace(tzinfo=GMT8), PLAYERS)
    expected = Counter(t.author for t in truth if start <= t.time < end and t.author in PLAYERS)
    assert counts == {name: expected.get(name, 0) for name in PLAYERS}
    late = edited_after(posts, end.replace(tzinfo=GMT8))
    assert all(
        p.time is not None and p.time < end.replace(tzinfo=GMT8) <= p.edited_at for p in late
    )  # type: ignore[operator]


def test_a_day_counts_the_same_floors_whatever_zone_its_window_is_written_in() -> None:
    """R-ALL-10: a window is a pair of instants; writing it in the game's zone, in UTC or in the
    page's own zone changes no count, a floor on the window's edge included, and an open end
    (the last instant of year 9999) has no time in a zone ahead of UTC but still counts."""
    truth = make_thread(300)
    posts = parse_any(discuz_pages(truth))
    edge = next(p.time for p in posts if p.time is not None and p.floor > 100)
    assert edge is not None
    shanghai = ZoneInfo("Asia/Shanghai")
    windows = [
        (edge - timedelta(hours=20), edge),
        (edge, edge + timedelta(hours=30)),
        (edge, datetime.max.replace(tzinfo=UTC)),
    ]
    for start, end in windows:
        counts = [
            count_posts(posts, start.astimezone(zone), end.astimezone(zone), PLAYERS)
            for zone in (shanghai, UTC, GMT8)
            if end.year < 9999 or zone is UTC
        ]
        counts.append(count_posts(posts, start, end, PLAYERS))
        by_instant = Counter(
            p.author
            for p in posts
            if p.time is not None and p.hidden is None and start <= p.time
            if (p.time_latest or p.time) < end
        )
        assert all(c == {n: by_instant.get(n, 0) for n in PLAYERS} for c in counts)


def test_banned_formatting_is_found() -> None:
    from bansha.mechanics.thread_tally import is_enlarged, is_red

    page = (FIXTURES / "discuz_day1.html").read_text(encoding="utf-8")
    posts = parse_any([page])
    assert posts[2].fonts == ["red"]  # <font color="Red"> (M103 违规9)
    assert all(p.fonts == [] for p in posts if p.floor != 3)
    assert is_red("#FF0000") and is_red("#e11") and is_red("rgb(200, 30, 40)")
    assert not is_red("#ff9900") and not is_red("blue") and not is_red("#999999")
    assert is_enlarged("5") and is_enlarged("18px") and is_enlarged("+2")
    assert not is_enlarged("2") and not is_enlarged("12pt") and not is_enlarged("14px")
    pasted = parse_plain("2楼 甲 2026-11-28 12:05\n[size=5]大字[/size][color=#FF0000]红字[/color]")
    assert pasted[0].fonts == ["enlarged", "red"]
