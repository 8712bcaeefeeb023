"""Commands, ballots, uses and seats are records compared and shown by value, as they were as
dataclasses: equal when of the same kind with equal fields, the frozen ones usable as keys, and a
command's digest in the command log unchanged, so that a form sent before an upgrade is still
recognised after it (idempotent submissions)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

import bansha
from bansha.engine.commands import Act, Close, Director, Post, Say, Vote
from bansha.engine.state import ActRecord, Ballot, Player, Use
from bansha.service.games import command_digest

AT = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)

DIGESTS = [
    (
        Act(3, "check", (5,), None, AT),
        "16f5e5cb2581108110b9c17db05c6f6b52f2bbdd097ba718b5ee96bf211fa320",
    ),
    (
        Act(1, "last_words", (), "我是好人"),
        "14ad89e29fac89a3715a8c0d97af92304d0917e9230f342278945331fbee809b",
    ),
    (Vote(2, None, AT), "e1f92a8c65cbe9209bfb1ed3b365c015920bc7686adb3498fa1518eb96d1a05f"),
    (Vote(2, 7), "af67715ee14883251b5ff811c9530b29703908c32c053ba94dacd95bdf05cf4e"),
    (Close(AT), "c36e0bc48bea0aea213c82c287f07bb61474acf722c4851c469d18869719ab8a"),
    (
        Director("红牌", {"seat": 4}),
        "9cc48ce616fec12b03674e430680ac9222ae22cfae30db0adcbd69a877688e51",
    ),
    (
        Say(1, "wolves", "刀5号", AT),
        "8651bfd6d6864624e664386546d2e864f3415e0989098f7f54aa4767b10b5795",
    ),
    (
        Post(2, "投票：丙", 3, AT),
        "891c82926aacd123e355e3f16a160afd476c34df22ab59b4e13e0eb214c3ad38",
    ),
]
"""Each command's digest as the command log recorded it when commands were dataclasses."""


@pytest.mark.parametrize(("cmd", "digest"), DIGESTS, ids=lambda x: type(x).__name__)
def test_a_commands_digest_is_what_the_command_log_recorded_before(
    cmd: object, digest: str
) -> None:
    assert command_digest(cmd) == digest  # type: ignore[arg-type]


def test_records_are_equal_by_kind_and_value() -> None:
    assert Act(1, "kill", (2,)) == Act(by=1, skill="kill", targets=(2,))
    assert Act(1, "kill", (2,)) != Act(1, "kill", (3,))
    assert Vote(1, None) != Close()
    assert Ballot(0, 5, None) == Ballot(0, 5, None)
    assert Player(0, "甲") != Player(0, "乙")
    assert ActRecord(0, "kill", (1,), None, None, 4) == ActRecord(0, "kill", (1,), None, None, 4)


def test_a_record_shows_its_fields_in_order() -> None:
    assert repr(Vote(2, 7)) == "Vote(by=2, target=7, at=None)"
    assert repr(Use(1, 3, (4,))) == "Use(day=1, seat=3, targets=(4,), choice=None)"


def test_frozen_records_are_keys_and_mutable_ones_are_not() -> None:
    assert {Act(1, "kill", (2,)): 1}[Act(1, "kill", (2,))] == 1
    assert len({Use(1, 3, (4,)), Use(1, 3, (4,))}) == 1
    for mutable in (Ballot(0, 1, None), Player(0, "甲"), Director("红牌", {"seat": 1})):
        with pytest.raises(TypeError):
            hash(mutable)


def test_a_players_lists_and_sets_are_his_own() -> None:
    a, b = Player(0, "甲"), Player(1, "乙")
    a.skills.add("kill")
    a.results.append("查验：乙是好人")
    assert b.skills == set() and b.results == [] and b.cards == {}


@pytest.mark.skipif(not bansha.COMPILED, reason="the engine is not compiled (bansha compile)")
def test_the_compiled_engine_refuses_to_change_a_frozen_record() -> None:
    cmd = Act(1, "kill", (2,))
    with pytest.raises(AttributeError):
        cmd.by = 2  # type: ignore[misc]
