"""Fetching a thread over HTTP with the director's forum cookie, from a real local server that
serves Discuz! pages in GBK and only to a logged-in reader."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import pytest

from bansha.forum.threads import FetchError, fetch, page_url, parse_discuz
from tests.forum.thread_pages import discuz_pages, make_thread

TRUTH = make_thread(130)
PAGES = discuz_pages(TRUTH)  # 7 pages of 20
COOKIE = "cdb_auth=abc123; cdb_saltkey=xyz"
NOT_LOGGED_IN = "<html><body><div id='messagetext'><p>抱歉，本帖要求阅读权限高于 10 才能浏览</p></div></body></html>"


class Forum(BaseHTTPRequestHandler):
    """A thread only members may read, served as GBK like many older Discuz! boards."""

    def do_GET(self) -> None:
        query = parse_qs(urlsplit(self.path).query)
        page = int(query.get("page", ["1"])[0])
        logged_in = self.headers.get("Cookie") == COOKIE
        body = PAGES[page - 1] if logged_in and 1 <= page <= len(PAGES) else NOT_LOGGED_IN
        data = body.replace("charset=utf-8", "charset=gbk").encode("gbk")
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=GBK")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        """Quiet."""


@pytest.fixture()
def forum() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Forum)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/forum.php?mod=viewthread&tid=4242"
    server.shutdown()


def test_fetching_every_page_with_the_cookie(forum: str) -> None:
    pages = fetch(forum, COOKIE, allow_private=True)
    assert len(pages) == 7
    posts = parse_discuz(pages)
    assert [p.floor for p in posts] == list(range(1, 131))
    assert [p.body for p in posts] == [t.body for t in TRUTH]  # GBK decoded right


def test_without_the_cookie_the_page_has_no_posts(forum: str) -> None:
    from bansha.forum.threads import ThreadError

    pages = fetch(forum, "", allow_private=True)
    with pytest.raises(ThreadError):
        parse_discuz(pages)


def test_this_servers_own_network_is_refused(forum: str) -> None:
    with pytest.raises(FetchError, match="内网"):
        fetch(forum, COOKIE)
    with pytest.raises(FetchError, match="http"):
        fetch("file:///etc/passwd")


def test_page_urls() -> None:
    assert page_url("https://bbs.example.com/forum.php?mod=viewthread&tid=9&page=1", 3).endswith(
        "mod=viewthread&tid=9&page=3"
    )
    assert page_url("https://bbs.example.com/thread-9-1-1.html", 4).endswith("/thread-9-4-1.html")
