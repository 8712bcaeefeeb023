"""Reading a forum thread of 1,000, 10,000 or 100,000 floors from its saved pages' bytes, as the
console and ``bansha thread read`` do: each page decoded (BOM, ``<meta charset>``, else detection),
every page read (``read_pages``: one parse per page, each post's parts found within the post), post
counts per player for each of 12 game days, and every vote post read and decided under M103's
rules; the cyclic garbage collector paused meanwhile, as the console's import and ``bansha thread
read`` pause it (``bansha.forum.collection``).

Markups, each generated from the structure the forum's own templates print
(``tests/forum/thread_pages.py``): Discuz! X3.4 desktop (20 floors a page), the same thread with
every floor on one page (a page's size must not make reading a floor slower), Discuz! X touch
(10 a page), Discuz! 7 (50 a page) and phpwind 9 (25 a page); each in UTF-8 and in GBK (the
page's ``<meta charset>`` says which).

Each case runs in a process of its own (the pages are generated there first, untimed), so its
memory is its own: the peak resident memory while reading, above what the pages themselves hold
(``VmHWM`` after ``/proc/self/clear_refs``). Wall and processor time are the best of ``--runs``;
on a shared machine processor time is the closer estimate of a quiet one.

Run: ``PYTHONPATH=. .venv/bin/python benchmarks/forum_import.py`` (1,000 and 10,000 floors), add
``--floors 1000 10000 100000`` for the large thread, ``--markup`` / ``--charset`` to pick cases.
"""

from __future__ import annotations

import argparse
import gc
import json
import re
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import timedelta, timezone
from pathlib import Path

GMT8 = timezone(timedelta(hours=8))


def _markups() -> dict[str, Callable[[int], list[str]]]:
    from tests.forum.thread_pages import (
        d7_thread,
        discuz7_pages,
        discuz_pages,
        make_thread,
        phpwind_pages,
        touch_pages,
    )

    return {
        "Discuz! X3.4": lambda n: discuz_pages(make_thread(n)),
        "Discuz! X3.4, one page": lambda n: discuz_pages(make_thread(n), per_page=n),
        "Discuz! X touch": lambda n: touch_pages(make_thread(n)),
        "Discuz! 7": lambda n: discuz7_pages(d7_thread(n)),
        "phpwind 9": lambda n: phpwind_pages(make_thread(n)),
    }


CHARSETS = ("utf-8", "gbk")


def _encoded(pages: list[str], charset: str) -> list[bytes]:
    """The pages as the forum serves them in ``charset``, their ``<meta>`` saying so."""
    return [DECLARED.sub(rf"\g<1>{charset}", page).encode(charset) for page in pages]


DECLARED = re.compile(r"""(charset=["']?)[\w-]+""")
"""A page's declared charset, quoted (phpwind's ``charset="UTF-8"``) or not."""


def _memory(field: str) -> int:
    """A field of /proc/self/status, in kB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def one_case(markup: str, charset: str, floors: int, runs: int) -> dict[str, object]:
    """Generate one thread's pages, then time reading them ``runs`` times."""
    from bansha.forum import collection
    from bansha.forum.charset import decode
    from bansha.forum.imports import written_posts
    from bansha.forum.threads import count_posts, read_pages
    from bansha.mechanics.thread_tally import ChangeRules, tally_thread
    from bansha.rulesets import find_ruleset
    from tests.forum.thread_pages import PAGE_TIME, PLAYERS

    pages = _encoded(_markups()[markup](floors), charset)
    m103 = find_ruleset("m103")
    thread_rules = m103.data.get("thread", {})
    rules = ChangeRules.of(m103.options, thread_rules, None, "Asia/Shanghai")
    days = [
        (
            (PAGE_TIME - timedelta(days=d + 1)).replace(tzinfo=GMT8),
            (PAGE_TIME - timedelta(days=d)).replace(tzinfo=GMT8),
        )
        for d in range(12)
    ]
    walls, cpus, peaks = [], [], []
    posts: list[object] = []
    votes: list[object] = []
    for _ in range(runs):
        posts = votes = []
        gc.collect()
        Path("/proc/self/clear_refs").write_text("5")  # the peak starts again from here
        before = _memory("VmRSS")
        start, start_cpu = time.perf_counter(), time.process_time()
        with collection.paused():  # as the console's import and ``thread read`` read and tally
            thread = read_pages([decode(page) for page in pages])
            posts = list(thread.posts)
            for a, b in days:
                if thread.posts[0].time is not None and thread.posts[0].time.tzinfo is None:
                    a, b = a.replace(tzinfo=None), b.replace(tzinfo=None)
                count_posts(thread.posts, a, b, PLAYERS)
            votes, _ = tally_thread(written_posts(thread.posts), PLAYERS, thread_rules, rules)
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - start_cpu)
        peaks.append(_memory("VmHWM") - before)
        del thread
    assert len(posts) == floors, (markup, charset, len(posts))
    return {
        "markup": markup,
        "charset": charset,
        "floors": floors,
        "pages": len(pages),
        "mb": round(sum(map(len, pages)) / 1e6, 1),
        "votes": len(votes),
        "wall": min(walls),
        "cpu": min(cpus),
        "peak_mb": round(max(peaks) / 1024),
    }


def main() -> None:
    """Run every case asked for, each in a process of its own, and print a table."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--floors", type=int, nargs="+", default=[1_000, 10_000])
    ap.add_argument("--markup", nargs="+", default=None, help="markups (default: all)")
    ap.add_argument("--charset", nargs="+", default=list(CHARSETS))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--case", nargs=3, metavar=("MARKUP", "CHARSET", "FLOORS"), help="internal")
    args = ap.parse_args()
    if args.case:
        markup, charset, floors = args.case
        print(json.dumps(one_case(markup, charset, int(floors), args.runs)))
        return
    markups = args.markup or list(_markups())
    print(
        "| markup | charset | floors | pages | size | vote posts | wall (best) | processor (best) "
        "| peak memory while reading |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for floors in args.floors:
        for markup in markups:
            for charset in args.charset:
                if markup.endswith("one page") and floors > 10_000:
                    continue  # one page of 100,000 floors is no forum's page
                cmd = [
                    sys.executable,
                    __file__,
                    "--runs",
                    str(args.runs),
                    "--case",
                    markup,
                    charset,
                    str(floors),
                ]
                out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
                r = json.loads(out.strip().splitlines()[-1])
                print(
                    f"| {r['markup']} | {r['charset']} | {r['floors']:,} | {r['pages']} "
                    f"| {r['mb']} MB | {r['votes']:,} | {r['wall']:.2f} s | **{r['cpu']:.2f} s** "
                    f"| {r['peak_mb']} MB |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
