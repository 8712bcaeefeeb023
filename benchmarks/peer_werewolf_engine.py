"""µs per action, side by side in one run: PyPI ``werewolf-engine`` (9 players) vs bansha ``werewolf9``.

Both tables have 9 players of similar make-up:
  werewolf-engine: 2 werewolves, seer, doctor, witch, hunter, 3 villagers
  bansha werewolf9: 2 wolves, seer, witch, guard, idiot, 3 villagers (a variant file of M103)
Both are driven by uniformly random agents that pick among the legal actions (passing 15% of the
time at night). Batches alternate between the two engines so machine noise hits both alike.

Run with ``bash benchmarks/run_peer.sh`` (installs the peer into a throwaway environment).
"""

from __future__ import annotations

import argparse
import random
import time

from per_action import Side, print_ratio, print_table
from werewolf_engine import Game as PeerGame
from werewolf_engine import GameConfig
from werewolf_engine.phases import Phase

import bansha
from bansha.engine import Game
from bansha.rulesets import find_ruleset
from bansha.sim.play import play_random

PEER_ROLES = {"werewolf": 2, "seer": 1, "doctor": 1, "witch": 1, "hunter": 1, "villager": 3}
NAMES = [f"p{i}" for i in range(9)]


def play_peer(seed: int) -> int:
    """One complete werewolf-engine game with random agents; returns the number of actions."""
    random.seed(seed)  # the peer deals and fires the hunter with the global generator
    rng = random.Random(seed)
    g = PeerGame(NAMES, GameConfig(role_counts=dict(PEER_ROLES)))
    g.start()
    actions = 0
    for _ in range(10_000):
        if g.phase == Phase.END:
            return actions
        if g.phase == Phase.NIGHT:
            nm = g.night_manager
            actor = nm.current_actor
            targets = nm.get_available_targets(actor)
            if targets and rng.random() >= 0.15:
                g.night_action(actor.id, rng.choice(targets).id)
            else:
                g.night_skip(actor.id)
            actions += 1
        elif g.phase == Phase.DAY:
            dm = g.day_manager
            voter = next(v for v in dm._voters if v.id not in dm._votes)
            options = [p for p in g.players if p.is_alive() and p.id != voter.id]
            g.day_vote(voter.id, rng.choice(options).id)
            actions += 1
    raise RuntimeError("peer game did not end")


def play_bansha(rs: object, seed: int) -> int:
    """One complete bansha werewolf9 game with random agents; returns the number of actions."""
    g = Game.create(rs, NAMES, seed)  # type: ignore[arg-type]
    play_random(g, seed, rounds=1)
    return sum(1 for e in g.events if e.kind in ("acted", "voted", "last_words"))


def main() -> None:
    """Alternate batches of both engines and print µs per action and the ratio."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=4000, help="games per engine")
    ap.add_argument("--batch", type=int, default=200)
    args = ap.parse_args()
    rs = find_ruleset("werewolf9")
    print(f"bansha compiled engine: {bansha.COMPILED}")
    sides = {"werewolf-engine": Side(), "bansha": Side()}
    seed = 0
    while sides["bansha"].games < args.games:
        for name, side in sides.items():
            t0 = time.perf_counter()
            acts = 0
            for i in range(args.batch):
                acts += (
                    play_peer(seed + i) if name == "werewolf-engine" else play_bansha(rs, seed + i)
                )
            side.add(time.perf_counter() - t0, acts, args.batch)
        seed += args.batch
    print_table("engine", sides)
    print_ratio("bansha / werewolf-engine", sides["bansha"], sides["werewolf-engine"])


if __name__ == "__main__":
    main()
