"""One egress: a bot and a page of the same seat are given exactly the same events.

Random games of every rule set with 公示审核 on: heuristic bots play each seat, fed as the
simulator feeds them (``sim.play.Watchers``), while team chats, thread posts, stage closes and the
director's 发布 and 撤销 come in between. After every command each bot's events are exactly the
events its seat's page is built from (``views.visible_events``: nothing unpublished, nothing taken
back, in the page's order), and after every round the view folded from what the bot was given
equals the page's view kept current (``engine.incremental``, what pages, versions and pushes use).

And what a seat may do never tells it what it may not know: in random play with and without
review, another's command after which a seat may see no new event (and the results awaiting
publication, which freeze every seat alike, neither came nor went) leaves that seat's legal acts
as they were (M103's 牵线红娘 lost her 投降 form when a lover proposed one she was not told of).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bansha
from bansha.engine import Act, Close, Game, RuleError
from bansha.engine.events import Event
from bansha.engine.incremental import IncrementalView
from bansha.engine.views import PAGE, ViewFold, shown, visible_events
from bansha.sim.agents import random_command
from bansha.sim.heuristic import HeuristicAgent, Sides
from bansha.sim.play import Watchers
from tests.helpers import chatter, m103_game, random_game, reviewing

RULESETS = ("m103", "bs46", "m186", "xxxii")


class Recording(HeuristicAgent):
    """A heuristic bot that also keeps the events it was given since it last forgot."""

    def forget(self) -> None:
        super().forget()
        self.given: list[Event] = []

    def observe(self, ev: Event) -> None:
        self.given.append(ev)
        super().observe(ev)


def _on_the_source(ruleset: str) -> None:
    """Run this file's bot-and-page check for ``ruleset`` in a process on the source."""
    test = "test_a_bot_and_a_page_of_the_same_seat_are_given_the_same_events"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", f"{__file__}::{test}[{ruleset}]"],
        env={**os.environ, "BANSHA_PURE": "1"},
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout[-3000:]


def _round(game: Game, bots: list[Recording], rng: random.Random) -> list[object]:
    """Chats and posts, each living seat's bot move, and now and then a close, 发布 or 撤销."""
    out = chatter(game, rng, 0.5, 0.5)
    for seat in game.state.living():
        legal = game.legal(seat)
        cmd = bots[seat].decide(legal) if legal else None
        if cmd is not None:
            out.append(cmd)
    return out + reviewing(game, rng)


def _same_events(game: Game, bots: list[Recording]) -> None:
    for bot in bots:
        page = visible_events(game, bot.seat)
        assert len(bot.given) == len(page), (bot.seat, len(game.events))
        assert all(a is b for a, b in zip(bot.given, page, strict=True)), bot.seat


def _same_views(game: Game, bots: list[Recording], pages: list[IncrementalView]) -> None:
    position = {id(ev): i for i, ev in enumerate(game.events)}
    for bot, page in zip(bots, pages, strict=True):
        fold = ViewFold(game.ruleset, bot.seat)
        fold.feed(game, [position[id(ev)] for ev in bot.given])
        page.update(game)
        assert fold.result(game, PAGE) == page.view(game), (bot.seat, len(game.events))


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_a_bot_and_a_page_of_the_same_seat_are_given_the_same_events(
    ruleset: str, seed: int
) -> None:
    if bansha.COMPILED:  # a compiled agent cannot be subclassed: the check runs on the source
        _on_the_source(ruleset)
        return
    game = random_game(ruleset, seed, review=True)
    rs = game.ruleset
    sides = Sides(rs)
    bots = [
        Recording(seat, random.Random(f"bot/{seed}/{seat}"), sides)
        for seat in range(rs.player_count)
    ]
    pages = [IncrementalView(seat) for seat in range(rs.player_count)]
    watchers = Watchers(list(bots))
    rng = random.Random(seed)
    held = taken = False  # a bot was fed while drafts were held; a 撤销 took events back
    watchers.deliver(game)
    for _ in range(25):
        if game.state.ended:
            break
        for cmd in _round(game, bots, rng):
            try:
                game.handle(cmd)  # type: ignore[arg-type]
            except RuleError:
                continue
            watchers.deliver(game)
            _same_events(game, bots)
            held = held or bool(game.state.commands)
            taken = taken or game.state.undone_any
        _same_views(game, bots, pages)
    assert held
    assert taken or game.state.ended


def _random_round(game: Game, rng: random.Random) -> list[object]:
    """Talk, each seat's random legal act (declarations made a third of the times they are
    offered), and now and then a close, 发布 or 撤销."""
    out = chatter(game, rng, 0.3, 0.3)
    for seat in range(len(game.state.players)):
        legal = [la for la in game.legal(seat) if not la.rare or rng.random() < 0.3]
        cmd = random_command(rng, seat, legal, 0.2)
        if cmd is not None:
            out.append(cmd)
    return out + reviewing(game, rng)


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), review=st.booleans())
def test_what_a_seat_may_do_tells_it_nothing_it_may_not_see(
    ruleset: str, seed: int, review: bool
) -> None:
    game = random_game(ruleset, seed, review)
    rs = game.ruleset
    seats = range(rs.player_count)
    rng = random.Random(seed)
    known = [(shown(game, seat), game.legal(seat)) for seat in seats]
    for _ in range(30):
        if game.state.ended:
            break
        for cmd in _random_round(game, rng):
            frozen = game.state.awaiting is not None
            try:
                game.handle(cmd)  # type: ignore[arg-type]
            except RuleError:
                continue
            same_freeze = frozen == (game.state.awaiting is not None)
            for seat in seats:
                now = (shown(game, seat), game.legal(seat))
                if same_freeze and now[0] == known[seat][0] and getattr(cmd, "by", None) != seat:
                    assert now[1] == known[seat][1], (seat, cmd, len(game.events))
                known[seat] = now


def test_a_member_nobody_asks_keeps_the_same_surrender_form_whatever_is_proposed() -> None:
    """M103 R-M103-16: the lovers' 投降 asks the two lovers only; 牵线红娘, of their faction since
    the 红线, is told nothing of a lover's proposal, so neither her form nor a refusal may tell
    her: she may propose all along, and a proposal of hers while one is pending joins it."""
    game = m103_game()
    cupid, a, b = 8, 0, 10  # 壬 links 甲 (an assassin) and 子 (a consort): the lovers' faction
    game.handle(Act(cupid, "red_thread", (a, b)))
    game.handle(Close())
    assert {game.state.players[x].faction for x in (cupid, a, b)} == {"lovers"}
    before = (shown(game, cupid), game.legal(cupid))
    assert [la.skill for la in before[1]] == ["surrender"]
    game.handle(Act(a, "surrender", ()))  # 甲 proposes: 甲 and 子 are asked
    assert (shown(game, cupid), game.legal(cupid)) == before
    game.handle(Act(cupid, "surrender", ()))  # joins the pending proposal: nothing new to ask
    assert shown(game, cupid) == before[0] and game.legal(cupid) == before[1]
    assert "lovers" not in game.state.lost
    game.handle(Act(b, "surrender", (), "同意"))
    assert "lovers" in game.state.lost
    told = visible_events(game, cupid)[len(before[0]) :]
    assert [ev.data["key"] for ev in told if ev.kind == "notice"] == ["surrender_done"]
