"""``bansha thread read`` and ``bansha thread watch``: a forum thread read from saved pages or
addresses, for directors who keep the game on the forum. The console's own reader (``page_text``,
``fetch``, ``read_pages``), vote posts read and decided as bansha's own thread decides them
(``mechanics.thread_tally``), and the checks every reading shares (``thread_checks``).

A floor whose time cannot be read is listed with its raw text, never dropped; ``thread read``
then exits with status 3 naming the floors (also when a time rule could not be applied to a vote
post), unless ``--allow-unknown-times`` is given.
"""

from __future__ import annotations

import json
import os
import re
from datetime import datetime, tzinfo
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from bansha import cli_words, texts
from bansha.engine import clock
from bansha.engine.errors import RuleError
from bansha.forum import collection, dates
from bansha.forum.charset import page_text
from bansha.forum.fetching import fetch
from bansha.forum.imports import describe, localize, written_posts
from bansha.forum.posts import changed, gaps, narrower, to_json
from bansha.forum.threads import Post, Thread, ThreadError, read_pages
from bansha.mechanics.thread_tally import (
    ChangeRules,
    Check,
    CountedPost,
    Weights,
    tally_thread,
    thread_checks,
)
from bansha.terminal import Output, say

thread_app = typer.Typer(
    cls=cli_words.Group,
    help=texts.CLI_THREAD_HELP,
    no_args_is_help=True,
    options_metavar=texts.CLI_OPTIONS_METAVAR,
    subcommand_metavar=texts.CLI_COMMAND_METAVAR,
)
console = Output()
errors = Output(stderr=True)
"""Where ``thread read`` says why it exits with status 3 (stdout stays the floors or the JSON)."""
UNKNOWN_TIMES_EXIT = 3
"""``thread read``'s exit status when a floor's time could not be read or judged."""

RulesetOption = Annotated[
    str | None, typer.Option(help=texts.CLI_THREAD_RULESET, metavar=texts.CLI_RULESET_METAVAR)
]
PlayersOption = Annotated[
    str | None,
    typer.Option(help=texts.CLI_THREAD_PLAYERS, metavar=texts.CLI_THREAD_PLAYERS_METAVAR),
]
ZoneOption = Annotated[
    str, typer.Option(help=texts.CLI_THREAD_TZ, metavar=texts.CLI_THREAD_TZ_METAVAR)
]
CloseOption = Annotated[
    str | None, typer.Option(help=texts.CLI_THREAD_CLOSE, metavar=texts.CLI_THREAD_CLOSE_METAVAR)
]
OrderOption = Annotated[
    str | None,
    typer.Option(
        "--date-order", help=texts.CLI_THREAD_DATE_ORDER, metavar=texts.CLI_THREAD_ORDER_METAVAR
    ),
]
"""The options ``thread read`` and ``thread watch`` share."""


def read_sources(sources: list[str]) -> list[str]:
    """The text of each saved page (a file) or every page of each address, in the order given."""
    pages: list[str] = []
    for source in sources:
        if source.startswith(("http://", "https://")):
            loopback = os.environ.get("BANSHA_FETCH_LOOPBACK") == "1"
            pages += fetch(source, os.environ.get("BANSHA_FORUM_COOKIE", ""), loopback)
            continue
        path = Path(source)
        if path.is_dir():
            raise ThreadError(texts.THREAD_FILE_IS_FOLDER.format(name=source))
        if not path.exists():
            raise ThreadError(texts.THREAD_FILE_MISSING.format(name=source))
        try:
            data = path.read_bytes()
        except OSError as e:
            raise ThreadError(texts.THREAD_FILE_UNREADABLE.format(name=source)) from e
        pages.append(page_text(data, source))
    return pages


ROSTER_SEP = re.compile(f"[{re.escape(texts.ROSTER_SEPARATORS)}]")
"""What separates a roster's names (commas full-width or not, or the list's own mark)."""


def roster_of(players: str) -> list[str]:
    """The living players as given: 「甲,乙,丙」 (commas full-width or not, or 「、」)."""
    roster = [n.strip() for n in ROSTER_SEP.split(players) if n.strip()]
    for name in roster:
        if roster.count(name) > 1:
            raise ThreadError(texts.THREAD_READ_PLAYER_TWICE.format(name=name))
    return roster


def date_order(value: str | None) -> dates.Order | None:
    """The ``--date-order`` given: ``dmy`` (日/月/年) or ``mdy`` (月/日/年)."""
    if value is None:
        return None
    named = dates.order_named(value)
    if named is None:
        raise ThreadError(texts.THREAD_READ_BAD_ORDER.format(value=value))
    return named


def _iso(t: datetime | None) -> str | None:
    return t.isoformat() if t is not None else None


def vote_json(v: CountedPost) -> dict[str, Any]:
    """A vote post as ``--json`` prints it."""
    return {
        "floor": v.floor,
        "by": v.by,
        "kind": texts.THREAD_READ_KINDS[v.kind],
        "for": v.target,
        "intended": v.intended,
        "reason": v.reason,
        "void": v.void,
        "unjudged": v.unjudged,
        "warnings": list(v.warnings),
    }


def check_json(c: Check) -> dict[str, Any]:
    """A check as ``--json`` prints it."""
    return {"floor": c.floor, "author": c.author, "kind": c.kind, "reason": c.reason}


def read_votes(
    posts: list[Post],
    ruleset: str,
    roster: list[str],
    close: datetime | None,
    zone_name: str,
    sheriff: str | None = None,
    barred: tuple[str, ...] = (),
) -> tuple[list[CountedPost], dict[str, float], list[Check]]:
    """Every vote post, the standing tally under the rule set's change rules (each ballot weighed
    as the rule set's day tally weighs it: ``sheriff``'s 1.5 votes; ``barred`` players have lost
    their vote), and the checks every thread reading shares (the cyclic collector paused, as
    while the thread is read: ``collection.paused``)."""
    with collection.paused():
        return _read_votes(posts, ruleset, roster, close, zone_name, sheriff, barred)


def _read_votes(
    posts: list[Post],
    ruleset: str,
    roster: list[str],
    close: datetime | None,
    zone_name: str,
    sheriff: str | None,
    barred: tuple[str, ...],
) -> tuple[list[CountedPost], dict[str, float], list[Check]]:
    from bansha.rulesets import find_ruleset

    rs = find_ruleset(ruleset)
    if not rs.data.get("vote_stages"):
        raise ThreadError(
            texts.THREAD_READ_NO_THREAD_VOTES.format(ruleset=rs.data.get("title", ruleset))
        )
    thread_rules = rs.data.get("thread", {})
    written = written_posts(posts)
    rules = ChangeRules.of(rs.options, thread_rules, close, zone_name)
    title = rs.data.get("title", ruleset)
    if sheriff is not None and not rs.weighted_statuses():
        raise ThreadError(texts.THREAD_READ_NO_SHERIFF.format(ruleset=title))
    for name in (*([sheriff] if sheriff is not None else []), *barred):
        if name not in roster:
            raise ThreadError(texts.THREAD_READ_NOT_A_PLAYER.format(name=name))
    seat = None if sheriff is None else roster.index(sheriff)
    weights = Weights.of(rs, roster, seat, [roster.index(n) for n in barred])
    lines, counts = tally_thread(written, roster, thread_rules, rules, weights)
    tally = {texts.THREAD_READ_ABSTAIN if k is None else k: n for k, n in counts.items()}
    return lines, tally, thread_checks(written, lines, thread_rules, close, zone_name)


@thread_app.command(
    "read",
    cls=cli_words.Command,
    help=texts.CLI_THREAD_READ_HELP,
    options_metavar=texts.CLI_OPTIONS_METAVAR,
)
def read(
    sources: Annotated[
        list[str],
        typer.Argument(help=texts.CLI_THREAD_SOURCES, metavar=texts.CLI_THREAD_SOURCES_METAVAR),
    ],
    ruleset: RulesetOption = None,
    players: PlayersOption = None,
    tz: ZoneOption = clock.DEFAULT_ZONE,
    close: CloseOption = None,
    sheriff: Annotated[
        str | None,
        typer.Option(help=texts.CLI_THREAD_SHERIFF, metavar=texts.CLI_THREAD_PLAYER_METAVAR),
    ] = None,
    no_vote: Annotated[
        str | None,
        typer.Option(help=texts.CLI_THREAD_NO_VOTE, metavar=texts.CLI_THREAD_PLAYERS_METAVAR),
    ] = None,
    order: OrderOption = None,
    allow_unknown: Annotated[
        bool, typer.Option("--allow-unknown-times", help=texts.CLI_THREAD_ALLOW_UNKNOWN)
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help=texts.CLI_THREAD_JSON)] = False,
) -> None:
    """Read a thread's pages in order: the floors, and with a rule set and players every vote
    post, the standing tally under the rule set's change rules and the checks."""
    try:
        if (ruleset is None) != (players is None):
            raise ThreadError(texts.THREAD_READ_NEEDS_BOTH)
        if ruleset is None and (sheriff is not None or no_vote is not None):
            raise ThreadError(texts.THREAD_READ_WEIGHTS_NEED_RULESET)
        zone = clock.game_zone(tz)
        deadline = clock.parse_moment(close, zone) if close else None
        thread = read_pages(read_sources(sources), order=date_order(order))
        posts = thread.posts
        localize(posts, zone)
        lines: list[CountedPost] = []
        tally: dict[str, float] = {}
        found: list[Check] = []
        if ruleset is not None and players is not None:
            barred = tuple(roster_of(no_vote)) if no_vote else ()
            roster = roster_of(players)
            lines, tally, found = read_votes(posts, ruleset, roster, deadline, tz, sheriff, barred)
    except (ThreadError, RuleError) as e:
        message = e.message if isinstance(e, RuleError) else str(e)
        say(console, (message, "red"))
        raise typer.Exit(2) from e
    unjudged = [v.floor for v in lines if v.unjudged is not None]
    unknown = [p.floor for p in thread.unknown_times]
    if as_json:
        out = {
            "floors": [to_json(p) for p in posts],
            "missing": [gap.describe() for gap in thread.missing],
            "unknown_times": unknown,
            "votes": [vote_json(v) for v in lines],
            "checks": [check_json(c) for c in found],
            "tally": {name: _number(n) for name, n in tally.items()},
        }
        typer.echo(json.dumps(out, ensure_ascii=False, indent=2))
    else:
        _print(thread, lines, tally, found, voting=ruleset is not None, closed=deadline is not None)
    if (unknown or unjudged) and not allow_unknown:
        floors = texts.LIST_SEP.join(
            texts.FLOOR_NAMED.format(n=n) for n in sorted({*unknown, *unjudged})
        )
        message = texts.THREAD_READ_UNKNOWN_EXIT.format(floors=floors)
        say(errors, (message, "red"))
        raise typer.Exit(UNKNOWN_TIMES_EXIT)


def _number(n: float) -> int | float:
    """A count as JSON and the tally print it: whole numbers without 「.0」 (the sheriff's 1.5
    stays)."""
    return int(n) if float(n).is_integer() else n


def _time(p: Post) -> str:
    if p.time is None:
        return texts.THREAD_READ_NO_TIME.format(shown=p.shown_time)
    if p.time_latest is not None:
        return texts.THREAD_READ_WINDOW.format(
            earliest=p.time.isoformat(), latest=p.time_latest.isoformat(), shown=p.shown_time
        )
    return p.time.isoformat()


def _print(
    thread: Thread,
    lines: list[CountedPost],
    tally: dict[str, float],
    found: list[Check],
    voting: bool,
    closed: bool,
) -> None:
    posts = thread.posts
    table = Table(title=texts.THREAD_READ_FLOORS_TITLE.format(n=len(posts)))
    for col in texts.THREAD_READ_FLOOR_COLUMNS:
        table.add_column(col, overflow="fold")
    for p in posts:
        body = texts.THREAD_READ_HIDDEN.format(notice=p.hidden) if p.hidden else p.body[:80]
        table.add_row(str(p.floor), p.author, _time(p), body)
    console.print(table)
    notes = describe(thread)
    for note in [*notes.orders, *notes.missing, *notes.unknown_times, *notes.hidden]:
        say(console, note)
    if not voting:
        return
    if lines:
        votes = Table(title=texts.THREAD_READ_VOTES_TITLE)
        for col in texts.THREAD_READ_VOTE_COLUMNS:
            votes.add_column(col, overflow="fold")
        for v in lines:
            votes.add_row(
                str(v.floor),
                v.by,
                texts.THREAD_READ_KINDS[v.kind],
                v.target
                or (texts.THREAD_READ_INTENDED.format(name=v.intended) if v.intended else ""),
                v.void or v.reason,
                texts.PROBLEMS_SEP.join([*v.warnings, *([v.unjudged] if v.unjudged else [])]),
            )
        console.print(votes)
    _say_checks_and_tally(found, tally)
    if not closed:
        say(console, texts.THREAD_READ_UNCLOSED)


def _say_checks_and_tally(found: list[Check], tally: dict[str, float]) -> None:
    """The checks, each with its floor and reason, then the standing tally."""
    if found:
        say(console, texts.THREAD_READ_CHECKS_TITLE)
        for c in found:
            check = texts.THREAD_READ_CHECK.format(floor=c.floor, author=c.author, reason=c.reason)
            say(console, check)
    counts = texts.COMMA_SEP.join(
        texts.THREAD_READ_COUNT.format(name=k, n=_number(n)) for k, n in tally.items()
    )
    say(console, texts.THREAD_READ_TALLY.format(counts=counts or texts.THREAD_READ_NO_VOTES))


UNITS = texts.WATCH_UNITS
"""The units ``--every`` may be given in, seconds each."""
EVERY = re.compile(
    r"^\s*(\d{1,5})\s*("
    + "|".join(re.escape(u) for u in sorted(UNITS, key=len, reverse=True))
    + r")?\s*$",
    re.I,
)


def interval(value: str) -> int:
    """``--every``'s seconds: 「10m」「30s」「1h」, or a number of minutes."""
    m = EVERY.match(value)
    if m is None or int(m.group(1)) == 0:
        raise ThreadError(texts.WATCH_BAD_INTERVAL.format(value=value))
    return int(m.group(1)) * UNITS[(m.group(2) or "m").lower()]


class Watcher:
    """A thread read again and again from the command line: the floors kept in memory, new pages
    followed, each floor shown once as new and again only when it changes."""

    def __init__(self, url: str, order: dates.Order | None) -> None:
        self.url = url
        self.order = order
        self.floors: dict[str, Post] = {}
        self.pages = 0

    def read(self, zone: tzinfo) -> tuple[list[Post], list[str]]:
        """One read: (the new floors, what changed in floors read before)."""
        from bansha.forum.fetching import fetch_pages

        loopback = os.environ.get("BANSHA_FETCH_LOOPBACK") == "1"
        cookie = os.environ.get("BANSHA_FORUM_COOKIE", "")
        pages, total = fetch_pages(self.url, cookie, loopback, start=max(1, self.pages - 1))
        thread = read_pages(pages, order=self.order)
        localize(thread.posts, zone)
        self.pages = total
        fresh: list[Post] = []
        changes: list[str] = []
        for p in thread.posts:
            key = p.pid or f"floor{p.floor}"
            old = self.floors.get(key)
            if old is None:
                fresh.append(p)
            else:
                what = changed(old, p)
                if what is not None:
                    changes.append(what)
                p = narrower(old, p)
            self.floors[key] = p
        return fresh, changes

    def thread(self) -> Thread:
        """Every floor read so far."""
        posts = sorted(self.floors.values(), key=lambda p: (p.floor, p.pid or ""))
        return Thread(posts, gaps(posts))


@thread_app.command(
    "watch",
    cls=cli_words.Command,
    help=texts.CLI_THREAD_WATCH_HELP,
    options_metavar=texts.CLI_OPTIONS_METAVAR,
)
def watch(
    url: Annotated[
        str, typer.Argument(help=texts.CLI_WATCH_URL, metavar=texts.CLI_WATCH_URL_METAVAR)
    ],
    every: Annotated[
        str, typer.Option(help=texts.CLI_WATCH_EVERY, metavar=texts.CLI_WATCH_EVERY_METAVAR)
    ] = "10m",
    ruleset: RulesetOption = None,
    players: PlayersOption = None,
    tz: ZoneOption = clock.DEFAULT_ZONE,
    close: CloseOption = None,
    order: OrderOption = None,
    rounds: Annotated[
        int, typer.Option(help=texts.CLI_WATCH_ROUNDS, metavar=texts.CLI_WATCH_ROUNDS_METAVAR)
    ] = 0,
) -> None:
    """Read a thread on a schedule: each read shows the new floors and what changed in floors
    read before, and with a rule set and players the standing tally of every floor read so far."""
    import time

    try:
        if (ruleset is None) != (players is None):
            raise ThreadError(texts.THREAD_READ_NEEDS_BOTH)
        seconds = interval(every)
        zone = clock.game_zone(tz)
        deadline = clock.parse_moment(close, zone) if close else None
        roster = roster_of(players) if players else []
        watcher = Watcher(url, date_order(order))
    except (ThreadError, RuleError) as e:
        message = e.message if isinstance(e, RuleError) else str(e)
        say(console, (message, "red"))
        raise typer.Exit(2) from e
    done = 0
    while True:
        stamp = clock.format_moment(datetime.now(zone), tz)
        try:
            fresh, changes = watcher.read(zone)
        except ThreadError as e:  # the forum down for a while: said, and tried again
            say(console, texts.WATCH_READ_FAILED.format(when=stamp, why=e))
        else:
            done_line = texts.WATCH_READ_DONE.format(
                when=stamp, pages=watcher.pages, new=len(fresh), changed=len(changes)
            )
            say(console, done_line)
            for p in fresh:
                body = p.body[:60].replace("\n", " ")
                new = texts.WATCH_NEW_FLOOR.format(
                    floor=p.floor, author=p.author, time=_time(p), body=body
                )
                say(console, new)
            for what in changes:
                say(console, what)
            if ruleset is not None:
                try:
                    _, tally, found = read_votes(
                        watcher.thread().posts, ruleset, roster, deadline, tz
                    )
                except (ThreadError, RuleError) as e:
                    message = e.message if isinstance(e, RuleError) else str(e)
                    say(console, (message, "red"))
                    raise typer.Exit(2) from e
                _say_checks_and_tally(found, tally)
        done += 1
        if rounds and done >= rounds:
            return
        time.sleep(seconds)
