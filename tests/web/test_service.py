"""The service layer: load → decide → append; races, retries, bots and deadlines."""

import threading
from datetime import timedelta

import pytest
from django.db import connections
from django.utils import timezone

from bansha.engine import Act, Close, RuleError, Vote
from bansha.engine.state import fold
from bansha.rulesets import find_ruleset
from bansha.service.games import GameService
from bansha.store import events as store
from bansha.store.models import GameRecord
from tests.helpers import M103_DEAL

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
RS = find_ruleset("m103")
ROLES = {i: RS.role_key(r) for i, r in enumerate(M103_DEAL)}


def test_create_stores_events_and_hashed_tokens() -> None:
    svc = GameService()
    created = svc.create("m103", NAMES, seed=5)
    gid = created.record.id
    assert store.head(gid) == len(svc.load(gid).events)
    seats = created.record.seats.all()
    assert len(seats) == 14
    for s in seats:
        assert created.tokens[s.seat] not in s.token_hash
        assert len(s.token_hash) == 64


def test_restart_replays_the_same_state() -> None:
    svc = GameService()
    gid = svc.create("m103", NAMES, seed=5, roles=ROLES).record.id
    svc.submit(gid, Act(8, "red_thread", (10, 11)))
    svc.submit(gid, Close())
    fresh = GameService()  # a restarted process: nothing cached
    assert fresh.load(gid).state.fingerprint() == svc.load(gid).state.fingerprint()
    assert fold(store.load(gid)).fingerprint() == svc.load(gid).state.fingerprint()


def test_refused_command_changes_nothing() -> None:
    svc = GameService()
    gid = svc.create("m103", NAMES, seed=5).record.id
    before = store.head(gid)
    with pytest.raises(RuleError):
        svc.submit(gid, Vote(0, 1))
    assert store.head(gid) == before


def test_retried_submission_lands_once() -> None:
    svc = GameService()
    gid = svc.create("m103", NAMES, seed=5).record.id
    svc.submit(gid, Close(), key="close-1")
    head = store.head(gid)
    assert svc.submit(gid, Close(), key="close-1") == []
    assert store.head(gid) == head


def test_two_processes_racing_for_one_stage_close_it_once() -> None:
    a, b = GameService(), GameService()
    gid = a.create("m103", NAMES, seed=5).record.id
    b.load(gid)
    stage_before = a.load(gid).state.stage
    results = []

    def close(svc: GameService) -> None:
        try:
            results.append(svc.submit(gid, Close(), key="close:stage-0"))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=close, args=(s,)) for s in (a, b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(bool(r) for r in results) == [False, True]
    fresh = GameService().load(gid)
    assert fresh.state.phase_label() == "night 1" and stage_before == "红线"


def test_stale_cache_catches_up_and_decides_on_fresh_state() -> None:
    a, b = GameService(), GameService()
    gid = a.create("m103", NAMES, seed=5, roles=ROLES).record.id
    b.load(gid)
    a.submit(gid, Act(8, "red_thread", (10, 11)))
    a.submit(gid, Close())  # b's cached copy is now behind
    b.submit(gid, Act(0, "kill", (13,)))  # decided on the fresh state (night 1), not the stale one
    assert GameService().load(gid).state.team_acts["kill"].targets == (13,)


def test_deadline_worker_closes_once() -> None:
    svc = GameService()
    start = timezone.now() - timedelta(hours=3)
    gid = svc.create("m103", NAMES, seed=5, options={"start_at": start.isoformat()}).record.id
    rec = GameRecord.objects.get(id=gid)
    assert rec.deadline is not None and rec.deadline < timezone.now()
    other = GameService()
    closed = svc.close_due() + other.close_due()
    assert closed >= 1
    state = GameService().load(gid).state
    assert state.deadline is None or state.deadline > start


def test_demo_bots_play_a_whole_game() -> None:
    svc = GameService()
    gid = svc.create("m103", NAMES, seed=9, demo=True, bots=tuple(range(1, 14))).record.id
    for _ in range(200):
        game = svc.load(gid)
        if game.state.ended:
            break
        svc.run_bots(gid)
        if not svc.load(gid).state.ended:  # a bot's act (a surrender...) may end the game
            svc.submit(gid, Close(at=timezone.now()))
    game = svc.load(gid)
    assert game.state.ended and len(game.state.winners) == 1
    assert GameRecord.objects.get(id=gid).ended


def test_pause_stops_the_clock_and_resume_extends_the_deadline() -> None:
    svc = GameService()
    start = timezone.now() - timedelta(minutes=59)
    gid = svc.create("m103", NAMES, seed=5, options={"start_at": start.isoformat()}).record.id
    before = GameRecord.objects.get(id=gid).deadline
    svc.pause(gid)
    GameRecord.objects.filter(id=gid).update(paused_at=timezone.now() - timedelta(minutes=30))
    assert svc.close_due(timezone.now() + timedelta(hours=2)) == 0  # paused: nothing closes
    svc.resume(gid)
    after = GameRecord.objects.get(id=gid).deadline
    assert after - before >= timedelta(minutes=30)
    assert not GameRecord.objects.get(id=gid).paused


def test_director_extends_a_deadline() -> None:
    from bansha.engine import Director

    svc = GameService()
    gid = svc.create(
        "m103", NAMES, seed=5, options={"start_at": timezone.now().isoformat()}
    ).record.id
    before = svc.load(gid).state.deadline
    svc.submit(gid, Director("延期", {"minutes": 45}, timezone.now()))
    assert svc.load(gid).state.deadline - before == timedelta(minutes=45)
    with pytest.raises(RuleError):
        svc.submit(gid, Director("延期", {"minutes": 0}, timezone.now()))
