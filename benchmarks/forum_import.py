"""Importing and counting a 10,000-floor thread: the saved pages' bytes decoded (charset as the
console does it), read as the console reads them (``parse_any``), then post counts per player per
day and every vote post read and decided as ``bansha thread read`` does (M103's rules).

Sources: Discuz! X3 pages (20 floors a page, as the forum serves them) in UTF-8 and in GBK, the GBK
pages again without their ``<meta charset>`` (so detection decides), Discuz! 7 pages in GBK as
Internet Explorer saves them (50 floors a page, upper case), and phpwind 9 pages.

Run: ``PYTHONPATH=. .venv/bin/python benchmarks/forum_import.py`` (the pages are generated first,
untimed). Wall time and the process's own processor time are printed: on a shared machine the
second is the closer estimate of a quiet one.
"""

from __future__ import annotations

import argparse
import time
from datetime import timedelta, timezone

from bansha.forum.charset import decode
from bansha.forum.imports import written_posts
from bansha.forum.threads import count_posts, parse_any
from bansha.mechanics.thread_tally import ChangeRules, tally_thread
from bansha.rulesets import find_ruleset
from tests.forum.thread_pages import (
    PAGE_TIME,
    PLAYERS,
    d7_thread,
    discuz7_pages,
    discuz_pages,
    make_thread,
    phpwind_pages,
)

GMT8 = timezone(timedelta(hours=8))


def _gbk(pages: list[str], meta: bool) -> list[bytes]:
    out = []
    for page in pages:
        page = page.replace("charset=utf-8", "charset=gbk" if meta else "")
        out.append(page.encode("gbk"))
    return out


def main() -> None:
    """Time each source's decoding, import and counting, three runs each; best and median."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--floors", type=int, default=10_000)
    args = ap.parse_args()
    truth = make_thread(args.floors)
    discuz = discuz_pages(truth)
    discuz7 = discuz7_pages(d7_thread(args.floors), upper=True)
    sources: dict[str, list[bytes]] = {
        "Discuz! X3, UTF-8": [p.encode("utf-8") for p in discuz],
        "Discuz! X3, GBK": _gbk(discuz, meta=True),
        "Discuz! X3, GBK, no meta (detected)": _gbk(discuz, meta=False),
        "Discuz! 7, GBK, saved by IE": [p.encode("gbk") for p in discuz7],
        "phpwind 9, UTF-8": [p.encode("utf-8") for p in phpwind_pages(truth)],
    }
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
    print(f"{args.floors} floors")
    for name, pages in sources.items():
        runs, cpu = [], []
        for _ in range(3):
            start, start_cpu = time.perf_counter(), time.process_time()
            posts = parse_any([decode(page) for page in pages])
            naive = posts[0].time is not None and posts[0].time.tzinfo is None  # no zone stated
            for a, b in days:
                if naive:
                    a, b = a.replace(tzinfo=None), b.replace(tzinfo=None)
                count_posts(posts, a, b, PLAYERS)
            written = written_posts(posts)
            votes, _ = tally_thread(written, PLAYERS, thread_rules, rules)
            runs.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        assert len(posts) == args.floors, (name, len(posts))
        size = sum(len(p) for p in pages) / 1e6
        print(
            f"{name}: {len(pages)} pages, {size:.1f} MB, {len(posts)} posts, {len(votes)} vote "
            f"posts: best {min(runs):.2f} s, median {sorted(runs)[1]:.2f} s "
            f"(processor time: best {min(cpu):.2f} s)"
        )


if __name__ == "__main__":
    main()
