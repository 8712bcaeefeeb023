"""Web tests run against SQLite by default, or PostgreSQL when BANSHA_DATABASE_URL is set."""

import os
import tempfile

os.environ.setdefault("BANSHA_HOME", tempfile.mkdtemp(prefix="bansha-test-"))

import pytest


@pytest.fixture(autouse=True)
def _channel_layer_follows_test_database(request: pytest.FixtureRequest) -> None:
    """On PostgreSQL the channel layer connects by itself: point it at the test database."""
    if "django_db_setup" not in request.fixturenames and not request.node.get_closest_marker(
        "django_db"
    ):
        return
    request.getfixturevalue("django_db_setup")
    from django.conf import settings
    from django.db import connections

    from bansha.web import layer

    config = settings.CHANNEL_LAYERS["default"].get("CONFIG", {})
    test_database = connections["default"].settings_dict["NAME"]
    if connections["default"].vendor == "postgresql" and config.get("NAME") != test_database:
        config["NAME"] = test_database
        layer.release()  # the next layer call makes it anew on the test database


@pytest.fixture(autouse=True)
def _fresh_rate_limits() -> None:
    """Each test starts with empty rate-limit counters."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(scope="session", autouse=True)
def _release_layer_connections(django_db_setup: None, django_db_blocker: object) -> object:
    """The PostgreSQL channel layer keeps its own pool open: end those sessions before the test
    database is dropped."""
    yield
    from django.db import connections

    from bansha.web import layer

    layer.release()

    if connections["default"].vendor == "postgresql":
        with django_db_blocker.unblock(), connections["default"].cursor() as cursor:  # type: ignore[attr-defined]
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
