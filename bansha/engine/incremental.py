"""Folds of the events a viewer may see, kept current as a game's events arrive: a request costs
the events added since, not the game's length.

A :class:`KeptFold` reads the events this viewer may see as a ``views.Feed`` gives them
(``views.shown``'s rule: visible to the viewer, not taken back by a 撤销, and in 公示审核 mode
published unless the viewer is the director, team chats excepted) into a fold of the caller's
making. When the feed starts again from the first event (a 撤销, a 发布, a game rewound below
what was read), a new fold is made and reads from the start, so a kept fold always equals the same
fold fed ``views.shown(game, viewer)`` in one go.

:class:`IncrementalView` is the kept fold of a viewer's view (``views.ViewFold``): the view is the
same function's result as ``views.view``. ``tests/engine/test_incremental.py`` plays random games
with review and take-backs and checks, for every viewer after every command, that this view equals
the one folded from scratch; the console's own folds (absences, the public's card counts) have
their test in ``tests/web/test_console_folds.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, Protocol, TypeVar

from bansha.engine.game import Game
from bansha.engine.views import PAGE, Feed, Viewer, ViewFold, Window


class Fold(Protocol):
    """What a kept fold keeps: something that reads events in order, a few at a time."""

    def feed(self, game: Game, positions: Iterable[int]) -> None:
        """Read the events at ``positions`` (in order, each after those read before)."""


F = TypeVar("F", bound=Fold)


class KeptFold(Generic[F]):
    """A fold (made by ``make(game, viewer)``) of the events ``viewer`` may see of one game, read
    on as the game grows."""

    __slots__ = ("fed", "feed", "fold", "make", "viewer")

    def __init__(self, viewer: Viewer, make: Callable[[Game, Viewer], F]) -> None:
        self.viewer = viewer
        self.make = make
        self.feed = Feed((viewer,))
        self.fold: F | None = None
        self.fed = 0
        """How many events the fold read since it last started."""

    @property
    def restarts(self) -> int:
        """How many times the fold started again (a change of what was read so far)."""
        return self.feed.restarts

    def update(self, game: Game) -> int:
        """Read the game's new events; how many of them the viewer may see (0: the events the
        fold is built from did not move; what is built from it may still, through the game's
        state: its legal acts, the review, the director's god view)."""
        again, given = self.feed.update(game)
        positions = [i for i, _ in given]
        if again or self.fold is None:
            self.fold = self.make(game, self.viewer)
            self.fed = 0
        self.fold.feed(game, positions)
        self.fed += len(positions)
        return len(positions) or int(again)  # a restart may have moved the fold

    def current(self, game: Game) -> F:
        """The fold, read up to the game's last event."""
        self.update(game)
        assert self.fold is not None
        return self.fold


def _view_fold(game: Game, viewer: Viewer) -> ViewFold:
    return ViewFold(game.ruleset, viewer)


class IncrementalView(KeptFold[ViewFold]):
    """``viewer``'s view of one game, read on as the game grows."""

    __slots__ = ()

    def __init__(self, viewer: Viewer) -> None:
        super().__init__(viewer, _view_fold)

    def view(self, game: Game, window: Window = PAGE) -> dict[str, Any]:
        """The view of the game as read (call :meth:`update` first)."""
        assert self.fold is not None
        return self.fold.result(game, window)
