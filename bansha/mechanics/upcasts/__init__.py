"""Stored formats: how a stream written by earlier code reads today, by the format's name, for a
format too irregular for a data file's ``stored_flags`` (:mod:`bansha.mechanics.stored_flags`,
which reads bs46's and M186's older streams from their data files).

A rule set's data file names the formats its stored games may be in (``stored_formats:``);
each is a pure function of the whole stream (``docs/architecture.md``, "Streams stored by
earlier code"): one event for each stored event, in its place, and the same list when nothing
in it is old. None is needed today.
"""

from __future__ import annotations

from collections.abc import Callable

from bansha.engine.events import Event

UPCASTS: dict[str, Callable[[list[Event]], list[Event]]] = {}
"""Each stored format's reader, by its name (none today)."""


def apply(names: list[str] | tuple[str, ...], events: list[Event]) -> list[Event]:
    """``events`` read through each named format in turn (the same list when none is old)."""
    for name in names:
        events = UPCASTS[name](events)
    return events
