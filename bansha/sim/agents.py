"""Random agents: each chooses uniformly among the commands its own view offers (or passes).

An agent sees only ``Game.legal(seat)``, which is the ``legal`` part of that player's view: the
forms the web page would show. It never reads the state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from bansha import texts
from bansha.engine import Act, Vote, draws
from bansha.engine.commands import Command
from bansha.engine.events import Event
from bansha.engine.ruleset import LegalAct

RARE_RATE: Final = 0.05
"""How often an agent that drew a rare act (a game-changing declaration) really makes it."""

LAST_WORDS: Final = texts.SIM_LAST_WORDS
"""The last words a simulated player leaves (one drawn at random)."""


def random_command(
    rng: random.Random, seat: int, legal: list[LegalAct], pass_rate: float
) -> Command | None:
    """One uniformly random legal command for ``seat``, or None (pass) with ``pass_rate``."""
    return drawn_command(rng, rng.random, seat, legal, pass_rate)


def drawn_command(
    rng: random.Random,
    draw: Callable[[], float],
    seat: int,
    legal: list[LegalAct],
    pass_rate: float,
) -> Command | None:
    """:func:`random_command` with ``rng.random`` already read (``draw``): an agent reads it
    once, not once per decision."""
    if not legal:
        return None
    if draw() < pass_rate:
        return None
    la = legal[int(draw() * len(legal))] if len(legal) > 1 else legal[0]
    if la.rare and draw() >= RARE_RATE:
        return None
    targets = la.targets
    if la.skill == "vote":
        k = int(draw() * (len(targets) + 1))
        return Vote(seat, targets[k] if k < len(targets) else None)
    if la.text:
        return Act(seat, la.skill, (), LAST_WORDS[int(draw() * len(LAST_WORDS))])
    picks = la.picks
    if la.must_include:
        first = la.must_include[int(draw() * len(la.must_include))]
        rest = [t for t in targets if t != first]
        if len(rest) < picks - 1:
            return None
        return Act(seat, la.skill, (first, *draws.sample(rng, rest, picks - 1)))
    if len(targets) < picks:
        return None
    if picks == 1:
        chosen: tuple[int, ...] = (targets[int(draw() * len(targets))],)
    elif picks == 0:  # a form with nothing to pick (M186's lists): ``sample`` would draw nothing
        chosen = ()
    else:
        chosen = tuple(draws.sample(rng, targets, picks))
    choices = la.choices
    if la.slots:
        return Act(
            seat,
            la.skill,
            chosen,
            ",".join(choices[int(draw() * len(choices))] for _ in range(la.slots)),
        )
    choice = choices[int(draw() * len(choices))] if choices else None
    return Act(seat, la.skill, chosen, choice)


class Agent:
    """A player's stand-in: given its legal acts, it answers a command or passes (None).

    An agent whose ``observes`` is true is also handed every event its player may see, in order
    (the raw material of the player's view, ``views.shown``'s), and told to forget them when they
    are handed over again from the first; a random agent needs none.
    """

    def __init__(self, seat: int, observes: bool = False) -> None:
        self.seat = seat
        self.observes = observes

    def decide(self, legal: list[LegalAct]) -> Command | None:
        """The command to submit now, or None to pass."""
        raise NotImplementedError

    def observe(self, ev: Event) -> None:
        """Remember an event this player may see."""

    def forget(self) -> None:
        """Forget every event observed: they are handed over again from the first (a 发布 or a
        撤销 changed what the player may see)."""


class RandomAgent(Agent):
    """Chooses uniformly among the commands its view offers, and passes now and then."""

    def __init__(self, seat: int, rng: random.Random, pass_rate: float = 0.15) -> None:
        super().__init__(seat)
        self.rng = rng
        self.draw = rng.random
        self.pass_rate = pass_rate

    def decide(self, legal: list[LegalAct]) -> Command | None:
        """One uniformly random legal command, or a pass."""
        return drawn_command(self.rng, self.draw, self.seat, legal, self.pass_rate)


class Withholding(Agent):
    """An agent that never uses one skill (the counterfactual of the skill-impact table)."""

    def __init__(self, inner: Agent, skill: str) -> None:
        super().__init__(inner.seat, inner.observes)
        self.inner = inner
        self.skill = skill

    def decide(self, legal: list[LegalAct]) -> Command | None:
        """The inner agent's decision among the acts other than the withheld skill."""
        kept = [la for la in legal if la.skill != self.skill]
        return self.inner.decide(kept) if kept else None

    def observe(self, ev: Event) -> None:
        """Passed on to the inner agent."""
        self.inner.observe(ev)

    def forget(self) -> None:
        """Passed on to the inner agent."""
        self.inner.forget()
