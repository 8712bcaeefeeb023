"""Absences as events (R-ALL-05): after every stage close, who was due to act or vote and
submitted nothing is recorded as director-only ``omission`` events, for every rule set.

The oracle here is the players' own submissions, not the engine's list of who was due: a table
where every player submits every act the stage offers leaves nobody absent, and one where a team
act is submitted by a single member leaves none of that team absent."""

from __future__ import annotations

import contextlib
import random

import pytest

from bansha.engine import Close, Game, RuleError
from bansha.engine.events import DIRECTOR
from bansha.engine.ruleset import LAST_WORDS, VOTE, LegalAct
from bansha.rulesets import builtin_ids, find_ruleset
from bansha.sim.agents import random_command
from bansha.sim.play import StalledGame, play_random

RULESETS = builtin_ids()
"""Every rule set shipped: the four posts and every board."""


def _diligent_stage(game: Game, rng: random.Random) -> set[tuple[int, str]]:
    """Every seat submits each act the stage offers it (a random legal form); the pairs refused
    (a random form the rules turn down) are returned: only those may be absent."""
    tried: set[tuple[int, str]] = set()
    refused: set[tuple[int, str]] = set()
    for _ in range(3):  # an act may open another (a new form after a choice)
        for seat in range(len(game.state.players)):
            for la in game.legal(seat):
                if la.rare or la.skill == LAST_WORDS or (seat, la.skill) in tried:
                    continue
                tried.add((seat, la.skill))
                cmd = random_command(rng, seat, [la], 0.0)
                if cmd is None:
                    refused.add((seat, la.skill))
                    continue
                try:
                    game.handle(cmd)
                except RuleError:
                    refused.add((seat, la.skill))
                if game.state.ended:
                    return refused
    return refused


@pytest.mark.parametrize("rid", RULESETS)
@pytest.mark.parametrize("seed", range(4))
def test_nobody_is_absent_when_everyone_submits(rid: str, seed: int) -> None:
    rs = find_ruleset(rid)
    game = Game.create(rs, [f"p{i}" for i in range(rs.player_count)], seed)
    rng = random.Random(seed)
    closes = 0
    while not game.state.ended and closes < 120:
        refused = _diligent_stage(game, rng)
        if game.state.ended:
            break
        out = game.handle(Close())
        closes += 1
        for ev in out:
            if ev.kind == "omission":
                assert ev.to == DIRECTOR
                for seat in ev.data["seats"]:
                    assert (seat, ev.data["skill"]) in refused, (rid, ev.data)
    assert closes > 3


@pytest.mark.parametrize("rid", RULESETS)
def test_every_close_records_the_idle_table(rid: str) -> None:
    """Nobody submits anything: each close names, in one event per skill, exactly the seats that
    were offered an act; the fields are the same for every rule set."""
    rs = find_ruleset(rid)
    game = Game.create(rs, [f"p{i}" for i in range(rs.player_count)], 3)
    seen_any = False
    for _ in range(12):
        if game.state.ended:
            break
        s = game.state
        due = {
            (seat, la.skill)
            for seat in range(len(s.players))
            for la in game.legal(seat)
            if not la.rare and la.skill != LAST_WORDS
        }
        stage, key, phase = s.stage, s.stage_key, s.phase_label()
        out = game.handle(Close())
        recorded = set()
        for ev in out:
            if ev.kind == "omission":
                assert set(ev.data) == {"seats", "skill", "day", "stage", "phase", "key"}
                assert (ev.data["stage"], ev.data["key"], ev.data["phase"]) == (stage, key, phase)
                recorded |= {(seat, ev.data["skill"]) for seat in ev.data["seats"]}
        assert recorded == due
        seen_any = seen_any or bool(recorded)
    assert seen_any


def _could_be_absent(game: Game, seat: int, offers: list[LegalAct]) -> set[str]:
    """The skills of ``offers`` that would make ``seat`` absent if the stage closed now, before
    teams and ``owes`` are read: not a declaration nor a last-words right, not yet submitted."""
    s = game.state
    return {
        la.skill
        for la in offers
        if not la.rare
        and la.skill != LAST_WORDS
        and not (seat in s.ballot_counts if la.skill == VOTE else (seat, la.skill) in s.acts)
    }


@pytest.mark.parametrize("rid", [*RULESETS, "werewolf9", "avalon10"])
def test_due_offers_leave_out_nothing_that_counts(rid: str) -> None:
    """``RuleSet.due_offers`` (what a close asks) may leave out of a seat's legal acts only what
    could not make him absent: before every close of random games, the same skills remain."""
    rs = find_ruleset(rid)
    checked = 0

    def compare(game: Game) -> None:
        nonlocal checked
        due = game.ruleset.due_offers(game.state)
        for seat in range(len(game.state.players)):
            full = game.ruleset.legal(game.state, seat)
            assert _could_be_absent(game, seat, due[seat]) == _could_be_absent(game, seat, full)
            checked += 1

    for seed in range(12):
        game = Game.create(rs, [f"p{i}" for i in range(rs.player_count)], seed)
        with contextlib.suppress(StalledGame):
            play_random(game, seed, rounds=1, on_stage=compare)
    assert checked > 100
