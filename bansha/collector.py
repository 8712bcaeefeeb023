"""The interpreter's cyclic garbage collector in a long-running process: what it scans, how often.

A process that serves pages or plays thousands of games holds, before its first request or game,
every module, the rule sets read and their validated models: hundreds of thousands of objects
that live as long as the process. Python's cyclic collector walks all of them at each full
collection, and with its default pace (a young collection every 700 new container objects) it
comes often: a game of XXXII writes ~500 events, each with its data, its object and the offers
worked out for it. Two settings, made once the process has what it keeps (``settle``; ``settled``
for a block that gives the collector back as it was):

- what is alive then is moved out of the collector's reach (``gc.freeze``): a full collection no
  longer walks it;
- the youngest generation is collected after ``YOUNG`` new objects instead of 700: most of a
  request's or a game's objects are freed by their reference counts before a collection comes,
  so fewer are carried into the older generations and full collections come less often.

Nothing is left uncollected: cycles made afterwards are collected as before. The server settles
at start-up (``bansha.web.layer.lifespan``); ``bansha bench`` and ``bansha simulate`` once the
rule set is read (their worker processes, forked, inherit it). Measured in ``docs/benchmarks.md``.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG = 10_000
"""New objects between two collections of the youngest generation (the interpreter's default
is 700). Measured in ``docs/benchmarks.md`` (web under load; complete games): larger values made
each young collection long enough to show in the request latencies."""
MIDDLE = 20
"""Young collections between two collections of the middle generation (default 10)."""
OLDEST = 10
"""Middle collections between two looks at the oldest generation (the interpreter's default)."""


def settle() -> None:
    """Collect once, move what is alive out of the collector's reach, and set the pace
    (``YOUNG``, ``MIDDLE``, ``OLDEST``)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLDEST)


@contextmanager
def settled() -> Iterator[None]:
    """``settle`` for the block; after it, the pace it had and everything in the collector's
    reach again (a library call, such as a test's, leaves the process as it found it)."""
    pace = gc.get_threshold()
    settle()
    try:
        yield
    finally:
        gc.set_threshold(*pace)
        gc.unfreeze()
