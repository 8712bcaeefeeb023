"""The event-store API: append with an expected version, load, and the command log."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction

from bansha.engine.events import Event
from bansha.store.models import CommandRecord, EventRecord, GameRecord


class ConcurrencyError(Exception):
    """Another writer appended first: reload and decide again."""


class DuplicateCommand(Exception):
    """This command key was already applied (a retried submission)."""


def append(
    game_id: str,
    expected_seq: int,
    events: list[Event],
    command: dict[str, Any] | None = None,
    head: dict[str, Any] | None = None,
) -> int:
    """Append ``events`` after ``expected_seq`` atomically; return the new head.

    Raises ConcurrencyError if the stream moved on, DuplicateCommand if ``command['key']`` was seen.
    ``head`` updates the game row's denormalised fields (deadline, ended) in the same transaction.
    """
    new_seq = expected_seq + len(events)
    try:
        with transaction.atomic():
            if command is not None:  # a key seen before breaks the unique constraint
                CommandRecord.objects.create(game_id=game_id, seq=new_seq, **command)
            EventRecord.objects.bulk_create(
                [
                    EventRecord(
                        game_id=game_id,
                        seq=expected_seq + i + 1,
                        kind=ev.kind,
                        data=ev.data,
                        audience=list(ev.to) if isinstance(ev.to, tuple) else ev.to,
                        chance=ev.chance,
                        version=ev.version,
                    )
                    for i, ev in enumerate(events)
                ]
            )
            moved = GameRecord.objects.filter(id=game_id, seq=expected_seq).update(
                seq=new_seq, **(head or {})
            )
            if moved != 1:
                raise ConcurrencyError(game_id)
    except IntegrityError as e:
        if command is not None and "key" in str(e).lower() and "command" in str(e).lower():
            raise DuplicateCommand(command["key"]) from e
        raise ConcurrencyError(game_id) from e
    return new_seq


def digest_of(game_id: str, key: str) -> str | None:
    """The digest of the command that landed with this idempotency key; None: none did ("" for
    commands logged before digests were kept)."""
    return (
        CommandRecord.objects.filter(game_id=game_id, key=key)
        .values_list("digest", flat=True)
        .first()
    )


def load(game_id: str, after: int = 0) -> list[Event]:
    """The game's events after ``after``, in order."""
    rows = EventRecord.objects.filter(game_id=game_id, seq__gt=after).order_by("seq")
    return [
        Event(
            r.kind,
            r.data,
            tuple(r.audience) if isinstance(r.audience, list) else r.audience,
            r.chance,
            r.version,
        )
        for r in rows.iterator()
    ]


def head(game_id: str, lock: bool = False) -> int:
    """The number of events the game has. ``lock`` (inside a transaction): hold the game's row so
    no other writer can append until the transaction ends (SQLite's write transaction already
    holds the whole database)."""
    rows = GameRecord.objects.select_for_update() if lock else GameRecord.objects
    return int(rows.values_list("seq", flat=True).get(id=game_id))
