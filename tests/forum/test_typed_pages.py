"""Pages typed after the forums' own templates (fixtures/typed/README.md): Discuz! 7.2 in GBK over
three pages (one saved by Internet Explorer) and Discuz! X3.4 in UTF-8, every floor's number,
author and time checked against the floors the test lists."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from bansha.forum.charset import decode
from bansha.forum.cli import read_votes
from bansha.forum.threads import parse_any

TYPED = Path(__file__).parent / "fixtures" / "typed"
GMT8 = timezone(timedelta(hours=8))
D72_AUTHORS = [
    "导演",
    "不见",
    "白芷",
    "花千树",
    "青衫",
    "落雪",
    "孤城",
    "问柳",
    "不见",
    "青衫",
    "tkzc",
    "落雪",
    "落雪",
    "孤城",
    "问柳",
    "花千树",
    "不见",
    "白芷",
    "tkzc",
    "青衫",
    "落雪",
    "孤城",
    "问柳",
]


def _pages(*names: str) -> list[str]:
    return [decode((TYPED / name).read_bytes()) for name in names]


def test_a_discuz_72_thread_of_three_gbk_pages_in_any_order() -> None:
    pages = _pages("discuz72_p3.htm", "discuz72_p1.htm", "discuz72_p2_ie.htm", "discuz72_p1.htm")
    posts = parse_any(pages)
    start = datetime(2010, 7, 14, 22, 0, tzinfo=GMT8)  # the footer's 「当前时区 GMT+8」
    assert [(p.floor, p.author, p.time) for p in posts] == [
        (n, author, start + timedelta(minutes=10 * n)) for n, author in enumerate(D72_AUTHORS, 1)
    ]
    assert [p.pid for p in posts] == [str(1000 + n) for n in range(1, 24)]
    assert posts[3].body == "投票对象：\n白芷\n投票理由：划水"
    assert all("三尺青锋" not in p.body for p in posts)  # the signature is not the post
    assert posts[8].quotes[0].author == "不见" and posts[8].quotes[0].pid == "1002"
    assert posts[8].body == "改票对象：白芷\n改票理由：突然打居"
    assert posts[4].fonts == ["red"]


def test_the_footer_of_a_discuz_7_board_in_another_zone_sets_the_times_zone() -> None:
    (page,) = _pages("discuz72_p3.htm")
    posts = parse_any([page.replace("当前时区 GMT+8", "当前时区 GMT+9")])
    assert posts[0].time == datetime(2010, 7, 15, 1, 30, tzinfo=timezone(timedelta(hours=9)))


def test_a_discuz_x34_page() -> None:
    (page,) = _pages("discuzx34.htm")
    posts = parse_any([page])
    assert [(p.floor, p.author, p.time) for p in posts] == [
        (1, "导演甲", datetime(2024, 5, 1, 21, 0, tzinfo=GMT8)),
        (2, "花千树", datetime(2024, 5, 1, 21, 3, 11, tzinfo=GMT8)),
        (3, "不见", datetime(2024, 5, 1, 22, 40, tzinfo=GMT8)),
        (4, "白芷", datetime(2024, 5, 2, 9, 40, tzinfo=GMT8)),  # 「昨天 09:40」, titled
        (5, "tkzc", datetime(2024, 5, 2, 11, 20, 5, tzinfo=GMT8)),  # 「2 小时前」, titled
        (6, "青衫", datetime(2024, 5, 2, 12, 1, tzinfo=GMT8)),
        (7, "落雪", datetime(2024, 5, 2, 13, 0, tzinfo=GMT8)),
        (8, "孤城", datetime(2024, 5, 2, 20, 30, tzinfo=GMT8)),
        (9, "花千树", datetime(2024, 5, 2, 20, 31, tzinfo=GMT8)),
    ]
    first, quoting, code, image, screened = posts[0], posts[2], posts[3], posts[4], posts[5]
    assert (first.edited_by, first.edited_at) == (
        "导演甲",
        datetime(2024, 5, 1, 21, 5, tzinfo=GMT8),
    )
    assert first.body == "第二天讨论帖\n关门时间：2024-5-2 21:00" and first.fonts == ["enlarged"]
    assert [(q.author, q.pid) for q in quoting.quotes] == [("花千树", "502")]
    assert quoting.body == "投票对象：花千树\n投票理由：先发制人"
    assert "复制代码" not in code.body and code.body.startswith("投票对象：tkzc\n投票理由：示例")
    assert image.body == "投票对象：@白芷\n投票理由：跳得太早\n[图片]"
    assert screened.hidden and screened.body == "提示: 作者被禁止或删除 内容自动屏蔽"
    assert all("签名" not in p.body for p in posts)


def test_a_code_box_is_shown_but_never_read_as_a_vote() -> None:
    """Floor 4 of the X3.4 page shows the format in a code box (「复制代码」) and says it has not
    decided: the body keeps the box, the vote reader does not see it, in an import and in
    ``bansha thread read`` alike."""
    posts = parse_any(_pages("discuzx34.htm"))
    code = posts[3]
    assert "投票对象：tkzc" in code.body and "投票对象" not in code.text
    roster = sorted({p.author for p in posts} | {"白芷", "tkzc"})
    lines, _, _ = read_votes(posts, "m103", roster, None, "Asia/Shanghai")
    assert code.floor not in [v.floor for v in lines]
    assert [v.floor for v in lines] == [2, 3, 5, 7, 8, 9]
