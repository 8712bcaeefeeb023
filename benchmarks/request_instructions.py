"""Instructions a request of each kind takes in the server's request thread, counted in process
under valgrind's callgrind: the same count every run, whatever else the machine does.

For each kind, one process under callgrind sets bansha up on a database of its own (SQLite, or
BANSHA_DATABASE_URL's), builds two M103 games at their first 讨论日, opens every seat of their
assassins' team chat in a test browser, and then sends REQUESTS requests through the server's
ASGI handler's synchronous part (``PooledASGIHandler._serve``: ``request_started``, Django's
request, the middleware chain and view, the response's headers and body, its close with
``request_finished``), one at a time, after 40 to warm up, with the
interpreter's collector off (its full collections come at times no run repeats) and callgrind's
counters zeroed before and dumped after. The requests run on a thread of their own, marked as a
request thread as the server's are (``handler.enter_lane``, when the checkout has it). Kinds:

- ``missing``: a seated player's GET of a game that does not exist (404), the floor;
- ``page``: a player's page; ``chat``: a team-chat line that lands;
- ``vote``: a vote (most land, some are refused: a dead seat, the same vote again);
- ``act``: a night act (refused by day: the refusal's path).

``--without A,B``: the middleware whose dotted path holds one of these names left out of the
chain (each middleware's share of a kind: the count without it, taken from the count with all).
uvicorn and the event loop (about 0.3 million instructions a request) are not counted here:
``server_instructions.py`` counts the whole server process.

    PYTHONHASHSEED=0 .venv/bin/python benchmarks/request_instructions.py
    PYTHONHASHSEED=0 .venv/bin/python benchmarks/request_instructions.py --kinds missing \
        --without SecurityMiddleware
"""

from __future__ import annotations

import argparse
import glob
import io
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
from urllib.parse import urlencode

from server_instructions import totals

KINDS = ("missing", "page", "chat", "vote", "act")
MISSING = "/g/0000000000000000/me"
WARM = 40


def serve_one(args: argparse.Namespace) -> None:
    """Inside callgrind: set up, warm up, then the counted requests of one kind."""
    from inprocess import day_game, prepare

    _, owner = prepare("bansha-instructions-")  # puts the checkout on the path: tests import
    from django.conf import settings
    from django.test import Client

    from tests.web.asgi_get import http_scope

    drop = [d for d in args.without.split(",") if d]
    settings.MIDDLEWARE = [m for m in settings.MIDDLEWARE if not any(d in m for d in drop)]
    from bansha.service.games import SERVICE
    from bansha.web.handler import get_asgi_application

    players = []
    for g in range(2):
        gid, tokens = day_game(SERVICE, 100 + g, owner)
        game = SERVICE.load(gid)
        for p in game.state.players:
            if p.alive and p.seat in game.state.groups["assassins"]:
                browser = Client()
                browser.get(f"/g/{gid}/join/{tokens[p.seat]}")
                page = browser.get(f"/g/{gid}/me").content.decode()
                found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
                assert found is not None
                browser.cookies.pop("messages", None)
                cookie = "; ".join(f"{k}={m.value}" for k, m in browser.cookies.items())
                players.append((gid, cookie, found.group(1)))
    app = get_asgi_application()
    rng = random.Random(2)

    def one(i: int) -> None:
        gid, cookie, token = players[rng.randrange(len(players))]
        method, body, path = "GET", b"", f"/g/{gid}/me"
        if args.one == "missing":
            path = MISSING
        elif args.one != "page":
            method = "POST"
            form: dict[str, str]
            if args.one == "chat":
                path, form = f"/g/{gid}/say", {"group": "assassins", "text": f"消息{i}"}
            elif args.one == "vote":
                path, form = f"/g/{gid}/act", {"skill": "vote", "target": str(rng.randrange(14))}
            else:
                path, form = f"/g/{gid}/act", {"skill": "kill", "targets": str(rng.randrange(14))}
            form |= {"nonce": f"{args.one}{i}", "csrfmiddlewaretoken": token}
            body = urlencode(form).encode()
        extra = []
        if body:
            extra = [
                (b"content-type", b"application/x-www-form-urlencoded"),
                (b"content-length", str(len(body)).encode()),
            ]
        scope = http_scope(path, cookie, method, extra)
        served = app._serve(scope, io.BytesIO(body))
        status = served[0] if isinstance(served, tuple) else served.status_code
        assert status in ((302,) if body else (200, 404)), (status, args.one)

    def counted() -> None:
        from bansha.web import handler

        if hasattr(handler, "enter_lane"):  # a request thread, as the server's
            handler.enter_lane()
        for i in range(WARM):
            one(i)
        import gc

        gc.collect()
        gc.freeze()
        gc.disable()
        pid = str(os.getpid())
        subprocess.run(["callgrind_control", "-z", pid], check=True, capture_output=True)
        for i in range(args.requests):
            one(1000 + i)
        subprocess.run(["callgrind_control", "-d", pid], check=True, capture_output=True)

    thread = threading.Thread(target=counted, name="bansha-request-0")
    thread.start()
    thread.join()


def main() -> None:
    """Count each kind in a process of its own under callgrind; print a Markdown table."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--requests", type=int, default=200)
    ap.add_argument("--without", default="", help="middleware left out (parts of their paths)")
    ap.add_argument("--out", default="", help="folder for callgrind's dumps")
    ap.add_argument("--one", default="", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        serve_one(args)
        return
    out = args.out or tempfile.mkdtemp(prefix="bansha-request-instructions-")
    os.makedirs(out, exist_ok=True)
    print("| kind | instructions (millions) a request |\n|---|---:|")
    for kind in args.kinds.split(","):
        for old in glob.glob(f"{out}/cg.*"):
            os.remove(old)
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}/cg.%p",
                "--dump-instr=no",
                sys.executable,
                os.path.abspath(__file__),
                "--one",
                kind,
                "--requests",
                str(args.requests),
                "--without",
                args.without,
            ],
            check=True,
            capture_output=True,
        )
        (dump,) = glob.glob(f"{out}/cg.*.1")
        os.rename(dump, f"{out}/{kind}.callgrind")
        print(f"| {kind} | {totals(f'{out}/{kind}.callgrind') / args.requests / 1e6:.3f} |")
    print(f"\ndumps: {out}/<kind>.callgrind")


if __name__ == "__main__":
    main()
