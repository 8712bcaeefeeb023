"""Real websockets for tests: the ASGI application as served, with a test browser's cookies."""

import json
from collections.abc import Coroutine
from typing import Any, TypeVar

from asgiref.testing import ApplicationCommunicator
from django.test import Client

T = TypeVar("T")


def socket(gid: str, who: str, browser: Client | None = None) -> ApplicationCommunicator:
    """A socket to ``/ws/g/<gid>/<who>`` from 127.0.0.1, carrying the browser's cookies."""
    from bansha.web.asgi import application

    jar = browser.cookies.items() if browser is not None else []
    cookies = "; ".join(f"{k}={v.value}" for k, v in jar)
    return ApplicationCommunicator(
        application,
        {
            "type": "websocket",
            "path": f"/ws/g/{gid}/{who}",
            "headers": [
                (b"host", b"127.0.0.1"),
                (b"origin", b"http://127.0.0.1"),
                (b"cookie", cookies.encode()),
            ],
            "query_string": b"",
            "subprotocols": [],
        },
    )


async def open_socket(ws: ApplicationCommunicator) -> dict:
    """Connect; the first message, the viewer's current version."""
    await ws.send_input({"type": "websocket.connect"})
    assert (await ws.receive_output(10))["type"] == "websocket.accept"
    sent = await ws.receive_output(10)
    assert sent["type"] == "websocket.send", sent
    return json.loads(sent["text"])


def pushed(messages: list[dict]) -> list[str]:
    """The versions a socket's pushes carried (a push is a version only: the page then fetches
    its own view)."""
    out = []
    for m in messages:
        if m["type"] == "websocket.send":
            sent = json.loads(m["text"])
            assert set(sent) == {"seq"}, sent  # never the view itself
            out.append(sent["seq"])
    return out


async def rest(ws: ApplicationCommunicator) -> list[dict]:
    """Everything the socket sends until it falls quiet."""
    out = []
    while not await ws.receive_nothing(1.0):
        out.append(await ws.receive_output(1))
    return out


def on_the_layer(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a test's socket clients on the channel layer's loop, where the server's own sockets
    run (the PostgreSQL layer's connections belong to one loop: a loop of the test's own would
    leave them to a loop that is gone)."""
    from bansha.web.layer import run

    return run(coroutine, 120)
