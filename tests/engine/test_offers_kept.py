"""What a poll or a close is offered is what the stage's mechanics offer now: the pipeline's
shortcuts (a plainly held skill checked inline, the stage's mechanics kept between polls, a close's
absences asked mechanic by mechanic, a submitted skill not asked again) never change an answer,
and neither may any later one.

At every poll of random games of every built-in board the pipeline runs, each seat's offers equal
those of a walk over every mechanic of the stage asking its own ``holds`` and ``legal`` afresh,
and the offers a close reads for absences (``due_offers``) equal the same walk's without what
cannot make a seat absent (a right, a skill he submitted in the stage, a mechanic nobody can owe
now), after a replay too; the absences the pipeline reads as it walks are those read from them,
in the same order."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bansha.engine import Close, Game
from bansha.engine.ruleset import VOTE, LegalAct, RuleSet
from bansha.engine.state import State
from bansha.mechanics import last_words
from bansha.mechanics.pipeline import Pipeline
from bansha.rulesets import builtin_ids, find_ruleset
from bansha.sim.agents import RandomAgent

RULESETS = tuple(rid for rid in builtin_ids() if isinstance(find_ruleset(rid), Pipeline))


def walked(rs: Pipeline, s: State, seat: int) -> list[LegalAct]:
    """Every mechanic of the stage asked whether ``seat`` holds it and what it offers him."""
    if s.phase == "ended":
        return []
    d = rs.declaration
    if d is not None and s.stage_key == d.stage:
        return [d.legal()]
    out: list[LegalAct] = list(last_words.legal(s, seat)) if s.last_words else []
    for m in rs._by_stage.get(s.stage_key, rs._anywhere):
        if m.holds(s, seat):
            la = m.legal(s, seat)
            if la is not None:
                out.append(la)
    return out


def walked_due(rs: Pipeline, s: State, seat: int) -> list[LegalAct]:
    """:func:`walked` without what cannot make him absent: a right, a skill he submitted in the
    stage, a mechanic nobody can owe now."""
    if s.ended:
        return []
    d = rs.declaration
    if d is not None and s.stage_key == d.stage:
        return walked(rs, s, seat)
    out = []
    for m in rs._by_stage.get(s.stage_key, rs._anywhere):
        if not m.may_be_owed(s):
            continue
        if m.key == VOTE:
            if seat in s.ballot_counts:
                continue
        elif (seat, m.key) in s.acts:
            continue
        if m.holds(s, seat):
            la = m.legal(s, seat)
            if la is not None:
                out.append(la)
    return out


def check(game: Game) -> None:
    """Each seat's offers and the close's absences now, against the walks."""
    s, rs = game.state, game.ruleset
    if not isinstance(rs, Pipeline):
        return
    for seat in range(len(s.players)):
        assert rs.legal(s, seat) == walked(rs, s, seat), (s.stage_key, seat)
    due = rs.due_offers(s)
    assert due == [walked_due(rs, s, seat) for seat in range(len(s.players))], s.stage_key
    # the pipeline's absences, read as its walk goes, are those the base reads from due_offers
    assert list(rs.absences(s).items()) == list(RuleSet.absences(rs, s).items()), s.stage_key


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31), rid=st.sampled_from(RULESETS))
def test_offers_at_every_poll_equal_a_fresh_walk(seed: int, rid: str) -> None:
    """Random agents, a random order of seats each stage, a check before every poll."""
    rs = find_ruleset(rid)
    game = Game.create(rs, [f"p{i}" for i in range(rs.player_count)], seed)
    rng = random.Random(seed)
    agents = [RandomAgent(seat, rng, 0.2) for seat in range(len(game.state.players))]
    for _ in range(400):
        if game.state.ended:
            break
        seats = list(range(len(agents)))
        rng.shuffle(seats)
        for seat in seats:
            check(game)
            options = game.legal(seat)
            cmd = agents[seat].decide(options) if options else None
            if cmd is not None:
                game.handle(cmd)
            if game.state.ended:
                break
        else:
            check(game)
            game.handle(Close())
    check(game)
    check(Game.replay(rs, game.events))
