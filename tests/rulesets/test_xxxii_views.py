"""XXXII views: groups, the witch's prophecy, the accomplice's knowledge, unannounced marks."""

import json

from bansha.engine import Act, Close, Game
from bansha.engine.views import view
from bansha.rulesets import find_ruleset

NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未")
DEAL = ["侦探", "侦探", "观剧", "审问官", "魔女"] + ["平民"] * 9 + ["杀手"] * 4


def game(believers: list[str]) -> Game:
    rs = find_ruleset("xxxii")
    roles = {i: rs.role_key(r) for i, r in enumerate(DEAL)}
    return Game.create(rs, NAMES, 0, roles, declare={"信仰魔女": believers})


def test_groups_and_prophecy() -> None:
    g = game(["己", "庚", "辛", "壬"])
    assert view(g, 0)["groups"] == {"侦探群": ["甲", "乙"]}
    assert view(g, 14)["groups"] == {"杀手群": ["辰", "巳", "午", "未"]}
    witch = view(g, 4)
    assert witch["groups"] == {"魔女群": ["戊"]}
    (prophecy,) = witch["knows"]
    assert len(prophecy["players"]) == 4  # four believers → four names (clamped to 3..6)
    assert not set(prophecy["players"]) & set("己庚辛壬癸子丑寅卯戊")
    assert view(g, 5)["knows"] == []


def test_night_one_accomplice_and_apprentice() -> None:
    g = game(["己"])
    g.handle(Act(14, "reveal", (15,)))  # day 1: the killers name 巳
    g.handle(Close())
    g.handle(Act(15, "blade", (9,)))  # 癸
    g.handle(Act(4, "mark", (10,)))  # the witch marks 子
    g.handle(Close())
    g.handle(Close())
    accomplice = view(g, 9)
    assert accomplice["me"]["role"] == "共犯"
    assert accomplice["knows"] == [{"players": ["巳"], "word": "杀手"}]
    assert accomplice["groups"] == {}
    assert view(g, 5)["groups"] == {"魔女群": ["戊", "己"]}
    assert view(g, 5)["me"]["role"] == "见习魔女"
    assert [r["value"] for r in view(g, 4)["results"]] == ["成功"]
    marked = json.dumps(view(g, 10), ensure_ascii=False)
    assert "标记" not in marked
    assert any("共犯" in n["text"] for n in view(g, 14)["notices"])


def test_the_director_sees_the_believers_and_the_prophecy_list() -> None:
    """R-XXXII-02 「开局前需选择是否信仰魔女」 and R-XXXII-10 【魔女预言】「魔女将获得一份随机产生的非平民棋子
    名单」: hidden from the players, both are drawn at the deal and the director's god view lists
    them beside it (the declaration's and the prophecy's draws); 判负 may name any of the three
    factions, 第三方 too."""
    g = game(["己", "庚", "辛", "壬"])
    rs = g.ruleset
    (prophecy,) = view(g, 4)["knows"]
    assert rs.director_draws(g.state) == [
        "信仰魔女的平民：己、庚、辛、壬",
        "魔女预言名单：" + "、".join(prophecy["players"]),
    ]
    assert rs.factions_in_play(g.state) == ["black", "white", "third"]
