"""Who holds a seat: the lookup every player request makes, in one query."""

from __future__ import annotations

from bansha.store.models import GameRecord, SeatRecord

_HELD = (
    f"SELECT g.* FROM {GameRecord._meta.db_table} g"
    f" JOIN {SeatRecord._meta.db_table} s ON s.game_id = g.id"
    " WHERE g.id = %s AND s.seat = %s AND s.token_hash = %s AND s.revoked = %s"
)


def game_held(game_id: str, seat: int, token_hash: str) -> GameRecord | None:
    """The game, if ``token_hash`` is the live (not revoked) link of ``seat`` in it; else None.

    Written as SQL: it runs on every player request, and building it through the ORM cost more
    than the page's engine work."""
    found = list(GameRecord.objects.raw(_HELD, [game_id, seat, token_hash, False]))
    return found[0] if found else None
