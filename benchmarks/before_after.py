"""µs per action of a rule set, this checkout against another (an earlier commit), in one run;
with ``--peer``, PyPI ``werewolf-engine`` against both checkouts' ``werewolf9`` in the same run.

Batches alternate between the sides, each batch played in a fresh process of its checkout (its
own source, compiled or not as it stands), so machine noise hits every side alike; the timing is
taken inside each process, around the games only. Random agents, one decision per seat per stage
(as ``bansha bench``); the peer's games are those of ``peer_werewolf_engine.py``.

    git worktree add /tmp/before <commit>           # the checkout to compare with
    .venv/bin/python benchmarks/before_after.py --before /tmp/before --ruleset m103
    bash benchmarks/run_before_after.sh /tmp/before  # also the peer (installed in a throwaway venv)
    git worktree remove /tmp/before
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from per_action import Side, print_ratio, print_table

HERE = Path(__file__).resolve().parent.parent

BATCH = """
import json, sys, time
from bansha.engine import Game
from bansha.rulesets import find_ruleset
try:
    from bansha.sim.play import play_random
except ImportError:  # a checkout from before it moved beside play
    from bansha.sim.agents import play_random
import bansha
rs = find_ruleset(sys.argv[1])
first, count = int(sys.argv[2]), int(sys.argv[3])
players = [f"p{i}" for i in range(rs.player_count)]
actions = 0
start = time.perf_counter()
for seed in range(first, first + count):
    g = Game.create(rs, players, seed)
    play_random(g, seed, rounds=1)
    actions += sum(1 for e in g.events if e.kind in ("acted", "voted", "last_words"))
print(json.dumps({"seconds": time.perf_counter() - start, "actions": actions,
                  "compiled": bansha.COMPILED}))
"""

PEER_BATCH = """
import json, sys, time
sys.path.insert(0, sys.argv[3])
from peer_werewolf_engine import play_peer
first, count = int(sys.argv[1]), int(sys.argv[2])
start = time.perf_counter()
actions = sum(play_peer(seed) for seed in range(first, first + count))
print(json.dumps({"seconds": time.perf_counter() - start, "actions": actions, "compiled": None}))
"""


def batch(checkout: Path, args: list[str], pure: bool, code: str = BATCH) -> dict[str, float]:
    """Play one batch in a process of ``checkout``; its timing."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    env.pop("BANSHA_PURE", None)
    if pure:
        env["BANSHA_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        env=env,
        cwd=checkout,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    """Alternate batches of every side and print µs per action and the ratios."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--before", type=Path, required=True, help="the checkout to compare with")
    ap.add_argument("--ruleset", default="m103")
    ap.add_argument("--games", type=int, default=3000, help="games per side")
    ap.add_argument("--batch", type=int, default=250)
    ap.add_argument("--pure", action="store_true", help="both from source (BANSHA_PURE=1)")
    ap.add_argument(
        "--peer", action="store_true", help="also werewolf-engine against werewolf9 (installed)"
    )
    args = ap.parse_args()
    checkouts = {"before": args.before.resolve(), "after": HERE}
    runs = [(f"{name} {args.ruleset}", path, args.ruleset) for name, path in checkouts.items()]
    if args.peer:
        runs += [(f"{name} werewolf9", path, "werewolf9") for name, path in checkouts.items()]
    sides = {label: Side() for label, _, _ in runs}
    if args.peer:
        sides["werewolf-engine 0.1.0"] = Side()
    compiled: dict[str, object] = {}
    first = 0
    while sides[runs[-1][0]].games < args.games:
        for label, checkout, ruleset in runs:
            r = batch(checkout, [ruleset, str(first), str(args.batch)], args.pure)
            sides[label].add(r["seconds"], int(r["actions"]), args.batch)
            compiled[label] = r["compiled"]
        if args.peer:
            where = [str(first), str(args.batch), str(HERE / "benchmarks")]
            r = batch(HERE, where, args.pure, PEER_BATCH)
            sides["werewolf-engine 0.1.0"].add(r["seconds"], int(r["actions"]), args.batch)
        first += args.batch
    print("compiled: " + ", ".join(f"{label} {c}" for label, c in compiled.items()))
    print_table("side", sides)
    print_ratio(
        f"after / before ({args.ruleset})",
        sides[f"after {args.ruleset}"],
        sides[f"before {args.ruleset}"],
    )
    if args.peer:
        peer = sides["werewolf-engine 0.1.0"]
        for name in checkouts:
            print_ratio(f"{name} werewolf9 / werewolf-engine", sides[f"{name} werewolf9"], peer)


if __name__ == "__main__":
    main()
