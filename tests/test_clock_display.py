"""R-ALL-10 on every output: deadlines in the game's zone with the zone named, from one formatter
(the 晨报's BBCode, announcements, refusals, pages' template filters)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bansha.engine import Close, Director, Game, RuleError, Vote
from bansha.engine.views import view
from bansha.forum import bbcode
from bansha.rulesets import find_ruleset

BS46_NAMES = [f"玩家{i}" for i in range(16)]


def _bs46(zone: str = "Asia/Shanghai") -> Game:
    rs = find_ruleset("bs46", {"start_at": "2026-07-01T12:00:00+08:00", "timezone": zone})
    return Game.create(rs, BS46_NAMES, 3)


def test_the_morning_report_names_the_zone() -> None:
    g = _bs46()
    g.handle(Close(at=datetime(2026, 7, 2, 1, 0, tzinfo=UTC)))  # early, at 09:00 Beijing time
    v = view(g, "public")
    assert v["timezone"] == "Asia/Shanghai"
    for dialect in bbcode.DIALECTS:
        report = bbcode.morning_report(v, "[版杀46]", dialect)
        assert "截止：7月2日 20:00（北京时间）" in report  # 夜晚 12:00–20:00, not 09:00 + 8 h


def test_a_game_elsewhere_shows_its_own_zone() -> None:
    g = _bs46("America/New_York")  # started at 12:00 Beijing time = 00:00 in New York
    v = view(g, "public")
    assert "截止：7月1日 12:00（纽约时间）" in bbcode.morning_report(v, "t", "text")


def test_an_extension_announces_the_new_deadline() -> None:
    g = _bs46()
    g.handle(Director("延期", {"minutes": 90}, datetime(2026, 7, 1, 5, 0, tzinfo=UTC)))
    texts = [a["text"] for a in view(g, "public")["announcements"]]
    assert "导演将本阶段截止时间推迟90分钟，现在截止：7月2日 13:30（北京时间）。" in texts


def test_a_late_submission_is_refused_with_the_local_deadline() -> None:
    g = _bs46()
    with pytest.raises(RuleError, match=r"本阶段已于7月2日 12:00（北京时间）截止"):
        g.handle(Vote(0, 1, datetime(2026, 7, 2, 4, 0, 1, tzinfo=UTC)))


def test_page_filters_share_the_formatter() -> None:
    from bansha.web.rendering import clock_words, moment, when

    iso = "2026-12-03T04:00:00+00:00"
    html = moment(iso, "Asia/Shanghai")
    assert 'datetime="2026-12-03T12:00:00+08:00"' in html and 'data-zone="Asia/Shanghai"' in html
    assert "12月3日 12:00（北京时间）" in html
    assert when(iso, "Europe/Berlin") == "12月3日 05:00"
    words = clock_words()
    assert "clock-words" in words and "\\u5317\\u4eac" in words and ":02d" not in words  # 北京
