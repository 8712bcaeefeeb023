"""The security audit runs on the web tests' setup (a throwaway database, fresh rate limits)."""

from tests.web.conftest import (  # noqa: F401  (fixtures, registered by being imported here)
    _channel_layer_follows_test_database,
    _fresh_rate_limits,
    _release_layer_connections,
)
