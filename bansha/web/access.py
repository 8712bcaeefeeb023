"""Which viewer a request is: the game it names, the seat its session holds, or its director team
(a 只读 member reads the god view and commands nothing). An outside assistant's session holds no
seat: every route that acts, votes, posts or reads a chat refuses it like anyone else.

Pages and sockets decide only this; what the viewer then sees is the engine's view. Another game,
another seat or a revoked link gets the same answer as a game that does not exist.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest
from django.utils import timezone

from bansha import texts
from bansha.service import devices, team
from bansha.store.models import GameRecord, SeatRecord
from bansha.store.seats import game_held
from bansha.store.sessions import stored_key
from bansha.web.sessions import seat_keys


def game_or_404(game_id: str) -> GameRecord:
    """The game, or 404."""
    try:
        return GameRecord.objects.get(id=game_id)
    except GameRecord.DoesNotExist as e:
        raise Http404(texts.NO_GAME) from e


def held_seat(session: Any, game_id: str) -> tuple[GameRecord, int] | None:
    """The game and the seat a session (a page's or a socket's) holds in it, read in one query
    (with the session's own read when the session is not loaded yet and this process knows its
    text: ``sessions.SessionStore.read_with_seat``); None for no seat, a revoked link, a device
    signed out, another game's session or a missing game. Records the device's visit now and
    then (``devices.SEEN_EVERY``)."""
    if session is None:
        return None
    read_with_seat = getattr(session, "read_with_seat", None)
    together, found = (False, None) if read_with_seat is None else read_with_seat(game_id)
    if not together:
        held_keys = seat_keys(session, game_id)
        if held_keys is None:
            return None
        found = game_held(game_id, *held_keys)
    if found is None:
        return None
    record, last_seen = found
    seat = session[f"seat:{game_id}"]
    devices.seen(session[f"seatdev:{game_id}"], last_seen, timezone.now())
    return record, seat


def hold_seat(request: HttpRequest, game_id: str, seat: int, token_hash: str) -> bool:
    """Put the seat of the live link ``token_hash`` in this browser's session, as this browser's
    device of that link (the same device again when it held the link before); False when the
    link is not live."""
    session = request.session
    same = session.get(f"seatkey:{game_id}") == token_hash
    before = session.get(f"seatdev:{game_id}")
    if not same and isinstance(before, str):
        devices.release(before)  # switched to another seat: it holds the one it left no more
    key = session.session_key
    device = devices.opened(
        game_id,
        seat,
        token_hash,
        session.get(f"seatdev:{game_id}") if same else None,
        request.headers.get("user-agent", ""),
        timezone.now(),
        stored_key(key) if isinstance(key, str) else "",
    )
    if device is None:
        return False
    session[f"seat:{game_id}"] = seat
    session[f"seatkey:{game_id}"] = token_hash
    session[f"seatdev:{game_id}"] = device
    return True


class SeatGone(Http404):
    """The seat this browser's session held is its no more, for a reason its player is told
    plainly instead of a missing game's page: a substitute took it (替补: public), or the
    director signed this device out (the link itself still opens it)."""

    def __init__(self, game_id: str, status: int, title: str, text: str) -> None:
        super().__init__(texts.NO_GAME)
        self.game_id, self.status, self.title, self.text = game_id, status, title, text


def _seat_label(seat: int, name: str) -> str:
    return texts.SEAT_LABEL.format(n=seat + 1, name=name)


def substituted(game_id: str, token_hash: str) -> SeatGone | None:
    """When ``token_hash`` is a link a substitute's took the place of (its player's name is not
    the seat's live one; a link merely reissued to the same player is not), who was replaced
    by whom; else None."""
    old = SeatRecord.objects.filter(game_id=game_id, token_hash=token_hash, revoked=True).first()
    if old is None:
        return None
    live = (
        SeatRecord.objects.filter(game_id=game_id, seat=old.seat, revoked=False)
        .order_by("-id")
        .first()
    )
    if live is None or live.name == old.name:
        return None
    text = texts.SUBSTITUTED.format(seat=_seat_label(old.seat, old.name), by=live.name)
    return SeatGone(game_id, 410, texts.SUBSTITUTED_TITLE, text)


def gone(session: Any, game_id: str) -> SeatGone | None:
    """Why a session that held a seat of the game holds it no more, when its player should be
    told: a substitute took the seat, or the director signed this browser out; else None (no
    seat, a link reissued, anything else: the same 404 as a missing game)."""
    key = session.get(f"seatkey:{game_id}")
    device = session.get(f"seatdev:{game_id}")
    if not isinstance(key, str):
        return None
    ended = substituted(game_id, key)
    if ended is not None or not isinstance(device, str):
        return ended
    link = devices.signed_out(game_id, key, device)
    if link is None:
        return None
    text = texts.SIGNED_OUT.format(seat=_seat_label(link.seat, link.name))
    return SeatGone(game_id, 403, texts.SIGNED_OUT_TITLE, text)


def player_or_404(request: HttpRequest, game_id: str) -> tuple[GameRecord, int]:
    """The game and the seat this browser holds in it; a substituted-out player, or a device the
    director signed out, is told so (``SeatGone``); anything else is the same 404. A session
    that held its seat before devices were counted becomes this browser's device of the link."""
    session = request.session
    held = held_seat(session, game_id)
    if held is None:
        seat, key = session.get(f"seat:{game_id}"), session.get(f"seatkey:{game_id}")
        unseen = f"seatdev:{game_id}" not in session
        seated = unseen and isinstance(seat, int) and isinstance(key, str)
        if seated and hold_seat(request, game_id, seat, key):
            held = held_seat(session, game_id)
    if held is None:
        reason = gone(session, game_id)
        if reason is not None:
            raise reason
        raise Http404(texts.NO_GAME)
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
        raise Http404(texts.NO_GAME)
    return record


def directed_game_or_404(request: HttpRequest, game_id: str) -> GameRecord:
    """The game, for those who issue its commands (its owner, 主导演, 副导演); anyone else, a
    只读 member too, gets the same 404 as a missing game."""
    record = game_or_404(game_id)
    if not commands(request.user, record):
        raise Http404(texts.NO_GAME)
    return record
