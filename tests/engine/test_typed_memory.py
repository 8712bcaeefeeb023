"""The state keeps no untyped memory: each ``flag`` key a field of its own.

The ``flag`` events still written (held announcements, the last words' count and quota, a phase
cut short, 进程加速 and who asked for it) fold into typed fields; an old key of bs46's or M186's
memory that their upcasts read as other events, or that nothing reads any more, changes nothing.
"""

from __future__ import annotations

import dataclasses

from bansha.engine.events import DIRECTOR, PUBLIC, Event
from bansha.engine.state import (
    ACCELERATION_ASKED,
    CUT,
    HELD_ANNOUNCEMENTS,
    LAST_WORDS_GIVEN,
    LAST_WORDS_QUOTA,
    State,
    apply,
)


def flag(key: str, value: object, to: tuple[int, ...] = DIRECTOR) -> Event:
    """A stored ``flag`` event."""
    return Event(kind="flag", data={"key": key, "value": value}, to=to)


def test_state_has_no_untyped_flags() -> None:
    assert "flags" not in {f.name for f in dataclasses.fields(State)}


def test_each_flag_key_folds_into_its_field() -> None:
    s = State()
    held = {"key": "night_death", "params": {"p": 2}, "exits": [2]}
    for ev in (
        flag(HELD_ANNOUNCEMENTS, [held]),
        flag(LAST_WORDS_GIVEN, 2),
        flag(LAST_WORDS_QUOTA, 3),
        flag(CUT, ["day", 2]),
        flag("accelerated", 2, PUBLIC),
        flag(f"{ACCELERATION_ASKED}2", [4, 1], PUBLIC),
    ):
        apply(s, ev)
    assert s.held_announcements == [held]
    assert (s.last_words_given, s.last_words_quota) == (2, 3)
    assert s.cut == ("day", 2)
    assert s.accelerated == 2
    assert s.acceleration_asked == {2: (4, 1)}
    apply(s, flag(HELD_ANNOUNCEMENTS, []))
    assert s.held_announcements == []


def test_an_old_key_nothing_reads_changes_nothing() -> None:
    """bs46's ``night_exits`` and ``ku_recovered`` (derivable from its exits and skills) stay in
    stored streams as they were written; folding them changes no field but the count of events."""
    before, after = State(), State()
    for ev in (flag("night_exits", [3]), flag("ku_recovered", True)):
        apply(after, ev)
    before.seq = after.seq
    assert dataclasses.asdict(after) == dataclasses.asdict(before)
