"""The server's SQLite cursor converts a statement's placeholders once per text, to exactly what
Django's conversion gives, and leaves named parameters and statements past its limit to Django."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.backends.sqlite3.base import SQLiteCursorWrapper

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's cursor"),
]


def test_the_server_uses_the_kept_cursor() -> None:
    from bansha.web.sqlite.base import KeptCursor

    with connection.cursor() as cursor:
        assert isinstance(cursor.cursor, KeptCursor)


@pytest.mark.parametrize(
    "query",
    [
        "SELECT %s, %s",
        "SELECT '100%%', %s",
        "SELECT %s WHERE 'a%%s' = 'a%%s'",
        "SELECT 1",
    ],
)
def test_a_statement_is_converted_as_django_converts_it(query: str) -> None:
    from bansha.web.sqlite import base

    django = SQLiteCursorWrapper.convert_query(None, query)  # type: ignore[arg-type]
    with connection.cursor() as cursor:
        assert cursor.cursor.convert_query(query) == django
        assert base._converted[query] == django  # kept
        assert cursor.cursor.convert_query(query) == django  # and given again


def test_statements_run_with_lists_tuples_and_names() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT %s, %s, '5%%'", [1, "a"])
        assert cursor.fetchone() == (1, "a", "5%")
        cursor.execute("SELECT %s", (2,))
        assert cursor.fetchone() == (2,)
        cursor.execute("SELECT %(x)s, %(y)s", {"x": 3, "y": "b"})
        assert cursor.fetchone() == (3, "b")
        cursor.execute("SELECT 4")
        assert cursor.fetchone() == (4,)


def test_past_the_limit_a_statement_is_converted_each_time(monkeypatch: pytest.MonkeyPatch) -> None:
    from bansha.web.sqlite import base

    monkeypatch.setattr(base, "_converted", {})
    monkeypatch.setattr(base, "CONVERTED", 1)
    with connection.cursor() as cursor:
        cursor.execute("SELECT %s", [1])
        cursor.execute("SELECT %s, %s", [1, 2])
        assert cursor.fetchone() == (1, 2)
    assert list(base._converted) == ["SELECT %s"]
