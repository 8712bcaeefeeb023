"""Every step hook of every mechanic is named exactly once in a board's resolution tables (the
schema's check, docs/mechanics.md): a kill whose deaths no step resolves, or an act no step turns
into a use, is refused before any game, and so is a table that would run one hook twice in one
close; two steps held on different days (M103's 竞岗 on day 1, 出人投票 from day 2) are not."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from bansha.engine.errors import SetupError
from bansha.mechanics.pipeline import Pipeline
from bansha.rulesets import builtin_data, find_ruleset


def variant(tmp_path: Path, resolution: str) -> Pipeline:
    f = tmp_path / "hooks12.yaml"
    f.write_text(
        f"extends: 预女猎白\nid: hooks12\nnames: [hooks12]\nresolution:\n{resolution}",
        encoding="utf-8",
    )
    rs = find_ruleset(str(f))
    assert isinstance(rs, Pipeline)
    return rs


NIGHT = """\
  night:
    - {step: （1）狼人袭击, do: attack}
    - {step: （2）预言家查验, do: check}
    - {step: （3）女巫得知刀口, do: victim}
"""


def test_a_kill_whose_deaths_no_step_resolves_is_refused(tmp_path: Path) -> None:
    witch = """\
  witch:
    - {step: （4）女巫用药, do: [save, poison]}
    - {step: （6）毒药结算, resolve: poison}
"""
    with pytest.raises(SetupError, match="「resolve: attack」，但 resolution 中没有"):
        variant(tmp_path, NIGHT + witch)


def test_an_act_no_step_turns_into_a_use_is_refused(tmp_path: Path) -> None:
    night = NIGHT.replace("    - {step: （2）预言家查验, do: check}\n", "")
    with pytest.raises(SetupError, match="「do: check」，但 resolution 中没有"):
        variant(tmp_path, night)


def test_one_hook_twice_in_one_close_is_refused(tmp_path: Path) -> None:
    night = NIGHT + "    - {step: （2b）再查验, do: check}\n"
    with pytest.raises(SetupError, match=r"resolution\.night」的结算表两次写了「do: check」"):
        variant(tmp_path, night)


def test_the_same_hook_on_other_days_or_another_hook_of_the_skill_is_not_twice(
    tmp_path: Path,
) -> None:
    night = NIGHT.replace(
        "    - {step: （2）预言家查验, do: check}\n",
        "    - {step: （2）预言家查验, do: check, when: 'day:1'}\n"
        "    - {step: （2）预言家查验, do: check, when: 'from_day:2'}\n",
    )
    assert variant(tmp_path, night)  # M103's 竞岗 and 出人投票 are written so
    barrier = NIGHT + "  witch:\n    - {step: （4）女巫用药, do: [save, poison]}\n"
    barrier += "    - {step: （5）袭击结算, resolve: attack, blocked_by: [save]}\n"
    barrier += "    - {step: （6）毒药结算, resolve: poison}\n"
    assert variant(tmp_path, barrier)  # poison's do and resolve: two hooks, each once
    with pytest.raises(SetupError, match="两次写了「do: check」"):
        variant(
            tmp_path,
            NIGHT.replace(
                "    - {step: （2）预言家查验, do: check}\n",
                "    - {step: （2）预言家查验, do: check, when: 'from_day:1'}\n"
                "    - {step: （2b）再查验, do: check, when: 'from_day:2'}\n",
            ),
        )


def xxxii_with(change: dict[str, list[dict[str, object]]]) -> None:
    """XXXII built from its data file with some of its resolution tables replaced."""
    data = copy.deepcopy(builtin_data("xxxii"))
    data["resolution"] = {**data["resolution"], **change}
    Pipeline(data)


def test_xxxii_runs_its_tables_and_each_of_its_hooks_is_named() -> None:
    # 「结算阶段处理顺序」 ①–③ (R-XXXII-16) as tables: its ③ without 「向魔女发送标记结果」 is refused,
    # and so is ② that would fix the blade's pick twice
    tables = builtin_data("xxxii")["resolution"]
    assert [s["step"] for s in tables["resolve"]][-2:] == [
        "③并告知当天提交的杀手名字",
        "③当棋盘上所有存活杀手均以此方式告知过共犯时，共犯加入杀手群",  # R-XXXII-05, the last step
    ]
    no_marks = [s for s in tables["resolve"] if s.get("resolve") != "mark"]
    with pytest.raises(SetupError, match="「resolve: mark」，但 resolution 中没有"):
        xxxii_with({"resolve": no_marks})
    twice = [*tables["night"], {"step": "②再一次", "do": "blade"}]
    with pytest.raises(SetupError, match=r"resolution\.night」的结算表两次写了「do: blade」"):
        xxxii_with({"night": twice})
