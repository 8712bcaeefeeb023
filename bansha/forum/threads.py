"""Reading a discussion thread from a forum: saved Discuz! and phpwind pages, or pasted text.

Each reader returns the thread's posts in floor order: floor (楼层), post id, author, time, body
text, the posts it quotes, and the edit notice if any (see ``bansha.forum.discuz`` and
``bansha.forum.phpwind`` for the markup each forum prints). Pasted text has a header line per post,
「12楼 作者 2026-11-28 21:03」 (or 「楼主」, 「#12」), then the body; a quoted post starts with
「引用 作者 发表于 时间」 or 「> 」 lines. Pages of several forums, and pages given in any order or
twice, make one thread (deduplicated by pid). A page that is none of these gets a Chinese error
that says what it is and what bansha reads.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime

from bansha import texts
from bansha.forum import discuz, phpwind
from bansha.forum.posts import (
    FLOOR_WORDS,
    QUOTE_HEAD,
    Page,
    Post,
    Quote,
    ThreadError,
    bbcode_fonts,
    floor_number,
    is_enlarged,
    is_red,
    merge,
    page_time,
    page_zone,
    read_time,
)

__all__ = [
    "Post",
    "Quote",
    "ThreadError",
    "count_posts",
    "edited_after",
    "is_enlarged",
    "is_red",
    "page_time",
    "page_zone",
    "parse_any",
    "parse_plain",
    "read_time",
]

PLAIN_HEADER = re.compile(
    r"^(?:#\s*(?P<num>\d+)|(?P<lou>\d+)\s*楼|(?P<word>楼主|沙发|板凳|地板))\s+"
    r"(?P<author>\S+)\s+(?P<time>.+?)\s*$"
)
HTML = re.compile(r"<(?:html|body|div|table)\b", re.I)


# ---------------------------------------------------------------------- plain text
def parse_plain(text: str, now: datetime | None = None) -> list[Post]:
    """Posts pasted as text: a header line per post (「12楼 作者 时间」), then its body."""
    posts: list[Post] = []
    quote: Quote | None = None
    for line in text.replace("\r", "").split("\n"):
        m = PLAIN_HEADER.match(line.strip())
        if m:
            shown = m.group("time")
            digits = m.group("num") or m.group("lou")
            floor = floor_number(digits) if digits else FLOOR_WORDS[m.group("word")]
            assert floor is not None  # digits make a number
            posts.append(Post(floor, m.group("author"), read_time(shown, now), "", None))
            posts[-1].shown_time = shown
            quote = None
            continue
        if not posts:
            continue
        post = posts[-1]
        head = QUOTE_HEAD.match(line) if line.strip().startswith("引用") else None
        if head:
            quote = Quote(head.group(1), read_time(head.group(2), now), "")
            post.quotes.append(quote)
        elif line.startswith(">") and quote is not None:
            quote.text = (quote.text + "\n" + line.lstrip("> ").strip()).strip()
        else:
            quote = None
            post.body = (post.body + "\n" + line).strip("\n")
    if not posts:
        raise ThreadError(texts.THREAD_NO_HEADERS)
    for p in posts:
        p.body = p.body.strip()
        p.fonts = bbcode_fonts(p.body)
    return sorted(posts, key=lambda p: p.floor)


def what_page(page: Page, text: str) -> str:
    """What an unreadable page is, in the director's words: the forum's own notice (not logged
    in, no permission) or its title and generator."""
    root = page.root
    notice = root.xpath("//div[@id='messagetext']//p | //div[contains(@class,'alert_error')]")
    if notice:
        return texts.THREAD_FORUM_SAYS.format(message=notice[0].text_content().strip()[:80])
    title = " ".join(root.xpath("string(//title)").split())[:60] or texts.THREAD_UNTITLED
    generator = root.xpath("string(//meta[@name='generator']/@content)").strip()
    if not generator and "discuz" in text.lower():
        generator = "Discuz!"
    elif not generator and "phpwind" in text.lower():
        generator = "phpwind"
    return texts.THREAD_PAGE_TITLED.format(title=title, generator=generator or "")


def parse_any(pages: list[str], now: datetime | None = None) -> list[Post]:
    """Recognise each page (Discuz! X3 desktop or touch, Discuz! 6/7, phpwind 8/9, or pasted
    text) and read the thread they make together."""
    posts: list[Post] = []
    text: list[str] = []
    for n, source in enumerate(pages, 1):
        if not HTML.search(source[:20000]):
            text.append(source)
            continue
        page = Page.read(source, n)
        found = discuz.page_posts(page, now) or phpwind.page_posts(page, now)
        if not found:
            raise ThreadError(texts.THREAD_UNKNOWN_PAGE.format(n=n, found=what_page(page, source)))
        posts += found
    if text:
        posts += parse_plain("\n".join(text), now)
    if not posts:
        raise ThreadError(texts.THREAD_NO_HEADERS)
    return merge(posts)


# ---------------------------------------------------------------------- counting
def count_posts(
    posts: Iterable[Post], start: datetime, end: datetime, roster: Iterable[str]
) -> dict[str, int]:
    """Posts per player between ``start`` (inclusive) and ``end`` (exclusive); players who did not
    post count 0; authors not in the roster (the director, onlookers) are left out."""
    names = list(roster)
    out = dict.fromkeys(names, 0)
    for p in posts:
        if p.author in out and p.time is not None and start <= p.time < end:
            out[p.author] += 1
    return out


def edited_after(posts: Iterable[Post], deadline: datetime) -> list[Post]:
    """Posts made before ``deadline`` but edited after it (a vote changed late): for the director."""
    return [
        p
        for p in posts
        if p.edited_at is not None and p.time is not None and p.time < deadline <= p.edited_at
    ]
