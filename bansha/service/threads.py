"""A game's forum thread imported by the director (saved pages, pasted text, an address), read
against the game: the vote posts of the current vote stage are submitted with a key of their own
post (its pid), so a floor is counted once however often the thread is imported, and a post changed
since the last import is flagged.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from django.db import transaction
from django.utils import timezone

from bansha import texts
from bansha.engine.errors import RuleError
from bansha.forum import dates, imports
from bansha.forum.posts import Post
from bansha.forum.threads import Thread, read_pages
from bansha.service import inputs
from bansha.service.games import SERVICE, GameService
from bansha.store.models import CommandRecord, GameRecord, PostSnapshot


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
