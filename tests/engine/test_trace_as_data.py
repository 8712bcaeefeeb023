"""The director's resolution trace is kept as data while a game is played and put in words only
where the director reads it; a game stored with its trace already in words reads the same."""

from __future__ import annotations

from bansha import texts
from bansha.engine import Close, Game
from bansha.engine import trace as trace_words
from bansha.engine.events import DIRECTOR, Event
from bansha.engine.views import god_view, timeline, view, without_rule_ids
from bansha.rulesets import find_ruleset
from bansha.sim.play import play_random


def test_each_shape_of_a_line_reads_as_the_trace_was_written() -> None:
    rs = find_ruleset("m103")
    data = {
        "title": {"key": "phase_night", "params": {"day": 2}, "stage": "夜晚"},
        "lines": [
            "（1）横刀守卫：乙",  # written in words (a stored game, a mechanic's own line)
            ["（2）杀人", "甲"],
            ["（3）太医行动", ""],
            ["（4）太医行动", [["解药", "丙"], ["毒药", "无"]]],
            ["（5）太医行动", []],
            ["放逐投票", {"key": "trace_tally", "params": {"tally": "甲2票", "p": "甲"}}],
            ["（6）结算", [["毒药", {"key": "trace_none"}]]],
            {"key": "trace_decided"},
        ],
    }
    ring = {"key": "trace_ring", "params": {"day": 1, "team": "警察团"}}
    assert trace_words.title(find_ruleset("bs46"), ring) == "第1夜警察团"  # a title with no stage
    assert trace_words.words(rs, data) == {
        "title": "第2夜 夜晚",
        "lines": [
            "（1）横刀守卫：乙",
            "（2）杀人：甲",
            "（3）太医行动",
            "（4）太医行动：解药：丙；毒药：无",
            "（5）太医行动",
            "放逐投票：计票：甲2票；结果：甲",
            "（6）结算：毒药：无",
            "胜负已分，停止结算（R-ALL-08）",
        ],
    }


def test_a_played_trace_holds_no_words_until_the_director_reads_it() -> None:
    rs = find_ruleset("m103")
    g = Game.create(rs, [f"p{i}" for i in range(rs.player_count)], 7)
    play_random(g, 7, rounds=1)
    stored = [e.data for e in g.events if e.kind == "trace" and isinstance(e.data["title"], dict)]
    assert stored  # every stage's resolution: its title and lines as data
    shown = god_view(g)["trace"]
    assert all(isinstance(t["title"], str) for t in shown)
    assert all(isinstance(line, str) for t in shown for line in t["lines"])
    assert view(g, "director")["god"]["trace"] == shown  # the page's fold reads the same
    told = [line for stage in timeline(g) for line in stage["lines"]]
    first = without_rule_ids(shown[0]["lines"][0])
    assert texts.REVEAL_TRACE.format(line=first) in told  # the reveal shows players the same


def test_a_stored_game_with_its_trace_in_words_still_reads() -> None:
    rs = find_ruleset("m103")
    g = Game.create(rs, [f"p{i}" for i in range(rs.player_count)], 3)
    g.handle(Close())
    old = Event("trace", {"title": "第1夜 夜晚", "lines": ["（1）横刀守卫：乙", "（2）杀人：甲"]})
    assert old.to == DIRECTOR
    stored = Game.replay(rs, [*g.events, old])
    expected = {"title": "第1夜 夜晚", "lines": ["（1）横刀守卫：乙", "（2）杀人：甲"]}
    assert god_view(stored)["trace"][-1] == expected
    assert view(stored, "director")["god"]["trace"][-1] == expected
