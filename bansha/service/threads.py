"""A game's forum thread: imported by the director (saved pages, pasted text, an address), or
watched — the director gives its address once and bansha reads it on a schedule and on demand.

A watched thread is read from its last known page on (so new pages are followed as they appear
and earlier floors are not fetched again); every floor read is kept (``WatchedFloor``), so the
whole thread is rebuilt from what was kept and read against the game as an import is: the vote
posts of the current vote stage are submitted with a key of their own post (its pid), so a floor
is counted once however often it is read, an edited floor is shown with what changed and is not
counted again, and a floor the forum deleted or hid is shown as such. A failed read (the forum
down, a page refused) changes nothing and is shown; the next read tries again. Several workers
may run: a read is claimed by moving its due time first, so one read happens per schedule.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.db import transaction
from django.utils import timezone

from bansha import texts
from bansha.engine import clock
from bansha.engine.errors import RuleError
from bansha.forum import dates, imports
from bansha.forum.errors import ThreadError
from bansha.forum.fetching import fetch_pages
from bansha.forum.posts import Post, changed, from_json, gaps, narrower, to_json
from bansha.forum.threads import Thread, read_pages
from bansha.service import inputs, links
from bansha.service.games import SERVICE, GameService
from bansha.store.models import CommandRecord, GameRecord, PostSnapshot, WatchedFloor, WatchedThread

EVERY = (5, 10, 15, 30, 60, 120)
"""The schedules a director may choose, in minutes."""
HISTORY = 20
"""How many reads a watched thread remembers."""
RECHECK_PAGES = 1
"""Pages before the last known one read again each time (edits of the latest floors)."""


def _loopback() -> bool:
    """Tests serve their forum on 127.0.0.1; private ranges stay refused even then."""
    return os.environ.get("BANSHA_FETCH_LOOPBACK") == "1"


# ---------------------------------------------------------------------- an import
def vote_key(line: imports.VoteLine, post: Post | None, at: datetime | None) -> str:
    """The command key of a vote post: its pid (a floor is counted once however often, and however
    its shown time reads), else its author and time."""
    if post is not None and post.pid:
        return f"forum:{post.pid}"
    return f"post:{line.author}:{at.isoformat() if at else line.floor}"


def import_posts(
    service: GameService, game_id: str, thread: Thread, count_votes: bool
) -> imports.ThreadReport:
    """Read a thread against the game; with ``count_votes``, submit its vote posts of the current
    vote stage as the players' votes (each once, however often the thread is read)."""
    record = GameRecord.objects.get(id=game_id)
    with service.reading(game_id) as game:
        report, votes = imports.read_thread(game, thread, ZoneInfo(record.timezone))
    by_floor = {p.floor: p for p in thread.posts}
    for line, vote in votes:
        if not count_votes:
            line.outcome = texts.THREAD_LINE_PREVIEW
            continue
        post = by_floor.get(line.floor)
        key = vote_key(line, post, vote.at)
        old = f"post:{line.author}:{vote.at.isoformat() if vote.at else line.floor}"
        if key != old and CommandRecord.objects.filter(game_id=game_id, key=old).exists():
            line.outcome = texts.THREAD_LINE_BEFORE  # imported before posts were keyed by pid
            continue
        try:
            landed = service.submit(game_id, vote, key=key, actor="forum")
            line.outcome = texts.THREAD_LINE_COUNTED if landed else texts.THREAD_LINE_BEFORE
        except RuleError as e:  # form_reused: the post was edited since (flagged below)
            if e.code == "form_reused":
                line.outcome = texts.THREAD_LINE_BEFORE
            else:
                line.outcome = texts.THREAD_LINE_REFUSED.format(why=e.message)
                line.void, line.rule = e.message, e.code
    with service.reading(game_id) as game:
        report.proposals = imports.proposals(game, report, thread.posts)
        report.checks = imports.checks(game, report, thread.posts)
    return report


def import_thread(
    game_id: str,
    pages: list[str],
    count_votes: bool,
    order: dates.Order | None = None,
    service: GameService = SERVICE,
) -> imports.ThreadReport:
    """Read a forum thread (saved pages or pasted text) against the game (``import_posts``);
    a post changed since the last import is flagged.

    ThreadError: the text is not a thread."""
    thread = read_pages([inputs.without_controls(page) for page in pages], order=order)
    report = import_posts(service, game_id, thread, count_votes)
    report.flags += compare_snapshots(GameRecord.objects.get(id=game_id), thread.posts)
    return report


def compare_snapshots(record: GameRecord, posts: list[Post]) -> list[imports.Flag]:
    """Keep each post as read now; flag posts whose text changed since the last import."""
    now = timezone.now()
    keys = {(p.pid or f"{p.author}@{p.time.isoformat() if p.time else p.floor}"): p for p in posts}
    before = {s.key: s for s in PostSnapshot.objects.filter(game=record)}
    flags: list[imports.Flag] = []
    changed: list[PostSnapshot] = []
    new: list[PostSnapshot] = []
    for key, p in keys.items():
        old = before.get(key)
        if old is None:
            new.append(
                PostSnapshot(
                    game=record,
                    key=key,
                    floor=p.floor,
                    author=p.author,
                    text=p.text,
                    imported_at=now,
                )
            )
        elif old.text != p.text:
            flags.append(imports.Flag(p.floor, p.author, texts.THREAD_CHANGED_SINCE))
            old.text, old.imported_at = p.text, now
            changed.append(old)
    with transaction.atomic():
        PostSnapshot.objects.bulk_create(new, batch_size=500, ignore_conflicts=True)
        PostSnapshot.objects.bulk_update(changed, ["text", "imported_at"], batch_size=500)
    return flags


# ---------------------------------------------------------------------- a watched thread
@dataclass
class Read:
    """What one read of a watched thread found."""

    at: datetime
    pages: int = 0
    new: list[int] | None = None
    changes: list[str] | None = None
    counted: int = 0
    error: str = ""
    report: imports.ThreadReport | None = None

    def summary(self) -> dict[str, object]:
        """The read as the console's history keeps it."""
        return {
            "at": self.at.isoformat(),
            "pages": self.pages,
            "new": self.new or [],
            "changes": self.changes or [],
            "counted": self.counted,
            "error": self.error,
        }


def watch(
    game_id: str, url: str, cookie: str, every: int, order: str = "", count_votes: bool = True
) -> WatchedThread:
    """Start (or change) watching the game's thread at ``url``, read every ``every`` minutes; the
    first read is due at once. The address and cookie are checked before anything is kept."""
    from bansha.forum.fetching import checked_cookie, checked_url

    if every not in EVERY:
        raise ThreadError(
            texts.WATCH_BAD_EVERY.format(choices=texts.LIST_SEP.join(map(str, EVERY)))
        )
    if order and order not in dates.ORDERS:
        raise ThreadError(texts.THREAD_READ_BAD_ORDER.format(value=order))
    checked_url(url)
    sealed = links.seal(checked_cookie(cookie)) if cookie.strip() else ""
    record = GameRecord.objects.get(id=game_id)
    watched, _ = WatchedThread.objects.update_or_create(
        game=record,
        defaults={
            "url": url.strip(),
            "cookie": sealed,
            "every_minutes": every,
            "date_order": order,
            "count_votes": count_votes,
            "active": True,
            "next_due": timezone.now(),
        },
    )
    return watched


def stop(game_id: str) -> None:
    """Stop reading the game's thread on a schedule (what was read is kept)."""
    WatchedThread.objects.filter(game_id=game_id).update(active=False)


def _key(p: Post) -> str:
    return p.pid or f"floor{p.floor}"


def keep(record: GameRecord, posts: list[Post], now: datetime) -> tuple[list[int], list[str]]:
    """Keep the floors read (``WatchedFloor``): (the new floors, what changed in floors read
    before)."""
    kept = {f.key: f for f in WatchedFloor.objects.filter(game=record)}
    new: list[WatchedFloor] = []
    updated: list[WatchedFloor] = []
    fresh: list[int] = []
    changes: list[str] = []
    for p in posts:
        old = kept.get(_key(p))
        if old is None:
            new.append(
                WatchedFloor(
                    game=record, key=_key(p), floor=p.floor, data=to_json(p), first_seen=now
                )
            )
            fresh.append(p.floor)
            continue
        before = from_json(old.data)
        p = narrower(before, p)
        what = changed(before, p)
        if what is not None:
            changes.append(what)
            old.changed_at = now
        if what is not None or to_json(p) != old.data:
            old.data, old.floor = to_json(p), p.floor
            updated.append(old)
    with transaction.atomic():
        WatchedFloor.objects.bulk_create(new, batch_size=500, ignore_conflicts=True)
        WatchedFloor.objects.bulk_update(updated, ["data", "floor", "changed_at"], batch_size=500)
    return sorted(fresh), changes


def kept_thread(record: GameRecord) -> Thread:
    """The watched thread rebuilt from every floor kept."""
    posts = sorted(
        (from_json(f.data) for f in WatchedFloor.objects.filter(game=record)),
        key=lambda p: (p.floor, p.pid or ""),
    )
    return Thread(posts, gaps(posts))


def read_now(
    game_id: str,
    now: datetime | None = None,
    service: GameService = SERVICE,
    full: bool = False,
) -> Read:
    """Read the watched thread once: from the page before its last known one on (``full``: every
    page, edits of early floors included), keep what was read, then read the whole kept thread
    against the game. A failure is kept in the history and changes nothing else."""
    now = now or timezone.now()
    watched = WatchedThread.objects.select_related("game").get(game_id=game_id)
    record = watched.game
    read = Read(now)
    try:
        cookie = links.unseal(watched.cookie) or "" if watched.cookie else ""
        start = 1 if full else max(1, watched.pages - RECHECK_PAGES)
        pages, total = fetch_pages(watched.url, cookie, _loopback(), start=start)
        order = dates.order_named(watched.date_order)
        thread = read_pages([inputs.without_controls(p) for p in pages], now, order)
        imports.localize(thread.posts, ZoneInfo(record.timezone))
        read.pages = total
        read.new, read.changes = keep(record, thread.posts, now)
        whole = kept_thread(record)
        whole.orders = thread.orders
        report = import_posts(service, game_id, whole, watched.count_votes)
        read.counted = sum(1 for v in report.votes if v.outcome == texts.THREAD_LINE_COUNTED)
        read.report = report
    except ThreadError as e:
        read.error = str(e)
    history = [read.summary(), *watched.history][:HISTORY]
    fields = {"last_read": now, "history": history, "last_error": read.error}
    if not read.error:
        fields["pages"] = read.pages
    WatchedThread.objects.filter(pk=watched.pk).update(**fields)
    return read


def claim(watched: WatchedThread, now: datetime) -> bool:
    """Claim a due read: move its due time on, if no other worker did first."""
    moved = WatchedThread.objects.filter(pk=watched.pk, next_due=watched.next_due).update(
        next_due=now + timedelta(minutes=watched.every_minutes)
    )
    return moved == 1


def read_due(now: datetime | None = None, service: GameService = SERVICE) -> int:
    """Read every watched thread whose time has come (safe with several workers running)."""
    now = now or timezone.now()
    done = 0
    due = WatchedThread.objects.filter(active=True, next_due__lte=now, game__ended=False)
    for watched in list(due):
        if claim(watched, now):
            read_now(watched.game_id, now, service)
            done += 1
    return done


def console(record: GameRecord) -> dict[str, object] | None:
    """What the console shows of the game's watched thread: its address, schedule, when it was
    last read and what the last reads found (times in the game's zone)."""
    watched = WatchedThread.objects.filter(game=record).first()
    if watched is None:
        return None
    zone = record.timezone
    reads = [
        {
            **entry,
            "when": clock.format_moment(str(entry["at"]), zone),
        }
        for entry in watched.history
    ]
    return {
        "url": watched.url,
        "every": watched.every_minutes,
        "order": watched.date_order,
        "active": watched.active,
        "cookie": bool(watched.cookie),
        "last_read": clock.format_moment(watched.last_read, zone) if watched.last_read else "",
        "next_due": clock.format_moment(watched.next_due, zone) if watched.active else "",
        "error": watched.last_error,
        "pages": watched.pages,
        "floors": WatchedFloor.objects.filter(game=record).count(),
        "reads": reads,
    }
