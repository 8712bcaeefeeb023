"""Which pages may open a live-update socket: only this site's own, host and port alike.

A browser sends its cookies with any websocket it opens, whatever page opened it, so a page on
another site (or another server on the same machine, another port) could otherwise read a
player's live view. The socket's Origin must name exactly the host and port the socket was opened
to, and that host must be one the site serves (``ALLOWED_HOSTS``).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


def same_origin(origin: str, host: str) -> bool:
    """Whether a socket's ``Origin`` header is the site at ``host`` (the Host header), port
    included (a missing port is the Origin scheme's default)."""
    try:
        parts = urlsplit(origin)
        origin_port = parts.port
    except ValueError:
        return False
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return False
    domain, port = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return False
    default = DEFAULT_PORTS[parts.scheme]
    try:
        host_port = int(port) if port else default
    except ValueError:
        return False
    return parts.hostname == domain and (origin_port or default) == host_port


class SameOriginSockets:
    """ASGI middleware: refuse a websocket whose Origin is not this very site."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        """Pass the socket on, or deny it before anything is read."""
        headers = dict(scope.get("headers", []))
        origin = headers.get(b"origin", b"").decode("latin1")
        host = headers.get(b"host", b"").decode("latin1")
        if same_origin(origin, host):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)
