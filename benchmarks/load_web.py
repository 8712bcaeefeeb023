"""Load test of the web platform, against 127.0.0.1 only.

Starts ``bansha serve --workers 2`` (SQLite by default, PostgreSQL with BANSHA_DATABASE_URL), makes
GAMES games through the director's pages, seats every player with their private link, then paces
requests at RATE per second for SECONDS seconds from a thread pool: players loading their page,
submitting night acts, voting and writing in their team chat. Prints throughput and p50/p99.

    python benchmarks/load_web.py --games 200 --rate 300 --seconds 60
"""

from __future__ import annotations

import argparse
import gc
import http.client
import http.cookiejar
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from typing import Any, ClassVar

NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
TIMEOUT = 300
"""Seconds a request is waited for (the first new-game page builds every rule set; a server under
valgrind on a busy machine is slow)."""


CONNECTIONS = {"kept": "connections kept open", "new": "a connection per request"}


class Client:
    """A cookie-keeping HTTP client that posts Django forms with their CSRF token (no redirects).

    With ``Client.keep_alive`` set, each client thread holds one HTTP/1.1 connection open and sends
    every player's requests over it (as a browser holds its connection between a page and its
    forms, and a proxy its upstream connections); otherwise each request opens a connection and
    closes it (urllib's way)."""

    class _NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: object, **kwargs: object) -> None:
            return None

    keep_alive: ClassVar[bool] = False
    """Requests go over each thread's open connection (set for the timed requests)."""
    _connections = threading.local()

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), self._NoRedirect()
        )

    def _open(self, req: urllib.request.Request) -> tuple[int, Any, bytes]:
        """Send ``req`` (its status, headers and body): through urllib, or over this thread's open
        connection with the player's cookies."""
        if not Client.keep_alive:
            try:
                with self.opener.open(req, timeout=TIMEOUT) as r:
                    return r.status, r.headers, r.read()
            except urllib.error.HTTPError as e:
                return e.code, e.headers, b""
        self.jar.add_cookie_header(req)
        headers = {**req.headers, **req.unredirected_hdrs}
        if req.data is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in (1, 2):  # a connection the server closed meanwhile is opened again
            conn = getattr(Client._connections, "conn", None)
            if conn is None:
                host = urllib.parse.urlsplit(self.base).netloc
                conn = Client._connections.conn = http.client.HTTPConnection(host, timeout=TIMEOUT)
            try:
                conn.request(req.get_method(), req.selector, body=req.data, headers=headers)
                r = conn.getresponse()
                body = r.read()
            except (http.client.HTTPException, ConnectionError):
                conn.close()
                Client._connections.conn = None
                if attempt == 2:
                    raise
                continue
            self.jar.extract_cookies(r, req)  # type: ignore[arg-type]
            return r.status, r.headers, body
        raise AssertionError("unreachable")

    def get(self, path: str) -> str:
        """A page's HTML (empty for a redirect)."""
        status, headers, body = self._open(urllib.request.Request(self.base + path))
        self._timed(headers)
        if status in (301, 302):
            return ""
        if status >= 400:
            raise urllib.error.HTTPError(self.base + path, status, "", headers, None)
        return body.decode()

    handler_ms: ClassVar[dict[int, float]] = {}
    """The handler's processor time of each thread's last request, from the server's
    ``Server-Timing`` header (``BANSHA_SERVER_TIMING=1``)."""

    def _timed(self, headers: Any) -> None:
        """Keep the handler's processor time this response names, for this thread."""
        found = re.search(r"cpu;dur=([0-9.]+)", headers.get("Server-Timing", "") or "")
        Client.handler_ms[threading.get_ident()] = float(found.group(1)) if found else 0.0

    def post(self, path: str, fields: dict[str, str]) -> int:
        """Submit a form with the CSRF token; the HTTP status."""
        token = next((c.value for c in self.jar if c.name == "csrftoken"), "")
        data = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": token}).encode()
        req = urllib.request.Request(
            self.base + path, data=data, headers={"Referer": self.base + "/"}
        )
        status, headers, _ = self._open(req)
        self._timed(headers)
        return status


def start_server(
    home: str,
    port: int,
    workers: int,
    threads: int = 4,
    under: tuple[str, ...] = (),
    clock: bool = True,
) -> subprocess.Popen[bytes]:
    """``bansha serve`` with its own database and a director account, once it answers (``under``:
    a command the server runs under, e.g. valgrind's; the director made only when the home is
    new)."""
    # every simulated player shares 127.0.0.1, so the per-address rate limits are off here
    env = {**os.environ, "BANSHA_HOME": home, "BANSHA_RATELIMIT": "0", "BANSHA_SERVER_TIMING": "1"}
    bansha = [sys.executable, "-m", "bansha.cli"]
    if not os.path.exists(os.path.join(home, "bansha.db")):
        subprocess.run(
            [*bansha, "director", "load"],
            env=env,
            input=b"a-long-password-1\n",
            check=True,
            capture_output=True,
        )
    proc = subprocess.Popen(
        [
            *under,
            *bansha,
            "serve",
            "--port",
            str(port),
            "--workers",
            str(workers),
            "--threads",
            str(threads),
            *([] if clock else ["--no-clock"]),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=open(os.path.join(home, "server.log"), "ab"),  # noqa: SIM115  (the server's)
    )
    started = time.monotonic()
    while time.monotonic() - started < 1800:  # a busy machine (or valgrind) takes a while
        try:  # refused at once until it listens; then its first answer is waited for (a server
            # under valgrind takes many seconds, and a probe given up on is still served)
            urllib.request.urlopen(f"http://127.0.0.1:{port}/accounts/login/", timeout=600)
            return proc
        except OSError:
            if proc.poll() is not None:  # it stopped (its port taken by another server, say)
                break
            time.sleep(0.1)
    proc.terminate()  # never left behind: a later run on the same port would reach it instead
    proc.wait(60)
    raise RuntimeError(f"server did not start (its output: {home}/server.log)")


def seat_players(base: str, games: int) -> list[tuple[str, Client, list[str]]]:
    """Log the director in, create ``games`` M103 games through the director's pages (every other
    one closed on to its first 讨论日), and seat every player with their private link: each
    player's game, browser and team chats."""
    d = Client(base)
    d.get("/accounts/login/")
    d.post("/accounts/login/", {"username": "load", "password": "a-long-password-1"})
    d.get("/new")
    players: list[tuple[str, Client, list[str]]] = []
    for g in range(games):
        token = next((c.value for c in d.jar if c.name == "csrftoken"), "")
        data = urllib.parse.urlencode(
            {
                "ruleset": "m103",
                "players": "\n".join(NAMES),
                "options": "",
                "nonce": f"new-{g}",
                "csrfmiddlewaretoken": token,
            }
        ).encode()
        req = urllib.request.Request(base + "/new", data=data, headers={"Referer": base + "/"})
        try:  # the game's page of links comes after a redirect (Post/Redirect/Get)
            html = d.opener.open(req, timeout=TIMEOUT).read().decode()
        except urllib.error.HTTPError as e:
            if e.code != 302:
                raise
            html = d.get(e.headers["Location"].replace(base, ""))
        links = re.findall(r'value="(http://[^"]+/join/[A-Za-z0-9_\-]+)"', html)
        gid = links[0].split("/g/")[1].split("/")[0]
        d.post(f"/g/{gid}/director/command", {"command": "关闭阶段", "nonce": f"c1-{gid}"})
        # every other game on to its first 讨论日 (the night's stages, M103 R-M103-18, between)
        for n in range(2, 8 if g % 2 else 2):
            if "讨论日" in d.get(f"/g/{gid}/").split("</header>")[0]:
                break
            d.post(f"/g/{gid}/director/command", {"command": "关闭阶段", "nonce": f"c{n}-{gid}"})
        for link in links:
            c = Client(base)
            c.get(link.replace(base, ""))
            page = c.get(f"/g/{gid}/me")
            groups = re.findall(r'data-group="(\w+)"', page)
            players.append((gid, c, groups))
    return players


def send(c: Client, gid: str, groups: list[str], kind: float, i: int, rng: random.Random) -> str:
    """One request of the load's mix (``kind`` in [0, 1): 40% page loads, 30% team-chat lines
    for a player in a team chat, 15% votes, 15% night acts, the rest votes); its label."""
    if kind < 0.4:
        c.get(f"/g/{gid}/me")
        return "page"
    if kind < 0.7 and groups:
        c.post(f"/g/{gid}/say", {"group": groups[0], "text": f"消息{i}", "nonce": f"s{i}"})
        return "chat"
    if kind < 0.85:
        target = str(rng.randrange(len(NAMES)))
        c.post(f"/g/{gid}/act", {"skill": "vote", "target": target, "nonce": f"v{i}"})
        return "vote"
    target = str(rng.randrange(len(NAMES)))
    c.post(f"/g/{gid}/act", {"skill": "kill", "targets": target, "nonce": f"k{i}"})
    return "act"


def processor_seconds(pid: int) -> float:
    """User and system processor seconds of ``pid`` and every process under it, from ``/proc``
    (the server's workers are its children)."""
    return sum(processor_split(pid))


def processor_split(pid: int) -> tuple[float, float]:
    """User and system processor seconds, apart, of ``pid`` and every process under it."""
    user = system = 0.0
    todo = [pid]
    while todo:
        p = todo.pop()
        try:
            with open(f"/proc/{p}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{p}/task/{p}/children") as f:
                todo += [int(c) for c in f.read().split()]
        except OSError:
            continue
        user += int(fields[11]) / os.sysconf("SC_CLK_TCK")
        system += int(fields[12]) / os.sysconf("SC_CLK_TCK")
    return user, system


def main() -> None:
    """Create the games, seat every player, pace the requests, print throughput and latency."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--rate", type=float, default=300.0)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--threads", type=int, default=48, help="client threads")
    ap.add_argument("--server-threads", type=int, default=4, help="request threads per worker")
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument(
        "--connections",
        choices=("kept", "new"),
        default="kept",
        help="kept: each client thread keeps its connection open (as browsers do); new: a"
        " connection per request",
    )
    args = ap.parse_args()
    home = tempfile.mkdtemp(prefix="bansha-load-")
    base = f"http://127.0.0.1:{args.port}"
    proc = start_server(home, args.port, args.workers, args.server_threads)
    try:
        players = seat_players(base, args.games)
        print(f"{args.games} games, {len(players)} seated players", flush=True)
        latencies: list[float] = []
        by_kind: dict[str, list[float]] = {}
        handler: dict[str, list[float]] = {}
        lock = threading.Lock()
        rng = random.Random(1)

        def one(i: int) -> None:
            gid, c, groups = players[rng.randrange(len(players))]
            kind = rng.random()
            t0 = time.perf_counter()
            label = send(c, gid, groups, kind, i, rng)
            dt = time.perf_counter() - t0
            spent = Client.handler_ms.get(threading.get_ident(), 0.0)
            with lock:
                latencies.append(dt)
                by_kind.setdefault(label, []).append(dt)
                handler.setdefault(label, []).append(spent)

        # the clients' own collector held every request in flight meanwhile (full collections of
        # the 1,400 players' state took up to 0.4 s on a busy machine, and showed as the server's
        # p99): what they hold is frozen and no collection runs while the requests are timed
        gc.collect()
        gc.freeze()
        gc.disable()
        Client.keep_alive = args.connections == "kept"
        split_before = processor_split(proc.pid)
        start = time.perf_counter()
        total = int(args.rate * args.seconds)
        with ThreadPoolExecutor(args.threads) as pool:
            for i in range(total):
                due = start + i / args.rate
                now = time.perf_counter()
                if due > now:
                    time.sleep(due - now)
                pool.submit(one, i)
        elapsed = time.perf_counter() - start
        gc.enable()
        split_after = processor_split(proc.pid)
        user = split_after[0] - split_before[0]
        system = split_after[1] - split_before[1]
        cpu = user + system
        lat = sorted(latencies)
        p50 = statistics.median(lat) * 1000
        p99 = lat[int(len(lat) * 0.99) - 1] * 1000
        db = "PostgreSQL" if os.environ.get("BANSHA_DATABASE_URL") else "SQLite"
        print(
            f"{db}, {args.workers} workers, {CONNECTIONS[args.connections]}: {len(lat)} requests in {elapsed:.1f} s = "
            f"{len(lat) / elapsed:.0f} req/s; p50 {p50:.1f} ms, p99 {p99:.1f} ms; server "
            f"{cpu / elapsed:.2f} cores, {cpu / len(lat) * 1000:.2f} ms processor time a request"
            f" (user {user / len(lat) * 1000:.2f}, system {system / len(lat) * 1000:.2f})"
        )
        for label, values in sorted(by_kind.items()):
            values.sort()
            print(
                f"  {label}: {len(values)} requests, p50 {statistics.median(values) * 1000:.1f} ms,"
                f" p99 {values[int(len(values) * 0.99) - 1] * 1000:.1f} ms; handler processor"
                f" time {statistics.mean(handler[label]):.2f} ms a request"
            )
        spent = [ms for values in handler.values() for ms in values]
        print(
            f"  handler processor time (middleware and view, on the request threads)"
            f" {statistics.mean(spent):.2f} ms a request; the rest of the server's"
            f" {cpu / len(lat) * 1000 - statistics.mean(spent):.2f} ms (HTTP, event loop,"
            " threads' hand-over, collector, clock)"
        )
    finally:
        proc.terminate()
        proc.wait(20)
    print("  commands that landed (the rest were refused by the rules):", landed(home))
    print("  statements sent to the database per request:", statements(home))


def landed(home: str) -> str:
    """How many submitted commands the engine accepted, by kind (read from the store)."""
    code = (
        "from bansha.web.server import setup; setup()\n"
        "from django.db.models import Count\n"
        "from bansha.store.models import CommandRecord\n"
        "rows = CommandRecord.objects.values('kind').annotate(n=Count('id')).order_by('kind')\n"
        "print(', '.join(f\"{r['kind']} {r['n']}\" for r in rows))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "BANSHA_HOME": home},
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.strip()


def statements(home: str) -> str:
    """The statements each kind of request sends (``inprocess.statements``, on the run's
    database once the server has stopped)."""
    code = (
        "import inprocess\n"
        "inprocess.prepare('bansha-load-')\n"
        "print(', '.join(f'{k} {n}' for k, n in inprocess.statements().items()))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "BANSHA_HOME": home},
        cwd=os.path.dirname(os.path.abspath(__file__)),
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.strip().splitlines()[-1]


if __name__ == "__main__":
    main()
