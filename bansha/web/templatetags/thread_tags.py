"""The console's forum-thread section: the game's watched thread, and the checks every thread
reading shares run on bansha's own thread (from the director's view of it)."""

from __future__ import annotations

from typing import Any

from django import template

from bansha.engine.views import Window
from bansha.mechanics.thread_tally import posted_checks
from bansha.service import threads, viewcache
from bansha.service.games import SERVICE
from bansha.store.models import GameRecord

register = template.Library()


@register.simple_tag
def watched_thread(record: GameRecord) -> dict[str, object] | None:
    """What the console shows of the game's watched thread (None: none is watched)."""
    return threads.console(record)


@register.simple_tag
def watch_every() -> tuple[int, ...]:
    """The schedules a director may choose for a watched thread, in minutes."""
    return threads.EVERY


@register.simple_tag
def own_thread_checks(record: GameRecord, v: dict[str, Any]) -> list[dict[str, object]]:
    """The checks (fonts, void changes) on the floors of bansha's own thread, day by day: each
    day's floors from the director's view of that day (the console's own view carries only each
    day's count)."""
    out: list[dict[str, object]] = []
    with SERVICE.reading(record.id) as game:
        rules = game.ruleset.data.get("thread", {})
        for day in sorted(v.get("thread_days") or {}):
            floors, _ = viewcache.current(record.id, game, "director", Window(thread_day=day))
            for check in posted_checks(floors["thread"].get(day, []), rules, record.timezone):
                out.append(
                    {
                        "day": day,
                        "floor": check.floor,
                        "author": check.author,
                        "reason": check.reason,
                    }
                )
    return out
