"""Random agents: each chooses uniformly among the commands its own view offers (or passes).

An agent sees only ``Game.legal(seat)``, which is the ``legal`` part of that player's view: the
forms the web page would show. It never reads the state.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bansha.engine import Act, Close, Game, Vote
from bansha.engine.commands import Command
from bansha.engine.ruleset import LegalAct

RARE_RATE = 0.05
"""How often an agent that drew a rare act (a game-changing declaration) really makes it."""

LAST_WORDS = ("我是好人，大家加油。", "相信我的判断。", "没什么好说的。", "注意看投票。")


def random_command(
    rng: random.Random, seat: int, legal: list[LegalAct], pass_rate: float
) -> Command | None:
    """One uniformly random legal command for ``seat``, or None (pass) with ``pass_rate``."""
    if not legal or rng.random() < pass_rate:
        return None
    la = legal[rng.randrange(len(legal))]
    if la.rare and rng.random() >= RARE_RATE:
        return None
    if la.skill == "vote":
        options = len(la.targets) + 1
        k = rng.randrange(options)
        return Vote(seat, la.targets[k] if k < len(la.targets) else None)
    if la.text:
        return Act(seat, la.skill, (), rng.choice(LAST_WORDS))
    if la.must_include:
        first = rng.choice(la.must_include)
        rest = [t for t in la.targets if t != first]
        if len(rest) < la.picks - 1:
            return None
        return Act(seat, la.skill, (first, *rng.sample(rest, la.picks - 1)))
    if len(la.targets) < la.picks:
        return None
    targets = tuple(rng.sample(la.targets, la.picks))
    if la.slots:
        return Act(
            seat, la.skill, targets, ",".join(rng.choice(la.choices) for _ in range(la.slots))
        )
    choice = rng.choice(la.choices) if la.choices else None
    return Act(seat, la.skill, targets, choice)


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
    rng = random.Random(f"agents/{seed}")
    seats = list(range(len(game.state.players)))
    for _ in range(max_stages):
        if game.state.ended:
            return game
        for _ in range(rounds):
            rng.shuffle(seats)
            for seat in seats:
                cmd = random_command(rng, seat, game.legal(seat), pass_rate)
                if cmd is not None:
                    game.handle(cmd)
                    if game.state.ended:
                        return game
        if on_stage is not None:
            on_stage(game)
            if game.state.ended:
                return game
        game.handle(Close())
    raise RuntimeError(f"game did not end within {max_stages} stages (seed {seed})")
