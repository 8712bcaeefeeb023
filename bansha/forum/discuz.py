"""Reading Discuz! thread pages, as the forum's own templates print them (simplified and traditional
labels alike, ``bansha.forum.labels``).

Every desktop version prints one ``<table id="pidPID">`` per post, with the floor in
``#postnumPID`` (楼主, 沙发, 板凳, 地板, ``N#`` or 「N楼」) and the body in ``#postmessage_PID``:

- **X2.5/X3.x** (``forum.php?mod=viewthread``, ``thread-T-P-1.html``, template
  ``forum/viewthread_node``): the table inside ``<div id="post_PID">``; the author in
  ``.authi a.xw1`` (or ``a.xi2`` beside the time when the board prints authors on the right); the
  time in ``#authorpostonPID`` (a relative time such as 「3 天前」 carries the exact time in its
  ``title``); a reply's own title in ``div.pcb > h2``; quotes in ``div.quote > blockquote`` with a
  ``findpost`` link; 「本帖最后由 X 于 … 编辑」 in ``i.pstatus``; the signature (``div.sign``) and
  attachment list (``div.pattl``) outside the body. A deleted floor keeps its table with the floor
  in ``div.pi strong a`` and 「无效楼层，该帖已经被删除」 in ``div.pct``.
- **7.2**: the author in ``td.postauthor div.postinfo a``, the time in ``#authorpostonPID``.
- **6.x/7.0/7.1** (``viewthread.php``, also saved by a browser with upper-case markup): the
  author in ``td.postauthor cite``; 「发表于 2010-7-13 17:16」 as text in ``div.postinfo``; the title
  in ``div.postmessage > h2``; quotes 「原帖由 X 于 … 发表」 in ``div.quote blockquote``;
  「[本帖最后由 X 于 … 编辑]」 in an ``<i>``; signatures in ``div.signatures``.
- **X2.5/X3.x touch** (``mobile=2``, template ``touch/forum/viewthread``): one ``div.plc`` (id
  ``pidPID``) per post; the floor in ``ul.authi li.grey em``, the author in its ``b a``, the time in
  the next ``li`` (relative times without an exact ``title``: a window, see ``bansha.forum.dates``);
  the body in ``div.message``, a reply's title in its ``h2``.

A post the forum hides (「提示: 作者被禁止或删除 内容自动屏蔽」, 「该帖被管理员或版主屏蔽」, 「此帖仅作者可见」,
a deleted floor, a password post; ``div.locked`` on the desktop, ``div.grey.quote`` on touch pages)
is kept as a hidden floor with the notice as its body, never read as a quote or a vote. The
footer's 「GMT+8」 gives the page's zone.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from bansha import texts
from bansha.forum.dom import attr, line
from bansha.forum.labels import COLON, WORDS, alt
from bansha.forum.page import Page, Parts, by_prefix, hidden_notice, read_body
from bansha.forum.posts import Post, floor_number

POSTED = re.compile(rf"{alt(WORDS.posted.posted_at)}\s*{COLON}?\s*(.+)")
STOP = re.compile(rf"\s{{2,}}|{alt(WORDS.page.author_only_link)}|\|")
QUOTES = "div.quote"
EDIT_NOTES = "i"
NOTICES = "div.locked, div.notice, div.grey.quote"
"""Where Discuz! prints a notice above a post's body (or instead of it)."""
GONE = f"{NOTICES}, div.pct"
"""Where a floor without a body says why (X: a deleted floor's ``div.pct``)."""
TITLES = "div.pcb > h2, div.postmessage > h2, div.message > h2"

AUTHORS = (
    "div.authi > a.xw1",  # X2.5/X3, authors on the left
    "td.postauthor div.postinfo > a",  # 7.2
    "td.postauthor cite",  # 6/7.0/7.1
    "td.plc div.authi > a.xi2",  # X, authors beside the time
    "td.pls div.pi",  # X: an anonymous post (or a guest's) names nobody with a link
)
"""Where each version prints the author, in the order they are tried."""


TOGETHER = (TITLES, NOTICES, AUTHORS[0], AUTHORS[2])
"""What a desktop page's posts are read from, found in one walk of the page: the other authors'
places are searched only on a page whose posts these do not name (7.2, anonymous posts)."""


def _author(parts: Parts, pid: str) -> str:
    for selector in AUTHORS:
        name = line(parts.first(selector, pid))
        if name:
            return name.split(" ")[0] if selector == "td.pls div.pi" else name
    return texts.THREAD_NO_AUTHOR


def _shown_time(el: LexborNode | None, titled: LexborNode | None) -> str:
    """The time an element shows: the exact time of its ``title`` (``titled``, a ``span`` in it,
    Discuz! X's relative times) if it has one, else its text without 「发表于」."""
    if el is None:
        return ""
    if titled is not None and attr(titled, "title"):
        return attr(titled, "title")
    shown = line(el)
    m = POSTED.search(shown)
    return (m.group(1) if m else shown).strip()


def _posted(parts: Parts, pid: str, exact: LexborNode | None, titles: Parts) -> str:
    """The time of a desktop post: ``#authorpostonPID``, else 「发表于 …」 in a ``div.postinfo``
    (6/7 print it as text beside the floor)."""
    if exact is not None:
        return _shown_time(exact, titles.first("span[title]", pid))
    for info in parts.of("div.postinfo", pid):
        m = POSTED.search(line(info))
        if m:
            return STOP.split(m.group(1))[0].strip()
    return ""


def _post(
    floor: int | None,
    pid: str,
    author: str,
    shown: str,
    body: LexborNode | None,
    parts: Parts,
) -> Post | None:
    """One floor from its parts; None when the box is not a post (no floor number, or neither a
    body nor the forum's notice)."""
    if floor is None:
        return None
    heading = parts.first(TITLES, pid)
    title = line(heading) or None
    if heading is not None and body is not None and _inside(heading, body):
        heading.decompose()  # touch pages print a reply's title inside its body
    if body is None:
        notice = hidden_notice(parts.of(GONE, pid))
        if notice is None:
            return None
        return Post(floor, author, None, notice, pid, shown_time=shown, hidden=notice, title=title)
    post = read_body(body, QUOTES, EDIT_NOTES, parts.of(NOTICES, pid))
    post.floor, post.author, post.pid, post.shown_time, post.title = (
        floor,
        author,
        pid,
        shown,
        title,
    )
    return post


def _inside(node: LexborNode, container: LexborNode) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.mem_id == container.mem_id:
            return True
        parent = parent.parent
    return False


def desktop_posts(page: Page) -> list[Post]:
    """The posts of one saved Discuz! desktop page: X2.5/X3.x, 7.2, or 6.x/7.0/7.1 (any letter
    case). Each kind of part is found by one selector over the page, not a search per post."""
    tree = page.tree
    boxes, floors, bodies, times = by_prefix(
        tree, "table#pid", "postnum", "postmessage_", "authorposton"
    )
    parts = Parts(page, "pid", TOGETHER)
    titles = Parts(page, "authorposton")
    out: list[Post] = []
    for pid in boxes:
        if not pid.isdigit():
            continue
        num = floors.get(pid)
        if num is None:  # X: a deleted floor prints its number without the link's id
            num = parts.first("td.plc div.pi strong", pid)
        post = _post(
            floor_number(line(num)) if num is not None else None,
            pid,
            _author(parts, pid),
            _posted(parts, pid, times.get(pid), titles),
            bodies.get(pid),
            parts,
        )
        if post is not None:
            out.append(post)
    return out


TOUCH_ITEMS = "ul.authi > li"
"""A touch page's floor and author (the first item), and time (the second)."""
TOUCH_BODY = "div.message"
TOUCH_TOGETHER = (TOUCH_ITEMS, TOUCH_BODY, TITLES, NOTICES)
"""What a touch page's posts are read from, found in one walk of the page."""


def touch_posts(page: Page) -> list[Post]:
    """The posts of one saved Discuz! X touch page (``mobile=2``)."""
    out: list[Post] = []
    boxes = page.tree.css('div.plc[id^="pid"]')
    if not boxes:
        return out
    parts = Parts(page, "pid", TOUCH_TOGETHER)
    for div in boxes:
        pid = (div.id or "")[3:]
        items = parts.of(TOUCH_ITEMS, pid)
        if not pid.isdigit() or not items:
            continue
        em = items[0].css_first("em")
        author = line(items[0].css_first("b a") or items[0].css_first("b"))
        shown = ""
        if len(items) > 1:
            shown = _shown_time(items[1], items[1].css_first("span[title]"))
        post = _post(
            floor_number(line(em)) if em is not None else None,
            pid,
            author or texts.THREAD_ANONYMOUS,
            shown,
            parts.first(TOUCH_BODY, pid),
            parts,
        )
        if post is not None:
            out.append(post)
    return out
