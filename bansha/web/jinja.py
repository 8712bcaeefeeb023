"""The pages' template engine: Jinja2, through Django's backend (``settings.TEMPLATES``).

The pages are rendered by Jinja2, which compiles a template to Python code once per process;
Django's own engine walked a tree of nodes for every value (the player page's templates were over
two thirds of its processor time). Every value is escaped unless it is already HTML
(``__html__``: Django's safe strings and Jinja2's markup alike), a missing value is empty however
deep it is looked up (``ChainableUndefined``: as Django's engine read ``la.mine.targets`` when a
seat had chosen nothing), and each form carries the request's CSRF field (``csrf_input``, worked
out once per page: ``form_token``) and a fresh key (``form_key()``); the catalogue's words are
``message("KEY", **params)``.

What the templates call is here by name: the filters and functions of ``bansha.web.rendering``
and ``bansha.web.console_thread``, ``url(name, *args)`` (Django's ``reverse``) and
``static(path)`` (Django's ``static``), each worked out once per process.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH, get_token
from django.template import loader
from django.templatetags.static import static
from django.urls import get_script_prefix, reverse
from jinja2 import ChainableUndefined, Environment
from markupsafe import Markup

from bansha.web import console_thread, rendering


def url(name: str, *args: object) -> str:
    """``url("act", record.id)``: the path of a named page (Django's ``{% url %}``)."""
    return _path(get_script_prefix(), name, args)


@lru_cache(maxsize=256)
def static_url(path: str) -> str:
    """``static("bansha/site.css")``: a static file's URL (Django's ``{% static %}``), worked out
    once per process (the files and their storage do not change while it runs)."""
    return static(path)


@lru_cache(maxsize=8192)
def _path(prefix: str, name: str, args: tuple[object, ...]) -> str:
    """A named page's path under the script prefix, worked out once per process (the URL
    patterns never change while it runs; a page links the same few paths on every load)."""
    return reverse(name, args=args)


_INDEX = {c: i for i, c in enumerate(CSRF_ALLOWED_CHARS)}
_DRAWN = 256 - 256 % len(CSRF_ALLOWED_CHARS)
"""Random bytes below this are used (``b % 62`` then falls on every character alike)."""


def _random_indices(count: int) -> list[int]:
    """``count`` positions in ``CSRF_ALLOWED_CHARS``, uniform and independent, from the system's
    random source read once or twice (Django's own draw reads it once per character: 32 reads,
    about 57 µs, for each mask)."""
    out: list[int] = []
    while len(out) < count:
        out += [b % len(CSRF_ALLOWED_CHARS) for b in os.urandom(count + 8) if b < _DRAWN]
    return out[:count]


def masked_token(request: HttpRequest) -> str:
    """The request's CSRF token for a form, as Django's ``get_token`` makes it (the cookie's
    secret under a fresh random mask of 32 characters, the cookie renewed with the response),
    the mask drawn by ``_random_indices``. A request that has no secret yet gets Django's own
    (``get_token`` makes the new secret and its cookie)."""
    secret = request.META.get("CSRF_COOKIE")
    if (
        not isinstance(secret, str)
        or len(secret) != CSRF_SECRET_LENGTH
        or not _INDEX.keys() >= set(secret)
    ):
        return get_token(request)
    request.META["CSRF_COOKIE_NEEDS_UPDATE"] = True  # as get_token: the cookie is renewed
    chars, n = CSRF_ALLOWED_CHARS, len(CSRF_ALLOWED_CHARS)
    mask = _random_indices(CSRF_SECRET_LENGTH)
    cipher = "".join(chars[(_INDEX[s] + m) % n] for s, m in zip(secret, mask, strict=True))
    return "".join(chars[m] for m in mask) + cipher


class FormToken:
    """The request's CSRF field for the page's forms, worked out once per page: the backend's
    own ``csrf_input`` is worked out again wherever it is written (a new masked token, 32 random
    characters, for each of a page's forms)."""

    __slots__ = ("_html", "request")

    def __init__(self, request: HttpRequest) -> None:
        self.request = request
        self._html: str | None = None

    def __html__(self) -> str:
        """The hidden input, as the backend's ``csrf_input`` writes it (``masked_token``)."""
        if self._html is None:
            token = masked_token(self.request)  # letters and digits: nothing to escape
            self._html = f'<input type="hidden" name="csrfmiddlewaretoken" value="{token}">'
        return self._html

    __str__ = __html__


CSRF_MARK = Markup("<bansha:csrf>")
"""Where the CSRF field goes in a page rendered to be kept (markup no text of a page can
write)."""
_MARKS = re.compile(f"({re.escape(CSRF_MARK)}|{re.escape(rendering.KEY_MARK)})")


class Skeleton:
    """A page rendered once to be served again, with marks where each request's own values go:
    its CSRF field (``CSRF_MARK``: the request's token under a fresh mask, as ``FormToken``
    writes it) and each form's key (``rendering.KEY_MARK``: a fresh key each). Everything else
    is the page as the template wrote it, kept encoded in the responses' character set
    (``DEFAULT_CHARSET``; encoding a player's page of some 7,000 characters, a tenth of them
    Chinese, cost about 10 µs a request); the caller keeps it only for the very viewer and view
    it was rendered from."""

    __slots__ = ("charset", "kinds", "pieces")

    def __init__(self, html: str) -> None:
        parts = _MARKS.split(html)
        self.charset: str = settings.DEFAULT_CHARSET
        self.pieces: tuple[bytes, ...] = tuple(p.encode(self.charset) for p in parts[0::2])
        self.kinds: tuple[bool, ...] = tuple(p == CSRF_MARK for p in parts[1::2])

    def fill(self, request: HttpRequest) -> bytes:
        """The page for ``request``, encoded as its pieces are: its CSRF field and fresh form
        keys in the marks."""
        field = None
        out = [self.pieces[0]]
        for is_csrf, piece in zip(self.kinds, self.pieces[1:], strict=True):
            if is_csrf:
                if field is None:
                    field = FormToken(request).__html__().encode(self.charset)
                out.append(field)
            else:
                out.append(rendering.form_key().encode(self.charset))
            out.append(piece)
        return b"".join(out)


def skeleton(template_name: str, context: Mapping[str, Any]) -> Skeleton:
    """``template_name`` rendered with ``context`` as a page to be kept (``Skeleton``): no
    request's values in it (no CSRF token, no form key, no flash message: the caller renders a
    page that shows one as usual)."""
    marking = rendering.marking.set(True)
    try:
        html = loader.get_template(template_name).render(
            {**context, "csrf_input": CSRF_MARK, "messages": ()}
        )
    finally:
        rendering.marking.reset(marking)
    return Skeleton(html)


def form_token(request: HttpRequest) -> dict[str, object]:
    """A context processor: ``csrf_input`` worked out once per page (``FormToken``)."""
    return {"csrf_input": FormToken(request)}


def list_slice(items: Any, spec: str) -> Any:
    """``items|list_slice(":5")``: Django's ``slice`` filter, a slice written as text."""
    return items[slice(*(int(p) if p else None for p in spec.split(":")))]


FILTERS = {
    "phase_zh": rendering.phase_zh,
    "when": rendering.when,
    "moment": rendering.moment,
    "get_item": rendering.get_item,
    "fold": rendering.fold,
    "floor_links": rendering.floor_links,
    "confirm_text": rendering.confirm_text,
    "typed_value": rendering.typed_value,
    "stamp": rendering.stamp,
    "said": rendering.said,
    "option_tags": rendering.option_tags,
    "player_pills": rendering.player_pills,
    "record_items": rendering.record_items,
    "vote_items": rendering.vote_items,
    "notice_lines": rendering.notice_lines,
    "announcement_groups": rendering.announcement_groups,
    "list_slice": list_slice,
}
"""The filters the templates use beside Jinja2's own."""

GLOBALS = {
    "url": url,
    "static": static_url,
    "message": rendering.message,
    "form_key": rendering.form_key,
    "clock_words": rendering.clock_words,
    "page_words": rendering.page_words,
    "thread_posts": rendering.thread_posts,
    "lift_rows": rendering.lift_rows,
    "day_links": rendering.day_links,
    "page_links": rendering.page_links,
    "watched_thread": console_thread.watched_thread,
    "watch_every": console_thread.watch_every,
    "own_thread_checks": console_thread.own_thread_checks,
}
"""The functions the templates call."""


_DICT_NAMES = frozenset(dir(dict))
"""Every attribute a plain dict has (its methods): the only names ``getattr`` finds on one."""


class PageEnvironment(Environment):
    """Jinja2's environment with ``{{ v.stage }}`` on a plain dict (every value of an engine
    view) read as the key it is at once. Jinja2 tries the attribute first and reads the key
    only after the failed attribute's exception: about 150 of them on a player page. The answer
    is the same: a plain dict has no attribute but its class's (``.items`` stays the method)."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        """``obj.attribute`` as Jinja2 reads it, a plain dict's key without the detour."""
        if type(obj) is dict and attribute not in _DICT_NAMES:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)


PARTS = {
    "card": "bansha/_card.html",
    "act_form": "bansha/_act.html",
    "rooms": "bansha/_rooms.html",
    "reveal": "bansha/_reveal.html",
    "players": "bansha/_players.html",
    "announcements": "bansha/_announcements.html",
}
"""The pages' shared parts, each a macro of its own file, by name: ``{{ parts.card(v) }}``."""


class Parts:
    """The shared parts' macros (``PARTS``), each file's module made once per environment. A
    macro is given what it writes as arguments: an ``{% include %}`` copied the page's whole
    context for each part (once per legal act on a player page), and ``{% from %}`` compared
    the page's globals with the part's on every render."""

    __slots__ = ("_env", "_macros")

    def __init__(self, env: Environment) -> None:
        self._env = env
        self._macros: dict[str, Any] = {}

    def __getattr__(self, name: str) -> Any:
        """The macro ``name`` (Jinja2 reads a global's attribute this way)."""
        try:
            return self._macros[name]
        except KeyError:
            pass
        if name not in PARTS:
            raise AttributeError(name)
        macro = getattr(self._env.get_template(PARTS[name]).module, name)
        self._macros[name] = macro
        return macro


def environment(**options: Any) -> Environment:
    """The Jinja2 environment of ``settings.TEMPLATES`` (Django's backend passes its options)."""
    options.update(undefined=ChainableUndefined, keep_trailing_newline=True, autoescape=True)
    env = PageEnvironment(**options)
    env.filters.update(FILTERS)
    env.globals.update(GLOBALS)
    env.globals["parts"] = Parts(env)
    return env
