"""How a stream stored while a post kept its memory in ``State.flags`` reads today, from the
post's data file (``stored_flags``): each old director-only ``flag`` event reads as the typed
event that holds the same memory now, one event for each stored event, in its place.

bs46 (before commit 3380d4b) kept its rings and ranks (R-BS46-01/02), the police team's checks,
the 高票对辩 and the 高票讨论 (R-BS46-08) in flags:

- ``orders``: old keys that are ``order`` events today, of the same name and seats (a chance
  event where the stored one was: a scenario's pinned order was not).
- ``pending``: old key → the ``pending`` key it is today, set or cleared (None) alike.
- ``uses``: old key → ``{skill, by}``: the old list of ``[target, word, night]`` (the latest
  last) whose latest entry is a use of ``skill`` (``skill_used``: its target, its word as choice,
  its night; one stored without its night took the day it was made), by the highest-ranked
  player of the order ``by`` not out (the old stream does not say whose submission the team
  took; nothing reads it). An empty list holds nothing and reads as stored.

Every other flag (derivable from the exits and the skills moved; the shared modules' own) reads
as stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bansha import texts
from bansha.engine.errors import SetupError
from bansha.engine.events import Event
from bansha.engine.ruleset import read_as


@dataclass(frozen=True, slots=True)
class StoredUses:
    """An old list whose latest entry is a use of ``skill`` by the first of order ``by`` not out."""

    skill: str
    by: str


@dataclass(frozen=True, slots=True)
class StoredFlags:
    """The old keys and what each reads as (see the module docstring)."""

    orders: frozenset[str]
    pending: dict[str, str]
    uses: dict[str, StoredUses]

    @property
    def old(self) -> frozenset[str]:
        """Every old key that reads as another event."""
        return self.orders | set(self.pending) | set(self.uses)

    @staticmethod
    def read(raw: Any, where: str = "stored_flags") -> StoredFlags:
        """``stored_flags`` of a data file; a wrong shape is a Chinese error naming the key."""
        if raw is None:
            raw = {}
        if not isinstance(raw, dict) or not set(raw) <= {"orders", "pending", "uses"}:
            raise SetupError(texts.STORED_FLAGS_SHAPE.format(where=where))
        uses: dict[str, StoredUses] = {}
        for key, spec in dict(raw.get("uses") or {}).items():
            if not isinstance(spec, dict) or set(spec) != {"skill", "by"}:
                raise SetupError(texts.STORED_FLAGS_USES.format(where=f"{where}.uses.{key}"))
            uses[str(key)] = StoredUses(str(spec["skill"]), str(spec["by"]))
        return StoredFlags(
            frozenset(str(k) for k in raw.get("orders") or ()),
            {str(k): str(v) for k, v in dict(raw.get("pending") or {}).items()},
            uses,
        )

    def upcast(self, events: list[Event]) -> list[Event]:
        """``events`` as today's code reads them; the same list when none is old."""
        old = self.old
        if not old or not any(ev.kind == "flag" and ev.data["key"] in old for ev in events):
            return events
        out: list[Event] = []
        day = 0
        gone: set[int] = set()
        orders: dict[str, list[int]] = {}
        for ev in events:
            kind, data = ev.kind, ev.data
            if kind == "stage_opened":
                day = int(data["day"])
            elif kind == "exited":
                gone.add(int(data["seat"]))
            elif kind == "flag" and data["key"] in old:
                key, value = data["key"], data["value"]
                if key in self.orders:
                    orders[key] = [int(x) for x in value]
                ev = self._read(ev, key, value, day, orders, gone)
            out.append(ev)
        return out

    def _read(
        self,
        ev: Event,
        key: str,
        value: Any,
        day: int,
        orders: dict[str, list[int]],
        gone: set[int],
    ) -> Event:
        """One old flag as today's event."""
        if key in self.orders:
            return read_as(ev, "order", {"order": key, "seats": list(value)})
        if key in self.pending:
            return read_as(ev, "pending", {"key": self.pending[key], "value": value})
        spec = self.uses[key]
        by = next((x for x in orders.get(spec.by, ()) if x not in gone), None)
        if not value or by is None:  # the empty list written at setup: no use yet
            return ev
        target, word, *night = value[-1]
        data = {
            "skill": spec.skill,
            "seat": by,
            "targets": [target],
            "choice": word,
            "day": night[0] if night else day,
        }
        return read_as(ev, "skill_used", data)
