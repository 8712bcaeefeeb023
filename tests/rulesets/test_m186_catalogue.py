"""M186's mechanics with other parameters than the post's, on variants written as data: a
Galahad whose Grail is not 限定 (``mission_vote``'s ``saves_times: null``), and the refusals of a
file whose deck or forced votes name what does not exist (R-M186-02, R-M186-05)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bansha.engine import Act, Close, Game
from bansha.engine.errors import SetupError
from bansha.mechanics.mission_vote import MissionVote
from bansha.mechanics.proposal import Proposal
from bansha.mechanics.rounds import Rounds
from bansha.rulesets import find_ruleset

NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
DEAL = ["梅林", "派西维尔", "加拉哈德", "好兰斯洛特"] + ["亚瑟的忠臣"] * 4
DEAL += ["莫甘娜", "刺客", "莫德雷德", "奥伯伦", "薇薇安", "坏兰斯洛特"]
GALAHAD, MORGANA = 2, 8


def board(tmp_path: Path, skills: str) -> Rounds:
    f = tmp_path / "fha.yaml"
    f.write_text(f"extends: m186\nid: fha2\nnames: [fha2]\nskills:\n{skills}", encoding="utf-8")
    rs = find_ruleset(str(f))
    assert isinstance(rs, Rounds)
    return rs


def until(g: Game, stage: str) -> None:
    while g.state.stage_key != stage and not g.state.ended:
        g.handle(Close())


def mission_with_one_fail(g: Game, rs: Rounds) -> str:
    """A round whose first proposal (Galahad and Morgana on the team) all approve, and in which
    Morgana alone votes 失败; the result."""
    s = g.state
    until(g, "proposals")
    captain = s.holders["captain"]
    assert captain is not None
    proposal = rs.mechs["propose"]
    assert isinstance(proposal, Proposal)
    size = proposal.size(s)
    others = [x for x in s.living() if x not in (GALAHAD, MORGANA)][: size - 2]
    g.handle(Act(captain, "propose", (GALAHAD, MORGANA, *others)))
    until(g, "approvals")
    for x in s.living():
        g.handle(Act(x, "approve", (captain,), "同意"))
    until(g, "mission")
    g.handle(Act(MORGANA, "mission", (), "失败"))
    g.handle(Close())
    return str(s.uses["mission"][-1].choice)


def test_a_grail_without_limit_saves_every_mission_with_one_fail(tmp_path: Path) -> None:
    rs = board(tmp_path, "  mission: {params: {saves_times: null}}\n")
    assert isinstance(rs.mechs["mission"], MissionVote)
    deal = {i: rs.role_key(r) for i, r in enumerate(DEAL)}
    g = Game.create(rs, NAMES, 1, deal, {"captain": "甲", "deck": ["不变"] * 3})
    assert mission_with_one_fail(g, rs) == "成功"
    assert mission_with_one_fail(g, rs) == "成功"  # the post's Grail is 限定: this one would fail
    assert len(g.state.uses["grail"]) == 2


def test_the_posts_grail_saves_once(tmp_path: Path) -> None:
    rs = find_ruleset("m186")
    assert isinstance(rs, Rounds)
    deal = {i: rs.role_key(r) for i, r in enumerate(DEAL)}
    g = Game.create(rs, NAMES, 1, deal, {"captain": "甲", "deck": ["不变"] * 3})
    assert [mission_with_one_fail(g, rs), mission_with_one_fail(g, rs)] == ["成功", "失败"]


def test_a_deck_or_a_forced_vote_naming_nothing_is_refused(tmp_path: Path) -> None:
    with pytest.raises(
        SetupError, match=r"skills\.waver\.params\.swap」的「joker」不是 cards 中的牌"
    ):
        board(tmp_path, "  waver: {params: {swap: joker}}\n")
    with pytest.raises(SetupError, match="by_faction」的「green」不是 factions 中的阵营"):
        board(tmp_path, "  mission: {params: {by_faction: {green: success}}}\n")


def test_a_strike_whose_stage_is_the_approvals_opens_it_with_nothing_to_vote(
    tmp_path: Path,
) -> None:
    """A variant whose 刺杀 is used in the approvals' stage (R-M186-07, R-M186-10: 拍刀 ends the
    stage it interrupts and opens the strike's own): that stage then opens with no proposal owed
    its approvals, so it offers nobody a list and counts none at its close; the game goes on to
    the 拍刀 day's random strike (R-M186-09)."""
    rs = board(tmp_path, "  strike: {stages: [approvals]}\n")
    deal = {i: rs.role_key(r) for i, r in enumerate(DEAL)}
    g = Game.create(rs, NAMES, 1, deal, {"captain": "甲", "deck": ["不变"] * 3})
    assassin = DEAL.index("刺客")
    until(g, "proposals")
    g.handle(Act(assassin, "declare"))
    assert g.state.stage_key == "approvals"
    assert all(la.skill != "approve" for x in g.state.living() for la in g.legal(x))
    for _ in range(6):
        if g.state.ended:
            break
        g.handle(Close())
    assert g.state.ended
    assert not any(
        e.kind == "announcement" and e.data["key"] == "approval_result" for e in g.events
    )
