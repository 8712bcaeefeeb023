"""The work of live updates: what every open page of a game (each seat, the director, the public)
does after each change, with a page's version counted in events (before) and as a digest of its
view (now), over random games of every rule set.

A socket first checks a cheap fingerprint (before: how many events its viewer may see; now: the
events its view is built from, its legal acts and the review state) and computes the view only
when that moved; now it then sends only when the view's digest differs from the one sent.

Run: ``.venv/bin/python benchmarks/live_pushes.py --games 10`` (after ``bansha compile``).
Prints a Markdown table for docs/benchmarks.md: milliseconds of push work per game change for
all of a game's pages, pushes sent, and pushes that carried a view identical to the one before
(each one a side channel: the page learns that something it may not see happened).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import bansha
from bansha.engine import Game
from bansha.engine.views import digest, inputs, view
from bansha.engine.views import shown as shown_to
from bansha.rulesets import find_ruleset
from bansha.sim.play import play_random


def _counted(game: Game, viewer: int | str) -> int:
    """The version before: how many events the viewer may see."""
    return len(shown_to(game, viewer))


def measure(ruleset: str, games: int) -> dict[str, Any]:
    """Replay ``games`` random games event by event; both ways of deciding each page's push."""
    rs = find_ruleset(ruleset)
    names = [f"p{i}" for i in range(rs.player_count)]
    viewers: list[int | str] = ["public", "director", *range(rs.player_count)]
    out = {"changes": 0, "before_s": 0.0, "now_s": 0.0, "before_sent": 0, "now_sent": 0}
    out["before_same"] = 0
    for seed in range(games):
        played = play_random(Game.create(rs, names, seed), seed)
        game = Game.replay(rs, played.events[:1])
        before = {v: (_counted(game, v), view(game, v)) for v in viewers}
        now = {v: (inputs(game, v), digest(view(game, v))) for v in viewers}
        for ev in played.events[1:]:
            game.catch_up([ev])
            out["changes"] += 1
            start = time.perf_counter()
            pushed = []
            for v in viewers:
                n = _counted(game, v)
                if n != before[v][0]:
                    pushed.append((v, n, view(game, v)))
            mid = time.perf_counter()
            for v, n, shown in pushed:
                out["before_sent"] += 1
                out["before_same"] += shown == before[v][1]
                before[v] = (n, shown)
            mid = time.perf_counter()
            for v in viewers:
                fingerprint = inputs(game, v)
                if fingerprint != now[v][0]:
                    d = digest(view(game, v))
                    if d != now[v][1]:
                        out["now_sent"] += 1
                    now[v] = (fingerprint, d)
            end = time.perf_counter()
            out["before_s"] += mid - start
            out["now_s"] += end - mid
    return out


def main() -> None:
    """Measure every rule set and print the table."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    args = ap.parse_args()
    print(f"compiled engine: {bansha.COMPILED}; games per rule set: {args.games}\n")
    print(
        "| rule set | changes | ms per change, before | now | pushes before | now "
        "| pushes with an unchanged view, before |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for rid in ("m103", "bs46", "m186", "xxxii"):
        r = measure(rid, args.games)
        n = r["changes"]
        print(
            f"| {rid} | {n} | {r['before_s'] / n * 1e3:.2f} | {r['now_s'] / n * 1e3:.2f} "
            f"| {r['before_sent']} | {r['now_sent']} | {r['before_same']} |"
        )


if __name__ == "__main__":
    main()
