"""R-ALL-10: the post's clock times are local in the game's zone, across daylight-saving changes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from bansha.engine import clock
from bansha.engine.errors import SetupError
from bansha.rulesets import find_ruleset

SHANGHAI = clock.game_zone("Asia/Shanghai")
NEW_YORK = clock.game_zone("America/New_York")
BERLIN = clock.game_zone("Europe/Berlin")


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)  # type: ignore[misc]


def test_next_clock_time_is_local_whatever_zone_the_opening_is_in() -> None:
    # 海猫's 夜晚行动阶段 opened at 22:00 Beijing time, given in UTC: 次日11:30 Beijing, not 19:30
    opened = utc(2026, 6, 30, 14, 0)
    deadline = clock.next_clock_time(opened, "11:30", SHANGHAI)
    assert clock.scenario_time(deadline, SHANGHAI) == "2026-07-01 11:30"
    assert deadline == utc(2026, 7, 1, 3, 30)
    assert deadline.utcoffset() == timedelta(hours=8)  # written in the game's zone


def test_next_clock_time_is_strictly_after_and_at_least_since() -> None:
    at = datetime(2026, 7, 1, 12, 0, tzinfo=SHANGHAI)
    assert clock.scenario_time(clock.next_clock_time(at, "12:00", SHANGHAI), SHANGHAI) == (
        "2026-07-02 12:00"
    )
    early = datetime(2026, 7, 1, 9, 0, tzinfo=timezone(timedelta(hours=8)))
    assert clock.scenario_time(clock.next_clock_time(early, "12:00", SHANGHAI), SHANGHAI) == (
        "2026-07-01 12:00"
    )
    # R-M103-20: the first 22:00 at least 12 hours on: exactly 12 hours is enough
    ten = datetime(2026, 7, 1, 10, 0, tzinfo=SHANGHAI)
    floor = ten + timedelta(hours=12)
    assert clock.next_clock_time(ten, "22:00", SHANGHAI, floor) == floor
    later = clock.next_clock_time(ten, "22:00", SHANGHAI, floor + timedelta(seconds=1))
    assert clock.scenario_time(later, SHANGHAI) == "2026-07-02 22:00"
    # 「第一个讨论日为两个自然日」: the clock time on the second calendar day after
    late = datetime(2026, 6, 1, 23, 0, tzinfo=SHANGHAI)
    assert clock.scenario_time(clock.clock_time_on(late, "23:30", SHANGHAI, 2), SHANGHAI) == (
        "2026-06-03 23:30"
    )


def test_clock_time_across_spring_forward() -> None:
    # New York, 2026-03-08 02:00 EST → 03:00 EDT: 12:00 → 次日12:00 is 23 hours of elapsed time
    opened = datetime(2026, 3, 7, 12, 0, tzinfo=NEW_YORK)
    deadline = clock.next_clock_time(opened, "12:00", NEW_YORK)
    assert clock.scenario_time(deadline, NEW_YORK) == "2026-03-08 12:00"
    assert deadline.astimezone(UTC) - opened.astimezone(UTC) == timedelta(hours=23)
    # a clock time the change skips is read with the offset before the change
    skipped = clock.next_clock_time(opened, "02:30", NEW_YORK)
    assert clock.scenario_time(skipped, NEW_YORK) == "2026-03-08 03:30"


def test_minutes_are_elapsed_and_days_keep_the_clock_across_fall_back() -> None:
    # Berlin, 2026-10-25 03:00 CEST → 02:00 CET
    at = utc(2026, 10, 25, 0, 30)  # 02:30 CEST
    night = clock.after_minutes(at, 60, BERLIN)
    assert night - at == timedelta(minutes=60)
    assert clock.scenario_time(night, BERLIN) == "2026-10-25 02:30"  # 02:30 CET, the second one
    day = clock.after_days(datetime(2026, 10, 24, 16, 0, tzinfo=BERLIN), 1, BERLIN)
    assert clock.scenario_time(day, BERLIN) == "2026-10-25 16:00"
    assert day.astimezone(UTC) - utc(2026, 10, 24, 14, 0) == timedelta(hours=25)


def test_parse_moment_is_always_aware() -> None:
    assert clock.parse_moment("2026-06-03T14:00:00Z", SHANGHAI) == utc(2026, 6, 3, 14)
    local = clock.parse_moment("2026-06-03 20:00", SHANGHAI)
    assert local == utc(2026, 6, 3, 12)
    with pytest.raises(SetupError, match="时间"):
        clock.parse_moment("明天", SHANGHAI)


def test_format_moment_names_the_zone() -> None:
    at = utc(2026, 12, 3, 4, 0)
    assert clock.format_moment(at) == "12月3日 12:00（北京时间）"
    assert clock.format_moment(at.isoformat(), "America/New_York") == "12月2日 23:00（纽约时间）"
    assert clock.format_moment(at, "Asia/Kolkata") == "12月3日 09:30（UTC+05:30）"
    assert clock.format_moment(None) == ""


def test_zone_option_is_checked_and_recorded() -> None:
    rs = find_ruleset("bs46", {"timezone": "Europe/Berlin"})
    assert rs.zone is BERLIN
    assert find_ruleset("bs46").options["timezone"] == "Asia/Shanghai"
    with pytest.raises(SetupError, match="未知的时区"):
        find_ruleset("bs46", {"timezone": "Mars/Olympus"})
    with pytest.raises(SetupError, match="时:分"):
        find_ruleset("m103", {"close_time": "25:00"})
    assert find_ruleset("m103", {"close_time": "9:30"}).options["close_time"] == "09:30"


def test_a_stage_that_has_not_begun_ends_as_it_begins() -> None:
    # a game created with a start time ahead: closing its first stage now opens the next one at
    # the start, with the post's deadline from there (bs46: 第一轮投票 from 12:00, 夜晚 until 20:00)
    from bansha.engine import Close, Game

    rs = find_ruleset("bs46", {"start_at": "2026-07-01T12:00:00+08:00"})
    g = Game.create(rs, [f"p{i}" for i in range(16)], 1)
    g.handle(Close(at=utc(2026, 6, 30, 1, 0)))  # the day before
    assert g.state.opened_at == utc(2026, 7, 1, 4, 0)
    assert clock.scenario_time(g.state.deadline, SHANGHAI) == "2026-07-01 20:00"


@pytest.mark.parametrize("ruleset", ["m103", "bs46", "xxxii", "standard12"])
def test_an_act_or_a_vote_before_the_start_time_is_refused_naming_it(ruleset: str) -> None:
    """A game created now to start tomorrow at 20:00 (Beijing): its first stage's forms refuse
    anything submitted before then, naming the start time in the game's zone (R-ALL-10);
    nothing changes. At the start time the same submission is decided as usual."""
    from bansha.engine import Act, Game, RuleError, Vote

    start = datetime(2026, 6, 2, 20, 0, tzinfo=SHANGHAI)
    rs = find_ruleset(ruleset, {"start_at": start.isoformat()})
    game = Game.create(rs, [f"玩家{i}" for i in range(rs.player_count)], 5)
    seat, la = next((s, la) for s in range(rs.player_count) for la in game.legal(s))

    def submitted(at: datetime) -> Act | Vote:
        if la.skill == "vote":
            return Vote(seat, la.targets[0], at)
        return Act(
            seat, la.skill, la.targets[: la.picks], la.choices[0] if la.choices else None, at
        )

    events = len(game.events)
    with pytest.raises(RuleError) as refused:
        game.handle(submitted(start - timedelta(minutes=1)))
    assert refused.value.message == "本局于6月2日 20:00（北京时间）开始，开始前不能行动或投票"
    assert len(game.events) == events
    game.handle(submitted(start))
    assert len(game.events) > events
