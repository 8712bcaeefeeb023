"""Django's ASGI handler, run on a few long-lived request threads per server process.

Every page of bansha is a synchronous Django view, and its work is processor time (the engine's
view, templates, queries), so threads beyond a few only take turns at Python's interpreter lock.
Django's stock ASGI handler starts a thread for every request (and another to join it), lets
every request in at once, and, with a middleware that is synchronous only (django-ratelimit's
was), crosses between that thread and the event loop three times per request. Under load the requests
then share the lock in 5 ms slices and each one's latency grows with the number running: at 300
requests per second on two cores the 99th percentile was hundreds of milliseconds.

This handler keeps Django's request handling (the request object, the signals, the middleware,
the response's encoding as Django's ``send_response`` does it) and changes five things:

- the middleware chain is built in synchronous mode, and a request's whole synchronous part
  (``request_started``, the request object, the middleware chain and view, the response's headers
  and cookies encoded, its body read, its close with ``request_finished``) is handed to its thread
  once per request, and the event loop only sends the headers and the body, where Django's handler
  makes three hops through asgiref's ``sync_to_async`` and runs a task beside the view to hear a
  disconnect (about 0.2 ms of processor time each hop); the hand-over is a queue the thread
  reads and a future of the event loop it settles, in a copy of the request's context
  (asgiref's thread-sensitive machinery cost 127–132 µs a hop, a one-thread executor's
  ``run_in_executor`` 28 µs, this 11 µs, measured alone with uvloop; nothing in a request's
  synchronous part calls back into the event loop through asgiref);
- requests run on ``settings.REQUEST_THREADS`` long-lived threads (``Lane``: one request at a
  time per thread, every database connection of a request on its one thread, as Django requires
  of synchronous code);
- a request waits, on the event loop, for a free thread: first come, first served;
- a body that came in one message is read into memory, not into a spooled temporary file, and a
  synchronous stream (a static file) is read on the request's thread rather than on asgiref's
  shared one. Measured in ``docs/benchmarks.md`` ("The server's floor"): the event loop's
  instructions a request about 0.72 of what they were with Django's ``send_response`` and
  body reading on the loop;
- on a request thread, Django's per-thread tables (connections, script prefix, URL
  configuration, caches) are plain thread-local attributes (``LaneLocal``).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import io
import queue
import tempfile
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from django.conf import settings
from django.core import signals
from django.core.cache import caches
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.db import connections
from django.http import FileResponse, HttpResponseBase
from django.urls import base as urls_base
from django.urls import set_script_prefix

T = TypeVar("T")


class PooledASGIHandler(ASGIHandler):
    """An ASGI handler with a synchronous middleware chain and a fixed set of request threads."""

    def __init__(self, threads: int) -> None:
        super().__init__()
        self.load_middleware(is_async=False)
        lane_tables()
        self.threads = max(1, threads)
        self._idle: asyncio.Queue[Lane] | None = None

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        """Serve one HTTP request on the next free request thread."""
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        idle = self._idle
        if idle is None:  # made on the server's event loop, at the first request
            idle = self._idle = asyncio.Queue()
            for i in range(self.threads):
                idle.put_nowait(Lane(f"bansha-request-{i}"))
        lane = await idle.get()
        try:
            await self.handle(scope, receive, send, lane)
        finally:
            idle.put_nowait(lane)

    async def handle(self, scope: dict[str, Any], receive: Any, send: Any, lane: Lane) -> None:
        """Read the body, then run the request's whole synchronous part on its thread in one
        hop (``request_started``, the middleware chain and view, and, for a response held in
        memory, its headers encoded and its ``close`` with ``request_finished``), and send the
        response: a response held in memory as two messages, the headers and the whole body.
        Django's own ``handle`` makes three hops for this (each signal and the view), runs a task
        beside the view to hear a disconnect (which a synchronous view cannot act on), and
        encodes the headers and slices the body on the event loop."""
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        try:
            served = await lane.call(self._serve, scope, body_file)
            if isinstance(served, HttpResponseBase):  # an asynchronous stream: read while sent
                try:
                    await self.send_response(served, send)
                finally:
                    await lane.call(served.close)
                return
            status, headers, content = served
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": content})
        finally:
            body_file.close()

    async def read_body(self, receive: Any) -> Any:
        """The request's body as a file: in memory when it came in one message no larger than
        ``FILE_UPLOAD_MAX_MEMORY_SIZE`` (a page's GET, a form's POST), else Django's spooled
        file, which moves to disk as it grows."""
        message = await receive()
        if message["type"] == "http.disconnect":
            raise RequestAborted()
        body = message.get("body", b"")
        if not message.get("more_body", False) and len(body) <= _memory_size():
            return io.BytesIO(body)
        spooled = tempfile.SpooledTemporaryFile(max_size=_memory_size(), mode="w+b")  # noqa: SIM115
        spooled.write(body)
        while message.get("more_body", False):
            message = await receive()
            if message["type"] == "http.disconnect":
                spooled.close()
                raise RequestAborted()
            spooled.write(message.get("body", b""))
        spooled.seek(0)
        return spooled

    def _serve(
        self, scope: dict[str, Any], body_file: Any
    ) -> tuple[int, list[tuple[bytes, bytes]], bytes] | HttpResponseBase:
        """``request_started``, the request, and its response: its status, headers (as Django's
        ``send_response`` encodes them) and whole body, the response closed; a response that
        streams from an asynchronous iterator as it is (sent by Django's ``send_response``,
        closed after). A synchronous stream (a static file, a download) is read here whole, as
        Django's handler reads it (``list`` of its parts), but on this thread instead of a hop
        to asgiref's shared thread."""
        set_script_prefix(get_script_prefix(scope))
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, response = self.create_request(scope, body_file)
        if request is not None:
            response = self.get_response(request)
            response._handler_class = self.__class__
            if isinstance(response, FileResponse):  # larger reads
                response.block_size = self.chunk_size
        if response.streaming and response.is_async:
            return response
        try:
            content = b"".join(response) if response.streaming else response.content
            headers = [
                (
                    header.encode("ascii") if isinstance(header, str) else bytes(header),
                    value.encode("latin1") if isinstance(value, str) else bytes(value),
                )
                for header, value in response.items()
            ]
            for cookie in response.cookies.values():
                headers.append((b"Set-Cookie", cookie.output(header="").encode("ascii").strip()))
            return response.status_code, headers, content
        finally:
            response.close()


def _memory_size() -> int:
    """The largest body kept in memory (``FILE_UPLOAD_MAX_MEMORY_SIZE``, as Django's own
    ``read_body`` spools)."""
    return int(settings.FILE_UPLOAD_MAX_MEMORY_SIZE)


class Lane:
    """One long-lived request thread: it takes a call from its queue, runs it in the context it
    was given, and settles the asking event loop's future with the result (or the exception)."""

    def __init__(self, name: str) -> None:
        self._calls: queue.SimpleQueue[tuple[Any, ...]] = queue.SimpleQueue()
        threading.Thread(target=self._run, name=name, daemon=True).start()

    def call(self, call: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        """``call(*args)`` on this thread, in a copy of the caller's context (the script prefix
        and the like are read there as set here); a future of the running loop."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[T] = loop.create_future()
        self._calls.put((loop, done, contextvars.copy_context(), call, args))
        return done

    def _run(self) -> None:
        enter_lane()
        while True:
            loop, done, context, call, args = self._calls.get()
            try:
                outcome: tuple[Any, BaseException | None] = (context.run(call, *args), None)
            except BaseException as e:  # handed to the request on the loop, raised there
                outcome = (None, e)
            with contextlib.suppress(RuntimeError):  # a loop closed meanwhile waits for nothing
                loop.call_soon_threadsafe(_settle, done, *outcome)
            del loop, done, context, call, args, outcome  # nothing of a request kept meanwhile


_set = threading.local.__setattr__


class LaneLocal(threading.local):
    """One of asgiref's ``Local`` tables Django keeps per thread or per context, read on a
    request thread as a plain ``threading.local``, and as before on every other thread.

    Every look-up in asgiref's ``Local`` goes through Python calls and exceptions: the
    thread-critical one of Django's database connections (``connections._connections``) misses
    the attribute, then asks ``asyncio.get_running_loop`` (which raises in a synchronous
    thread), about 1.5 µs each, nine times for a player's page (the request signals' receivers
    six); the others (the URL configuration and the script prefix of ``django.urls.base``, the
    caches' table) take a re-entrant lock and copy their context's dictionary on every change,
    2–3 µs each, set and cleared on every request (and a cache's object, made in the request's
    copy of the context, was made again by every request that used it). A request thread
    (``Lane``) never runs an event loop and never hands its context to asynchronous code, so
    there its own attributes are the table, read directly; any other thread (the event
    loop's, asgiref's and channels' threads, a test's) misses its own attributes and is sent to
    the ``Local`` as before, so nothing changes there. A request thread's connections are still
    its own (Django requires it), and every request still sets its script prefix and URL
    configuration before it reads them and clears the URL configuration when it ends (Django's
    ``get_response`` and ``request_finished``), as it did in a context of its own."""

    def __init__(self, other: Any) -> None:
        _set(self, "_other", other)

    def __getattr__(self, name: str) -> Any:
        """A name not among this thread's own attributes: none yet on a request thread, else
        the ``Local``'s."""
        if self.__dict__.get("_lane"):
            raise AttributeError(name)
        return getattr(self._other, name)

    def __setattr__(self, name: str, value: Any) -> None:
        if self.__dict__.get("_lane"):
            _set(self, name, value)
        else:
            setattr(self._other, name, value)

    def __delattr__(self, name: str) -> None:
        if self.__dict__.get("_lane"):
            threading.local.__delattr__(self, name)
        else:
            delattr(self._other, name)


def lane_tables() -> list[LaneLocal]:
    """Put a ``LaneLocal`` in front of each of Django's tables (once per process); them."""
    tables = []
    for owner, name in (
        (connections, "_connections"),
        (urls_base, "_prefixes"),
        (urls_base, "_urlconfs"),
        (caches, "_connections"),
    ):
        table = getattr(owner, name)
        if not isinstance(table, LaneLocal):
            table = LaneLocal(table)
            setattr(owner, name, table)
        tables.append(table)
    return tables


def enter_lane() -> None:
    """Mark the calling thread a request thread: the tables are its own attributes."""
    for table in lane_tables():
        _set(table, "_lane", True)


def _settle(done: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    """The future of a call that ran on a request thread, settled on its loop."""
    if done.cancelled():
        return
    if error is None:
        done.set_result(result)
    else:
        done.set_exception(error)


def get_asgi_application() -> PooledASGIHandler:
    """Set Django up and return the handler (as ``django.core.asgi.get_asgi_application`` does)."""
    import django

    django.setup(set_prefix=False)
    return PooledASGIHandler(settings.REQUEST_THREADS)
