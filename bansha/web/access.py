"""Which viewer a request is: the game it names, the seat its session holds, or its director team
(a 只读 member reads the god view and commands nothing). An outside assistant's session holds no
seat: every route that acts, votes, posts or reads a chat refuses it like anyone else.

Pages and sockets decide only this; what the viewer then sees is the engine's view. Another game,
another seat or a revoked link gets the same answer as a game that does not exist.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest

from bansha.service import team
from bansha.store.models import GameRecord
from bansha.store.seats import game_held


def game_or_404(game_id: str) -> GameRecord:
    """The game, or 404."""
    try:
        return GameRecord.objects.get(id=game_id)
    except GameRecord.DoesNotExist as e:
        raise Http404("没有这局游戏") from e


def held_seat(session: Any, game_id: str) -> tuple[GameRecord, int] | None:
    """The game and the seat a session (a page's or a socket's) holds in it, read in one query;
    None for no seat, a revoked link, another game's session or a missing game."""
    seat = session.get(f"seat:{game_id}") if session is not None else None
    key = session.get(f"seatkey:{game_id}") if session is not None else None
    if not isinstance(seat, int) or not isinstance(key, str):
        return None
    record = game_held(game_id, seat, key)
    return None if record is None else (record, seat)


def player_or_404(request: HttpRequest, game_id: str) -> tuple[GameRecord, int]:
    """The game and the seat this browser holds in it; anything else is the same 404."""
    held = held_seat(request.session, game_id)
    if held is None:
        raise Http404("没有这局游戏")
    return held


def directs(user: Any, record: Any) -> bool:
    """Whether this user (a request's or a socket's) may read the game's god view: its owner, a
    superuser, or any member of its director team (只读 included). ``record``: a game, or a
    sign-up (which has an owner only)."""
    if user is None or not user.is_authenticated:
        return False
    if user.is_superuser or record.owner_id == user.pk:
        return True
    return isinstance(record, GameRecord) and team.role_of(user, record) is not None


def commands(user: Any, record: GameRecord) -> bool:
    """Whether this user may issue the game's commands: its owner, a superuser, a 主导演 or a
    副导演 (never 只读)."""
    return team.role_of(user, record) in team.COMMANDS


def is_director(request: HttpRequest, record: GameRecord) -> bool:
    """Whether the logged-in user may read this game's god view (see ``directs``)."""
    return directs(request.user, record)


def watched_game_or_404(request: HttpRequest, game_id: str) -> GameRecord:
    """The game, for its director team (只读 included); anyone else gets the same 404."""
    record = game_or_404(game_id)
    if not is_director(request, record):
        raise Http404("没有这局游戏")
    return record


def directed_game_or_404(request: HttpRequest, game_id: str) -> GameRecord:
    """The game, for those who issue its commands (its owner, 主导演, 副导演); anyone else, a
    只读 member too, gets the same 404 as a missing game."""
    record = game_or_404(game_id)
    if not commands(request.user, record):
        raise Http404("没有这局游戏")
    return record
