"""Measuring a server by kind of request: with ``BANSHA_SERVER_TIMING=1`` every response names
the processor time its handler spent; without it (every deployment) no response does."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db


def test_no_response_tells_its_time_unless_asked() -> None:
    assert "bansha.web.headers.ServerTiming" not in settings.MIDDLEWARE
    assert "Server-Timing" not in Client().get("/")


def test_measuring_names_the_handler_s_processor_time() -> None:
    measured = ["bansha.web.headers.ServerTiming", *settings.MIDDLEWARE]
    with override_settings(MIDDLEWARE=measured):
        for path in ("/", "/g/0000000000000000/"):
            timing = Client().get(path)["Server-Timing"]
            found = re.fullmatch(r"cpu;dur=([0-9]+\.[0-9]{3})", timing)
            assert found is not None and float(found.group(1)) > 0
