"""What the server's log keeps: invite tokens redacted, and no warning per command of a game no
page is watching (PostgreSQL's channel layer said so for every command)."""

import logging

import pytest


def test_a_game_no_page_is_watching_logs_nothing(caplog: pytest.LogCaptureFixture) -> None:
    layer = logging.getLogger("channels_postgres.core")
    with caplog.at_level(logging.WARNING):
        layer.warning("Group: %s does not exist, did you call group_add?", "asgi:group:game.1")
        layer.warning("a real fault of the layer")
    assert [r.getMessage() for r in caplog.records] == ["a real fault of the layer"]


def test_a_private_link_in_a_request_log_is_redacted(caplog: pytest.LogCaptureFixture) -> None:
    requests = logging.getLogger("django.request")
    requests.addHandler(caplog.handler)
    try:
        with caplog.at_level(logging.WARNING, logger="django.request"):
            requests.warning("Not Found: %s", "/g/abc/join/s3cr3t-t0ken")
    finally:
        requests.removeHandler(caplog.handler)
    assert "s3cr3t-t0ken" not in caplog.text
    assert "/g/abc/join/…" in caplog.text
