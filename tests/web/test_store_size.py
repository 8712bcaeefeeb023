"""A store that stays small: JSON as UTF-8 without spaces, a message's text kept once (in its
event; the command log names the event), and old rows rewritten by the migration and still read
back alike. Runs on SQLite, and on PostgreSQL when BANSHA_DATABASE_URL points there."""

import json

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from bansha.engine import Close, Say
from bansha.service.games import SERVICE
from bansha.store import events as store
from bansha.store.models import CommandRecord, EventRecord

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
LINE = "今晚我们刀谁？我觉得乙很可疑"


def _chat_line() -> tuple[str, CommandRecord]:
    """An M103 game at its first night with a team-chat line sent by an assassin."""
    gid = SERVICE.create("m103", NAMES, seed=1).record.id
    SERVICE.submit(gid, Close(), key="c1", actor="director")
    seat = SERVICE.load(gid).state.groups["assassins"][0]
    SERVICE.submit(gid, Say(seat, "assassins", f"  {LINE} "), key="say", actor=f"seat{seat}")
    return gid, CommandRecord.objects.get(game_id=gid, key=f"seat{seat}:say")


def _stored(table: str, column: str, where: str, param: object) -> str:
    """A column's text exactly as the database keeps it."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT CAST({column} AS TEXT) FROM {table} WHERE {where} = %s", [param])
        return str(cursor.fetchone()[0])


def test_a_chat_line_is_stored_once_and_named_by_the_command_log() -> None:
    gid, logged = _chat_line()
    chat = EventRecord.objects.get(game_id=gid, kind="chat")
    assert chat.data["text"] == LINE
    assert logged.payload["text"] == {"event": chat.seq}  # the event that holds the text
    assert logged.digest  # still covers the text as sent: a resent form is recognised
    stored = _stored(CommandRecord._meta.db_table, "payload", "id", logged.id)
    assert LINE not in stored


def test_the_store_writes_utf8_without_escapes_or_spaces() -> None:
    gid, _ = _chat_line()
    chat = EventRecord.objects.get(game_id=gid, kind="chat")
    stored = _stored(EventRecord._meta.db_table, "data", "id", chat.id)
    assert LINE in stored and "\\u" not in stored
    if connection.vendor == "sqlite":  # PostgreSQL's jsonb prints its own form
        assert ", " not in stored and '": ' not in stored


def test_the_migration_rewrites_old_rows_and_they_read_back_alike() -> None:
    """Rows as the store wrote them before (escaped, spaced, the text twice), migrated."""
    gid, logged = _chat_line()
    before = [e.to_json() for e in store.load(gid)]
    chat = EventRecord.objects.get(game_id=gid, kind="chat")
    old_data = json.dumps(chat.data)  # as Django's JSON field wrote it: escaped, spaced
    assert "\\u" in old_data
    old_payload = json.dumps({**logged.payload, "text": f"  {LINE} "})
    executor = MigrationExecutor(connection)
    executor.migrate([("store", "0009_game_form_key")])
    with connection.cursor() as cursor:
        cast = "::jsonb" if connection.vendor == "postgresql" else ""
        cursor.execute(
            f"UPDATE {EventRecord._meta.db_table} SET data = %s{cast} WHERE id = %s",
            [old_data, chat.id],
        )
        cursor.execute(
            f"UPDATE {CommandRecord._meta.db_table} SET payload = %s{cast} WHERE id = %s",
            [old_payload, logged.id],
        )
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    SERVICE._cache.pop(gid, None)
    assert [e.to_json() for e in store.load(gid)] == before
    assert SERVICE.load(gid).events[chat.seq - 1].data["text"] == LINE
    assert CommandRecord.objects.get(id=logged.id).payload["text"] == {"event": chat.seq}
    stored = _stored(EventRecord._meta.db_table, "data", "id", chat.id)
    assert LINE in stored and "\\u" not in stored
