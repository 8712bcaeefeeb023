"""One thread post reaching 100 open pages: time and bytes per push, on a fresh game and a long one.

For each size, builds an M103 game of about that many events (``long_game.build``, in bulk) in a
new installation, starts ``bansha serve --workers 1`` on it, seats every player through their
private links, opens 100 real websockets (every seat's page several times over, and the public
page), then has one player post in the discussion thread (an HTTP form, as the page sends it) and
waits until every socket whose viewer's view moved has heard of it. Prints, per size, the time
from the post to the last socket's push, the bytes of a push, and the server's processor time
for the whole fan-out.

    .venv/bin/python benchmarks/live_sockets.py --sizes 100,20000
"""

from __future__ import annotations

import argparse
import asyncio
import http.cookiejar
import os
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

SOCKETS = 100
HERE = Path(__file__).resolve().parent


def prepare_game(home: str, size: int) -> tuple[str, dict[int, str]]:
    """A game of about ``size`` events in the installation at ``home`` (in a child process, so
    this one stays out of Django)."""
    code = (
        "import inprocess, long_game, json\n"
        "inprocess.prepare('bansha-sockets-')\n"
        "from bansha.service.games import SERVICE\n"
        f"gid, tokens = long_game.build(SERVICE, {size}, bulk=True)\n"
        "print(json.dumps([gid, tokens]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=HERE,
        env={**os.environ, "BANSHA_HOME": home},
        capture_output=True,
        text=True,
        check=True,
    )
    import json

    gid, tokens = json.loads(out.stdout.strip().splitlines()[-1])
    return gid, {int(k): v for k, v in tokens.items()}


def processor_seconds(pid: int) -> float:
    """User and system processor seconds of ``pid`` and its children (``load_web``'s reading)."""
    sys.path.insert(0, str(HERE))
    from load_web import processor_seconds as read

    return read(pid)


class Browser:
    """A player's browser: cookies and forms."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str) -> str:
        """A page's HTML."""
        with self.opener.open(self.base + path, timeout=120) as r:
            return r.read().decode()

    def post(self, path: str, fields: dict[str, str]) -> None:
        """Submit a form with the CSRF token."""
        token = next(c.value for c in self.jar if c.name == "csrftoken")
        data = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": token}).encode()
        request = urllib.request.Request(
            self.base + path, data=data, headers={"Referer": self.base + "/"}
        )
        self.opener.open(request, timeout=120).read()

    def cookie(self) -> str:
        """The cookies, as a request header."""
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)


async def fan_out(port: int, gid: str, tokens: dict[int, str], pid: int) -> dict[str, float]:
    """Open the sockets, post once, time the pushes."""
    from websockets.asyncio.client import connect

    base = f"http://127.0.0.1:{port}"
    browsers = {}
    for seat, token in tokens.items():
        browsers[seat] = Browser(base)
        await asyncio.to_thread(browsers[seat].get, f"/g/{gid}/join/{token}")
    viewers: list[tuple[str, str]] = []
    seats = sorted(browsers)
    while len(viewers) < SOCKETS - 2:
        for seat in seats:
            viewers.append(("me", browsers[seat].cookie()))
    viewers = [*viewers[: SOCKETS - 2], ("public", ""), ("public", "")]
    sockets = []
    for who, cookie in viewers:
        ws = await connect(
            f"ws://127.0.0.1:{port}/ws/g/{gid}/{who}",
            additional_headers={"Cookie": cookie, "Origin": base},
            open_timeout=120,
            max_size=None,
        )
        await asyncio.wait_for(ws.recv(), 120)  # the version on connecting
        sockets.append(ws)
    writer = browsers[seats[0]]
    await asyncio.to_thread(writer.get, f"/g/{gid}/thread")  # its CSRF cookie
    await asyncio.sleep(1)
    sizes: list[int] = []
    cpu = processor_seconds(pid)
    start = time.perf_counter()
    arrived: list[float] = []

    async def hear(ws: object) -> None:
        message = await asyncio.wait_for(ws.recv(), 300)  # type: ignore[attr-defined]
        arrived.append(time.perf_counter() - start)
        sizes.append(len(message.encode() if isinstance(message, str) else message))

    listening = [asyncio.create_task(hear(ws)) for ws in sockets]
    await asyncio.to_thread(writer.post, f"/g/{gid}/thread", {"text": "大家好，我来说两句。"})
    await asyncio.gather(*listening)
    cpu = processor_seconds(pid) - cpu
    for ws in sockets:
        await ws.close()
    return {
        "last": max(arrived) * 1000,
        "median": sorted(arrived)[len(arrived) // 2] * 1000,
        "bytes": max(sizes),
        "cpu": cpu * 1000,
    }


def main() -> None:
    """Each size in turn: build, serve, fan out, print a Markdown row."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="100,20000")
    ap.add_argument("--port", type=int, default=8775)
    args = ap.parse_args()
    print("| events | pushes | last push after the post | median | bytes a push | server CPU |")
    print("|---:|---:|---:|---:|---:|---:|")
    for size in (int(s) for s in args.sizes.split(",")):
        home = tempfile.mkdtemp(prefix="bansha-sockets-")
        gid, tokens = prepare_game(home, size)
        env = {**os.environ, "BANSHA_HOME": home, "BANSHA_RATELIMIT": "0"}
        server = subprocess.Popen(
            [sys.executable, "-m", "bansha.cli", "serve", "--port", str(args.port), "--no-clock"],
            cwd=HERE.parent,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            for _ in range(3000):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{args.port}/", timeout=1)
                    break
                except OSError:
                    time.sleep(0.1)
            r = asyncio.run(fan_out(args.port, gid, tokens, server.pid))
        finally:
            server.terminate()
            server.wait(30)
        print(
            f"| {size:,} | {SOCKETS} | {r['last']:.0f} ms | {r['median']:.0f} ms | "
            f"{r['bytes']} | {r['cpu']:.0f} ms |",
            flush=True,
        )


if __name__ == "__main__":
    main()
