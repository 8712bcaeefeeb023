"""Pages, commands and the store over long games: what day 14 costs against day 1.

Builds M103 games of about 100, 5,000 and 20,000 events through the service layer, as a busy
two-week game runs (the stages closed evenly over 14 game days; of the players' commands about 60%
team-chat lines, 40% discussion-thread posts), on its own database (SQLite in a temporary folder;
PostgreSQL when BANSHA_DATABASE_URL is set, e.g. inside ``scripts/with-postgres``). Then, in
rounds that take the games in turn (so the machine's noise falls on every size alike), it times in
process, through Django's handler (middleware included, no HTTP server):

- a player's page (a member of the team chat), the public page, the discussion thread's newest
  page, the director's console;
- a team-chat line submitted through the service (``GameService.submit``);
- a cold load (the game dropped from the process's cache and loaded from the store), after the
  rounds (a game loaded afresh has its views and folds read again: the pages' first requests);
- before the rounds, each page's first request on the freshly built game (the viewer's views
  and the console's folds read from the whole stream once: what a page pays on a miss), apart;

and it reads the store's bytes per event (events and command log, as the database keeps them).
Prints Markdown tables of p50/p99 in milliseconds, and each size's ratio to the smallest game
(p50 and p99) and the largest's to the next (a 5,000-event game's day fills the thread's pages as
a 20,000-event game's does; the 100-event game's day has hardly a floor).

    .venv/bin/python benchmarks/long_game.py --rounds 40
    scripts/with-postgres .venv/bin/python benchmarks/long_game.py --rounds 40
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import Any

from inprocess import NAMES, prepare

DAYS = 14
WORDS = "今天我觉得这位玩家昨晚的发言很有道理大家怎么看还是再观察一下吧"


def line(rng: random.Random, n: int) -> str:
    """A chat line or a post of 10–40 characters, never read as a vote post."""
    size = rng.randrange(10, 40)
    return "".join(rng.choice(WORDS) for _ in range(size)) + f"（{n}）"


def build(
    service: Any,
    events: int,
    seed: int = 7,
    owner: Any = None,
    bulk: bool = False,
    variant_yaml: str = "",
) -> tuple[str, dict]:
    """An M103 game of about ``events`` events: its stages closed evenly over 14 game days,
    between them team-chat lines (60%) and thread posts (40%). Its id and link tokens.

    Each command goes through the service (its append and command-log row), or with ``bulk`` is
    decided by the service's cached game and its events appended to the store 500 commands at a
    time (the same events and the same game, faster to make; no command-log rows). With
    ``variant_yaml``, a game of that variant file's text (extending M103)."""
    from bansha.engine import Close, Post, RuleError, Say
    from bansha.store import events as store

    rng = random.Random(seed)
    created = service.create("m103", NAMES, seed=seed, owner=owner, variant_yaml=variant_yaml)
    gid = created.record.id
    game = service.load(gid)
    stored = len(game.events)
    n = 0

    def submit(cmd: Any, key: str, actor: str) -> None:
        nonlocal stored
        if not bulk:
            service.submit(gid, cmd, key=key, actor=actor)
            return
        game.handle(cmd)
        if n % 500 == 0 or game.state.ended:
            stored = store.append(gid, stored, game.events[stored:], head=service._head(game))

    def close_once() -> None:
        nonlocal n
        n += 1
        submit(Close(), f"close-{n}", "director")

    while True:
        game = service.load(gid) if not bulk else game
        s = game.state
        if s.ended or len(game.events) >= events:
            break
        due_day = 1 + DAYS * len(game.events) // max(events, 1)
        if s.day < due_day or ("讨论" not in s.stage and rng.random() < 0.2):
            close_once()
            continue
        n += 1
        alive = [p.seat for p in s.players if p.alive]
        groups = [(g, [m for m in members if m in alive]) for g, members in s.groups.items()]
        groups = [(g, m) for g, m in groups if m]
        if groups and rng.random() < 0.6:
            group, members = rng.choice(groups)
            cmd: Any = Say(rng.choice(members), group, line(rng, n), None)
        else:
            cmd = Post(rng.choice(alive), line(rng, n), None, None)
        try:
            submit(cmd, f"c{n}", "bench")
        except RuleError:
            close_once()
    if bulk and stored < len(game.events):
        store.append(gid, stored, game.events[stored:], head=service._head(game))
    return gid, created.tokens


def store_bytes(gid: str) -> tuple[int, int, int]:
    """Bytes the database keeps for the game's events and command log (their rows' columns, as
    stored), and the number of events."""
    from django.db import connection

    from bansha.store.models import CommandRecord, EventRecord

    ev, cmd = EventRecord._meta.db_table, CommandRecord._meta.db_table
    pg = connection.vendor == "postgresql"
    size = "pg_column_size({})" if pg else "length(CAST({} AS BLOB))"
    ev_cols = " + ".join(size.format(c) for c in ("kind", "data", "audience"))
    cmd_cols = " + ".join(size.format(c) for c in ('"key"', "digest", "actor", "kind", "payload"))
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*), sum({ev_cols}) FROM {ev} WHERE game_id = %s", [gid])
        count, events = cursor.fetchone()
        cursor.execute(f"SELECT coalesce(sum({cmd_cols}), 0) FROM {cmd} WHERE game_id = %s", [gid])
        (commands,) = cursor.fetchone()
    return int(events), int(commands), int(count)


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile (0–1) of the values."""
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))]


def main() -> None:
    """Build the games, time each kind of request in rounds, print the tables."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="100,5000,20000")
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument(
        "--bulk-above", type=int, default=2000, help="games larger than this are built in bulk"
    )
    args = ap.parse_args()

    director, owner = prepare("bansha-long-")
    from django.conf import settings
    from django.test import Client

    import bansha
    from bansha.engine import Post, Say
    from bansha.service.games import SERVICE

    games = []
    for size in (int(s) for s in args.sizes.split(",")):
        start = time.perf_counter()
        gid, tokens = build(SERVICE, size, owner=owner, bulk=size > args.bulk_above)
        game = SERVICE.load(gid)
        seat = game.state.groups["assassins"][0]
        browser = Client()
        browser.get(f"/g/{gid}/join/{tokens[seat]}")
        games.append((size, gid, seat, browser, len(game.events), game.state.day))
        print(
            f"built {len(game.events)} events (day {game.state.day}) in "
            f"{time.perf_counter() - start:.0f} s",
            file=sys.stderr,
            flush=True,
        )
    # a fresh game whose day has two full pages of floors (the long games' days have
    # hundreds; the smallest game's day hardly one): the thread page with the same page to show
    full, full_tokens = build(SERVICE, int(args.sizes.split(",")[0]), seed=8, owner=owner)
    full_game = SERVICE.load(full)
    living = [p.seat for p in full_game.state.players if p.alive]
    for n in range(100):  # two full pages: the newest shows 50, with the pager
        SERVICE.submit(full, Post(living[n % len(living)], line(random.Random(n), n), None, None))
    full_browser = Client()
    full_browser.get(f"/g/{full}/join/{full_tokens[living[0]]}")
    full_day = SERVICE.load(full).state.day
    full_floors = SERVICE.load(full).state.floors.get(full_day, 0)
    samples: dict[tuple[str, int], list[float]] = {}

    def timed(kind: str, size: int, call: Any, *args: Any, **kwargs: Any) -> None:
        start = time.perf_counter()
        call(*args, **kwargs)
        samples.setdefault((kind, size), []).append((time.perf_counter() - start) * 1000)

    pages = ("player page", "public page", "thread page", "director page")

    def get(kind: str, gid: str, browser: Any) -> tuple[Any, str]:
        if kind == "player page":
            return browser.get, f"/g/{gid}/me"
        if kind == "public page":
            return Client().get, f"/g/{gid}/"
        if kind == "thread page":
            return browser.get, f"/g/{gid}/thread"
        return director.get, f"/g/{gid}/director"

    first: dict[tuple[str, int], float] = {}
    for size, gid, _, browser, _, _ in games:
        for kind in pages:
            call, url = get(kind, gid, browser)
            start = time.perf_counter()
            call(url)
            first[(kind, size)] = (time.perf_counter() - start) * 1000
    for r in range(args.rounds):
        for size, gid, seat, browser, _, _ in games:
            browser.cookies.pop("messages", None)
            for kind in pages:
                if kind != "director page" or r % 4 == 0:
                    timed(kind, size, *get(kind, gid, browser))
            say = Say(seat, "assassins", f"第{r}轮的消息", None)
            timed("submit (chat)", size, SERVICE.submit, gid, say, key=f"r{r}")
        timed("thread page, full day", 0, full_browser.get, f"/g/{full}/thread")
    for _ in range(max(1, args.rounds // 4)):  # apart: a game loaded afresh reads its views again
        for size, gid, *_ in games:
            SERVICE._cache.pop(gid, None)
            timed("cold load", size, SERVICE.load, gid)
    print(
        f"{settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}, compiled engine: "
        f"{bansha.COMPILED}, {args.rounds} rounds\n"
    )
    sizes = [g[0] for g in games]
    header = " | ".join(f"{g[4]:,} events (day {g[5]}) p50 / p99" for g in games)
    print(f"| request | {header} | largest / smallest, p50 / p99 | largest / next, p50 / p99 |")
    print("|---|" + "---:|" * (len(games) + 2))
    full_page = samples.pop(("thread page, full day", 0))
    kinds = dict.fromkeys(k for k, _ in samples)
    for kind in kinds:
        cells = []
        for size in sizes:
            values = samples[(kind, size)]
            cells.append(f"{statistics.median(values):.2f} / {pct(values, 0.99):.2f}")
        for small in (sizes[0], sizes[-2] if len(sizes) > 1 else sizes[0]):
            big, low = samples[(kind, sizes[-1])], samples[(kind, small)]
            p50 = statistics.median(big) / statistics.median(low)
            cells.append(f"{p50:.2f} / {pct(big, 0.99) / pct(low, 0.99):.2f}")
        print(f"| {kind} | {' | '.join(cells)} |")
    largest = samples[("thread page", sizes[-1])]
    print(
        f"\nthread page of a fresh game ({len(SERVICE.load(full).events)} events, day {full_day}) "
        f"whose day has {full_floors} floors: {statistics.median(full_page):.2f} / "
        f"{pct(full_page, 0.99):.2f}; the largest game's to it: "
        f"{statistics.median(largest) / statistics.median(full_page):.2f} / "
        f"{pct(largest, 0.99) / pct(full_page, 0.99):.2f}"
    )
    print("\n| first request after the build (ms) | " + " | ".join(f"{s:,}" for s in sizes) + " |")
    print("|---|" + "---:|" * len(sizes))
    for kind in pages:
        print(f"| {kind} | " + " | ".join(f"{first[(kind, s)]:.2f}" for s in sizes) + " |")
    print("\n| game | events | store bytes per event (events / command log) |")
    print("|---|---:|---:|")
    for size, gid, *_ in games:
        events, commands, count = store_bytes(gid)
        print(f"| {size:,} | {count:,} | {events / count:.0f} / {commands / count:.0f} |")


if __name__ == "__main__":
    main()
