"""The engine's draws take from a generator exactly what CPython 3.11's ``random`` methods take:
every recorded game replays and verifies as it was dealt (``engine/draws.py``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bansha.engine import draws


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


def test_bad_sizes_are_refused() -> None:
    rng = random.Random(0)
    with pytest.raises(IndexError):
        draws.choice(rng, [])
    for k in (-1, 4):
        with pytest.raises(ValueError):
            draws.sample(rng, [1, 2, 3], k)
