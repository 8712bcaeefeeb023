"""The service layer: load → decide → append; races, retries, bots and deadlines."""

import threading
import time
from datetime import timedelta

import pytest
from django.db import connections
from django.utils import timezone

from bansha.engine import Act, Close, RuleError, Say, Vote
from bansha.engine.state import fold
from bansha.engine.views import view
from bansha.rulesets import find_ruleset
from bansha.service.games import GameService, Outlets
from bansha.sim.heuristic import bot_command
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
    svc = GameService()  # a service of its own: given its bot policy as the web's start-up does
    svc.connect(Outlets(bot=bot_command))
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


def test_threads_sharing_a_cached_game_never_see_half_a_command() -> None:
    """Request threads share the process's cached game: a reader sees it between commands only,
    and catching up with another process's appends happens once, however many threads load."""
    here, elsewhere = GameService(), GameService()
    gid = here.create("m103", NAMES, seed=5, roles=ROLES).record.id
    here.submit(gid, Close())  # night 1: the assassins' chat opens
    a, b, c = here.load(gid).state.groups["assassins"][:3]
    elsewhere.load(gid)
    errors: list[BaseException] = []
    seen: list[bool] = []

    def work(fn: object) -> None:
        try:
            fn()  # type: ignore[operator]
        except BaseException as e:
            errors.append(e)
        finally:
            connections.close_all()

    def say(svc: GameService, seat: int) -> None:
        for i in range(30):
            svc.submit(
                gid, Say(seat, "assassins", f"{seat}号第{i}句"), key=f"{seat}-{i}", actor="t"
            )

    def read() -> None:
        for _ in range(60):
            with here.reading(gid) as game:
                seen.append(game.state.fingerprint() == fold(game.events).fingerprint())
                view(game, a)

    jobs = [lambda: say(here, a), lambda: say(here, b), lambda: say(elsewhere, c), read, read]
    threads = [threading.Thread(target=work, args=(job,)) for job in jobs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert seen and all(seen)
    stored = store.load(gid)
    assert here.load(gid).events == stored  # no event caught up twice
    assert sum(ev.kind == "chat" for ev in stored) == 90


def test_a_page_never_sees_a_command_that_is_not_recorded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A command changes the shared cached game before its append: it waits while a page reads
    the game, and when its append fails the game is taken back before anyone sees it."""
    svc = GameService()
    gid = svc.create("m103", NAMES, seed=5, roles=ROLES).record.id
    svc.submit(gid, Close())  # night 1: the assassins' chat opens
    cached = svc.load(gid)
    seat = cached.state.groups["assassins"][0]
    append = store.append
    reading = threading.Event()
    lost = threading.Event()

    def first_append_loses(*args: object, **kwargs: object) -> int:
        if not lost.is_set():
            lost.set()  # the cached game holds the new chat line now
            time.sleep(0.2)
            raise store.ConcurrencyError(gid)  # and another writer won
        return append(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(store, "append", first_append_loses)
    seen: list[tuple[int, int]] = []

    def write() -> None:
        try:
            reading.wait(5)
            svc.submit(gid, Say(seat, "assassins", "今晚刀谁？"))
        finally:
            connections.close_all()

    def read(first: bool) -> None:
        try:
            if not first:
                lost.wait(5)  # the writer's first attempt is under way
            with svc.reading(gid) as game:
                reading.set()
                time.sleep(0.2)  # a page taking its time; the writer has started meanwhile
                seen.append((len(game.events), store.head(gid)))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=f) for f in (write, lambda: read(True))]
    threads.append(threading.Thread(target=read, args=(False,)))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(seen) == 2 and all(events == head for events, head in seen)
    assert [ev.data["text"] for ev in store.load(gid) if ev.kind == "chat"] == ["今晚刀谁？"]
    assert svc.load(gid).events == store.load(gid)
    assert svc.load(gid) is cached  # taken back in memory, not replayed from the store
