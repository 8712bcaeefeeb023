"""Template filters for the pages."""

from __future__ import annotations

import secrets

from django import template
from django.utils.html import format_html_join

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
def when(iso: str | None, tz: str = "Asia/Shanghai") -> str:
    """An ISO time as the game's local time, e.g. ``11月30日 16:39``."""
    if not iso:
        return ""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    t = datetime.fromisoformat(str(iso)).astimezone(ZoneInfo(tz))
    return f"{t.month}月{t.day}日 {t:%H:%M}"


@register.filter
def get_item(mapping: dict[str, object], key: str) -> object:
    """``counts|get_item:name``: a dict's value by a variable key (0 when missing)."""
    return mapping.get(key, 0)


@register.filter
def fold(items: list[object], limit: int) -> dict[str, object]:
    """``messages|fold:100``: the last ``limit`` items and how many earlier ones are folded away
    (``limit`` 0: all of them)."""
    if not limit or len(items) <= limit:
        return {"shown": items, "hidden": 0}
    return {"shown": items[-limit:], "hidden": len(items) - limit}


@register.filter
def floor_links(floors: list[tuple[int, int]], day: int) -> str:
    """The 电梯楼's links to one player's floors, ``(floor, page)`` pairs → 「3楼、7楼」 (built here,
    not in a template loop: a busy day has thousands)."""
    return format_html_join(
        "、", '<a href="?day={}&amp;page={}#floor-{}">{}楼</a>', ((day, p, f, f) for f, p in floors)
    )
