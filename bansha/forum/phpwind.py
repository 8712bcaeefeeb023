"""Reading phpwind thread pages, as the forum's own templates print them.

- **phpwind 9**: one ``div.J_read_floor`` (id ``read_PID``) per post; the author in
  ``a.J_user_card_show``; the floor in ``span.lou`` (楼主, 沙发, … ``N楼``); 「发布于：…」; the body
  in ``div.editor_content``; quotes in ``blockquote``; 「[X于…编辑了帖子]」 in ``div.edit_log``.
- **phpwind 8** (``read.php?tid=…``, template ``wind/read.htm``): one ``div.read_t`` (id
  ``readfloor_PID``, the first post's pid is ``tpc``) per post; the author in ``div.r_name a``;
  the floor in the 「复制此楼地址」 link of ``div.tipTop``: 楼主, 沙发, 板凳, 地板, then 「N楼」
  counting replies, so 「4楼」 is the fifth post; 「发表于: …」 beside it; the body in
  ``#read_PID``; quotes in ``blockquote``; 「[此帖被X在…重新编辑]」 in the body.
"""

from __future__ import annotations

import re
from datetime import datetime

from bansha import texts
from bansha.forum.posts import (
    FLOOR_WORDS,
    Page,
    Post,
    find,
    floor_number,
    masked_notice,
    read_body,
    read_time,
    text_of,
)

PHPWIND_EDITED = re.compile(r"\[?(.+?)于(.+?)编辑了帖子\]?")
PW8_EDITED = re.compile(r"\[\s*此帖被\s*(.+?)\s*在\s*(.+?)\s*重新编辑\s*\]")
PW8_FLOOR = re.compile(r"(\d+)\s*楼")
QUOTES = ".//blockquote"
NO_NOTES = "self::nothing"
"""phpwind prints its edit notes as text (read from the body's words), not in an element."""


def pw9_posts(page: Page, now: datetime | None = None) -> list[Post]:
    """The posts of one saved phpwind 9 page."""
    when = page.when(now)
    out: list[Post] = []
    for div in find(page.root, "//div[contains(@class,'J_read_floor')]"):
        pid = (div.get("id") or "").removeprefix("read_") or None
        names = find(div, ".//div[@class='name']/a[contains(@class,'J_user_card_show')]")
        author = names[0].text_content().strip() if names else texts.THREAD_ANONYMOUS
        lou = find(div, ".//span[contains(@class,'lou')]")
        floor = floor_number(lou[0].text_content()) if lou else None
        tips = find(div, ".//div[contains(@class,'floor_top_tips')]//span[@class='fl']")
        shown = tips[0].text_content().split("发布于：")[-1].split("，")[0].strip() if tips else ""
        content = find(div, ".//div[@class='editor_content']")
        if floor is None or not content:
            continue
        post = read_body(content[0], when, page.zone, QUOTES, NO_NOTES)
        post.floor, post.author, post.pid = floor, author, pid
        post.time, post.shown_time = read_time(shown, when, page.zone), shown
        for log in find(div, ".//div[@class='edit_log']"):
            m = PHPWIND_EDITED.search(log.text_content().strip())
            if m:
                post.edited_by, post.edited_at = m.group(1), read_time(m.group(2), when, page.zone)
        out.append(post)
    return out


def pw8_floor(shown: str) -> int | None:
    """phpwind 8's floor names: 楼主, 沙发, 板凳, 地板, then 「N楼」 for the N-th reply."""
    shown = shown.strip()
    for word, n in FLOOR_WORDS.items():
        if word in shown:
            return n
    m = PW8_FLOOR.search(shown)
    replies = floor_number(m.group(1)) if m else None
    return replies + 1 if replies is not None else None


def pw8_posts(page: Page, now: datetime | None = None) -> list[Post]:
    """The posts of one saved phpwind 8 ``read.php`` page."""
    when = page.when(now)
    out: list[Post] = []
    for div in find(
        page.root, "//div[contains(@class,'read_t') and starts-with(@id,'readfloor_')]"
    ):
        pid = (div.get("id") or "").removeprefix("readfloor_")
        names = find(div, ".//div[contains(@class,'r_name')]/a")
        author = names[0].text_content().strip() if names else texts.THREAD_ANONYMOUS
        links = find(div, ".//div[contains(@class,'tipTop')]/a[@title='复制此楼地址']")
        floor = pw8_floor(links[0].text_content()) if links else None
        times = find(
            div, ".//div[contains(@class,'tipTop')]/span[starts-with(normalize-space(.),'发表于')]"
        )
        shown = text_of(times[0]).split(":", 1)[-1].split("：", 1)[-1].strip() if times else ""
        exact = times[0].get("title") if times else ""
        content = page.by_id(f"read_{pid}")
        if floor is None:
            continue
        time = read_time(exact or shown, when, page.zone)
        if content is None:
            notice = masked_notice(div)
            if notice:
                out.append(Post(floor, author, time, notice, pid, shown_time=shown, masked=True))
            continue
        post = read_body(content, when, page.zone, QUOTES, NO_NOTES)
        m = PW8_EDITED.search(post.body)
        if m:
            post.edited_by, post.edited_at = m.group(1), read_time(m.group(2), when, page.zone)
            post.body = PW8_EDITED.sub("", post.body).strip()
        post.floor, post.author, post.pid, post.time, post.shown_time = (
            floor,
            author,
            pid,
            time,
            shown,
        )
        out.append(post)
    return out


def page_posts(page: Page, now: datetime | None = None) -> list[Post]:
    """The posts of one phpwind 8 or 9 page (none: not a phpwind thread)."""
    return pw9_posts(page, now) or pw8_posts(page, now)
