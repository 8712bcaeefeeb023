"""M186 views: what each character knows, and what is published of the approval votes."""

import json

from bansha.engine import Act, Close, Game
from bansha.engine.views import view
from bansha.rulesets import find_ruleset
from tests.helpers import M186_DEAL, M186_NAMES

NAMES, DEAL = M186_NAMES, M186_DEAL


def game() -> Game:
    rs = find_ruleset("m186")
    return Game.create(
        rs,
        NAMES,
        0,
        {i: rs.role_key(r) for i, r in enumerate(DEAL)},
        {"captain": "甲", "deck": ["不变"] * 5},
    )


def test_start_knowledge() -> None:
    g = game()
    assert view(g, 0)["knows"] == [{"players": ["壬", "癸", "丑", "寅", "卯"], "word": "红方角色"}]
    assert view(g, 1)["knows"] == [{"players": ["甲", "壬"], "word": "梅林或莫甘娜"}]
    for seat in (8, 9, 10):
        v = view(g, seat)
        assert v["groups"] == {"组织": ["壬", "癸", "子"]}
        assert v["knows"] == [{"players": ["卯"], "word": "初始红兰斯洛特"}]
    assert view(g, 12)["knows"] == [{"players": ["子"], "word": "莫德雷德"}]
    for seat in (2, 3, 4, 11, 13):
        assert view(g, seat)["knows"] == []
        assert view(g, seat)["groups"] == {}


def test_only_lists_up_to_the_team_that_went_are_published() -> None:
    g = game()
    teams = {
        0: (8, 9, 10, 11),
        1: (8, 9, 10, 12),
        2: (4, 5, 6, 7),
        3: (3, 4, 5, 13),
        4: (4, 5, 6, 8),
    }
    for seat, team in teams.items():
        g.handle(Act(seat, "propose", team))
    g.handle(Close())
    for voter in range(14):
        g.handle(Act(voter, "approve", (), "反对,反对,同意,同意"))
    g.handle(Close())
    public = view(g, "public")
    results = [a["text"] for a in public["announcements"] if a["key"] == "approval_result"]
    assert len(results) == 3
    assert results[0].startswith("甲的方案") and results[2].startswith("丙的方案")
    assert not any(a["text"].startswith("丁的方案：同意") for a in public["announcements"])
    # another player's secret vote is never shown
    v = view(g, 5)
    assert all(a["by"] == "己" for a in v["acts"])
    assert "同意" not in json.dumps(
        [a for a in view(g, 6)["acts"] if a["by"] != "庚"], ensure_ascii=False
    )
