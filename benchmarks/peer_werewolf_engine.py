"""µs per action, side by side in one run: PyPI ``werewolf-engine`` (9 players) vs bansha ``werewolf9``.

Both tables have 9 players of similar make-up:
  werewolf-engine: 2 werewolves, seer, doctor, witch, hunter, 3 villagers
  bansha werewolf9: 2 wolves, seer, witch, guard, idiot, 3 villagers (a variant file of M103)
Both are driven by uniformly random agents that pick among the legal actions (passing 15% of the
time at night). Batches alternate between the two engines so machine noise hits both alike.

Two counts of bansha's actions are printed. The peer counts every answer it is asked for, a night
skip included (``night_skip``); bansha's ``acts recorded`` counts only the acts, votes and last
words that were made, and its ``decisions`` counts every time a seat was offered a real act (a
vote, a night skill, last words: not only a declaration such as 投降, which the peer has not) and
answered it, with an act or a pass, as the peer's count does. Decisions are counted on a replay of
the same seeds after the timed batches (a game is the same events every time it is played from its
seed), so the timed games run exactly as the simulator plays them.

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
from bansha.engine import Close, Game
from bansha.rulesets import find_ruleset
from bansha.sim.agents import RandomAgent
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


def decisions(rs: object, seed: int) -> int:
    """The decisions of one bansha werewolf9 game: ``play_random``'s game replayed seat by seat
    (its turn order and agents' draws), counting each poll that offered a real act."""
    g = Game.create(rs, NAMES, seed)  # type: ignore[arg-type]
    turns = random.Random(f"turns/{seed}")
    agents_rng = random.Random(f"agents/{seed}")
    agents = [RandomAgent(seat, agents_rng, 0.15) for seat in range(len(NAMES))]
    seats = list(range(len(NAMES)))
    count = 0
    while g.state.phase != "ended":
        seats.sort(key=lambda _: turns.random())
        for seat in seats:
            options = g.legal(seat)
            if not options:
                continue
            count += any(not la.rare for la in options)
            cmd = agents[seat].decide(options)
            if cmd is None:
                continue
            g.handle(cmd)
            if g.state.phase == "ended":
                break
        else:
            g.handle(Close())
    played = play_random(Game.create(rs, NAMES, seed), seed, rounds=1)  # type: ignore[arg-type]
    if [e.kind for e in played.events] != [e.kind for e in g.events]:
        raise RuntimeError(f"the replay of seed {seed} is not play_random's game")
    return count


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
    asked = Side(sides["bansha"].seconds, 0, 0)
    asked.add(0.0, sum(decisions(rs, s) for s in range(seed)), seed)
    print_table("bansha, decisions", {"bansha": asked})
    print_ratio("bansha per decision / werewolf-engine", asked, sides["werewolf-engine"])


if __name__ == "__main__":
    main()
