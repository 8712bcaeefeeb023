"""One warm-up game of a rule set, then N games of random players: run under valgrind's callgrind
to count the instructions a game takes. After the warm-up the interpreter's collector is settled as
``bansha bench`` settles it (``bansha.collector``): without it, a XXXII game pays about half a
million instructions of collections that the benchmark does not, landing differently from run to
run.

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=cg.20 \\
        .venv/bin/python benchmarks/callgrind_games.py xxxii 20
    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=cg.0 \\
        .venv/bin/python benchmarks/callgrind_games.py xxxii 0

A game is (the total of the first run − the total of the second) / 20: the start-up, the rule
set's loading and the warm-up game are in both. ``callgrind_annotate --inclusive=yes cg.20`` names
where the instructions go (``--tree=calling`` with what each function calls).
"""

from __future__ import annotations

import sys

from bansha import collector
from bansha.engine import Game
from bansha.rulesets import find_ruleset
from bansha.sim.play import play_random


def main(post: str, n: int) -> None:
    """Play the warm-up game (seed 1000), then games with seeds 1001 … 1000 + ``n``."""
    rs = find_ruleset(post)
    players = [f"p{i}" for i in range(rs.player_count)]
    play_random(Game.create(rs, players, 1000), 1000, rounds=1)
    collector.settle()
    for seed in range(1001, 1001 + n):
        game = Game.create(rs, players, seed)
        play_random(game, seed, rounds=1)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
