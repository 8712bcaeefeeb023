"""Random legal play of bs46 over many seeds never breaks an invariant."""

import random

from hypothesis import given
from hypothesis import strategies as st

from bansha.engine import Director, Game
from bansha.engine.state import State, apply
from bansha.rulesets import find_ruleset
from bansha.sim.play import play_random
from tests.rulesets.invariants import check_history, check_public, check_replay, check_views

NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳")
RS = {
    (base, missing): find_ruleset("bs46", {"threshold_base": base, "missing_team_action": missing})
    for base in ("ballots", "living")
    for missing in ("no_action", "random")
}


@given(
    seed=st.integers(min_value=0, max_value=2**31),
    base=st.sampled_from(["ballots", "living"]),
    missing=st.sampled_from(["no_action", "random"]),
)
def test_random_games_keep_invariants(seed: int, base: str, missing: str) -> None:
    game = Game.create(RS[(base, missing)], NAMES, seed)
    rng = random.Random(seed)
    stages = 0

    def midway(g: Game) -> None:
        nonlocal stages
        stages += 1
        if stages % 4 == 0:
            check_views(g, [stages % 16])
        if not g.state.ended and rng.random() < 0.03 and g.state.living():
            g.handle(Director(rng.choice(["淹死", "判死"]), {"seat": rng.choice(g.state.living())}))
        check_public(g)  # every stage: no exit or identity public ahead of the post

    play_random(game, seed, on_stage=midway)
    s = game.state
    assert s.ended
    assert len(s.winners) == 1
    check_replay(game)
    check_history(game)
    check_views(game)
    check_rings_and_checks(game)


def check_rings_and_checks(game: Game) -> None:
    """Each ring member knows exactly one name; check results reach only those taking part."""
    s = game.state
    members = set(s.orders["ring:police"]) | set(s.orders["ring:killers"])
    for seat in range(16):
        known = s.known.get(seat, [])
        if seat in members:
            assert len(known) == 1 and len(known[0]["about"]) == 1
        else:
            assert known == []
    folded = State()
    for ev in game.events:
        if ev.kind == "result" and ev.data["skill"] == "check":
            p = folded.players[ev.data["seat"]]
            assert p.alive and "check" in p.skills, "a check result reached a non-participant"
        apply(folded, ev)
