"""Playing a game to its end with one agent per seat.

Each agent sees only what its player may see: the legal acts of its own view, and (if it keeps a
memory) the events of that view, handed over as they happen through :func:`views.audience`.
A refused command is an error here: agents only ever submit what their view offers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from bansha.engine import Close, Game
from bansha.engine.views import audience
from bansha.sim.agents import Agent


def play(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    rounds: int = 1,
    max_stages: int = 400,
    on_stage: Callable[[Game], None] | None = None,
) -> Game:
    """Play ``game`` to its end: each stage every seat gets ``rounds`` turns in a random order."""
    rng = random.Random(f"turns/{seed}")
    draw = rng.random
    n = len(game.state.players)
    seats = list(range(n))
    watching = [a.observes for a in agents]
    feed = any(watching)
    seen = 0

    def deliver() -> None:
        nonlocal seen
        events = game.events
        for i in range(seen, len(events)):
            ev = events[i]
            for seat in audience(ev, n):
                if watching[seat]:
                    agents[seat].observe(ev)
        seen = len(events)

    legal, handle = game.legal, game.handle
    for _ in range(max_stages):
        if feed:
            deliver()
        if game.state.phase == "ended":
            return game
        for _ in range(rounds):
            seats.sort(key=lambda _: draw())
            for seat in seats:
                options = legal(seat)
                if not options:
                    continue
                cmd = agents[seat].decide(options)
                if cmd is None:
                    continue
                handle(cmd)
                if feed:
                    deliver()
                if game.state.phase == "ended":
                    return game
        if on_stage is not None:
            on_stage(game)
            if game.state.phase == "ended":
                return game
        handle(Close())
    raise RuntimeError(f"game did not end within {max_stages} stages (seed {seed})")
