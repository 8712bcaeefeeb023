"""The play loop's turn order: the order a sort by one random key per seat gives, drawn the same."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from bansha.sim.play import reordered


@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=30))
def test_reordered_is_the_sort_by_drawn_keys(seed: int, n: int) -> None:
    by_sort, by_reorder = random.Random(seed), random.Random(seed)
    a = list(range(n))
    b = list(a)
    for _ in range(4):  # each round starts from the order the round before left
        draw = by_sort.random
        a.sort(key=lambda _: draw())
        b = reordered(b, by_reorder.random)
        assert b == a
    assert by_sort.random() == by_reorder.random()  # the same number of draws


@given(st.lists(st.sampled_from([0.25, 0.5, 0.75]), max_size=12))
def test_equal_keys_keep_their_order(keys: list[float]) -> None:
    seats = list(range(len(keys)))
    first, second = iter(keys), iter(keys)
    want = sorted(seats, key=lambda _: next(first))
    assert reordered(seats, lambda: next(second)) == want
