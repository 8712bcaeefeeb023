"""One saved or fetched forum page, parsed once for every reader that tries it, and the reading of
a post body every forum shares: its edit note, its quotes, its banned formatting, its code boxes
and its words; the notice a forum prints instead of a post it hides."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from selectolax.lexbor import LexborHTMLParser, LexborNode

from bansha.forum import dom
from bansha.forum.labels import COLON, HIDDEN, WORDS, alt, alts
from bansha.forum.posts import EDITED, PID_IN_LINK, Footer, Post, Quote, footer, quote_head

_hidden = WORDS.hidden
GENERIC_NOTICE = re.compile(
    rf"{alt(_hidden.tip)}\s*{COLON}\s*"
    rf"(.{{0,80}}?(?:{alts(_hidden.screened, _hidden.deleted, _hidden.banned)}).{{0,80}})"
)
"""Another forum's notice for a hidden post: 「提示: …屏蔽/删除/禁止…」."""
QUOTE_HEADINGS = frozenset({*WORDS.quotes.quoting, "QUOTE", "Quote"})
"""A quote box's heading line (Discuz! 6/7), not the quote's head."""
COLONS = "".join(WORDS.marks.colon)
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


def by_prefix(tree: LexborHTMLParser, *prefixes: str) -> tuple[dict[str, LexborNode], ...]:
    """For each prefix (``table#pid``: of ``table`` elements only), the page's elements whose id
    starts with it, by the rest of the id (the first of each, in page order; an element goes
    under the first prefix it fits): one selector over the page for all of them (a walk of a
    large page's tree costs more than the work per element)."""
    wanted = [(*reversed(p.split("#")), "")[:2] for p in prefixes]
    out: tuple[dict[str, LexborNode], ...] = tuple({} for _ in prefixes)
    which = re.compile("|".join(f"({re.escape(prefix)})" for prefix, _ in wanted))
    query = ", ".join(f'{tag}[id^="{prefix}"]' for prefix, tag in wanted)
    for el in tree.css(query):
        ident = el.id or ""
        m = which.match(ident)
        if m is None:
            continue
        i = (m.lastindex or 1) - 1
        if wanted[i][1] and el.tag != wanted[i][1]:  # another prefix it fits, if any
            i = next(
                (
                    j
                    for j, (prefix, tag) in enumerate(wanted)
                    if ident.startswith(prefix) and (not tag or el.tag == tag)
                ),
                -1,
            )
            if i < 0:
                continue
        found = out[i]
        key = ident[len(wanted[i][0]) :]
        if key not in found:
            found[key] = el
    return out


NOTICE_LENGTH = 200
"""A notice is a line of the forum's, not a post that mentions one."""


def notice_of(text: str) -> str | None:
    """The forum's words when ``text`` is its notice for a hidden post."""
    if len(text) > NOTICE_LENGTH:
        return None
    m = HIDDEN.search(text)
    if m is not None:
        before = text[: m.start()]
        tip = next((text.index(f) for f in _hidden.tip if f in before), m.start())
        return text[tip:].strip()[:120]
    g = GENERIC_NOTICE.search(text)
    return g.group(0).strip() if g else None


class Parts:
    """The parts of a page's posts of one kind, each kind found by one selector over the whole page
    (on first use) and filed under the post it lies in: the id of its nearest enclosing element
    whose id starts with ``prefix`` (``pid`` for Discuz!'s post tables), after the prefix.

    The kinds in ``together`` are found by one walk of the page (a walk of the tree costs more
    than matching several selectors in it): those whose elements' tags no other of them can have
    (each alternative ending in a tag: an ``h2``, an ``a``, a ``div``), so an element found is
    filed under the one kind its tag allows; any other kind is found by a walk of its own."""

    __slots__ = ("filed", "prefix", "together", "tree")

    def __init__(self, page: Page, prefix: str, together: Sequence[str] = ()) -> None:
        self.tree, self.prefix = page.tree, prefix
        self.filed: dict[str, dict[str, list[LexborNode]]] = {}
        self.together = _by_tag(together)

    def of(self, selector: str, key: str) -> list[LexborNode]:
        """The elements of post ``key`` that match, in page order."""
        filed = self.filed.get(selector)
        if filed is None:
            if selector in self.together.values():
                self._file_together()
            else:
                self.filed[selector] = self._file(selector, {"": selector})[selector]
            filed = self.filed[selector]
        return filed.get(key, [])

    def first(self, selector: str, key: str) -> LexborNode | None:
        """The first element of post ``key`` that matches."""
        found = self.of(selector, key)
        return found[0] if found else None

    def _file_together(self) -> None:
        self.filed.update(
            self._file(", ".join(dict.fromkeys(self.together.values())), self.together)
        )

    def _file(self, query: str, kinds: dict[str, str]) -> dict[str, dict[str, list[LexborNode]]]:
        """The elements ``query`` finds, by kind (``kinds``: the kind of each tag; "" for any
        tag) and post."""
        out: dict[str, dict[str, list[LexborNode]]] = {kind: {} for kind in kinds.values()}
        prefix, cut = self.prefix, len(self.prefix)
        anything = kinds.get("")
        for node in self.tree.css(query):
            kind = anything or kinds[node.tag or ""]
            up = node.parent
            while up is not None:
                ident = up.id
                if ident and ident.startswith(prefix):
                    out[kind].setdefault(ident[cut:], []).append(node)
                    break
                up = up.parent
        return out


def _by_tag(selectors: Sequence[str]) -> dict[str, str]:
    """The selectors that can be found by one walk, by the tags their elements can have: each
    whose tags are known and none of them another's (the others are left out)."""
    owner: dict[str, str] = {}
    for selector in selectors:
        tags = dom.last_tags(selector)
        if tags is not None and tags.isdisjoint(owner):
            owner.update(dict.fromkeys(tags, selector))
    return owner


def hidden_notice(nodes: Iterable[LexborNode]) -> str | None:
    """The notice a forum printed instead of a post it hides, found among ``nodes`` (where the
    forum prints its notices)."""
    for node in nodes:
        found = notice_of(dom.line(node))
        if found is not None:
            return found
    return None


def quote_of(block: LexborNode, scope: dom.Scope | None = None) -> Quote:
    """A quote block: its head line (author and time, with the findpost link) and its text."""
    links = dom.below(block, "a[href]", scope)
    link = next((a for a in links if "pid=" in dom.attr(a, "href")), None)
    found = PID_IN_LINK.search(dom.attr(link, "href")) if link is not None else None
    pid = found.group(1) if found else None
    lines = dom.text_of(block).split("\n")
    if lines and lines[0].strip().rstrip(COLONS) in QUOTE_HEADINGS:
        lines = lines[1:]  # Discuz! 6/7 heads the box with its word for a quote and a colon
    head = quote_head(lines[0]) if lines else None
    if head is None:
        return Quote("", None, "\n".join(lines), pid)
    return Quote(head[0], None, "\n".join(lines[1:]).strip(), pid, shown_time=head[1])


def read_body(
    body: LexborNode,
    quotes: str,
    notes: str,
    notices: Iterable[LexborNode] = (),
) -> Post:
    """A post body: the edit notice (``notes``), the quoted posts (``quotes``), the banned
    formatting, the code boxes and the words, in a ``Post`` whose floor, author and time the
    caller sets. The forum's notices about the post (``notices``, where the forum prints them) are
    not its words; a body with nothing but such a notice is the hidden post the notice names.
    Searches for what the body's markup does not hold are skipped (``dom.Scope``)."""
    post = Post(0, "", None, "")
    notice = None
    for node in notices:
        found = notice_of(dom.line(node))
        if found is not None:
            notice = notice or found
            node.decompose()
    markup = body.html or ""
    if dom.bare(markup):
        post.body = _without_leftovers(dom.text_of(body))  # no note, quote, font or code box
    else:
        _read_parts(post, body, quotes, notes, dom.Scope(markup))
    if notice is not None and not post.body and not post.quotes:
        post.body, post.hidden = notice, notice
    return post


def _read_parts(post: Post, body: LexborNode, quotes: str, notes: str, scope: dom.Scope) -> None:
    """The edit notice, the quotes, the banned formatting, the code boxes and the words of a body
    whose markup holds more than text and line breaks."""
    for note in dom.below(body, notes, scope):
        m = EDITED.search(dom.line(note)[:200])
        if m:
            post.edited_by, post.edited_shown = m.group("by"), m.group("time")
            note.decompose()
    for block in dom.outermost(dom.below(body, quotes, scope), quotes, scope):
        post.quotes.append(quote_of(block, scope))
        block.decompose()
    dom.clean(body, scope)
    post.fonts = dom.fonts(body, scope)
    boxes = dom.code_boxes(body, scope)
    post.code = [dom.text_of(b) for b in boxes]
    post.body = _without_leftovers(dom.text_of(body))
    if boxes:
        for b in boxes:
            b.decompose()
        post.words = _without_leftovers(dom.text_of(body))


def _without_leftovers(text: str) -> str:
    if "[" not in text:  # no line can be a leftover (most bodies)
        return text.strip()
    return "\n".join(ln for ln in text.split("\n") if not LEFTOVER.match(ln)).strip()
