"""What I chose: a player's page shows their standing submissions and their team's standing pick,
to the team only; a substitute's seat keeps the name each earlier event happened under."""

import json

from bansha.engine import Act, Close, Director, Game, Vote
from bansha.engine.views import view
from bansha.rulesets import find_ruleset
from tests.helpers import m103_game
from tests.rulesets.test_bs46_views import game as bs46_game


def _night_one() -> Game:
    g = m103_game()
    g.handle(Act(8, "red_thread", (10, 11)))  # 壬 makes 子 and 丑 lovers
    g.handle(Close())
    return g


def _to_day(g: Game) -> None:
    while g.state.stage_key != "day":
        g.handle(Close())


def _legal(v: dict, key: str) -> dict:
    return next(la for la in v["legal"] if la["key"] == key)


def test_my_kill_target_and_the_groups_pick_with_who_set_it_R_M103_10() -> None:
    g = _night_one()
    g.handle(Act(0, "kill", (12,)))  # 甲 picks 寅
    kill = _legal(view(g, 0), "kill")
    assert kill["mine"]["targets"] == ["寅"]
    assert _legal(view(g, 1), "kill")["team"]["targets"] == ["寅"]
    assert _legal(view(g, 1), "kill")["mine"] is None
    g.handle(Act(1, "kill", (13,)))  # 乙 changes the group's pick to 卯: the last one stands
    for seat in (0, 2, 3):
        team = _legal(view(g, seat), "kill")["team"]
        assert team["targets"] == ["卯"] and team["by"] == "乙"
    assert _legal(view(g, 0), "kill")["mine"]["targets"] == ["寅"]
    for seat in (4, 5, 12, 13):  # nobody outside the group hears of either
        v = view(g, seat)
        assert all(la.get("team") is None for la in v["legal"]) and v["acts"] == []
        assert "杀人" not in json.dumps(v["acts"], ensure_ascii=False)


def test_my_vote_and_the_days_vote_history() -> None:
    g = _night_one()
    _to_day(g)  # night 1 → day 1
    g.handle(Vote(0, 4))
    v = view(g, 0)
    assert _legal(v, "vote")["mine"]["for"] == "戊"
    g.handle(Vote(0, None))  # the one change: 弃权
    v = view(g, 0)
    assert [(b["for"], b["change"]) for b in v["my_votes"]] == [("戊", False), (None, True)]
    assert view(g, 1)["my_votes"] == []


def test_bs46_ring_members_never_see_each_others_submissions_R_BS46_03() -> None:
    g = bs46_game()
    while g.state.stage_key != "night":
        g.handle(Close())
    check = g.ruleset.skill_key("查证")
    g.handle(Act(0, check, (8,)))
    for seat in (1, 2, 3):
        v = view(g, seat)
        assert all(la.get("team") is None and la.get("mine") is None for la in v["legal"])
        assert v["acts"] == []
    assert _legal(view(g, 0), check)["mine"]["targets"] == ["壬"]


def test_a_substitutes_seat_keeps_its_history_and_the_reveal_credits_each_act() -> None:
    g = _night_one()
    g.handle(Act(4, "check", (0,)))  # 戊 checks 甲 on night 1
    _to_day(g)
    g.handle(Vote(4, 1))  # 戊 votes 乙 on day 1
    g.handle(Director("替补", {"seat": 4, "by": "新人"}))
    public = view(g, "public")
    assert public["votes"][0]["by"] == "戊"  # the vote keeps the name it was cast under
    assert public["players"][4]["name"] == "戊（替补：新人）"
    texts = [a["text"] for a in public["announcements"]]
    assert "戊（替补：新人）由替补玩家接替。" in texts
    g.handle(Vote(4, 2))  # the substitute changes the vote
    assert view(g, "public")["votes"][1]["by"] == "戊（替补：新人）"
    g.handle(Director("判负", {"faction": "assassins"}))
    while not g.state.ended:
        g.handle(Close())
    reveal = view(g, "public")["reveal"]
    lines = [line for t in reveal["timeline"] for line in t["lines"]]
    assert "戊【深夜探秘】甲" in lines
    assert any(r["name"] == "戊（替补：新人）" and r["role"] == "大内密探" for r in reveal["table"])
    assert not any("R-M103" in line or "R-ALL" in line for line in lines)  # no ruling ids


def test_forms_know_which_acts_are_final() -> None:
    rs = find_ruleset("m103")
    assert rs.skills["surrender"].get("final") is True
    g = _night_one()
    surrender = _legal(view(g, 0), "surrender")
    assert surrender["final"] and not _legal(view(g, 0), "kill")["final"]


def test_waiting_counts_a_team_act_once_and_ignores_declarations() -> None:
    g = m103_game()
    names = [w["name"] for w in view(g, "director")["god"]["waiting"]]
    assert names == ["壬"]  # during 红线 only the cupid; 投降 is nobody's duty
    g = _night_one()
    before = {w["name"] for w in view(g, "director")["god"]["waiting"]}
    assert {"甲", "乙", "丙", "丁"} <= before
    g.handle(Act(0, "kill", (12,)))  # one submission is the group's
    after = {w["name"] for w in view(g, "director")["god"]["waiting"]}
    assert not after & {"甲", "乙", "丙", "丁"}
    rs = find_ruleset("standard12")
    board = Game.create(rs, [f"p{i}" for i in range(12)], 1)
    wolf = next(p.seat for p in board.state.players if "attack" in p.skills)
    board.handle(Act(wolf, "attack", (0,)))
    waiting = view(board, "director")["god"]["waiting"]
    assert not any("袭击" in w["acts"] for w in waiting)
