"""A saved or fetched forum page as a document tree (Lexbor, through selectolax), parsed once: the
readers find the posts' ids by one selector over the page, the other parts of the posts by one
selector per kind over the page (``page.Parts``), and a post body's own parts only where its
markup holds them (``Scope``), never a search of the page per post, so reading is linear in the
page's size (a 10,000-floor page as fast, floor for floor, as a 20-floor one).

What every reader shares: the page's text as a browser shows it (a line per ``<br>`` and per block),
the banned formatting of a post (M103 违规9 「禁止使用红色字体」「禁止使用放大字体」, M186 6(1)), and the
parts of a post body a reader does not read as its words (code-box buttons, attachment pop-ups,
scripts; images become 「[图片]」, smilies go).
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Iterable, Iterator

from selectolax.lexbor import LexborHTMLParser, LexborNode

from bansha import texts
from bansha.forum.errors import ThreadError
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
    Chinese error naming the page. Control characters are dropped from what is read of it
    (``line``, ``text_of``, ``attr``), scripts and styles are not read (a page's text is what a
    browser shows)."""
    tree = LexborHTMLParser(XML_DECLARATION.sub("", text, count=1))
    body = tree.body
    title = tree.css_first("title")
    if (body is None or not _has_content(body)) and (title is None or not title.text().strip()):
        raise ThreadError(texts.THREAD_PAGE_EMPTY.format(n=n))
    return tree


class Scope:
    """A post body's markup in lower case, so that a selector that cannot match there is not run:
    each of its alternatives needs a class, an attribute or a tag the markup must then hold (most
    bodies hold no quote, font, image or code box). Matching stays exactly the selector's; this
    only skips searches that would find nothing."""

    __slots__ = ("markup",)

    def __init__(self, markup: str) -> None:
        self.markup = markup.lower()

    def may(self, selector: str) -> bool:
        """Whether ``selector`` can match anything in the scope's markup."""
        markup = self.markup
        return any(needle in markup for needle in needles(selector))


COMPOUND = re.compile(r"[\s>+~]+")
CLASS = re.compile(r"\.([\w-]+)")
ATTRIBUTE = re.compile(r"\[\s*([\w-]+)\s*(?:[*^$|~]?=\s*[\"']?([^\"'\]]*)[\"']?)?\s*\]")
TAG = re.compile(r"^([a-zA-Z][\w-]*)")
BRACKETS = re.compile(r"\[[^\]]*\]")


@functools.lru_cache(maxsize=512)
def needles(selector: str) -> tuple[str, ...]:
    """For each alternative of a selector list, a string the markup of any element it matches
    holds (lower case): its last compound's first class, else an attribute's value or name, else
    ``<tag`` or ``</tag``; "" (always there) for a universal selector."""
    out: list[str] = []
    for alternative in selector.split(","):
        last = COMPOUND.split(alternative.strip())[-1]
        classes = CLASS.findall(last)
        attributes = ATTRIBUTE.findall(last)
        tag = TAG.match(last)
        if classes:
            out.append(classes[0].lower())
        elif attributes:
            name, value = attributes[0]
            out.append((value or name).lower())
        elif tag:  # a parser makes <br> of a stray </br> (and <p> of </p>)
            out += ["<" + tag.group(1).lower(), "</" + tag.group(1).lower()]
        else:
            out.append("")
    return tuple(out)


@functools.lru_cache(maxsize=512)
def last_compounds(selector: str) -> tuple[tuple[str, frozenset[str]], ...] | None:
    """For each alternative of a selector list, the tag (lower case) and the classes (lower case)
    its last compound asks of an element; None when an alternative names no tag or asks what
    these do not tell (a pseudo-class, which may also negate a class)."""
    out: list[tuple[str, frozenset[str]]] = []
    for alternative in selector.split(","):
        last = COMPOUND.split(alternative.strip())[-1]
        tag = TAG.match(last)
        if tag is None or ":" in last:
            return None
        classes = CLASS.findall(BRACKETS.sub("", last))  # not a dot in an attribute's value
        out.append((tag.group(1).lower(), frozenset(c.lower() for c in classes)))
    return tuple(out)


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
    return NOT_TEXT.sub("", node.attributes.get(name) or "")


def classes(node: LexborNode) -> list[str]:
    """The node's class names."""
    return attr(node, "class").split()


def line(node: LexborNode | None) -> str:
    """The node's text on one line, spaces collapsed ("" for no node)."""
    if node is None:
        return ""
    child = node.child
    if child is not None and child.next is None and child.is_text_node:
        text = child.text_content or ""  # one text (a name, a floor, a time): nothing to walk
    elif _inline(node):
        text = node.text(deep=True)  # its texts in order, joined by the parser
    else:
        parts: list[str] = []
        _walk(node, parts)
        text = "".join(parts)
    return SPACES.sub(" ", NOT_TEXT.sub("", text).replace(BREAK, " ")).strip()


def _inline(node: LexborNode) -> bool:
    """Whether no element below ``node`` breaks a line or is not read (a block, a ``<br>``, a
    script): then its text is all its texts in order, which the parser joins faster than a walk
    that looks at every text on the way (a floor's line of floor number, time and links)."""
    walk = node.traverse()
    next(walk)  # the node itself
    return not any(n.tag in NOT_INLINE for n in walk)


def text_of(node: LexborNode) -> str:
    """The text of a node as a browser shows it: a line per ``<br>`` and per block, spaces
    (non-breaking and full-width too) collapsed. One walk of the node's tree (no search)."""
    parts: list[str] = []
    _walk(node, parts)
    return _lines("".join(parts))


def body_text(node: LexborNode) -> str:
    """``text_of`` a post body: from its markup when it holds only text and plain ``<br>``s
    (``bare_text``: most bodies, and most others once their quotes and notes are taken out),
    else by a walk."""
    text = bare_text(node.inner_html or "")
    return text_of(node) if text is None else text


def bare_text(inner: str) -> str | None:
    """``text_of`` an element from its children's markup as the parser writes it back
    (``inner_html``), when they are only text and plain ``<br>``s (most post bodies: every ``<``
    in it is a ``<br>``'s, text's own being ``&lt;``); None otherwise. No walk of the tree: the
    text between the breaks is the markup with its entities read."""
    if inner.count("<") != inner.count("<br>"):
        return None
    return _lines(BREAK.join(html.unescape(piece) for piece in inner.split("<br>")))


def _lines(raw: str) -> str:
    raw = SPACES.sub(" ", NOT_TEXT.sub("", raw))
    return "\n".join(part for part in (part.strip() for part in raw.split(BREAK)) if part)


BLOCK_TAGS = frozenset(t.strip() for t in BLOCKS.split(","))
UNREAD_TAGS = frozenset({"script", "style", "noscript", "template", "-comment"})
"""What a browser does not show as text."""
NOT_INLINE = BLOCK_TAGS | UNREAD_TAGS


def _walk(node: LexborNode, parts: list[str]) -> None:
    """The text below ``node`` in document order, a ``BREAK`` before each ``<br>`` and around
    each block; scripts, styles and comments left out."""
    child = node.child
    while child is not None:
        tag = child.tag
        if tag == "-text":
            parts.append(child.text_content or "")
        elif tag in BLOCK_TAGS:
            parts.append(BREAK)
            if tag != "br":
                _walk(child, parts)
                parts.append(BREAK)
        elif tag not in UNREAD_TAGS:
            _walk(child, parts)
        child = child.next


def below(node: LexborNode, selector: str, scope: Scope | None = None) -> list[LexborNode]:
    """The elements below ``node`` that match (``css`` also matches the node itself); none
    without a search when ``node`` lies in a ``scope`` whose markup cannot hold them."""
    if scope is not None and not scope.may(selector):
        return []
    return [n for n in node.css(selector) if n.mem_id != node.mem_id]


def tagged(node: LexborNode, tag: str) -> Iterator[LexborNode]:
    """The elements of a tag below ``node``, in document order: a walk of its subtree, for a
    small one (a quote) cheaper than a selector, whose set-up costs more than the walk."""
    walk = node.traverse()
    next(walk)  # the node itself
    return (n for n in walk if n.tag == tag)


def outermost(
    nodes: list[LexborNode], selector: str, scope: Scope | None = None
) -> list[LexborNode]:
    """The nodes not inside another of them (a quote inside a quote is part of the outer one)."""
    if len(nodes) < 2:
        return nodes
    inner = {n.mem_id for node in nodes for n in below(node, selector, scope)}
    return [n for n in nodes if n.mem_id not in inner]


def drop(node: LexborNode, selector: str, scope: Scope | None = None) -> None:
    """Remove the matching elements below ``node`` (the text that follows them stays)."""
    for found in below(node, selector, scope):
        found.decompose()


def fonts(node: LexborNode, scope: Scope | None = None) -> list[str]:
    """The banned formatting of a post body (its quotes removed first): ``<font color/size>`` and
    ``style="color: …; font-size: …"``, in the words of ``font_problems``."""
    colors: list[str] = []
    sizes: list[str] = []
    for el in below(node, "font, [style]", scope):
        if el.tag == "font":
            colors.append(attr(el, "color"))
            sizes.append(attr(el, "size"))
        style = attr(el, "style")
        if style:
            colors += COLOR_IN_STYLE.findall(style)
            sizes += [m.group(1) + (m.group(2) or "") for m in SIZE_IN_STYLE.finditer(style)]
    if not colors and not sizes:
        return []  # what font_problems finds in nothing, without asking it
    return font_problems([c for c in colors if c], [s for s in sizes if s])


COLOR_IN_STYLE = re.compile(r"(?<![-\w])color\s*:\s*([^;]+)", re.I)
SIZE_IN_STYLE = re.compile(r"font-size\s*:\s*([\d.]+)\s*(px|pt|em|%)?", re.I)

NOT_WORDS = (
    "div.blockcode > em, div.blockcode > h5, [class*=tip], [class*=t_attach],"
    " div.attach_popup, div.imgtitle, span.pipe, span.grey.quote"
)
"""What a reader of the post does not read as its words: the code box's 「复制代码」 button (X3),
its 「复制内容到剪贴板」/「代码:」 header (6/7), attachment pop-ups, image menus."""


def clean(body: LexborNode, scope: Scope | None = None) -> None:
    """Remove what is not the post's words (``NOT_WORDS``); an inline image becomes 「[图片]」
    (smilies are dropped)."""
    drop(body, NOT_WORDS, scope)
    for img in below(body, "img", scope):
        if img.attributes.get("smilieid") is not None or "smiley" in attr(img, "src"):
            img.decompose()
        else:
            img.replace_with(texts.THREAD_IMAGE)


CODE_BOXES = "div.blockcode, pre, code"


def code_boxes(body: LexborNode, scope: Scope | None = None) -> list[LexborNode]:
    """A body's code boxes ([code]), outermost only: Discuz! 6/7 and X ``div.blockcode``, and
    ``pre``/``code`` elsewhere."""
    return outermost(below(body, CODE_BOXES, scope), CODE_BOXES, scope)


def first(nodes: Iterable[LexborNode]) -> LexborNode | None:
    """The first of some nodes, if any."""
    return next(iter(nodes), None)
