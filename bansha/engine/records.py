"""Plain records (commands, ballots, uses, seats): typed fields, compared and shown by value.

They are written as classes with their own ``__init__`` rather than as dataclasses: the compiled
engine then builds them natively, where a dataclass's generated ``__init__`` runs as interpreted
code at about ten times the cost, and the engine builds several records for every act
(docs/benchmarks.md).
"""

from __future__ import annotations

from typing import ClassVar


class Record:
    """A record compared by value: of the same kind and with equal fields, two are equal."""

    FIELDS: ClassVar[tuple[str, ...]] = ()
    """The fields' names, in the order of ``values`` (and of the constructor's arguments)."""

    def values(self) -> tuple[object, ...]:
        """The fields' values, in ``FIELDS`` order (for comparing and showing, not in a loop)."""
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and isinstance(other, Record)
            and self.values() == other.values()
        )

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={v!r}" for n, v in zip(self.FIELDS, self.values(), strict=True))
        return f"{type(self).__name__}({inner})"


class FrozenRecord(Record):
    """A record whose fields never change once made (``Final``): also usable as a key."""

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.values()))
