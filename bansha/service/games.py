"""Load → decide → append. One in-process cache per game, checked against the store's head."""

from __future__ import annotations

import hashlib
import json
import logging
import math
import random
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db import IntegrityError, OperationalError, transaction
from django.utils import timezone

from bansha import texts
from bansha.engine import Act, Close, Game, commitment, director
from bansha.engine.commands import Command, Director, Vote
from bansha.engine.errors import RuleError
from bansha.engine.events import Event
from bansha.engine.ruleset import RuleSet
from bansha.service import inputs, links, rulesets
from bansha.store import events as store
from bansha.store.models import GameRecord, SeatRecord

log = logging.getLogger("bansha")

TOKEN_BYTES = 24
"""Invite tokens carry 192 random bits; only their SHA-256 is stored."""


def token_hash(token: str) -> str:
    """The stored form of an invite token."""
    return hashlib.sha256(token.encode()).hexdigest()


class AlreadyCreated(Exception):
    """The new-game form was sent again: the game it created the first time."""

    def __init__(self, record: GameRecord) -> None:
        super().__init__(record.id)
        self.record = record


@dataclass
class Created:
    """A new game and the private link token of every seat (shown once, never stored)."""

    record: GameRecord
    tokens: dict[int, str]


def _unheard(game_id: str, position: int) -> None:
    """No live pages to tell (a service started without the web)."""


def _no_move(game: Game, seat: int, rng: random.Random) -> Command | None:
    """No bot policy given: a bot seat passes."""
    return None


BotPolicy = Callable[[Game, int, random.Random], Command | None]
"""A bot seat's move, decided from what that seat may see only (None: it passes)."""


@dataclass
class Outlets:
    """What the service tells and asks outside itself, given at start-up (``GameService.connect``):
    the web's app config gives its live pushes and the simulator's bots, so the service imports
    neither; a service started without the web tells nobody and its bots pass."""

    changed: Callable[[str, int], None] = field(default=_unheard)
    """The game changed (its new head): open pages check their view."""
    revoked: Callable[[str, int], None] = field(default=_unheard)
    """A seat's link was replaced: its open pages close at once."""
    bot: BotPolicy = field(default=_no_move)
    """A bot seat's move."""


class GameService:
    """Loads games (cached per process), applies commands with optimistic concurrency."""

    def __init__(self) -> None:
        self._cache: dict[str, Game] = {}
        self._locks: dict[str, threading.RLock] = {}
        self._guard = threading.Lock()
        self.outlets = Outlets()

    def connect(self, outlets: Outlets) -> None:
        """Give the service its live pushes and bot policy (at start-up)."""
        self.outlets = outlets

    # ------------------------------------------------------------------ creating
    def ruleset_for(self, record: GameRecord) -> RuleSet:
        """The game's rule set: a built-in one, or the variant file stored with the game (built
        once per process for each variant text and options, ``bansha.service.rulesets``)."""
        options = dict(record.options)
        options.setdefault("timezone", record.timezone)  # a game from before the zone was an option
        return rulesets.ruleset(record.ruleset, options, record.variant_yaml)

    def create(
        self,
        ruleset: str,
        players: list[str],
        *,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        owner: Any = None,
        demo: bool = False,
        bots: tuple[int, ...] = (),
        variant_yaml: str = "",
        game_timezone: str = "Asia/Shanghai",
        roles: dict[int, str] | None = None,
        fixed: dict[str, Any] | None = None,
        declare: dict[str, Any] | None = None,
        form_key: str = "",
    ) -> Created:
        """Deal a new game (R-ALL-02: the commitment is published) and make every seat's link.
        The game's zone is one of its options, recorded with it (R-ALL-10). RuleError: a player
        name no database keeps alike (control characters, too long). ``form_key``: the key of
        the form that asked for it; AlreadyCreated when the same owner's form made a game before
        (a refresh or a double tap deals no second game)."""
        if form_key and (earlier := self.created_with(owner, form_key)) is not None:
            raise AlreadyCreated(earlier)
        for name in players:
            inputs.check_name(name)
        options = {**(options or {}), "timezone": (options or {}).get("timezone", game_timezone)}
        rs = rulesets.ruleset(ruleset, options, variant_yaml)
        # R-ALL-02: the seed and the commitment's nonce come from the operating system's
        # generator, each on its own (the nonce never from the seed, even when a test fixes the
        # seed); the game records both for the director only until the reveal
        seed = secrets.randbits(commitment.SEED_BITS) if seed is None else seed
        nonce = secrets.token_hex(commitment.NONCE_BYTES)
        game = Game.create(rs, players, seed, roles, fixed, declare, nonce=nonce)
        try:
            with transaction.atomic():
                record = GameRecord.objects.create(
                    id=secrets.token_hex(8),
                    ruleset=rs.id,
                    variant_yaml=variant_yaml,
                    title=rs.title,
                    options=options,
                    timezone=str(rs.options["timezone"]),
                    owner=owner,
                    demo=demo,
                    form_key=form_key,
                )
                store.append(record.id, 0, game.events, head=self._head(game))
                tokens = {
                    seat: self.new_link(record.id, seat, name, bot=seat in bots)
                    for seat, name in enumerate(players)
                }
        except IntegrityError:  # the same form, sent twice at once: the other request's game
            if not form_key or (earlier := self.created_with(owner, form_key)) is None:
                raise
            raise AlreadyCreated(earlier) from None
        record.refresh_from_db()
        self._cache[record.id] = game
        return Created(record, tokens)

    def created_with(self, owner: Any, form_key: str) -> GameRecord | None:
        """The game this owner's new-game form with ``form_key`` created, if any."""
        return GameRecord.objects.filter(owner=owner, form_key=form_key).first()

    def reseat(self, game_id: str, seat: int, name: str) -> str:
        """A substitute (替补) takes the seat: the old link stops working and every page open
        with it closes at once; returns the new link's token."""
        return self.revoke_seat(game_id, seat, name)

    def reissue(self, game_id: str, seat: int) -> str:
        """A new private link for the same player (a lost or leaked link): the old one stops
        working and every page open with it closes at once; returns the new token.

        RuleError: the game has no such seat."""
        current = (
            SeatRecord.objects.filter(game_id=game_id, seat=seat, revoked=False)
            .order_by("-id")
            .first()
        )
        if current is None:
            raise RuleError(texts.NO_SEAT, "no_seat")
        return self.revoke_seat(game_id, seat, current.name, bot=current.bot)

    def revoke_seat(self, game_id: str, seat: int, name: str, bot: bool = False) -> str:
        """The one revocation path (替补 and reissued links): revoke every live link of the
        seat, make a new one for ``name``, and close the seat's open sockets at once (each push
        also checks the link again, so a socket that misses the close still sends nothing)."""
        inputs.check_name(name)
        with transaction.atomic():
            # a revoked link's sealed token serves nothing more: not kept
            SeatRecord.objects.filter(game_id=game_id, seat=seat).update(
                revoked=True, token_sealed=""
            )
            token = self.new_link(game_id, seat, name, bot=bot)
        try:
            self.outlets.revoked(game_id, seat)
        except Exception:  # the sockets' next push finds the link revoked and closes them
            log.exception("closing the sockets of seat %s in %s", seat, game_id)
        return token

    def reissue_links(self, game_id: str) -> int:
        """A new private link for every live seat of the game (a key or a database copy leaked):
        each old link stops working at once and its open pages close, as with one seat's
        「重新生成链接」. Returns how many links were re-issued."""
        seats = SeatRecord.objects.filter(game_id=game_id, revoked=False).order_by("seat")
        live = list(seats.values_list("seat", "name", "bot"))
        for seat, name, bot in live:
            self.revoke_seat(game_id, seat, name, bot=bot)
        return len(live)

    def reissue_running_games(self) -> tuple[int, int]:
        """``reissue_links`` for every game not over yet: (games, links re-issued)."""
        games = count = 0
        for game_id in GameRecord.objects.filter(ended=False).values_list("id", flat=True):
            games += 1
            count += self.reissue_links(game_id)
        return games, count

    def new_link(self, game_id: str, seat: int, name: str, *, bot: bool = False) -> str:
        """A new link for the seat: only its token's hash decides who holds the seat; the sealed
        copy lets the director's console show the link again (``bansha.service.links``)."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        SeatRecord.objects.create(
            game_id=game_id,
            seat=seat,
            name=name,
            token_hash=token_hash(token),
            token_sealed=links.seal(token),
            bot=bot,
        )
        return token

    def seat_links(self, game_id: str) -> list[tuple[int, str, str | None]]:
        """Every seat's live link token, in seat order: (seat, name, token), the token None when
        it was sealed with a key this installation no longer has."""
        rows = SeatRecord.objects.filter(game_id=game_id, revoked=False).order_by("seat")
        return [(r.seat, r.name, links.unseal(r.token_sealed)) for r in rows]

    # ------------------------------------------------------------------ loading
    def _lock(self, game_id: str) -> threading.RLock:
        with self._guard:
            return self._locks.setdefault(game_id, threading.RLock())

    @contextmanager
    def reading(self, game_id: str, seq: int | None = None) -> Iterator[Game]:
        """The game at the store's head, held still while the caller reads it.

        The cached game is shared by the process's request threads and a command changes it in
        place: a page computes its view inside this block, so it never sees half a command or a
        command whose append then failed. ``seq`` as for ``load``."""
        with self._lock(game_id):
            yield self.load(game_id, seq)

    def load(self, game_id: str, seq: int | None = None) -> Game:
        """The game at the store's head: the cached copy caught up, or a replay.

        ``seq``: the head as the caller has just read it with the game's row (saves reading it
        again); a cached copy already past it is checked against the store. Use ``reading`` to
        look at the game; this alone does not stop a command from changing it meanwhile."""
        with self._lock(game_id):
            return self._load(game_id, seq)

    def _load(self, game_id: str, seq: int | None) -> Game:
        game = self._cache.get(game_id)
        if seq is None or (game is not None and len(game.events) > seq):
            seq = store.head(game_id)
        if game is not None and len(game.events) <= seq:
            if len(game.events) < seq:
                game.catch_up(list(store.load(game_id, after=len(game.events))))
            return game
        record = GameRecord.objects.get(id=game_id)
        game = Game.replay(self.ruleset_for(record), store.load(game_id))
        self._cache[game_id] = game
        return game

    # ------------------------------------------------------------------ commands
    def submit(
        self,
        game_id: str,
        cmd: Command,
        key: str | None = None,
        actor: str = "",
        seq: int | None = None,
        stage: int | None = None,
    ) -> list[Event]:
        """Apply one command. RuleError: refused, nothing changed. A repeated ``key`` lands once.

        Keys are scoped by ``actor``: two players' forms rendered alike never collide. ``seq``: the
        store's head as the caller just read it (the first attempt decides on it; the append still
        checks it). ``stage``: the position the command's form was rendered for (``position``); a
        command for a stage that is no longer current is refused (「该阶段已经结束」)."""
        if key is not None and actor:
            key = f"{actor}:{key}"
        if key is not None and not _usable_key(key):
            raise RuleError(texts.FORM_BROKEN, "form_broken")
        inputs.check_command(cmd, _payload(cmd))
        for attempt in range(12):
            with self._lock(game_id):
                try:
                    if attempt == 0:  # optimistic: decide, then append if no one appended since
                        head, out = self._try_once(game_id, cmd, key, actor, seq, stage)
                    else:  # lost a race: decide holding the game's row, so this one cannot lose
                        with transaction.atomic():
                            locked = store.head(game_id, lock=True)
                            head, out = self._try_once(game_id, cmd, key, actor, locked, stage)
                except store.DuplicateCommand:
                    return self._repeated(game_id, cmd, key)
                except store.ConcurrencyError:
                    continue
                except OperationalError as e:  # SQLite busy or locked: wait a little, decide again
                    if "locked" not in str(e) and "busy" not in str(e):
                        raise
                else:
                    self._publish(game_id, head)
                    return out
            time.sleep(0.005 * (attempt + 1))  # busy: outside the lock, so readers go on
        raise RuleError(texts.BUSY, "busy")

    def _repeated(self, game_id: str, cmd: Command, key: str | None) -> list[Event]:
        """A command whose key landed before: the same command again (a retried or doubled
        submission) changes nothing and is acknowledged with no new events; another command
        with that key (a stale or copied form) is refused, never silently dropped."""
        landed = store.digest_of(game_id, key) if key is not None else None
        if landed is None or landed not in ("", command_digest(cmd)):
            raise RuleError(texts.FORM_REUSED, "form_reused")
        return []

    def _try_once(
        self,
        game_id: str,
        cmd: Command,
        key: str | None,
        actor: str,
        seq: int | None,
        stage: int | None = None,
    ) -> tuple[int, list[Event]]:
        """Decide on the latest state and append with the version it was decided on. When the
        append fails, the cached game is rewound to what the store holds."""
        game = self.load(game_id, seq)
        expected = len(game.events)
        try:
            if stage is not None and stage != position(game, cmd):
                raise RuleError(texts.STAGE_OVER, "stage_over")
            out = game.handle(cmd)
        except RuleError:
            if key is not None and store.digest_of(game_id, key) is not None:
                raise store.DuplicateCommand(key) from None  # it landed before: see _repeated
            raise
        command = None
        if key is not None:
            command = {
                "key": key,
                "actor": actor,
                "kind": type(cmd).__name__,
                "payload": logged_payload(_payload(cmd), out, expected),
                "digest": command_digest(cmd),
            }
        try:
            return store.append(game_id, expected, out, command=command, head=self._head(game)), out
        except BaseException:
            game.rewind(expected)
            raise

    def _publish(self, game_id: str, seq: int) -> None:
        """Tell open pages the game changed (live updates); never fails the command."""
        try:
            self.outlets.changed(game_id, seq)
        except Exception:  # a page that misses a push catches up on its next load
            log.exception("live update for %s", game_id)

    def _head(self, game: Game) -> dict[str, Any]:
        return {"deadline": game.state.deadline, "ended": game.state.ended}

    def pause(self, game_id: str) -> None:
        """Stop the clock: the deadline worker skips the game until it resumes."""
        GameRecord.objects.filter(id=game_id, paused=False).update(
            paused=True, paused_at=timezone.now()
        )

    def resume(self, game_id: str) -> None:
        """Restart the clock; a deadline in minutes moves on by the time spent paused (延期). A
        deadline at the post's clock time (12:00) stays where the post puts it (R-ALL-10) unless it
        passed during the pause: then the stage gets back the time it had left."""
        record = GameRecord.objects.get(id=game_id)
        if not record.paused:
            return
        with self.reading(game_id) as game:
            on_clock = game.ruleset.deadline_on_clock(game.state)
        still_ahead = record.deadline is not None and record.deadline > timezone.now()
        if (
            record.deadline is not None
            and record.paused_at is not None
            and not (on_clock and still_ahead)
        ):
            minutes = max(1, math.ceil((timezone.now() - record.paused_at).total_seconds() / 60))
            self.submit(
                game_id,
                Director(director.EXTEND, {"minutes": minutes}, timezone.now()),
                key=f"resume:{record.paused_at.isoformat()}",
                actor="director",
            )
        GameRecord.objects.filter(id=game_id).update(paused=False, paused_at=None)

    # ------------------------------------------------------------------ bots and deadlines
    def run_bots(self, game_id: str) -> int:
        """Let every bot seat act once in the current stage, from its own legal acts only."""
        done = 0
        for _ in range(50):
            with self.reading(game_id) as game:
                if game.state.ended:
                    return done
                stage_seq = _stage_seq(game)
            acted = False
            for seat in SeatRecord.objects.filter(
                game_id=game_id, bot=True, revoked=False
            ).values_list("seat", flat=True):
                with self.reading(game_id) as game:
                    if game.state.ended or _stage_seq(game) != stage_seq:
                        break
                    rng = random.Random(f"bot/{game.state.seed}/{stage_seq}/{seat}")
                    cmd = self.outlets.bot(game, seat, rng)  # plays from its own seat's view only
                key = f"bot:{seat}:{stage_seq}"
                if cmd is None:
                    continue
                try:
                    if self.submit(game_id, _timed(cmd), key=key, actor=f"bot{seat}"):
                        done += 1
                        acted = True
                except RuleError:
                    continue
            if not acted:
                return done
        return done

    def close_due(self, now: datetime | None = None) -> int:
        """Close every stage whose deadline has passed (safe with several workers running)."""
        now = now or timezone.now()
        closed = 0
        due = GameRecord.objects.filter(ended=False, paused=False, deadline__lte=now)
        for game_id in due.values_list("id", flat=True):
            with self.reading(game_id) as game:
                deadline = game.state.deadline
                if deadline is None or deadline > now or game.state.ended:
                    continue
                if game.state.awaiting is not None:
                    continue  # under review: the director has results to publish first
                # one close per stage and deadline: after an undo of this close the clock leaves
                # the stage to the director until an extension sets a new deadline
                key = f"close:{_stage_seq(game)}:{deadline.isoformat()}"
            try:
                if self.submit(game_id, Close(at=deadline), key=key, actor="clock"):
                    closed += 1
                    if (
                        GameRecord.objects.filter(id=game_id, demo=True).exists()
                        or SeatRecord.objects.filter(game_id=game_id, bot=True).exists()
                    ):
                        self.run_bots(game_id)
            except RuleError:
                continue
        return closed


def _stage_seq(game: Game) -> int:
    """The position of the event that opened the current stage (a stage's identity)."""
    for i in range(len(game.events) - 1, -1, -1):
        if game.events[i].kind == "stage_opened":
            return i
    return 0


def position(game: Game, cmd: Command | None = None) -> int:
    """What a stage-bound form is rendered for and sent back with: the position of the event that
    opened the current stage; for 发布 and 撤销, of the last command whose results await
    publication (-1: none), so a form rendered before another close or another 撤销 is stale."""
    if isinstance(cmd, Director) and director.command_id(cmd.name) in director.REVIEW:
        return game.state.commands[-1] if game.state.commands else -1
    return _stage_seq(game)


def _timed(cmd: Command) -> Command:
    now = timezone.now()
    if isinstance(cmd, Act):
        return Act(cmd.by, cmd.skill, cmd.targets, cmd.choice, now)
    if isinstance(cmd, Vote):
        return Vote(cmd.by, cmd.target, now)
    return cmd


def _payload(cmd: Command) -> dict[str, Any]:
    """What a command asks for, without its time (the command log's record of it)."""
    return {
        name: list(v) if isinstance(v, tuple) else v
        for name, v in zip(cmd.FIELDS, cmd.values(), strict=True)
        if name != "at"
    }


def logged_payload(payload: dict[str, Any], out: list[Event], expected: int) -> dict[str, Any]:
    """What the command log keeps of a command that landed with the events ``out`` after
    ``expected``: its payload, except that a message's text (a team-chat line, a thread post),
    which its event records, is kept there only: the log names the event (``{"event": seq}``).
    The digest beside it still covers the text as it was sent."""
    text = payload.get("text")
    if isinstance(text, str) and text:
        for i, ev in enumerate(out):
            if ev.data.get("text") == text.strip():
                return {**payload, "text": {"event": expected + i + 1}}
    return payload


def command_digest(cmd: Command) -> str:
    """SHA-256 of what a command asks for (its kind and payload, not its time): the same form
    sent twice has one digest, another command under the same key another."""
    body = json.dumps(
        {"kind": type(cmd).__name__, "payload": _payload(cmd)},
        sort_keys=True,
        ensure_ascii=False,
        default=str,
    )
    return hashlib.sha256(body.encode()).hexdigest()


KEY_LENGTH = 100
"""The longest idempotency key the command log keeps (with its actor prefix)."""


def _usable_key(key: str) -> bool:
    """A key the command log keeps alike on every database: short, no control characters."""
    return len(key) <= KEY_LENGTH and key.isprintable()


SERVICE = GameService()
"""The process-wide service."""
