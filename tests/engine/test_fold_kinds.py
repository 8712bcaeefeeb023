"""The fold's dispatch: every kind a game records folds, kinds that change nothing leave the state
as it was (but its position), and an unknown kind is an error."""

from __future__ import annotations

import pytest

from bansha.engine.events import Event
from bansha.engine.state import NOTHING, State, apply


def test_a_kind_that_changes_nothing_only_moves_the_position() -> None:
    for kind in sorted(NOTHING):
        s = State()
        before = s.fingerprint()
        apply(s, Event(kind, {}))
        assert s.seq == 1
        assert s.fingerprint()[:-1] == before[:-1]


def test_an_unknown_kind_is_an_error() -> None:
    with pytest.raises(KeyError):
        apply(State(), Event("no_such_kind", {}))
