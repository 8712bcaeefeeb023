"""Each viewer's view and version, kept current as the game's events arrive and shared by every
page and socket of that viewer in the process.

Each game and viewer has an ``engine.incremental.IncrementalView``: a request or a push reads
only the events added since the last one (a 20,000-event game costs what a fresh one does), and
the view is still ``views.view``'s result (the incremental view is proven equal to it by
``tests/engine/test_incremental.py``), so the one egress stays the one. The page's view (its
window of the long histories, ``views.PAGE``) and its version are kept too, and built again only
when something it is made of moved: the events the viewer may see, the viewer's legal acts, the
review state, and for the director (whose god view reads the whole state) or after the end (the
reveal's timeline) any event. A game loaded afresh (another cached copy) starts its views again.
Callers hold the game still (``GameService.reading``) and never change the view they are given
(it is shared).

Other folds of a viewer's events are kept the same way (:func:`folded`: the console's absences
and the public's card counts), and a day of the discussion thread is handed out with a token that
changes whenever its floors may have (:func:`day_floors`), so what is worked out from a past day's
floors is worked out once.
"""

from __future__ import annotations

import itertools
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

from bansha.engine.game import Game
from bansha.engine.incremental import Fold, IncrementalView, KeptFold
from bansha.engine.views import PAGE, Viewer, Window, digest

F = TypeVar("F", bound=Fold)

KEPT = 2048
"""Viewers' views kept per process (one per game and viewer, each with the history its viewer
may see: a long game's thread is a few megabytes); the least recently used is read again from
the game's events when asked for."""


class _Entry:
    """One viewer's incremental view of one game, and its page view as last built."""

    __slots__ = ("fingerprint", "game", "incremental", "serial", "version", "view")

    def __init__(self, game: Game, viewer: Viewer) -> None:
        self.game = game
        self.serial = next(_serials)
        self.incremental = IncrementalView(viewer)
        self.fingerprint: tuple[Any, ...] | None = None
        self.view: dict[str, Any] = {}
        self.version = ""


_serials = itertools.count()
_entries: OrderedDict[tuple[str, Viewer], _Entry] = OrderedDict()
_folds: OrderedDict[tuple[str, Viewer, object], tuple[Game, KeptFold[Any]]] = OrderedDict()
_lock = threading.Lock()


def _entry(game_id: str, game: Game, viewer: Viewer) -> _Entry:
    """The viewer's entry, its incremental view read up to the game's last event."""
    key = (game_id, viewer)
    with _lock:
        entry = _entries.get(key)
        if entry is None or entry.game is not game:
            entry = _entries[key] = _Entry(game, viewer)
        _entries.move_to_end(key)
        while len(_entries) > KEPT:
            _entries.popitem(last=False)
    entry.incremental.update(game)
    return entry


def current(
    game_id: str, game: Game, viewer: Viewer, window: Window = PAGE
) -> tuple[dict[str, Any], str]:
    """``viewer``'s view of the game (in ``window``) and its version (``views.digest`` of the
    page's view: the same whatever the window). The caller holds the game still."""
    entry = _entry(game_id, game, viewer)
    incremental = entry.incremental
    state = game.state
    legal = tuple(game.legal(viewer)) if isinstance(viewer, int) else ()
    whole = len(game.events) if state.ended or viewer == "director" else 0
    fingerprint = (incremental.restarts, incremental.fed, legal, state.awaiting is not None, whole)
    if fingerprint != entry.fingerprint:
        entry.view = incremental.view(game, PAGE)
        entry.version = digest(entry.view)
        entry.fingerprint = fingerprint
    if window is PAGE:
        return entry.view, entry.version
    return incremental.view(game, window), entry.version


def day_floors(
    game_id: str, game: Game, viewer: Viewer, day: int
) -> tuple[list[dict[str, Any]], tuple[int, ...]]:
    """The discussion thread's floors of game day ``day`` as ``viewer``'s view carries them (a
    view in ``Window(thread_day=day)``), and a token of them: equal tokens, equal floors (the
    view's floors are only ever added to, and a fold started again or read afresh has another
    token). The caller holds the game still."""
    entry = _entry(game_id, game, viewer)
    fold = entry.incremental.fold
    assert fold is not None
    floors = fold.floors(day)
    return floors, (entry.serial, entry.incremental.restarts, day, len(floors))


def folded(game_id: str, game: Game, viewer: Viewer, make: Callable[[Game, Viewer], F]) -> F:
    """A fold (``make(game, viewer)``) of the events ``viewer`` may see, kept current: read up to
    the game's last event, one per game, viewer and ``make`` in the process (as many as views
    are kept; the least recently used is read again from the game's events when asked for).
    Equal to the same fold fed ``views.shown(game, viewer)`` in one go. The caller holds the game
    still and reads the fold without changing it."""
    key = (game_id, viewer, make)
    with _lock:
        kept = _folds.get(key)
        if kept is None or kept[0] is not game:
            kept = _folds[key] = (game, KeptFold(viewer, make))
        _folds.move_to_end(key)
        while len(_folds) > KEPT:
            _folds.popitem(last=False)
    fold: F = kept[1].current(game)
    return fold
