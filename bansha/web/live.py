"""Live updates over websockets (Django Channels): each open page gets its own viewer's view.

A change to a game is announced to the channel-layer group of that game; every connected page then
recomputes the view of *its* viewer (a seat, the director or the public) and sends that, so a push
carries nothing its receiver could not already load. The channel layer fans out across worker
processes: PostgreSQL (channels_postgres) with ``--database-url``, in-process with SQLite.
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.layers import get_channel_layer

from bansha.engine.views import version, view
from bansha.service.games import SERVICE
from bansha.store.models import GameRecord
from bansha.web.access import directs, held_seat


def group_name(game_id: str) -> str:
    """The channel-layer group of a game."""
    return f"game.{game_id}"


def publish(game_id: str, seq: int) -> None:
    """Tell every open page of the game that it changed (called after each append)."""
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group_name(game_id), {"type": "game.changed", "seq": seq})


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


class GameConsumer(AsyncJsonWebsocketConsumer):
    """One open page: ``/ws/g/<game>/<me|director|public>``."""

    async def connect(self) -> None:
        """Accept only a viewer the session entitles, then send the current view."""
        kwargs = self.scope["url_route"]["kwargs"]
        self.game_id = kwargs["game_id"]
        self.viewer = await database_sync_to_async(_viewer)(self.scope, self.game_id, kwargs["who"])
        if self.viewer is None:
            await self.close(code=4404)
            return
        await self.channel_layer.group_add(group_name(self.game_id), self.channel_name)
        await self.accept()
        await self.push()

    async def disconnect(self, code: int) -> None:
        """Leave the game's group."""
        if getattr(self, "viewer", None) is not None:
            await self.channel_layer.group_discard(group_name(self.game_id), self.channel_name)

    async def game_changed(self, event: dict[str, Any]) -> None:
        """The game changed: send this viewer's view if *it* changed (a change this viewer may not
        see sends nothing, so not even its timing leaks)."""
        await self.push()

    async def push(self) -> None:
        """Send this viewer's view (the one egress) when it is new to this page."""
        payload = await database_sync_to_async(self._view)(getattr(self, "sent", None))
        if payload is None:
            return
        self.sent = payload["seq"]
        await self.send_json(payload)

    def _view(self, sent: int | None) -> dict[str, Any] | None:
        """This viewer's version and view; None when the version is the one already sent (the
        view is then not even computed)."""
        with SERVICE.reading(self.game_id) as game:
            seq = version(game, self.viewer)
            return None if seq == sent else {"seq": seq, "view": view(game, self.viewer)}
