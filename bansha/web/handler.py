"""Django's ASGI handler, run on a few long-lived request threads per server process.

Every page of bansha is a synchronous Django view, and its work is processor time (the engine's
view, templates, queries), so threads beyond a few only take turns at Python's interpreter lock.
Django's stock ASGI handler starts a thread for every request (and another to join it), lets
every request in at once, and, because one middleware (django-ratelimit's) is synchronous only,
crosses between that thread and the event loop three times per request. Under load the requests
then share the lock in 5 ms slices and each one's latency grows with the number running: at 300
requests per second on two cores the 99th percentile was hundreds of milliseconds.

This handler keeps Django's request handling (body reading, disconnects, signals, the response)
and changes three things:

- the middleware chain is built in synchronous mode and entered once per request through
  ``sync_to_async``;
- requests run on ``settings.REQUEST_THREADS`` long-lived threads (``ThreadSensitiveContext`` with
  an executor: one request at a time per thread, as Django requires of thread-sensitive code);
- a request waits, on the event loop, for a free thread: first come, first served.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIHandler
from django.http import HttpRequest, HttpResponseBase


class PooledASGIHandler(ASGIHandler):
    """An ASGI handler with a synchronous middleware chain and a fixed set of request threads."""

    def __init__(self, threads: int) -> None:
        super().__init__()
        self.load_middleware(is_async=False)
        self.threads = max(1, threads)
        self._idle: asyncio.Queue[ThreadPoolExecutor] | None = None

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        """Serve one HTTP request on the next free request thread."""
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        if self._idle is None:  # made on the server's event loop, at the first request
            self._idle = asyncio.Queue()
            for i in range(self.threads):
                self._idle.put_nowait(
                    ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"bansha-request-{i}")
                )
        executor = await self._idle.get()
        try:
            async with ThreadSensitiveContext(executor=executor):
                await self.handle(scope, receive, send)
        finally:
            self._idle.put_nowait(executor)

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        """The synchronous middleware chain and view, in one hop to the request's thread."""
        return await sync_to_async(self.get_response, thread_sensitive=True)(request)


def get_asgi_application() -> PooledASGIHandler:
    """Set Django up and return the handler (as ``django.core.asgi.get_asgi_application`` does)."""
    import django

    django.setup(set_prefix=False)
    return PooledASGIHandler(settings.REQUEST_THREADS)
