"""How ``bansha serve`` runs uvicorn: what every response and every live socket does without."""

from __future__ import annotations

from typing import Any

import pytest

from bansha.web import server


def test_the_server_sends_no_banner_and_compresses_no_socket(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No ``Server`` header names the software, no access log (no private link in a log), no
    ``permessage-deflate`` on live sockets (a push is some forty bytes), and proxy headers are read
    only from the proxies named; a worker process still starting on a busy host is given time to
    answer the supervisor's health check."""
    import uvicorn

    ran: dict[str, Any] = {}
    monkeypatch.setattr(server, "setup", lambda database_url=None: None)
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: ran.update(kwargs, app=app))
    server.serve("127.0.0.1", 8799, None, 1, clock=False)
    assert ran["app"] == "bansha.web.asgi:application"
    assert ran["server_header"] is False and ran["access_log"] is False
    assert ran["ws_per_message_deflate"] is False
    assert ran["proxy_headers"] is False and ran["forwarded_allow_ips"] == []
    assert ran["timeout_worker_healthcheck"] == server.WORKER_PATIENCE  # a busy host's slow start
    server.serve("127.0.0.1", 8799, None, 1, clock=False, trusted_proxies=["10.0.0.0/8"])
    assert ran["proxy_headers"] is True and ran["forwarded_allow_ips"] == ["10.0.0.0/8"]
