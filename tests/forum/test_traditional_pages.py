"""Pages typed in traditional characters (fixtures/typed/README.md): a Discuz! X3.4 desktop page in
Big5, a Discuz! 7.2 page in UTF-8 with day-first dates and a 12-hour clock, and a Discuz! X touch
page whose relative times carry no exact time. Every floor's number, author and time is checked,
with titles, quotes, edit notes, code boxes and the posts the forum hides."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

from typer.testing import CliRunner

from bansha.cli import app
from bansha.forum.charset import decode
from bansha.forum.threads import read_pages

TYPED = Path(__file__).parent / "fixtures" / "typed"
GMT8 = timezone(timedelta(hours=8))


def _read(name: str):  # type: ignore[no-untyped-def]
    return read_pages([decode((TYPED / name).read_bytes())])


def at(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=GMT8)  # type: ignore[misc]


def test_a_discuz_x34_page_in_traditional_characters_and_big5() -> None:
    thread = _read("discuzx34_tc_big5.htm")
    posts = thread.posts
    assert [(p.floor, p.author, p.time) for p in posts] == [
        (1, "導演乙", at(2024, 5, 1, 21, 0)),  # 「樓主」
        (2, "花千樹", at(2024, 4, 28, 21, 3, 11)),  # 「沙發」, 「4 天前」 with its exact title
        (3, "不見", at(2024, 5, 1, 22, 40)),  # 「板凳」, 「昨天 22:40」 from the footer's clock
        (4, "白芷", at(2024, 5, 2, 20, 41, 5)),  # 「地板」, 「半小時前」 titled
        (5, "tkzc", at(2024, 5, 2, 21, 5)),  # 「6 分鐘前」 titled
        (6, "青衫", at(2024, 5, 2, 21, 8)),
        (7, "（不明）", None),  # 「無效樓層，該帖已經被刪除」
        (8, "落雪", at(2024, 5, 2, 21, 9)),
        (9, "孤城", at(2024, 5, 2, 21, 11, 42)),  # 「剛剛」 titled
    ]
    first, quoting, red, code, banned, deleted, author_only = (
        posts[i] for i in (0, 2, 3, 4, 5, 6, 7)
    )
    assert (first.edited_by, first.edited_at) == (
        "導演乙",
        at(2024, 5, 1, 21, 6),
    )  # 「本帖最後由 … 於 … 編輯」
    assert first.body == "第二天討論帖\n關門時間：2024-5-2 22:00"
    assert (
        quoting.title == "回覆 2# 花千樹" and quoting.body == "改票對象：花千樹\n改票理由：先發制人"
    )
    (q,) = quoting.quotes
    assert (q.author, q.pid, q.time, q.text) == (
        "花千樹",
        "702",
        at(2024, 4, 28, 21, 3),
        "投票對象：不見",
    )
    assert red.fonts == ["red"]
    assert (
        code.code == ["投票對象：名字\n投票理由：……"] and "投票對象" not in code.text
    )  # 「複製代碼」
    assert "複製代碼" not in code.body
    assert banned.hidden == "提示: 作者被禁止或刪除 內容自動屏蔽"
    assert deleted.hidden == "無效樓層，該帖已經被刪除"
    assert author_only.hidden == "此帖僅作者可見"
    assert all("簽名" not in p.body for p in posts)
    assert thread.missing == [] and thread.unknown_times == []


def test_a_discuz_72_page_with_day_first_dates_and_a_12_hour_clock() -> None:
    thread = _read("discuz72_tc_dmy.htm")
    assert [(o.page, o.order) for o in thread.orders] == [(1, "dmy")]  # 「13/7/2009」 tells
    assert [(p.floor, p.author, p.time) for p in thread.posts] == [
        (1, "導演乙", at(2009, 7, 12, 23, 17)),  # 「12/7/2009 下午 11:17」
        (2, "花千樹", at(2009, 7, 13, 8, 5)),  # 「上午 08:05」
        (3, "不見", at(2009, 7, 13, 12, 30)),  # 「下午 12:30」 is half past noon
        (4, "白芷", at(2009, 7, 13, 0, 45)),  # 「凌晨 12:45」 is a quarter to one at night
        (5, "tkzc", at(2009, 7, 14, 9, 58)),
    ]
    change = thread.posts[2]
    (q,) = change.quotes  # 「原帖由 花千樹 於 13/7/2009 08:05 AM 發表」
    assert (q.author, q.pid, q.time) == ("花千樹", "2002", at(2009, 7, 13, 8, 5))
    assert (change.edited_by, change.edited_at) == ("不見", at(2009, 7, 13, 13, 2))
    assert change.body == "改票對象：花千樹\n改票理由：反擊"


def test_a_touch_page_gives_windows_of_time_never_a_guessed_instant() -> None:
    """Discuz! X prints relative times without their exact time on touch pages: 「3 小時前」 is
    any time in that hour, 「5 天前」 any time that day; the page's footer is the clock."""
    posts = _read("touch_tc.htm").posts
    windows = [(p.floor, p.author, p.time, p.time_latest) for p in posts]
    assert windows == [
        (1, "導演乙", at(2024, 5, 1, 21, 0), None),
        (2, "花千樹", at(2024, 4, 27), at(2024, 4, 27, 23, 59, 59)),  # 「5 天前」
        (3, "不見", at(2024, 5, 1, 9, 40), None),  # 「昨天 09:40」
        (4, "白芷", at(2024, 5, 2, 17, 11, 1), at(2024, 5, 2, 18, 11, 59)),  # 「3 小時前」
        (5, "tkzc", at(2024, 5, 2, 20, 11), at(2024, 5, 2, 20, 41, 58)),  # 「半小時前」
        (6, "青衫", at(2024, 5, 2, 20, 58, 1), at(2024, 5, 2, 20, 59, 59)),  # 「12 分鐘前」
        (7, "落雪", at(2024, 5, 2, 21, 11), at(2024, 5, 2, 21, 11, 59)),  # 「剛剛」
    ]
    assert posts[2].title == "回覆 2# 花千樹" and posts[2].body == "跟票"
    assert posts[4].hidden == "此帖僅作者可見" and posts[4].quotes == []  # a notice, not a quote


def test_the_json_of_a_traditional_page(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["thread", "read", str(TYPED / "discuzx34_tc_big5.htm"), "--json"]
    )
    assert result.exit_code == 0, result.output
    floors = json.loads(result.stdout)["floors"]
    quoted = floors[2]["quotes"][0]
    assert quoted["time"] == "2024-04-28T21:03:00+08:00"  # quote times carry their offset
    assert (floors[2]["pid"], floors[2]["title"]) == ("703", "回覆 2# 花千樹")
    assert floors[4]["code"] == ["投票對象：名字\n投票理由：……"]
    assert (
        floors[5]["hidden"] == "提示: 作者被禁止或刪除 內容自動屏蔽" and floors[0]["hidden"] is None
    )
