"""The new-game form's start time: a date and a time in the game's zone, and the zone (R-ALL-10)."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from bansha.engine import clock
from bansha.service.games import SERVICE
from bansha.store.models import GameRecord
from tests.web.directors import director_client

pytestmark = pytest.mark.django_db(transaction=True)
BS46 = [f"玩家{i}" for i in range(16)]


def _post(c: Client, **fields: str) -> str:
    data = {"ruleset": "bs46", "players": "\n".join(BS46), "options": "", "clock": "on", **fields}
    r = c.post("/new", data, follow=True)
    assert r.status_code == 200
    return r.content.decode()


def test_the_form_offers_a_start_and_the_zones_from_the_catalogue() -> None:
    html = director_client().get("/new").content.decode()
    assert 'name="start_date"' in html and 'name="start_time"' in html
    assert '<option value="Asia/Shanghai" selected>北京时间（Asia/Shanghai）</option>' in html
    assert "纽约时间（America/New_York）" in html


def test_a_start_in_beijing_time_gives_the_post_clock() -> None:
    tomorrow = clock.local(timezone.now(), clock.game_zone("Asia/Shanghai")).date() + timedelta(1)
    html = _post(director_client(), start_date=tomorrow.isoformat(), start_time="12:00")
    assert "已开局" in html
    record = GameRecord.objects.get()
    assert record.timezone == "Asia/Shanghai"
    assert record.options["start_at"] == f"{tomorrow.isoformat()}T12:00:00+08:00"
    game = SERVICE.load(record.id)
    assert clock.scenario_time(game.state.deadline, game.ruleset.zone) == (
        f"{(tomorrow + timedelta(1)).isoformat()} 12:00"
    )


def test_a_start_in_another_zone() -> None:
    zone = clock.game_zone("America/New_York")
    tomorrow = clock.local(timezone.now(), zone).date() + timedelta(1)
    _post(
        director_client(),
        start_date=tomorrow.isoformat(),
        start_time="12:00",
        timezone="America/New_York",
    )
    record = GameRecord.objects.get()
    assert record.timezone == "America/New_York"
    game = SERVICE.load(record.id)
    assert clock.scenario_time(game.state.deadline, zone) == f"{tomorrow + timedelta(1)} 12:00"
    page = Client().get(f"/g/{record.id}/").content.decode()
    assert "12:00（纽约时间）" in page


def test_blank_start_is_now_and_no_clock_is_no_deadline() -> None:
    c = director_client()
    _post(c)
    first = GameRecord.objects.get()
    started = clock.parse_moment(first.options["start_at"], clock.game_zone("Asia/Shanghai"))
    assert abs(started - timezone.now()) < timedelta(minutes=1)
    _post(c, clock="", timezone="Europe/Berlin")
    second = GameRecord.objects.exclude(id=first.id).get()
    assert "start_at" not in second.options and second.deadline is None
    assert second.timezone == "Europe/Berlin"


def test_a_bad_start_is_refused_in_chinese_and_the_form_keeps_it() -> None:
    c = director_client()
    html = _post(c, start_date="2020-01-01", start_time="12:00")
    assert "已经过去一个多小时了" in html and 'value="2020-01-01"' in html
    html = _post(c, start_date="2030-01-01", start_time="")
    assert "请同时填写开始的日期和时间" in html
    html = _post(c, start_date="2030-01-01", start_time="25:99")
    assert "不对" in html
    assert not GameRecord.objects.exists()
