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
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from bansha.engine.game import Game
from bansha.engine.incremental import IncrementalView
from bansha.engine.views import PAGE, Viewer, Window, digest

KEPT = 2048
"""Viewers' views kept per process (one per game and viewer, each with the history its viewer
may see: a long game's thread is a few megabytes); the least recently used is read again from
the game's events when asked for."""


class _Entry:
    """One viewer's incremental view of one game, and its page view as last built."""

    __slots__ = ("fingerprint", "game", "incremental", "version", "view")

    def __init__(self, game: Game, viewer: Viewer) -> None:
        self.game = game
        self.incremental = IncrementalView(viewer)
        self.fingerprint: tuple[Any, ...] | None = None
        self.view: dict[str, Any] = {}
        self.version = ""


_entries: OrderedDict[tuple[str, Viewer], _Entry] = OrderedDict()
_lock = threading.Lock()


def current(
    game_id: str, game: Game, viewer: Viewer, window: Window = PAGE
) -> tuple[dict[str, Any], str]:
    """``viewer``'s view of the game (in ``window``) and its version (``views.digest`` of the
    page's view: the same whatever the window). The caller holds the game still."""
    key = (game_id, viewer)
    with _lock:
        entry = _entries.get(key)
        if entry is None or entry.game is not game:
            entry = _entries[key] = _Entry(game, viewer)
        _entries.move_to_end(key)
        while len(_entries) > KEPT:
            _entries.popitem(last=False)
    incremental = entry.incremental
    incremental.update(game)
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
