"""A mechanic's draws (bansha/mechanics/draws.py) take from a game's generator what the methods of
``random.Random`` they are named after take, and give what those give: a game replays the same."""

from __future__ import annotations

import random

import pytest

from bansha.engine.context import Ctx
from bansha.engine.state import State
from bansha.mechanics import draws

SIZES = (1, 2, 3, 5, 6, 8, 17, 18, 21, 22, 30, 100, 500)


def _pair(seed: str) -> tuple[random.Random, random.Random]:
    return random.Random(seed), random.Random(seed)


def test_the_generator_is_the_library_s_own() -> None:
    """The draws follow ``_randbelow_with_getrandbits``: the way of ``random.Random`` itself, the
    generator a game's ``Ctx.rng`` gives."""
    assert type(Ctx(State()).rng()) is random.Random
    assert random.Random._randbelow is random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]


@pytest.mark.parametrize("n", SIZES)
def test_choice_shuffle_randrange_as_the_library(n: int) -> None:
    pop = [f"p{i}" for i in range(n)]
    for seed in range(300):
        a, b = _pair(f"{seed}/choice/{n}")
        assert draws.choice(b, pop) == a.choice(pop)
        assert draws.choice(b, tuple(pop)) == a.choice(tuple(pop))
        x, y = list(pop), list(pop)
        a.shuffle(x)
        draws.shuffle(b, y)
        assert y == x
        assert draws.randrange(b, n) == a.randrange(n)
        assert b.random() == a.random()  # the same numbers taken: the generators still agree


@pytest.mark.parametrize("n", SIZES)
def test_sample_as_the_library(n: int) -> None:
    pop = list(range(100, 100 + n))
    for k in sorted(k for k in {0, 1, 2, 5, 6, 7, 12, n // 2, n} if k <= n):
        for seed in range(100):
            a, b = _pair(f"{seed}/sample/{n}/{k}")
            assert draws.sample(b, pop, k) == a.sample(pop, k)
            assert b.random() == a.random()


def test_refusals_as_the_library() -> None:
    rng = random.Random(1)
    with pytest.raises(IndexError):
        draws.choice(rng, [])
    with pytest.raises(ValueError):
        draws.sample(rng, [1, 2], 3)
    with pytest.raises(ValueError):
        draws.randrange(rng, 0)
