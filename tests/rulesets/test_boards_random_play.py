"""Random legal play of the data-only boards (预女猎白, 预女猎守, 白狼王守卫, 狼王守卫, 预女猎骑) never breaks an
invariant: replay equals live play, views leak nothing, games end with one winner."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bansha.engine import Director, Game
from bansha.rulesets import find_ruleset
from bansha.sim.play import play_random
from tests.rulesets.invariants import check_history, check_replay, check_views

NAMES = [f"p{i}" for i in range(12)]
OPTIONS = [
    {},
    {"sheriff": "election", "witch_self_save": "always", "last_words": "all"},
    {"witch_self_save": "first_night", "last_words": "none", "day_tie": "first_to_reach"},
]
ALL_BOARDS = ("standard12", "guard12", "whitewolf12", "wolfking12", "knight12")
"""Every data-only board (the three last extend the two first)."""
BOARDS = {
    (board, i): find_ruleset(board, {**opts, **({"guard_and_save": "lives"} if i == 2 else {})})
    if "guard_and_save" in find_ruleset(board).options
    else find_ruleset(board, opts)
    for board in ALL_BOARDS
    for i, opts in enumerate(OPTIONS)
}
GODS = {"seer", "witch", "hunter", "idiot", "guard", "knight"}


@settings(max_examples=200, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**31),
    board=st.sampled_from(ALL_BOARDS),
    options=st.sampled_from(range(len(OPTIONS))),
)
def test_random_games_keep_invariants(seed: int, board: str, options: int) -> None:
    game = Game.create(BOARDS[(board, options)], NAMES, seed)
    rng = random.Random(seed)
    stages = 0

    def midway(g: Game) -> None:
        nonlocal stages
        stages += 1
        if stages % 3 == 0:
            check_views(g, [stages % 12])
        s = g.state
        if not s.ended and rng.random() < 0.02 and s.living():
            g.handle(Director("红牌", {"seat": rng.choice(s.living())}))

    play_random(game, seed, on_stage=midway)
    s = game.state
    assert s.ended
    assert len(s.winners) == 1, "exactly one faction wins"
    winner = s.winners[0]
    living = [p for p in s.players if p.alive]
    if winner == "good":
        assert not any(p.faction == "wolves" for p in living)
    else:  # 屠边: every 神民 or every 村民 out
        cats = {p.role for p in living}
        assert not cats & GODS or "villager" not in cats
    check_replay(game)
    check_history(game)
    check_views(game)
