"""What follows an exit, a vote-out and a faction's loss runs in the order the data file's
``consequences`` tables state, in the post's words, each mechanic that acts then named once.

M103: 「殉情<强制> —— 情侣中若有一人出局，另一人立即出局。」 then 「殉职<强制> —— 警长并非因为罚下而出局后，
须选择一名未出局的角色来继任警长。」; 「谁敢动我」 at a vote-out; 「寡妇刀」 when 【杀了狗皇帝阵营】 loses.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bansha.engine.errors import SetupError
from bansha.mechanics.pipeline import Pipeline
from bansha.rulesets import find_ruleset


def steps(rs: Pipeline, table: str) -> list[tuple[str, str]]:
    return [(c.step, c.mechanic.key) for c in rs.consequences[table]]


def test_m103_reads_its_consequences_in_the_posts_order() -> None:
    rs = find_ruleset("m103")
    assert isinstance(rs, Pipeline)
    assert steps(rs, "exit") == [("殉情", "red_thread"), ("殉职", "succession")]
    assert steps(rs, "voted_out") == [("谁敢动我", "prince")]
    assert steps(rs, "faction_lost") == [("寡妇刀", "red_thread")]


@pytest.mark.parametrize(
    "rid", ["m103", "bs46", "xxxii", "standard12", "guard12", "knight12", "wolfking12"]
)
def test_every_mechanic_that_acts_after_an_exit_is_in_the_table_once(rid: str) -> None:
    rs = find_ruleset(rid)
    assert isinstance(rs, Pipeline)
    for table, hook in (("exit", "on_exit"), ("voted_out", "on_voted_out")):
        acting = sorted(k for k, m in rs.mechs.items() if hook in m.hooks)
        assert sorted(key for _, key in steps(rs, table)) == acting


def variant(tmp_path: Path, consequences: str) -> Pipeline:
    f = tmp_path / "order12.yaml"
    f.write_text(
        "extends: 预女猎白\nid: order12\nnames: [order12]\ntitle: 顺序 12人\n" + consequences,
        encoding="utf-8",
    )
    rs = find_ruleset(str(f))
    assert isinstance(rs, Pipeline)
    return rs


def test_the_tables_order_is_the_order_that_runs(tmp_path: Path) -> None:
    rs = variant(
        tmp_path,
        "consequences:\n  exit:\n    - {step: 移交警徽, skill: succession}\n"
        "    - {step: 猎人开枪, skill: shoot}\n",
    )
    assert [m.key for m in rs._on_exit] == ["succession", "shoot"]
    assert [m.key for m in find_ruleset("standard12")._on_exit] == ["shoot", "succession"]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("table", "said"),
    [
        (
            "consequences:\n  exit:\n    - {step: 猎人开枪, skill: shoot}\n",
            "「consequences.exit」缺少技能「succession」",
        ),
        (
            "consequences:\n  exit:\n    - {step: 猎人开枪, skill: shoot}\n"
            "    - {step: 移交警徽, skill: succession}\n    - {step: 再开一枪, skill: shoot}\n",
            "「consequences.exit」两次写了技能「shoot」",
        ),
        (
            "consequences:\n  voted_out:\n    - {step: 翻牌, skill: reveal}\n"
            "    - {step: 开枪, skill: shoot}\n",
            "「consequences.voted_out[1].skill」的「shoot」的机制在这一时刻没有行动",
        ),
    ],
)
def test_a_table_that_leaves_out_repeats_or_misplaces_a_step_is_a_chinese_error(
    tmp_path: Path, table: str, said: str
) -> None:
    with pytest.raises(SetupError, match=re.escape(said)):
        variant(tmp_path, table)
