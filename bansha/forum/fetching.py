"""Fetching a thread by its address, safely: the director types the address, but the server does
the fetching, so an address must never reach inside the server's own network.

- The host is resolved **once**; every address it resolves to must be public (not private,
  loopback, link-local, shared, reserved or multicast), and the connection goes to the address that
  was checked (a second lookup could answer differently: DNS rebinding). HTTPS still verifies the
  certificate against the host name.
- Redirects are followed by hand, at most ``Limits.redirects`` hops, each hop checked the same way;
  the director's forum cookie goes only to the thread's own host and scheme, never to another
  host a redirect names.
- Total time, pages and bytes are capped (``Limits``); passing a cap is a clear Chinese error,
  never a silently shortened thread.
- Pages are decoded like uploads (``bansha.forum.charset``); the number of pages is read from
  「共 N 页」 or, without it, from the pager's links (Discuz! 6/7 prints only page numbers).

- An IPv6 address that carries an IPv4 one (mapped ``::ffff:a.b.c.d``, compatible ``::a.b.c.d``,
  NAT64 ``64:ff9b::/96``, 6to4 ``2002::/16``, SIIT ``::ffff:0:a.b.c.d``) is judged by the IPv4
  address it reaches; the local-use NAT64 prefix ``64:ff9b:1::/48`` and Teredo are refused whole.
- An address is checked before anything is sent: a port outside 1–65535, control characters or
  spaces in it, a forum cookie with a line break (which would add headers of its own) or
  characters a header cannot carry are refused in Chinese; Chinese characters in a path, a query
  or a host name (an IRI) are percent-encoded (the host by IDNA), as a browser sends them.

``allow_loopback`` lets tests fetch from their own servers on 127.0.0.1; private ranges stay
refused even then, and so does a loopback address reached through an IPv6 wrapping.
"""

from __future__ import annotations

import contextlib
import http.client
import ipaddress
import re
import socket
import ssl
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import SplitResult, parse_qsl, quote, urlencode, urljoin, urlsplit, urlunsplit

from bansha import texts
from bansha.forum import dom
from bansha.forum.charset import decode
from bansha.forum.errors import ThreadError
from bansha.forum.labels import WORDS, alt

Resolver = Callable[..., Sequence[tuple[Any, ...]]]
PAGES = re.compile(rf"{alt(WORDS.page.total)}\s*(\d+)\s*{alt(WORDS.page.pages)}")
REWRITTEN = re.compile(r"thread-(\d+)-(\d+)-\d+\.html")
USER_AGENT = "Mozilla/5.0 (bansha thread reader)"


@dataclass(frozen=True)
class Limits:
    """How far one thread fetch may go."""

    pages: int = 200
    """Pages of one thread (10,000 floors at 50 a page)."""
    page_bytes: int = 8 * 1024 * 1024
    total_bytes: int = 128 * 1024 * 1024
    seconds: float = 120.0
    """The whole fetch, every page and redirect included."""
    redirects: int = 5


class FetchError(ThreadError):
    """The thread could not be fetched (the message says why, in Chinese)."""


NAT64 = ipaddress.ip_network("64:ff9b::/96")
"""The well-known NAT64 prefix (RFC 6052): the last 32 bits are the IPv4 address reached."""
NAT64_LOCAL = ipaddress.ip_network("64:ff9b:1::/48")
"""Local-use NAT64 (RFC 8215): where the IPv4 address sits depends on the network's own prefix."""
COMPATIBLE = ipaddress.ip_network("::/96")
"""IPv4-compatible addresses (``::a.b.c.d``, deprecated but still routed by some stacks)."""
TRANSLATED = ipaddress.ip_network("::ffff:0:0:0/96")
"""SIIT's IPv4-translated addresses (RFC 2765)."""


def reached(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 address carries and reaches (mapped, compatible, NAT64, 6to4,
    translated), if any."""
    if isinstance(ip, ipaddress.IPv4Address):
        return None
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip in NAT64 or ip in TRANSLATED or (ip in COMPATIBLE and int(ip) > 1):
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return None


def _public(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    return ip.is_global and not ip.is_multicast


def public_address(host: str, port: int, allow_loopback: bool, resolve: Resolver) -> str:
    """The one address to connect to: every address ``host`` resolves to must be public, and so
    must the IPv4 address an IPv6 one carries (``reached``)."""
    try:
        infos = resolve(host, port, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError, ValueError) as e:
        raise FetchError(texts.FETCH_NO_HOST.format(host=host)) from e
    if not infos:
        raise FetchError(texts.FETCH_NO_HOST.format(host=host))
    addresses = [str(info[4][0]).split("%")[0] for info in infos]
    for address in addresses:
        ip = ipaddress.ip_address(address)
        inner = reached(ip)
        if inner is not None:
            mapped = isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None
            if mapped and inner.is_loopback and allow_loopback:
                continue  # ::ffff:127.0.0.1 is this machine's loopback, as 127.0.0.1 is
            if not _public(inner):
                raise FetchError(texts.FETCH_PRIVATE.format(host=host, address=address))
            continue
        if ip.is_loopback and allow_loopback:
            continue
        wrapped = isinstance(ip, ipaddress.IPv6Address) and (
            ip in NAT64_LOCAL or ip.teredo is not None
        )
        if not _public(ip) or wrapped:
            raise FetchError(texts.FETCH_PRIVATE.format(host=host, address=address))
    return addresses[0]


CONTROL = re.compile(r"[\x00-\x20\x7f]")
"""Control characters and spaces: never part of an address a browser sends."""
PATH_SAFE = "/%:@!$&'()*+,;=-._~"
QUERY_SAFE = PATH_SAFE + "?"


def checked_url(url: str) -> SplitResult:
    """The address as it is sent: http or https, a host, a port in 1–65535, Chinese characters
    percent-encoded (the host by IDNA); control characters refused."""
    url = url.strip()
    if CONTROL.search(url.replace(" ", "%20")):
        raise FetchError(texts.FETCH_BAD_ADDRESS)
    parts = urlsplit(url.replace(" ", "%20"))
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise FetchError(texts.FETCH_SCHEME)
    try:
        port = parts.port
    except ValueError as e:  # "Port out of range 0-65535" or a port that is no number
        raise FetchError(texts.FETCH_BAD_PORT.format(port=_port_text(parts.netloc))) from e
    if port == 0:
        raise FetchError(texts.FETCH_BAD_PORT.format(port=0))
    try:
        host = parts.hostname.encode("idna").decode("ascii")
    except UnicodeError as e:
        raise FetchError(texts.FETCH_NO_HOST.format(host=parts.hostname)) from e
    netloc = f"[{host}]" if ":" in host else host
    if port is not None:
        netloc += f":{port}"
    return SplitResult(
        parts.scheme.lower(),
        netloc,
        quote(parts.path, safe=PATH_SAFE),
        quote(parts.query, safe=QUERY_SAFE),
        "",
    )


def _port_text(netloc: str) -> str:
    return netloc.rsplit("]", 1)[-1].rpartition(":")[2] or netloc


def checked_cookie(cookie: str) -> str:
    """The director's forum cookie as one header value: a line break (which would start a header
    of its own) or another control character is refused, and so is a character a header cannot
    carry (Chinese: a cookie copied with its description)."""
    cookie = cookie.strip()
    if re.search(r"[\x00-\x08\x0a-\x1f\x7f]", cookie):
        raise FetchError(texts.FETCH_COOKIE_LINES)
    if not cookie.isascii():
        raise FetchError(texts.FETCH_COOKIE_CHARACTERS)
    return cookie


def redirect_target(url: str, location: str) -> str:
    """Where a redirect points: its ``Location`` (sent as UTF-8, read by http.client as
    Latin-1) joined to the page's address."""
    with contextlib.suppress(UnicodeError):  # not UTF-8: kept as it came
        location = location.encode("latin-1").decode("utf-8")
    return urljoin(url, location.strip())


class _PinnedHTTPS(http.client.HTTPSConnection):
    """HTTPS to a checked address, the certificate verified against the host name."""

    def __init__(self, address: str, host: str, port: int, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self._address = address

    def connect(self) -> None:
        """Connect to the checked address, not to a fresh lookup of the host."""
        sock = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)  # type: ignore[attr-defined]


class _PinnedHTTP(http.client.HTTPConnection):
    """HTTP to a checked address, with the host's name in the ``Host`` header."""

    def __init__(self, address: str, host: str, port: int, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self._address = address

    def connect(self) -> None:
        """Connect to the checked address, not to a fresh lookup of the host."""
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


class Fetcher:
    """One thread fetch: its deadline, its byte budget, the cookie's own host."""

    def __init__(
        self,
        url: str,
        cookie: str,
        allow_loopback: bool,
        limits: Limits,
        resolve: Resolver,
    ) -> None:
        self.origin = checked_url(url)
        self.cookie = checked_cookie(cookie)
        self.allow_loopback = allow_loopback
        self.limits = limits
        self.resolve = resolve
        self.deadline = time.monotonic() + limits.seconds
        self.read_bytes = 0

    def remaining(self) -> float:
        """Seconds left, or the time-cap error."""
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise FetchError(texts.FETCH_TOO_SLOW.format(limit=self.limits.seconds))
        return left

    def get(self, url: str) -> str:
        """One page, following checked redirects; decoded as uploads are."""
        for _ in range(self.limits.redirects + 1):
            parts = checked_url(url)
            url = urlunsplit(parts)
            assert parts.hostname is not None  # checked_url refuses an address without a host
            port = parts.port or (443 if parts.scheme == "https" else 80)
            address = public_address(parts.hostname, port, self.allow_loopback, self.resolve)
            kind = _PinnedHTTPS if parts.scheme == "https" else _PinnedHTTP
            conn = kind(address, parts.hostname, port, min(self.remaining(), 30.0))
            headers = {"User-Agent": USER_AGENT, "Accept-Encoding": "identity"}
            same = (parts.scheme, parts.hostname, parts.port) == (
                self.origin.scheme,
                self.origin.hostname,
                self.origin.port,
            )
            if self.cookie and same:
                headers["Cookie"] = self.cookie
            path = urlunsplit(("", "", parts.path or "/", parts.query, ""))
            try:
                conn.request("GET", path, headers=headers)
                response = conn.getresponse()
                if response.status in (301, 302, 303, 307, 308):
                    location = response.getheader("Location")
                    conn.close()
                    if not location:
                        raise FetchError(texts.FETCH_STATUS.format(url=url, status=response.status))
                    url = redirect_target(url, location)
                    continue
                if response.status != 200:
                    raise FetchError(texts.FETCH_STATUS.format(url=url, status=response.status))
                body = self.read(response)
                return decode(body, response.getheader("Content-Type"))
            except (OSError, http.client.HTTPException, ValueError) as e:
                if isinstance(e, TimeoutError) and self.deadline - time.monotonic() < 0.1:
                    raise FetchError(texts.FETCH_TOO_SLOW.format(limit=self.limits.seconds)) from e
                raise FetchError(texts.FETCH_FAILED.format(url=url, reason=e)) from e
            finally:
                conn.close()
        raise FetchError(texts.FETCH_REDIRECTS.format(limit=self.limits.redirects))

    def read(self, response: http.client.HTTPResponse) -> bytes:
        """The body, within the page and total byte caps and the deadline."""
        chunks: list[bytes] = []
        size = 0
        while True:
            self.remaining()
            chunk = response.read(64 * 1024)
            if not chunk:
                return b"".join(chunks)
            size += len(chunk)
            self.read_bytes += len(chunk)
            if size > self.limits.page_bytes or self.read_bytes > self.limits.total_bytes:
                limit = min(self.limits.page_bytes, self.limits.total_bytes) // (1024 * 1024)
                raise FetchError(texts.FETCH_TOO_BIG.format(limit=limit))
            chunks.append(chunk)


def page_url(url: str, page: int) -> str:
    """The URL of page ``page`` of a thread: ``…&page=N`` or the rewritten ``thread-T-N-1.html``."""
    parts = urlsplit(url)
    rewritten = re.match(r"(.*/thread-\d+-)(\d+)(-\d+\.html)$", parts.path)
    if rewritten:
        path = f"{rewritten.group(1)}{page}{rewritten.group(3)}"
        return urlunsplit(parts._replace(path=path))
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "page"]
    return urlunsplit(parts._replace(query=urlencode([*query, ("page", str(page))])))


def thread_id(url: str) -> str | None:
    """The thread's id in an address (``tid=…`` or ``thread-T-…``)."""
    m = REWRITTEN.search(url)
    if m:
        return m.group(1)
    return dict(parse_qsl(urlsplit(url).query)).get("tid")


PAGER = ".pg, .pages, .pager"
"""The pager: Discuz! X's ``div.pg`` (「共 N 页」 in a ``title``), 6/7 and phpwind's ``div.pages``; a
post that says 「共 300 页」 is not the pager."""


def page_count(url: str, page: str) -> int:
    """How many pages the thread has: 「共 N 页」 in the pager, else the highest page the pager
    (or any link of the page) links to."""
    try:
        tree = dom.parse(page)
    except ThreadError:
        return 1  # a page with nothing on it: the reader says so
    pagers = tree.css(PAGER)
    words = " ".join(
        [dom.line(p) for p in pagers]
        + [dom.attr(t, "title") for p in pagers for t in p.css("[title]")]
    )
    m = PAGES.search(words)
    if m:
        return int(m.group(1))
    tid, highest = thread_id(url), 1
    for link in tree.css("a[href]"):
        target = urljoin(url, dom.attr(link, "href"))
        if tid is not None and thread_id(target) != tid:
            continue
        rewritten = REWRITTEN.search(target)
        number = (
            rewritten.group(2) if rewritten else dict(parse_qsl(urlsplit(target).query)).get("page")
        )
        if number and number.isdigit() and len(number) < 7:
            highest = max(highest, int(number))
    return highest


def fetch_pages(
    url: str,
    cookie: str = "",
    allow_loopback: bool = False,
    limits: Limits | None = None,
    resolve: Resolver = socket.getaddrinfo,
    start: int = 1,
) -> tuple[list[str], int]:
    """Pages ``start`` to the last of a thread (a watched thread reads from its last known page
    on), fetched with the director's forum cookie (for threads only members may read), within
    ``limits``; and how many pages the thread has. A ``start`` past the last page reads from the
    first."""
    limits = limits or Limits()
    url = urlunsplit(checked_url(url))
    fetcher = Fetcher(url, cookie, allow_loopback, limits, resolve)
    first = fetcher.get(page_url(url, start) if start > 1 else url)
    total = page_count(url, first)
    if start > total:  # the thread lost pages (posts deleted): read it again from the start
        return fetch_pages(url, cookie, allow_loopback, limits, resolve)
    if total - start + 1 > limits.pages:
        raise FetchError(texts.FETCH_TOO_MANY_PAGES.format(limit=limits.pages))
    rest = [fetcher.get(page_url(url, n)) for n in range(start + 1, total + 1)]
    return [first, *rest], total


def fetch(
    url: str,
    cookie: str = "",
    allow_loopback: bool = False,
    limits: Limits | None = None,
    resolve: Resolver = socket.getaddrinfo,
) -> list[str]:
    """Every page of a thread, fetched with the director's forum cookie, within ``limits``."""
    return fetch_pages(url, cookie, allow_loopback, limits, resolve)[0]
