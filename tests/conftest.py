"""Test settings: Hypothesis profiles. ``ci`` (the default, and what ``./scripts/test`` runs) plays
300 random games per rule set, the same ones every run; ``long`` plays 5,000 new ones each run, for
a deeper search before a release (``HYPOTHESIS_PROFILE=long ./scripts/test``, which also runs the
browser walks marked ``long``); ``dev`` 300 new ones."""

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=300,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "long",
    max_examples=5000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev",
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"
"""The deeper run also plays the longest browser walks (marked ``long``), which the default run
leaves out to keep ``./scripts/test`` within twenty minutes on two cores."""


def pytest_configure(config: pytest.Config) -> None:
    """Declare the ``long`` mark."""
    config.addinivalue_line("markers", "long: run only with HYPOTHESIS_PROFILE=long")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip the tests marked ``long`` unless the deeper run was asked for."""
    if LONG:
        return
    skip = pytest.mark.skip(reason="a long walk: HYPOTHESIS_PROFILE=long ./scripts/test runs it")
    for item in items:
        if "long" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def one_rate_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rate-limit library's clock stopped for the test: every request falls in one window of
    its limit (a window ending between two requests would start the count again, and a test that
    counts up to a limit would fail by the time of day it ran at)."""
    import time
    import types

    import django_ratelimit.core

    now = time.time()
    monkeypatch.setattr(django_ratelimit.core, "time", types.SimpleNamespace(time=lambda: now))
