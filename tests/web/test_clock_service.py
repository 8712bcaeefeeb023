"""R-ALL-10 through the service: the game's zone is recorded with the game, the deadline worker
keeps the post's clock, and pause/resume leaves a clock-time deadline where the post puts it."""

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from bansha.engine import clock
from bansha.service.games import GameService
from bansha.store.models import GameRecord

pytestmark = pytest.mark.django_db(transaction=True)
BS46 = list("甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳")
SHANGHAI = clock.game_zone("Asia/Shanghai")


def local(moment: datetime | None, zone: str = "Asia/Shanghai") -> str | None:
    return clock.scenario_time(moment, clock.game_zone(zone))


def test_the_zone_is_an_option_recorded_in_the_events() -> None:
    svc = GameService()
    created = svc.create(
        "bs46",
        BS46,
        seed=1,
        options={"start_at": "2026-03-06T12:00"},
        game_timezone="America/New_York",
    )
    game = svc.load(created.record.id)
    assert game.events[0].data["options"]["timezone"] == "America/New_York"
    assert created.record.timezone == "America/New_York"
    assert local(game.state.deadline, "America/New_York") == "2026-03-07 12:00"
    # a fresh process rebuilds the rule set from the record: same zone
    assert GameService().load(created.record.id).ruleset.zone.key == "America/New_York"


def test_the_deadline_worker_keeps_the_post_clock() -> None:
    # bs46 (R-BS46-12): 12:00 → 20:00 → 次日12:00, whatever moment the worker runs at
    svc = GameService()
    gid = svc.create(
        "bs46", BS46, seed=1, options={"start_at": "2026-01-01T12:00:00+08:00"}
    ).record.id
    assert svc.close_due(datetime(2026, 1, 2, 3, 59, tzinfo=UTC)) == 0  # 11:59 Beijing
    assert svc.close_due(datetime(2026, 1, 2, 4, 0, 7, tzinfo=UTC)) == 1  # 12:00:07
    state = svc.load(gid).state
    assert (state.stage, local(state.deadline)) == ("夜晚", "2026-01-02 20:00")
    assert svc.close_due(datetime(2026, 1, 3, 9, 0, tzinfo=UTC)) == 1  # much later
    state = svc.load(gid).state
    assert (state.stage, local(state.deadline)) == ("遗言", "2026-01-03 12:00")
    assert local(GameRecord.objects.get(id=gid).deadline) == "2026-01-03 12:00"


def test_resume_leaves_a_clock_deadline_ahead_where_it_is() -> None:
    svc = GameService()
    # a game that opened at the last 12:00 Beijing time: its deadline, the next 12:00, is ahead
    # whatever the hour this runs at (one opened at the last 12:30 had its deadline behind when
    # this ran between 12:00 and 12:30)
    now = timezone.now()
    start = clock.next_clock_time(now - timedelta(days=1), "12:00", SHANGHAI)
    assert start <= now
    gid = svc.create("bs46", BS46, seed=1, options={"start_at": start.isoformat()}).record.id
    before = GameRecord.objects.get(id=gid).deadline
    assert before is not None and before > timezone.now()
    assert local(before)[-5:] == "12:00"
    svc.pause(gid)
    GameRecord.objects.filter(id=gid).update(paused_at=timezone.now() - timedelta(minutes=30))
    svc.resume(gid)
    assert GameRecord.objects.get(id=gid).deadline == before
    assert not GameRecord.objects.get(id=gid).paused


def test_resume_gives_back_the_time_left_when_a_clock_deadline_passed_while_paused() -> None:
    svc = GameService()
    now = timezone.now()
    # a game that opened at the last 12:00 Beijing time a day ago: its deadline is the last 12:00
    last_noon = clock.next_clock_time(now - timedelta(days=1), "12:00", SHANGHAI)
    start = last_noon - timedelta(days=1)
    gid = svc.create("bs46", BS46, seed=1, options={"start_at": start.isoformat()}).record.id
    deadline = GameRecord.objects.get(id=gid).deadline
    assert deadline is not None and deadline <= now
    svc.pause(gid)
    paused_at = deadline - timedelta(minutes=20)  # paused with 20 minutes left
    GameRecord.objects.filter(id=gid).update(paused_at=paused_at)
    svc.resume(gid)
    after = GameRecord.objects.get(id=gid).deadline
    assert after is not None
    assert timedelta(minutes=19) <= after - timezone.now() <= timedelta(minutes=21)
