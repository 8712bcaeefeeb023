"""Benchmark: complete games per second with random agents, actions per game, memory over games."""

from __future__ import annotations

import gc
import resource
import time
import tracemalloc
from typing import Any

from bansha import collector
from bansha.engine import Game
from bansha.engine.ruleset import RuleSet
from bansha.rulesets import find_ruleset
from bansha.sim.play import play_random

ROUNDS = 1
"""Turns each seat gets per stage in the benchmark: one decision per player per stage."""


def names(n: int) -> list[str]:
    """Seat names for a benchmark table."""
    return [f"p{i}" for i in range(n)]


def run_bench(ruleset: str, games: int, seed: int = 0, memory: bool = True) -> dict[str, Any]:
    """Play ``games`` complete games; report throughput, actions and memory at 10% and 100%
    (the collector settled once the rule set is read, as in ``bansha simulate``: ``collector``)."""
    rs = find_ruleset(ruleset)
    with collector.settled():
        return _run(rs, games, seed, memory)


def _run(rs: RuleSet, games: int, seed: int, memory: bool) -> dict[str, Any]:
    players = names(rs.player_count)
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        g = Game.create(rs, players, seed + i)
        play_random(g, seed + i, rounds=ROUNDS)
        actions += sum(1 for e in g.events if e.kind in ("acted", "voted", "last_words"))
    elapsed = time.perf_counter() - start
    out: dict[str, Any] = {
        "games": games,
        "seconds": elapsed,
        "games_per_second": games / elapsed,
        "actions_per_game": actions / games,
        "us_per_action": elapsed / max(actions, 1) * 1e6,
        "events_per_game": None,
    }
    g = Game.create(rs, players, seed)
    play_random(g, seed, rounds=ROUNDS)
    out["events_per_game"] = len(g.events)
    if memory:
        gc.collect()
        tracemalloc.start()
        marks = []
        for i in range(games):
            g = Game.create(rs, players, seed + i)
            play_random(g, seed + i, rounds=ROUNDS)
            del g
            if (i + 1) in (games // 10, games):
                gc.collect()
                marks.append(tracemalloc.get_traced_memory()[0])
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        out["kib_after_10pct"] = marks[0] / 1024 if marks else 0.0
        out["kib_after_100pct"] = marks[-1] / 1024 if marks else 0.0
        out["peak_kib"] = peak / 1024
    out["max_rss_mib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out
