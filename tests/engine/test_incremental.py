"""The incremental view is the view: random games of every rule set, with 公示审核 on and off,
team chats, thread posts, 发布 and 撤销 in play; after every round of commands and after a
random quarter of the single commands (so that the view reads on both one event and many at a
time), for every viewer (each seat, the public, the director), the view kept current as events
arrived equals the view folded from scratch, in a page's window and with every message and the
day's floors, and so do their versions."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bansha.engine import Close, Director, Game, Say
from bansha.engine.incremental import IncrementalView
from bansha.engine.views import PAGE, Window, digest, view
from tests.helpers import chatter, play_checked, random_game, seat_acts

RULESETS = ("m103", "bs46", "m186", "xxxii")


def _commands(game: Game, rng: random.Random) -> list[object]:
    """A round of commands: chats and posts, each living seat's random legal act, and now and
    then the director's close, publication or take-back."""
    out = chatter(game, rng) + seat_acts(game, rng)
    if game.state.awaiting is not None:
        out.append(Director("撤销", {}) if rng.random() < 0.35 else Director("发布", {"edits": {}}))
    if rng.random() < 0.5:
        out.append(Close())
    return out


def _check(game: Game, kept: dict[object, IncrementalView]) -> None:
    day = game.state.day
    for viewer, incremental in kept.items():
        incremental.update(game)
        for window in (PAGE, Window(chats=None, thread_day=day)):
            fresh = view(game, viewer, window)
            assert incremental.view(game, window) == fresh, (viewer, len(game.events))
        assert digest(incremental.view(game)) == digest(view(game, viewer))


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), review=st.booleans())
def test_the_view_kept_current_equals_the_view_folded_from_scratch(
    ruleset: str, seed: int, review: bool
) -> None:
    game = random_game(ruleset, seed, review)
    rs = game.ruleset
    rng = random.Random(seed)
    kept = {v: IncrementalView(v) for v in ["public", "director", *range(rs.player_count)]}
    _check(game, kept)
    play_checked(game, rng, _commands, lambda: _check(game, kept))
    if review:
        restarted = [k.restarts for k in kept.values()]
        assert max(restarted) >= 1  # 发布 or 撤销 happened and was read again


def test_a_game_rewound_below_what_was_read_is_read_again() -> None:
    game = random_game("m103", 3)
    game.handle(Close())
    seat = game.state.groups["assassins"][0]
    kept = IncrementalView(seat)
    game.handle(Say(seat, "assassins", "这句会被收回"))
    kept.update(game)
    before = len(game.events) - 1
    game.rewind(before)  # the append failed: the decision is taken back
    game.handle(Say(seat, "assassins", "另一句"))
    kept.update(game)
    assert kept.view(game) == view(game, seat)
    assert "这句会被收回" not in str(kept.view(game))
