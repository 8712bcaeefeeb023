"""Uniform draws from a generator: a shuffle, a pick of one or of several, a number (R-ALL-02).

Each is written out here rather than called on ``random.Random``, for two reasons:

- **A deal stays verifiable.** What a seed deals is fixed by these lines, not by the interpreter's
  ``random`` module, whose ``shuffle``, ``choice`` and ``sample`` are not promised to stay the same
  from one Python version to the next; the generator itself (Mersenne Twister, seeded from text) is.
  They draw exactly what CPython 3.11's methods of the same names draw from the same generator
  (``tests/engine/test_draws.py`` checks it on every run), so every game recorded so far replays
  and verifies as it was dealt.
- **They are compiled with the engine.** The ``random`` module's methods are interpreted code: a
  shuffle of nine roles took about 33,000 instructions, its compiled form a few thousand. The
  engine's deal, the mechanics' draws (a random heir, a team, a deck) and the simulator's
  agents all draw through them.
"""

from __future__ import annotations

import math
import random
from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

T = TypeVar("T")

SMALL_SET: Final = 21
"""``sample``'s switch between its two ways of drawing (CPython's: the size of a small set less
that of an empty list); a population no larger is drawn from a shrinking pool."""


def below(rng: random.Random, n: int) -> int:
    """A whole number from 0 to ``n`` − 1, each equally likely (``n`` ≥ 1): as many random bits as
    ``n`` has, drawn again until they fall below ``n``."""
    bits = n.bit_length()
    r: int = rng.getrandbits(bits)
    while r >= n:
        r = rng.getrandbits(bits)
    return r


def randrange(rng: random.Random, stop: int) -> int:
    """A whole number from 0 to ``stop`` − 1 (``stop`` ≥ 1), each equally likely."""
    if stop > 0:
        return below(rng, stop)
    raise ValueError("empty range for randrange()")


def shuffle(rng: random.Random, items: MutableSequence[T]) -> None:
    """Put ``items`` in a uniformly random order, in place (Fisher–Yates, from the last place)."""
    i = len(items) - 1
    while i > 0:
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """One of ``items`` (not empty), each equally likely."""
    if not items:
        raise IndexError("choice from an empty sequence")
    return items[below(rng, len(items))]


def sample(rng: random.Random, items: Sequence[T], k: int) -> list[T]:
    """``k`` different places of ``items`` drawn uniformly, in the order drawn."""
    n = len(items)
    if not 0 <= k <= n:
        raise ValueError("sample larger than population or is negative")
    limit = SMALL_SET
    if k > 5:
        limit += 4 ** math.ceil(math.log(k * 3, 4))
    out: list[T] = []
    if n <= limit:
        pool = list(items)
        for i in range(k):
            j = below(rng, n - i)
            out.append(pool[j])
            pool[j] = pool[n - i - 1]
        return out
    taken: set[int] = set()
    for _ in range(k):
        j = below(rng, n)
        while j in taken:
            j = below(rng, n)
        taken.add(j)
        out.append(items[j])
    return out
