"""Playing a game to its end with one agent per seat.

Each agent sees only what its player may see: the legal acts of its own view, and (if it keeps a
memory) the events of that view, handed over as they happen through :func:`views.audience`.
A refused command is an error here: agents only ever submit what their view offers.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bansha.engine import Close, Game
from bansha.engine.events import Event
from bansha.engine.views import audience
from bansha.sim.agents import Agent, RandomAgent


def play(
    game: Game,
    agents: list[Agent],
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
    for _ in range(max_stages):
        if feed:
            seen = _deliver(game.events, seen, agents, watching, n)
        if game.state.phase == "ended":
            return game
        for _ in range(rounds):
            seats.sort(key=lambda _: draw())
            for seat in seats:
                options = game.legal(seat)
                if not options:
                    continue
                cmd = agents[seat].decide(options)
                if cmd is None:
                    continue
                game.handle(cmd)
                if feed:
                    seen = _deliver(game.events, seen, agents, watching, n)
                if game.state.phase == "ended":
                    return game
        if on_stage is not None:
            on_stage(game)
            if game.state.phase == "ended":
                return game
        game.handle(Close())
    raise StalledGame(f"game did not end within {max_stages} stages (seed {seed})")


class StalledGame(Exception):
    """The game went on past the stage limit (agents withholding the only way to end it)."""


def _deliver(
    events: list[Event], seen: int, agents: list[Agent], watching: list[bool], n: int
) -> int:
    """Hand the events from ``seen`` on to the agents whose players may see them."""
    for i in range(seen, len(events)):
        ev = events[i]
        for seat in audience(ev, n):
            if watching[seat]:
                agents[seat].observe(ev)
    return len(events)


def play_random(
    game: Game,
    seed: int,
    pass_rate: float = 0.15,
    rounds: int = 2,
    max_stages: int = 400,
    on_stage: Callable[[Game], None] | None = None,
) -> Game:
    """Play ``game`` to its end with random agents; each stage gives every seat ``rounds`` turns.

    ``on_stage`` is called before each stage closes (tests check invariants there).
    """
    rng = random.Random(f"agents/{seed}")  # one generator: the seats' draws interleave
    agents: list[Agent] = [
        RandomAgent(seat, rng, pass_rate) for seat in range(len(game.state.players))
    ]
    return play(game, agents, seed, rounds, max_stages, on_stage)
