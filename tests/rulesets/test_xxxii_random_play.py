"""Random legal play of XXXII over many seeds never breaks an invariant."""

import random

from hypothesis import given
from hypothesis import strategies as st

from bansha.engine import Director, Game
from bansha.engine.state import State, apply
from bansha.rulesets import find_ruleset
from bansha.sim.play import play_random
from tests.rulesets.invariants import check_history, check_public, check_replay, check_views

NAMES = [f"p{i}" for i in range(18)]
RS = find_ruleset("xxxii")


@given(
    seed=st.integers(min_value=0, max_value=2**31), believers=st.integers(min_value=0, max_value=9)
)
def test_random_games_keep_invariants(seed: int, believers: int) -> None:
    rng = random.Random(seed)
    declare = {"信仰魔女": rng.sample(NAMES, believers)}
    game = Game.create(RS, NAMES, seed, declare=declare)
    stages = 0

    def midway(g: Game) -> None:
        nonlocal stages
        stages += 1
        if stages % 5 == 0:
            check_views(g, [stages % 18])
        if not g.state.ended and rng.random() < 0.02 and g.state.living():
            g.handle(Director("警告", {"seat": rng.choice(g.state.living())}))
        check_public(g)  # every stage: no exit or identity public ahead of the post

    play_random(game, seed, on_stage=midway)
    s = game.state
    assert s.ended
    assert 1 <= len(s.winners) <= 3
    assert set(s.winners) & {"black", "white"}, "the witch never wins alone"
    check_replay(game)
    check_history(game)
    check_views(game)
    check_colours_and_marks(game)


def check_colours_and_marks(game: Game) -> None:
    """Detectives see R-XXXII-01's colours at the time of the check; a mark never tells its target."""
    folded = State()
    rs = game.ruleset
    for ev in game.events:
        if ev.kind == "result" and ev.data["skill"] == "inspect":
            # the result is computed at ②4; recompute it from the state folded so far
            target = _inspect_target(game, ev)
            if target is not None:
                expected = rs.colour(folded, target)  # type: ignore[attr-defined]
                assert ev.data["value"] == rs.word(expected)
        apply(folded, ev)
    for ev in game.events:
        if ev.kind == "notice" and ev.data["key"] == "mark_result":
            witch = next(p.seat for p in game.state.players if p.role == "witch")
            assert ev.to == (witch,)
        if ev.kind == "marked":
            assert ev.to == "director"


def _inspect_target(game: Game, result_event: object) -> int | None:
    idx = game.events.index(result_event)  # type: ignore[arg-type]
    notice = game.events[idx + 1]
    if notice.kind == "notice" and notice.data["key"] == "inspect_result":
        return int(notice.data["params"]["p"])
    return None
