"""A server process settles its garbage collector at start-up: what was alive is out of reach of
full collections, young collections come less often, and cycles made afterwards are still
collected."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator
from typing import Any

import pytest

from bansha import collector
from bansha.web.layer import lifespan


@pytest.fixture
def settled_collector() -> Iterator[None]:
    """The collector as the test found it, restored after."""
    before = gc.get_threshold()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def _start_up() -> None:
    """The server's lifespan start-up, as uvicorn sends it."""
    messages = [{"type": "lifespan.startup"}, {"type": "lifespan.shutdown"}]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return messages.pop(0)

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(lifespan({"type": "lifespan"}, receive, send))
    assert [m["type"] for m in sent] == [
        "lifespan.startup.complete",
        "lifespan.shutdown.complete",
    ]


def test_start_up_moves_what_is_alive_out_of_reach_and_sets_the_thresholds(
    settled_collector: None,
) -> None:
    gc.unfreeze()
    alive: list[int] = [1]  # a tracked object alive at start-up
    _start_up()
    assert gc.get_threshold() == (collector.YOUNG, collector.MIDDLE, collector.OLDEST)
    assert gc.get_freeze_count() > 0
    assert not any(o is alive for o in gc.get_objects())  # frozen: no collection walks it


def test_a_cycle_made_after_start_up_is_still_collected(settled_collector: None) -> None:
    _start_up()

    class Node:
        other: Any = None

    a, b = Node(), Node()
    a.other, b.other = b, a
    gone = weakref.ref(a)
    del a, b
    gc.collect()
    assert gone() is None
