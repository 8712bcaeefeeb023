"""One viewer's view kept current as a game's events arrive: a request costs the events added
since, not the game's length.

The view is the same function's result as ``views.view``: a ``views.ViewFold`` reads the events
this viewer may see as a ``views.Feed`` gives them (``views.shown``'s rule: visible to the viewer,
not taken back by a 撤销, and in 公示审核 mode published unless the viewer is the director, team
chats excepted), and builds the view from them. When the feed starts again from the first event
(a 撤销, a 发布, a game rewound below what was read), so does the fold.
``tests/engine/test_incremental.py`` plays random games with review and take-backs and checks, for
every viewer after every command, that this view equals the one folded from scratch.
"""

from __future__ import annotations

from typing import Any

from bansha.engine.game import Game
from bansha.engine.views import PAGE, Feed, Viewer, ViewFold, Window


class IncrementalView:
    """``viewer``'s view of one game, read on as the game grows."""

    __slots__ = ("fed", "feed", "fold", "viewer")

    def __init__(self, viewer: Viewer) -> None:
        self.viewer = viewer
        self.feed = Feed((viewer,))
        self.fold: ViewFold | None = None
        self.fed = 0
        """How many events the fold read since it last started."""

    @property
    def restarts(self) -> int:
        """How many times the fold started again (a change of what was read so far)."""
        return self.feed.restarts

    def update(self, game: Game) -> int:
        """Read the game's new events; how many of them the viewer may see (0: the events the
        view is built from did not move; the view may still, through the game's state: its legal
        acts, the review, the director's god view)."""
        again, given = self.feed.update(game)
        positions = [i for i, _ in given]
        if again or self.fold is None:
            self.fold = ViewFold(game.ruleset, self.viewer)
            self.fed = 0
        self.fold.feed(game, positions)
        self.fed += len(positions)
        return len(positions) or int(again)  # a restart may have moved the view

    def view(self, game: Game, window: Window = PAGE) -> dict[str, Any]:
        """The view of the game as read (call :meth:`update` first)."""
        assert self.fold is not None
        return self.fold.result(game, window)
