"""Stored formats: how a stream written by earlier code reads today, by the format's name.

A rule set's data file names the formats its stored games may be in (``stored_formats:
[m186_flags]``); each is a pure function of the whole stream (``docs/architecture.md``, "Streams
stored by earlier code"): one event for each stored event, in its place, and the same list when
nothing in it is old.
"""

from __future__ import annotations

from collections.abc import Callable

from bansha.engine.events import Event
from bansha.mechanics.upcasts import m186_flags

UPCASTS: dict[str, Callable[[list[Event]], list[Event]]] = {
    "m186_flags": m186_flags.upcast,
}
"""Each stored format's reader, by its name."""


def apply(names: list[str] | tuple[str, ...], events: list[Event]) -> list[Event]:
    """``events`` read through each named format in turn (the same list when none is old)."""
    for name in names:
        events = UPCASTS[name](events)
    return events
