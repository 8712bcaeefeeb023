"""Each viewer's view and version, computed once per state of the game and shared by every page
and socket of that viewer in the process.

A view is a function of the game's events (and its rule set) only, so it can be kept until the
game moves on: the entry remembers the game object, how many events it had and the last of them
(held, so it is the same object and not a new one at a freed address). When events were added
since, the view's fingerprint (``views.inputs``: the events the view is built from, the viewer's
legal acts, the review state) decides whether the view must be computed again; a game rewound
below the entry (an append that failed) or loaded afresh computes it again. The view itself is
always ``views.view``'s result, so the one egress stays the one: this only avoids computing the
same result twice. Callers hold the game still (``GameService.reading``) and never change the
view they are given (it is shared).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from bansha.engine.events import Event
from bansha.engine.game import Game
from bansha.engine.views import Viewer, digest, inputs, view

KEPT = 2048
"""Views kept per process (one per game and viewer); the least recently used is computed again."""


class _Entry:
    """One viewer's view of one game as of ``length`` events, the last of them ``last``."""

    __slots__ = ("fingerprint", "game", "last", "length", "version", "view")

    def __init__(
        self,
        game: Game,
        length: int,
        last: Event | None,
        fingerprint: int,
        shown: dict[str, Any],
        version: str,
    ) -> None:
        self.game = game
        self.length = length
        self.last = last
        self.fingerprint = fingerprint
        self.view = shown
        self.version = version


_entries: OrderedDict[tuple[str, Viewer], _Entry] = OrderedDict()
_lock = threading.Lock()


def current(game_id: str, game: Game, viewer: Viewer) -> tuple[dict[str, Any], str]:
    """``viewer``'s view of the game and its version (``views.digest`` of it), computed only when
    the game moved in a way that can change it. The caller holds the game still."""
    key = (game_id, viewer)
    events = game.events
    length = len(events)
    last = events[-1] if events else None
    with _lock:
        entry = _entries.get(key)
        if entry is not None:
            _entries.move_to_end(key)
    fingerprint = None
    if entry is not None and entry.game is game and entry.length <= length:
        kept = entry.length == 0 or events[entry.length - 1] is entry.last
        if kept and entry.length == length:
            return entry.view, entry.version
        if kept:
            fingerprint = inputs(game, viewer)
            if fingerprint == entry.fingerprint:  # nothing this view is built from moved
                entry.length, entry.last = length, last
                return entry.view, entry.version
    if fingerprint is None:
        fingerprint = inputs(game, viewer)
    shown = view(game, viewer)
    made = _Entry(game, length, last, fingerprint, shown, digest(shown))
    with _lock:
        _entries[key] = made
        _entries.move_to_end(key)
        while len(_entries) > KEPT:
            _entries.popitem(last=False)
    return made.view, made.version
