"""The event-store API: append with an expected version, load, and the command log."""

from __future__ import annotations

import json
from typing import Any

import orjson
from django.db import DEFAULT_DB_ALIAS, IntegrityError, connection, connections, transaction
from django.utils import timezone

from bansha.engine.events import Event
from bansha.store.models import CommandRecord, EventRecord, GameRecord


class ConcurrencyError(Exception):
    """Another writer appended first: reload and decide again."""


class DuplicateCommand(Exception):
    """This command key was already applied (a retried submission)."""


def append(
    game_id: str,
    expected_seq: int,
    events: list[Event],
    command: dict[str, Any] | None = None,
    head: dict[str, Any] | None = None,
) -> int:
    """Append ``events`` after ``expected_seq`` atomically; return the new head.

    Raises ConcurrencyError if the stream moved on, DuplicateCommand if ``command['key']`` was seen.
    ``head`` updates the game row's denormalised fields (deadline, ended) in the same transaction.
    """
    new_seq = expected_seq + len(events)
    db = connections[DEFAULT_DB_ALIAS]  # the thread's connection, looked up once
    try:
        if db.vendor == "postgresql" and 0 < len(events) <= ONE_STATEMENT_EVENTS:
            if _append_in_one_statement(db, game_id, expected_seq, events, command, head) != 1:
                raise ConcurrencyError(game_id)
            return new_seq
        with transaction.atomic():
            if not _append_plainly(db, game_id, expected_seq, events, command, head):
                raise ConcurrencyError(game_id)
    except IntegrityError as e:
        if command is not None and "key" in str(e).lower() and "command" in str(e).lower():
            raise DuplicateCommand(command["key"]) from e
        raise ConcurrencyError(game_id) from e
    return new_seq


ONE_STATEMENT_EVENTS = 500
"""On PostgreSQL an append of up to this many events is one statement (a command's few events, a
new game's deal); a longer one is a transaction of the usual statements."""


def _append_in_one_statement(
    db: Any,
    game_id: str,
    expected_seq: int,
    events: list[Event],
    command: dict[str, Any] | None,
    head: dict[str, Any] | None,
) -> int:
    """PostgreSQL: the head's move, the command's log row and the events in one statement (one
    round trip instead of five: BEGIN, three statements, COMMIT). The rows are inserted only
    when the head moved from ``expected_seq``, and a duplicate key or event aborts the whole
    statement, so it is all or nothing as the transaction is. The number of game rows moved
    (0: another writer appended first)."""
    now = timezone.now()
    game = GameRecord._meta
    fields = {"seq": expected_seq + len(events), **(head or {})}
    sets = ", ".join(f"{_column(db, GameRecord, name)} = %s" for name in fields)
    params: list[Any] = [_prep(db, GameRecord, name, v) for name, v in fields.items()]
    params += [game_id, expected_seq]
    sql = [
        f"WITH moved AS (UPDATE {game.db_table} SET {sets} WHERE id = %s AND seq = %s RETURNING id)"
    ]
    if command is not None:
        row = {"digest": "", **command, "seq": expected_seq + len(events), "created_at": now}
        columns = ", ".join(_column(db, CommandRecord, name) for name in row)
        sql.append(
            f", logged AS (INSERT INTO {CommandRecord._meta.db_table} (game_id, {columns})"
            f" SELECT id, {', '.join(['%s'] * len(row))} FROM moved)"
        )
        params += [_prep(db, CommandRecord, name, v) for name, v in row.items()]
    values = ", ".join(
        ["(%s::integer, %s, %s::jsonb, %s::jsonb, %s::boolean, %s::smallint)"] * len(events)
    )
    sql.append(
        f", added AS (INSERT INTO {EventRecord._meta.db_table}"
        " (game_id, seq, kind, data, audience, chance, version, created_at)"
        " SELECT moved.id, v.seq, v.kind, v.data, v.audience, v.chance, v.version, %s"
        f" FROM moved, (VALUES {values}) AS v (seq, kind, data, audience, chance, version))"
        " SELECT count(*) FROM moved"
    )
    params.append(_prep(db, EventRecord, "created_at", now))
    for i, ev in enumerate(events):
        params += [
            expected_seq + i + 1,
            ev.kind,
            _prep(db, EventRecord, "data", ev.data),
            _prep(db, EventRecord, "audience", list(ev.to) if isinstance(ev.to, tuple) else ev.to),
            ev.chance,
            ev.version,
        ]
    with db.cursor() as cursor:
        cursor.execute("".join(sql), params)
        return int(cursor.fetchone()[0])


PLAIN_EVENTS = 100
"""Events per ``INSERT`` of a plain append (eight values each: under SQLite's older limit of 999
values a statement)."""


def _append_plainly(
    db: Any,
    game_id: str,
    expected_seq: int,
    events: list[Event],
    command: dict[str, Any] | None,
    head: dict[str, Any] | None,
) -> bool:
    """Inside the caller's transaction: the command's log row (a key used before stops the
    append at its first statement), the head's move, then the events, as plain statements (the
    ORM's model instances, bulk insert and update cost most of a landed command's processor
    time on SQLite). False when the head had moved from ``expected_seq`` (the caller rolls the
    command's row back); a duplicate key or event raises ``IntegrityError``."""
    now = timezone.now()
    new_seq = expected_seq + len(events)
    fields = {"seq": new_seq, **(head or {})}
    sets = ", ".join(f"{_column(db, GameRecord, name)} = %s" for name in fields)
    params: list[Any] = [_prep(db, GameRecord, name, v) for name, v in fields.items()]
    with db.cursor() as cursor:
        if command is not None:
            row = {"digest": "", **command, "seq": new_seq, "created_at": now}
            columns = ", ".join(_column(db, CommandRecord, name) for name in row)
            cursor.execute(
                f"INSERT INTO {CommandRecord._meta.db_table} (game_id, {columns})"
                f" VALUES (%s, {', '.join(['%s'] * len(row))})",
                [game_id, *(_prep(db, CommandRecord, name, v) for name, v in row.items())],
            )
        cursor.execute(
            f"UPDATE {GameRecord._meta.db_table} SET {sets} WHERE id = %s AND seq = %s",
            [*params, game_id, expected_seq],
        )
        if cursor.rowcount != 1:
            return False
        at = _prep(db, EventRecord, "created_at", now)
        for start in range(0, len(events), PLAIN_EVENTS):
            chunk = events[start : start + PLAIN_EVENTS]
            values: list[Any] = []
            for i, ev in enumerate(chunk, start=expected_seq + start + 1):
                audience = list(ev.to) if isinstance(ev.to, tuple) else ev.to
                values += [
                    game_id,
                    i,
                    ev.kind,
                    _prep(db, EventRecord, "data", ev.data),
                    _prep(db, EventRecord, "audience", audience),
                    ev.chance,
                    ev.version,
                    at,
                ]
            cursor.execute(
                f"INSERT INTO {EventRecord._meta.db_table}"
                " (game_id, seq, kind, data, audience, chance, version, created_at)"
                f" VALUES {', '.join(['(%s, %s, %s, %s, %s, %s, %s, %s)'] * len(chunk))}",
                values,
            )
    return True


_COLUMNS: dict[tuple[str, Any, str], str] = {}
_FIELDS: dict[tuple[str, Any, str], tuple[Any, type | None]] = {}


def _column(db: Any, model: Any, name: str) -> str:
    """A field's column, quoted ("key" is a keyword): worked out once per database vendor (an
    append names a dozen columns); ``db``: the connection."""
    key = (db.vendor, model, name)
    column = _COLUMNS.get(key)
    if column is None:
        column = _COLUMNS[key] = str(db.ops.quote_name(model._meta.get_field(name).column))
    return column


def _prep(db: Any, model: Any, name: str, value: Any) -> Any:
    """A value as the model's field writes it (JSON, an aware time) for a hand-written statement
    on the connection ``db`` (the field looked up once per process and database). A text, flag
    or (but on PostgreSQL) number of its field's own type is written as it is, which is what its
    field would make of it (an append writes a dozen such values)."""
    kept = _FIELDS.get((db.vendor, model, name))
    if kept is None:
        field = model._meta.get_field(name)
        plain = _AS_IT_IS.get(field.get_internal_type())
        if plain is int and db.vendor == "postgresql":  # psycopg's integer of the column's size
            plain = None
        kept = _FIELDS[db.vendor, model, name] = (field, plain)
    field, plain = kept
    if type(value) is plain:
        return value
    return field.get_db_prep_save(value, db)


_AS_IT_IS = {
    "CharField": str,
    "TextField": str,
    "IntegerField": int,
    "SmallIntegerField": int,
    "BigIntegerField": int,
    "BooleanField": bool,
}
"""Fields whose value of this type their ``get_db_prep_save`` gives back unchanged."""


def digest_of(game_id: str, key: str) -> str | None:
    """The digest of the command that landed with this idempotency key; None: none did ("" for
    commands logged before digests were kept)."""
    with connection.cursor() as cursor:  # one plain statement: a refused command reads it
        cursor.execute(_DIGEST, [game_id, key])
        row = cursor.fetchone()
    return None if row is None else str(row[0])


_DIGEST = f'SELECT digest FROM {CommandRecord._meta.db_table} WHERE game_id = %s AND "key" = %s'


_LOAD = (
    f"SELECT kind, data, audience, chance, version FROM {EventRecord._meta.db_table}"
    " WHERE game_id = %s AND seq > %s ORDER BY seq"
)


def load(game_id: str, after: int = 0) -> list[Event]:
    """The game's events after ``after``, in order.

    Read with a plain cursor and each JSON column decoded by orjson: a cold load reads the whole
    stream (20,000 rows for a two-week game), where the ORM's converters and the standard
    library's decoder cost most of its time (``docs/benchmarks.md``). Both databases hand the
    JSON over as its text (PostgreSQL's ``jsonb`` as Django's connection reads it)."""
    with connection.cursor() as cursor:
        cursor.execute(_LOAD, [game_id, after])
        rows = cursor.fetchall()
    out = []
    for kind, data, audience, chance, version in rows:
        seen = _decoded(audience)
        out.append(
            Event(
                kind,
                _decoded(data),
                tuple(seen) if isinstance(seen, list) else seen,
                bool(chance),
                version,
            )
        )
    return out


def _decoded(text: str | bytes) -> Any:
    """A stored JSON column's value; what orjson refuses (an integer beyond 64 bits) is read by
    the standard library's decoder, as Django's field reads it."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


def head(game_id: str, lock: bool = False) -> int:
    """The number of events the game has. ``lock`` (inside a transaction): hold the game's row so
    no other writer can append until the transaction ends (SQLite's write transaction already
    holds the whole database)."""
    rows = GameRecord.objects.select_for_update() if lock else GameRecord.objects
    return int(rows.values_list("seq", flat=True).get(id=game_id))
