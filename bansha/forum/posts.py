"""What every forum reader shares: a thread's posts (floor, pid, author, time, body, quotes, edit
notice), times as forums print them, and a post body's text as a browser shows it.

Times are read as the page shows them. A page that states its own zone (Discuz!'s footer
「GMT+8, 2026-11-30 10:12」) gives aware times in that zone; otherwise they stay naive and the game's
zone is applied later (R-ALL-10).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone, tzinfo

from lxml import etree
from lxml import html as lxml_html

from bansha import texts

FLOOR_WORDS = {"楼主": 1, "沙发": 2, "板凳": 3, "地板": 4}
"""Floor names both forums print instead of numbers for the first four posts."""
ABSOLUTE = re.compile(
    r"(?<!\d)(\d{4})[-/年](\d{1,2})[-/月](\d{1,2})日?\s*(\d{1,2})[:：](\d{2})(?:[:：](\d{2}))?"
)
RELATIVE = re.compile(
    r"(?:(?P<n>\d+|半)\s*(?P<unit>秒|分钟|小时|天)前)|(?P<now>刚刚)|"
    r"(?P<day>今天|昨天|前天)\s*(?P<h>\d{1,2}):(?P<m>\d{2})"
)
FOOTER = re.compile(
    r"GMT\s*(?P<sign>[+-])\s*(?P<hours>\d{1,2})(?:[.:](?P<frac>\d{1,2}))?\s*,\s*(?:现在时间是\s*)?"
    r"(?P<time>\d{4}-\d{1,2}-\d{1,2}\s+\d{1,2}:\d{2})"
)
"""Discuz!'s footer: the board's zone and when the page was made (X 「GMT+8, 2026-11-30 10:12」,
6/7 「当前时区 GMT+8, 现在时间是 2010-7-15 23:30」)."""
EDITED = re.compile(r"本帖最后由\s*(\S.{0,80}?)\s*于\s*(\S.{0,40}?)\s*编辑")
"""Bounded: a note that never says 「编辑」 costs a pass, not a search from every 「于」."""
PID_IN_LINK = re.compile(r"pid=(\d+)")
QUOTE_HEAD = re.compile(
    r"^\s*(?:引用(?:第\s*\d+\s*楼)?\s*[:：]?\s*)?(?:原帖由\s*)?(.+?)\s*(?:发表于|于)\s*(.+?)"
    r"(?:\s*发表(?:的)?)?\s*[:：]?\s*$"
)
"""A quote's head line: Discuz! X 「X 发表于 T」, 6/7 「原帖由 X 于 T 发表」, phpwind 8
「引用第3楼X于T发表的 :」, pasted 「引用 X 发表于 T」."""
MASKED = re.compile(r"提示\s*[:：]\s*(.*?(?:屏蔽|删除|禁止).*)")
"""A post the forum hides: 「提示: 作者被禁止或删除 内容自动屏蔽」, 「该帖被管理员或版主屏蔽」."""
BREAK = "\ue000"
"""Marks a rendered line break while the source's own newlines (mere spaces in HTML) go."""
FOOTER_TAIL = 40_000
"""Discuz! prints its footer at the very end of the page: only that much is searched."""


@functools.lru_cache(maxsize=128)
def _compiled(expr: str) -> etree.XPath:
    return etree.XPath(expr)


def find(el: lxml_html.HtmlElement, expr: str) -> list[lxml_html.HtmlElement]:
    """The elements (or strings) an XPath finds below ``el``; each expression is compiled once
    (lxml compiles a string expression again on every ``el.xpath`` call)."""
    found = _compiled(expr)(el)
    return found if isinstance(found, list) else []


def first(el: lxml_html.HtmlElement, expr: str) -> lxml_html.HtmlElement | None:
    """The first element an XPath finds below ``el``, if any."""
    found = find(el, expr)
    return found[0] if found else None


def spaces(text: str) -> str:
    """Non-breaking and full-width spaces as plain ones (forums put 「&nbsp;」 inside times)."""
    return text.replace("\xa0", " ").replace("\u3000", " ").replace("\u2002", " ")


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
    masked: bool = False
    """The forum hid the post (author banned, post screened): the body is the forum's notice."""
    words: str | None = None
    """The body without its code boxes (None: it has none): a format example in a code box is
    shown, never read as a vote."""

    @property
    def text(self) -> str:
        """The post's own words with the quoted posts, as a vote-post reader wants it (quotes in
        [quote], code boxes left out)."""
        quoted = "".join(f"[quote]{q.text}[/quote]\n" for q in self.quotes)
        return quoted + (self.body if self.words is None else self.words)


# ---------------------------------------------------------------------- times
def read_time(shown: str, now: datetime | None, zone: tzinfo | None = None) -> datetime | None:
    """An absolute time as shown, or a relative one (「3 天前」「昨天 21:03」) counted from ``now``;
    in ``zone`` when the page states one."""
    shown = spaces(shown).strip()
    m = ABSOLUTE.search(shown)
    if m:
        y, mo, d, h, mi, s = (int(x) if x else 0 for x in m.groups())
        try:
            return datetime(y, mo, d, h, mi, s, tzinfo=zone)
        except ValueError:
            return None  # an impossible date: unknown, reported per floor
    r = RELATIVE.search(shown)
    if r is None or now is None:
        return None
    if zone is not None and now.tzinfo is None:
        now = now.replace(tzinfo=zone)
    if r.group("now"):
        return now
    if r.group("day"):
        back = {"今天": 0, "昨天": 1, "前天": 2}[r.group("day")]
        base = now - timedelta(days=back)
        return base.replace(hour=int(r.group("h")), minute=int(r.group("m")), second=0)
    n = 0.5 if r.group("n") == "半" else int(r.group("n"))
    unit = {"秒": "seconds", "分钟": "minutes", "小时": "hours", "天": "days"}[r.group("unit")]
    return now - timedelta(**{unit: n})


def page_zone(page: str) -> tzinfo | None:
    """The zone a Discuz! page states in its footer (「GMT+8」), if any."""
    m = FOOTER.search(spaces(page[-FOOTER_TAIL:]))
    if m is None:
        return None
    minutes = int(m.group("hours")) * 60
    frac = m.group("frac")
    if frac:  # Discuz! writes half hours as 「GMT+5.5」
        minutes += round(float(f"0.{frac}") * 60)
    sign = -1 if m.group("sign") == "-" else 1
    return timezone(timedelta(minutes=sign * minutes))


def page_time(page: str) -> datetime | None:
    """When a saved Discuz! page was made (its footer: 「GMT+8, 2026-11-30 10:12」), as the page
    shows it (naive)."""
    m = FOOTER.search(spaces(page[-FOOTER_TAIL:]))
    return read_time(m.group("time"), None) if m else None


@dataclass(frozen=True, slots=True)
class Page:
    """One saved or fetched page, parsed once for every reader that tries it: its element tree,
    its elements by id, the zone its footer states and when the forum made it (for relative
    times)."""

    root: lxml_html.HtmlElement
    ids: dict[str, lxml_html.HtmlElement]
    zone: tzinfo | None
    made: datetime | None

    @classmethod
    def read(cls, text: str, n: int = 1) -> Page:
        """Parse the page's text (page ``n`` of those given) once."""
        root = parse_html(text, n)
        ids: dict[str, lxml_html.HtmlElement] = {}
        for el in root.iter():
            name = el.get("id")
            if name is not None:
                ids.setdefault(name, el)
        return cls(root, ids, page_zone(text), page_time(text))

    def by_id(self, name: str) -> lxml_html.HtmlElement | None:
        """The page's first element with that id."""
        return self.ids.get(name)

    def when(self, now: datetime | None) -> datetime | None:
        """What relative times (「3 天前」) count from: ``now`` if given, else the page's own time."""
        return now or self.made


XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*>")
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
"""Characters no HTML page holds as text (the parser refuses them): dropped."""


def parse_html(text: str, n: int = 1) -> lxml_html.HtmlElement:
    """A page's element tree: its XML declaration (a string that still names its bytes' encoding
    is refused by the parser) and control characters dropped; a page with no element at all
    (empty, only a comment) is a Chinese error naming page ``n``."""
    text = NOT_XML.sub("", XML_DECLARATION.sub("", text, count=1))
    try:
        root = lxml_html.fromstring(text)
    except (etree.ParserError, ValueError) as e:
        raise ThreadError(texts.THREAD_PAGE_EMPTY.format(n=n)) from e
    if not isinstance(root.tag, str):  # a comment or processing instruction only
        raise ThreadError(texts.THREAD_PAGE_EMPTY.format(n=n))
    return root


def merge(posts: Iterable[Post]) -> list[Post]:
    """Posts from several pages, in floor order: a post seen twice (overlapping pages, a page
    uploaded twice) is kept once, by pid, else by floor."""
    seen: dict[str, Post] = {}
    for p in posts:
        seen.setdefault(p.pid or f"floor{p.floor}", p)
    return sorted(seen.values(), key=lambda p: (p.floor, p.pid or ""))


MAX_FLOOR = 9_999_999
"""The highest floor number bansha reads (no thread has ten million floors)."""


def floor_number(shown: str) -> int | None:
    """「楼主」→1, 「沙发」→2, 「12#」「12楼」「第 12 楼」→12; a number no thread reaches is a Chinese
    error naming it (a forged page), never a floor."""
    shown = shown.strip()
    for word, n in FLOOR_WORDS.items():
        if word in shown:
            return n
    m = re.search(r"\d+", shown)
    if m is None:
        return None
    if len(m.group()) > len(str(MAX_FLOOR)) or int(m.group()) > MAX_FLOOR:
        raise ThreadError(texts.THREAD_FLOOR_TOO_HIGH.format(shown=m.group()[:20]))
    return int(m.group())


# ---------------------------------------------------------------------- text
BLOCKS = ("br", "div", "p", "li", "tr", "blockquote", "h5", "dt", "dd", "pre", "table")


def text_of(el: lxml_html.HtmlElement) -> str:
    """The text of an element as a browser shows it: a line per ``<br>`` and per block,
    non-breaking and full-width spaces as spaces."""
    for child in el.iter(*BLOCKS):
        if child is not el:
            child.tail = BREAK + (child.tail or "")
            if child.tag != "br":  # a block starts on a line of its own too
                child.text = BREAK + (child.text or "")
    raw = re.sub(r"[\r\n]+", " ", spaces(el.text_content()))
    lines = (re.sub(r" {2,}", " ", line).strip() for line in raw.split(BREAK))
    return "\n".join(line for line in lines if line).strip()


def drop(el: lxml_html.HtmlElement, xpath: str) -> None:
    """Remove the matching elements, keeping the text that follows them."""
    for node in find(el, xpath):
        node.drop_tree()


OUTSIDE_BOX = "not(ancestor::div[contains(@class,'blockcode')])"
CODE_BOXES = (
    ".//div[contains(@class,'blockcode')]"  # Discuz! 6/7 and X: 「代码:」/「复制代码」
    f" | .//pre[{OUTSIDE_BOX}] | .//code[{OUTSIDE_BOX} and not(ancestor::pre)]"
)
"""A post's code boxes ([code]): shown in the body, not the post's own words."""


def clean_body(body: lxml_html.HtmlElement) -> None:
    """What a reader of the post does not read as its words: the code box's 「复制代码」 button
    (X3) and 「复制内容到剪贴板」/「代码:」 header (6/7), attachment pop-ups, image menus, scripts;
    an inline image becomes 「[图片]」 (smilies are dropped)."""
    drop(
        body,
        ".//div[contains(@class,'blockcode')]/em | .//div[contains(@class,'blockcode')]/h5"
        " | .//script | .//style | .//*[contains(@class,'tip')] | .//*[contains(@class,'t_attach')]"
        " | .//div[contains(@class,'attach_popup')] | .//div[contains(@class,'imgtitle')]",
    )
    for img in list(body.iter("img")):
        parent = img.getparent()
        if parent is None:
            continue
        if img.get("smilieid") is not None or "smiley" in (img.get("src") or ""):
            img.drop_tree()
            continue
        marker = lxml_html.Element("span")
        marker.text, marker.tail = texts.THREAD_IMAGE, img.tail
        parent.replace(img, marker)


# ---------------------------------------------------------------------- formatting
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


def fonts(el: lxml_html.HtmlElement) -> list[str]:
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


def bbcode_fonts(text: str) -> list[str]:
    """The same checks on pasted BBCode ([color=red], [size=5])."""
    found = set()
    if any(is_red(c) for c in BBCODE_COLOR.findall(text)):
        found.add("红色字体")
    if any(is_enlarged(x) for x in BBCODE_SIZE.findall(text)):
        found.add("放大字体")
    return sorted(found)


# ---------------------------------------------------------------------- a body
def quote_of(
    block: lxml_html.HtmlElement, now: datetime | None, zone: tzinfo | None = None
) -> Quote:
    """A quote block: its head line (author and time, with the findpost link) and its text."""
    links = find(block, ".//a[contains(@href, 'pid=')]/@href")
    found = PID_IN_LINK.search(str(links[0])) if links else None
    pid = found.group(1) if found else None
    lines = text_of(block).split("\n")
    if lines and lines[0].strip().rstrip(":：") in ("引用", "QUOTE"):
        lines = lines[1:]  # Discuz! 6/7 heads the box with 「引用:」
    head = QUOTE_HEAD.match(lines[0]) if lines else None
    if head is None or read_time(head.group(2), now, zone) is None:
        return Quote("", None, "\n".join(lines), pid)
    return Quote(
        head.group(1).strip(),
        read_time(head.group(2), now, zone),
        "\n".join(lines[1:]).strip(),
        pid,
    )


def read_body(
    body: lxml_html.HtmlElement,
    now: datetime | None,
    zone: tzinfo | None,
    quotes: str,
    notes: str,
) -> Post:
    """A post body: the edit notice (``notes``), the quoted posts (``quotes``), the banned
    formatting and the words, in a ``Post`` whose floor, author and time the caller sets."""
    post = Post(0, "", None, "")
    for note in find(body, notes):
        m = EDITED.search(note.text_content())
        if m:
            post.edited_by, post.edited_at = m.group(1), read_time(m.group(2), now, zone)
            tail = (note.tail or "").lstrip().removeprefix("]")
            note.tail = tail
            prev = note.getprevious()
            if prev is not None:
                prev.tail = (prev.tail or "").rstrip().removesuffix("[")
            else:
                parent = note.getparent()
                if parent is not None:
                    parent.text = (parent.text or "").rstrip().removesuffix("[")
            note.drop_tree()
    for block in find(body, quotes):
        post.quotes.append(quote_of(block, now, zone))
        block.drop_tree()
    clean_body(body)
    post.fonts = fonts(body)
    post.body = text_of(body)
    boxes = find(body, CODE_BOXES)
    if boxes:
        for box in boxes:
            box.drop_tree()
        post.words = text_of(body)
    return post


def masked_notice(el: lxml_html.HtmlElement) -> str | None:
    """The forum's notice when it hides a post (「提示: 作者被禁止或删除 内容自动屏蔽」)."""
    for node in find(el, ".//div[contains(@class,'locked') or contains(@class,'notice')]"):
        m = MASKED.search(text_of(node))
        if m:
            return "提示: " + m.group(1).strip()
    return None
