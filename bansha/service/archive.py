"""A game's archive file (存档): its settings and its whole event log as JSON, written out of one
installation's database and read into another's (SQLite or PostgreSQL alike), and the director's
归档 and 删除.

The file is the director's: it holds every event, the director's own included (the seed and the
commitment's nonce before the reveal), and never a seat's link (a link is a secret of the
installation that made it: an imported game gets new links).

Reading a file back refuses, in Chinese and before anything is written, a file that is not one
(not JSON, another format, a version this installation does not read), a damaged one (its
digest does not match what it holds) and one whose events were changed and the digest made
again: the events must fold, name the rule set the settings name, and the deal they record
must recompute the commitment published when the roles were dealt (R-ALL-02), so no role
can be moved to another seat.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from bansha import texts
from bansha.engine import Game
from bansha.engine.commitment import SCHEME, committed_text, sha256_hex
from bansha.engine.errors import RuleError
from bansha.engine.events import DIRECTOR, PUBLIC, Event
from bansha.engine.ruleset import RuleSet
from bansha.service.games import SERVICE
from bansha.store import events as store
from bansha.store.models import GameRecord, SeatRecord

FORMAT = "bansha-game"
"""The file's ``format`` marker."""
VERSION = 1
"""The archive format's version (``version``): what this installation writes and reads."""
SETTINGS = ("ruleset", "variant_yaml", "title", "label", "options", "timezone", "demo")
"""The game row's fields the file keeps (the rest are the events' fold: head, deadline, end)."""


class ArchiveError(RuleError):
    """A file that is not a bansha game archive, or one that was damaged or changed."""


@dataclass
class Imported:
    """A game read from an archive, and the private link token of every seat (new ones)."""

    record: GameRecord
    tokens: dict[int, str]


def body_digest(body: dict[str, Any]) -> str:
    """SHA-256 of the file's settings and events, written one way (keys sorted, no spaces)."""
    text = json.dumps(
        {"version": body["version"], "game": body["game"], "events": body["events"]},
        ensure_ascii=False,
        separators=(",", ":"),
        sort_keys=True,
    )
    return sha256_hex(text)


def export_game(game_id: str) -> dict[str, Any]:
    """The archive of a game: ``format``, ``version``, ``game`` (its settings, who directed it,
    when it was made), ``events`` (every event, in order, as the store holds them), ``bots``
    (the seats a bot plays) and ``sha256`` (their digest)."""
    record = GameRecord.objects.select_related("owner").get(id=game_id)
    settings = {name: getattr(record, name) for name in SETTINGS}
    settings["director"] = record.owner.get_username() if record.owner is not None else ""
    settings["created_at"] = record.created_at.isoformat()
    settings["bots"] = sorted(
        set(
            SeatRecord.objects.filter(game_id=game_id, bot=True, revoked=False).values_list(
                "seat", flat=True
            )
        )
    )
    body: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": settings,
        "events": [ev.to_json() for ev in store.load(game_id)],
    }
    body["sha256"] = body_digest(body)
    return body


def as_text(doc: dict[str, Any]) -> str:
    """An archive as the file's text (UTF-8 JSON, Chinese kept as it is)."""
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


def read_text(raw: bytes | str) -> dict[str, Any]:
    """The archive a file's bytes hold, checked (ArchiveError in Chinese otherwise)."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        doc = json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise ArchiveError(texts.ARCHIVE_NOT_JSON, "archive") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ArchiveError(texts.ARCHIVE_NOT_ARCHIVE, "archive")
    if doc.get("version") != VERSION:
        raise ArchiveError(
            texts.ARCHIVE_VERSION.format(version=doc.get("version"), known=VERSION), "archive"
        )
    if not isinstance(doc.get("game"), dict) or not isinstance(doc.get("events"), list):
        raise ArchiveError(texts.ARCHIVE_NOT_ARCHIVE, "archive")
    if doc.get("sha256") != body_digest(doc):
        raise ArchiveError(texts.ARCHIVE_DAMAGED, "archive")
    return doc


def _events(raw: list[Any]) -> list[Event]:
    """The file's events, each checked for the shape the store keeps."""
    out = []
    for i, item in enumerate(raw, start=1):
        ok = (
            isinstance(item, dict)
            and isinstance(item.get("kind"), str)
            and 0 < len(item["kind"]) <= 40
            and isinstance(item.get("data"), dict)
            and isinstance(item.get("v", 1), int)
            and isinstance(item.get("chance", False), bool)
            and (
                item.get("to") in (PUBLIC, DIRECTOR)
                or (
                    isinstance(item.get("to"), list)
                    and all(isinstance(s, int) and not isinstance(s, bool) for s in item["to"])
                )
            )
        )
        if not ok:
            raise ArchiveError(texts.ARCHIVE_BAD_EVENT.format(number=i), "archive")
        out.append(Event.from_json(item))
    return out


def _check_deal(events: list[Event], rs: RuleSet) -> None:
    """R-ALL-02: the deal the events record recomputes the commitment they published."""
    first = {ev.kind: ev for ev in reversed(events)}  # each kind's first event
    inputs, dealt, published = first.get("deal_inputs"), first.get("dealt"), first.get("commitment")
    if inputs is None or dealt is None or published is None:
        raise ArchiveError(texts.ARCHIVE_TAMPERED, "archive")
    if published.data.get("scheme") != SCHEME:
        return  # a game dealt before this scheme committed to its roles only
    roles = [str(r) for r in dealt.data.get("roles", [])]
    try:
        words = [rs.role_name(r) for r in roles]
    except KeyError:
        raise ArchiveError(texts.ARCHIVE_TAMPERED, "archive") from None
    text = committed_text(
        [str(p) for p in dealt.data.get("players", [])],
        roles,
        words,
        str(inputs.data.get("seed")),
        str(inputs.data.get("nonce")),
    )
    if sha256_hex(text) != published.data.get("hash"):
        raise ArchiveError(texts.ARCHIVE_TAMPERED, "archive")


def checked_game(doc: dict[str, Any]) -> tuple[dict[str, Any], Game]:
    """The settings and the game an archive (as ``read_text`` gave it) holds, replayed and
    checked: ArchiveError when the settings name no rule set this installation has, or the
    events do not fold, name another rule set or break the deal's commitment."""
    settings = doc["game"]
    ok = (
        all(isinstance(settings.get(k), str) for k in ("ruleset", "variant_yaml", "title", "label"))
        and isinstance(settings.get("options"), dict)
        and isinstance(settings.get("timezone"), str)
        and isinstance(settings.get("bots", []), list)
    )
    if not ok:
        raise ArchiveError(texts.ARCHIVE_NOT_ARCHIVE, "archive")
    record = GameRecord(
        ruleset=settings["ruleset"],
        variant_yaml=settings["variant_yaml"],
        options=settings["options"],
        timezone=settings["timezone"],
    )
    try:
        rs = SERVICE.ruleset_for(record)
    except RuleError as e:
        raise ArchiveError(texts.ARCHIVE_RULESET.format(reason=e.message), "archive") from None
    events = _events(doc["events"])
    if not events or events[0].kind != "game_created" or events[0].data.get("ruleset") != rs.id:
        raise ArchiveError(texts.ARCHIVE_TAMPERED, "archive")
    try:
        game = Game.replay(rs, events)
    except Exception:  # any event the fold cannot read: the file was changed by hand
        raise ArchiveError(texts.ARCHIVE_TAMPERED, "archive") from None
    _check_deal(events, rs)
    return settings, game


def import_game(raw: bytes | str, owner: Any = None) -> Imported:
    """Read an archive into this installation's database as a new game (a new id, new links for
    every seat, the players' names as the events leave them, substitutes included), directed
    by ``owner`` or else by this installation's account of the file's director, if it has
    one. ArchiveError in Chinese, and nothing written, for a file that
    is not an archive or was damaged or changed."""
    settings, game = checked_game(read_text(raw))
    if owner is None and isinstance(settings.get("director"), str) and settings["director"]:
        owner = get_user_model().objects.filter(username=settings["director"]).first()
    bots = {int(s) for s in settings.get("bots", []) if isinstance(s, int)}
    names = [p.name for p in game.state.players]
    with transaction.atomic():
        record = GameRecord.objects.create(
            id=secrets.token_hex(8),  # as a dealt game's
            ruleset=settings["ruleset"],
            variant_yaml=settings["variant_yaml"],
            title=settings["title"][:200],
            label=settings["label"][:60],
            options=settings["options"],
            timezone=settings["timezone"],
            owner=owner,
            demo=bool(settings.get("demo", False)),
        )
        store.append(
            record.id,
            0,
            game.events,
            head={"deadline": game.state.deadline, "ended": game.state.ended},
        )
        tokens = {
            seat: SERVICE.new_link(record.id, seat, name, bot=seat in bots)
            for seat, name in enumerate(names)
        }
    record.refresh_from_db()
    return Imported(record, tokens)


def archive(game_id: str) -> None:
    """归档 a finished game: 「我的游戏」 lists it apart; everything stays readable.
    RuleError: the game has not ended."""
    record = GameRecord.objects.get(id=game_id)
    if not record.ended:
        raise RuleError(texts.ARCHIVE_NOT_ENDED, "not_ended")
    GameRecord.objects.filter(id=game_id, archived_at=None).update(archived_at=timezone.now())


def unarchive(game_id: str) -> None:
    """Take a game out of the archive."""
    GameRecord.objects.filter(id=game_id).update(archived_at=None)


def delete(game_id: str) -> None:
    """删除: the game leaves every list (the public home page, the finished games, 「我的游戏」);
    a game still running stops its clock first. Its events stay (nothing is lost), and its
    pages stay readable to those they were for."""
    SERVICE.pause(game_id)
    GameRecord.objects.filter(id=game_id, deleted_at=None).update(deleted_at=timezone.now())


def listed() -> Any:
    """The games the public lists may show: not deleted."""
    return GameRecord.objects.filter(deleted_at=None)


def finished() -> Any:
    """The public list of finished games (not demos, not deleted), newest first."""
    return listed().filter(ended=True, demo=False).order_by("-created_at")
