"""The catalogue's ``ring_team`` (bs46 警察团/杀手团, R-BS46-01..04) on a board written as data: a
预女猎白 whose wolves and a spy among the villagers form a ring; each is told the next one as a
wolf, the wolves are ranked and the spy last, and the night's 袭击 is the team's choice by 情况1–3
from the members' own submissions (``team_kill`` ``chosen_by``)."""

from __future__ import annotations

from pathlib import Path

from bansha.engine import Act, Close, Game
from bansha.mechanics.pipeline import Pipeline
from bansha.rulesets import find_ruleset

NAMES = list("甲乙丙丁戊己庚辛壬癸子丑")
DEAL = ["狼人"] * 4 + ["预言家", "女巫", "猎人", "白痴"] + ["村民"] * 3 + ["卧底"]
SPY = 11
BOARD = """\
extends: 预女猎白
id: ring12
names: [ring12]
title: 环形狼队 12人
roles:
  villager: {count: 3}
  spy: {name: 卧底, count: 1, faction: good, skills: [attack]}
skills:
  attack:
    params: {chosen_by: wolf_ring}
  wolf_ring:
    name: 狼人团
    mechanic: ring_team
    hidden: true
    params: {real: werewolf, undercover: spy, ring: wolves, mandatory: no_action}
texts:
  ring_next: 你所在的{team}中，你知道{p}是{word}。
  fixed_no_player: "fixed.{table}.{team}：没有玩家{name}"
  fixed_ring_size: "fixed.{table}.{team} 必须正好列出{n}名该团成员"
"""


def game(tmp_path: Path) -> Game:
    f = tmp_path / "ring12.yaml"
    f.write_text(BOARD, encoding="utf-8")
    rs = find_ruleset(str(f))
    assert isinstance(rs, Pipeline)
    return Game.create(rs, NAMES, 1, {i: rs.role_key(r) for i, r in enumerate(DEAL)})


def test_each_member_is_told_the_next_one_as_a_wolf(tmp_path: Path) -> None:
    g = game(tmp_path)
    ring = list(g.state.orders["ring:wolves"])
    assert sorted(ring) == [0, 1, 2, 3, SPY]
    for i, member in enumerate(ring):
        nxt = ring[(i + 1) % len(ring)]
        told = [e for e in g.events if e.kind == "known" and e.data["seat"] == member]
        assert [(e.data["about"], e.data["word"]) for e in told][-1] == ([nxt], "狼人")
    ranks = list(g.state.orders["ranks:wolves"])
    assert ranks[-1] == SPY and sorted(ranks[:-1]) == [0, 1, 2, 3]  # the undercover last


def test_two_pairs_the_pair_of_two_real_members_is_the_kill(tmp_path: Path) -> None:
    # 情况3: 甲乙 send 戊, 丙 and the spy send 己: the pair of two real members wins
    g = game(tmp_path)
    while g.state.stage_key != "night":
        g.handle(Close())
    g.handle(Act(0, "attack", (4,)))
    g.handle(Act(1, "attack", (4,)))
    g.handle(Act(2, "attack", (5,)))
    g.handle(Act(SPY, "attack", (5,)))
    while g.state.phase == "night":
        g.handle(Close())
    assert not g.state.players[4].alive
    assert g.state.players[5].alive
