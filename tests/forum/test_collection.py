"""Reading a thread pauses the cyclic garbage collector (``bansha.forum.collection``): it makes no
reference cycles, so nothing waits for a collection, and the collector is left as it was found."""

from __future__ import annotations

import gc
import threading

import pytest

from bansha.forum import collection
from bansha.forum.cli import read_votes
from bansha.forum.threads import ThreadError, read_pages
from tests.forum.thread_pages import (
    d7_thread,
    discuz7_pages,
    discuz_pages,
    make_thread,
    phpwind8_pages,
    phpwind_pages,
    touch_pages,
)

THREAD = make_thread(120)
MARKUPS = {
    "Discuz! X3.4": discuz_pages(THREAD),
    "Discuz! X touch": touch_pages(THREAD),
    "Discuz! 7": discuz7_pages(d7_thread(120)),
    "phpwind 9": phpwind_pages(THREAD),
    "phpwind 8": phpwind8_pages(THREAD),
}


@pytest.mark.parametrize("markup", MARKUPS)
def test_reading_a_thread_leaves_no_cycles(markup: str) -> None:
    pages = MARKUPS[markup]
    read_pages(pages)  # caches filled (selectors, labels) before counting
    gc.collect()
    gc.disable()
    try:
        thread = read_pages(pages)
        assert len(thread.posts) == 120
        if markup != "Discuz! X touch":  # touch pages print neither quotes nor edit notes
            assert any(p.quotes for p in thread.posts) and any(p.edited_by for p in thread.posts)
        del thread
        assert gc.collect() == 0  # nothing unreachable: reference counting freed it all
    finally:
        gc.enable()


def test_what_a_tally_leaves_to_the_collector_does_not_grow_with_the_thread() -> None:
    """``thread read``'s tally pauses the collector too. The rule set it loads is a graph with
    cycles, collected once the tally ends; the floors, vote posts, ballots and checks add none:
    a thread ten times as long leaves exactly as much to collect."""

    def left_to_collect(floors: int) -> int:
        posts = read_pages(discuz_pages(make_thread(floors))).posts
        players = sorted({p.author for p in posts})
        read_votes(posts, "m103", players, None, "Asia/Shanghai")  # caches filled first
        gc.collect()
        gc.disable()
        try:
            lines, tally, _ = read_votes(posts, "m103", players, None, "Asia/Shanghai")
            assert lines and tally
            del lines, tally
            return gc.collect()
        finally:
            gc.enable()

    assert left_to_collect(60) == left_to_collect(600)


def test_the_collector_is_paused_while_reading_and_resumed_after() -> None:
    seen: list[bool] = []
    with collection.paused():
        seen.append(gc.isenabled())
    assert seen == [False] and gc.isenabled()


def test_a_failed_reading_resumes_the_collector() -> None:
    with pytest.raises(ThreadError):
        read_pages(["<html><body><div>这不是论坛的帖子</div></body></html>"])
    assert gc.isenabled()


def test_a_collector_someone_else_disabled_stays_disabled() -> None:
    gc.disable()
    try:
        read_pages(MARKUPS["phpwind 9"][:1])
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_collector_resumes_when_the_last_of_several_readings_ends() -> None:
    first_in, second_done = threading.Event(), threading.Event()
    states: dict[str, bool] = {}

    def first() -> None:
        with collection.paused():
            first_in.set()
            second_done.wait(10)
            states["first, after the second ended"] = gc.isenabled()

    def second() -> None:
        first_in.wait(10)
        with collection.paused():
            states["second"] = gc.isenabled()
        second_done.set()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert states == {"second": False, "first, after the second ended": False}
    assert gc.isenabled()
