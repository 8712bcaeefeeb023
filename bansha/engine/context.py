"""The context a rule set decides in: it emits events (applied at once) and draws chance."""

from __future__ import annotations

import random
from typing import Any

from bansha.engine.events import DIRECTOR, Audience, Event
from bansha.engine.state import State, fold_data


class Ctx:
    """Collects the events one command produces, folding each into the state as it is emitted."""

    __slots__ = ("out", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self.out: list[Event] = []

    def emit(
        self, kind: str, data: dict[str, Any], to: Audience = DIRECTOR, chance: bool = False
    ) -> Event:
        """Record an event and apply it to the state."""
        ev = Event(kind, data, to, chance)
        state = self.state
        fold_data(state, kind, data)  # the same fold as replay (state.apply), inlined
        if chance:
            state.draws += 1
        state.seq += 1
        self.out.append(ev)
        return ev

    def rng(self) -> random.Random:
        """The generator for the next draw (R-ALL-02).

        It is derived from the game's seed and the number of draws made so far, so it needs no
        saved generator state; the caller must record what it draws as one ``chance`` event.
        """
        return random.Random(f"{self.state.seed}/{self.state.draws}")
