"""Fetching a thread over HTTP with the director's forum cookie, from a real local server that
serves Discuz! pages in GBK and only to a logged-in reader."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import pytest

from bansha.forum.fetching import FetchError, fetch, page_url
from bansha.forum.threads import ThreadError, parse_any
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
    pages = fetch(forum, COOKIE, allow_loopback=True)
    assert len(pages) == 7
    posts = parse_any(pages)
    assert [p.floor for p in posts] == list(range(1, 131))
    assert [p.body for p in posts] == [t.body for t in TRUTH]  # GBK decoded right


def test_without_the_cookie_the_page_has_no_posts(forum: str) -> None:
    from bansha.forum.threads import ThreadError

    pages = fetch(forum, "", allow_loopback=True)
    with pytest.raises(ThreadError):
        parse_any(pages)


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


# ---------------------------------------------------------------------- safe fetching
import socket  # noqa: E402
import time as _time  # noqa: E402
from typing import ClassVar  # noqa: E402

from bansha.forum.charset import decode  # noqa: E402
from bansha.forum.fetching import Limits, public_address  # noqa: E402


class Resolver:
    """Names of our own: each maps to the addresses given, in turn (a rebinding DNS answers
    differently the second time); every lookup is counted."""

    def __init__(self, answers: dict[str, list[str]]) -> None:
        self.answers = answers
        self.calls: list[str] = []

    def __call__(self, host: str, port: int, **_: object) -> list[tuple[object, ...]]:
        self.calls.append(host)
        if host not in self.answers:
            raise socket.gaierror("unknown name")
        seq = self.answers[host]
        address = seq[min(len(self.calls) - 1, len(seq) - 1)] if len(seq) > 1 else seq[0]
        family = socket.AF_INET6 if ":" in address else socket.AF_INET
        return [(family, socket.SOCK_STREAM, 6, "", (address, port))]


class Recorder(BaseHTTPRequestHandler):
    """Serves what the test sets: a redirect, a slow or huge page, a thread page; keeps every
    request's Host and Cookie."""

    seen: ClassVar[list[tuple[str, str, str | None]]] = []
    routes: ClassVar[dict[str, tuple[int, dict[str, str], bytes]]] = {}
    delay = 0.0

    def do_GET(self) -> None:
        Recorder.seen.append((self.headers.get("Host", ""), self.path, self.headers.get("Cookie")))
        if Recorder.delay:
            _time.sleep(Recorder.delay)
        path = urlsplit(self.path).path
        query = parse_qs(urlsplit(self.path).query)
        status, headers, body = Recorder.routes.get(
            f"{path}?page={query['page'][0]}" if "page" in query else path,
            Recorder.routes.get(path, (404, {}, b"")),
        )
        self.send_response(status)
        for k, v in headers.items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        """Quiet."""


@pytest.fixture()
def servers() -> Iterator[tuple[int, int]]:
    Recorder.seen, Recorder.routes, Recorder.delay = [], {}, 0.0
    a = ThreadingHTTPServer(("127.0.0.1", 0), Recorder)
    b = ThreadingHTTPServer(("127.0.0.1", 0), Recorder)
    for s in (a, b):
        threading.Thread(target=s.serve_forever, daemon=True).start()
    yield a.server_address[1], b.server_address[1]
    a.shutdown()
    b.shutdown()


PAGE = "<html><body><div>一页</div></body></html>".encode()


@pytest.mark.parametrize(
    "address",
    [
        "10.0.0.5",
        "192.168.1.1",
        "172.16.0.9",
        "169.254.169.254",
        "100.64.0.1",
        "0.0.0.0",
        "fd00::1",
        "::ffff:10.0.0.1",
        "224.0.0.1",
    ],
)
def test_private_addresses_are_refused_even_with_loopback_allowed(address: str) -> None:
    resolve = Resolver({"forum.test": [address]})
    with pytest.raises(FetchError, match="内网"):
        public_address("forum.test", 80, allow_loopback=True, resolve=resolve)
    with pytest.raises(FetchError, match="内网"):
        fetch("http://forum.test/thread-1-1-1.html", allow_loopback=True, resolve=resolve)


def test_loopback_is_refused_unless_allowed_and_a_public_address_passes() -> None:
    for address in ("127.0.0.1", "::1"):
        with pytest.raises(FetchError, match="内网"):
            public_address("forum.test", 80, False, Resolver({"forum.test": [address]}))
    assert (
        public_address("forum.test", 80, False, Resolver({"forum.test": ["1.2.3.4"]})) == "1.2.3.4"
    )
    with pytest.raises(FetchError, match="找不到"):
        public_address("nowhere.test", 80, False, Resolver({}))


def test_the_checked_address_is_the_one_connected_to(servers: tuple[int, int]) -> None:
    """DNS rebinding: a second lookup would answer 10.0.0.1; the host is looked up once and the
    request goes to the address that was checked, with the forum's name as Host."""
    port, _ = servers
    Recorder.routes["/viewthread.php"] = (200, {"Content-Type": "text/html"}, PAGE)
    resolve = Resolver({"forum.test": ["127.0.0.1", "10.0.0.1"]})
    fetch(f"http://forum.test:{port}/viewthread.php?tid=1", allow_loopback=True, resolve=resolve)
    assert resolve.calls == ["forum.test"]
    assert Recorder.seen[0][0] == f"forum.test:{port}"


def test_every_redirect_hop_is_checked(servers: tuple[int, int]) -> None:
    port, _ = servers
    Recorder.routes["/viewthread.php"] = (302, {"Location": "http://inside.test/admin"}, b"")
    resolve = Resolver({"forum.test": ["127.0.0.1"], "inside.test": ["10.1.2.3"]})
    with pytest.raises(FetchError, match="内网"):
        fetch(f"http://forum.test:{port}/viewthread.php?tid=1", "a=1", True, resolve=resolve)
    assert [s[1] for s in Recorder.seen] == ["/viewthread.php?tid=1"]


def test_the_cookie_never_follows_a_redirect_to_another_host(servers: tuple[int, int]) -> None:
    port, other = servers
    Recorder.routes["/viewthread.php"] = (
        302,
        {"Location": f"http://cdn.test:{other}/moved.php"},
        b"",
    )
    Recorder.routes["/moved.php"] = (302, {"Location": f"http://cdn.test:{other}/final.php"}, b"")
    Recorder.routes["/final.php"] = (200, {"Content-Type": "text/html"}, PAGE)
    resolve = Resolver({"forum.test": ["127.0.0.1"], "cdn.test": ["127.0.0.1"]})
    fetch(f"http://forum.test:{port}/viewthread.php?tid=1", COOKIE, True, resolve=resolve)
    assert [(s[1], s[2]) for s in Recorder.seen] == [
        ("/viewthread.php?tid=1", COOKIE),
        ("/moved.php", None),
        ("/final.php", None),
    ]


def test_a_redirect_on_the_same_host_keeps_the_cookie(servers: tuple[int, int]) -> None:
    port, _ = servers
    Recorder.routes["/thread-9-1-1.html"] = (301, {"Location": "/forum.php?tid=9"}, b"")
    Recorder.routes["/forum.php"] = (200, {"Content-Type": "text/html"}, PAGE)
    resolve = Resolver({"forum.test": ["127.0.0.1"]})
    fetch(f"http://forum.test:{port}/thread-9-1-1.html", COOKIE, True, resolve=resolve)
    assert [s[2] for s in Recorder.seen] == [COOKIE, COOKIE]


def test_redirects_time_bytes_and_pages_are_capped(servers: tuple[int, int]) -> None:
    port, _ = servers
    url = f"http://127.0.0.1:{port}"
    Recorder.routes["/loop"] = (302, {"Location": "/loop"}, b"")
    with pytest.raises(FetchError, match="跳转次数太多"):
        fetch(f"{url}/loop", allow_loopback=True)
    assert len(Recorder.seen) == Limits().redirects + 1
    Recorder.routes["/big"] = (200, {"Content-Type": "text/html"}, b"<html>" + b"x" * 50_000)
    with pytest.raises(FetchError, match="页面太大"):
        fetch(f"{url}/big", allow_loopback=True, limits=Limits(page_bytes=10_000))
    Recorder.routes["/slow"] = (200, {"Content-Type": "text/html"}, PAGE)
    Recorder.delay = 1.5
    started = _time.monotonic()
    with pytest.raises(FetchError, match="秒"):
        fetch(f"{url}/slow", allow_loopback=True, limits=Limits(seconds=0.5))
    assert _time.monotonic() - started < 1.4
    Recorder.delay = 0.0
    many = (
        '<html><body><div class="pg"><span title="共 300 页"> / 300 页</span></div></body></html>'
    )
    Recorder.routes["/forum.php"] = (200, {"Content-Type": "text/html"}, many.encode())
    with pytest.raises(FetchError, match="超过 200 页"):
        fetch(f"{url}/forum.php?mod=viewthread&tid=1", allow_loopback=True)


def test_pages_are_found_without_a_page_count(servers: tuple[int, int]) -> None:
    """Discuz! 7 prints no 「共 N 页」, only links to pages 1–3: all three are fetched (served as
    GBK)."""
    from tests.forum.thread_pages import d7_thread, discuz7_pages

    port, _ = servers
    saved = [p.encode("gbk") for p in discuz7_pages(d7_thread(108))]
    for n in (1, 2, 3):
        body = saved[n - 1]
        Recorder.routes[f"/viewthread.php?page={n}"] = (200, {"Content-Type": "text/html"}, body)
    Recorder.routes["/viewthread.php"] = Recorder.routes["/viewthread.php?page=1"]
    pages = fetch(f"http://127.0.0.1:{port}/viewthread.php?tid=52688", allow_loopback=True)
    assert len(pages) == 3
    posts = parse_any(pages)
    assert [p.floor for p in posts] == list(range(1, 109))
    assert pages[0] == decode(saved[0])


def test_the_page_count_is_the_pagers_not_a_posts() -> None:
    """A post that mentions 「共 300 页」 does not make the thread 300 pages long; the pager does."""
    from bansha.forum.fetching import page_count

    post = '<html><body class="pg_viewthread"><div class="t_f">这本书共 300 页</div>'
    url = "https://bbs.example.cn/forum.php?mod=viewthread&tid=7"
    assert page_count(url, post + "</body></html>") == 1
    pager = '<div class="pg"><a href="forum.php?mod=viewthread&amp;tid=7&amp;page=2">2</a></div>'
    assert page_count(url, post + pager + "</body></html>") == 2
    other = '<a href="forum.php?mod=viewthread&amp;tid=8&amp;page=9">另一个帖子</a>'
    assert page_count(url, post + pager + other + "</body></html>") == 2
    x3 = '<div class="pg"><label><span title="共 5 页"> / 5 页</span></label></div>'
    assert page_count(url, post + x3 + "</body></html>") == 5
    d7 = '<div class="pages"><em>&nbsp;108&nbsp;</em><strong>1</strong>共 3 页</div>'
    assert page_count(url, post + d7 + "</body></html>") == 3
    traditional = '<div class="pg"><label><span title="共 4 頁"> / 4 頁</span></label></div>'
    assert page_count(url, post + traditional + "</body></html>") == 4


# ---------------------------------------------------------------------- hostile addresses
@pytest.mark.parametrize(
    "address",
    [
        "64:ff9b::7f00:1",  # NAT64 of 127.0.0.1
        "64:ff9b::a00:5",  # NAT64 of 10.0.0.5
        "64:ff9b::a9fe:a9fe",  # NAT64 of 169.254.169.254
        "64:ff9b:1::a00:1",  # local-use NAT64
        "2002:7f00:1::1",  # 6to4 of 127.0.0.1
        "2002:c0a8:101::1",  # 6to4 of 192.168.1.1
        "::ffff:127.0.0.1",  # mapped loopback, loopback not allowed
        "::127.0.0.1",  # IPv4-compatible
        "::10.0.0.1",
        "::ffff:0:a00:1",  # SIIT-translated 10.0.0.1
        "2001:0:4136:e378:8000:63bf:3fff:fdd2",  # Teredo
    ],
)
def test_ipv4_wrapped_in_ipv6_is_judged_by_the_ipv4_address(address: str) -> None:
    resolve = Resolver({"forum.test": [address]})
    with pytest.raises(FetchError, match="内网"):
        public_address("forum.test", 80, allow_loopback=False, resolve=resolve)
    if address != "::ffff:127.0.0.1":  # only a plainly mapped loopback is this machine's
        with pytest.raises(FetchError, match="内网"):
            public_address("forum.test", 80, allow_loopback=True, resolve=resolve)


def test_a_literal_nat64_address_never_reaches_the_connect_step() -> None:
    with pytest.raises(FetchError, match="内网"):
        fetch("http://[64:ff9b::7f00:1]:8080/forum.php?tid=1", allow_loopback=True)


def test_public_addresses_behind_a_wrapping_pass() -> None:
    for address in ("64:ff9b::808:808", "2002:808:808::1", "::ffff:8.8.8.8"):
        assert public_address("forum.test", 80, False, Resolver({"forum.test": [address]}))


@pytest.mark.parametrize(
    "url",
    [
        "http://bbs.example.cn:99999/forum.php?tid=1",
        "http://bbs.example.cn:0/forum.php?tid=1",
        "http://bbs.example.cn:8o8o/forum.php?tid=1",
        "http://[::1]:70000/x",
    ],
)
def test_a_port_outside_the_range_is_refused_in_chinese(url: str) -> None:
    with pytest.raises(FetchError, match="端口"):
        fetch(url, resolve=Resolver({}))


def test_a_redirect_to_a_bad_port_is_refused_in_chinese(servers: tuple[int, int]) -> None:
    port, _ = servers
    Recorder.routes["/viewthread.php"] = (302, {"Location": "http://forum.test:99999/x"}, b"")
    resolve = Resolver({"forum.test": ["127.0.0.1"]})
    with pytest.raises(FetchError, match="端口「99999」"):
        fetch(
            f"http://forum.test:{port}/viewthread.php?tid=1", allow_loopback=True, resolve=resolve
        )


@pytest.mark.parametrize(
    ("cookie", "words"),
    [
        ("cdb_auth=abc\r\nX-Injected: 1", "换行"),
        ("cdb_auth=abc\nSet-Cookie: a=b", "换行"),
        ("cdb_auth=abc\x00", "控制字符"),
        ("cdb_auth=登录后的值", "中文"),
    ],
)
def test_a_cookie_that_would_break_the_request_is_refused(cookie: str, words: str) -> None:
    with pytest.raises(FetchError, match=words):
        fetch("http://bbs.example.cn/forum.php?tid=1", cookie, resolve=Resolver({}))


def test_an_address_with_control_characters_is_refused() -> None:
    with pytest.raises(FetchError, match="控制字符"):
        fetch("http://bbs.example.cn/forum.php?tid=1\r\nHost: inside", resolve=Resolver({}))


def test_chinese_in_the_path_and_query_is_percent_encoded(servers: tuple[int, int]) -> None:
    """An IRI (a board whose addresses carry Chinese) is sent as a browser sends it, and a
    redirect whose Location carries raw UTF-8 is followed."""
    port, _ = servers
    raw = "/版杀/第二页.php?标题=讨论".encode().decode("latin-1")  # the server's UTF-8 bytes
    Recorder.routes["/版杀/帖子.php"] = (302, {"Location": raw}, b"")
    Recorder.routes["/%E7%89%88%E6%9D%80/%E7%AC%AC%E4%BA%8C%E9%A1%B5.php"] = (
        200,
        {"Content-Type": "text/html; charset=utf-8"},
        PAGE,
    )
    Recorder.routes["/%E7%89%88%E6%9D%80/%E5%B8%96%E5%AD%90.php"] = Recorder.routes.pop(
        "/版杀/帖子.php"
    )
    pages = fetch(f"http://127.0.0.1:{port}/版杀/帖子.php?tid=1&页=一", allow_loopback=True)
    assert "一页" in pages[0]
    assert [s[1] for s in Recorder.seen] == [
        "/%E7%89%88%E6%9D%80/%E5%B8%96%E5%AD%90.php?tid=1&%E9%A1%B5=%E4%B8%80",
        "/%E7%89%88%E6%9D%80/%E7%AC%AC%E4%BA%8C%E9%A1%B5.php?%E6%A0%87%E9%A2%98=%E8%AE%A8%E8%AE%BA",
    ]


@pytest.mark.parametrize("codec", ["base64", "rot13", "zlib", "hex", "punycode"])
def test_a_server_naming_a_codec_that_is_no_text_encoding_is_refused_by_name(
    servers: tuple[int, int], codec: str
) -> None:
    port, _ = servers
    Recorder.routes["/forum.php"] = (200, {"Content-Type": f"text/html; charset={codec}"}, PAGE)
    with pytest.raises(ThreadError, match=f"论坛服务器声明的字符编码「{codec}」"):
        fetch(f"http://127.0.0.1:{port}/forum.php?tid=1", allow_loopback=True)
