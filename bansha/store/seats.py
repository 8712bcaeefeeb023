"""Who holds a seat: the lookup every player request makes, in one query."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.sessions.models import Session
from django.db import DEFAULT_DB_ALIAS, connection, connections

from bansha.store.models import DeviceRecord, GameRecord, SeatRecord

_FIELDS = GameRecord._meta.concrete_fields
_ATTNAMES = [f.attname for f in _FIELDS]
_HELD = (
    f"SELECT {', '.join('g.' + f.column for f in _FIELDS)}, d.last_seen"
    f" FROM {GameRecord._meta.db_table} g"
    f" JOIN {SeatRecord._meta.db_table} s ON s.game_id = g.id"
    f" JOIN {DeviceRecord._meta.db_table} d ON d.link_id = s.id"
    " WHERE g.id = %s AND s.seat = %s AND s.token_hash = %s AND s.revoked = %s"
    " AND d.key = %s AND d.signed_out = %s"
)
_SESSION_AND_HELD = (
    f"SELECT s.session_data, h.* FROM {Session._meta.db_table} s LEFT JOIN ({_HELD}) h ON 1 = 1"
    " WHERE s.session_key = %s AND s.expire_date > %s"
)

_SESSION_AND_SEATS = (
    f"SELECT s.session_data, h.* FROM {Session._meta.db_table} s LEFT JOIN ("
    f"SELECT {', '.join('g.' + f.column for f in _FIELDS)}, d.last_seen, l.seat, l.token_hash,"
    f" d.key FROM {GameRecord._meta.db_table} g"
    f" JOIN {SeatRecord._meta.db_table} l ON l.game_id = g.id"
    f" JOIN {DeviceRecord._meta.db_table} d ON d.link_id = l.id"
    " WHERE g.id = %s AND l.revoked = %s AND d.signed_out = %s AND d.session = %s"
    ") h ON 1 = 1 WHERE s.session_key = %s AND s.expire_date > %s"
)

Held = tuple[GameRecord, datetime]
"""A held seat's game, and when the device holding it was last seen."""


def game_held(game_id: str, seat: int, token_hash: str, device: str) -> Held | None:
    """The game and when ``device`` was last seen, if ``token_hash`` is the live (not revoked)
    link of ``seat`` in it and ``device`` a browser that opened it and was not signed out; else
    None.

    Written as SQL and read with a plain cursor: it runs on every player request, and building
    it through the ORM (or its raw queries) cost more than the page's engine work. Each column is
    converted as the ORM converts it (JSON, aware times, SQLite's booleans)."""
    with connection.cursor() as cursor:
        cursor.execute(_HELD, [game_id, seat, token_hash, False, device, False])
        row = cursor.fetchone()
    return None if row is None else _held(row)


def session_and_game_held(
    stored_key: str, now: Any, game_id: str, seat: int, token_hash: str, device: str
) -> tuple[str | None, Held | None]:
    """In one statement: the live session row's data (None when there is none: no row, or
    expired) and what ``game_held`` reads for the seat, link and device given (None when they
    hold no seat of the game). The caller uses the seat's row only when the session's data is
    the text it took the seat, link and device from; ``now``: the time as the database takes
    it."""
    with connection.cursor() as cursor:
        cursor.execute(
            _SESSION_AND_HELD,
            [game_id, seat, token_hash, False, device, False, stored_key, now],
        )
        row = cursor.fetchone()
    if row is None:
        return None, None
    return row[0], None if row[1] is None else _held(row[1:])


SeatRow = tuple[tuple[int, str, str], Any]
"""A live seat's number, link digest and device key, and the rest of its row for ``_held``."""


def session_and_seats(stored_key: str, now: Any, game_id: str) -> tuple[str | None, list[SeatRow]]:
    """In one statement: the live session row's data (None when there is none) and the live
    seats of the game whose devices (not signed out, of links not revoked) that session last
    opened: each as its seat, link and device, and its row. The caller holds a seat only when it
    is exactly the seat, link and device the session's data holds (``held_from``)."""
    with connection.cursor() as cursor:
        cursor.execute(_SESSION_AND_SEATS, [game_id, False, False, stored_key, stored_key, now])
        rows = cursor.fetchall()
    if not rows:
        return None, []
    width = len(_FIELDS) + 1
    seats = [
        ((int(row[1 + width]), row[2 + width], row[3 + width]), row[1 : 1 + width])
        for row in rows
        if row[1] is not None
    ]
    return rows[0][0], seats


def held_from(seats: list[SeatRow], seat: int, token_hash: str, device: str) -> Held | None:
    """What ``game_held`` reads for ``seat``, ``token_hash`` and ``device``, from the rows of
    ``session_and_seats`` (None when none of them is that seat, link and device: the caller
    reads it with ``game_held``)."""
    for keys, row in seats:
        if keys == (seat, token_hash, device):
            return _held(row)
    return None


def _held(row: Any) -> Held:
    """The game's row and the device's last visit, each column converted as the ORM converts
    it (JSON, aware times, SQLite's booleans)."""
    db = connections[DEFAULT_DB_ALIAS]  # the thread's connection, looked up once
    values = []
    for value, (column, converters) in zip(row, _converters(db), strict=True):
        for convert in converters:
            value = convert(value, column, db)
        values.append(value)
    record = GameRecord.from_db(db.alias, _ATTNAMES, values[:-1])
    return record, values[-1]


_CONVERTERS: dict[str, list[tuple[Any, list[Any]]]] = {}


def _converters(db: Any) -> list[tuple[Any, list[Any]]]:
    """Each column's converters from the database's value to the field's, as the ORM applies
    them (made once per database vendor); ``db``: the connection."""
    made = _CONVERTERS.get(db.vendor)
    if made is None:
        seen = DeviceRecord._meta.get_field("last_seen").get_col(DeviceRecord._meta.db_table)
        columns = [*(f.get_col(GameRecord._meta.db_table) for f in _FIELDS), seen]
        made = _CONVERTERS[db.vendor] = [
            (c, db.ops.get_db_converters(c) + c.get_db_converters(db)) for c in columns
        ]
    return made
