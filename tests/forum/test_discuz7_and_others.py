"""Discuz! 6/7 pages (GBK, saved by the server and by Internet Explorer in upper-case markup),
Discuz! X touch pages and phpwind 8 pages, in the markup those forums' templates print: every
floor's number, author and time against what the thread generator wrote."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest

from bansha.forum.charset import decode, detect
from bansha.forum.threads import Post, parse_any
from bansha.mechanics.vote_posts import simplified
from tests.forum.thread_pages import (
    TruePost,
    d7_thread,
    discuz7_pages,
    make_thread,
    phpwind8_pages,
    touch_pages,
)

GMT8 = timezone(timedelta(hours=8))
TRUTH = d7_thread(108)


def gbk(pages: list[str]) -> list[bytes]:
    return [p.encode("gbk") for p in pages]


def floors(posts: list[Post]) -> list[tuple[int, str, str, datetime | None]]:
    return [(p.floor, p.pid or "", p.author, p.time) for p in posts]


def expected(truth: list[TruePost]) -> list[tuple[int, str, str, datetime | None]]:
    return [(t.floor, str(t.pid), t.author, t.time.replace(second=0)) for t in truth]


@pytest.mark.parametrize("upper", [False, True], ids=["server", "browser-saved upper case"])
def test_a_three_page_gbk_thread_in_any_order(upper: bool) -> None:
    raw = gbk(discuz7_pages(TRUTH, upper=upper))
    assert len(raw) == 3 and b"<TABLE id=pid" in raw[0] if upper else b'<table id="pid' in raw[0]
    pages = [decode(raw[n]) for n in (2, 0, 1, 0)]  # out of order, the first twice
    posts = parse_any(pages)
    assert floors(posts) == expected(TRUTH)
    for t, p in zip(TRUTH, posts, strict=True):
        if t.extra.get("masked"):
            assert p.hidden and p.body == "提示: 作者被禁止或删除 内容自动屏蔽"
            continue
        assert p.body == t.body + (f"\n{t.extra['code']}" if t.extra.get("code") else "")
        assert "复制内容到剪贴板" not in p.body and "签名" not in p.body
        assert (p.edited_by, p.edited_at) == (
            (t.author, t.edited.replace(second=0)) if t.edited else (None, None)
        )
        if t.quote:
            (q,) = p.quotes
            assert (q.pid, q.author, q.time, q.text) == (
                str(t.quote[0]),
                t.quote[1],
                t.quote[2].replace(second=0),
                t.quote[3],
            )
        else:
            assert p.quotes == []


def test_gbk_and_big5_are_read_from_the_meta_and_without_it() -> None:
    raw = gbk(discuz7_pages(TRUTH))[0]
    text = decode(raw)
    undeclared = raw.replace(b"charset=gbk", b"")
    assert detect(undeclared) == "gb18030"
    assert decode(undeclared) == text.replace("charset=gbk", "")
    from opencc import OpenCC

    s2t = OpenCC("s2t").convert  # a Big5 board writes traditional characters
    traditional = s2t(text).replace("charset=gbk", "charset=big5")
    data = traditional.encode("big5", errors="ignore")
    assert decode(data) == data.decode("big5hkscs")
    assert detect(data.replace(b"charset=big5", b"")) == "big5hkscs"
    posts = parse_any([decode(data.replace(b"charset=big5", b""))])
    assert [(p.floor, p.author) for p in posts] == [(t.floor, s2t(t.author)) for t in TRUTH[:50]]
    assert [simplified(p.author) for p in posts] == [simplified(t.author) for t in TRUTH[:50]]
    bom = "\ufeff投票对象：花千树".encode()
    assert decode(bom) == "投票对象：花千树"
    assert decode("投票".encode("utf-16")) == "投票"


def test_touch_pages() -> None:
    truth = make_thread(60, seed=5)
    posts = parse_any(touch_pages(truth))
    assert [(p.floor, p.pid, p.author) for p in posts] == [
        (t.floor, str(t.pid), t.author) for t in truth
    ]
    for t, p in zip(truth, posts, strict=True):
        want = t.time.replace(tzinfo=GMT8)  # the footer's 「GMT+8」
        assert p.time == (want if t.relative and t.titled else want.replace(second=0)), t.floor
        assert p.body == t.body


def test_phpwind8_pages() -> None:
    """楼主, 沙发, 板凳, 地板, then 「4楼」 for the fifth post (phpwind counts replies)."""
    truth = make_thread(45, seed=6)
    raw = gbk(phpwind8_pages(truth))
    posts = parse_any([decode(r) for r in reversed(raw)])
    assert floors(posts) == [
        (t.floor, "tpc" if t.floor == 1 else str(t.pid), t.author, t.time.replace(second=0))
        for t in truth
    ]
    for t, p in zip(truth, posts, strict=True):
        assert p.body == t.body
        assert (p.edited_at is not None) == (t.edited is not None)
        assert [q.author for q in p.quotes] == ([t.quote[1]] if t.quote else [])


def test_phpwind8_pages_in_traditional_characters() -> None:
    """A Taiwanese or Hong Kong phpwind 8 board: 「樓主」「沙發」, 「4樓」 in the 「複製此樓地址」 link."""
    truth = make_thread(12, seed=6)
    pages = [
        page.replace("复制此楼地址", "複製此樓地址").replace("楼", "樓").replace("沙发", "沙發")
        for page in phpwind8_pages(truth)
    ]
    posts = parse_any(pages)
    assert [(p.floor, p.author) for p in posts] == [(t.floor, t.author) for t in truth]


def test_times_with_non_breaking_spaces_and_the_pages_zone() -> None:
    page = discuz7_pages(TRUTH[:3])[0].replace(
        "</body>",
        '<p id="debuginfo">GMT+8, 2026-11-30 10:12, Processed in 0.01 second(s)</p></body>',
    )
    posts = parse_any([page.replace(" 发表于 ", " 发表于&nbsp;")])
    assert [p.time for p in posts] == [t.time.replace(second=0, tzinfo=GMT8) for t in TRUTH[:3]]
    assert re.search(r"GMT\+8", page)
