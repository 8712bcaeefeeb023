"""Sign-ups (报名): a game open for players to register their names (马甲) before the deal.

XXXII's post: 「报名的小伙伴请使用参赛ID在本楼下回复【报名】」, confirmed by the director (「我们将会
通过论坛私信……进行报名确认」); M103 §11: 「下发身份之前，所有报名参加版杀的玩家……」. A player
registers on the sign-up page (or a floor replying 【报名】 in the forum thread is read as one),
the director confirms or removes each entry, sets or shuffles the seat order and deals: the
game is dealt to the confirmed entries in that order, and each entry learns its seat.

Every change is a row of the sign-up's log, the shuffle with the random draw it was made from
(a seed from the operating system's generator, and the order it gives), so the seat order can
be checked afterwards (``shuffled_order``).
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from bansha import texts
from bansha.engine import clock
from bansha.engine.errors import RuleError
from bansha.forum import threads
from bansha.rulesets import find_ruleset, load_variant_text
from bansha.service import inputs, links
from bansha.service.games import SERVICE, TOKEN_BYTES, Created, token_hash
from bansha.store.models import EntryRecord, SignupLogRecord, SignupRecord

SIGNUP_WORD = texts.SIGNUP_WORD
"""What a floor of the forum thread replies to sign up (XXXII)."""
SHUFFLE_BITS = 128
"""The seat-order shuffle's seed, drawn from the operating system's generator."""


@dataclass
class Registered:
    """A new entry and its private link's token (the player's browser keeps it)."""

    entry: EntryRecord
    token: str


def open_signup(
    ruleset: str,
    *,
    options: dict[str, Any] | None = None,
    owner: Any = None,
    variant_yaml: str = "",
    label: str = "",
) -> SignupRecord:
    """A game open for sign-ups (RuleError: the rule set or its options are refused)."""
    options = dict(options or {})
    options.setdefault("timezone", clock.DEFAULT_ZONE)
    rs = (
        load_variant_text(variant_yaml, options) if variant_yaml else find_ruleset(ruleset, options)
    )
    with transaction.atomic():
        sheet = SignupRecord.objects.create(
            id=secrets.token_hex(8),
            ruleset=rs.id,
            variant_yaml=variant_yaml,
            title=rs.title,
            label=label,
            options=options,
            timezone=str(rs.options["timezone"]),
            owner=owner,
        )
        _log(sheet, "opened", {"ruleset": rs.id}, "director")
    return sheet


def player_count(sheet: SignupRecord) -> int:
    """How many players the game is dealt to."""
    options = {**sheet.options, "timezone": sheet.timezone}
    rs = (
        load_variant_text(sheet.variant_yaml, options)
        if sheet.variant_yaml
        else find_ruleset(sheet.ruleset, options)
    )
    return rs.player_count


def _log(sheet: SignupRecord, kind: str, data: dict[str, Any], actor: str) -> None:
    """One row of the sign-up's log (inside the caller's transaction; the sign-up's row is held,
    so two changes never take the same place)."""
    SignupRecord.objects.select_for_update().filter(id=sheet.id).first()
    last = SignupLogRecord.objects.filter(signup=sheet).aggregate(m=Max("seq"))["m"] or 0
    SignupLogRecord.objects.create(signup=sheet, seq=last + 1, kind=kind, data=data, actor=actor)


def _open(sheet_id: str) -> SignupRecord:
    """The sign-up, still open (RuleError once the game is dealt)."""
    sheet = SignupRecord.objects.get(id=sheet_id)
    if sheet.game_id is not None:
        raise RuleError(texts.SIGNUP_DEALT, "dealt")
    return sheet


def entries(sheet_id: str, *, removed: bool = False) -> list[EntryRecord]:
    """The entries in seat order (with ``removed``: the removed ones too, last)."""
    rows = EntryRecord.objects.filter(signup_id=sheet_id)
    if not removed:
        rows = rows.filter(removed=False)
    return list(rows.order_by("removed", "place", "id"))


def register(
    sheet_id: str, name: str, *, source: str = "web", floor: int | None = None
) -> Registered:
    """Sign up ``name``: a new entry at the end of the order, waiting for the director's
    confirmation. RuleError: the sign-up is closed, the name is not one a database keeps alike,
    or it has signed up already."""
    name = name.strip()
    inputs.check_name(name)
    sheet = _open(sheet_id)
    token = secrets.token_urlsafe(TOKEN_BYTES)
    try:
        with transaction.atomic():
            _log(sheet, "registered", {"name": name, "source": source, "floor": floor}, name)
            last = EntryRecord.objects.filter(signup=sheet).aggregate(m=Max("place"))["m"] or 0
            entry = EntryRecord.objects.create(
                signup=sheet,
                name=name,
                place=last + 1,
                token_hash=token_hash(token),
                token_sealed=links.seal(token),
                source=source,
                floor=floor,
            )
    except IntegrityError:
        raise RuleError(texts.SIGNUP_TWICE.format(name=name), "twice") from None
    return Registered(entry, token)


def entry_held(sheet_id: str, key: str | None) -> EntryRecord | None:
    """The entry whose private link's hash is ``key`` (a browser's session), if any."""
    if not isinstance(key, str):
        return None
    return EntryRecord.objects.filter(signup_id=sheet_id, token_hash=key).first()


def link_token(entry: EntryRecord) -> str | None:
    """An entry's private link token, for the director to send (None: sealed with a key this
    installation no longer has)."""
    return links.unseal(entry.token_sealed)


def _entry(sheet: SignupRecord, entry_id: int) -> EntryRecord:
    entry = EntryRecord.objects.filter(signup=sheet, id=entry_id).first()
    if entry is None:
        raise RuleError(texts.SIGNUP_NO_ENTRY, "no_entry")
    return entry


def set_confirmed(sheet_id: str, entry_id: int, confirmed: bool, actor: str) -> None:
    """Confirm (确认) an entry, or take the confirmation back."""
    sheet = _open(sheet_id)
    with transaction.atomic():
        entry = _entry(sheet, entry_id)
        if entry.removed:
            raise RuleError(texts.SIGNUP_NO_ENTRY, "no_entry")
        _log(sheet, "confirmed" if confirmed else "unconfirmed", {"name": entry.name}, actor)
        EntryRecord.objects.filter(id=entry.id).update(confirmed=confirmed)


def set_removed(sheet_id: str, entry_id: int, removed: bool, actor: str) -> None:
    """Remove (移除) an entry from the sign-up, or put it back at the end of the order."""
    sheet = _open(sheet_id)
    with transaction.atomic():
        entry = _entry(sheet, entry_id)
        _log(sheet, "removed" if removed else "restored", {"name": entry.name}, actor)
        change: dict[str, Any] = {"removed": removed, "confirmed": False}
        if not removed:
            last = EntryRecord.objects.filter(signup=sheet).aggregate(m=Max("place"))["m"] or 0
            change["place"] = last + 1
        EntryRecord.objects.filter(id=entry.id).update(**change)


def set_order(sheet_id: str, names: list[str], actor: str) -> None:
    """Set the seat order: ``names`` lists the entries (each once) in their new order; entries
    it leaves out keep their order after them. RuleError: a name that has not signed up."""
    sheet = _open(sheet_id)
    current = entries(sheet_id)
    by_name = {e.name: e for e in current}
    wanted = [n.strip() for n in names if n.strip()]
    unknown = [n for n in wanted if n not in by_name]
    if unknown:
        raise RuleError(texts.SIGNUP_UNKNOWN.format(names=texts.LIST_SEP.join(unknown)), "unknown")
    if len(set(wanted)) != len(wanted):
        raise RuleError(texts.SIGNUP_ORDER_TWICE, "twice")
    order = wanted + [e.name for e in current if e.name not in wanted]
    with transaction.atomic():
        _log(sheet, "ordered", {"order": order}, actor)
        _place(current, order)


def shuffled_order(names: list[str], seed: str) -> list[str]:
    """The order a shuffle gives: ``names`` (in their order before it) shuffled by a generator
    seeded with ``seed`` (the log keeps both, so anyone can draw it again)."""
    order = list(names)
    random.Random(int(seed)).shuffle(order)
    return order


def shuffle(sheet_id: str, actor: str) -> list[str]:
    """Shuffle the seat order (打乱座位): one random draw, recorded with its seed and result."""
    sheet = _open(sheet_id)
    current = entries(sheet_id)
    before = [e.name for e in current]
    seed = str(secrets.randbits(SHUFFLE_BITS))
    order = shuffled_order(before, seed)
    with transaction.atomic():
        _log(sheet, "shuffled", {"before": before, "seed": seed, "order": order}, actor)
        _place(current, order)
    return order


def _place(current: list[EntryRecord], order: list[str]) -> None:
    by_name = {e.name: e for e in current}
    for place, name in enumerate(order, start=1):
        EntryRecord.objects.filter(id=by_name[name].id).update(place=place)


def from_thread(sheet_id: str, pages: list[str], actor: str) -> tuple[list[str], list[str]]:
    """Sign up every author whose floor of the forum thread replies 【报名】 (the first such floor
    of each; the thread's first floor is the director's post). The names added, and those
    already signed up. ThreadError: the text is not a thread."""
    _open(sheet_id)
    posts = threads.parse_any([inputs.without_controls(page) for page in pages])
    host = posts[0].author if posts and posts[0].floor <= 1 else None
    added: list[str] = []
    known: list[str] = []
    seen: set[str] = set()
    for post in posts:
        if post.floor <= 1 or post.author == host or post.author in seen or post.hidden is not None:
            continue
        if SIGNUP_WORD not in (post.words if post.words is not None else post.body):
            continue
        seen.add(post.author)
        try:
            register(sheet_id, post.author, source="forum", floor=post.floor)
            added.append(post.author)
        except RuleError as e:
            if e.code != "twice":
                raise
            known.append(post.author)
    if added:
        with transaction.atomic():
            _log(SignupRecord.objects.get(id=sheet_id), "thread", {"added": added}, actor)
    return added, known


def deal(sheet_id: str, actor: str, now: datetime | None = None) -> Created:
    """Deal the game (发牌) to the confirmed entries in their order; each entry learns its seat.
    RuleError: not as many confirmed entries as the game has seats, or dealt already. A start
    time that passed while the sign-up was open becomes now (the clock would otherwise close
    stage after stage at once)."""
    sheet = _open(sheet_id)
    confirmed = [e for e in entries(sheet_id) if e.confirmed]
    need = player_count(sheet)
    if len(confirmed) != need:
        raise RuleError(texts.SIGNUP_COUNT.format(need=need, have=len(confirmed)), "count")
    options = dict(sheet.options)
    now = now or timezone.now()
    start = options.get("start_at")
    if start and clock.parse_moment(start, clock.game_zone(sheet.timezone)) < now:
        options["start_at"] = clock.local(now, clock.game_zone(sheet.timezone)).isoformat()
    with transaction.atomic():
        held = SignupRecord.objects.select_for_update().get(id=sheet_id)
        if held.game_id is not None:
            raise RuleError(texts.SIGNUP_DEALT, "dealt")
        created = SERVICE.create(
            sheet.ruleset,
            [e.name for e in confirmed],
            options=options,
            owner=sheet.owner,
            variant_yaml=sheet.variant_yaml,
            game_timezone=sheet.timezone,
        )
        if sheet.label:
            type(created.record).objects.filter(id=created.record.id).update(label=sheet.label)
        for seat, entry in enumerate(confirmed):
            EntryRecord.objects.filter(id=entry.id).update(seat=seat)
        SignupRecord.objects.filter(id=sheet_id).update(game=created.record)
        _log(
            sheet,
            "dealt",
            {"game": created.record.id, "order": [e.name for e in confirmed]},
            actor,
        )
    return created


def log(sheet_id: str) -> list[SignupLogRecord]:
    """The sign-up's log, in order."""
    return list(SignupLogRecord.objects.filter(signup_id=sheet_id).order_by("seq"))
