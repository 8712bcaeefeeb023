"""A mechanic's random draws, made as the standard library's ``random.Random`` makes them.

R-ALL-02: every draw of a game comes from its generator (``Ctx.rng``, a ``random.Random``), and
a game replays only if each draw takes the same numbers from it in the same order. The methods
``choice``, ``sample``, ``shuffle`` and ``randrange`` of ``random.Random`` are Python code the
interpreter runs (thousands of instructions a call); these functions are the same steps compiled:
each asks the generator's ``getrandbits`` for the same bits in the same order as the method of
Python 3.11 it is named after (``_randbelow_with_getrandbits``, the way of ``random.Random``
itself), so a draw gives what the method would (tests/mechanics/test_draws.py compares them).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def below(rng: random.Random, n: int) -> int:
    """A number in ``[0, n)`` (``n > 0``): ``Random._randbelow``."""
    k = n.bit_length()  # not (n-1): n can be 1
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def choice(rng: random.Random, seq: Sequence[T]) -> T:
    """One item of a non-empty sequence: ``Random.choice``."""
    if not len(seq):
        raise IndexError("Cannot choose from an empty sequence")
    return seq[below(rng, len(seq))]


def randrange(rng: random.Random, stop: int) -> int:
    """A number in ``[0, stop)``: ``Random.randrange`` with one argument."""
    if stop > 0:
        return below(rng, stop)
    raise ValueError("empty range for randrange()")


def sample(rng: random.Random, population: Sequence[T], k: int) -> list[T]:
    """``k`` different items of ``population``, in the order drawn: ``Random.sample``
    (without ``counts``)."""
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError("Sample larger than population or is negative")
    result: list[T] = []
    setsize = 21  # the library's choice between its two ways, kept: each draws differently
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3, 4))
    if n <= setsize:
        pool = list(population)
        for i in range(k):
            j = below(rng, n - i)
            result.append(pool[j])
            pool[j] = pool[n - i - 1]  # the item not drawn moves into the place drawn
        return result
    selected: set[int] = set()
    for _ in range(k):
        j = below(rng, n)
        while j in selected:
            j = below(rng, n)
        selected.add(j)
        result.append(population[j])
    return result


def shuffle(rng: random.Random, x: list[T]) -> None:
    """``x`` shuffled in place: ``Random.shuffle``."""
    for i in range(len(x) - 1, 0, -1):
        j = below(rng, i + 1)
        x[i], x[j] = x[j], x[i]
