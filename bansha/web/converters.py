"""URL parts checked before any view or query sees them: a game id that could not exist (a NUL,
a slash, too long) is a 404 from the URL resolver, alike on SQLite and PostgreSQL."""

from __future__ import annotations

from django.urls import register_converter


class GameId:
    """A game id: letters, digits, ``-`` and ``_``, at most 32 (games get 16 hex digits)."""

    regex = "[0-9A-Za-z_-]{1,32}"

    def to_python(self, value: str) -> str:
        """As written."""
        return value

    def to_url(self, value: str) -> str:
        """As written."""
        return value


register_converter(GameId, "gid")
