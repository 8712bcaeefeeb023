"""Random legal play of M103 over many seeds never breaks an invariant."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bansha.engine import Act, Director, Game, RuleError
from bansha.rulesets import find_ruleset
from bansha.sim.play import play_random
from tests.helpers import M103_NAMES
from tests.rulesets.invariants import check_history, check_public, check_replay, check_views

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
        check_public(g)  # every stage: no exit or identity public ahead of the post

    play_random(game, seed, on_stage=midway)
    s = game.state
    assert s.ended
    assert len(s.winners) == 1, "exactly one faction wins"
    check_winner_not_lost(game)
    check_replay(game)
    check_history(game)
    check_views(game)


def check_winner_not_lost(game: Game) -> None:
    """「已经被判负的阵营无法再次达到胜利条件」: a faction that surrendered never wins, and the winner
    is a faction that lost only when one check sank every faction at once (then the one with the
    most living members wins: docs/rulesets/m103.md, interpretation 4)."""
    s = game.state
    winner = s.winners[0]
    surrendered = {
        e.data["faction"]
        for e in game.events
        if e.kind == "faction_lost" and e.data.get("why") == "surrender"
    }
    assert winner not in surrendered, "a faction that surrendered won"
    if winner in s.lost:
        in_play = game.ruleset.factions_in_play(s)
        assert set(in_play) <= set(s.lost), ("a lost faction won while another stood", s.lost)
        last_exit = max(i for i, e in enumerate(game.events) if e.kind == "exited")
        lost_at = next(
            i
            for i, e in enumerate(game.events)
            if e.kind == "faction_lost" and e.data["faction"] == winner
        )
        assert lost_at > last_exit, "the winner had lost before the last exit"


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
        asked = g.ruleset.mechs["surrender"].asked(s, faction)  # type: ignore[attr-defined]
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
    check_winner_not_lost(game)
    check_replay(game)
    check_history(game)
    check_views(game)


VARIANT = find_ruleset("werewolf12")
