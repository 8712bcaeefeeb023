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
    """A static file is a streaming response of a synchronous iterator: it is read whole and
    closed on the request's thread (as Django reads such a stream whole, but without a hop to
    asgiref's shared thread), then sent."""
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


def test_a_body_in_several_messages_is_read_whole_and_a_large_one_spooled() -> None:
    """A body that comes in one message is read into memory; one in several messages, or larger
    than ``FILE_UPLOAD_MAX_MEMORY_SIZE``, into Django's spooled file (on disk as it grows), whole
    and from its start; a client gone before its body came aborts the request."""
    import tempfile

    from django.conf import settings
    from django.core.exceptions import RequestAborted

    app = PooledASGIHandler(threads=1)

    def messages(*parts: dict[str, Any]) -> Any:
        queue = list(parts)

        async def receive() -> dict[str, Any]:
            return queue.pop(0)

        return receive

    def read(*parts: dict[str, Any]) -> Any:
        return asyncio.run(app.read_body(messages(*parts)))

    one = read({"type": "http.request", "body": b"a=1&b=2"})
    assert one.read() == b"a=1&b=2" and not isinstance(one, tempfile.SpooledTemporaryFile)
    pieces = read(
        {"type": "http.request", "body": b"a=1", "more_body": True},
        {"type": "http.request", "body": b"&b=2", "more_body": True},
        {"type": "http.request", "body": b"", "more_body": False},
    )
    assert isinstance(pieces, tempfile.SpooledTemporaryFile) and pieces.read() == b"a=1&b=2"
    large = b"x" * (settings.FILE_UPLOAD_MAX_MEMORY_SIZE + 1)
    spooled = read({"type": "http.request", "body": large})
    assert isinstance(spooled, tempfile.SpooledTemporaryFile) and spooled.read() == large
    for gone in (
        [{"type": "http.disconnect"}],
        [{"type": "http.request", "body": b"a", "more_body": True}, {"type": "http.disconnect"}],
    ):
        with pytest.raises(RequestAborted):
            read(*gone)


@pytest.mark.django_db(transaction=True)
def test_a_response_is_sent_as_djangos_handler_encodes_it() -> None:
    """The status, every header and cookie, and the body reach the server as Django's own
    ``send_response`` encodes them (the headers on the request's thread, the body whole)."""
    from django.test import RequestFactory

    from tests.web.asgi_get import asgi_get_messages

    app = PooledASGIHandler(threads=1)
    sent = asyncio.run(asgi_get_messages(app, "/accounts/login/"))
    assert [m["type"] for m in sent] == ["http.response.start", "http.response.body"]
    start, body = sent
    assert start["status"] == 200
    names = [name for name, _ in start["headers"]]
    assert all(isinstance(n, bytes) and isinstance(v, bytes) for n, v in start["headers"])
    assert b"Set-Cookie" in names and b"Content-Security-Policy" in names
    assert b"<form" in body["body"] and not body.get("more_body", False)

    # the same response through Django's own encoding
    request = RequestFactory().get("/accounts/login/")
    response = app.get_response(request)
    django_sent: list[dict[str, Any]] = []

    async def keep(message: dict[str, Any]) -> None:
        django_sent.append(message)

    asyncio.run(app.send_response(response, keep))
    assert [n for n, _ in django_sent[0]["headers"]] == names


@pytest.mark.django_db(transaction=True)
def test_an_asynchronous_stream_is_sent_as_it_comes_and_closed_after() -> None:
    """A response that streams from an asynchronous iterator is sent part by part by Django's
    ``send_response`` on the event loop, then closed on the request's thread."""
    from django.http import StreamingHttpResponse

    closed: list[str] = []

    class Streaming(PooledASGIHandler):
        def get_response(self, request: HttpRequest) -> HttpResponseBase:
            async def parts() -> Any:
                for part in (b"one ", b"two"):
                    yield part

            response = StreamingHttpResponse(parts())
            response._resource_closers.append(
                lambda: closed.append(threading.current_thread().name)
            )
            return response

    from tests.web.asgi_get import asgi_get_messages

    sent = asyncio.run(asgi_get_messages(Streaming(threads=1), "/"))
    bodies = [m for m in sent if m["type"] == "http.response.body"]
    assert b"".join(m.get("body", b"") for m in bodies) == b"one two"
    assert len(bodies) == 3 and not bodies[-1].get("more_body", False)
    assert closed and closed[0].startswith("bansha-request")
