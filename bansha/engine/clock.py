"""The game's clock (R-ALL-10): 「Every clock time in a post (12:00, 21:00, 次日11:30) is local time in
the game's time zone (default Asia/Shanghai, 北京时间), whatever zone the moment a stage opens or
closes is expressed in, and across daylight-saving changes.」

Moments are aware datetimes only. A clock time ("12:00") is found in the game's zone; a duration in
minutes is elapsed time (counted in UTC, so a daylight-saving change does not stretch it); a
number of natural days keeps the local clock time. Deadlines are written in the game's zone.

How a moment is shown (「12月3日 12:00（北京时间）」) and each zone's Chinese name come from the
catalogue ``zones.yaml`` beside this module: pages, forum code, announcements and notices all
format times here.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from pathlib import Path
from typing import Any, Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import yaml

from bansha import texts
from bansha.engine.errors import RuleError, SetupError

DEFAULT_ZONE: Final = "Asia/Shanghai"
"""The zone of a game that names none: 北京时间."""

CLOCK: Final = re.compile(r"^([01]?\d|2[0-3])[:\uff1a]([0-5]\d)$")
"""A clock time, 20:30 or 20：30 (a full-width colon)."""


@cache
def catalogue() -> dict[str, Any]:
    """The clock's words and the zones' Chinese names (read once)."""
    with open(Path(__file__).with_name("zones.yaml"), encoding="utf-8") as f:
        data: dict[str, Any] = yaml.safe_load(f)
    return data


def word(key: str) -> str:
    """One of the clock's words (a template)."""
    return str(catalogue()["words"][key])


def zone_names() -> dict[str, str]:
    """IANA name → Chinese name, in the catalogue's order (the new-game form's list)."""
    return {str(k): str(v) for k, v in catalogue()["zones"].items()}


@cache
def game_zone(name: str) -> ZoneInfo:
    """The zone named ``name`` (an IANA name), or a clear error."""
    try:
        return ZoneInfo(str(name))
    except (ZoneInfoNotFoundError, ValueError) as e:
        raise SetupError(word("unknown_zone").format(zone=name)) from e


def parse_clock(value: Any) -> tuple[int, int]:
    """A clock time "12:00" → (12, 0), or a clear error."""
    m = CLOCK.match(str(value).strip())
    if not m:
        raise SetupError(word("bad_clock").format(value=value))
    return int(m.group(1)), int(m.group(2))


def parse_moment(value: Any, zone: ZoneInfo) -> datetime:
    """An ISO 8601 moment; without a UTC offset it is local time in ``zone``. Always aware."""
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, date):
        moment = datetime(value.year, value.month, value.day)
    else:
        text = str(value).strip()
        try:
            moment = datetime.fromisoformat(text.replace("Z", "+00:00") if text else text)
        except ValueError as e:
            raise SetupError(word("bad_moment").format(value=value)) from e
    return moment.replace(tzinfo=zone) if moment.tzinfo is None else moment


def local(moment: datetime, zone: ZoneInfo) -> datetime:
    """The same moment, in ``zone``."""
    return moment.astimezone(zone)


def _at(day: date, hour: int, minute: int, zone: ZoneInfo) -> datetime:
    """The moment the clock in ``zone`` shows ``hour:minute`` on ``day``. A time that a
    daylight-saving change skips is read with the offset before the change (02:30 → 03:30)."""
    wall = datetime.combine(day, time(hour, minute), tzinfo=zone)
    return wall.astimezone(UTC).astimezone(zone)


def next_clock_time(
    at: datetime, clock: str, zone: ZoneInfo, since: datetime | None = None
) -> datetime:
    """The first moment strictly after ``at`` at which the clock in ``zone`` shows ``clock``: a
    stage opened at 13:05 with ``until: "12:00"`` ends at 12:00 the next day; one opened at 10:00
    ends at 12:00 the same day (R-ALL-10: an early close starts the next stage then, and its
    deadline is still the post's next clock time). With ``since`` (later than ``at``), the first
    such moment at ``since`` or after it."""
    hour, minute = parse_clock(clock)
    after = at.astimezone(UTC)  # compared as instants (same-zone datetimes compare wall clocks)
    floor = since.astimezone(UTC) if since is not None and since > at else None
    day = local(floor if floor is not None else at, zone).date()
    while True:
        candidate = _at(day, hour, minute, zone)
        instant = candidate.astimezone(UTC)
        if instant > after and (floor is None or instant >= floor):
            return candidate
        day += timedelta(days=1)


def clock_time_on(at: datetime, clock: str, zone: ZoneInfo, days: int) -> datetime:
    """``clock`` in ``zone`` on the ``days``-th calendar day after the day of ``at`` there
    (R-M103-20 「第一个讨论日为两个自然日」: opened 6月1日 23:00, ``days`` 2 → 6月3日 at ``clock``)."""
    hour, minute = parse_clock(clock)
    return _at(local(at, zone).date() + timedelta(days=days), hour, minute, zone)


def after_minutes(at: datetime, minutes: int, zone: ZoneInfo) -> datetime:
    """``minutes`` of elapsed time after ``at`` (60 minutes stay 60 across a clock change)."""
    return (at.astimezone(UTC) + timedelta(minutes=minutes)).astimezone(zone)


def after_days(at: datetime, days: int, zone: ZoneInfo) -> datetime:
    """The same local clock time ``days`` natural days later (一天: 12:00 → 次日12:00, also on the
    day the clocks change)."""
    start = local(at, zone)
    return _at(start.date() + timedelta(days=days), start.hour, start.minute, zone).replace(
        second=start.second, microsecond=start.microsecond
    )


def _day1(spec: dict[str, Any], key: str, day: int) -> Any:
    """A timetable key, or its ``<key>_day1`` form on day 1 (M103's first discussion day)."""
    first = f"{key}_day1"
    return spec[first] if day == 1 and first in spec else spec.get(key)


def _option(value: Any, options: dict[str, Any]) -> Any:
    """A timetable value, or the option it names (``"{close_time}"``)."""
    text = str(value)
    if text.startswith("{") and text.endswith("}"):
        return options[text[1:-1]]
    return value


def stage_deadline(
    spec: dict[str, Any],
    day: int,
    at: datetime | None,
    zone: ZoneInfo,
    options: dict[str, Any],
) -> datetime | None:
    """A stage's deadline from its timetable entry, for a stage opened at ``at`` on ``day``:

    - ``until: "12:00"``: the next 12:00 in the game's zone after it opens (never the instant it
      opens); ``until: "{close_time}"`` reads the clock time from that option; with
      ``calendar_day1: 2``, day 1 ends at that clock time on the second calendar day after the
      day it opens; with ``min_hours: 12`` (or ``"{min_day_hours}"``), at the first such time at
      least that many hours after it opens (R-M103-20: 「第一个讨论日为两个自然日，此后一天一关门」, so a
      day the director closed early pulls the schedule forward without giving the next day
      only an hour);
    - ``days: 1``: the same local clock time one natural day later;
    - ``minutes: 60``: sixty minutes of elapsed time.

    Each key has a ``<key>_day1`` form for day 1. No opening time (a game without a clock): none.
    """
    if at is None:
        return None
    until = _day1(spec, "until", day)
    if until:
        text = str(_option(until, options))
        calendar = spec.get("calendar_day1") if day == 1 else None
        if calendar:
            return clock_time_on(at, text, zone, int(calendar))
        hours = spec.get("min_hours")
        if hours is not None:
            since = at.astimezone(UTC) + timedelta(hours=float(_option(hours, options) or 0))
            return next_clock_time(at, text, zone, since)
        return next_clock_time(at, text, zone)
    days = _day1(spec, "days", day)
    if days:
        return after_days(at, int(days), zone)
    minutes = _day1(spec, "minutes", day)
    return after_minutes(at, int(minutes), zone) if minutes else None


def zone_label(zone_name: str, moment: datetime | None = None) -> str:
    """A zone's Chinese name (北京时间), or its UTC offset at ``moment`` when the catalogue has none."""
    names = zone_names()
    if zone_name in names:
        return names[zone_name]
    offset = (moment or datetime.now(UTC)).astimezone(game_zone(zone_name)).utcoffset()
    total = int(offset.total_seconds() // 60) if offset is not None else 0
    sign = "+" if total >= 0 else "-"
    hours, minutes = divmod(abs(total), 60)
    return word("offset").format(sign=sign, hours=hours, minutes=minutes)


def format_local(moment: datetime, zone_name: str) -> str:
    """A moment as the clock in the zone shows it: 「12月3日 12:00」."""
    t = local(moment, game_zone(zone_name))
    return word("moment").format(month=t.month, day=t.day, hour=t.hour, minute=t.minute)


def format_moment(moment: datetime | str | None, zone_name: str = DEFAULT_ZONE) -> str:
    """A moment in the game's zone with the zone named: 「12月3日 12:00（北京时间）」 ("" for none).
    The one formatter behind every deadline a player, the director or the forum reads."""
    if moment is None or moment == "":
        return ""
    if isinstance(moment, str):
        moment = parse_moment(moment, game_zone(zone_name))
    return word("named").format(
        moment=format_local(moment, zone_name), zone=zone_label(zone_name, moment)
    )


def scenario_time(moment: datetime | None, zone: ZoneInfo) -> str | None:
    """A moment as scenario files write deadlines: "YYYY-MM-DD HH:MM", local in the game's zone."""
    return None if moment is None else local(moment, zone).strftime("%Y-%m-%d %H:%M")


def check_deadline(at: datetime | None, deadline: datetime | None, zone_name: str) -> None:
    """Refuse a submission made after the stage's deadline (shown in the game's zone; code
    ``deadline``)."""
    if at is not None and deadline is not None and at > deadline:
        raise RuleError(
            texts.DEADLINE_PASSED.format(moment=format_moment(deadline, zone_name)), "deadline"
        )
