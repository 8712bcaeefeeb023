"""A saved or fetched forum page as a document tree (Lexbor, through selectolax), read in passes
that each walk the tree once in C: the readers select every post's parts with one selector per
kind of part over the whole page, never a search of the page per post, so reading is linear in the
page's size (a 10,000-floor page as fast, floor for floor, as a 20-floor one).

What every reader shares: the page's text as a browser shows it (a line per ``<br>`` and per block),
the banned formatting of a post (M103 违规9 「禁止使用红色字体」「禁止使用放大字体」, M186 6(1)), and the
parts of a post body a reader does not read as its words (code-box buttons, attachment pop-ups,
scripts; images become 「[图片]」, smilies go).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from selectolax.lexbor import LexborHTMLParser, LexborNode

from bansha import texts
from bansha.forum.posts import ThreadError
from bansha.mechanics.thread_tally import font_problems

BREAK = "\ue000"
"""Marks a rendered line break while the source's own newlines (mere spaces in HTML) go."""
BLOCKS = "br, div, p, li, tr, blockquote, h1, h2, h3, h4, h5, h6, dt, dd, pre, table, ul, ol, hr"
XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*>")
NOT_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
"""Characters no HTML page holds as text: dropped."""
SPACES = re.compile(r"[ \t\r\n\xa0\u3000\u2002\u2003\u2009]+")


def parse(text: str, n: int = 1) -> LexborHTMLParser:
    """A page's tree (page ``n`` of those given): its XML declaration and control characters
    dropped; a page with neither an element nor any text in its body (empty, only comments) is a
    Chinese error naming the page."""
    text = NOT_TEXT.sub("", XML_DECLARATION.sub("", text, count=1))
    tree = LexborHTMLParser(text)
    body = tree.body
    title = tree.css_first("title")
    if (body is None or not _has_content(body)) and (title is None or not title.text().strip()):
        raise ThreadError(texts.THREAD_PAGE_EMPTY.format(n=n))
    return tree


def _has_content(body: LexborNode) -> bool:
    for child in body.iter(include_text=True):
        if child.tag == "-text":
            if (child.text_content or "").strip():
                return True
        elif child.tag != "-comment":
            return True
    return False


def attr(node: LexborNode | None, name: str) -> str:
    """An attribute's value ("" when absent or valueless)."""
    if node is None:
        return ""
    return node.attributes.get(name) or ""


def classes(node: LexborNode) -> list[str]:
    """The node's class names."""
    return attr(node, "class").split()


def line(node: LexborNode | None) -> str:
    """The node's text on one line, spaces collapsed ("" for no node)."""
    if node is None:
        return ""
    drop(node, "script, style")
    return " ".join(SPACES.split(node.text(deep=True).replace(BREAK, " "))).strip()


def text_of(node: LexborNode) -> str:
    """The text of a node as a browser shows it: a line per ``<br>`` and per block, spaces
    (non-breaking and full-width too) collapsed, scripts and styles left out. Marks the node's
    tree (it is read once)."""
    drop(node, "script, style, noscript")
    for block in below(node, BLOCKS):
        block.insert_before(BREAK)
        if block.tag != "br":
            block.insert_after(BREAK)
    raw = node.text(deep=True)
    lines = (" ".join(SPACES.split(part)).strip() for part in raw.split(BREAK))
    return "\n".join(part for part in lines if part)


def below(node: LexborNode, selector: str) -> list[LexborNode]:
    """The elements below ``node`` that match (``css`` also matches the node itself)."""
    return [n for n in node.css(selector) if n.mem_id != node.mem_id]


def outermost(nodes: list[LexborNode], selector: str) -> list[LexborNode]:
    """The nodes not inside another of them (a quote inside a quote is part of the outer one)."""
    inner = {n.mem_id for node in nodes for n in below(node, selector)}
    return [n for n in nodes if n.mem_id not in inner]


def drop(node: LexborNode, selector: str) -> None:
    """Remove the matching elements below ``node`` (the text that follows them stays)."""
    for found in below(node, selector):
        found.decompose()


def fonts(node: LexborNode) -> list[str]:
    """The banned formatting of a post body (its quotes removed first): ``<font color/size>`` and
    ``style="color: …; font-size: …"``, in the words of ``font_problems``."""
    colors: list[str] = []
    sizes: list[str] = []
    for el in below(node, "font, [style]"):
        if el.tag == "font":
            colors.append(attr(el, "color"))
            sizes.append(attr(el, "size"))
        style = attr(el, "style")
        if style:
            colors += COLOR_IN_STYLE.findall(style)
            sizes += [m.group(1) + (m.group(2) or "") for m in SIZE_IN_STYLE.finditer(style)]
    return font_problems([c for c in colors if c], [s for s in sizes if s])


COLOR_IN_STYLE = re.compile(r"(?<![-\w])color\s*:\s*([^;]+)", re.I)
SIZE_IN_STYLE = re.compile(r"font-size\s*:\s*([\d.]+)\s*(px|pt|em|%)?", re.I)

NOT_WORDS = (
    "div.blockcode > em, div.blockcode > h5, [class*=tip], [class*=t_attach],"
    " div.attach_popup, div.imgtitle, span.pipe, span.grey.quote"
)
"""What a reader of the post does not read as its words: the code box's 「复制代码」 button (X3),
its 「复制内容到剪贴板」/「代码:」 header (6/7), attachment pop-ups, image menus."""


def clean(body: LexborNode) -> None:
    """Remove what is not the post's words (``NOT_WORDS``, scripts); an inline image becomes
    「[图片]」 (smilies are dropped)."""
    drop(body, NOT_WORDS)
    for img in below(body, "img"):
        if img.attributes.get("smilieid") is not None or "smiley" in attr(img, "src"):
            img.decompose()
        else:
            img.replace_with(texts.THREAD_IMAGE)


CODE_BOXES = "div.blockcode, pre, code"


def code_boxes(body: LexborNode) -> list[LexborNode]:
    """A body's code boxes ([code]), outermost only: Discuz! 6/7 and X ``div.blockcode``, and
    ``pre``/``code`` elsewhere."""
    return outermost(below(body, CODE_BOXES), CODE_BOXES)


def first(nodes: Iterable[LexborNode]) -> LexborNode | None:
    """The first of some nodes, if any."""
    return next(iter(nodes), None)
