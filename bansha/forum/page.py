"""One saved or fetched forum page, parsed once for every reader that tries it, and the reading of
a post body every forum shares: its edit note, its quotes, its banned formatting, its code boxes
and its words; the notice a forum prints instead of a post it hides."""

from __future__ import annotations

import re
from dataclasses import dataclass

from selectolax.lexbor import LexborHTMLParser, LexborNode

from bansha.forum import dom
from bansha.forum.labels import HIDDEN, alt, forms
from bansha.forum.posts import EDITED, PID_IN_LINK, Footer, Post, Quote, footer, quote_head

GENERIC_NOTICE = re.compile(
    rf"{alt('提示')}\s*[:：]\s*(.{{0,80}}?(?:{alt('屏蔽')}|{alt('删除')}|{alt('禁止')}).{{0,80}})"
)
"""Another forum's notice for a hidden post: 「提示: …屏蔽/删除/禁止…」."""
LEFTOVER = re.compile(r"^\[\s*\]$")
"""The brackets 6/7 print around an edit note, once the note is gone."""


@dataclass(frozen=True, slots=True)
class Page:
    """One page: its tree, the zone and clock its footer states, and which page it is."""

    tree: LexborHTMLParser
    footer: Footer
    number: int

    @classmethod
    def read(cls, text: str, number: int = 1) -> Page:
        """Parse the page's text (page ``number`` of those given) once."""
        return cls(dom.parse(text, number), footer(text), number)


def by_prefix(tree: LexborHTMLParser, prefix: str) -> dict[str, LexborNode]:
    """The page's elements whose id starts with ``prefix``, by the rest of the id (the first of
    each): one selector over the page."""
    out: dict[str, LexborNode] = {}
    for el in tree.css(f'[id^="{prefix}"]'):
        out.setdefault(dom.attr(el, "id")[len(prefix) :], el)
    return out


NOTICE_LENGTH = 200
"""A notice is a line of the forum's, not a post that mentions one."""


def notice_of(text: str) -> str | None:
    """The forum's words when ``text`` is its notice for a hidden post."""
    if len(text) > NOTICE_LENGTH:
        return None
    m = HIDDEN.search(text)
    if m is not None:
        tip = next((text.index(f) for f in forms("提示") if f in text[: m.start()]), m.start())
        return text[tip:].strip()[:120]
    g = GENERIC_NOTICE.search(text)
    return g.group(0).strip() if g else None


def hidden_notice(box: LexborNode, notices: str) -> str | None:
    """The notice a forum printed instead of a post it hides, found in ``box``'s ``notices``."""
    for node in box.css(notices):
        found = notice_of(dom.line(node))
        if found is not None:
            return found
    return None


def quote_of(block: LexborNode) -> Quote:
    """A quote block: its head line (author and time, with the findpost link) and its text."""
    link = next((a for a in block.css("a[href]") if "pid=" in dom.attr(a, "href")), None)
    found = PID_IN_LINK.search(dom.attr(link, "href")) if link is not None else None
    pid = found.group(1) if found else None
    lines = dom.text_of(block).split("\n")
    if lines and lines[0].strip().rstrip(":：") in ("引用", "QUOTE", "Quote"):
        lines = lines[1:]  # Discuz! 6/7 heads the box with 「引用:」
    head = quote_head(lines[0]) if lines else None
    if head is None:
        return Quote("", None, "\n".join(lines), pid)
    return Quote(head[0], None, "\n".join(lines[1:]).strip(), pid, shown_time=head[1])


def read_body(
    body: LexborNode,
    quotes: str,
    notes: str,
    box: LexborNode | None = None,
    notices: str = "",
) -> Post:
    """A post body: the edit notice (``notes``), the quoted posts (``quotes``), the banned
    formatting, the code boxes and the words, in a ``Post`` whose floor, author and time the
    caller sets. The forum's notices above the body (``notices`` in ``box``) are not its words; a
    body with nothing but such a notice is the hidden post the notice names."""
    post = Post(0, "", None, "")
    notice = None
    if box is not None and notices:
        for node in box.css(notices):
            found = notice_of(dom.line(node))
            if found is not None:
                notice = notice or found
                node.decompose()
    for note in dom.below(body, notes):
        m = EDITED.search(dom.line(note)[:200])
        if m:
            post.edited_by, post.edited_shown = m.group("by"), m.group("time")
            note.decompose()
    for block in dom.outermost(dom.below(body, quotes), quotes):
        post.quotes.append(quote_of(block))
        block.decompose()
    dom.clean(body)
    post.fonts = dom.fonts(body)
    boxes = dom.code_boxes(body)
    post.code = [dom.text_of(b) for b in boxes]
    post.body = _without_leftovers(dom.text_of(body))
    if boxes:
        for b in boxes:
            b.decompose()
        post.words = _without_leftovers(dom.text_of(body))
    if notice is not None and not post.body and not post.quotes:
        post.body, post.hidden = notice, notice
    return post


def _without_leftovers(text: str) -> str:
    return "\n".join(ln for ln in text.split("\n") if not LEFTOVER.match(ln)).strip()
