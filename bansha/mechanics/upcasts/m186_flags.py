"""How an M186 stream stored before its memory left ``State.flags`` (commits 2fda648 and
7b98554) reads today (the stored format ``m186_flags``, named by M186's data file).

The old code kept its memory in director-only ``flag`` events (``{"key", "value"}``). Each old
key, and what it reads as (one event for each stored event, in its place):

- ``deck`` (the 阵营转换牌 still to be drawn, R-M186-02): a ``deck`` event of those cards, a
  chance event where the stored one was (the shuffle at setup).
- ``lady_former`` (every player who has held the Lady, the newest last, R-M186-06): the newest
  is marked ``former_lady``.
- ``proposers`` (the round's proposers, R-M186-03): the ``pending`` proposers (``due:proposals``).
- ``proposals`` (each proposer's team, None for a missing one): the ``pending`` approvals
  (``due:approvals``).
- ``went_by`` (whose proposal went, R-M186-04): the approvals are no longer owed (today's close
  of the approvals clears them there); who went is kept for the next two keys.
- ``team`` (the team that goes; empty once the mission closed): the ``pending`` mission
  ``{by: whose proposal went, team}`` (``due:mission``), set or cleared.
- ``missions`` (the results so far, the newest last; empty at setup): the newest is a use of
  ``mission`` (by whose proposal went, the team's members still in as targets, the result as
  choice, the day); the empty list written at setup holds nothing and reads as stored.
- ``last_mission`` (the next day's recap, or None once given): the ``pending`` recap
  (``due:recap``).
- ``grail_used`` (Galahad's Grail, R-M186-05): a use of ``grail`` by the seat dealt Galahad, that
  day.
- ``lady_due`` (the Lady's check after missions 2–4, or False): the ``pending`` check
  (``due:lady``), set or cleared.
- ``assassination`` (``{x: the successes}``, once 刺客拍刀流程 began, R-M186-07): the ``pending``
  strike ``{successes: x}`` (``due:strike``).
- ``red_cards`` (the red cards given, by the faction they count against, R-M186-08): the new one is
  a use of ``red_card`` by the player of the card just given (the latest ``card`` event), with the
  faction whose count rose as choice.

Between 2fda648 and 7b98554 a proposal was a use (``skill_used`` of ``propose``: its proposer and
team, one for each proposal made when the proposals closed, in the proposers' order); each reads
as the ``pending`` approvals of the proposals so far (a proposer with none: None, 「视为方案不通过」),
so the last of them holds the round's, as today's close of the proposals writes it.

The roles as dealt were never an emitted flag (the ``dealt`` event holds them); every flag still
in use reads as stored.
"""

from __future__ import annotations

from typing import Any

from bansha.engine.events import Event
from bansha.engine.ruleset import read_as

FORMER_LADY = "former_lady"
"""The mark of every player who has held the Lady (「不可查验曾经是湖中仙女的角色」, R-M186-06)."""
PROPOSERS_DUE = "due:proposals"
"""The round's proposers (pending), in order: the captain and the next 4 (R-M186-03)."""
APPROVALS_DUE = "due:approvals"
"""The approvals owed (pending): each proposer's team, in the proposers' order (None: missing)."""
MISSION_DUE = "due:mission"
"""The mission owed (pending): ``{by: whose proposal went, team: the team that goes}``."""
LADY_DUE = "due:lady"
"""The Lady's check owed after this mission (pending)."""
RECAP_DUE = "due:recap"
"""The recap owed when the next day begins (pending): the day_recap's parameters."""
STRIKE_DUE = "due:strike"
"""The assassin's strike owed once 刺客拍刀流程 has begun (pending): ``{successes: X}``."""
MISSION, GRAIL, RED_CARD = "mission", "grail", "red_card"
"""Uses: a mission (seat: whose proposal went, targets: the team, choice: the result), Galahad's
Grail (once) and a red card (seat: the carded player, choice: his faction then, R-M186-08).

These are the keys today's M186 data file gives its mechanics (``due`` and the like, the skills'
keys), kept as they were so that a stored game reads as one of today's."""

OWED = {
    "proposers": PROPOSERS_DUE,
    "proposals": APPROVALS_DUE,
    "last_mission": RECAP_DUE,
}
"""The old keys that are decisions owed today, their values as they were, by pending key."""
OLD = frozenset(
    {
        *OWED,
        "deck",
        "lady_former",
        "went_by",
        "team",
        "missions",
        "grail_used",
        "lady_due",
        "assassination",
        "red_cards",
    }
)
"""Every old key that reads as another event."""
PROPOSE = "propose"
"""The skill of a proposal's use (2fda648 to 7b98554)."""


class _Reader:
    """What the old stream told so far that an old event needs to be read: the day, who is out,
    the roles dealt, the round's proposers and proposals, whose proposal went, the team that goes,
    the latest card and the red cards."""

    __slots__ = (
        "carded",
        "day",
        "gone",
        "proposed",
        "proposers",
        "reds",
        "roles",
        "team",
        "went_by",
    )

    def __init__(self) -> None:
        self.proposers: list[int] = []
        self.proposed: dict[int, list[int]] = {}
        self.day = 0
        self.gone: set[int] = set()
        self.roles: list[str] = []
        self.went_by: int | None = None
        self.team: list[int] = []
        self.carded: int | None = None
        self.reds: dict[str, int] = {}

    def read(self, ev: Event) -> Event:
        """``ev`` as today's event (noting what later flags need)."""
        kind, data = ev.kind, ev.data
        if kind == "stage_opened":
            self.day = int(data["day"])
        elif kind == "exited":
            self.gone.add(int(data["seat"]))
        elif kind == "dealt":
            self.roles = [str(r) for r in data["roles"]]
        elif kind == "card":
            self.carded = int(data["seat"])
        elif kind == "pending" and data["key"] == PROPOSERS_DUE and data["value"]:
            self._round(data["value"])
        elif kind == "skill_used" and data["skill"] == PROPOSE:
            self.proposed[int(data["seat"])] = [int(x) for x in data["targets"]]
            teams = [self.proposed.get(seat) for seat in self.proposers]
            return read_as(ev, "pending", {"key": APPROVALS_DUE, "value": teams})
        elif kind == "flag" and data["key"] in OLD:
            if data["key"] == "proposers":
                self._round(data["value"])
            return self._flag(ev, data["key"], data["value"])
        return ev

    def _round(self, proposers: list[int]) -> None:
        """A round's proposers named: nobody has proposed yet."""
        self.proposers = [int(x) for x in proposers]
        self.proposed = {}

    def _flag(self, ev: Event, key: str, value: Any) -> Event:
        if key in OWED:
            return read_as(ev, "pending", {"key": OWED[key], "value": value})
        if key == "deck":
            return read_as(ev, "deck", {"cards": list(value)})
        if key == "lady_former":
            return read_as(ev, "marked", {"mark": FORMER_LADY, "seat": value[-1]})
        if key == "went_by":
            self.went_by = int(value)
            return read_as(ev, "pending", {"key": APPROVALS_DUE, "value": None})
        if key == "team":
            self.team = [int(x) for x in value]
            due = {"by": self.went_by, "team": self.team} if value else None
            return read_as(ev, "pending", {"key": MISSION_DUE, "value": due})
        if key == "lady_due":
            return read_as(ev, "pending", {"key": LADY_DUE, "value": True if value else None})
        if key == "assassination":
            return read_as(ev, "pending", {"key": STRIKE_DUE, "value": {"successes": value["x"]}})
        if key == "missions":
            if not value:  # written at setup: no mission yet
                return ev
            team = [x for x in self.team if x not in self.gone]
            return self._use(ev, MISSION, self.went_by, team, value[-1])
        if key == "grail_used":
            return self._use(ev, GRAIL, self.roles.index("galahad"), [], None)
        reds: dict[str, int] = dict(value)  # red_cards
        faction = next(f for f, n in reds.items() if n > self.reds.get(f, 0))
        self.reds = reds
        return self._use(ev, RED_CARD, self.carded, [], faction)

    def _use(
        self, ev: Event, skill: str, seat: int | None, targets: list[int], choice: str | None
    ) -> Event:
        data: dict[str, Any] = {"skill": skill, "seat": seat, "targets": targets, "day": self.day}
        if choice is not None:
            data["choice"] = choice
        return read_as(ev, "skill_used", data)


def _old(ev: Event) -> bool:
    """Whether ``ev`` was written by earlier code."""
    kind = ev.kind
    if kind == "flag":
        return ev.data["key"] in OLD
    return kind == "skill_used" and ev.data["skill"] == PROPOSE


def upcast(events: list[Event]) -> list[Event]:
    """``events`` as today's M186 reads them (see the module); the same list when none is old."""
    if not any(_old(ev) for ev in events):
        return events
    reader = _Reader()
    return [reader.read(ev) for ev in events]
