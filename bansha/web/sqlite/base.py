"""The server's SQLite backend: ``bansha.store.sqlite`` (Django's, its writers queued on a lock of
the process), each statement's placeholders converted once per process.

Django writes its statements with ``%s`` placeholders and its SQLite cursor turns them into
SQLite's ``?`` on every execution: a regular expression over the whole statement (behind a lazy
object) and a ``replace``, about 8 µs for the session and seat read every player request makes,
as much as SQLite's own work for it. The conversion is a pure function of the statement's text,
so this cursor keeps it: the same text gives the same converted text, from a dictionary of at
most ``CONVERTED`` statements (the server's statements are a few hundred; past that, a statement
is converted as Django converts it). Named (``pyformat``) parameters, ``executemany`` and
statements without parameters are Django's as they are.
"""

from __future__ import annotations

from typing import Any

from django.db.backends.sqlite3.base import Database, SQLiteCursorWrapper

from bansha.store.sqlite import base

CONVERTED = 2048
"""Statements whose converted text a process keeps."""
_converted: dict[str, str] = {}


class KeptCursor(SQLiteCursorWrapper):
    """Django's SQLite cursor, its ``%s`` to ``?`` conversion done once per statement text."""

    def execute(self, query: str, params: Any = None) -> Any:
        """Execute as Django's cursor does; a list or tuple of parameters (the ``format`` style
        of every statement Django and bansha write) without asking whether it is a mapping."""
        if type(params) is list or type(params) is tuple:
            return Database.Cursor.execute(self, self.convert_query(query), params)
        return super().execute(query, params)

    def convert_query(self, query: str, *, param_names: Any = None) -> str:
        """The statement as SQLite takes it (Django's conversion, kept for ``format`` style)."""
        if param_names is not None:
            return str(super().convert_query(query, param_names=param_names))
        converted = _converted.get(query)
        if converted is None:
            converted = str(super().convert_query(query))
            if len(_converted) < CONVERTED:
                _converted[query] = converted
        return converted


class DatabaseWrapper(base.DatabaseWrapper):
    """``bansha.store.sqlite``'s backend with ``KeptCursor``."""

    def create_cursor(self, name: Any = None) -> Any:
        """A cursor whose statements' placeholders are converted once per process."""
        return self.connection.cursor(factory=KeptCursor)
