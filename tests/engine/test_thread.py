"""The discussion thread: numbered floors per day, quotes, vote posts that vote by the post's rules,
and the forum rules the posts set (no posting once out, XXXII's curfew and three 蓝字)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bansha.engine import Close, Game, Post, RuleError
from bansha.engine.views import Window, view
from bansha.rulesets import find_ruleset
from tests.helpers import M103_NAMES, m103_day


def test_vote_posts_vote_by_the_posts_rules() -> None:
    g = m103_day()
    living = list(g.state.living())
    a, b, c, d = living[:4]
    n = M103_NAMES
    g.handle(Post(a, f"投票对象：{n[b]}\n投票理由：发言太少"))  # floor 1
    g.handle(Post(b, "我是好人，大家冷静"))  # floor 2
    g.handle(Post(a, f"改票对象：{n[c]}\n改票理由：重新考虑"))  # floor 3: no quote
    g.handle(Post(a, f"改票对象：{n[c]}\n改票理由：重新考虑", quote=1))  # floor 4
    g.handle(Post(a, f"改票对象：{n[d]}\n改票理由：再改", quote=4))  # floor 5: a second change
    g.handle(Post(c, "投票对象：弃权\n投票理由：信息不够"))  # floor 6
    g.handle(Post(d, f"投票对象：{n[a]}"))  # floor 7: no reason
    day = g.state.day
    posts = view(g, "public", Window(thread_day=day))["thread"][day]
    notes = {p["floor"]: p["vote"] for p in posts}
    assert [p["floor"] for p in posts] == [1, 2, 3, 4, 5, 6, 7]
    assert notes[1] == f"投票：{n[b]}" and notes[2] is None
    assert notes[3] == f"废票：改票时必须引用原投票帖（本想投「{n[c]}」）"  # the intended target
    assert notes[4] == f"改票：{n[c]}"
    assert notes[5].startswith("废票：") and "改票" in notes[5]
    assert notes[6] == "弃权" and notes[7].startswith("废票：") and "理由" in notes[7]
    assert [(x.voter, x.target) for x in g.state.ballots] == [(a, b), (a, c), (c, None)]
    assert posts[3]["quote"] == 1


def test_a_player_who_is_out_cannot_post_and_quotes_must_exist() -> None:
    g = m103_day()
    out = next(p.seat for p in g.state.players if not p.alive) if g.state.exit_order else None
    if out is not None:
        with pytest.raises(RuleError, match="已出局"):
            g.handle(Post(out, "我还想说"))
    alive = g.state.living()[0]
    with pytest.raises(RuleError, match="没有3楼"):
        g.handle(Post(alive, "同意", quote=3))
    with pytest.raises(RuleError, match="不能为空"):
        g.handle(Post(alive, "   "))


START = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)


def _xxxii() -> Game:
    return Game.create(
        find_ruleset("xxxii", {"start_at": START.isoformat()}), [f"棋子{i}" for i in range(18)], 4
    )


def test_xxxii_the_thread_is_closed_at_night_and_a_fourth_blue_word_is_refused() -> None:
    g = _xxxii()
    seat = g.state.living()[0]
    for _ in range(10):
        if g.state.phase == "night":
            break
        g.handle(Close(at=g.state.deadline))
    with pytest.raises(RuleError, match="宵禁"):
        g.handle(Post(seat, "夜里说一句"))
    for _ in range(10):
        if g.state.stage_key == "restricted":
            break
        g.handle(Close(at=g.state.deadline))
    seat = g.state.living()[0]
    for i in range(1, 4):
        g.handle(Post(seat, f"蓝字{i} 我的推理"))
    g.handle(Post(seat, "卖个萌"))  # not reasoning: free
    with pytest.raises(RuleError, match="3次蓝字"):
        g.handle(Post(seat, "蓝字4 还有一点"))
    g.handle(Close(at=g.state.deadline))  # free discussion: say what you like
    g.handle(Post(seat, "蓝字4 现在可以了", at=g.state.opened_at + timedelta(minutes=1)))  # type: ignore[operator]


def test_m103_more_than_half_asking_to_accelerate_accelerates_and_voids_changes() -> None:
    g = m103_day()
    living = list(g.state.living())
    a, b, c = living[:3]
    n = M103_NAMES
    g.handle(Post(a, f"投票对象：{n[b]}\n投票理由：划水"))  # floor 1
    g.handle(Post(a, f"改票对象：{n[c]}\n改票理由：改了", quote=1))  # a change, before acceleration
    half = len(living) // 2
    for seat in living[:half]:
        g.handle(Post(seat, "申请加速"))
        assert g.state.accelerated != g.state.day  # exactly half is not more
    g.handle(Post(living[half], "我也申请加速"))
    assert g.state.accelerated == g.state.day
    assert "申请加速" in {p["vote"] for p in _floors(g)}
    # 「进程加速后不允许改票，所有改票作废」: a's standing vote is his first one
    from bansha.engine.state import current_ballots

    assert current_ballots(g.state.ballots, True)[a] == b


def test_bs46_a_change_needs_no_quote_and_a_second_change_is_void() -> None:
    names = [f"玩家{i}" for i in range(16)]
    g = Game.create(find_ruleset("bs46"), names, 3)
    assert g.state.stage_key == "round1"
    a, b, c, d = g.state.living()[:4]
    g.handle(Post(a, f"投票对象：{names[b]}\n投票理由：试探"))
    g.handle(Post(a, f"改票对象：{names[c]}\n改票理由：改主意"))  # 「每次投票只允许改票1次」
    g.handle(Post(a, f"改票对象：{names[d]}\n改票理由：再改"))  # 「超过1次的改票无效」
    notes = [p["vote"] for p in _floors(g)]
    assert notes[:2] == [f"投票：{names[b]}", f"改票：{names[c]}"]
    assert notes[2].startswith("废票：")


def test_bs46_a_change_posted_in_the_last_hour_is_void() -> None:
    names = [f"玩家{i}" for i in range(16)]
    start = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
    g = Game.create(find_ruleset("bs46", {"start_at": start.isoformat()}), names, 3)
    deadline = g.state.deadline
    assert deadline is not None
    a, b, c = g.state.living()[:3]
    g.handle(Post(a, f"投票对象：{names[b]}\n投票理由：试探", at=deadline - timedelta(hours=3)))
    late = deadline - timedelta(minutes=30)  # 「投票时间结束前1小时内不允许改票，否则改票无效」
    g.handle(Post(a, f"改票对象：{names[c]}\n改票理由：最后改", at=late))
    g.handle(Post(b, f"投票对象：{names[a]}\n投票理由：晚了", at=deadline + timedelta(minutes=1)))
    notes = [p["vote"] for p in _floors(g)]
    assert notes[0] == f"投票：{names[b]}"
    assert notes[1] == f"废票：投票截止前60分钟内不得改票（本想投「{names[c]}」）"
    assert notes[2].startswith("废票：") and "截止" in notes[2]
    assert [(x.voter, x.target) for x in g.state.ballots] == [(a, b)]


def _floors(g: Game) -> list[dict]:
    """The public view's floors of the current game day."""
    return view(g, "public", Window(thread_day=g.state.day))["thread"][g.state.day]
