"""Every date format a board prints, read floor by floor; the order of day-first and month-first
dates decided per page from its own dates, else by the director (``--date-order``), the thread's
other pages or the page's floors in time order; and a time that none of these settles is never
dropped: the floor is listed with its raw text, the tally applies no time rule to it, and
``bansha thread read`` exits with status 3 naming it unless ``--allow-unknown-times`` is given."""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bansha.cli import app
from bansha.forum import dates
from bansha.forum.threads import read_pages
from bansha.mechanics.thread_tally import ChangeRules, WrittenPost, rule_time
from tests.forum.thread_pages import DATE_FORMATS, d7_thread, discuz7_pages

GMT8 = timezone(timedelta(hours=8))
runner = CliRunner()


@pytest.mark.parametrize("fmt", list(DATE_FORMATS))
def test_every_date_format_reads_every_floor(fmt: str) -> None:
    truth = d7_thread(108)
    thread = read_pages(discuz7_pages(truth, date_format=fmt))
    assert [p.floor for p in thread.posts] == list(range(1, 109))
    for t, p in zip(truth, thread.posts, strict=True):
        if t.extra.get("masked"):
            continue
        assert p.time is not None, (fmt, t.floor, p.shown_time, p.time_problem)
        assert (p.author, p.time.replace(tzinfo=None)) == (t.author, t.time), (fmt, t.floor)
        if t.quote:
            quoted = p.quotes[0].time
            want = t.quote[2] if fmt == "ISO" else t.quote[2].replace(second=0)
            assert quoted is not None and quoted.replace(tzinfo=None) == want, (fmt, t.floor)
        if t.edited:
            want = t.edited if fmt == "ISO" else t.edited.replace(second=0)
            assert p.edited_at is not None and p.edited_at.replace(tzinfo=None) == want
    year_last = fmt.startswith(("d", "m"))
    orders = [(o.page, o.order) for o in thread.orders]
    if year_last:
        expected = "dmy" if fmt.startswith("d") else "mdy"
        assert orders == [(1, expected), (2, expected), (3, expected)]  # each page tells
    else:
        assert orders == []


def _plain(*times: str) -> str:
    return "".join(
        f"{n}楼 {'甲乙丙丁'[n % 4]} {when}\n投票对象：乙\n投票理由：砍\n"
        for n, when in enumerate(times, 1)
    )


def test_a_page_that_cannot_tell_uses_the_directors_order() -> None:
    ambiguous = _plain("1/12/2026 20:00", "2/12/2026 21:00", "10/12/2026 22:00")
    unread = read_pages([ambiguous])
    assert [p.time for p in unread.posts] == [None, None, None]
    assert all("日/月/年还是月/日/年" in (p.time_problem or "") for p in unread.posts)
    assert [p.floor for p in unread.unknown_times] == [1, 2, 3]
    told = read_pages([ambiguous], order="dmy")
    assert [p.time for p in told.posts] == [
        datetime(2026, 12, 1, 20),
        datetime(2026, 12, 2, 21),
        datetime(2026, 12, 10, 22),
    ]
    assert told.orders[0].order == "dmy" and "导演" in told.orders[0].how


def test_the_floors_in_time_order_decide_when_the_dates_do_not() -> None:
    """10/11 then 2/12: read month first they would go back in time (October 11, then
    February 12), so the page writes its day first."""
    thread = read_pages([_plain("10/11/2026 20:00", "2/12/2026 21:00")])
    assert [p.time for p in thread.posts] == [datetime(2026, 11, 10, 20), datetime(2026, 12, 2, 21)]
    assert "楼层先后" in thread.orders[0].how


def test_a_page_takes_the_order_its_thread_s_other_pages_show() -> None:
    """Page 1 holds 「11/18/2026」 (month first); page 2's dates are all 「11/5/2026」, which could
    be either: it is read as its thread's other page is."""
    pages = discuz7_pages(d7_thread(60), date_format="m/d/y")
    second = re.sub(r"11/\d{1,2}/2026", "11/5/2026", pages[1])
    thread = read_pages([pages[0], second])
    assert [(o.page, o.order) for o in thread.orders] == [(1, "mdy"), (2, "mdy")]
    assert "其他页" in thread.orders[1].how
    assert all(p.time is not None and p.time.month == 11 for p in thread.posts if p.page == 2)


def test_a_page_with_both_orders_cannot_be_read() -> None:
    thread = read_pages([_plain("25/12/2026 20:00", "12/26/2026 21:00")])
    assert [p.time for p in thread.posts] == [None, None]
    assert "无法判断" in thread.orders[0].how


def test_thread_read_names_the_floor_it_cannot_date_and_exits_3(tmp_path: Path) -> None:
    page = tmp_path / "p.txt"
    page.write_text(_plain("2026-12-01 20:00", "某天晚上", "2026-12-01 21:00"), encoding="utf-8")
    args = ["thread", "read", str(page), "--ruleset", "m103", "--players", "甲,乙,丙,丁"]
    result = runner.invoke(app, [*args, "--close", "2026-12-01 22:00"])
    assert result.exit_code == 3
    assert "2楼" in result.stderr and "--allow-unknown-times" in result.stderr
    assert "「某天晚上」" in result.stdout  # listed with its raw text, never dropped
    allowed = runner.invoke(
        app, [*args, "--close", "2026-12-01 22:00", "--allow-unknown-times", "--json"]
    )
    assert allowed.exit_code == 0, allowed.output
    out = json.loads(allowed.stdout)
    assert out["unknown_times"] == [2]
    (unjudged,) = [v for v in out["votes"] if v["unjudged"]]
    assert unjudged["floor"] == 2 and "关门" in unjudged["unjudged"]
    assert [c["floor"] for c in out["checks"] if c["kind"] == "unjudged"] == [2]


def test_the_date_order_flag(tmp_path: Path) -> None:
    page = tmp_path / "p.txt"
    page.write_text(_plain("1/12/2026 20:00", "2/12/2026 21:00"), encoding="utf-8")
    result = runner.invoke(app, ["thread", "read", str(page), "--date-order", "dmy", "--json"])
    assert result.exit_code == 0, result.output
    floors = json.loads(result.stdout)["floors"]
    assert [f["time"] for f in floors] == ["2026-12-01T20:00:00+08:00", "2026-12-02T21:00:00+08:00"]
    bad = runner.invoke(app, ["thread", "read", str(page), "--date-order", "ydm"])
    assert bad.exit_code == 2 and "dmy" in bad.output


def test_a_time_rule_is_applied_only_where_the_window_lies_wholly_on_one_side() -> None:
    close = datetime(2026, 12, 1, 22, 0, tzinfo=GMT8)
    rules = ChangeRules(1, 60, close, "Asia/Shanghai", False)

    def post(at: datetime | None, latest: datetime | None) -> WrittenPost:
        return WrittenPost(
            2, "甲", at, "投票对象：乙\n投票理由：砍", latest=latest, shown="3 小时前"
        )

    before = post(close - timedelta(hours=3), close - timedelta(hours=2))
    assert rule_time(before, rules, earlier=1) == (close - timedelta(hours=2), None)
    around = post(close - timedelta(minutes=90), close - timedelta(minutes=30))  # holds 21:00
    at, why = rule_time(around, rules, earlier=1)
    assert at is None and why is not None and "截止前60分钟不得改票" in why
    first_vote = rule_time(around, rules, earlier=0)  # no freeze for a first vote
    assert first_vote == (close - timedelta(minutes=30), None)
    unknown = rule_time(post(None, None), rules, earlier=0)
    assert unknown[0] is None and unknown[1] is not None and "关门" in unknown[1]


def test_relative_times_follow_discuz_s_own_arithmetic() -> None:
    clock = datetime(2026, 11, 30, 10, 12)
    three = dates.read("3 小时前", None, clock)
    assert three == dates.Moment(
        datetime(2026, 11, 30, 6, 12, 1), datetime(2026, 11, 30, 7, 12, 59)
    )
    assert dates.read("昨天 21:03", None, clock) == dates.Moment(
        datetime(2026, 11, 29, 21, 3), datetime(2026, 11, 29, 21, 3)
    )
    five = dates.read("5 天前", None, clock)
    assert five == dates.Moment(datetime(2026, 11, 25), datetime(2026, 11, 25, 23, 59, 59))
    assert isinstance(dates.read("99999-12-1 12:05", None, clock), dates.Unread)
    assert isinstance(dates.read("2026-2-30 12:05", None, clock), dates.Unread)
    assert isinstance(dates.read("09-12-7 12:05", None, clock), dates.Unread)  # two-digit year


def test_pasted_text_whose_dates_cannot_be_ordered_is_named_as_pasted_text() -> None:
    """The director reads which text could not be read: pasted floors are no page of the forum's
    (「粘贴的帖子文字」, not 「第0页」)."""
    from bansha.forum.imports import describe

    thread = read_pages(["1楼 花千树 12/7/2026 21:17\n第一天讨论帖\n2楼 不见 11/7/2026 21:20\n好"])
    (line,) = describe(thread).orders
    assert line.startswith("粘贴的帖子文字的日期无法读取：")
