"""Test settings: Hypothesis profiles. ``ci`` (the default, and what ``./scripts/test`` runs) plays
300 random games per rule set, the same ones every run; ``long`` plays 5,000 new ones each run, for
a deeper search before a release (``HYPOTHESIS_PROFILE=long ./scripts/test``); ``dev`` 300 new
ones."""

import os

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
