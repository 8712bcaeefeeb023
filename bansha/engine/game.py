"""A game: a rule set, its event list and the state folded from it."""

from __future__ import annotations

from typing import Any, Final

from bansha import texts
from bansha.engine.commands import Command
from bansha.engine.commitment import practice_nonce
from bansha.engine.context import Ctx
from bansha.engine.events import DIRECTOR, PUBLIC, Event
from bansha.engine.ruleset import LegalAct, RuleSet
from bansha.engine.state import State, apply, fold

OPENING: Final = texts.OPENING_COMMAND
"""The review marker of a game's opening announcements (it cannot be taken back)."""


def _hold_opening(events: list[Event], ruleset: RuleSet) -> bool:
    """公示审核: the opening's announcements (M186's captain, draw and proposers) wait for 发布
    like every other, behind a marker placed before the first public event after the deal's
    commitment; the deal and each player's role card before it are delivered at once. Returns
    whether a marker was placed."""
    if not any(ev.kind == "announcement" and ev.to == PUBLIC for ev in events):
        return False
    dealt = next((i for i, ev in enumerate(events) if ev.kind == "commitment"), 0)
    first = next(
        (i for i, ev in enumerate(events) if i > dealt and ev.to == PUBLIC), len(events)
    )  # the captain's holder_set comes before its announcement: it waits too
    if any(ev.kind == "command" for ev in events[:first]):
        return False
    at = ruleset.start_time()
    marker = {"name": OPENING, "at": at.isoformat() if at else None, "opening": True}
    events.insert(first, Event("command", marker, DIRECTOR))
    return True


class Game:
    """Commands in, events out. ``state`` is always the fold of ``events`` (as today's code reads
    them: ``RuleSet.upcast``)."""

    __slots__ = ("events", "ruleset", "state")

    def __init__(self, ruleset: RuleSet) -> None:
        self.ruleset = ruleset
        self.state = State()
        self.events: list[Event] = []

    @classmethod
    def create(
        cls,
        ruleset: RuleSet,
        players: list[str],
        seed: int = 0,
        roles: dict[int, str] | None = None,
        fixed: dict[str, Any] | None = None,
        declare: dict[str, Any] | None = None,
        *,
        nonce: str | None = None,
    ) -> Game:
        """Seat the players, deal, and open the first stage.

        ``seed`` (every random draw comes from it) and ``nonce`` (the secret of the deal's
        commitment, R-ALL-02) are inputs, recorded in an event only the director sees until the
        reveal (the seed as decimal text: 128 bits are more than a JSON number keeps everywhere); a
        replay reads them back and draws nothing. A real game's come from the operating
        system's generator (the service draws them); without a nonce the game is a practice game
        (a scenario, a simulation) and takes ``practice_nonce(seed)``, which hides nothing."""
        game = cls(ruleset)
        ctx = Ctx(game.state)
        ctx.emit(
            "game_created",
            {"ruleset": ruleset.id, "options": ruleset.options, "players": list(players)},
            PUBLIC,
        )
        ctx.emit(
            "deal_inputs",
            {"seed": str(seed), "nonce": practice_nonce(seed) if nonce is None else nonce},
            DIRECTOR,
        )
        ruleset.setup(ctx, roles, fixed or {}, declare or {})
        game.events.extend(ctx.out)
        if ruleset.review and _hold_opening(game.events, ruleset):
            game.state = fold(game.events)
        return game

    @classmethod
    def replay(cls, ruleset: RuleSet, events: list[Event]) -> Game:
        """Rebuild a game from its events; no generator is re-run (R-ALL-02). A stream stored by
        earlier code is read through the rule set's upcast; ``events`` stay as stored."""
        game = cls(ruleset)
        game.events = list(events)
        game.state = game.refold()
        return game

    def refold(self) -> State:
        """The fold of the events as today's code reads them (``RuleSet.upcast``)."""
        return fold(self.ruleset.upcast(self.events))

    def handle(self, cmd: Command) -> list[Event]:
        """Apply one command; a refused command raises RuleError and changes nothing."""
        ctx = Ctx(self.state)
        try:
            self.ruleset.handle(ctx, cmd)
        except BaseException:
            if ctx.out:
                self.state = self.refold()
            raise
        self.events.extend(ctx.out)
        if ctx.out and ctx.out[-1].kind == "undone":
            self.state = self.refold()  # an undo: the taken-back events are no longer applied
        return ctx.out

    def rewind(self, count: int) -> None:
        """Keep only the first ``count`` events and fold again: a decision that was not recorded
        (its append lost a race or failed) is taken back."""
        if len(self.events) > count:
            del self.events[count:]
            self.state = self.refold()

    def catch_up(self, events: list[Event]) -> None:
        """Add events another process recorded, folding them in."""
        for ev in events:
            self.events.append(ev)
            apply(self.state, ev)
        if any(ev.kind == "undone" for ev in events):
            self.state = self.refold()

    def legal(self, seat: int) -> list[LegalAct]:
        """What the player in ``seat`` may submit now (nothing while results await publication)."""
        if self.state.awaiting is not None:
            return []
        return self.ruleset.legal(self.state, seat)
