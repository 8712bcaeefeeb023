"""Django's ASGI handler, run with one thread hop per request instead of several.

Every page of bansha is a synchronous Django view. Django's stock ASGI handler serves each request
in a thread made for that request (and a second thread to join it afterwards), and, because one
middleware (django-ratelimit's) is synchronous only, crosses between that thread and the event
loop three times on the way in. Under load those hops and thread starts cost as much processor
time as the page itself. This handler keeps Django's request handling (body reading, disconnects,
signals, the response) and changes two things:

- the middleware chain is built in synchronous mode and entered once per request through
  ``sync_to_async``;
- each request runs its synchronous code on a worker thread borrowed from a small free list
  (``ThreadSensitiveContext(executor=...)``), one request at a time per thread, as Django requires
  for thread-sensitive code; threads are made only when every existing one is busy.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.core.handlers.asgi import ASGIHandler
from django.http import HttpRequest, HttpResponseBase


class PooledASGIHandler(ASGIHandler):
    """An ASGI handler with a synchronous middleware chain and reused request threads."""

    def __init__(self) -> None:
        super().__init__()
        self.load_middleware(is_async=False)
        self._idle: list[ThreadPoolExecutor] = []

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        """Serve one HTTP request on a borrowed request thread."""
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        executor = (
            self._idle.pop()
            if self._idle
            else ThreadPoolExecutor(max_workers=1, thread_name_prefix="bansha-request")
        )
        try:
            async with ThreadSensitiveContext(executor=executor):
                await self.handle(scope, receive, send)
        finally:
            self._idle.append(executor)

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        """The synchronous middleware chain and view, in one hop to the request's thread."""
        return await sync_to_async(self.get_response, thread_sensitive=True)(request)


def get_asgi_application() -> PooledASGIHandler:
    """Set Django up and return the handler (as ``django.core.asgi.get_asgi_application`` does)."""
    import django

    django.setup(set_prefix=False)
    return PooledASGIHandler()
