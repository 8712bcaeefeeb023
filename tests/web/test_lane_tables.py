"""A request thread's database connections, script prefix and URL configuration: its own, read
from plain thread-local tables, while every other thread reads Django's tables as before."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.core.cache import caches
from django.db import connection, connections
from django.urls import base as urls_base
from django.urls import get_script_prefix, get_urlconf, set_script_prefix, set_urlconf

from bansha.web.handler import LaneLocal, PooledASGIHandler, enter_lane


def _on_thread(work: Any, lane: bool) -> Any:
    """``work()`` on a new thread (marked a request thread when ``lane``); its result."""
    out: list[Any] = []

    def run() -> None:
        if lane:
            enter_lane()
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
    assert isinstance(connections._connections, LaneLocal)
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
def test_the_tables_are_put_in_front_once() -> None:
    PooledASGIHandler(1)
    tables = (
        connections._connections,
        urls_base._prefixes,
        urls_base._urlconfs,
        caches._connections,
    )
    PooledASGIHandler(1)
    again = (
        connections._connections,
        urls_base._prefixes,
        urls_base._urlconfs,
        caches._connections,
    )
    assert again == tables
    assert all(isinstance(t, LaneLocal) for t in tables)


@pytest.mark.parametrize("lane", [True, False])
def test_script_prefix_and_urlconf_are_each_threads_own(lane: bool) -> None:
    PooledASGIHandler(1)
    set_script_prefix("/here/")
    urlconf = get_urlconf()
    try:

        def work() -> tuple[str, str | None, str, str | None, str, str | None]:
            seen = get_script_prefix(), get_urlconf()
            set_script_prefix("/there")
            set_urlconf("bansha.web.urls")
            during = get_script_prefix(), get_urlconf()
            set_urlconf(None)
            return (*seen, *during, get_script_prefix(), get_urlconf())

        seen = _on_thread(work, lane)
        assert seen == ("/", None, "/there/", "bansha.web.urls", "/there/", None)
        assert get_script_prefix() == "/here/"  # this thread's, untouched
        assert get_urlconf() == urlconf
    finally:
        set_script_prefix("/")


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


@pytest.mark.django_db(transaction=True)
def test_a_request_thread_keeps_its_cache_objects() -> None:
    PooledASGIHandler(1)

    def use() -> tuple[bool, bool, int | None]:
        first = caches["default"]
        first.set("bansha-lane", 7)
        return (
            caches["default"] is first,
            hasattr(caches._connections, "default"),
            first.get("bansha-lane"),
        )

    assert _on_thread(use, lane=True) == (True, True, 7)
    assert caches["default"].get("bansha-lane") == 7  # the same process cache, from anywhere
