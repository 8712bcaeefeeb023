"""One GET through an ASGI application as the server sends it: the scope a real server builds,
one ``http.request`` message, then a client that stays connected. Used by the handler's tests and
by ``benchmarks/request_pieces.py``."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any


async def asgi_get(app: Any, path: str, cookie: str = "") -> tuple[int, bytes]:
    """GET ``path`` from 127.0.0.1 (with ``cookie`` when given): the status and the body."""
    sent = await asgi_get_messages(app, path, cookie)
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return int(sent[0]["status"]), body


async def asgi_get_messages(app: Any, path: str, cookie: str = "") -> list[dict[str, Any]]:
    """GET ``path`` from 127.0.0.1 (with ``cookie`` when given): the messages the application
    sent."""
    scope = http_scope(path, cookie)
    sent: list[dict[str, Any]] = []
    asked = False

    async def receive() -> dict[str, Any]:
        nonlocal asked
        if not asked:
            asked = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.sleep(3600)  # the client stays connected
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(scope, receive, send)
    return sent


def http_scope(
    path: str, cookie: str = "", method: str = "GET", headers: Sequence[tuple[bytes, bytes]] = ()
) -> dict[str, Any]:
    """The scope a real server builds for a request from 127.0.0.1 (with ``cookie`` and any
    other ``headers`` when given)."""
    sent = [(b"host", b"127.0.0.1")]
    if cookie:
        sent.append((b"cookie", cookie.encode()))
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [*sent, *headers],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }
