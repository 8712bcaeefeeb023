"""Reading Discuz! thread pages, as the forum's own templates print them.

- **X2.5/X3.x desktop** (``forum.php?mod=viewthread``, ``thread-T-P-1.html``): one
  ``<div id="post_PID">`` per post; the author in ``.authi a.xw1``; the floor in ``#postnumPID``
  (楼主, 沙发, 板凳, 地板 or ``N#``); the time in ``#authorpostonPID`` (a relative time such as
  「3 天前」 carries the exact time in its ``title``); the body in ``#postmessage_PID``; quotes in
  ``div.quote > blockquote`` with a ``findpost`` link; 「本帖最后由 X 于 … 编辑」 in ``i.pstatus``;
  the signature (``div.sign``) and attachment list (``div.pattl``) sit outside the body.
- **X2.5/X3.x touch** (``mobile=2``): one ``div.plc`` (id ``pidPID``) per post; the floor in
  ``ul.authi li.grey em``, the author in its ``b a``, the time in the next ``li``; the body in
  ``div.message``.
- **6.x/7.x** (``viewthread.php``, also saved by a browser with upper-case markup): one
  ``<table id="pidPID">`` per post; the author in ``td.postauthor cite``; 「N楼」 in
  ``#postnumPID``; 「发表于 2010-7-13 17:16」 as text in ``div.postinfo``; the body in
  ``#postmessage_PID``; quotes 「原帖由 X 于 … 发表」 in ``div.quote blockquote``;
  「[本帖最后由 X 于 … 编辑]」 in an ``<i>``; signatures in ``div.signatures``.

A post the forum hides (「提示: 作者被禁止或删除 内容自动屏蔽」, 「该帖被管理员或版主屏蔽」) is kept as a
floor with the notice as its body (``masked``). The footer's 「GMT+8」 gives the page's zone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime, tzinfo

from lxml import etree
from lxml import html as lxml_html

from bansha import texts
from bansha.forum.posts import (
    Post,
    ThreadError,
    floor_number,
    masked_notice,
    page_time,
    page_zone,
    read_body,
    read_time,
    text_of,
)

POSTED = re.compile(r"发表于\s*[:：]?\s*(.+)")
ANONYMOUS = "匿名"


def _first(el: lxml_html.HtmlElement, xpath: str) -> lxml_html.HtmlElement | None:
    found = el.xpath(xpath)
    return found[0] if found else None


def _shown_time(el: lxml_html.HtmlElement | None) -> tuple[str, str]:
    """(what the page shows, the exact time if a ``title`` gives it) of a time element."""
    if el is None:
        return "", ""
    titled = el.xpath(".//span[@title]")
    shown = text_of(el)
    m = POSTED.search(shown)
    shown = (m.group(1) if m else shown).strip()
    return shown, (titled[0].get("title") if titled else "")


def _post(
    floor: int | None,
    pid: str,
    author: str,
    shown: str,
    exact: str,
    body: lxml_html.HtmlElement | None,
    box: lxml_html.HtmlElement,
    when: datetime | None,
    zone: tzinfo | None,
    quotes: str,
    notes: str,
) -> Post | None:
    """One floor from its parts; None when the box is not a post (no floor number)."""
    if floor is None:
        return None
    time = read_time(exact or shown, when, zone)
    if body is None:
        notice = masked_notice(box)
        if notice is None:
            return None
        return Post(floor, author, time, notice, pid, shown_time=shown, masked=True)
    post = read_body(body, when, zone, quotes, notes)
    post.floor, post.author, post.time, post.pid, post.shown_time = (
        floor,
        author,
        time,
        pid,
        shown,
    )
    notice = masked_notice(box) if not post.body else None
    if notice:
        post.body, post.masked = notice, True
    return post


class _Ids:
    """Elements of one post box by id, found with one compiled search each."""

    FIND = etree.XPath(".//*[@id=$id]")

    def __init__(self, box: lxml_html.HtmlElement) -> None:
        self.box = box

    def get(self, name: str) -> lxml_html.HtmlElement | None:
        """The element with that id inside the box, if any."""
        found = self.FIND(self.box, id=name)
        return found[0] if isinstance(found, list) and found else None


X3_POSTS = etree.XPath("//div[starts-with(@id, 'post_') and table[starts-with(@id, 'pid')]]")
X3_AUTHOR = etree.XPath(".//div[contains(@class,'authi')]/a[contains(@class,'xw1')]")


def x3_posts(page: str, now: datetime | None = None) -> list[Post]:
    """The posts of one saved Discuz! X2.5/X3.x desktop page."""
    if "postmessage_" not in page:
        return []
    zone, when = page_zone(page), now or page_time(page)
    root = lxml_html.fromstring(page)
    out: list[Post] = []
    for div in X3_POSTS(root):
        pid = div.get("id")[5:]
        ids = _Ids(div)
        links = X3_AUTHOR(div)
        author = links[0].text_content().strip() if isinstance(links, list) and links else ANONYMOUS
        num = ids.get(f"postnum{pid}")
        shown, exact = _shown_time(ids.get(f"authorposton{pid}"))
        post = _post(
            floor_number(num.text_content()) if num is not None else None,
            pid,
            author,
            shown,
            exact,
            ids.get(f"postmessage_{pid}"),
            div,
            when,
            zone,
            ".//div[contains(@class,'quote')]",
            ".//i[contains(@class,'pstatus')]",
        )
        if post is not None:
            out.append(post)
    return out


def touch_posts(page: str, now: datetime | None = None) -> list[Post]:
    """The posts of one saved Discuz! X touch page (``mobile=2``)."""
    zone, when = page_zone(page), now or page_time(page)
    root = lxml_html.fromstring(page)
    out: list[Post] = []
    for div in root.xpath("//div[contains(@class,'plc') and starts-with(@id,'pid')]"):
        pid = div.get("id")[3:]
        items = div.xpath(".//ul[contains(@class,'authi')]/li")
        if not items:
            continue
        em = _first(items[0], ".//em")
        link = _first(items[0], ".//b//a")
        if link is None:
            link = _first(items[0], ".//b")
        author = link.text_content().strip() if link is not None else ANONYMOUS
        shown, exact = _shown_time(items[1]) if len(items) > 1 else ("", "")
        post = _post(
            floor_number(em.text_content()) if em is not None else None,
            pid,
            author or ANONYMOUS,
            shown.split("|")[-1].strip(),
            exact,
            _first(div, ".//div[contains(@class,'message')]"),
            div,
            when,
            zone,
            ".//div[contains(@class,'quote')]",
            ".//i[contains(@class,'pstatus')]",
        )
        if post is not None:
            out.append(post)
    return out


def d7_posts(page: str, now: datetime | None = None) -> list[Post]:
    """The posts of one saved Discuz! 6.x/7.x ``viewthread.php`` page (any letter case)."""
    zone, when = page_zone(page), now or page_time(page)
    root = lxml_html.fromstring(page)
    out: list[Post] = []
    for table in root.xpath("//table[starts-with(@id, 'pid')]"):
        pid = table.get("id")[3:]
        if not pid.isdigit():
            continue
        ids = _Ids(table)
        cite = _first(table, ".//td[contains(@class,'postauthor')]//cite")
        author = text_of(cite) if cite is not None else ANONYMOUS
        num = ids.get(f"postnum{pid}")
        info = _first(table, ".//div[contains(@class,'postinfo')]")
        shown = ""
        if info is not None:
            m = POSTED.search(text_of(info))
            shown = re.split(r"\s{2,}|只看该作者", m.group(1))[0].strip() if m else ""
        post = _post(
            floor_number(num.text_content()) if num is not None else None,
            pid,
            author or ANONYMOUS,
            shown,
            "",
            ids.get(f"postmessage_{pid}"),
            table,
            when,
            zone,
            ".//div[contains(@class,'quote')]",
            ".//i[contains(., '本帖最后由')]",
        )
        if post is not None:
            out.append(post)
    return out


def merge(posts: Iterable[Post]) -> list[Post]:
    """Posts from several pages, in floor order: a post seen twice (overlapping pages, a page
    uploaded twice) is kept once, by pid, else by floor."""
    seen: dict[str, Post] = {}
    for p in posts:
        seen.setdefault(p.pid or f"floor{p.floor}", p)
    return sorted(seen.values(), key=lambda p: (p.floor, p.pid or ""))


def page_posts(page: str, now: datetime | None = None) -> list[Post]:
    """The posts of one Discuz! page of any of the three kinds (none: not a Discuz! thread)."""
    return x3_posts(page, now) or touch_posts(page, now) or d7_posts(page, now)


def parse_discuz(pages: Iterable[str], now: datetime | None = None) -> list[Post]:
    """Every post of one or more saved Discuz! pages (X3 desktop, touch or 6/7), in floor order."""
    out = merge(p for page in pages for p in page_posts(page, now))
    if not out:
        raise ThreadError(texts.THREAD_UNKNOWN_PAGE.format(n=1, found="没有楼层的网页"))
    return out
