"""Writers of one server process on SQLite queue for the write lock in the process: two request
threads appending at once both land, every event kept, and a transaction holds the process's
lock from its start to its commit or rollback, never longer."""

import threading

import pytest
from django.db import OperationalError, connection, connections, transaction

from bansha.engine import Event
from bansha.engine.events import PUBLIC
from bansha.store import events as store
from bansha.store.models import GameRecord

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "sqlite", reason="SQLite's write lock (PostgreSQL locks rows)"
    ),
]

APPENDS = 40


def _lock() -> threading.Lock:
    from bansha.store.sqlite.base import write_lock

    return write_lock(connection.settings_dict["NAME"])


def _append_all(gid: str, done: list[int]) -> None:
    """One request thread: APPENDS appends, each its own transaction, on its own connection."""
    try:
        for n in range(APPENDS):
            store.append(gid, n, [Event("said", {"n": n}, PUBLIC)])
            done.append(n)
    finally:
        connections.close_all()


def test_two_writers_at_once_both_land_and_nothing_is_lost() -> None:
    GameRecord.objects.create(id="a" * 16, ruleset="m103", title="t")
    GameRecord.objects.create(id="b" * 16, ruleset="m103", title="t")
    done: dict[str, list[int]] = {"a" * 16: [], "b" * 16: []}
    threads = [threading.Thread(target=_append_all, args=(gid, d)) for gid, d in done.items()]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    for gid, landed in done.items():
        assert landed == list(range(APPENDS))
        assert [e.data["n"] for e in store.load(gid)] == list(range(APPENDS))
        assert store.head(gid) == APPENDS
    assert not _lock().locked()


def test_a_transaction_holds_the_process_lock_until_it_ends() -> None:
    lock = _lock()
    with transaction.atomic():
        GameRecord.objects.create(id="c" * 16, ruleset="m103", title="t")
        assert lock.locked()
        with transaction.atomic():  # a savepoint: the same transaction, the lock still held
            assert lock.locked()
        assert lock.locked()
    assert not lock.locked()
    with pytest.raises(ZeroDivisionError), transaction.atomic():
        GameRecord.objects.create(id="d" * 16, ruleset="m103", title="t")
        1 / 0  # noqa: B018
    assert not lock.locked()
    assert GameRecord.objects.filter(id="d" * 16).count() == 0


def test_a_writer_waits_no_longer_than_the_busy_timeout() -> None:
    """A writer that cannot have the lock within the busy timeout is told the database is
    locked, as SQLite itself says it (the service then decides again)."""
    lock = _lock()
    outcome: list[str] = []

    def write() -> None:
        try:
            connection.ensure_connection()
            connection._busy_seconds = 0.05  # type: ignore[attr-defined]
            with transaction.atomic():
                GameRecord.objects.create(id="e" * 16, ruleset="m103", title="t")
            outcome.append("landed")
        except OperationalError as e:
            outcome.append(str(e))
        finally:
            connections.close_all()

    with lock:  # another request thread of this process writing meanwhile
        t = threading.Thread(target=write)
        t.start()
        t.join(10)
    assert outcome == ["database is locked"]
    t = threading.Thread(target=write)
    t.start()
    t.join(10)
    assert outcome[1:] == ["landed"]
