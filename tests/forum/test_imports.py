"""A thread read against a game: the forum rules the engine cannot see are flagged for the director."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from bansha.engine import Close, Director, Game
from bansha.forum.imports import flags, read_thread
from bansha.forum.threads import Post, Thread
from bansha.rulesets import find_ruleset

TZ = ZoneInfo("Asia/Shanghai")
START = datetime(2026, 12, 1, 18, 0, tzinfo=TZ)
XXXII_NAMES = [f"棋子{i}" for i in range(18)]


def _xxxii_at_day2_restricted() -> Game:
    g = Game.create(find_ruleset("xxxii", {"start_at": START.isoformat()}), XXXII_NAMES, 4)
    for _ in range(10):
        if g.state.stage_key == "restricted":
            return g
        g.handle(Close(at=g.state.deadline))
    raise AssertionError("no restricted stage")


def _post(floor: int, author: str, t: datetime, body: str) -> Post:
    return Post(floor, author, t, body)


def test_xxxii_a_fourth_blue_word_and_posts_after_curfew_are_flagged() -> None:
    g = _xxxii_at_day2_restricted()
    opened = g.state.opened_at
    assert opened is not None and opened.hour == 13  # 13:00-18:00 白天限制发言阶段
    who = g.state.players[g.state.living()[0]].name
    night = opened - timedelta(hours=10)  # 03:00: the night before, the thread closed
    posts = [_post(1, who, night, "夜里说一句")]
    posts += [
        _post(2 + i, who, opened + timedelta(minutes=10 * i), f"蓝字{i + 1} 推理") for i in range(4)
    ]
    posts.append(_post(9, who, opened + timedelta(minutes=50), "卖个萌"))  # not reasoning: free
    found = {(f.floor, f.why) for f in flags(g, posts)}
    assert (1, "宵禁后发言（两次累计一次警告）") in found
    assert (5, "限制发言阶段第4条蓝字（只有三次机会）") in found
    assert not any(floor in (2, 3, 4, 9) for floor, _ in found)


def test_a_player_posting_after_his_exit_is_flagged() -> None:
    g = Game.create(
        find_ruleset("m186", {"start_at": START.isoformat()}), [f"p{i}" for i in range(14)], 2
    )
    g.handle(Director("红牌", {"seat": 3, "faction_loses": False}, START + timedelta(hours=1)))
    g.handle(Close(at=g.state.deadline))
    next_stage = g.state.opened_at
    assert next_stage is not None
    posts = [
        _post(1, "p3", START + timedelta(minutes=30), "还活着"),
        _post(2, "p3", next_stage + timedelta(minutes=5), "我是好人"),
    ]
    found = {(f.floor, f.why) for f in flags(g, posts)}
    assert found == {(2, "已出局后在帖中发言（诈尸）")}


def test_read_thread_keeps_outsiders_out_of_the_counts() -> None:
    g = _xxxii_at_day2_restricted()
    t = g.state.opened_at.astimezone(TZ).replace(tzinfo=None)  # type: ignore[union-attr]
    posts = [Post(1, "观众", t, "加油"), Post(2, "棋子1", t, "你好")]
    report, votes = read_thread(g, Thread(posts), TZ)
    assert report.outsiders == ["观众"] and votes == []
    assert report.days[-1][1]["棋子1"] == 1


def test_a_board_gets_its_lurking_rule_from_its_data_file() -> None:
    from bansha.forum.imports import ThreadReport, proposals

    g = Game.create(find_ruleset("预女猎白"), [f"玩家{i}" for i in range(12)], 3)
    assert g.ruleset.data["lurking"] == "m103"
    counts = {p.name: (0 if p.seat == 0 else 6) for p in g.state.players}
    report = ThreadReport(0, [(1, counts)], [], [])
    found = proposals(g, report, [])
    assert any(p.player == "玩家0" for p in found)  # 「单个讨论日不足五帖」
