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
    query = ", ".join(f'{tag}[id^="{prefix}"]' for prefix, tag in wanted)
    for el in tree.css(query):
        ident = el.id or ""
        for (prefix, tag), found in zip(wanted, out, strict=True):
            if ident.startswith(prefix) and (not tag or el.tag == tag):
                key = ident[len(prefix) :]
                if key not in found:
                    found[key] = el
                break
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
    whose id starts with ``prefix`` (``pid`` for Discuz!'s post tables), after the prefix; or,
    given ``boxes`` (the posts' own elements by ``mem_id``, with their keys), the nearest of them.

    The kinds in ``together`` are found by one walk of the page (a walk of the tree costs more
    than matching several selectors in it): those each of whose alternatives ends in a tag, and
    whose elements the tag and classes they must have tell apart from the other kinds' (an
    ``h2``, an ``a.xw1``, a ``span.lou`` beside a ``span.fl``), so an element found is filed under
    the one kind it can be; an element that could be more than one (it has both kinds' classes)
    is matched against each. Any other kind is found by a walk of its own. An element is filed
    once under a kind, however many of its alternatives it matches."""

    __slots__ = ("boxes", "filed", "prefix", "together", "tree")

    def __init__(
        self,
        page: Page,
        prefix: str,
        together: Sequence[str] = (),
        boxes: dict[int, str] | None = None,
    ) -> None:
        self.tree, self.prefix, self.boxes = page.tree, prefix, boxes
        self.filed: dict[str, dict[str, list[LexborNode]]] = {}
        self.together = _by_tag(together)

    def of(self, selector: str, key: str) -> list[LexborNode]:
        """The elements of post ``key`` that match, in page order."""
        filed = self.filed.get(selector)
        if filed is None:
            if any(kind == selector for kinds in self.together.values() for _, kind in kinds):
                self._file_together()
            else:
                self.filed[selector] = self._file(selector, {"": [(frozenset(), selector)]})[
                    selector
                ]
            filed = self.filed[selector]
        return filed.get(key, [])

    def first(self, selector: str, key: str) -> LexborNode | None:
        """The first element of post ``key`` that matches."""
        found = self.of(selector, key)
        return found[0] if found else None

    def _file_together(self) -> None:
        kinds = dict.fromkeys(kind for each in self.together.values() for _, kind in each)
        self.filed.update(self._file(", ".join(kinds), self.together))

    def _file(self, query: str, kinds: Kinds) -> dict[str, dict[str, list[LexborNode]]]:
        """The elements ``query`` finds, by kind (``kinds``: by tag, "" for any tag) and post."""
        out: dict[str, dict[str, list[LexborNode]]] = {
            kind: {} for each in kinds.values() for _, kind in each
        }
        anything = kinds.get("")
        last = -1
        for node in self.tree.css(query):
            here = node.mem_id
            if here == last:  # the same element again, for another alternative it matches
                continue
            last = here
            key = self._key(node)
            if key is None:
                continue
            for kind in _kinds_of(node, anything or kinds[node.tag or ""]):
                out[kind].setdefault(key, []).append(node)
        return out

    def _key(self, node: LexborNode) -> str | None:
        """The key of the post ``node`` lies in (None: in none)."""
        up = node.parent
        boxes = self.boxes
        if boxes is not None:
            while up is not None:
                key = boxes.get(up.mem_id)
                if key is not None:
                    return key
                up = up.parent
            return None
        prefix, cut = self.prefix, len(self.prefix)
        while up is not None:
            ident = up.id
            if ident and ident.startswith(prefix):
                return ident[cut:]
            up = up.parent
        return None


Kinds = dict[str, list[tuple[frozenset[str], str]]]
"""Kinds of parts by the tag of their elements: for each, the classes an element of the kind must
have (lower case) and the kind (its selector)."""


def _kinds_of(node: LexborNode, candidates: list[tuple[frozenset[str], str]]) -> list[str]:
    """The kinds among ``candidates`` (of the node's tag) a found element is: told by the classes
    it has, else matched."""
    if len(candidates) == 1:
        return [candidates[0][1]]
    have = frozenset(dom.attr(node, "class").lower().split())
    kinds = list(dict.fromkeys(kind for classes, kind in candidates if classes <= have))
    if len(kinds) != 1:  # more than one it can be (or, never expected, none): ask each
        kinds = [kind for kind in dict.fromkeys(k for _, k in candidates) if node.css_matches(kind)]
    return kinds


def _by_tag(selectors: Sequence[str]) -> Kinds:
    """The selectors that can be found by one walk, by the tags their elements can have: each
    whose every alternative names its tag (no pseudo-class), and whose elements the classes they
    must have tell apart from those of the selectors taken before it (neither kind's classes
    among the other's, for each tag they share); the others are left out."""
    owner: Kinds = {}
    for selector in selectors:
        lasts = dom.last_compounds(selector)
        if lasts is None:
            continue
        if all(
            not (classes <= theirs or theirs <= classes)
            for tag, classes in lasts
            for theirs, _ in owner.get(tag, [])
        ):
            for tag, classes in lasts:
                owner.setdefault(tag, []).append((classes, selector))
    for tag, kinds in owner.items():
        if len({kind for _, kind in kinds}) == 1:  # one kind of this tag: nothing to tell apart
            owner[tag] = kinds[:1]
    return owner


def hidden_notice(nodes: Iterable[LexborNode]) -> str | None:
    """The notice a forum printed instead of a post it hides, found among ``nodes`` (where the
    forum prints its notices)."""
    for node in nodes:
        found = notice_of(dom.line(node))
        if found is not None:
            return found
    return None


def quote_of(block: LexborNode) -> Quote:
    """A quote block: its head line (author and time, with the findpost link) and its text."""
    link = next((a for a in dom.tagged(block, "a") if "pid=" in dom.attr(a, "href")), None)
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
    text = dom.bare_text(body.inner_html or "")
    if text is not None:  # no note, quote, font or code box
        post.body = _without_leftovers(text)
    else:
        _read_parts(post, body, quotes, notes, dom.Scope(body.html or ""))
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
        post.quotes.append(quote_of(block))
        block.decompose()
    if post.quotes:  # what only the quotes held (their links' fonts) is searched for no more
        scope = dom.Scope(body.html or "")
    dom.clean(body, scope)
    post.fonts = dom.fonts(body, scope)
    boxes = dom.code_boxes(body, scope)
    post.code = [dom.text_of(b) for b in boxes]
    post.body = _without_leftovers(dom.body_text(body))
    if boxes:
        for b in boxes:
            b.decompose()
        post.words = _without_leftovers(dom.body_text(body))


def _without_leftovers(text: str) -> str:
    if "[" not in text:  # no line can be a leftover (most bodies)
        return text.strip()
    return "\n".join(ln for ln in text.split("\n") if not LEFTOVER.match(ln)).strip()
