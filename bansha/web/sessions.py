"""Sessions in the database, stored under a digest of their key, read with one statement.

Django's database session engine (the cookie holds only a random key; logging out deletes the row,
so the session ends everywhere; expired rows are never read), except for two things:

- The table keeps only a digest of each session's key (``bansha.store.sessions.stored_key``:
  SHA-256, its first 160 bits in hex, the 40 characters of Django's column), never the key the
  cookie carries. A copy of
  the database, even with the installation's secret key, opens no session: whoever reads a row
  learns a digest, and no cookie has it as its key.
- The read every request makes is one SQL statement: Django builds it through the ORM, which cost
  more processor time than the seat lookup and the engine's view of a player page together. So is
  the save of a changed session (a refused form keeps what was typed there): one ``UPDATE``,
  where Django built the row's model instance and saved it in a transaction of its own.
- A row's data is decoded (its signature checked, then JSON) once per process and signing keys,
  not on every request of the browser: the decoded session is kept under the stored text
  itself, so any change of the row is a new text, and a row that is gone is never read.
- A player's request reads its session and its seat in one statement (``read_with_seat``):
  the seat, link and device are taken from the text this process last read or wrote for the
  session, and the seat's row is used only when the session's row still holds exactly that
  text (else the seat is read again from what the row now holds). The seat's row is read in
  the same statement as ever, so a revoked link or a device signed out is refused at once.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.sessions.backends import db
from django.contrib.sessions.backends.base import UpdateError
from django.contrib.sessions.models import Session
from django.db import connections, router
from django.utils import timezone

from bansha.store.seats import Held, held_from, session_and_game_held, session_and_seats
from bansha.store.sessions import stored_key

_READ = (
    f"SELECT session_data FROM {Session._meta.db_table} WHERE session_key = %s AND expire_date > %s"
)
_UPDATE = (
    f"UPDATE {Session._meta.db_table} SET session_data = %s, expire_date = %s"
    " WHERE session_key = %s"
)

DECODED = 4096
"""Decoded sessions kept per process (the least recently read dropped)."""
_decoded: OrderedDict[tuple[str, str, tuple[str, ...]], dict[str, Any]] = OrderedDict()
_decoded_lock = threading.Lock()
_PLAIN = (str, int, float, bool, type(None))
_last_text: OrderedDict[str, str] = OrderedDict()
"""Each session's text as this process last read or wrote it, by its stored key (as many as
decoded sessions are kept)."""


def _remember(stored: str, text: str) -> None:
    """Note ``text`` as the session's last known text."""
    with _decoded_lock:
        _last_text[stored] = text
        _last_text.move_to_end(stored)
        while len(_last_text) > DECODED:
            _last_text.popitem(last=False)


SeatKeys = tuple[int, str, str]
"""A held seat's number, its link's digest and the device's key, as a session keeps them."""


def seat_keys(session: Mapping[str, Any], game_id: str) -> SeatKeys | None:
    """The seat, its link's digest and this browser's device key a session holds for the game
    (None when it holds no seat there)."""
    seat = session.get(f"seat:{game_id}")
    key = session.get(f"seatkey:{game_id}")
    device = session.get(f"seatdev:{game_id}")
    if not isinstance(seat, int) or not isinstance(key, str) or not isinstance(device, str):
        return None
    return seat, key, device


class SessionStore(db.SessionStore):
    """Django's database session store, its rows under a digest of their key, its per-request
    read one statement."""

    def _stored_data(self) -> tuple[str, str] | None:
        """The live session row's stored key and data, or None (and no key) when there is
        none."""
        key = self.session_key
        row = None
        if key is not None:
            stored = stored_key(key)
            connection = connections[router.db_for_read(Session)]
            now = connection.ops.adapt_datetimefield_value(timezone.now())
            with connection.cursor() as cursor:
                cursor.execute(_READ, [stored, now])
                row = cursor.fetchone()
        if row is None:
            self._session_key = None
            return None
        _remember(stored, row[0])
        return stored, row[0]

    def read_with_seat(self, game_id: str, ahead: bool = False) -> tuple[bool, Held | None]:
        """Load the session and read the seat it holds in ``game_id`` in one statement, when
        this process knows the session's text and that text holds a seat of the game.
        ``(True, held)`` when the seat was read with the session (``held`` None: no live seat
        for what the session holds, or no session); ``(False, None)`` when it was not (the
        session is loaded or left to load as usual, and the caller reads the seat).

        ``ahead``: read for the request's next call (the rate limit's key reads the session
        before the view checks the seat), which then gets this answer without a statement;
        only that one call, and only while the session is unchanged: every other call reads
        (a live socket's session lives as long as the socket, and each push reads its seat
        again)."""
        kept, self._ahead = getattr(self, "_ahead", None), None
        if kept is not None and kept[0] == game_id and not self.modified:
            return kept[1]
        key = self.session_key
        if hasattr(self, "_session_cache") or key is None:
            return False, None
        answer = self._read_with_seat(key, game_id)
        if ahead:
            self._ahead = (game_id, answer)
        return answer

    def _read_with_seat(self, key: str, game_id: str) -> tuple[bool, Held | None]:
        """``read_with_seat``'s reading."""
        stored = stored_key(key)
        secrets = (settings.SECRET_KEY, tuple(settings.SECRET_KEY_FALLBACKS))
        with _decoded_lock:
            text = _last_text.get(stored)
            known = None if text is None else _decoded.get((text, *secrets))
        held_keys = None if known is None else seat_keys(known, game_id)
        if held_keys is None:
            return self._read_first(stored, game_id)
        connection = connections[router.db_for_read(Session)]
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        data, held = session_and_game_held(stored, now, game_id, *held_keys)
        if not self._took(stored, data):
            return True, None
        if data != text:  # changed since: its seat is read from what it holds now
            return False, None
        return True, held

    def _read_first(self, stored: str, game_id: str) -> tuple[bool, Held | None]:
        """``read_with_seat``'s reading when this process does not know the session's text (a
        browser's first request to it): the session's row and, in the same statement, the live
        seats of the game this session's devices opened (``seats.session_and_seats``); the
        seat is held when it is the very seat, link and device the session's data holds, else
        read as before (``(False, None)``: the caller reads it)."""
        connection = connections[router.db_for_read(Session)]
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        data, seats = session_and_seats(stored, now, game_id)
        if not self._took(stored, data):
            return True, None
        held_keys = seat_keys(self._session_cache, game_id)
        if held_keys is None:  # it holds no seat of the game
            return True, None
        held = held_from(seats, *held_keys)
        return (False, None) if held is None else (True, held)

    def _took(self, stored: str, data: str | None) -> bool:
        """Take the session's row as read with a seat: its data (``data``), or no live session
        (None: an empty one, a new key when it is saved). False when there was none."""
        self.accessed = True
        if data is None:
            self._session_key = None
            self._session_cache = {}
            return False
        _remember(stored, data)
        self._session_cache = self.decode(data)
        return True

    def load(self) -> dict[str, Any]:
        """The session's data (empty when there is no live row), as Django's store loads it,
        without building the row's model instance (a request reads only its data)."""
        found = self._stored_data()
        return {} if found is None else self.decode(found[1])

    def _get_session_from_db(self) -> Any:
        """The live session row (its data only), or None (and no key) when there is none."""
        found = self._stored_data()
        return None if found is None else Session(session_key=found[0], session_data=found[1])

    def decode(self, session_data: str) -> dict[str, Any]:
        """The session's data, as Django decodes it; kept for the next read of the same text
        under the same keys when every value is a plain one (the caller is given its own
        copy: a session's dictionary is changed in place)."""
        key = (session_data, settings.SECRET_KEY, tuple(settings.SECRET_KEY_FALLBACKS))
        with _decoded_lock:
            kept = _decoded.get(key)
            if kept is not None:
                _decoded.move_to_end(key)
                return dict(kept)
        decoded: dict[str, Any] = super().decode(session_data)
        if decoded and all(isinstance(v, _PLAIN) for v in decoded.values()):
            with _decoded_lock:
                _decoded[key] = dict(decoded)
                while len(_decoded) > DECODED:
                    _decoded.popitem(last=False)
        return decoded

    async def _aget_session_from_db(self) -> Any:
        """As ``_get_session_from_db``, for asynchronous callers (a live socket's session)."""
        return await sync_to_async(self._get_session_from_db)()

    def exists(self, session_key: str) -> bool:
        """Whether a session with this (cookie's) key is stored."""
        return super().exists(stored_key(session_key))

    async def aexists(self, session_key: str) -> bool:
        """As ``exists``, for asynchronous callers."""
        return await super().aexists(stored_key(session_key))

    def save(self, must_create: bool = False) -> None:
        """Save the session's data: a new session as Django creates it, a stored one by one
        ``UPDATE`` of its row (``UpdateError`` when the row is gone meanwhile, as Django's
        forced update raises it: the session ended, e.g. a logout elsewhere)."""
        if must_create or self.session_key is None:
            super().save(must_create=must_create)
            return
        data = self.encode(self._get_session(no_load=False))
        connection = connections[router.db_for_write(Session)]
        expire = connection.ops.adapt_datetimefield_value(self.get_expiry_date())
        stored = stored_key(self.session_key)
        with connection.cursor() as cursor:
            cursor.execute(_UPDATE, [data, expire, stored])
            updated = cursor.rowcount
        if updated != 1:
            raise UpdateError
        _remember(stored, data)

    def create_model_instance(self, data: dict[str, Any]) -> Any:
        """The row to save: the session's data under the digest of its key."""
        row = super().create_model_instance(data)
        row.session_key = stored_key(row.session_key)
        return row

    async def acreate_model_instance(self, data: dict[str, Any]) -> Any:
        """As ``create_model_instance``, for asynchronous callers."""
        row = await super().acreate_model_instance(data)
        row.session_key = stored_key(row.session_key)
        return row

    def delete(self, session_key: str | None = None) -> None:
        """Delete the session (this one unless a cookie's key is given)."""
        key = session_key if session_key is not None else self.session_key
        if key is not None:
            Session.objects.filter(session_key=stored_key(key)).delete()

    async def adelete(self, session_key: str | None = None) -> None:
        """As ``delete``, for asynchronous callers."""
        await sync_to_async(self.delete)(session_key)
