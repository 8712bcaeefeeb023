"""How a bs46 stream stored before its memory left ``State.flags`` (commit 3380d4b) reads today.

The old code kept its memory in director-only ``flag`` events (``{"key", "value"}``). Each old
key, and what it reads as (one event for each stored event, in its place):

- ``ring:<team>`` and ``ranks:<team>`` (a team's 环形顺序 and 级别, R-BS46-01/02): an ``order``
  of the same name and seats, a chance event where the stored one was (a scenario's pinned order
  was not).
- ``police_checks`` (the police team's checks so far, ``[target, word, night]`` each, the latest
  last): the latest check is a use of 查证 (``skill_used``: its target, its word as choice, its
  night; a check stored without its night took the day it was made), by the highest-ranked police
  member not out (the old stream does not say whose submission the team took; nothing reads
  it). The empty list written at setup holds nothing and reads as stored.
- ``runoff`` (the tied pair, or None once the 高票对辩 closed, R-BS46-08): the ``pending`` 高票对辩
  owed (``due:runoff``), set or cleared.
- ``decide`` (``{by, between}``, or None): the ``pending`` 高票讨论 owed (``due:decide``).
- ``night_exits`` and ``last_victim`` (the night's death not yet announced, the previous night's
  victim): derivable from the ``exited`` events every stream holds (a kill at night, its day, and
  whether an announcement named it yet); they read as stored and nothing reads them.
- ``ku_recovered`` and ``pu_recovered`` (an undercover's recovery done, R-BS46-07): derivable from
  the ``skill_gained`` events of that recovery (the recovered undercover holds his team's skill);
  they read as stored and nothing reads them.

The held announcements (``mechanics/announce``) and every other flag still in use read as stored.
"""

from __future__ import annotations

from typing import Any

from bansha.engine.events import Event
from bansha.engine.ruleset import read_as
from bansha.rulesets.bs46.memory import DECIDE_DUE, RUNOFF_DUE, rank_order

MOVED = frozenset({"ring:police", "ring:killers", "ranks:police", "ranks:killers"})
"""The old keys that are orders today (their names unchanged)."""
OWED = {"runoff": RUNOFF_DUE, "decide": DECIDE_DUE}
"""The old keys that are decisions owed today, by the pending key they read as."""
CHECKS = "police_checks"
OLD = frozenset({*MOVED, *OWED, CHECKS})
"""Every old key that reads as another event."""


def upcast(events: list[Event]) -> list[Event]:
    """``events`` as today's bs46 reads them (see the module); the same list when none is old."""
    if not any(ev.kind == "flag" and ev.data["key"] in OLD for ev in events):
        return events
    out: list[Event] = []
    day = 0
    gone: set[int] = set()
    police: list[int] = []
    for ev in events:
        kind, data = ev.kind, ev.data
        if kind == "stage_opened":
            day = int(data["day"])
        elif kind == "exited":
            gone.add(int(data["seat"]))
        elif kind == "flag" and data["key"] in OLD:
            key, value = data["key"], data["value"]
            if key == rank_order("police"):
                police = [int(x) for x in value]
            ev = _read(ev, key, value, day, next((x for x in police if x not in gone), None))
        out.append(ev)
    return out


def _read(ev: Event, key: str, value: Any, day: int, ranked: int | None) -> Event:
    """One old flag as today's event (``ranked``: the highest-ranked police member not out)."""
    if key in MOVED:
        return read_as(ev, "order", {"order": key, "seats": list(value)})
    if key in OWED:
        return read_as(ev, "pending", {"key": OWED[key], "value": value})
    if not value or ranked is None:  # police_checks at setup: no check yet
        return ev
    target, word, *night = value[-1]
    data = {
        "skill": "check",
        "seat": ranked,
        "targets": [target],
        "choice": word,
        "day": night[0] if night else day,
    }
    return read_as(ev, "skill_used", data)
