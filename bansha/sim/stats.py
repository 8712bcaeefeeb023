"""Statistics for simulated win rates: Wilson intervals and the two-proportion test."""

from __future__ import annotations

import math
from typing import NamedTuple

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""


class Interval(NamedTuple):
    """A proportion with its 95% confidence interval."""

    rate: float
    low: float
    high: float


def wilson(successes: int, n: int, z: float = Z95) -> Interval:
    """The Wilson score interval of ``successes`` out of ``n`` (exact at 0 and n, unlike Wald)."""
    if n <= 0:
        return Interval(0.0, 0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


class Difference(NamedTuple):
    """Rate B minus rate A, its 95% interval, and the two-sided p-value of "no difference"."""

    diff: float
    low: float
    high: float
    z: float
    p_value: float


def compare(successes_a: int, n_a: int, successes_b: int, n_b: int) -> Difference:
    """Two-proportion z-test (pooled) with a Wald interval of the difference (unpooled)."""
    pa = successes_a / n_a if n_a else 0.0
    pb = successes_b / n_b if n_b else 0.0
    diff = pb - pa
    if not n_a or not n_b:
        return Difference(diff, -1.0, 1.0, 0.0, 1.0)
    pooled = (successes_a + successes_b) / (n_a + n_b)
    se_pooled = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    z = diff / se_pooled if se_pooled > 0 else 0.0
    p_value = math.erfc(abs(z) / math.sqrt(2)) if se_pooled > 0 else (1.0 if diff == 0 else 0.0)
    se = math.sqrt(pa * (1 - pa) / n_a + pb * (1 - pb) / n_b)
    return Difference(diff, diff - Z95 * se, diff + Z95 * se, z, p_value)
