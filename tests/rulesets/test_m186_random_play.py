"""Random legal play of M186 over many seeds never breaks an invariant."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bansha.engine import Director, Game
from bansha.engine.views import view
from bansha.rulesets import find_ruleset
from bansha.sim.play import play_random
from tests.rulesets.invariants import check_history, check_public, check_replay, check_views

NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
RS = {opt: find_ruleset("m186", {"missing_strike": opt}) for opt in ("random", "blue_wins")}


@given(
    seed=st.integers(min_value=0, max_value=2**31), strike=st.sampled_from(["random", "blue_wins"])
)
def test_random_games_keep_invariants(seed: int, strike: str) -> None:
    game = Game.create(RS[strike], NAMES, seed)
    rng = random.Random(seed)
    stages = 0

    def midway(g: Game) -> None:
        nonlocal stages
        stages += 1
        if stages % 4 == 0:
            check_views(g, [stages % 14])
            check_knowledge(g)
        if not g.state.ended and rng.random() < 0.01 and g.state.living():
            g.handle(Director("红牌", {"seat": rng.choice(g.state.living())}))
        check_public(g)  # every stage: no exit or identity public ahead of the post

    play_random(game, seed, on_stage=midway)
    s = game.state
    assert s.ended
    assert len(s.winners) == 1
    missions = [u.choice for u in s.uses.get("mission", ())]
    assert len(missions) <= 5
    check_replay(game)
    check_history(game)
    check_views(game)
    check_knowledge(game)
    check_published_approvals(game)


def check_knowledge(game: Game) -> None:
    """R-M186-01: Merlin sees the reds but Mordred; Percival sees Merlin and Morgana, unnamed."""
    s = game.state
    dealt = s.dealt
    seat_of = {role: seat for seat, role in enumerate(dealt)}
    merlin = view(game, seat_of["merlin"])["knows"]
    expected = sorted(
        s.players[x].name
        for x, r in enumerate(dealt)
        if r in ("morgana", "assassin", "oberon", "vivian", "bad_lancelot")
    )
    assert [sorted(k["players"]) for k in merlin] == [expected]
    percival = view(game, seat_of["percival"])["knows"]
    assert [sorted(k["players"]) for k in percival] == [
        sorted([s.players[seat_of["merlin"]].name, s.players[seat_of["morgana"]].name])
    ]
    for role in ("oberon", "good_lancelot", "bad_lancelot", "loyal", "galahad"):
        for seat, r in enumerate(dealt):
            if r == role:
                assert view(game, seat)["knows"] == []


def check_published_approvals(game: Game) -> None:
    """R-M186-04: approval lists are public only up to the proposal that went, each day."""
    rs = game.ruleset
    day_results: list[list[str]] = []
    for ev in game.events:
        if ev.kind == "stage_opened" and ev.data["key"] == "approvals":
            day_results.append([])
        if ev.kind == "announcement" and ev.data["key"] == "approval_result":
            day_results[-1].append(ev.data["params"]["verdict"])
    for verdicts in day_results:
        # every published proposal but the last failed; nothing follows one that passed
        assert all(v == rs.texts["failed"] for v in verdicts[:-1])
    for seat in range(14):
        v = view(game, seat)
        for a in v["acts"]:
            assert a["by"] == v["viewer"], "someone else's secret vote was shown"


VARIANT = find_ruleset("avalon10")


@given(seed=st.integers(min_value=0, max_value=2**31))
@settings(max_examples=300)
def test_avalon10_variant_random_games(seed: int) -> None:
    game = Game.create(VARIANT, [f"p{i}" for i in range(10)], seed)
    play_random(game, seed)
    assert game.state.ended and len(game.state.winners) == 1
    check_replay(game)
    check_history(game)
    check_views(game)
