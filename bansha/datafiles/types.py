"""Value types shared by the data-file schemas, each refusing a wrong value in Chinese.

Values are taken as written (no coercion: ``count: "4"`` is refused, not read as 4), so what a
file says is what the game uses; the one exception is a clock time YAML read as a number.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from datetime import date, datetime
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, PlainValidator
from pydantic_core import PydanticCustomError

from bansha.datafiles.messages import message

MAX_COUNT = 64
"""The largest count of anything a file may ask for (players, cards, team sizes)."""


class Strict(BaseModel):
    """A mapping of a data file: every key known, values as written."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def refuse(key: str, /, **fields: object) -> PydanticCustomError:
    """A validation error with the catalogue's message (the message is already Chinese)."""
    text = message(key, **fields)
    return PydanticCustomError("bansha_" + key, text)


def _has_control(text: str) -> bool:
    return any(unicodedata.category(ch) == "Cc" and ch not in "\n\t" for ch in text)


def text_check(limit: int, empty: bool) -> Callable[[Any], str]:
    """A check that a value is text of at most ``limit`` characters (``empty``: may be blank)."""

    def check(value: Any) -> str:
        if isinstance(value, bool | int | float | date):
            raise refuse("text_number")
        if not isinstance(value, str):
            raise refuse("text")
        if not empty and not value.strip():
            raise refuse("text_empty")
        if len(value) > limit:
            raise refuse("text_long", limit=limit)
        if _has_control(value):
            raise refuse("text_control")
        return value

    return check


def integer_between(low: int, high: int) -> Callable[[Any], int]:
    """A check that a value is an integer from ``low`` to ``high``."""

    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise (
                refuse("count", low=low)
                if high >= MAX_COUNT
                else refuse("count_range", low=low, high=high)
            )
        if value < low:
            raise refuse("count", low=low)
        if value > high:
            raise refuse("count_range", low=low, high=high)
        return value

    return check


def _boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise refuse("boolean")
    return value


def _share(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise refuse("invalid")
    return float(value)


CLOCK = re.compile(r"([01]?\d|2[0-3]):[0-5]\d")
REFERENCE = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


def clock_time(value: Any) -> str:
    """A check that a value is a clock time ``HH:MM``."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 24 * 60:
        # YAML 1.1 reads an unquoted 12:00 as the sexagesimal number 720
        return f"{value // 60:02d}:{value % 60:02d}"
    if not isinstance(value, str) or not CLOCK.fullmatch(value):
        raise refuse("clock")
    return value


def option_reference(value: str | None) -> str | None:
    """The option a timetable value names (``until: "{close_time}"``), if it names one."""
    found = REFERENCE.fullmatch(value) if isinstance(value, str) else None
    return found.group(1) if found else None


def _clock(value: Any) -> str:
    if isinstance(value, str) and REFERENCE.fullmatch(value):
        return value  # an option's value (checked as the option is)
    return clock_time(value)


def parse_time(value: Any, aware: bool = True) -> datetime:
    """An ISO 8601 time (a YAML timestamp or a string); ``aware``: it must carry its zone."""
    if isinstance(value, datetime):
        when = value
    elif isinstance(value, str):
        try:
            when = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError as e:
            raise refuse("datetime") from e
    else:
        raise refuse("datetime")
    if aware and when.tzinfo is None:
        raise refuse("datetime_naive")
    return when


def time_as_written(value: Any) -> Any:
    """A check that a value is an ISO 8601 time (without a UTC offset it is local time in the
    game's zone); the value is kept as written."""
    parse_time(value, aware=False)
    return value


Name = Annotated[str, PlainValidator(text_check(40, empty=False))]
"""A word users read: a role, skill, faction, stage or player name."""
Title = Annotated[str, PlainValidator(text_check(100, empty=False))]
Text = Annotated[str, PlainValidator(text_check(4000, empty=True))]
"""Longer prose (skill and role texts, templates)."""
Key = Annotated[str, PlainValidator(text_check(40, empty=False))]
"""An engine key (``werewolf``, ``night``)."""
Count = Annotated[int, PlainValidator(integer_between(0, MAX_COUNT))]
Positive = Annotated[int, PlainValidator(integer_between(1, MAX_COUNT))]
Minutes = Annotated[int, PlainValidator(integer_between(1, 60 * 24 * 14))]
Flag = Annotated[bool, PlainValidator(_boolean)]
Share = Annotated[float, PlainValidator(_share)]
Clock = Annotated[str, PlainValidator(_clock)]
"""A clock time ``HH:MM``."""
Time = Annotated[Any, PlainValidator(time_as_written)]
"""An ISO 8601 time, kept as written."""
