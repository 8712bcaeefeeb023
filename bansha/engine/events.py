"""Events: the only record of a game. State is their fold; views are built from their visibility."""

from __future__ import annotations

from typing import Any, Final

PUBLIC: Final = "public"
DIRECTOR: Final = "director"

Audience = str | tuple[int, ...]
"""Who may see an event: ``PUBLIC``, ``DIRECTOR`` only, or a tuple of seats (the director always)."""

EVENT_VERSION: Final = 1
"""The schema version of the events written today."""


class Event:
    """One fact of a game. ``chance`` marks a random draw recorded once and never redrawn on replay.

    Events are never changed after they are made (treat them as immutable).
    """

    __slots__ = ("chance", "data", "kind", "to", "version")

    def __init__(
        self,
        kind: str,
        data: dict[str, Any] | None = None,
        to: Audience = DIRECTOR,
        chance: bool = False,
        version: int = EVENT_VERSION,
    ) -> None:
        self.kind = kind
        self.data = data if data is not None else {}
        self.to = to
        self.chance = chance
        self.version = version

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash((self.kind, str(self.to)))

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.data!r}, to={self.to!r})"

    def visible_to(self, seat: int) -> bool:
        """Whether the player in ``seat`` may see this event."""
        to = self.to
        if to == PUBLIC:
            return True
        if to == DIRECTOR:
            return False
        return seat in to

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict, the event store's row payload."""
        out: dict[str, Any] = {"kind": self.kind, "data": self.data, "v": self.version}
        out["to"] = list(self.to) if isinstance(self.to, tuple) else self.to
        if self.chance:
            out["chance"] = True
        return out

    @staticmethod
    def from_json(raw: dict[str, Any]) -> Event:
        """Inverse of :meth:`to_json`."""
        to = raw.get("to", DIRECTOR)
        return Event(
            kind=raw["kind"],
            data=raw.get("data", {}),
            to=tuple(to) if isinstance(to, list) else to,
            chance=bool(raw.get("chance", False)),
            version=int(raw.get("v", EVENT_VERSION)),
        )
