"""Reading phpwind thread pages, as the forum's own templates print them (simplified and
traditional labels alike).

- **phpwind 9**: one ``div.J_read_floor`` (id ``read_PID``) per post; the author in
  ``a.J_user_card_show``; the floor in ``span.lou`` (楼主, 沙发, … ``N楼``); 「发布于：…」; the body
  in ``div.editor_content``; quotes in ``blockquote``; 「[X于…编辑了帖子]」 in ``div.edit_log``.
- **phpwind 8** (``read.php?tid=…``, template ``wind/read.htm``): one ``div.read_t`` (id
  ``readfloor_PID``, the first post's pid is ``tpc``) per post; the author in ``div.r_name a``;
  the floor in the 「复制此楼地址」 link of ``div.tipTop``: 楼主, 沙发, 板凳, 地板, then 「N楼」
  counting replies, so 「4楼」 is the fifth post; 「发表于: …」 beside it; the body in
  ``#read_PID``; quotes in ``blockquote``; 「[此帖被X在…重新编辑]」 in the body.

A floor whose body is the forum's notice (「提示: …屏蔽」, 「此帖已被删除」) is a hidden floor.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from bansha import texts
from bansha.forum.dom import attr, below, first, line
from bansha.forum.labels import COLON, FLOOR_WORDS, HIDDEN, WORDS, alt, alts
from bansha.forum.page import NOTICE_LENGTH, Page, Parts, by_prefix, hidden_notice, read_body
from bansha.forum.posts import Post, floor_number

_edits = WORDS.edits
PHPWIND_EDITED = re.compile(
    rf"\[?(?P<by>\S.{{0,60}}?){alt(_edits.at)}(?P<time>\S.{{0,40}}?){alt(_edits.edited_post)}\]?"
)
PW8_EDITED = re.compile(
    rf"\[\s*{alt(_edits.this_post_was)}\s*(?P<by>\S.{{0,60}}?)\s*{alt(_edits.in_time)}\s*"
    rf"(?P<time>\S.{{0,40}}?)\s*{alt(_edits.edited_again)}\s*\]"
)
FLOOR_LINK = WORDS.page.floor_link
"""phpwind 8's link to a floor, which shows its number (「3楼」)."""
PW8_FLOOR = re.compile(rf"(\d+)\s*{alt(WORDS.floors.floor)}")
POSTED = re.compile(rf"(?:{alts(WORDS.posted.published_at, WORDS.posted.posted_at)})\s*{COLON}?\s*")
QUOTES = "blockquote"
NO_NOTES = "nothing-at-all"
"""phpwind prints its edit notes as text (read from the body's words), not in an element."""
NOTICES = "div.editor_content > div, div.tips, div.tpc_content > div, span.s3"


def _posted(shown: str) -> str:
    shown = POSTED.split(shown, maxsplit=1)[-1]
    for mark in WORDS.marks.after_time:
        shown = shown.split(mark)[0]
    return shown.strip()


PW9_AUTHOR = "div.name > a.J_user_card_show"
PW9_FLOOR = "span.lou"
PW9_TIME = "div.floor_top_tips span.fl"
PW9_BODY = "div.editor_content"
PW9_EDIT = "div.edit_log"


def pw9_posts(page: Page) -> list[Post]:
    """The posts of one saved phpwind 9 page: every part of every floor found in one walk of the
    page, filed under the floor it lies in."""
    floors = page.tree.css("div.J_read_floor")
    if not floors:
        return []
    pids = [attr(div, "id").removeprefix("read_") or None for div in floors]
    keys = [str(i) for i in range(len(floors))]
    parts = Parts(
        page,
        "",
        (PW9_AUTHOR, PW9_FLOOR, PW9_TIME, PW9_BODY, PW9_EDIT),
        {div.mem_id: key for div, key in zip(floors, keys, strict=True)},
    )
    out: list[Post] = []
    for div, pid, key in zip(floors, pids, keys, strict=True):
        author = line(parts.first(PW9_AUTHOR, key)) or texts.THREAD_ANONYMOUS
        lou = parts.first(PW9_FLOOR, key)
        floor = floor_number(line(lou)) if lou is not None else None
        shown = _posted(line(parts.first(PW9_TIME, key)))
        content = parts.first(PW9_BODY, key)
        if floor is None:
            continue
        if content is None:
            out += _gone(div, floor, author, pid, shown)
            continue
        edits = [
            m
            for m in (PHPWIND_EDITED.search(line(log)[:200]) for log in parts.of(PW9_EDIT, key))
            if m
        ]
        post = read_body(content, QUOTES, NO_NOTES)  # (which may remove elements: read after)
        post.floor, post.author, post.pid, post.shown_time = floor, author, pid, shown
        if edits:
            post.edited_by, post.edited_shown = edits[-1].group("by"), edits[-1].group("time")
        _hidden_if_notice(post)
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


def pw8_posts(page: Page) -> list[Post]:
    """The posts of one saved phpwind 8 ``read.php`` page."""
    tree = page.tree
    (bodies,) = by_prefix(tree, "read_")
    out: list[Post] = []
    for div in tree.css('div.read_t[id^="readfloor_"]'):
        pid = attr(div, "id").removeprefix("readfloor_")
        author = line(div.css_first("div.r_name a")) or texts.THREAD_ANONYMOUS
        link = first(a for a in div.css("div.tipTop > a") if attr(a, "title") in FLOOR_LINK)
        floor = pw8_floor(line(link)) if link is not None else None
        times = [s for s in div.css("div.tipTop > span") if POSTED.match(line(s))]
        shown = attr(times[0], "title") or _posted(line(times[0])) if times else ""
        content = bodies.get(pid)
        if floor is None:
            continue
        if content is None:
            out += _gone(div, floor, author, pid, shown)
            continue
        post = read_body(content, QUOTES, NO_NOTES)
        m = PW8_EDITED.search(post.body)
        if m:
            post.edited_by, post.edited_shown = m.group("by"), m.group("time")
            post.body = PW8_EDITED.sub("", post.body).strip()
        post.floor, post.author, post.pid, post.shown_time = floor, author, pid, shown
        _hidden_if_notice(post)
        out.append(post)
    return out


def _gone(div: LexborNode, floor: int, author: str, pid: str | None, shown: str) -> list[Post]:
    """A floor without a body: the hidden post the forum's notice there names (none: no notice,
    not a post)."""
    notice = hidden_notice(below(div, NOTICES))
    if notice is None:
        return []
    return [Post(floor, author, None, notice, pid, shown_time=shown, hidden=notice)]


def _hidden_if_notice(post: Post) -> None:
    """A body that is only one of the forum's notices for a hidden post (phpwind prints it where
    the post was)."""
    if (
        not post.quotes
        and post.body
        and len(post.body) < NOTICE_LENGTH
        and HIDDEN.search(post.body)
    ):
        post.hidden = post.body
