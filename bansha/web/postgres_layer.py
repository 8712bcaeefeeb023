"""The PostgreSQL channel layer, made safe for a socket's first push.

The library's layer hears every message of the database through one listening connection per
process and keeps a message for a channel only once this process holds that channel's advisory
lock, which it takes lazily, in the channel's first ``receive``. A socket's receive starts beside
its ``connect``, so a push sent right after the page opened (a command submitted a moment later,
the clock closing a stage) could arrive while the lock was still being taken or before the
listening connection was up, and was discarded: the page stayed on its old view until the next
change. Under load the window grew to seconds.

This layer closes both gaps:

- a channel this process made (``new_channel``: a name with this process's own prefix, unique to
  it) is this process's alone, so it is held from the moment it is made, without a round trip;
- ``listening()`` waits until the listening connection is up, and the socket's ``connect`` awaits
  it before it accepts: from the page's first view on, nothing sent to it is lost;
- one listener per process, however many receives start it at once (two would deliver every
  message twice), and a listener whose connection drops is started again (the messages sent in
  the gap are still in the table and are read at its start) until the layer is let go
  (``stop``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import psycopg
from channels_postgres.core import PostgresChannelLayer

log = logging.getLogger(__name__)

RETRY_SECONDS = 1.0
"""Wait before listening again after the listening connection failed."""


class PostgresLayer(PostgresChannelLayer):
    """``channels_postgres``'s layer with a socket's first push never discarded."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._listening = False
        self._listener: asyncio.Task[None] | None = None

    async def new_channel(self, prefix: str = "specific") -> str:
        """A channel of this process's own, held by it from the start."""
        name: str = await super().new_channel(prefix)
        self._channel_advisory_locks[name] = True
        return name

    async def listen_to_all_channels(self) -> None:
        """Listen for every message (once per process), again after a dropped connection."""
        if self._listening:
            return
        self._listening = True
        self._listener = asyncio.current_task()
        try:
            while True:
                try:
                    await super().listen_to_all_channels()
                    return  # shut down on purpose
                except (psycopg.Error, OSError) as error:
                    log.warning("channel layer stopped listening (%s); listening again", error)
                    if self.listener_task_is_running is not None:
                        self.listener_task_is_running.clear()
                    await asyncio.sleep(RETRY_SECONDS)
        finally:
            self._listening = False
            self._listener = None

    def stop(self) -> None:
        """Stop listening (from any thread): the layer is let go, or the process is ending."""
        task = self._listener
        if task is not None and not task.done():
            task.get_loop().call_soon_threadsafe(task.cancel)

    async def listening(self) -> None:
        """Return once this process listens for messages (starting the listener if need be)."""
        running, new = self._get_or_create_listener_task()
        if new:
            asyncio.get_running_loop().create_task(self.listen_to_all_channels())
        await running.wait()
