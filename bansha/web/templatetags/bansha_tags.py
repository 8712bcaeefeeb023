"""Template filters for the pages."""

from __future__ import annotations

import secrets
from typing import Any

from django import template
from django.utils.html import format_html, format_html_join, json_script

from bansha.engine import clock

register = template.Library()


@register.simple_tag
def form_key() -> str:
    """A fresh random key for one rendered form (128 bits): the same form sent twice lands once;
    two renders never share one, however close together."""
    return secrets.token_urlsafe(16)


@register.filter
def phase_zh(label: str | None) -> str:
    """``day 2`` → 第2天, ``night 1`` → 第1夜, ``start`` → 开局, ``ended`` → 已结束."""
    if not label:
        return ""
    parts = str(label).split()
    if parts[0] == "day":
        return f"第{parts[1]}天"
    if parts[0] == "night":
        return f"第{parts[1]}夜"
    return {"start": "开局", "ended": "已结束", "setup": "准备"}.get(parts[0], label)


@register.filter
def when(iso: str | None, tz: str = clock.DEFAULT_ZONE) -> str:
    """An ISO time as the game's clock shows it, e.g. ``11月30日 16:39`` (a post's or a message's
    time, beside others in the same zone)."""
    if not iso:
        return ""
    return clock.format_local(clock.parse_moment(iso, clock.game_zone(tz)), tz)


@register.filter
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


@register.simple_tag
def clock_words() -> str:
    """The clock's words for the page's script (the viewer's own time), as a JSON script element."""
    words = {
        key: clock.word(key).replace(":02d}", "}")  # the script pads hours and minutes itself
        for key in ("moment", "named", "viewer")
    }
    return json_script({**words, "zones": clock.zone_names()}, "clock-words")


PAGE_WORDS = {
    "held": "LIVE_HELD",
    "h": "TIME_LEFT",
    "m": "TIME_LEFT_MINUTES",
    "up": "TIME_UP",
    "copied": "COPIED",
}
"""The words the pages' script shows (``static/bansha/page.js``), by its name for each: messages
of the catalogue (``bansha.texts``)."""


@register.simple_tag
def page_words() -> str:
    """The catalogue's words for the pages' script, as a JSON script element (data, not script:
    the Content-Security-Policy allows no inline script, and this is never run)."""
    from bansha import texts

    return json_script(
        {k: str(getattr(texts, name)) for k, name in PAGE_WORDS.items()}, "page-words"
    )


@register.filter
def get_item(mapping: dict[str, object], key: str) -> object:
    """``counts|get_item:name``: a dict's value by a variable key (0 when missing)."""
    return mapping.get(key, 0)


@register.filter
def fold(chat: dict[str, Any], limit: int) -> dict[str, object]:
    """``chat|fold:100``: a view's team chat, its last ``limit`` messages and how many earlier
    ones are folded away (``limit`` 0: every message the view carries). The view carries a
    window of the latest messages and the chat's ``total``."""
    items: list[object] = chat["messages"]
    shown = items[-limit:] if limit else items
    return {"shown": shown, "hidden": int(chat.get("total", len(items))) - len(shown)}


@register.filter
def floor_links(floors: list[tuple[int, int]], day: int) -> str:
    """The 电梯楼's links to one player's floors, ``(floor, page)`` pairs → 「3楼、7楼」 (built here,
    not in a template loop: a busy day has thousands)."""
    return format_html_join(
        "、", '<a href="?day={}&amp;page={}#floor-{}">{}楼</a>', ((day, p, f, f) for f, p in floors)
    )


@register.simple_tag
def text(name: str, **params: object) -> str:
    """``{% text "CHOOSE" %}``: a message of the platform's catalogue (``bansha.texts``)."""
    from bansha import texts

    value = str(getattr(texts, name))
    return value.format(**params) if params else value


@register.filter
def confirm_text(skill: str) -> str:
    """The question asked before a final act (投降, 拍刀 ...)."""
    from bansha import texts

    return texts.CONFIRM_FINAL.format(skill=skill)


@register.filter
def typed_value(typed: dict[str, object], name: str) -> object:
    """``typed.options|typed_value:field.name``: what the director typed in a field, or None."""
    return typed.get(name) if isinstance(typed, dict) else None


@register.filter
def stamp(moment: object, tz: str = "Asia/Shanghai") -> str:
    """A stored datetime (a game's creation) as the game's local date and time."""
    from datetime import datetime

    return when(moment.isoformat(), tz) if isinstance(moment, datetime) else ""
