"""Sessions in the database, read with one prepared statement.

Django's database session engine as it is (the cookie holds only a random key; logging out deletes
the row, so the session ends everywhere; expired rows are never read), except for the read every
request makes: Django builds it through the ORM, which cost more processor time than the seat
lookup and the engine's view of a player page together. Here it is one SQL statement.
"""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.db import connections, router
from django.utils import timezone

_READ = (
    f"SELECT session_data FROM {Session._meta.db_table} WHERE session_key = %s AND expire_date > %s"
)


class SessionStore(db.SessionStore):
    """Django's database session store with its per-request read as one statement."""

    def _get_session_from_db(self) -> Any:
        """The live session row (its data only), or None (and no key) when there is none."""
        key = self.session_key
        row = None
        if key is not None:
            connection = connections[router.db_for_read(Session)]
            now = connection.ops.adapt_datetimefield_value(timezone.now())
            with connection.cursor() as cursor:
                cursor.execute(_READ, [key, now])
                row = cursor.fetchone()
        if row is None:
            self._session_key = None
            return None
        return Session(session_key=key, session_data=row[0])
