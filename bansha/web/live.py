"""Live updates over websockets (Django Channels): each open page hears when *its* view moved.

A change to a game is announced to the channel-layer group of that game; every connected page then
asks for the version of *its* viewer's view (a seat, the director or the public) and sends it only
when it differs from the one last sent (a page's version is a digest of its view), so a change its
receiver may not see sends nothing at all. A push carries the version only: the page then fetches
itself again (the one egress: what it shows is the page's own view), and the push's size is the
same on the first day and the fourteenth. The view and its version are computed once per viewer and
state of the game in the process and shared by all that viewer's sockets and pages
(``bansha.service.viewcache``). The channel layer fans out across worker processes and server
machines: PostgreSQL (channels_postgres) with ``--database-url``, in-process with SQLite.

Revocation is immediate: a seat's sockets also join that seat's group, and when its link is
replaced (替补, a reissued link) the group is told to close at once (when one of its devices is
signed out, to check again, and that device's sockets close); besides, every push checks
again that its session still holds the seat (or, for the director, that the login still exists),
so a socket that missed the close sends nothing more either.
"""

from __future__ import annotations

import asyncio
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from bansha.service import viewcache
from bansha.service.games import SERVICE
from bansha.store.models import GameRecord
from bansha.web import layer
from bansha.web.access import directs, held_seat


def group_name(game_id: str) -> str:
    """The channel-layer group of a game."""
    return f"game.{game_id}"


def seat_group(game_id: str, seat: int) -> str:
    """The channel-layer group of one seat's open pages (closed together when its link is
    replaced)."""
    return f"seat.{game_id}.{seat}"


CLOSE_REVOKED = 4404
"""The close code of a socket whose viewer no longer holds the page (the same answer as a game
that does not exist)."""


def revoked(game_id: str, seat: int) -> None:
    """Close every open socket of the seat at once (its link was just replaced)."""
    layer.call(lambda c: c.group_send(seat_group(game_id, seat), {"type": "seat.revoked"}))


def recheck(game_id: str, seat: int) -> None:
    """Every open socket of the seat checks at once that its session still holds it (a device
    was signed out): the signed-out ones close, the others go on."""
    layer.call(lambda c: c.group_send(seat_group(game_id, seat), {"type": "seat.check"}))


def publish(game_id: str, seq: int) -> None:
    """Tell every open page of the game that it changed (called after each append)."""
    layer.call(lambda c: c.group_send(group_name(game_id), {"type": "game.changed", "seq": seq}))


def _viewer(scope: dict[str, Any], game_id: str, wanted: str) -> int | str | None:
    """Which viewer this socket may be: the seat held in its session, the director, or the public."""
    if wanted not in ("public", "director"):
        held = held_seat(scope.get("session"), game_id)
        return None if held is None else held[1]
    record = GameRecord.objects.filter(id=game_id).first()
    if record is None:
        return None
    if wanted == "public":
        return "public"
    return "director" if directs(scope.get("user"), record) else None


def _still_entitled(scope: dict[str, Any], game_id: str, viewer: int | str) -> bool:
    """Whether the socket's viewer still holds it: the seat's link is live, the director's login
    still exists (not logged out); the public always."""
    if isinstance(viewer, int):
        held = held_seat(scope.get("session"), game_id)
        return held is not None and held[1] == viewer
    if viewer == "director":
        session = scope.get("session")
        key = getattr(session, "session_key", None)
        return bool(key) and bool(session.exists(key))  # type: ignore[union-attr]
    return True


class GameConsumer(AsyncJsonWebsocketConsumer):
    """One open page: ``/ws/g/<game>/<me|director|public>``."""

    async def connect(self) -> None:
        """Accept only a viewer the session entitles, then send the current view."""
        kwargs = self.scope["url_route"]["kwargs"]
        layer.adopt(asyncio.get_running_loop())  # the layer's calls all run on this loop
        self.game_id = kwargs["game_id"]
        self.viewer = await database_sync_to_async(_viewer)(self.scope, self.game_id, kwargs["who"])
        if self.viewer is None:
            await self.close(code=CLOSE_REVOKED)
            return
        self.groups_joined = [group_name(self.game_id)]
        if isinstance(self.viewer, int):
            self.groups_joined.append(seat_group(self.game_id, self.viewer))
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await layer.listening(self.channel_layer)  # nothing sent from the first view on is lost
        await self.accept()
        await self.push()

    async def disconnect(self, code: int) -> None:
        """Leave the game's (and the seat's) groups."""
        await self._leave()

    async def _leave(self) -> None:
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)
        self.groups_joined = []

    async def _revoke(self) -> None:
        """The viewer no longer holds this page: send nothing more and close."""
        self.viewer = None
        await self._leave()
        await self.close(code=CLOSE_REVOKED)

    async def seat_revoked(self, event: dict[str, Any]) -> None:
        """The seat's link was replaced (替补, a reissued link): close at once."""
        await self._revoke()

    async def seat_check(self, event: dict[str, Any]) -> None:
        """One of the seat's devices was signed out: close if it is this one."""
        viewer = getattr(self, "viewer", None)
        if viewer is None:
            return
        entitled = await database_sync_to_async(_still_entitled)(self.scope, self.game_id, viewer)
        if not entitled:
            await self._revoke()

    async def game_changed(self, event: dict[str, Any]) -> None:
        """The game changed: send this viewer's view if *it* changed (a change this viewer may not
        see sends nothing, so not even its timing leaks)."""
        await self.push()

    async def push(self) -> None:
        """Send this viewer's version when it is new to this page (the page then fetches its
        view), if the viewer still holds the page."""
        viewer = getattr(self, "viewer", None)
        if viewer is None:
            return
        seq = await database_sync_to_async(self._version)(viewer)
        if seq == REVOKED:
            await self._revoke()
            return
        if self.viewer is None or seq == getattr(self, "sent", None):
            return  # the view is the same: nothing is sent, so not even the timing tells
        self.sent = seq
        await self.send_json({"seq": seq})

    def _version(self, viewer: int | str) -> str:
        """This viewer's version now (shared with every page and socket of the viewer in this
        process); REVOKED when the viewer no longer holds the page."""
        if not _still_entitled(self.scope, self.game_id, viewer):
            return REVOKED
        with SERVICE.reading(self.game_id) as game:
            return viewcache.current(self.game_id, game, viewer)[1]


REVOKED = "revoked"
"""What ``_version`` returns for a viewer that no longer holds the page (never a digest)."""
