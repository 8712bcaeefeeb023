"""``bansha thread watch URL --every 10m``: the command line reads a thread again and again from a
real local server on 127.0.0.1 that serves it as it grows; each read shows only the new floors
and what changed in floors read before, new pages are followed, and the tally of every floor read
so far counts each vote post once."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar
from urllib.parse import parse_qs, urlsplit

import pytest
from typer.testing import CliRunner

from bansha.cli import app
from bansha.forum.cli import Watcher, interval
from bansha.forum.threads import ThreadError
from tests.forum.thread_pages import TruePost, discuz_pages, send_page

GMT8 = timezone(timedelta(hours=8))
START = datetime(2026, 12, 1, 12, 0)


class Forum(BaseHTTPRequestHandler):
    posts: ClassVar[list[TruePost]] = []
    grow_after: ClassVar[int] = 0
    """Add a floor after this many requests (0: never), so a watch with rounds sees it grow."""
    requests: ClassVar[int] = 0

    def do_GET(self) -> None:
        Forum.requests += 1
        if Forum.grow_after and Forum.requests == Forum.grow_after:
            add("丙", 30, "投票对象：甲\n投票理由：后来的")
        page = int(parse_qs(urlsplit(self.path).query).get("page", ["1"])[0])
        pages = discuz_pages(Forum.posts, per_page=5, tid=5)
        data = pages[page - 1].encode("utf-8")
        send_page(self, data)

    def log_message(self, *args: object) -> None:
        """Quiet."""


def add(author: str, minutes: int, body: str) -> None:
    floor = len(Forum.posts) + 1
    Forum.posts.append(
        TruePost(floor, 5000 + floor, author, START + timedelta(minutes=minutes), body, relative="")
    )


@pytest.fixture()
def forum(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setenv("BANSHA_FETCH_LOOPBACK", "1")
    Forum.posts, Forum.grow_after, Forum.requests = [], 0, 0
    add("导演", 0, "第1天讨论帖")
    add("甲", 1, "投票对象：乙\n投票理由：发言少")
    add("乙", 2, "我是好人")
    server = ThreadingHTTPServer(("127.0.0.1", 0), Forum)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/forum.php?mod=viewthread&tid=5"
    server.shutdown()


def test_each_read_shows_only_what_is_new_or_changed(forum: str) -> None:
    watcher = Watcher(forum, None)
    fresh, changes = watcher.read(GMT8)
    assert [p.floor for p in fresh] == [1, 2, 3] and changes == []
    for n in range(4, 9):  # a second page
        add("丁", n, "继续讨论")
    Forum.posts[1].body = "投票对象：乙\n投票理由：发言少（改了理由）"
    fresh, changes = watcher.read(GMT8)
    assert [p.floor for p in fresh] == [4, 5, 6, 7, 8] and watcher.pages == 2
    assert len(changes) == 1 and "2楼" in changes[0] and "改了理由" in changes[0]
    fresh, changes = watcher.read(GMT8)
    assert fresh == [] and changes == []
    assert [p.floor for p in watcher.thread().posts] == list(range(1, 9))


def test_the_command_reads_on_a_schedule_and_tallies_once(forum: str) -> None:
    Forum.grow_after = 2  # the second read finds floor 4
    args = ["thread", "watch", forum, "--every", "1s", "--rounds", "2"]
    result = CliRunner().invoke(app, [*args, "--ruleset", "m103", "--players", "甲,乙,丙,丁"])
    assert result.exit_code == 0, result.output
    reads = [line for line in result.stdout.splitlines() if "读取完成" in line]
    assert len(reads) == 2 and "新楼层 3 个" in reads[0] and "新楼层 1 个" in reads[1]
    assert result.stdout.count("新 2楼") == 1  # a floor is shown as new once
    tallies = [line for line in result.stdout.splitlines() if line.startswith("票型")]
    assert tallies == ["票型：乙 1票", "票型：甲 1票，乙 1票"]


def test_intervals() -> None:
    assert interval("10m") == 600 and interval("30s") == 30 and interval("1h") == 3600
    assert interval("15") == 900
    for bad in ("0", "abc", "10x", ""):
        with pytest.raises(ThreadError):
            interval(bad)
    result = CliRunner().invoke(app, ["thread", "watch", "http://x/", "--every", "soon"])
    assert result.exit_code == 2 and "--every" in result.output
