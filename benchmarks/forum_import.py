"""Importing and counting a 10,000-floor thread: Discuz! X3 pages (20 floors a page, as the forum
serves them) and phpwind 9 pages, then post counts per player per day and every vote post read.

Run: ``PYTHONPATH=. .venv/bin/python benchmarks/forum_import.py`` (the pages are generated first, untimed).
"""

from __future__ import annotations

import argparse
import time
from datetime import timedelta

from bansha.forum.threads import count_posts, parse_discuz, parse_phpwind
from bansha.mechanics import vote_posts
from tests.forum.thread_pages import PAGE_TIME, PLAYERS, discuz_pages, make_thread, phpwind_pages


def main() -> None:
    """Time each forum's import plus counting, three runs each; print the best and the median."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--floors", type=int, default=10_000)
    args = ap.parse_args()
    truth = make_thread(args.floors)
    sources = {
        "Discuz! X3": (parse_discuz, discuz_pages(truth)),
        "phpwind 9": (parse_phpwind, phpwind_pages(truth)),
    }
    days = [(PAGE_TIME - timedelta(days=d + 1), PAGE_TIME - timedelta(days=d)) for d in range(12)]
    print(f"{args.floors} floors")
    for name, (parse, pages) in sources.items():
        runs = []
        for _ in range(3):
            start = time.perf_counter()
            posts = parse(pages)
            for a, b in days:
                count_posts(posts, a, b, PLAYERS)
            votes = [vote_posts.parse(p.text, PLAYERS) for p in posts if "票对象" in p.body]
            runs.append(time.perf_counter() - start)
        size = sum(len(p) for p in pages) / 1e6
        print(
            f"{name}: {len(pages)} pages, {size:.1f} MB, {len(posts)} posts, {len(votes)} vote "
            f"posts: best {min(runs):.2f} s, median {sorted(runs)[1]:.2f} s"
        )


if __name__ == "__main__":
    main()
