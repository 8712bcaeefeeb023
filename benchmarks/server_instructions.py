"""A request's whole cost in the server, uvicorn included, counted so that other work on the
machine does not move it: the instructions the server process executes per request.

Sets up GAMES M103 games on a database of its own with ``bansha serve`` as ``load_web.py`` does
(every other one on to its first 讨论日, every player seated with their link), stops that server,
then starts ``bansha serve --workers 1 --no-clock`` again on the same database under valgrind's
callgrind, warms it up (every player's page once, then the load's mix), and for each phase sends
REQUESTS requests one at a time with callgrind's counters zeroed before and dumped after:
``idle`` (no request: what the process does on its own meanwhile), ``mix`` (the load's mix of
``load_web.send``), then each kind alone, and ``missing``: a seated player's GET of a game that
does not exist (404), the floor every request pays (uvicorn, the hand-over, Django's request,
middleware and response, the session's read, the error page). Prints the instructions a request of each phase (the
idle phase's count taken off, scaled to the phase's time) and keeps the dumps (``--out``) for
``callgrind_annotate``: where they went, function by function, inclusive of what each calls.

Without ``--callgrind`` the same phases are measured by the server process's processor time
(user and system, from ``/proc``): the real cost, kernel included, but as noisy as the machine.

    python benchmarks/server_instructions.py --games 6 --requests 300 --callgrind
    callgrind_annotate --inclusive=yes /tmp/bansha-instr/callgrind.out.*.2 | head -80
"""

from __future__ import annotations

import argparse
import glob
import os
import random
import subprocess
import tempfile
import time
import urllib.error

from load_web import Client, processor_seconds, seat_players, send, start_server

PHASES = ("idle", "mix", "page", "chat", "vote", "act", "missing")
MISSING = "/g/0000000000000000/me"
"""A game that does not exist: its page is a 404."""
KINDS = {"page": 0.0, "chat": 0.5, "vote": 0.75, "act": 0.9}
"""A ``send`` draw that makes each kind (chat only for a player in a team chat)."""


def totals(path: str) -> int:
    """The instructions a callgrind dump counted."""
    with open(path) as f:
        for line in f:
            if line.startswith(("totals:", "summary:")):
                return int(line.split()[1])
    raise ValueError(f"no totals in {path}")


def main() -> None:
    """Set up, then count each phase and print a Markdown table."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--requests", type=int, default=300, help="requests a phase")
    ap.add_argument("--threads", type=int, default=4, help="request threads of the server")
    ap.add_argument("--callgrind", action="store_true", help="count instructions (valgrind)")
    ap.add_argument("--out", default="", help="folder for callgrind's dumps")
    ap.add_argument("--port", type=int, default=8771)
    args = ap.parse_args()
    home = tempfile.mkdtemp(prefix="bansha-instr-")
    out = args.out or tempfile.mkdtemp(prefix="bansha-instr-out-")
    os.makedirs(out, exist_ok=True)
    base = f"http://127.0.0.1:{args.port}"
    proc = start_server(home, args.port, 1, args.threads, clock=False)
    try:
        players = seat_players(base, args.games)
    finally:
        proc.terminate()
        proc.wait(20)
    under: tuple[str, ...] = ()
    if args.callgrind:
        under = (
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}/callgrind.out.%p",
            "--dump-instr=no",
        )
    proc = start_server(home, args.port, 1, args.threads, under=under, clock=False)
    rng = random.Random(2)
    counted: dict[str, tuple[float, float]] = {}
    try:
        for gid, c, _ in players:  # every seat's game and view kept by the process
            c.get(f"/g/{gid}/me")
        for i in range(len(players)):
            gid, c, groups = players[rng.randrange(len(players))]
            send(c, gid, groups, rng.random(), 10**6 + i, rng)
        seen = set(glob.glob(f"{out}/callgrind.out.*"))
        for phase in PHASES:
            if args.callgrind:
                subprocess.run(["callgrind_control", "-z", str(proc.pid)], check=True, text=True)
            cpu = processor_seconds(proc.pid)
            start = time.perf_counter()
            sent = 0
            while sent < args.requests:
                if phase == "idle":
                    time.sleep(1.0)
                    break
                gid, c, groups = players[rng.randrange(len(players))]
                draw = rng.random() if phase == "mix" else KINDS.get(phase, 0.0)
                if phase == "chat" and not groups:
                    continue
                if phase == "missing":
                    try:
                        c.get(MISSING)
                    except urllib.error.HTTPError as e:
                        assert e.code == 404, e.code
                else:
                    send(c, gid, groups, draw, 2 * 10**6 + sent, rng)
                sent += 1
            elapsed = time.perf_counter() - start
            cpu = processor_seconds(proc.pid) - cpu
            amount = float(sent or 1)
            if args.callgrind:
                subprocess.run(["callgrind_control", "-d", str(proc.pid)], check=True, text=True)
                dumps = set(glob.glob(f"{out}/callgrind.out.*")) - seen
                seen |= dumps
                newest = max(dumps, key=os.path.getmtime)
                os.rename(newest, f"{out}/{phase}.callgrind")
                counted[phase] = (totals(f"{out}/{phase}.callgrind") / amount, elapsed)
            else:
                counted[phase] = (cpu * 1000 / amount, elapsed)
    finally:
        proc.terminate()
        proc.wait(120)
    idle_rate = counted["idle"][0] / counted["idle"][1]
    unit = "instructions (millions)" if args.callgrind else "processor ms"
    scale = 1e6 if args.callgrind else 1.0
    print(f"{args.games} games, {len(players)} players; {args.requests} requests a phase, one")
    print(f"at a time; idle: {idle_rate / scale:.3f} {unit} a second (taken off each phase)\n")
    print(f"| phase | {unit} a request |")
    print("|---|---:|")
    for phase in PHASES[1:]:
        per, elapsed = counted[phase]
        per -= idle_rate * elapsed / args.requests
        print(f"| {phase} | {per / scale:.3f} |")
    if args.callgrind:
        print(f"\ndumps: {out}/<phase>.callgrind")
    _ = Client


if __name__ == "__main__":
    main()
