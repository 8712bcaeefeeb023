"""The request handler: a fixed set of request threads; requests beyond them wait their turn."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from django.core import signals
from django.http import HttpRequest, HttpResponseBase

from bansha.web.handler import PooledASGIHandler
from tests.web.asgi_get import asgi_get

STATIC = Path(__file__).resolve().parents[2] / "bansha" / "web" / "static" / "bansha"


class Recording(PooledASGIHandler):
    """The real handler, noting which thread serves each request and how many run at once."""

    def __init__(self, threads: int) -> None:
        super().__init__(threads)
        self.names: set[str] = set()
        self.running = 0
        self.most = 0
        self.lock = threading.Lock()

    def get_response(self, request: HttpRequest) -> HttpResponseBase:
        with self.lock:
            self.running += 1
            self.most = max(self.most, self.running)
            self.names.add(threading.current_thread().name)
        time.sleep(0.02)  # long enough for the other requests to arrive meanwhile
        try:
            return super().get_response(request)
        finally:
            with self.lock:
                self.running -= 1


async def get(app: PooledASGIHandler, path: str) -> tuple[int, bytes]:
    """One GET through the ASGI interface, as the server sends it: the status and the body."""
    return await asgi_get(app, path)


@pytest.mark.django_db(transaction=True)
def test_more_requests_than_threads_are_all_served_two_at_a_time() -> None:
    app = Recording(threads=2)

    async def burst() -> list[tuple[int, bytes]]:
        return await asyncio.gather(*(get(app, "/") for _ in range(12)))

    results = asyncio.run(burst())
    assert [status for status, _ in results] == [200] * 12
    assert all("版杀" in body.decode() for _, body in results)  # the home page, rendered
    assert app.most == 2  # never more at once than the threads, and both were used
    assert len(app.names) == 2 and all(n.startswith("bansha-request") for n in app.names)


@pytest.mark.django_db(transaction=True)
def test_a_failing_view_gives_its_thread_back() -> None:
    app = Recording(threads=1)

    async def in_turn() -> list[int]:
        missing, _ = await get(app, "/g/none/me")
        home, _ = await get(app, "/")
        return [missing, home]

    assert asyncio.run(in_turn()) == [404, 200]


@pytest.mark.django_db(transaction=True)
def test_a_streamed_file_is_sent_whole_and_closed_after() -> None:
    """A static file is a streaming response: its content is read while it is sent, and only
    then closed (a response held in memory is closed on its thread before it is sent)."""
    app = PooledASGIHandler(threads=1)
    finished: list[str] = []

    def note(**_: Any) -> None:
        finished.append(threading.current_thread().name)

    signals.request_finished.connect(note)
    try:
        status, body = asyncio.run(get(app, "/static/bansha/site.css"))
    finally:
        signals.request_finished.disconnect(note)
    assert status == 200
    assert body == (STATIC / "site.css").read_bytes()
    assert finished and finished[0].startswith("bansha-request")


@pytest.mark.django_db(transaction=True)
def test_each_request_starts_and_finishes_once_on_its_thread() -> None:
    """``request_started`` and ``request_finished`` (which close a request's old database
    connections) each run once per request, on the request's thread."""
    app = PooledASGIHandler(threads=1)
    seen: list[tuple[str, str]] = []

    def started(**_: Any) -> None:
        seen.append(("started", threading.current_thread().name))

    def finished(**_: Any) -> None:
        seen.append(("finished", threading.current_thread().name))

    signals.request_started.connect(started)
    signals.request_finished.connect(finished)
    try:
        statuses = [asyncio.run(get(app, path))[0] for path in ("/", "/g/none/me")]
    finally:
        signals.request_started.disconnect(started)
        signals.request_finished.disconnect(finished)
    assert statuses == [200, 404]
    assert [kind for kind, _ in seen] == ["started", "finished"] * 2
    assert all(name.startswith("bansha-request") for _, name in seen)
