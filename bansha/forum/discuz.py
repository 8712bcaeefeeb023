"""Reading Discuz! thread pages, as the forum's own templates print them.

Every desktop version prints one ``<table id="pidPID">`` per post, with the floor in
``#postnumPID`` (楼主, 沙发, 板凳, 地板, ``N#`` or 「N楼」) and the body in ``#postmessage_PID``:

- **X2.5/X3.x** (``forum.php?mod=viewthread``, ``thread-T-P-1.html``): the table inside
  ``<div id="post_PID">``; the author in ``.authi a.xw1``; the time in ``#authorpostonPID`` (a
  relative time such as 「3 天前」 carries the exact time in its ``title``); quotes in
  ``div.quote > blockquote`` with a ``findpost`` link; 「本帖最后由 X 于 … 编辑」 in ``i.pstatus``;
  the signature (``div.sign``) and attachment list (``div.pattl``) sit outside the body.
- **7.2**: the author in ``td.postauthor div.postinfo a``, the time in ``#authorpostonPID``.
- **6.x/7.0/7.1** (``viewthread.php``, also saved by a browser with upper-case markup): the
  author in ``td.postauthor cite``; 「发表于 2010-7-13 17:16」 as text in ``div.postinfo``; quotes
  「原帖由 X 于 … 发表」 in ``div.quote blockquote``; 「[本帖最后由 X 于 … 编辑]」 in an ``<i>``;
  signatures in ``div.signatures``.
- **X2.5/X3.x touch** (``mobile=2``): one ``div.plc`` (id ``pidPID``) per post; the floor in
  ``ul.authi li.grey em``, the author in its ``b a``, the time in the next ``li``; the body in
  ``div.message``.

A post the forum hides (「提示: 作者被禁止或删除 内容自动屏蔽」, 「该帖被管理员或版主屏蔽」) is kept as a
floor with the notice as its body (``masked``). The footer's 「GMT+8」 gives the page's zone.
"""

from __future__ import annotations

import re
from datetime import datetime

from lxml import html as lxml_html

from bansha import texts
from bansha.forum.posts import (
    Page,
    Post,
    find,
    first,
    floor_number,
    masked_notice,
    read_body,
    read_time,
    text_of,
)

POSTED = re.compile(r"发表于\s*[:：]?\s*(.+)")
QUOTES = ".//div[contains(@class,'quote')]"
EDIT_NOTES = ".//i[contains(@class,'pstatus')] | .//i[contains(., '本帖最后由')]"

AUTHORS = (
    ".//div[contains(@class,'authi')]/a[contains(@class,'xw1')]",  # X2.5/X3
    ".//td[contains(@class,'postauthor')]/div[contains(@class,'postinfo')]/a",  # 7.2
    ".//td[contains(@class,'postauthor')]//cite",  # 6/7.0/7.1
    ".//div[contains(@class,'authi')]",  # X: an anonymous post names nobody
)
"""Where each version prints the author, in the order they are tried."""


def _shown_time(el: lxml_html.HtmlElement | None) -> tuple[str, str]:
    """(what the page shows, the exact time if a ``title`` gives it) of a time element."""
    if el is None:
        return "", ""
    titled = find(el, ".//span[@title]")
    shown = text_of(el)
    m = POSTED.search(shown)
    shown = (m.group(1) if m else shown).strip()
    return shown, (titled[0].get("title") or "" if titled else "")


def _post(
    floor: int | None,
    pid: str,
    author: str,
    shown: tuple[str, str],
    body: lxml_html.HtmlElement | None,
    box: lxml_html.HtmlElement,
    page: Page,
    now: datetime | None,
) -> Post | None:
    """One floor from its parts (``shown``: the time as shown and the exact one, if given);
    None when the box is not a post (no floor number, or neither a body nor the forum's notice)."""
    if floor is None:
        return None
    when = page.when(now)
    time = read_time(shown[1] or shown[0], when, page.zone)
    if body is None:
        notice = masked_notice(box)
        if notice is None:
            return None
        return Post(floor, author, time, notice, pid, shown_time=shown[0], masked=True)
    post = read_body(body, when, page.zone, QUOTES, EDIT_NOTES)
    post.floor, post.author, post.time, post.pid, post.shown_time = (
        floor,
        author,
        time,
        pid,
        shown[0],
    )
    notice = masked_notice(box) if not post.body else None
    if notice:
        post.body, post.masked = notice, True
    return post


def _author(box: lxml_html.HtmlElement) -> str:
    for xpath in AUTHORS:
        found = first(box, xpath)
        name = " ".join(found.text_content().split()) if found is not None else ""
        if name:
            return name
    return texts.THREAD_ANONYMOUS


def _posted(box: lxml_html.HtmlElement, page: Page, pid: str) -> tuple[str, str]:
    """The time of a desktop post: ``#authorpostonPID``, else 「发表于 …」 in a ``div.postinfo``
    (6/7 print it as text beside the floor)."""
    exact = page.by_id(f"authorposton{pid}")
    if exact is not None:
        return _shown_time(exact)
    for info in find(box, ".//div[contains(@class,'postinfo')]"):
        m = POSTED.search(text_of(info))
        if m:
            return re.split(r"\s{2,}|只看该作者", m.group(1))[0].strip(), ""
    return "", ""


def _boxes(page: Page, tag: str) -> list[tuple[str, lxml_html.HtmlElement]]:
    """(pid, element) of every ``<tag id="pidPID">`` of the page, in page order."""
    return [
        (name[3:], el)
        for name, el in page.ids.items()
        if name.startswith("pid") and name[3:].isdigit() and el.tag == tag
    ]


def desktop_posts(page: Page, now: datetime | None = None) -> list[Post]:
    """The posts of one saved Discuz! desktop page: X2.5/X3.x, 7.2, or 6.x/7.0/7.1 (any letter
    case)."""
    out: list[Post] = []
    for pid, box in _boxes(page, "table"):
        num = page.by_id(f"postnum{pid}")
        post = _post(
            floor_number(num.text_content()) if num is not None else None,
            pid,
            _author(box),
            _posted(box, page, pid),
            page.by_id(f"postmessage_{pid}"),
            box,
            page,
            now,
        )
        if post is not None:
            out.append(post)
    return out


def touch_posts(page: Page, now: datetime | None = None) -> list[Post]:
    """The posts of one saved Discuz! X touch page (``mobile=2``)."""
    out: list[Post] = []
    for pid, div in _boxes(page, "div"):
        if "plc" not in (div.get("class") or "").split():
            continue
        items = find(div, ".//ul[contains(@class,'authi')]/li")
        if not items:
            continue
        em = first(items[0], ".//em")
        link = first(items[0], ".//b//a")
        if link is None:
            link = first(items[0], ".//b")
        author = link.text_content().strip() if link is not None else ""
        shown, exact = _shown_time(items[1]) if len(items) > 1 else ("", "")
        post = _post(
            floor_number(em.text_content()) if em is not None else None,
            pid,
            author or texts.THREAD_ANONYMOUS,
            (shown.split("|")[-1].strip(), exact),
            first(div, ".//div[contains(@class,'message')]"),
            div,
            page,
            now,
        )
        if post is not None:
            out.append(post)
    return out


def page_posts(page: Page, now: datetime | None = None) -> list[Post]:
    """The posts of one Discuz! page, desktop or touch (none: not a Discuz! thread)."""
    return desktop_posts(page, now) or touch_posts(page, now)
