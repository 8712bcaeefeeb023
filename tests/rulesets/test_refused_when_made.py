"""R-ALL-13 / R-ALL-09 over random play of every rule set: a submission from a player who no
longer holds the right (out, drowned, red-carded, skill spent) is refused when made, and no
accepted act is ever dropped later without an event that says why.

Players here also retry forms their page showed earlier in the stage (a stale page), and the
director removes players at random moments, also between a submission and its resolution. The
oracle is each rule set's ``counts`` (the test its resolution applies to a standing submission):
it must hold when an act is accepted, and when it no longer holds at the close, an event about
that player after the act must say why (his exit, a lost skill, a card, his faction's loss)."""

from __future__ import annotations

import contextlib
import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from bansha.engine import Act, Close, Director, Event, Game, RuleError
from bansha.engine.director import command_id
from bansha.engine.ruleset import LegalAct
from bansha.rulesets import builtin_ids, find_ruleset
from bansha.sim.agents import random_command

RULESETS = {rid: find_ruleset(rid) for rid in builtin_ids()}
REMOVALS = ("红牌", "淹死", "警告")
WHY = {"exited", "skill_lost", "card", "role_set", "faction_set", "faction_lost"}


def _explained(game: Game, after: int, seat: int) -> bool:
    """An event after position ``after`` that concerns ``seat`` (or his faction) says why."""
    faction = game.state.players[seat].faction
    for ev in game.events[after + 1 :]:
        d = ev.data
        if ev.kind in WHY and (d.get("seat") == seat or d.get("faction") == faction):
            return True
    return False


def _accepted(out: list[Event], seat: int, skill: str) -> bool:
    return any(
        ev.kind == "acted" and ev.data["seat"] == seat and ev.data["skill"] == skill for ev in out
    )


@settings(deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31), rid=st.sampled_from(sorted(RULESETS)))
@example(seed=181588, rid="xxxii")  # 王车易位 answered by a witch removed meanwhile (R-ALL-09)
def test_no_accepted_act_is_dropped_silently(seed: int, rid: str) -> None:
    rs = RULESETS[rid]
    game = Game.create(rs, [f"p{i}" for i in range(rs.player_count)], seed)
    rng = random.Random(seed)
    removals = [c for c in REMOVALS if command_id(c) in rs.director_commands()]
    stale: dict[int, list[LegalAct]] = {}
    n = len(game.state.players)
    for _ in range(300):
        if game.state.ended:
            return
        stale.clear()
        for _ in range(2):
            for seat in rng.sample(range(n), n):
                legal = game.legal(seat)
                if legal:
                    stale.setdefault(seat, legal)
                options = stale.get(seat, []) if rng.random() < 0.3 else legal
                cmd = random_command(rng, seat, options, 0.2)
                if not isinstance(cmd, Act):
                    if cmd is not None:
                        with contextlib.suppress(RuleError):
                            game.handle(cmd)
                    continue
                before = rs.counts(game.state, cmd.by, cmd.skill)
                try:
                    out = game.handle(cmd)
                except RuleError:
                    continue
                if _accepted(out, cmd.by, cmd.skill):
                    assert before, (rid, seed, "accepted from a player without the right", cmd)
                if game.state.ended:
                    return
                if removals and rng.random() < 0.02 and game.state.living():
                    name = rng.choice(removals)
                    with contextlib.suppress(RuleError):
                        game.handle(Director(name, {"seat": rng.choice(game.state.living())}))
                    if game.state.ended:
                        return
        s = game.state
        for (seat, skill), rec in s.acts.items():
            if not rs.counts(s, seat, skill):
                assert _explained(game, rec.seq, seat), (rid, seed, "dropped silently", rec)
        game.handle(Close())
