"""How a stream stored while a post kept its memory in ``State.flags`` reads today, from the
post's data file (``stored_flags``): each old director-only ``flag`` event (and each use of a
skill that is no longer one) reads as the typed event that holds the same memory now, one event
for each stored event, in its place.

What each old key reads as, by the kind of memory it held (a table of the data file each):

- ``orders``: keys that are ``order`` events today, of the same name and seats (a chance event
  where the stored one was: a scenario's pinned order was not).
- ``pending``: old key → the ``pending`` key it is today, its value as stored, set or cleared
  (None) alike.
- ``owed``: old key → the ``pending`` key owed (True) while the old value was true, cleared once
  it was not.
- ``amounts``: old key → ``{pending, from, as}``: the ``pending`` value ``{as: value[from]}``.
- ``decks``: keys that are ``deck`` events today (the cards still to draw, in order; a chance
  event where the stored one was: the shuffle at setup).
- ``marks``: old key → mark: the old list's newest player is marked.
- ``went``: old key → the ``pending`` key it cleared (a decision taken); its value (a seat) is
  kept for the keys below that name it.
- ``teams``: old key → ``{pending, by}``: the ``pending`` value ``{by: the kept seat of old key
  by, team}``, cleared when the old team was empty; the team is kept for ``results``.
- ``uses``: old key → ``{skill, by}``: the old list of ``[target, word, night]`` (the latest last)
  whose latest entry is a use of ``skill`` (``skill_used``: its target, its word as choice, its
  night; one stored without its night took the day it was made), by the highest-ranked player of
  the order ``by`` not out (the old stream does not say whose submission the team took; nothing
  reads it). An empty list holds nothing and reads as stored.
- ``results``: old key → ``{skill, by, team}``: the old list of results (the newest last) whose
  newest is a use of ``skill`` by the kept seat of ``by``, the members of the kept team of
  ``team`` still in as targets, the result as choice. An empty list holds nothing.
- ``once``: old key → ``{skill, role}``: a use of ``skill`` by the player dealt ``role``.
- ``cards``: old key → skill: the old count by faction whose rise is a use of ``skill`` by the
  player of the latest ``card`` event, the faction as choice.
- ``proposals``: an old skill → ``{pending, round}``: each of its uses (a proposal: its proposer
  and team) reads as the ``pending`` teams of the round's proposers so far (None for one with
  none), the round's proposers being the latest ``pending`` value of key ``round``.

bs46 (before commit 3380d4b) kept its rings and ranks (R-BS46-01/02), the police team's checks,
the 高票对辩 and the 高票讨论 (R-BS46-08) in flags; M186 (before commits 2fda648 and 7b98554) its
deck (R-M186-02), the Lady's holders (R-M186-06), the round's proposers and proposals
(R-M186-03), whose proposal went and the team (R-M186-04), the missions (R-M186-05), the recap,
the Lady's check, the strike owed (R-M186-07), the Grail and the red cards (R-M186-08). Every
other flag (derivable from the exits and the skills moved; the shared modules' own) reads as
stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bansha import texts
from bansha.engine.errors import SetupError
from bansha.engine.events import Event
from bansha.engine.ruleset import read_as

KINDS: dict[str, tuple[str, ...]] = {
    "orders": (),
    "decks": (),
    "pending": (),
    "owed": (),
    "marks": (),
    "went": (),
    "cards": (),
    "amounts": ("pending", "from", "as"),
    "teams": ("pending", "by"),
    "uses": ("skill", "by"),
    "results": ("skill", "by", "team"),
    "once": ("skill", "role"),
    "proposals": ("pending", "round"),
}
"""Each kind of old memory: a list of old keys (:data:`LISTS`), a table old key → a key of
today's (no fields), or old key → a table of these fields."""
LISTS = ("orders", "decks")
"""The kinds that are lists of old keys."""


@dataclass(frozen=True, slots=True)
class StoredFlags:
    """The old keys and what each reads as (see the module docstring), by kind."""

    lists: dict[str, frozenset[str]]
    keys: dict[str, dict[str, str]]
    specs: dict[str, dict[str, dict[str, str]]]

    @property
    def old(self) -> frozenset[str]:
        """Every old key that reads as another event."""
        out: set[str] = set()
        for group in (self.lists, self.keys, self.specs):
            for kind, keys in group.items():
                if kind != "proposals":
                    out |= set(keys)
        return frozenset(out)

    @staticmethod
    def read(raw: Any, where: str = "stored_flags") -> StoredFlags:
        """``stored_flags`` of a data file; a wrong shape is a Chinese error naming the key."""
        if raw is None:
            raw = {}
        kinds = texts.LIST_SEP.join(KINDS)
        if not isinstance(raw, dict) or not set(raw) <= set(KINDS):
            raise SetupError(texts.STORED_FLAGS_SHAPE.format(where=where, kinds=kinds))
        lists: dict[str, frozenset[str]] = {}
        keys: dict[str, dict[str, str]] = {}
        specs: dict[str, dict[str, dict[str, str]]] = {}
        for kind, fields in KINDS.items():
            value = raw.get(kind)
            if kind in LISTS:
                if not isinstance(value, list | None):
                    raise SetupError(texts.STORED_FLAGS_SHAPE.format(where=where, kinds=kinds))
                lists[kind] = frozenset(str(k) for k in value or ())
                continue
            if not isinstance(value, dict | None):
                raise SetupError(texts.STORED_FLAGS_SHAPE.format(where=where, kinds=kinds))
            if not fields:
                keys[kind] = {str(k): str(v) for k, v in (value or {}).items()}
                continue
            specs[kind] = {}
            for key, spec in (value or {}).items():
                if not isinstance(spec, dict) or set(spec) != set(fields):
                    at, named = f"{where}.{kind}.{key}", texts.LIST_SEP.join(fields)
                    raise SetupError(texts.STORED_FLAGS_ENTRY.format(where=at, fields=named))
                specs[kind][str(key)] = {str(k): str(v) for k, v in spec.items()}
        return StoredFlags(lists, keys, specs)

    def upcast(self, events: list[Event]) -> list[Event]:
        """``events`` as today's code reads them; the same list when none is old."""
        old, skills = self.old, self.specs["proposals"]
        if not old and not skills:
            return events
        if not any(
            (ev.kind == "flag" and ev.data["key"] in old)
            or (ev.kind == "skill_used" and ev.data["skill"] in skills)
            for ev in events
        ):
            return events
        memory = _Memory()
        rounds = frozenset(spec["round"] for spec in skills.values())
        out: list[Event] = []
        for ev in events:
            kind, data = ev.kind, ev.data
            if kind == "flag" and data["key"] in old:
                ev = self._read(ev, data["key"], data["value"], memory)
            elif kind == "skill_used" and data["skill"] in skills:
                ev = self._proposal(ev, skills[data["skill"]], memory)
            memory.note(ev, rounds)
            out.append(ev)
        return out

    def _read(self, ev: Event, key: str, value: Any, memory: _Memory) -> Event:
        """One old flag as today's event."""
        lists, keys = self.lists, self.keys
        if key in lists["orders"]:
            memory.orders[key] = [int(x) for x in value]
            return read_as(ev, "order", {"order": key, "seats": list(value)})
        if key in lists["decks"]:
            return read_as(ev, "deck", {"cards": list(value)})
        if key in keys["pending"]:
            return read_as(ev, "pending", {"key": keys["pending"][key], "value": value})
        if key in keys["owed"]:
            owed = True if value else None
            return read_as(ev, "pending", {"key": keys["owed"][key], "value": owed})
        if key in keys["marks"]:
            return read_as(ev, "marked", {"mark": keys["marks"][key], "seat": value[-1]})
        if key in keys["went"]:
            memory.kept[key] = int(value)
            return read_as(ev, "pending", {"key": keys["went"][key], "value": None})
        if key in keys["cards"]:
            counts: dict[str, int] = dict(value)
            faction = next(f for f, n in counts.items() if n > memory.counts.get(f, 0))
            memory.counts = counts
            return memory.use(ev, keys["cards"][key], memory.carded, [], faction)
        return self._spec(ev, key, value, memory)

    def _spec(self, ev: Event, key: str, value: Any, memory: _Memory) -> Event:
        """An old flag of a kind with fields."""
        specs = self.specs
        if key in specs["amounts"]:
            spec = specs["amounts"][key]
            amount = {"key": spec["pending"], "value": {spec["as"]: value[spec["from"]]}}
            return read_as(ev, "pending", amount)
        if key in specs["teams"]:
            spec = specs["teams"][key]
            team = memory.kept[key] = [int(x) for x in value]
            due = {"by": memory.kept.get(spec["by"]), "team": team} if value else None
            return read_as(ev, "pending", {"key": spec["pending"], "value": due})
        if key in specs["results"]:
            spec = specs["results"][key]
            if not value:  # written at setup: no result yet
                return ev
            team = [x for x in memory.kept.get(spec["team"], []) if x not in memory.gone]
            return memory.use(ev, spec["skill"], memory.kept.get(spec["by"]), team, value[-1])
        if key in specs["once"]:
            spec = specs["once"][key]
            return memory.use(ev, spec["skill"], memory.roles.index(spec["role"]), [], None)
        spec = specs["uses"][key]
        by = next((x for x in memory.orders.get(spec["by"], ()) if x not in memory.gone), None)
        if not value or by is None:  # the empty list written at setup: no use yet
            return ev
        target, word, *night = value[-1]
        data: dict[str, Any] = {
            "skill": spec["skill"],
            "seat": by,
            "targets": [target],
            "choice": word,
            "day": night[0] if night else memory.day,
        }
        return read_as(ev, "skill_used", data)

    def _proposal(self, ev: Event, spec: dict[str, str], memory: _Memory) -> Event:
        """An old proposal (a use of the skill): the round's teams so far, owed approvals."""
        memory.proposed[int(ev.data["seat"])] = [int(x) for x in ev.data["targets"]]
        teams = [memory.proposed.get(seat) for seat in memory.proposers]
        return read_as(ev, "pending", {"key": spec["pending"], "value": teams})


class _Memory:
    """What the old stream told so far that an old event needs to be read: the day, who is out,
    the roles dealt, the latest card, the orders, the seats and teams kept, the counts, the
    round's proposers and proposals."""

    __slots__ = (
        "carded",
        "counts",
        "day",
        "gone",
        "kept",
        "orders",
        "proposed",
        "proposers",
        "roles",
    )

    def __init__(self) -> None:
        self.day = 0
        self.gone: set[int] = set()
        self.roles: list[str] = []
        self.carded: int | None = None
        self.orders: dict[str, list[int]] = {}
        self.kept: dict[str, Any] = {}
        self.counts: dict[str, int] = {}
        self.proposers: list[int] = []
        self.proposed: dict[int, list[int]] = {}

    def note(self, ev: Event, rounds: frozenset[str]) -> None:
        """What ``ev`` (as today's code reads it) tells the later old events (``rounds``: the
        ``pending`` keys of a round's proposers)."""
        kind, data = ev.kind, ev.data
        if kind == "stage_opened":
            self.day = int(data["day"])
        elif kind == "exited":
            self.gone.add(int(data["seat"]))
        elif kind == "dealt":
            self.roles = [str(r) for r in data["roles"]]
        elif kind == "card":
            self.carded = int(data["seat"])
        elif kind == "pending" and data["value"] is not None and data["key"] in rounds:
            self.proposers = [int(x) for x in data["value"]]  # a round: nobody proposed yet
            self.proposed = {}

    def use(
        self, ev: Event, skill: str, seat: int | None, targets: list[int], choice: str | None
    ) -> Event:
        """A use of ``skill`` read in ``ev``'s place, on the day the stream is at."""
        data: dict[str, Any] = {"skill": skill, "seat": seat, "targets": targets, "day": self.day}
        if choice is not None:
            data["choice"] = choice
        return read_as(ev, "skill_used", data)
