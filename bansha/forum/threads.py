"""Reading a discussion thread from a forum: Discuz! X3 pages, phpwind 9 pages, or plain text.

Each importer returns the thread's posts in floor order: floor (楼层), post id, author, time,
body text, the posts it quotes, and the edit notice if any. A saved page is read with lxml.

- Discuz! X3: one ``<div id="post_PID">`` per post; the author in ``.authi a.xw1``; the floor in
  ``#postnumPID`` (楼主, 沙发, 板凳, 地板 or ``N#``); the time in ``#authorpostonPID`` (a relative
  time such as 「3 天前」 carries the exact time in its ``title``); the body in
  ``#postmessage_PID``; quotes in ``div.quote > blockquote`` with a ``findpost`` link to the quoted
  pid when the forum gives one; 「本帖最后由 X 于 … 编辑」 in ``i.pstatus``. The page's footer
  (「GMT+8, 2026-11-30 10:12」) dates relative times that have no ``title``.
- phpwind 9: one ``div.J_read_floor`` (id ``read_PID``) per post; the author in
  ``a.J_user_card_show``; the floor in ``span.lou`` (楼主, 沙发, … ``N楼``); 「发布于：…」; the body
  in ``div.editor_content``; quotes in ``blockquote``; 「[X于…编辑了帖子]」 in ``div.edit_log``.
- Plain text: a header line per post, 「12楼 作者 2026-11-28 21:03」 (or 「楼主」, 「#12」), then the
  body; a quoted post starts with 「引用 作者 发表于 时间」 or 「> 」 lines.
"""

from __future__ import annotations

import ipaddress
import re
import socket
import urllib.error
import urllib.request
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from lxml import html as lxml_html

FLOOR_WORDS = {"楼主": 1, "沙发": 2, "板凳": 3, "地板": 4}
"""Floor names both forums print instead of numbers for the first four posts."""
ABSOLUTE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?")
RELATIVE = re.compile(
    r"(?:(?P<n>\d+|半)\s*(?P<unit>秒|分钟|小时|天)前)|(?P<now>刚刚)|"
    r"(?P<day>今天|昨天|前天)\s*(?P<h>\d{1,2}):(?P<m>\d{2})"
)
FOOTER_TIME = re.compile(r"GMT[+-]\d+,\s*(\d{4}-\d{1,2}-\d{1,2}\s+\d{1,2}:\d{2})")
EDITED = re.compile(r"本帖最后由\s*(.+?)\s*于\s*(.+?)\s*编辑")
PHPWIND_EDITED = re.compile(r"\[?(.+?)于(.+?)编辑了帖子\]?")
PID_IN_LINK = re.compile(r"pid=(\d+)")
QUOTE_HEAD = re.compile(r"^\s*(?:引用\s*)?(.+?)\s*(?:发表于|于)\s*(.+?)(?:\s*发表的)?\s*$")
PLAIN_HEADER = re.compile(
    r"^(?:#\s*(?P<num>\d+)|(?P<lou>\d+)\s*楼|(?P<word>楼主|沙发|板凳|地板))\s+"
    r"(?P<author>\S+)\s+(?P<time>.+?)\s*$"
)


class ThreadError(ValueError):
    """The text is not a thread bansha can read (the message says why, in Chinese)."""


@dataclass(slots=True)
class Quote:
    """A post quoted inside another: by pid when the page links it, else by author and time."""

    author: str
    time: datetime | None
    text: str
    pid: str | None = None


@dataclass(slots=True)
class Post:
    """One floor of a thread."""

    floor: int
    author: str
    time: datetime | None
    body: str
    pid: str | None = None
    quotes: list[Quote] = field(default_factory=list)
    edited_by: str | None = None
    edited_at: datetime | None = None
    shown_time: str = ""
    """The time as the page shows it (「3 天前」), kept for the director's review."""
    fonts: list[str] = field(default_factory=list)
    """Banned formatting found in the body: 「红色字体」, 「放大字体」 (M103 违规9, M186 6(1))."""

    @property
    def text(self) -> str:
        """The body with the quoted posts, as a vote-post reader wants it (quotes in [quote])."""
        quoted = "".join(f"[quote]{q.text}[/quote]\n" for q in self.quotes)
        return quoted + self.body


# ---------------------------------------------------------------------- times
def read_time(shown: str, now: datetime | None) -> datetime | None:
    """An absolute time as shown, or a relative one (「3 天前」「昨天 21:03」) counted from ``now``."""
    shown = shown.replace("\xa0", " ").strip()
    m = ABSOLUTE.search(shown)
    if m:
        y, mo, d, h, mi, s = (int(x) if x else 0 for x in m.groups())
        return datetime(y, mo, d, h, mi, s)
    r = RELATIVE.search(shown)
    if r is None or now is None:
        return None
    if r.group("now"):
        return now
    if r.group("day"):
        back = {"今天": 0, "昨天": 1, "前天": 2}[r.group("day")]
        base = now - timedelta(days=back)
        return base.replace(hour=int(r.group("h")), minute=int(r.group("m")), second=0)
    n = 0.5 if r.group("n") == "半" else int(r.group("n"))
    unit = {"秒": "seconds", "分钟": "minutes", "小时": "hours", "天": "days"}[r.group("unit")]
    return now - timedelta(**{unit: n})


def page_time(page: str) -> datetime | None:
    """When a saved Discuz! page was made (its footer: 「GMT+8, 2026-11-30 10:12」)."""
    m = FOOTER_TIME.search(page)
    return read_time(m.group(1), None) if m else None


def floor_number(shown: str) -> int | None:
    """「楼主」→1, 「沙发」→2, 「12#」「12楼」→12."""
    shown = shown.strip()
    for word, n in FLOOR_WORDS.items():
        if word in shown:
            return n
    m = re.search(r"\d+", shown)
    return int(m.group()) if m else None


BREAK = "\ue000"
"""Marks a rendered line break while the source's own newlines (mere spaces in HTML) go."""


def _text(el: lxml_html.HtmlElement) -> str:
    """The text of an element as a browser shows it: a line per ``<br>`` and per block."""
    for child in el.iter("br", "div", "p", "li", "tr", "blockquote"):
        if child is not el:
            child.tail = BREAK + (child.tail or "")
    raw = re.sub(r"\s*[\r\n]+\s*", " ", el.text_content().replace("\xa0", " "))
    return "\n".join(line.strip() for line in raw.split(BREAK) if line.strip()).strip()


RED_NAMES = {"red", "darkred", "crimson", "firebrick", "orangered"}
COLOR_IN_STYLE = re.compile(r"(?<![-\w])color\s*:\s*([^;]+)", re.I)
SIZE_IN_STYLE = re.compile(r"font-size\s*:\s*([\d.]+)\s*(px|pt|em|%)?", re.I)
BBCODE_COLOR = re.compile(r"\[color=([^\]]+)\]", re.I)
BBCODE_SIZE = re.compile(r"\[size=([^\]]+)\]", re.I)


def is_red(color: str) -> bool:
    """Red, or a colour a director would call close to #FF0000 (strong red, little green/blue)."""
    c = color.strip().lower().strip("'\"")
    if c in RED_NAMES:
        return True
    m = re.fullmatch(r"#([0-9a-f]{3}|[0-9a-f]{6})", c) or re.fullmatch(
        r"rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)", c
    )
    if m is None:
        return False
    if c.startswith("rgb"):
        r, g, b = (int(x) for x in m.groups())
    else:
        h = m.group(1)
        h = "".join(ch * 2 for ch in h) if len(h) == 3 else h
        r, g, b = int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)
    return r >= 180 and g <= 90 and b <= 90


def is_enlarged(size: str) -> bool:
    """A font size above the forum's normal text: ``<font size>`` 4–7, or over 16px / 12pt."""
    size = size.strip().lower()
    if size.isdigit() or size.lstrip("+").isdigit():
        n = int(size.lstrip("+"))
        return n >= 4 if not size.startswith("+") else n >= 1
    m = SIZE_IN_STYLE.search(f"font-size:{size}")
    if m is None:
        return False
    value, unit = float(m.group(1)), (m.group(2) or "px").lower()
    limit = {"px": 16.0, "pt": 12.0, "em": 1.2, "%": 120.0}[unit]
    return value > limit


def _fonts(el: lxml_html.HtmlElement) -> list[str]:
    """Banned formatting in a post body (quotes removed first)."""
    found: set[str] = set()
    for node in el.iter():
        if not isinstance(node.tag, str):
            continue
        color, size = node.get("color"), node.get("size") if node.tag == "font" else None
        style = node.get("style") or ""
        if (color and is_red(color)) or any(is_red(c) for c in COLOR_IN_STYLE.findall(style)):
            found.add("红色字体")
        sizes = [size] if size else []
        sizes += [m.group(0).split(":", 1)[1] for m in SIZE_IN_STYLE.finditer(style)]
        if any(is_enlarged(x) for x in sizes):
            found.add("放大字体")
    return sorted(found)


def _bbcode_fonts(text: str) -> list[str]:
    """The same checks on pasted BBCode ([color=red], [size=5])."""
    found = set()
    if any(is_red(c) for c in BBCODE_COLOR.findall(text)):
        found.add("红色字体")
    if any(is_enlarged(x) for x in BBCODE_SIZE.findall(text)):
        found.add("放大字体")
    return sorted(found)


def _quote(block: lxml_html.HtmlElement, now: datetime | None) -> Quote:
    """A quote block: its head line (author and time, with the findpost link) and its text."""
    links = block.xpath(".//a[contains(@href, 'pid=')]/@href")
    found = PID_IN_LINK.search(str(links[0])) if links else None
    pid = found.group(1) if found else None
    lines = _text(block).split("\n")
    head = QUOTE_HEAD.match(lines[0]) if lines else None
    if head is None:
        return Quote("", None, "\n".join(lines), pid)
    return Quote(head.group(1), read_time(head.group(2), now), "\n".join(lines[1:]).strip(), pid)


# ---------------------------------------------------------------------- Discuz! X3
def parse_discuz(pages: Iterable[str], now: datetime | None = None) -> list[Post]:
    """Every post of one or more saved Discuz! X3 thread pages, in floor order."""
    posts: dict[int, Post] = {}
    for page in pages:
        when = now or page_time(page)
        root = lxml_html.fromstring(page)
        for div in root.xpath(
            "//div[starts-with(@id, 'post_') and table[starts-with(@id, 'pid')]]"
        ):
            pid = div.get("id")[5:]
            author_links = div.xpath(".//div[contains(@class,'authi')]/a[contains(@class,'xw1')]")
            author = author_links[0].text_content().strip() if author_links else "匿名"
            num = div.xpath(f".//*[@id='postnum{pid}']")
            floor = floor_number(num[0].text_content()) if num else None
            posted = div.xpath(f".//*[@id='authorposton{pid}']")
            shown, time = "", None
            if posted:
                titled = posted[0].xpath(".//span[@title]")
                shown = posted[0].text_content().replace("发表于", "").strip()
                time = read_time(titled[0].get("title") if titled else shown, when)
            body = div.xpath(f".//*[@id='postmessage_{pid}']")
            if floor is None or not body:
                continue
            post = _discuz_body(body[0], when)
            post.floor, post.author, post.time, post.pid, post.shown_time = (
                floor,
                author,
                time,
                pid,
                shown,
            )
            posts[floor] = post
    if not posts:
        raise ThreadError(
            "没有找到任何楼层：这不是 Discuz! 帖子页面（需要“另存为网页”保存的帖子页）"
        )
    return [posts[k] for k in sorted(posts)]


def _discuz_body(td: lxml_html.HtmlElement, now: datetime | None) -> Post:
    post = Post(0, "", None, "")
    for note in td.xpath(".//i[contains(@class,'pstatus')]"):
        m = EDITED.search(note.text_content())
        if m:
            post.edited_by, post.edited_at = m.group(1), read_time(m.group(2), now)
        note.drop_tree()
    for block in td.xpath(".//div[contains(@class,'quote')]"):
        post.quotes.append(_quote(block, now))
        block.drop_tree()
    post.fonts = _fonts(td)
    post.body = _text(td)
    return post


# ---------------------------------------------------------------------- phpwind 9
def parse_phpwind(pages: Iterable[str], now: datetime | None = None) -> list[Post]:
    """Every post of one or more saved phpwind 9 thread pages, in floor order."""
    posts: dict[int, Post] = {}
    for page in pages:
        root = lxml_html.fromstring(page)
        for div in root.xpath("//div[contains(@class,'J_read_floor')]"):
            pid = (div.get("id") or "").removeprefix("read_") or None
            names = div.xpath(".//div[@class='name']/a[contains(@class,'J_user_card_show')]")
            author = names[0].text_content().strip() if names else "匿名"
            lou = div.xpath(".//span[contains(@class,'lou')]")
            floor = floor_number(lou[0].text_content()) if lou else None
            tips = div.xpath(".//div[contains(@class,'floor_top_tips')]//span[@class='fl']")
            shown = (
                tips[0].text_content().split("发布于：")[-1].split("，")[0].strip() if tips else ""
            )
            content = div.xpath(".//div[@class='editor_content']")
            if floor is None or not content:
                continue
            post = Post(floor, author, read_time(shown, now), "", pid, shown_time=shown)
            for block in content[0].xpath(".//blockquote"):
                post.quotes.append(_quote(block, now))
                block.drop_tree()
            post.fonts = _fonts(content[0])
            post.body = _text(content[0])
            for log in div.xpath(".//div[@class='edit_log']"):
                m = PHPWIND_EDITED.search(log.text_content().strip())
                if m:
                    post.edited_by, post.edited_at = m.group(1), read_time(m.group(2), now)
            posts[floor] = post
    if not posts:
        raise ThreadError("没有找到任何楼层：这不是 phpwind 帖子页面")
    return [posts[k] for k in sorted(posts)]


# ---------------------------------------------------------------------- plain text
def parse_plain(text: str, now: datetime | None = None) -> list[Post]:
    """Posts pasted as text: a header line per post (「12楼 作者 时间」), then its body."""
    posts: list[Post] = []
    quote: Quote | None = None
    for line in text.replace("\r", "").split("\n"):
        m = PLAIN_HEADER.match(line.strip())
        if m:
            shown = m.group("time")
            floor = int(m.group("num") or m.group("lou") or FLOOR_WORDS[m.group("word")])
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
        raise ThreadError("没有找到楼层标题行（格式：「12楼 作者 2026-11-28 21:03」）")
    for p in posts:
        p.body = p.body.strip()
        p.fonts = _bbcode_fonts(p.body)
    return sorted(posts, key=lambda p: p.floor)


def parse_any(pages: list[str], now: datetime | None = None) -> list[Post]:
    """Recognise the format (Discuz!, phpwind or plain text) and read the thread."""
    first = pages[0] if pages else ""
    if "postmessage_" in first and "authorposton" in first:
        return parse_discuz(pages, now)
    if "J_read_floor" in first:
        return parse_phpwind(pages, now)
    return parse_plain("\n".join(pages), now)


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


# ---------------------------------------------------------------------- fetching
PAGES = re.compile(r"共\s*(\d+)\s*页")
CHARSET = re.compile(rb"""charset=["']?([\w-]+)""", re.I)
MAX_PAGES = 500


class FetchError(ThreadError):
    """The thread could not be fetched (the message says why, in Chinese)."""


def _check_address(url: str, allow_private: bool) -> None:
    """Only http(s), and never this server's own network unless allowed (no reaching inside)."""

    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise FetchError("只能读取 http:// 或 https:// 开头的帖子地址")
    if allow_private:
        return
    try:
        infos = socket.getaddrinfo(parts.hostname, parts.port or 443, proto=socket.IPPROTO_TCP)
    except OSError as e:
        raise FetchError(f"找不到论坛服务器：{parts.hostname}") from e
    for info in infos:
        ip = ipaddress.ip_address(info[4][0])
        if ip.is_private or ip.is_loopback or ip.is_link_local or ip.is_reserved:
            raise FetchError("不能读取内网地址")


def _decode(body: bytes, header: str | None) -> str:
    """Pages of older forums are often GBK: the HTTP header's charset, else the page's meta."""
    m = CHARSET.search((header or "").encode()) or CHARSET.search(body[:2048])
    charset = m.group(1).decode() if m else "utf-8"
    if charset.lower() in ("gb2312", "gbk"):
        charset = "gb18030"  # a superset: what such pages really contain
    return body.decode(charset, errors="replace")


def page_url(url: str, page: int) -> str:
    """The URL of page ``page`` of a thread: ``…&page=N`` or the rewritten ``thread-T-N-1.html``."""

    parts = urlsplit(url)
    rewritten = re.match(r"(.*/thread-\d+-)(\d+)(-\d+\.html)$", parts.path)
    if rewritten:
        path = f"{rewritten.group(1)}{page}{rewritten.group(3)}"
        return urlunsplit(parts._replace(path=path))
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "page"]
    return urlunsplit(parts._replace(query=urlencode([*query, ("page", str(page))])))


def fetch(
    url: str, cookie: str = "", allow_private: bool = False, timeout: float = 15.0
) -> list[str]:
    """Every page of a thread, fetched with the director's forum cookie (for threads only
    members may read); the number of pages is read from the first page (「共 N 页」)."""

    _check_address(url, allow_private)
    headers = {"User-Agent": "Mozilla/5.0 (bansha thread reader)"}
    if cookie.strip():
        headers["Cookie"] = cookie.strip()

    def get(address: str) -> str:
        request = urllib.request.Request(address, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as r:
                return _decode(r.read(), r.headers.get("Content-Type"))
        except (urllib.error.URLError, TimeoutError) as e:
            raise FetchError(f"读取帖子失败：{address}（{e}）") from e

    first = get(url)
    m = PAGES.search(first)
    total = min(int(m.group(1)), MAX_PAGES) if m else 1
    return [first, *(get(page_url(url, n)) for n in range(2, total + 1))]
