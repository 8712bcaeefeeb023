"""The event-store contract; runs on SQLite, and on PostgreSQL when BANSHA_DATABASE_URL points there."""

import os

import pytest
from django.db import connection

from bansha.engine import Event
from bansha.engine.events import PUBLIC
from bansha.store import events as store
from bansha.store.models import GameRecord

pytestmark = pytest.mark.django_db(transaction=True)


def _game(gid: str = "g1") -> GameRecord:
    return GameRecord.objects.create(id=gid, ruleset="m103", title="t")


def test_backend_is_the_one_asked_for() -> None:
    wanted = os.environ.get("BANSHA_DATABASE_URL", "sqlite")
    assert connection.vendor == ("postgresql" if wanted.startswith("postgres") else "sqlite")


def test_append_and_load_round_trip() -> None:
    _game()
    events = [
        Event("game_created", {"players": ["甲"]}, PUBLIC),
        Event("dealt", {"roles": ["x"]}, chance=True),
        Event("notice", {"key": "k"}, (0, 3)),
    ]
    assert store.append("g1", 0, events) == 3
    back = store.load("g1")
    assert [e.to_json() for e in back] == [e.to_json() for e in events]
    assert store.head("g1") == 3
    assert [e.kind for e in store.load("g1", after=2)] == ["notice"]


def test_every_json_value_reads_back_as_written() -> None:
    """Text in any script, quotes and escapes, numbers of every size, nested lists and maps,
    and each kind of audience read back equal (what the store reads with orjson, and an integer
    beyond 64 bits, which orjson refuses, through the standard decoder)."""
    _game()
    data = {
        "text": '甲说：「今晚刀谁？」\n"引号" \\ 😀 <b>&amp;</b>',
        "numbers": [0, -1, 2**63 - 1, 1.5, 1e-9],
        "nested": {"a": [{"b": None, "c": True}], "空": {}},
    }
    events = [
        Event("a", data, PUBLIC),
        Event("b", {"seed": 2**70}, "director", chance=True),
        Event("c", {}, (0, 13)),
        Event("d", {"list": []}, ()),
    ]
    store.append("g1", 0, events)
    back = store.load("g1")
    assert back == events
    assert back[1].data["seed"] == 2**70
    assert [e.to for e in back] == [PUBLIC, "director", (0, 13), ()]


def test_expected_version_is_checked() -> None:
    _game()
    store.append("g1", 0, [Event("a", {})])
    with pytest.raises(store.ConcurrencyError):
        store.append("g1", 0, [Event("b", {})])
    assert [e.kind for e in store.load("g1")] == ["a"]
    with pytest.raises(store.ConcurrencyError):
        store.append("g1", 5, [Event("c", {})])
    assert store.head("g1") == 1


def test_command_key_lands_once() -> None:
    _game()
    cmd = {"key": "k1", "actor": "a", "kind": "Act", "payload": {}}
    store.append("g1", 0, [Event("a", {})], command=cmd)
    with pytest.raises(store.DuplicateCommand):
        store.append("g1", 1, [Event("a", {})], command=dict(cmd))
    assert store.head("g1") == 1


def test_games_are_separate_streams() -> None:
    _game("g1")
    _game("g2")
    store.append("g1", 0, [Event("a", {})])
    store.append("g2", 0, [Event("b", {}), Event("c", {})])
    assert [e.kind for e in store.load("g1")] == ["a"]
    assert [e.kind for e in store.load("g2")] == ["b", "c"]


def test_head_fields_update_with_the_append() -> None:
    _game()
    store.append("g1", 0, [Event("a", {})], head={"ended": True})
    assert GameRecord.objects.get(id="g1").ended is True


@pytest.mark.parametrize("behind", [1, 3], ids=["one behind", "three behind"])
def test_a_stale_append_carrying_a_command_raises_the_concurrency_error(behind: int) -> None:
    """Deterministically, not by a race: a writer that decided on an old head and carries a new
    command key must get ConcurrencyError (decide again), never DuplicateCommand (which the
    service answers with 「已提交过」, losing the command); and its key is not logged, so the
    same command lands once decided again on the new head."""
    _game()
    store.append("g1", 0, [Event("a", {}) for _ in range(behind)], command=_cmd("first"))
    stale = store.head("g1") - behind
    with pytest.raises(store.ConcurrencyError):
        store.append("g1", stale, [Event("b", {}), Event("c", {})], command=_cmd("second"))
    assert [e.kind for e in store.load("g1")] == ["a"] * behind
    assert store.digest_of("g1", "second") is None  # nothing of it was kept
    assert store.append("g1", behind, [Event("b", {})], command=_cmd("second")) == behind + 1
    assert store.digest_of("g1", "second") == "d-second"


def test_an_append_ahead_of_the_head_carrying_a_command_raises_the_concurrency_error() -> None:
    """An expected head past the stream's (no event row collides): the head's check refuses it,
    and the command's key is not logged."""
    _game()
    store.append("g1", 0, [Event("a", {})])
    with pytest.raises(store.ConcurrencyError):
        store.append("g1", 4, [Event("b", {})], command=_cmd("ahead"))
    assert store.head("g1") == 1 and store.digest_of("g1", "ahead") is None
    assert [e.kind for e in store.load("g1")] == ["a"]


def _cmd(key: str) -> dict:
    return {"key": key, "digest": f"d-{key}", "actor": "seat0", "kind": "Act", "payload": {}}
