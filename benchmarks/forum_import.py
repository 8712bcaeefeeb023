"""Importing and counting a 10,000-floor thread: the saved pages' bytes decoded (charset as the
console does it), read, then post counts per player per day and every vote post read.

Sources: Discuz! X3 pages (20 floors a page, as the forum serves them) in UTF-8 and in GBK, the GBK
pages again without their ``<meta charset>`` (so detection decides), and phpwind 9 pages.

Run: ``PYTHONPATH=. .venv/bin/python benchmarks/forum_import.py`` (the pages are generated first,
untimed).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from datetime import timedelta, timezone

from bansha.forum.charset import decode
from bansha.forum.posts import Post
from bansha.forum.threads import count_posts, parse_discuz, parse_phpwind
from bansha.mechanics import vote_posts
from tests.forum.thread_pages import PAGE_TIME, PLAYERS, discuz_pages, make_thread, phpwind_pages

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
    Parse = Callable[[list[str]], list[Post]]
    sources: dict[str, tuple[Parse, list[bytes]]] = {
        "Discuz! X3, UTF-8": (parse_discuz, [p.encode("utf-8") for p in discuz]),
        "Discuz! X3, GBK": (parse_discuz, _gbk(discuz, meta=True)),
        "Discuz! X3, GBK, no meta (detected)": (parse_discuz, _gbk(discuz, meta=False)),
        "phpwind 9, UTF-8": (parse_phpwind, [p.encode("utf-8") for p in phpwind_pages(truth)]),
    }
    days = [
        (
            (PAGE_TIME - timedelta(days=d + 1)).replace(tzinfo=GMT8),
            (PAGE_TIME - timedelta(days=d)).replace(tzinfo=GMT8),
        )
        for d in range(12)
    ]
    print(f"{args.floors} floors")
    for name, (parse, pages) in sources.items():
        runs = []
        for _ in range(3):
            start = time.perf_counter()
            posts = parse([decode(page) for page in pages])
            naive = posts[0].time is not None and posts[0].time.tzinfo is None  # no zone stated
            for a, b in days:
                if naive:
                    a, b = a.replace(tzinfo=None), b.replace(tzinfo=None)
                count_posts(posts, a, b, PLAYERS)
            votes = [vote_posts.parse(p.text, PLAYERS) for p in posts if "票" in p.body]
            runs.append(time.perf_counter() - start)
        assert len(posts) == args.floors, (name, len(posts))
        size = sum(len(p) for p in pages) / 1e6
        print(
            f"{name}: {len(pages)} pages, {size:.1f} MB, {len(posts)} posts, {len(votes)} vote "
            f"posts: best {min(runs):.2f} s, median {sorted(runs)[1]:.2f} s"
        )


if __name__ == "__main__":
    main()
