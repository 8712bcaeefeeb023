"""Simulator throughput: complete games per second per rule set, random and heuristic agents,
on one process and on every core, with µs per decision and the scaling ratio, in one run.

Run: ``.venv/bin/python benchmarks/simulate_scaling.py`` (after ``bansha compile``; it says
whether the compiled engine ran). Prints a Markdown table for docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import os
import time

import bansha
from bansha.sim.simulate import simulate


def measure(ruleset: str, agents: str, games: int, jobs: int) -> tuple[float, float]:
    """(games per second, µs per decision) of one simulation without the skill-impact replays."""
    start = time.perf_counter()
    r = simulate(ruleset, games, agents, jobs=jobs, impact_games=0)
    seconds = time.perf_counter() - start
    decisions = r["decisions_per_game"] * games
    return games / seconds, seconds / decisions * 1e6


def main() -> None:
    """Measure every rule set; jobs 1 and all cores alternate so noise hits both alike."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--rulesets", nargs="*", default=["m103", "bs46", "m186", "xxxii"])
    args = ap.parse_args()
    cores = os.cpu_count() or 1
    print(f"compiled engine: {bansha.COMPILED}; cores: {cores}; games per cell: {args.games}\n")
    print(
        "| rule set | agents | games/s, 1 process | µs/decision | "
        f"games/s, {cores} processes | scaling |"
    )
    print("|---|---|---:|---:|---:|---:|")
    for rs in args.rulesets:
        for agents in ("random", "heuristic"):
            one, us = measure(rs, agents, args.games, 1)
            many, _ = measure(rs, agents, args.games, cores)
            print(
                f"| {rs} | {agents} | {one:,.0f} | {us:.1f} | {many:,.0f} | {many / one:.2f}× |",
                flush=True,
            )


if __name__ == "__main__":
    main()
