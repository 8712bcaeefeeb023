"""How long a command's append waits for SQLite's write lock when several writers want it.

Sets up bansha on a SQLite database of its own, then starts PROCESSES processes (as the server's
workers) of THREADS threads each (as their request threads); every thread plays a request loop on
a game of its own: some processor work (``--work`` ms of Python, as a page or a command's
decision), then one append of a team-chat event (``store.append``: the command's transaction,
``BEGIN IMMEDIATE`` … ``COMMIT``). Each append's wall time is recorded. Prints the appends'
median, 99th percentile and longest wait, for bansha's SQLite backend (``bansha.store.sqlite``:
the writers of one process queue on a lock of their own) and, with ``--plain``, for the same
backend without that lock (Django's: every writer meets SQLite's busy handler, which sleeps 1, 2,
5, 10 … ms and tries again).

    .venv/bin/python benchmarks/sqlite_writers.py
    .venv/bin/python benchmarks/sqlite_writers.py --plain
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import threading
import time
from typing import Any

from inprocess import prepare


class _NoLock:
    """A process lock that never waits (Django's SQLite backend as it is)."""

    def acquire(self, timeout: float = -1) -> bool:
        """Taken at once."""
        return True

    def release(self) -> None:
        """Nothing to free."""


def _writers(gids: list[str], appends: int, work: float, plain: bool, out: Any) -> None:
    """One process: a thread per game, each ``appends`` times some work then an append."""
    from django.db import connections

    from bansha.engine import Event
    from bansha.engine.events import PUBLIC
    from bansha.store import events as store
    from bansha.store.sqlite import base

    if plain:
        base.write_lock = lambda name: _NoLock()  # type: ignore[assignment,return-value]
    connections.close_all()  # nothing of the parent's connections used here
    waits: list[float] = []
    lock = threading.Lock()

    def loop(gid: str) -> None:
        seq = store.head(gid)
        mine = []
        for n in range(appends):
            end = time.thread_time() + work / 1000
            while time.thread_time() < end:  # the request's own processor work
                pass
            start = time.perf_counter()
            store.append(gid, seq, [Event("said", {"n": n}, PUBLIC)])
            mine.append((time.perf_counter() - start) * 1000)
            seq += 1
        connections.close_all()
        with lock:
            waits.extend(mine)

    threads = [threading.Thread(target=loop, args=(gid,)) for gid in gids]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    out.put(waits)


def main() -> None:
    """Set up, run the writers, print the appends' wall times."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--threads", type=int, default=4)
    ap.add_argument("--appends", type=int, default=200, help="appends a thread")
    ap.add_argument("--work", type=float, default=2.0, help="ms of processor work an append")
    ap.add_argument("--plain", action="store_true", help="without the process's write lock")
    args = ap.parse_args()
    prepare("bansha-writers-")
    from django.db import connections

    from bansha.store.models import GameRecord

    gids = [f"{i:016x}" for i in range(args.processes * args.threads)]
    for gid in gids:
        GameRecord.objects.create(id=gid, ruleset="m103", title="t")
    connections.close_all()
    context = multiprocessing.get_context("fork")
    out = context.Queue()
    procs = [
        context.Process(
            target=_writers,
            args=(gids[p * args.threads : (p + 1) * args.threads], args.appends, args.work),
            kwargs={"plain": args.plain, "out": out},
        )
        for p in range(args.processes)
    ]
    start = time.perf_counter()
    for p in procs:
        p.start()
    waits: list[float] = []
    for _ in procs:
        waits += out.get()
    for p in procs:
        p.join()
    elapsed = time.perf_counter() - start
    waits.sort()
    side = "Django's SQLite backend" if args.plain else "bansha.store.sqlite"
    print(
        f"{side}: {args.processes} processes × {args.threads} threads, {len(waits)} appends in "
        f"{elapsed:.1f} s; an append: median {statistics.median(waits):.2f} ms, p99 "
        f"{waits[int(len(waits) * 0.99)]:.2f} ms, longest {waits[-1]:.2f} ms"
    )


if __name__ == "__main__":
    main()
