"""One viewer's view kept current as a game's events arrive: a request costs the events added
since, not the game's length.

The view is the same function's result as ``views.view``: a ``views.ViewFold`` reads the events
this viewer may see as they come (``views.shown``'s rule: visible to the viewer, not taken back by
a 撤销, and in 公示审核 mode published unless the viewer is the director, team chats excepted), and
builds the view from them. What cannot be read on from where the fold stands starts it again from
the first event: a 撤销 (events already read are taken back), a 发布 (held-back events come out
in their places among the team chats read meanwhile, with the director's edits), and a game
rewound below what was read (an append that failed). ``tests/engine/test_incremental.py`` plays
random games with review and take-backs and checks, for every viewer after every command, that
this view equals the one folded from scratch.
"""

from __future__ import annotations

from typing import Any

from bansha.engine.events import Event
from bansha.engine.game import Game
from bansha.engine.views import PAGE, Viewer, ViewFold, Window, _visible, shown

RESTART = frozenset({"undone", "published"})
"""Events after which a viewer's fold is read again from the start."""


class IncrementalView:
    """``viewer``'s view of one game, read on as the game grows."""

    __slots__ = ("fed", "fold", "last", "read", "restarts", "viewer")

    def __init__(self, viewer: Viewer) -> None:
        self.viewer = viewer
        self.fold: ViewFold | None = None
        self.read = 0
        """How many of the game's events were looked at (read or passed over)."""
        self.last: Event | None = None
        """The last of them: a game whose event there is another was rewound and grew again."""
        self.restarts = 0
        """How many times the fold started again (a change of what was read so far)."""
        self.fed = 0
        """How many events the fold read since it last started."""

    def update(self, game: Game) -> int:
        """Read the game's new events; how many of them the viewer may see (0: the events the
        view is built from did not move; the view may still, through the game's state: its legal
        acts, the review, the director's god view)."""
        events = game.events
        if self.fold is None or not self._intact(events):
            return self._restart(game)
        new = range(self.read, len(events))
        if any(events[i].kind in RESTART for i in new):
            return self._restart(game)
        state = game.state
        review = bool(game.ruleset.options.get("review"))
        viewer = self.viewer
        cursor = len(events)
        if review and viewer != "director" and state.commands:
            cursor = state.commands[0]  # unpublished from here (team chats excepted)
        positions = [
            i
            for i in new
            if (i < cursor or events[i].kind == "chat") and _visible(events[i], viewer)
        ]
        self.fold.feed(game, positions)
        self.fed += len(positions)
        self._mark(events)
        return len(positions)

    def view(self, game: Game, window: Window = PAGE) -> dict[str, Any]:
        """The view of the game as read (call :meth:`update` first)."""
        assert self.fold is not None
        return self.fold.result(game, window)

    def _intact(self, events: list[Event]) -> bool:
        if len(events) < self.read:
            return False
        return self.read == 0 or events[self.read - 1] is self.last

    def _restart(self, game: Game) -> int:
        self.fold = ViewFold(game.ruleset, self.viewer)
        positions = shown(game, self.viewer)
        self.fold.feed(game, positions)
        self.restarts += 1
        self.fed = len(positions)
        self._mark(game.events)
        return len(positions) or 1  # a restart may have moved the view

    def _mark(self, events: list[Event]) -> None:
        self.read = len(events)
        self.last = events[-1] if events else None
