"""Reading a thread without Python's cyclic garbage collector.

Reading 10,000 floors makes hundreds of thousands of short-lived objects (the tree's nodes as
Python sees them, floors, quotes, their lists), and each allocation counts towards the next
collection: about a sixth of a large thread's reading time went into collections that found
nothing, since reading makes no reference cycles (``tests/forum/test_collection.py`` checks it).
The collector is paused while a thread is read and resumed after, as it was: a count of the
readings in progress (threads of a web worker read at once) resumes it when the last one ends,
and only if a reading paused it.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_readers = 0
_paused = False


@contextmanager
def paused() -> Iterator[None]:
    """Pause the cyclic collector while the block runs (reference counting frees as usual)."""
    global _readers, _paused
    with _lock:
        if _readers == 0 and gc.isenabled():
            gc.disable()
            _paused = True
        _readers += 1
    try:
        yield
    finally:
        with _lock:
            _readers -= 1
            if _readers == 0 and _paused:
                gc.enable()
                _paused = False
