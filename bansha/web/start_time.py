"""The new-game form's clock: whether the game keeps one, its start (a date and a time in the game's
zone) and the zone itself (R-ALL-10), read into the game's options ``start_at`` and ``timezone``.

The zones offered and their Chinese names are the clock's catalogue (``engine/zones.yaml``)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone as django_time

from bansha.engine import RuleError, clock

EARLIEST = timedelta(hours=1)
"""How far in the past a start may lie (a form filled in a little while ago). Further back, the
deadline worker would close stage after stage at once."""


def fields(form: Any = None) -> dict[str, Any]:
    """What the form's start fields show: as typed (after an error), else now in the default zone."""
    zone = (form.get("timezone") if form is not None else "") or clock.DEFAULT_ZONE
    if zone not in clock.zone_names():
        zone = clock.DEFAULT_ZONE
    now = clock.local(django_time.now(), clock.game_zone(zone))
    return {
        "zones": list(clock.zone_names().items()),
        "zone": zone,
        "clock": True if form is None else bool(form.get("clock")),
        "date": form.get("start_date", "") if form is not None else now.strftime("%Y-%m-%d"),
        "time": form.get("start_time", "") if form is not None else now.strftime("%H:%M"),
    }


def read(form: Any, now: datetime | None = None) -> dict[str, Any]:
    """The options the form's clock fields set: ``timezone`` always, ``start_at`` (in that zone)
    when the game keeps a clock; blank date and time start it now. RuleError in Chinese."""
    name = (form.get("timezone") or clock.DEFAULT_ZONE).strip()
    zone = clock.game_zone(name)
    options: dict[str, Any] = {"timezone": name}
    if not form.get("clock"):
        return options
    now = now or django_time.now()
    day, hour = (form.get("start_date") or "").strip(), (form.get("start_time") or "").strip()
    if not day and not hour:
        options["start_at"] = clock.local(now, zone).isoformat()
        return options
    if not day or not hour:
        raise RuleError(clock.word("start_half"))
    start = clock.local(clock.parse_moment(f"{day}T{hour}", zone), zone)
    if start < now - EARLIEST:
        raise RuleError(
            clock.word("start_too_early").format(moment=clock.format_moment(start, name))
        )
    options["start_at"] = start.isoformat()
    return options
