"""A watched thread: the director gives the game's thread address once; bansha reads it on a
schedule and on demand from a real local server on 127.0.0.1 that serves typed Discuz! X pages of
the thread as it grows — new floors, a new page, an edited floor, a deleted floor, a temporary
error — and imports it floor by floor: each vote post is counted once, an edit is shown and not
counted again, and the console shows when it last read and what changed."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar
from urllib.parse import parse_qs, urlsplit
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.utils import timezone

from bansha.service import threads
from bansha.service.games import SERVICE
from bansha.store.models import WatchedFloor, WatchedThread
from tests.forum.thread_pages import TruePost, discuz_pages, send_page
from tests.web.test_thread_import import _game_at_the_day_vote

pytestmark = pytest.mark.django_db(transaction=True)
TZ = ZoneInfo("Asia/Shanghai")
PER_PAGE = 5


@dataclass
class Growing:
    """The thread the forum serves, as it grows; ``failing`` makes it answer 503 for a while."""

    posts: list[TruePost] = field(default_factory=list)
    failing: bool = False
    served: list[str] = field(default_factory=list)

    def add(self, author: str, at: datetime, body: str) -> TruePost:
        floor = len(self.posts) + 1
        post = TruePost(floor, 700000 + floor, author, at, body, relative="")
        self.posts.append(post)
        return post


class Forum(BaseHTTPRequestHandler):
    thread: ClassVar[Growing]

    def do_GET(self) -> None:
        thread = Forum.thread
        page = int(parse_qs(urlsplit(self.path).query).get("page", ["1"])[0])
        thread.served.append(f"page{page}")
        pages = discuz_pages(thread.posts, per_page=PER_PAGE, tid=99)
        if thread.failing or not 1 <= page <= len(pages):
            self.send_response(503)
            self.end_headers()
            return
        data = pages[page - 1].encode("utf-8")
        send_page(self, data)

    def log_message(self, *args: object) -> None:
        """Quiet."""


@pytest.fixture()
def forum(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, Growing]]:
    monkeypatch.setenv("BANSHA_FETCH_LOOPBACK", "1")
    Forum.thread = Growing()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Forum)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield (
        f"http://127.0.0.1:{server.server_address[1]}/forum.php?mod=viewthread&tid=99",
        Forum.thread,
    )
    server.shutdown()


def _local(t: datetime) -> datetime:
    return t.astimezone(TZ).replace(tzinfo=None)


def _ballots(gid: str) -> list[tuple[int, int | None]]:
    return [(b.voter, b.target) for b in SERVICE.load(gid).state.ballots]


def test_a_growing_thread_is_imported_floor_by_floor(forum: tuple[str, Growing]) -> None:
    url, thread = forum
    gid, director = _game_at_the_day_vote()
    s = SERVICE.load(gid).state
    names = [s.players[x].name for x in s.living()]
    seat = {n: i for i, n in enumerate(p.name for p in s.players)}
    a, b, c, d = names[:4]
    start = _local(s.opened_at)  # type: ignore[arg-type]

    def at(minutes: int) -> datetime:
        return start + timedelta(minutes=minutes)

    thread.add("导演", at(0), "第1天讨论帖，请按格式投票。")
    for n in range(1, 8):
        thread.add(names[n % 4], at(n), "发言")
    thread.add(a, at(9), f"投票对象：{b}\n投票理由：发言少")
    threads.watch(gid, url, "", every=10)
    first = threads.read_now(gid)
    assert (first.error, first.pages, first.new) == ("", 2, list(range(1, 10)))
    assert first.counted == 1 and _ballots(gid) == [(seat[a], seat[b])]

    # new floors and a new page: only the new floors are imported, the votes among them counted
    thread.add(b, at(10), f"投票对象：{c}\n投票理由：划水")
    for n in range(11, 15):
        thread.add(names[n % 4], at(n), "继续讨论")
    thread.add(c, at(15), f"投票对象：{d}\n投票理由：跳得太早")
    second = threads.read_now(gid)
    assert (second.error, second.pages, second.new) == ("", 3, list(range(10, 16)))
    assert second.counted == 2
    assert _ballots(gid) == [(seat[a], seat[b]), (seat[b], seat[c]), (seat[c], seat[d])]

    # an edited vote post is shown with what changed, and never counted again; a read on demand
    # reads every page, so a floor deleted on page 1 is seen too
    thread.posts[8].body = f"投票对象：{b}\n投票理由：发言少（已编辑）"
    thread.posts[2].extra["deleted"] = "1"  # floor 3 deleted by the forum
    third = threads.read_now(gid, full=True)
    assert third.error == "" and third.new == [] and third.counted == 0
    assert any("9楼" in x and "被编辑" in x and "已编辑" in x for x in third.changes or [])
    assert any("3楼" in x and "删除" in x for x in third.changes or [])
    assert len(_ballots(gid)) == 3

    # the forum down for a while: the read says so and nothing changes; the next one goes on
    thread.failing = True
    down = threads.read_now(gid)
    assert "503" in down.error and down.counted == 0
    thread.failing = False
    thread.add(d, at(16), f"投票对象：{a}\n投票理由：反击")
    back = threads.read_now(gid)
    assert back.error == "" and back.new == [16] and back.counted == 1
    assert len(_ballots(gid)) == 4
    assert WatchedFloor.objects.filter(game_id=gid).count() == 16
    # a read starts one page before the last it knew (pages before are not fetched again): the
    # failed read asked for page 2 of 3, the next one read pages 2 to 4
    assert thread.served[-4:] == ["page2", "page2", "page3", "page4"]

    watched = WatchedThread.objects.get(game_id=gid)
    assert [h["error"] != "" for h in watched.history[:2]] == [False, True]
    page = director.get(f"/g/{gid}/director").content.decode()
    assert "自动读取" in page and "上次读取" in page and "新楼层 1 个" in page


def test_a_due_read_happens_once_however_many_workers_look(forum: tuple[str, Growing]) -> None:
    url, thread = forum
    gid, _ = _game_at_the_day_vote()
    s = SERVICE.load(gid).state
    thread.add("导演", _local(s.opened_at), "第1天讨论帖")  # type: ignore[arg-type]
    threads.watch(gid, url, "", every=10)
    now = timezone.now()
    assert threads.read_due(now) == 1
    assert threads.read_due(now) == 0  # the first read moved the due time on by 10 minutes
    assert threads.read_due(now + timedelta(minutes=11)) == 1
    threads.stop(gid)
    assert threads.read_due(now + timedelta(minutes=30)) == 0


def test_the_console_sets_the_watch_and_reads_on_demand(forum: tuple[str, Growing]) -> None:
    url, thread = forum
    gid, director = _game_at_the_day_vote()
    s = SERVICE.load(gid).state
    thread.add("导演", _local(s.opened_at), "第1天讨论帖")  # type: ignore[arg-type]
    r = director.post(
        f"/g/{gid}/director/watch", {"url": url, "every": "30", "action": "watch"}, follow=True
    )
    assert r.status_code == 200 and "每 30 分钟" in r.content.decode()
    page = director.post(f"/g/{gid}/director/watch", {"action": "read"}).content.decode()
    assert "共读到 1 楼" in page
    bad = director.post(
        f"/g/{gid}/director/watch",
        {"url": "http://x:99999/", "every": "30", "action": "watch"},
        follow=True,
    )
    assert "端口" in bad.content.decode()
    assert WatchedThread.objects.get(game_id=gid).url == url  # the bad address changed nothing
    director.post(f"/g/{gid}/director/watch", {"action": "stop"})
    assert not WatchedThread.objects.get(game_id=gid).active
    other = Client()
    assert other.post(f"/g/{gid}/director/watch", {"action": "read"}).status_code in (302, 403, 404)
