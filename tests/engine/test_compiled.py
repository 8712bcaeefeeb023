"""The compiled engine plays exactly the games the source plays (same events, same outcome),
with random and with heuristic agents."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from bansha import native

PLAY = """
import hashlib, json, sys
import bansha
import bansha.engine.state as state_module
from bansha.engine import Game
from bansha.rulesets import find_ruleset
from bansha.sim.play import play_random
from bansha.sim.heuristic import heuristic_agents
from bansha.sim.play import play
out = {"compiled": bansha.COMPILED, "state_module": state_module.__file__, "games": {}}
for rid in sys.argv[1:]:
    rs = find_ruleset(rid)
    digest = hashlib.sha256()
    for seed in range(25):
        g = Game.create(rs, [f"p{i}" for i in range(rs.player_count)], seed)
        if seed % 2:
            play(g, heuristic_agents(rs, rs.player_count, seed), seed)
        else:
            play_random(g, seed)
        for e in g.events:
            digest.update(json.dumps(e.to_json(), sort_keys=True, ensure_ascii=False).encode())
    out["games"][rid] = digest.hexdigest()
print(json.dumps(out))
"""

RULESETS = ["m103", "bs46", "m186", "xxxii", "werewolf9", "avalon10", "standard12", "guard12"]


def _play(pure: bool) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != "BANSHA_PURE"}
    if pure:
        env["BANSHA_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", PLAY, *RULESETS],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


@pytest.mark.skipif(not native.extensions(), reason="the engine is not compiled (bansha compile)")
def test_compiled_engine_is_built_from_the_present_source() -> None:
    assert native.current(), "compiled modules are stale: run bansha compile"


@pytest.mark.skipif(not native.extensions(), reason="the engine is not compiled (bansha compile)")
def test_compiled_and_source_engines_produce_the_same_events() -> None:
    compiled = _play(pure=False)
    source = _play(pure=True)
    assert compiled["compiled"] is True
    assert str(compiled["state_module"]).endswith(".so")
    assert source["compiled"] is False
    assert str(source["state_module"]).endswith(".py")
    assert compiled["games"] == source["games"]
