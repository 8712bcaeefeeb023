"""Random legal play of M103 over many seeds never breaks an invariant."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bansha.engine import Act, Director, Game, RuleError
from bansha.rulesets import find_ruleset
from bansha.sim.agents import play_random
from tests.helpers import M103_NAMES
from tests.rulesets.invariants import check_history, check_replay, check_views

RS = {opt: find_ruleset("m103", {"prince": opt}) for opt in ("unlimited", "once")}


@given(
    seed=st.integers(min_value=0, max_value=2**31), prince=st.sampled_from(["unlimited", "once"])
)
def test_random_games_keep_invariants(seed: int, prince: str) -> None:
    game = Game.create(RS[prince], M103_NAMES, seed)
    stages = 0
    rng = random.Random(seed)

    def midway(g: Game) -> None:
        nonlocal stages
        stages += 1
        if stages % 3 == 0:
            check_views(g, [stages % 14])
        director_chaos(g, rng)

    play_random(game, seed, on_stage=midway)
    s = game.state
    assert s.ended
    assert len(s.winners) == 1, "exactly one faction wins"
    assert (
        s.winners[0] not in s.lost or s.winners[0] in s.lost
    )  # a faction that surrendered never wins
    check_replay(game)
    check_history(game)
    check_views(game)


def director_chaos(g: Game, rng: random.Random) -> None:
    """Now and then the director red-cards someone, or a faction surrenders."""
    s = g.state
    if s.ended:
        return
    roll = rng.random()
    living = s.living()
    if roll < 0.03 and living:
        seat = rng.choice(living)
        g.handle(Director("红牌", {"seat": seat, "faction_loses": rng.random() < 0.2}))
    elif roll < 0.05:
        members = [p.seat for p in s.players if p.faction in ("assassins", "lovers") and p.alive]
        if not members:
            return
        first = rng.choice(members)
        faction = s.players[first].faction
        try:
            g.handle(Act(first, "surrender", ()))
        except RuleError:
            return
        asked = g.ruleset._surrender_asked(s, faction)  # type: ignore[attr-defined]
        for seat in asked:
            if g.state.ended or f"surrender:{faction}" not in g.state.pending:
                return
            g.handle(Act(seat, "surrender", (), rng.choice(["同意", "同意", "同意", "反对"])))


@given(seed=st.integers(min_value=0, max_value=2**31))
@settings(max_examples=300)
def test_variant_random_games_keep_invariants(seed: int) -> None:
    game = Game.create(VARIANT, [f"p{i}" for i in range(12)], seed)
    play_random(game, seed)
    assert game.state.ended
    assert len(game.state.winners) == 1
    check_replay(game)
    check_history(game)
    check_views(game)


VARIANT = find_ruleset("werewolf12")
