"""【版杀46】《无间道》 on the catalogue's mechanics: its two teams are ``ring_team`` (R-BS46-01..04),
查证 ``check`` and 暗杀 ``team_kill`` chosen by them, 身份恢复 ``conversion`` ``all_out``
(R-BS46-07), the two-round vote ``runoff_vote`` (R-BS46-08) and the victim's last words
``victim_last_words`` (R-BS46-14), every parameter in its data file.
The games themselves are the scenarios of ``tests/scenarios/bs46/`` and the golden games."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from bansha.engine import Act, Game
from bansha.engine.errors import RuleError, SetupError
from bansha.mechanics.check import Check
from bansha.mechanics.conversion import Conversion
from bansha.mechanics.pipeline import Pipeline
from bansha.mechanics.ring_team import RingTeam, ring_next, team_choice
from bansha.mechanics.runoff_vote import RunoffDecide, RunoffVote
from bansha.mechanics.stored_flags import StoredFlags
from bansha.mechanics.team_kill import TeamKill
from bansha.mechanics.victim_last_words import VictimLastWords
from bansha.rulesets import find_ruleset

A, B, C, D = 0, 1, 2, 3
"""Four members of a team: A, B, C real (ranked in that order), D the undercover."""
X, Y = 10, 11
"""Two names a member may send."""
RANKS = [A, B, C, D]
REAL = {A, B, C}


def test_each_member_knows_only_the_next_one_along_the_ring() -> None:
    # 「A知道B为警察；B知道C为警察；C知道D为警察；D知道A为警察。」 (R-BS46-01)
    assert ring_next([A, B, C, D]) == {A: B, B: C, C: D, D: A}


def test_case_1_a_name_sent_by_most_members_is_chosen() -> None:
    # 情况1: one name with at least two submissions and more than every other
    assert team_choice({A: X, B: Y, C: Y}, RANKS, REAL) == (Y, "case1")
    assert team_choice({A: X, B: Y, C: Y, D: Y}, RANKS, REAL) == (Y, "case1")


def test_case_2_all_different_the_highest_ranked_member_decides() -> None:
    # 情况2: every name different: the submission of the highest-ranked member who submitted
    assert team_choice({B: X, C: Y}, RANKS, REAL) == (X, "case2")
    assert team_choice({C: X, D: Y}, RANKS, REAL) == (X, "case2")  # the undercover ranks last
    assert team_choice({D: Y}, RANKS, REAL) == (Y, "case2")


def test_case_3_two_pairs_the_pair_of_two_real_members_wins() -> None:
    # 情况3: two names sent twice each: the name the two real members sent
    assert team_choice({A: X, D: X, B: Y, C: Y}, RANKS, REAL) == (Y, "case3")


def test_members_who_did_not_submit_are_ignored() -> None:
    assert team_choice({}, RANKS, REAL) == (None, "none")


def test_its_skills_run_on_the_catalogue() -> None:
    rs = find_ruleset("bs46")
    assert isinstance(rs, Pipeline)
    mechs = rs.mechs
    assert isinstance(mechs["police_team"], RingTeam)
    assert isinstance(mechs["killer_team"], RingTeam)
    assert isinstance(mechs["check"], Check)
    assert isinstance(mechs["assassinate"], TeamKill)
    assert isinstance(mechs["killer_recovery"], Conversion)
    assert isinstance(mechs["police_recovery"], Conversion)
    assert isinstance(mechs["vote"], RunoffVote)
    assert isinstance(mechs["decide"], RunoffDecide)  # 由前夜被杀者选择出局玩家
    assert isinstance(mechs["victim_last_words"], VictimLastWords)
    # R-BS46-14: the night kill's victim only, after the recovery at the same exit
    hooks = [k for k, m in mechs.items() if "on_exit" in m.hooks]
    assert hooks == ["killer_recovery", "police_recovery", "victim_last_words"]
    vote = mechs["vote"]
    assert isinstance(vote, RunoffVote)
    assert vote.p.threshold == 0.4  # 得票超过40%


def test_the_options_reach_the_mechanics() -> None:
    rs = find_ruleset("bs46")
    options = {**rs.options, "missing_team_action": "random", "threshold_base": "living"}
    other = Pipeline(copy.deepcopy(rs.data), options)
    ring = other.mechs["police_team"]
    vote = other.mechs["vote"]
    assert isinstance(ring, RingTeam) and ring.p.mandatory == "random"  # R-BS46-04
    assert isinstance(vote, RunoffVote) and vote.p.base == "living"  # R-BS46-08


def _with(rs: Pipeline, skill: str, **params: Any) -> dict[str, Any]:
    data = copy.deepcopy(rs.data)
    data["skills"][skill]["params"].update(params)
    return data


def test_a_wrong_parameter_is_named_in_chinese() -> None:
    rs = find_ruleset("bs46")
    assert isinstance(rs, Pipeline)
    with pytest.raises(SetupError, match=re.escape("skills.police_team.params.mandatory")):
        Pipeline(_with(rs, "police_team", mandatory="sometimes"), rs.options)
    with pytest.raises(SetupError, match=re.escape("skills.check.params.chosen_by")):
        Pipeline(_with(rs, "check", chosen_by="assassinate"), rs.options)
    with pytest.raises(
        SetupError, match=re.escape("skills.police_recovery.params.hand_over_results")
    ):
        Pipeline(_with(rs, "police_recovery", hand_over_results="assassinate"), rs.options)
    data = copy.deepcopy(rs.data)
    del data["skills"]["vote"]["params"]["threshold"]
    with pytest.raises(SetupError, match="threshold"):
        Pipeline(data, rs.options)


def test_a_stored_flags_entry_of_the_wrong_shape_is_named_in_chinese() -> None:
    assert StoredFlags.read(None).old == frozenset()
    with pytest.raises(SetupError, match=re.escape("stored_flags.uses.police_checks")):
        StoredFlags.read({"uses": {"police_checks": {"skill": "check"}}})


def test_an_act_naming_the_vote_is_refused_in_the_posts_words() -> None:
    # votes are cast as votes (说明1–6); an act naming the vote is refused, never a raw key
    rs = find_ruleset("bs46")
    g = Game.create(rs, [f"玩家{i}" for i in range(rs.player_count)], 1)
    with pytest.raises(RuleError, match="投票"):
        g.handle(Act(0, "vote", (1,)))
