"""The settings object reads the values it keeps directly, and still sees every change: an
override, a value set or deleted, a setting read for the first time."""

from __future__ import annotations

from django.conf import LazySettings, global_settings, settings
from django.test import override_settings

from bansha.web.steady_settings import SteadySettings, install


def test_the_settings_object_is_steady_and_still_lazy_settings() -> None:
    install()
    install()  # once only
    assert type(settings) is SteadySettings
    assert isinstance(settings, LazySettings)
    assert settings.configured


def test_reads_follow_overrides_sets_and_deletes() -> None:
    install()
    before = settings.X_FRAME_OPTIONS
    assert before == settings.X_FRAME_OPTIONS  # kept, read again
    with override_settings(X_FRAME_OPTIONS="SAMEORIGIN"):
        assert settings.X_FRAME_OPTIONS == "SAMEORIGIN"
        with override_settings(X_FRAME_OPTIONS="ALLOWALL"):
            assert settings.X_FRAME_OPTIONS == "ALLOWALL"
        assert settings.X_FRAME_OPTIONS == "SAMEORIGIN"
    assert before == settings.X_FRAME_OPTIONS
    with override_settings():
        settings.BANSHA_TEST_VALUE = 1
        assert settings.BANSHA_TEST_VALUE == 1
        settings.BANSHA_TEST_VALUE = 2
        assert settings.BANSHA_TEST_VALUE == 2
        del settings.BANSHA_TEST_VALUE
        assert not hasattr(settings, "BANSHA_TEST_VALUE")


def test_methods_and_private_names_are_the_lazy_objects() -> None:
    install()
    assert settings.USE_THOUSAND_SEPARATOR == global_settings.USE_THOUSAND_SEPARATOR
    assert repr(settings).startswith("<LazySettings")
    assert settings._wrapped is object.__getattribute__(settings, "__dict__")["_wrapped"]
    assert settings.is_overridden("SECRET_KEY")
