"""The engine's draws take from a generator exactly what CPython 3.11's ``random`` methods of the
same names take, and give what those give: every recorded game replays and verifies as it was
dealt (``engine/draws.py``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bansha.engine import draws
from bansha.engine.context import Ctx
from bansha.engine.state import State


@given(st.integers(0, 2**64), st.integers(0, 40))
def test_a_shuffle_is_the_random_modules(seed: int, n: int) -> None:
    ours, theirs = list(range(n)), list(range(n))
    a, b = random.Random(seed), random.Random(seed)
    draws.shuffle(a, ours)
    b.shuffle(theirs)
    assert ours == theirs
    assert a.getstate() == b.getstate()


@given(st.integers(0, 2**64), st.integers(1, 40))
def test_a_choice_is_the_random_modules(seed: int, n: int) -> None:
    a, b = random.Random(seed), random.Random(seed)
    items = [f"p{i}" for i in range(n)]
    assert [draws.choice(a, items) for _ in range(3)] == [b.choice(items) for _ in range(3)]
    assert a.getstate() == b.getstate()


@given(st.integers(0, 2**64), st.data())
def test_a_sample_is_the_random_modules(seed: int, data: st.DataObject) -> None:
    n = data.draw(st.integers(0, 200))  # beyond 21 and a few dozen: both of sample's ways
    k = data.draw(st.integers(0, n))
    a, b = random.Random(seed), random.Random(seed)
    items = tuple(range(100, 100 + n))
    assert draws.sample(a, items, k) == b.sample(items, k)
    assert a.getstate() == b.getstate()


def test_the_seeded_text_generator_as_a_game_uses_it() -> None:
    roles = ["wolf"] * 2 + ["seer", "witch", "guard", "idiot"] + ["villager"] * 3
    ours, theirs = list(roles), list(roles)
    draws.shuffle(random.Random("12345/0"), ours)
    random.Random("12345/0").shuffle(theirs)
    assert ours == theirs


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
