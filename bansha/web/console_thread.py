"""The console's forum-thread section: the game's watched thread, and the checks every thread
reading shares run on bansha's own thread (from the director's view of it)."""

from __future__ import annotations

import threading
from typing import Any

from bansha.mechanics.thread_tally import posted_checks
from bansha.service import threads, viewcache
from bansha.service.games import SERVICE
from bansha.store.models import GameRecord


def watched_thread(record: GameRecord) -> dict[str, object] | None:
    """What the console shows of the game's watched thread (None: none is watched)."""
    return threads.console(record)


def watch_every() -> tuple[int, ...]:
    """The schedules a director may choose for a watched thread, in minutes."""
    return threads.EVERY


def own_thread_checks(record: GameRecord, v: dict[str, Any]) -> list[dict[str, object]]:
    """The checks (fonts, void changes) on the floors of bansha's own thread, day by day: each
    day's floors from the director's view of that day (the console's own view carries only each
    day's count). A day's checks are worked out again only when its floors changed (a past
    day's floors stay as they were: on day 14 of a long game the console checks today's)."""
    out: list[dict[str, object]] = []
    with SERVICE.reading(record.id) as game:
        rules = game.ruleset.data.get("thread", {})
        for day in sorted(v.get("thread_days") or {}):
            posts, token = viewcache.day_floors(record.id, game, "director", day)
            key = (record.id, record.timezone, token)
            found = _checked.get(key)
            if found is None:
                found = [
                    {"day": day, "floor": c.floor, "author": c.author, "reason": c.reason}
                    for c in posted_checks(posts, rules, record.timezone)
                ]
                with _lock:
                    _checked[key] = found
                    while len(_checked) > CHECKED_KEPT:
                        _checked.pop(next(iter(_checked)))
            out += found
    return out


CHECKED_KEPT = 4096
"""Days of checks kept per process (the oldest written first is dropped)."""
_checked: dict[tuple[object, ...], list[dict[str, object]]] = {}
_lock = threading.Lock()
