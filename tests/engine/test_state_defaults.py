"""The state's written-out constructor gives every field the default its declaration names."""

from __future__ import annotations

import dataclasses

from bansha.engine.state import Player, State


def test_every_field_starts_at_its_declared_default() -> None:
    s = State()
    for f in dataclasses.fields(State):
        factory = f.default_factory
        want = f.default if factory is dataclasses.MISSING else factory()
        assert getattr(s, f.name) == want, f.name
        assert type(getattr(s, f.name)) is type(want), f.name


def test_no_two_states_share_a_container() -> None:
    a, b = State(), State()
    for f in dataclasses.fields(State):
        if f.default_factory is not dataclasses.MISSING:
            assert getattr(a, f.name) is not getattr(b, f.name), f.name


def test_seated_with_players() -> None:
    players = [Player(0, "甲"), Player(1, "乙")]
    assert State(players=players).players is players
