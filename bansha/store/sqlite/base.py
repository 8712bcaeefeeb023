"""Django's SQLite backend, its transactions taking a per-process write lock before SQLite's.

Every transaction on SQLite starts with ``BEGIN IMMEDIATE`` (``transaction_mode``): it takes the
database's one write lock at once. A second writer that finds it taken waits in SQLite's busy
handler, which does not wake when the lock is freed but sleeps and tries again (1, 2, 5, 10, 15,
20, 25, 25, 25, 50, 50, 100 ms …, up to the busy timeout): under load a writer sleeps well past the
moment the lock was free, and while the holder's thread waits its turn at Python's interpreter lock
behind the other request threads, the sleepers poll. Here the writers of one process queue on a
lock of their own first (``threading.Lock``, per database file): a waiting thread sleeps until the
holder commits or rolls back and takes its turn at once, and only writers of other processes (the
server's other workers, the deadline worker) still meet SQLite's busy handler, one per process.

The wait is bounded by the connection's busy timeout, as SQLite's own is: a writer that waits
longer gets the same ``OperationalError`` ("database is locked") SQLite would raise, which the
service's command loop answers by deciding again (``bansha.service.games``). Nothing else
changes: the same statements, the same transactions, SQLite's own lock taken as before.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db.backends.sqlite3 import base

_locks: dict[str, threading.Lock] = {}
_locks_guard = threading.Lock()


def write_lock(name: str) -> threading.Lock:
    """The process's write lock of the database file ``name``."""
    with _locks_guard:
        return _locks.setdefault(str(name), threading.Lock())


class DatabaseWrapper(base.DatabaseWrapper):
    """SQLite, every transaction holding the process's write lock of its file from its
    ``BEGIN`` to its ``COMMIT`` or ``ROLLBACK`` (or the connection's close)."""

    _holding: threading.Lock | None = None
    _busy_seconds = 5.0

    def get_new_connection(self, conn_params: dict[str, Any]) -> Any:
        """The connection, and its busy timeout (the longest wait for the write lock)."""
        conn = super().get_new_connection(conn_params)
        self._busy_seconds = conn.execute("PRAGMA busy_timeout").fetchone()[0] / 1000
        return conn

    def _start_transaction_under_autocommit(self) -> None:
        """Queue for the process's write lock, then ``BEGIN`` as Django does."""
        lock = write_lock(self.settings_dict["NAME"])
        if not lock.acquire(timeout=self._busy_seconds):
            with self.wrap_database_errors:  # what SQLite says when its own wait runs out
                raise self.Database.OperationalError("database is locked")
        self._holding = lock
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._release()
            raise

    def _commit(self) -> None:
        self._ending(super()._commit)

    def _rollback(self) -> None:
        self._ending(super()._rollback)

    def _close(self) -> None:
        self._ending(super()._close)

    def _ending(self, end: Callable[[], None]) -> None:
        """End the transaction (``end``: Django's commit, rollback or close), then free the
        process's write lock whether or not it went through."""
        try:
            end()
        finally:
            self._release()

    def _release(self) -> None:
        """Free the process's write lock if this connection holds it."""
        lock, self._holding = self._holding, None
        if lock is not None:
            lock.release()
