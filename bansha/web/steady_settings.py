"""Django's settings object, its values read without a failed attribute look-up each time.

``django.conf.settings`` (``LazySettings``) keeps each setting it has read in its own
``__dict__``, but every read still goes through ``LazyObject.__getattribute__``, which asks the
value for ``_mask_wrapped`` (the mark of the lazy object's own proxy methods, which live on the
class): for a setting's value that look-up fails, and the ``AttributeError`` it builds and drops
costs about 3,000 instructions, on each of the some 35 reads of a player's page (Django's
middleware, sessions, CSRF, signing). ``install`` gives the settings object a subclass whose
``__getattribute__`` returns a value already kept in its ``__dict__`` at once (the settings read
before and ``_wrapped``: never one of the class's proxy methods) and leaves every other name to
``LazyObject`` as before. Setting, deleting and overriding settings (``override_settings``,
``settings.X = …`` in tests) go through ``LazySettings`` unchanged, and they empty or update that
same ``__dict__``, so a read never sees a stale value.
"""

from __future__ import annotations

from typing import Any

from django.conf import LazySettings, settings

_MISSING = object()
_SET_CLASS = object.__dict__["__class__"].__set__  # LazyObject's __class__ is a read-only proxy
_LAZY_GET = LazySettings.__getattribute__


class SteadySettings(LazySettings):
    """``LazySettings`` whose reads of the values it keeps skip the proxy-method check."""

    def __getattribute__(self, name: str) -> Any:
        """A kept value at once; anything else as ``LazyObject`` reads it."""
        value = _KEPT.get(name, _MISSING) if self is settings else _MISSING
        if value is _MISSING:
            return _LAZY_GET(self, name)
        return value


_KEPT: dict[str, Any] = {}


def install() -> None:
    """Make ``django.conf.settings`` a ``SteadySettings`` (once per process)."""
    global _KEPT
    if type(settings) is LazySettings:  # type() sees the real class, past the proxy
        _KEPT = object.__getattribute__(settings, "__dict__")
        _SET_CLASS(settings, SteadySettings)
