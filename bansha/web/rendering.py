"""What the pages' templates call: filters (``{{ value|phase_zh }}``) and functions
(``{{ message("CHOOSE") }}``), given to the template engine by ``bansha.web.jinja``."""

from __future__ import annotations

import html
import secrets
from collections.abc import Iterable, Mapping, Sequence
from contextvars import ContextVar
from functools import cache, lru_cache
from typing import Any

from django.utils.html import format_html, json_script
from django.utils.safestring import SafeString

from bansha.engine import clock

KEY_MARK = SafeString("<bansha:form-key>")
"""Where a form's key goes in a page rendered to be kept (``jinja.Skeleton``): markup no text of
a page can write (every text is escaped), filled with a fresh key for each request."""
marking: ContextVar[bool] = ContextVar("marking", default=False)
"""True while a page is rendered to be kept (this thread's render only)."""


def form_key() -> str:
    """A fresh random key for one rendered form (128 bits): the same form sent twice lands once;
    two renders never share one, however close together. (``KEY_MARK`` while a page is rendered
    to be kept: each request fills in its own.)"""
    if marking.get():
        return KEY_MARK
    return secrets.token_urlsafe(16)


def phase_zh(label: str | None) -> str:
    """``day 2`` → 第2天, ``night 1`` → 第1夜, ``start`` → 开局, ``ended`` → 已结束."""
    if not label:
        return ""
    from bansha import texts

    parts = str(label).split()
    if parts[0] == "day":
        return texts.PHASE_DAY.format(n=parts[1])
    if parts[0] == "night":
        return texts.PHASE_NIGHT.format(n=parts[1])
    words = {"start": texts.PHASE_START, "ended": texts.PHASE_ENDED, "setup": texts.PHASE_SETUP}
    return words.get(parts[0], label)


def when(iso: str | None, tz: str = clock.DEFAULT_ZONE) -> str:
    """An ISO time as the game's clock shows it, e.g. ``11月30日 16:39`` (a post's or a message's
    time, beside others in the same zone)."""
    if not iso:
        return ""
    return _local_time(str(iso), str(tz))


@lru_cache(maxsize=16384)
def _local_time(iso: str, tz: str) -> str:
    """``when``'s text, worked out once per time and zone in the process: a page shows the same
    messages' times on every load (a chat's window holds 100). A pure function of its two
    arguments, so sharing it between viewers shows nobody anything."""
    return clock.format_local(clock.parse_moment(iso, clock.game_zone(tz)), tz)


def moment(iso: str | None, tz: str = clock.DEFAULT_ZONE) -> str:
    """A deadline in the game's zone with the zone named (R-ALL-10): 「12月3日 12:00（北京时间）」,
    as a ``<time>`` the page's script follows with the viewer's own time when their zone differs."""
    if not iso:
        return ""
    zone = clock.game_zone(tz)
    at = clock.local(clock.parse_moment(iso, zone), zone)
    return format_html(
        '<time class="moment" datetime="{}" data-zone="{}">{}</time>',
        at.isoformat(),
        tz,
        clock.format_moment(at, tz),
    )


@cache
def clock_words() -> SafeString:
    """The clock's words for the page's script (the viewer's own time), as a JSON script element
    (the catalogue's, the same on every page: built once per process)."""
    words = {
        key: clock.word(key).replace(":02d}", "}")  # the script pads hours and minutes itself
        for key in ("moment", "named", "viewer")
    }
    return json_script({**words, "zones": clock.zone_names()}, "clock-words")


PAGE_WORDS = {
    "held": "LIVE_HELD",
    "h": "TIME_LEFT",
    "m": "TIME_LEFT_MINUTES",
    "soon": "TIME_LEFT_UNDER_MINUTE",
    "up": "TIME_UP",
    "copied": "COPIED",
}
"""The words the pages' script shows (``static/bansha/page.js``), by its name for each: messages
of the catalogue (``bansha.texts``)."""


@cache
def page_words() -> SafeString:
    """The catalogue's words for the pages' script, as a JSON script element (data, not script:
    the Content-Security-Policy allows no inline script, and this is never run); built once per
    process."""
    from bansha import texts

    return json_script(
        {k: str(getattr(texts, name)) for k, name in PAGE_WORDS.items()}, "page-words"
    )


def get_item(mapping: dict[str, object], key: str) -> object:
    """``counts|get_item(name)``: a dict's value by a variable key (0 when missing)."""
    return mapping.get(key, 0)


def fold(chat: dict[str, Any], limit: int) -> dict[str, object]:
    """``chat|fold(100)``: a view's team chat, its last ``limit`` messages and how many earlier
    ones are folded away (``limit`` 0: every message the view carries). The view carries a
    window of the latest messages and the chat's ``total``."""
    items: list[object] = chat["messages"]
    shown = items[-limit:] if limit else items
    return {"shown": shown, "hidden": int(chat.get("total", len(items))) - len(shown)}


def floor_links(floors: list[tuple[int, int]], day: object) -> SafeString:
    """The 电梯楼's links to one player's floors, ``(floor, page)`` pairs → 「3楼、7楼」 (built here,
    not in a template loop: a page has fifty)."""
    from bansha import texts

    form = '<a href="?day={}&amp;page={}#floor-{}">{}</a>'
    return SafeString(
        texts.LIST_SEP.join(
            _fill(form, day, p, f, texts.THREAD_FLOOR.format(floor=f)) for f, p in floors
        )
    )


def message(name: str, **params: object) -> str:
    """``message("CHOOSE")``: a message of the platform's catalogue (``bansha.texts``)."""
    from bansha import texts

    value = str(getattr(texts, name))
    return value.format(**params) if params else value


def confirm_text(skill: str) -> str:
    """The question asked before a final act (投降, 拍刀 ...)."""
    from bansha import texts

    return texts.CONFIRM_FINAL.format(skill=skill)


def typed_value(typed: dict[str, object], name: str) -> object:
    """``typed.options|typed_value(field.name)``: what the director typed in a field, or None."""
    return typed.get(name) if isinstance(typed, dict) else None


def stamp(moment: object, tz: str = "Asia/Shanghai") -> str:
    """A stored datetime (a game's creation) as the game's local date and time."""
    from datetime import datetime

    return when(moment.isoformat(), tz) if isinstance(moment, datetime) else ""


# The long lists of a page, built here rather than in a template loop (as ``floor_links``): a
# chat's window holds 100 messages, a two-week game's record and announcements hundreds of lines,
# and a template loop cost (in Django's engine, which rendered the pages before Jinja2) about as
# much per item as the rest of the page. Each filter writes exactly what the loop it replaced
# wrote, every value escaped (``html.escape``; a value already safe as it is), without ``format_html``'s per-call wrapping,
# which cost more than the escaping itself (about 900 values on a long game's page).


def _escaped(value: object) -> str:
    """``value`` as ``conditional_escape`` writes it: its own HTML when it has one, else escaped
    (a plain text by ``escaped_text``, a number as its digits)."""
    kind = type(value)
    if kind is str:
        return escaped_text(value)
    if kind is int:
        return str(value)
    html_of = getattr(value, "__html__", None)
    return str(html_of()) if html_of is not None else html.escape(str(value))


@lru_cache(maxsize=8192)
def escaped_text(text: str) -> str:
    """``html.escape(text)``, kept for the next time the same text is written: a page writes the
    same names, stages and lines on every load (about 150 values a player page), and a kept one
    costs a look-up instead of five passes over the text. A pure function of the text: nothing
    one viewer's page writes can reach another's except as that viewer's own text escaped."""
    return html.escape(text)


def _fill(form: str, *values: object) -> SafeString:
    """``format_html(form, *values)``: the form filled with the values escaped. (A text made
    here is marked safe as ``SafeString(text)``: ``mark_safe`` answers the same for a text,
    through a wrapper that first looks for a lazy argument.)"""
    return SafeString(form.format(*map(_escaped, values)))


def _rows(form: str, rows: Iterable[Iterable[object]]) -> SafeString:
    """``format_html_join("", form, rows)``: one filled form per row, joined."""
    return SafeString("".join([form.format(*map(_escaped, row)) for row in rows]))


def said(messages: Iterable[Mapping[str, Any]], tz: str = clock.DEFAULT_ZONE) -> SafeString:
    """A team chat's or a room's messages, oldest first: 「甲（观众）」 by, text and local time."""
    from bansha import texts

    return _rows(
        '<p class="said"><span class="pill">{}{}</span>{}{}</p>',
        (
            (
                m.get("by", ""),
                texts.SPECTATOR_MARK if m.get("spectator") else "",
                m.get("text", ""),
                _time_tag("time", m.get("at"), tz),
            )
            for m in messages
        ),
    )


def _time_tag(tag: str, at: str | None, tz: str) -> SafeString | str:
    """`` <tag class="muted">11月30日 16:39</tag>`` after a line, or nothing without a time."""
    return _fill(' <{} class="muted">{}</{}>', tag, when(at, tz), tag) if at else ""


def thread_posts(
    posts: Iterable[Mapping[str, Any]],
    tz: str,
    day: object,
    can_post: bool,
    floors: Sequence[Mapping[str, Any]] = (),
) -> SafeString:
    """A page of the discussion thread's floors: number, author, local time, the 引用 link
    (``can_post``), the quoted floor (its author and the start of its text, from ``floors``: every
    floor of the day), the text (its line breaks kept) and how a vote post was read."""
    from django.template.defaultfilters import linebreaksbr

    from bansha import texts

    quote = ' · <a href="?day={}&amp;quote={}#post-form" class="quote-link">{}</a>'
    return _rows(
        '<article class="post" id="floor-{0}" data-floor="{0}" data-by="{1}">\n'
        '<p class="muted"><strong>{2}</strong> {1}{3}{4}</p>\n{5}\n'
        '<p class="post-text">{6}</p>\n{7}\n</article>',
        (
            (
                p["floor"],
                p["by"],
                texts.THREAD_FLOOR.format(floor=p["floor"]),
                _fill(" · {}", when(p["at"], tz)) if p.get("at") else "",
                _fill(quote, day, p["floor"], texts.THREAD_QUOTE) if can_post else "",
                quoted(p.get("quote"), floors),
                linebreaksbr(p["text"]),
                _fill('<p class="vote-note"><span class="pill">{}</span></p>', p["vote"])
                if p.get("vote")
                else "",
            )
            for p in posts
        ),
    )


QUOTE_SHOWN = 40
"""Characters of a quoted floor's text shown above the post that quotes it."""


def quoted(floor: int | None, floors: Sequence[Mapping[str, Any]]) -> SafeString | str:
    """The quote above a post that quotes ``floor``: 「引用 1楼 甲：……」, the floor's text on one
    line and cut to ``QUOTE_SHOWN`` characters (floors are numbered from 1 each day, in order);
    nothing for a post that quotes no floor of ``floors``."""
    from bansha import texts

    post = floors[floor - 1] if floor and 0 < floor <= len(floors) else None
    if post is None or post.get("floor") != floor:
        return ""
    text = " ".join(str(post.get("text", "")).split())
    if len(text) > QUOTE_SHOWN:
        text = text[:QUOTE_SHOWN] + texts.THREAD_QUOTE_CUT
    return _fill(
        "<blockquote>{}</blockquote>",
        texts.THREAD_QUOTED.format(floor=floor, by=post.get("by", ""), text=text),
    )


def lift_rows(lift: Iterable[tuple[str, Mapping[str, Any]]], day: object) -> SafeString:
    """The 电梯楼's rows: each player who posted that day (a link to 只看 their floors), how many
    floors, and links to those on this page (``(floor, page)`` pairs)."""
    from django.template.defaultfilters import urlencode

    from bansha import texts

    return _rows(
        '<p class="lift-row"><a href="?day={}&amp;author={}">{}</a>{}{}</p>',
        (
            (
                day,
                urlencode(name),
                name,
                texts.THREAD_LIFT_COUNT.format(count=row["count"]),
                SafeString(texts.THREAD_LIFT_FLOORS.format(links=floor_links(row["here"], day)))
                if row["here"]
                else "",
            )
            for name, row in lift
        ),
    )


def day_links(days: Iterable[int], day: int) -> SafeString:
    """The thread's game days, 「第1天 · 第2天」: the day shown in bold, every other one a link."""
    return SafeString(
        " · ".join(
            _fill("<strong>{}</strong>", phase_zh(f"day {d}"))
            if d == day
            else _fill('<a href="?day={}">{}</a>', d, phase_zh(f"day {d}"))
            for d in days
        )
    )


def page_links(
    page: Any, numbers: Iterable[object], key: str = "page", anchor: str = "", **query: object
) -> SafeString:
    """A pager's numbers: this page's in bold, a gap as the paginator's ellipsis, every other
    one a link to ``?`` + ``query`` (its empty values left out) + ``key=number`` (+ ``#anchor``),
    each followed by a space."""
    from django.template.defaultfilters import urlencode

    fixed = "".join(
        f"{k}={urlencode(str(v))}&amp;" for k, v in query.items() if v not in ("", None)
    )
    tail = f"#{anchor}" if anchor else ""
    out = []
    for n in numbers:
        if n == page.number:
            out.append(_fill("<strong>{}</strong> ", n))
        elif n == page.paginator.ELLIPSIS:
            out.append(_fill("{} ", n))
        else:
            out.append(_fill('<a href="?{}{}={}{}">{}</a> ', SafeString(fixed), key, n, tail, n))
    return SafeString("".join(out))


def option_tags(
    options: Iterable[Mapping[str, Any]], act: Mapping[str, Any] | None = None
) -> SafeString:
    """A form's choices of players: one ``<option>`` per seat, its number and name; with the
    form's ``act`` (a legal act of the view), the player's standing choice selected (a vote's
    target, an act's target); with what a refused form sent instead (``forms.typed_back``: it
    has a ``form``), its pick selected again."""
    given = act or {}
    chosen: set[Any]
    if "form" in given:  # a refused form's pick, by seat number
        key, chosen = "seat", {str(given.get("pick", ""))}
    else:  # the standing choice, by name
        mine = given.get("mine") or {}
        key = "name"
        chosen = {mine.get("for")} if given.get("key") == "vote" else set(mine.get("targets", ()))
    return _rows(
        '<option value="{}"{}>{}</option>',
        (
            (
                o.get("seat", ""),
                " selected" if str(o.get(key)) in chosen else "",
                o.get("name", ""),
            )
            for o in options
        ),
    )


def player_pills(players: Iterable[Mapping[str, Any]]) -> SafeString:
    """Every seat in order, 「3. 丙」, those known to be out marked ``out``."""
    return _rows(
        '<span class="pill {}">{}. {}</span>',
        (("out" if p.get("out") else "", n, p.get("name", "")) for n, p in enumerate(players, 1)),
    )


def vote_items(votes: Iterable[Mapping[str, Any]]) -> SafeString:
    """The stage's votes in the order cast (本阶段投票): 「甲 → 乙」, 弃权 for a vote for no one, a
    changed vote marked (every change is a line: a busy day's list runs to hundreds)."""
    from bansha import texts

    changed = (
        _fill(' class="change"'),
        _fill(' <span class="muted">{}</span>', texts.VOTE_CHANGE_MARK),
    )
    return _rows(
        "<li{}>{} → {}{}</li>",
        (
            (
                changed[0] if b.get("change") else "",
                b.get("by", ""),
                b.get("for") or texts.ABSTAIN,
                changed[1] if b.get("change") else "",
            )
            for b in votes
        ),
    )


def record_items(rows: list[Mapping[str, Any]], tz: str = clock.DEFAULT_ZONE) -> SafeString:
    """A seat's own record (我的记录), the latest first: when, stage, text, local time."""
    return _rows(
        '<li data-kind="{}"><span class="pill">{}{}</span> {}{}</li>',
        (
            (
                r.get("kind", ""),
                r.get("when", ""),
                _fill(" {}", r["stage"]) if r.get("stage") else "",
                r.get("text", ""),
                _time_tag("span", r.get("at"), tz),
            )
            for r in reversed(rows)
        ),
    )


def notice_lines(notices: list[Mapping[str, Any]], tz: str = clock.DEFAULT_ZONE) -> SafeString:
    """A seat's private notices (私信通知), the latest first: phase, text, local time."""
    return _rows(
        '<p><span class="pill">{}</span>{}{}</p>',
        (
            (phase_zh(n.get("phase")), n.get("text", ""), _time_tag("span", n.get("at"), tz))
            for n in reversed(notices)
        ),
    )


def announcement_groups(announcements: list[Mapping[str, Any]]) -> SafeString:
    """The announcements by phase, the latest phase first (each run of one phase a group, as
    announced); within a phase, in the order announced."""
    runs: list[tuple[Any, list[Mapping[str, Any]]]] = []
    for a in announcements:
        phase = a.get("phase")
        if runs and runs[-1][0] == phase:
            runs[-1][1].append(a)
        else:
            runs.append((phase, [a]))
    return _rows(
        '<h3 class="phase">{}</h3>{}',
        (
            (
                phase_zh(phase),
                _rows("<p>{}</p>", ((a.get("text", ""),) for a in run)),
            )
            for phase, run in reversed(runs)
        ),
    )
