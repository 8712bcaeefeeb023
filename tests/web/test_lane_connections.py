"""A request thread's database connections: its own, read from a plain thread-local table, while
every other thread reads Django's table as before."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection, connections

from bansha.web.handler import LaneConnections, PooledASGIHandler


def _on_thread(work: Any, lane: bool) -> Any:
    """``work()`` on a new thread (marked a request thread when ``lane``); its result."""
    out: list[Any] = []

    def run() -> None:
        if lane:
            LaneConnections.enter()
        try:
            out.append(work())
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    return out[0]


@pytest.mark.django_db(transaction=True)
def test_each_request_thread_has_a_connection_of_its_own() -> None:
    PooledASGIHandler(1)  # puts the table in front of Django's
    assert isinstance(connections._connections, LaneConnections)
    here = connections["default"]

    def read() -> tuple[int, Any, Any, bool]:
        first = connections["default"]
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            one = cursor.fetchone()[0]
        mine = connections._connections.__dict__.get("default") is first
        return one, first, connections["default"], mine

    for lane in (True, False):
        one, first, again, mine = _on_thread(read, lane)
        assert one == 1 and first is again  # the thread's one connection, kept
        assert first is not here  # never another thread's
        assert mine is lane  # a request thread keeps it among its own attributes
    assert connections["default"] is here  # this thread's, untouched


@pytest.mark.django_db(transaction=True)
def test_the_table_is_put_in_front_once() -> None:
    PooledASGIHandler(1)
    table = connections._connections
    PooledASGIHandler(1)
    assert connections._connections is table


@pytest.mark.django_db(transaction=True)
def test_a_request_thread_can_drop_and_open_its_connection_again() -> None:
    PooledASGIHandler(1)

    def drop() -> tuple[bool, bool, bool]:
        first = connections["default"]
        had = hasattr(connections._connections, "default")
        del connections["default"]
        gone = not hasattr(connections._connections, "default")
        return had, gone, connections["default"] is not first

    assert _on_thread(drop, lane=True) == (True, True, True)
