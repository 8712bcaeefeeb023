"""Playing a game to its end with one agent per seat.

Each agent sees only what its player may see: the legal acts of its own view, and (if it keeps a
memory) the events of that view, handed over as they happen by a ``views.Feed`` of its seat
(:class:`Watchers`): exactly the events its player's page is built from, drafts held back by
公示审核 and events taken back by 撤销 included (a 发布 or a 撤销 makes the agent forget and read its
events again).
A refused command is an error here: agents only ever submit what their view offers.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bansha.engine import Close, Game
from bansha.engine.views import Feed
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
    seats = list(range(len(game.state.players)))
    watchers = Watchers(agents)
    feed = watchers.feed if watchers.agents else None
    for _ in range(max_stages):
        if game.state.phase == "ended":
            return game
        for _ in range(rounds):
            seats.sort(key=lambda _: draw())
            for seat in seats:
                options = game.legal(seat)
                if not options:
                    continue
                if feed is not None and feed.read != len(game.events):  # it only grows here
                    watchers.deliver(game)  # every agent up to date before one decides
                cmd = agents[seat].decide(options)
                if cmd is None:
                    continue
                game.handle(cmd)
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


class Watchers:
    """The agents that keep a memory, and one feed of their seats' visible events."""

    __slots__ = ("agents", "feed", "observers")

    def __init__(self, agents: list[Agent]) -> None:
        self.agents = [a for a in agents if a.observes]
        self.observers = [a.observe for a in self.agents]
        self.feed = Feed([a.seat for a in self.agents])

    def deliver(self, game: Game) -> None:
        """Hand each agent the events its player may now see that it was not given yet (all of
        them again, after it forgot, when a 发布 or a 撤销 changed what it was given)."""
        again, given = self.feed.update(game)
        if again:
            for agent in self.agents:
                agent.forget()
        events, observers = game.events, self.observers
        for i, ks in given:
            ev = events[i]
            for k in ks:
                observers[k](ev)


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
