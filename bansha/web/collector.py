"""The interpreter's garbage collector in a server process: what it scans, and how often.

A server process holds, besides every module and Django's own tables, each game and each viewer's
kept view (``service.viewcache``): hundreds of thousands of objects the collector would walk at
each full collection, holding every request of the process meanwhile (a full collection took
33–485 ms under load, and set the load's 99th percentile). Two settings, made once when a server
process starts (``settle``, from the ASGI lifespan's start-up):

- what is alive once the process has started (modules, settings, URL patterns, the compiled
  templates read so far) is moved out of the collector's reach (``gc.freeze``): it lives as long
  as the process, and a full collection no longer walks it;
- the youngest generation is collected after ``YOUNG`` new objects instead of 700: a request's
  own objects (its view's rows, template contexts, query results) are mostly freed by their
  reference counts before a collection comes, so fewer of them are carried into the older
  generations and full collections come less often.

Nothing is left uncollected: cycles made after start-up are collected as before.
"""

from __future__ import annotations

import gc

YOUNG = 10_000
"""New objects between two collections of the youngest generation (the interpreter's default
is 700). Measured in ``docs/benchmarks.md`` (web under load): larger values made each young
collection long enough to show in the request latencies."""
MIDDLE = 20
"""Young collections between two collections of the middle generation (default 10)."""
OLDEST = 10
"""Middle collections between two looks at the oldest generation (the interpreter's default)."""


def settle() -> None:
    """Collect once, move what is alive out of the collector's reach, and set the thresholds
    (once per server process, after start-up)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLDEST)
