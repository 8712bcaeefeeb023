"""A seat's legal acts are listed once for each state of the game: the page, the agents and the
close's absences read the same list, listed again after any event."""

from __future__ import annotations

import random

from bansha.engine import Close, Game
from bansha.engine.ruleset import RuleSet
from bansha.engine.state import fold
from bansha.rulesets import find_ruleset
from bansha.sim.agents import random_command
from bansha.sim.play import play_random


def test_the_same_list_until_an_event() -> None:
    rs = find_ruleset("m103")
    g = Game.create(rs, [f"p{i}" for i in range(rs.player_count)], 5)
    seats = range(len(g.state.players))
    while not any(g.legal(seat) for seat in seats):
        g.handle(Close())
    seat = next(seat for seat in seats if g.legal(seat))
    first = g.legal(seat)
    assert g.legal(seat) is first  # nothing happened: not listed again
    drawn = (random_command(random.Random(i), seat, first, 0.0) for i in range(100))
    cmd = next(c for c in drawn if c is not None)
    g.handle(cmd)
    again = g.legal(seat)
    assert again is not first  # an event: listed again, from the state after the act
    assert again == rs.legal(g.state, seat)


def test_absences_read_from_the_memo_are_those_listed_afresh() -> None:
    for post in ("m103", "bs46", "m186", "xxxii"):
        rs = find_ruleset(post)
        for seed in range(3):
            g = Game.create(rs, [f"p{i}" for i in range(rs.player_count)], seed)
            seen: list[bool] = []

            def check(game: Game, rs: RuleSet = rs, seen: list[bool] = seen) -> None:
                for seat in range(len(game.state.players)):
                    game.legal(seat)  # every seat's acts listed, as its page would
                fresh = fold(game.events)  # the same state, nothing listed
                seen.append(rs.absences(game.state) == rs.absences(fresh))

            play_random(g, seed, rounds=1, on_stage=check)
            assert seen and all(seen)
