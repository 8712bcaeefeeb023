"""Each post's lurking rule, from post counts and votes to proposed penalties."""

from bansha.forum import lurking

PLAYERS = ["甲", "乙", "丙"]


def test_m103_single_day_vote_and_three_days() -> None:
    days = [
        {"甲": 12, "乙": 9, "丙": 4},
        {"甲": 12, "乙": 9, "丙": 6},
        {"甲": 12, "乙": 9, "丙": 6},
    ]
    voted = [set(PLAYERS), set(PLAYERS), {"甲", "丙"}]
    found = {(p.player, p.evidence) for p in lurking.m103(days, PLAYERS, voted, ["丙"])}
    assert ("乙", "第3天未投票") in found
    assert ("乙", "连续三个讨论日发帖[9, 9, 9]，均不足十帖") in found
    assert ("丙", "连续三个讨论日发帖[4, 6, 6]，均不足十帖") in found
    assert ("丙", "必须行使特权的角色未在规定时间内行使") in found
    assert not any(p.player == "甲" for p in lurking.m103(days, PLAYERS, voted))


def test_m103_accelerated_day_is_exempt() -> None:
    days = [{"甲": 1, "乙": 1, "丙": 1}]
    assert lurking.m103(days, PLAYERS, [set()], accelerated_days={1}) == []
    assert len(lurking.m103(days, PLAYERS, [set()])) == 6


def test_bs46_needs_both_conditions() -> None:
    stages = {"第一轮投票": {"甲": 40, "乙": 4, "丙": 30}}
    out = lurking.bs46(stages, PLAYERS)
    assert [p.player for p in out] == ["乙"]  # 4 < 5 and 4 < 20% of 24.7
    stages = {"第一轮投票": {"甲": 6, "乙": 4, "丙": 6}}
    assert lurking.bs46(stages, PLAYERS) == []  # 4 < 5 but not under 20% of the average 5.3


def test_xxxii_no_post_or_no_vote() -> None:
    out = lurking.xxxii({"甲": 3, "乙": 0}, PLAYERS, {"甲", "乙"}, vote_day=True)
    assert {(p.player, p.evidence) for p in out} == {
        ("乙", "当天未发言"),
        ("丙", "当天未发言"),
        ("丙", "当天未投票"),
    }
    assert len(lurking.xxxii({"甲": 3, "乙": 1, "丙": 1}, PLAYERS, set(), vote_day=False)) == 0
