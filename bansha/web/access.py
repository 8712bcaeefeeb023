"""Which viewer a request is: the game it names, the seat its session holds, or its director.

Pages and sockets decide only this; what the viewer then sees is the engine's view. Another game,
another seat or a revoked link gets the same answer as a game that does not exist.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest

from bansha.store.models import GameRecord, SeatRecord


def game_or_404(game_id: str) -> GameRecord:
    """The game, or 404."""
    try:
        return GameRecord.objects.get(id=game_id)
    except GameRecord.DoesNotExist as e:
        raise Http404("没有这局游戏") from e


def seat_or_404(request: HttpRequest, record: GameRecord) -> int:
    """The seat this browser holds in this game; a revoked link or another game is a 404."""
    seat = request.session.get(f"seat:{record.id}")
    key = request.session.get(f"seatkey:{record.id}")
    if seat is None or key is None:
        raise Http404("没有这局游戏")
    if not SeatRecord.objects.filter(
        game=record, seat=seat, token_hash=key, revoked=False
    ).exists():
        raise Http404("没有这局游戏")
    return int(seat)


def player_or_404(request: HttpRequest, game_id: str) -> tuple[GameRecord, int]:
    """The game and the seat this browser holds in it, read in one query; a revoked link, another
    game's session or a missing game is the same 404."""
    seat = request.session.get(f"seat:{game_id}")
    key = request.session.get(f"seatkey:{game_id}")
    if seat is None or key is None:
        raise Http404("没有这局游戏")
    held = (
        SeatRecord.objects.select_related("game")
        .filter(game_id=game_id, seat=seat, token_hash=key, revoked=False)
        .first()
    )
    if held is None:
        raise Http404("没有这局游戏")
    return held.game, int(seat)


def is_director(request: HttpRequest, record: GameRecord) -> bool:
    """Whether the logged-in user directs this game (its owner, or a superuser)."""
    user = request.user
    return bool(user.is_authenticated and (user.is_superuser or record.owner_id == user.pk))


def directed_game_or_404(request: HttpRequest, game_id: str) -> GameRecord:
    """The game, for its director only; anyone else gets the same 404 as a missing game."""
    record = game_or_404(game_id)
    if not is_director(request, record):
        raise Http404("没有这局游戏")
    return record
