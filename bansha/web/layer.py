"""The channel layer runs on one event loop per process.

The PostgreSQL channel layer keeps one connection pool and one listening connection for the whole
process, and both belong to the event loop that made them: used from another loop (or from two
threads at once) the pool stops handing out connections and pushes hang or are lost. Synchronous
code (a command's push, a stage closed by the clock thread, the deadline worker, the command
line) therefore never calls the layer on a loop of its own (``async_to_sync`` outside a request
makes a new loop for every call): it hands the call to the process's layer loop (and waits for
it only on a loop the process started for itself: ``call``).
The layer loop is the server's own (adopted at its start-up and by every socket, whose calls run
on it anyway); a process without one (the deadline worker, the command line, tests) starts one
loop on a thread of its own the first time it needs it and keeps it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import sys
import threading
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from channels.layers import (
    DEFAULT_CHANNEL_LAYER,
    BaseChannelLayer,
    channel_layers,
    get_channel_layer,
)

from bansha import collector

log = logging.getLogger(__name__)

CALL_TIMEOUT = 10.0
"""Seconds a synchronous caller waits for one layer call on the process's own loop (a push never
holds a command longer; on a server's loop a command does not wait for it at all)."""

T = TypeVar("T")

_guard = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None
"""The loop the layer's connections belong to."""
_own: asyncio.AbstractEventLoop | None = None
"""The loop this process started for the layer when it had none of its own."""


def adopt(loop: asyncio.AbstractEventLoop) -> None:
    """Make ``loop`` the layer's: the server's loop at start-up, a socket's when it connects. The
    layer made on a previous loop is let go (its pool closed where that loop still runs)."""
    global _loop
    with _guard:
        if _loop is loop:
            return
        old, _loop = _loop, loop
    if old is not None:
        _let_go(old)


def _let_go(old: asyncio.AbstractEventLoop | None) -> None:
    """Forget the layer and the PostgreSQL pool made on ``old``: the next call makes them anew on
    the layer's loop."""
    backend = channel_layers.backends.pop(DEFAULT_CHANNEL_LAYER, None)
    stop: Callable[[], None] | None = getattr(backend, "stop", None)
    if stop is not None:
        stop()  # its listening connection belongs to the old loop
    # the PostgreSQL layer's module is loaded only when the site runs on PostgreSQL
    db: Any = sys.modules.get("channels_postgres.db")
    if db is None:
        return
    # the library keeps the pool in module globals, made on first use (and its lock with it)
    pool, db.connection_pool = db.connection_pool, None
    db.is_creating_connection_pool = asyncio.Lock()
    if pool is not None and old is not None and old.is_running():
        asyncio.run_coroutine_threadsafe(pool.close(), old)


def _serve(loop: asyncio.AbstractEventLoop, ready: threading.Event) -> None:
    asyncio.set_event_loop(loop)
    loop.call_soon(ready.set)
    loop.run_forever()


def loop() -> asyncio.AbstractEventLoop:
    """The layer's loop, running: the adopted one, or the process's own (started once)."""
    global _own
    with _guard:
        current = _loop
        if current is not None and current.is_running() and not current.is_closed():
            return current
        if _own is None:
            _own = asyncio.new_event_loop()
            ready = threading.Event()
            threading.Thread(
                target=_serve, args=(_own, ready), daemon=True, name="channel-layer"
            ).start()
            ready.wait()
        own = _own
    adopt(own)
    return own


def call(make: Callable[[BaseChannelLayer], Awaitable[Any]]) -> None:
    """Run one layer call (``make(layer)``) from synchronous code on the layer's loop; nothing
    when the site has no channel layer.

    On a server's loop (adopted: it runs as long as the process serves) the call is handed to
    it and the caller goes on: a command's request does not wait for the loop, which under load
    waits its turn at the interpreter's lock behind the other request threads, nor for the
    PostgreSQL layer's round trip; a failure is logged. On the loop this process started for
    itself (the deadline worker, the command line, tests: a process that may end right after)
    the caller waits for the call, ``CALL_TIMEOUT`` at most."""
    layer_loop = loop()
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is layer_loop:  # already on it (an async caller): run without blocking it
        layer_loop.create_task(_awaited(make(layer)))
        return
    handed = asyncio.run_coroutine_threadsafe(_awaited(make(layer)), layer_loop)
    if layer_loop is not _own:  # the server's loop: it outlives this request
        handed.add_done_callback(_log_failure)
        return
    handed.result(CALL_TIMEOUT)


def _log_failure(handed: concurrent.futures.Future[Any]) -> None:
    """Log a layer call that failed after its caller went on."""
    if not handed.cancelled() and handed.exception() is not None:
        log.error("channel layer call failed", exc_info=handed.exception())


async def _awaited(awaitable: Awaitable[Any]) -> Any:
    return await awaitable


def run(coroutine: Awaitable[T], timeout: float | None = None) -> T:
    """Run a coroutine on the layer's loop from synchronous code and return its result (what a
    socket client in the same process, a test's for one, runs on)."""
    return asyncio.run_coroutine_threadsafe(_awaited(coroutine), loop()).result(timeout)


def release() -> None:
    """Let the layer go where it runs (its listening connection and pool closed): before the
    database it listens to is dropped."""
    with _guard:
        current = _loop
    _let_go(current)


async def listening(channel_layer: BaseChannelLayer | None) -> None:
    """Wait until the layer delivers what is sent to this process's channels (the PostgreSQL
    layer listens through one connection it opens on first use; the in-memory layer always
    delivers)."""
    ready: Callable[[], Awaitable[None]] | None = getattr(channel_layer, "listening", None)
    if ready is not None:
        await ready()


async def lifespan(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """The ASGI lifespan protocol: at the server's start-up its loop becomes the layer's and the
    collector is settled (``collector.settle``)."""
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            adopt(asyncio.get_running_loop())
            collector.settle()
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return
