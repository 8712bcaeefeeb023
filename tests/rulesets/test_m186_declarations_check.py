"""M186's file is checked as a board's is: the texts its mechanics say and the placeholders each
may use, the tables of the board of rounds (``setup``, ``phase_start``, ``resolution``) and the
conditions its stages are held on, every mistake named by its key before any game.

A director who edits 「真实之眼：你得知以下角色属于红方……{ps}」 with a placeholder the knowledge
mechanic does not fill, drops a text the proposals announce (R-M186-03), or points the approvals'
close at another skill (R-M186-04) is told where, not shown a broken game.
"""

from __future__ import annotations

from typing import Any

import pytest

from bansha.engine.errors import SetupError
from bansha.rulesets import builtin_data, check_data


def refusal(edit: Any) -> str:
    """What the checker says of M186's file after ``edit`` (nothing: it passes)."""
    data = builtin_data("m186")
    edit(data)
    try:
        check_data("m186", data)
    except SetupError as e:
        return str(e)
    return ""


def test_the_shipped_file_passes() -> None:
    assert refusal(lambda d: None) == ""


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("knows_reds", "{p_by}"),  # 真实之眼: a list of players, nothing else
        ("proposal", "{day}"),  # 出征决议: the proposer and his team
        ("galahad", "{p}"),  # 公示[加拉哈德保护了任务免于破坏]: no placeholder
        ("mission_score", "{n_win}"),  # the score counts the file's words only
        ("refuse_now", "{p}"),  # the board's own refusal: the skill only
    ],
)
def test_a_placeholder_its_code_does_not_fill_is_refused(text: str, field: str) -> None:
    said = refusal(lambda d: d["texts"].__setitem__(text, d["texts"][text] + field))
    assert f"texts.{text}" in said and field in said


@pytest.mark.parametrize("text", ["knows_two", "proposers", "lady_result", "refuse_out"])
def test_a_text_a_mechanic_or_the_board_says_may_not_be_dropped(text: str) -> None:
    said = refusal(lambda d: d["texts"].pop(text))
    assert f"texts.{text}" in said


def test_a_stage_held_on_a_mechanic_that_never_owes_is_refused() -> None:
    def edit(d: dict[str, Any]) -> None:
        d["timetable"]["day"][0]["when"] = "due:mission"

    assert "timetable.day[0].when" in refusal(edit)


def test_a_condition_the_board_of_rounds_does_not_know_is_refused() -> None:
    def edit(d: dict[str, Any]) -> None:
        d["timetable"]["night"][1]["when"] = "has:lady"

    assert "timetable.night[1].when" in refusal(edit)


def test_a_phase_start_table_of_no_phase_is_refused() -> None:
    def edit(d: dict[str, Any]) -> None:
        d["phase_start"]["dya"] = d["phase_start"].pop("day")

    assert "phase_start.dya" in refusal(edit)


def test_a_verb_of_another_table_is_refused() -> None:
    """``start`` is what a phase's start does, not a stage's close."""

    def edit(d: dict[str, Any]) -> None:
        d["resolution"]["lady"][0] = {"step": "湖中仙女查验一名角色", "start": "lady"}

    assert "resolution.lady[0]" in refusal(edit)


def test_an_approvals_close_that_resolves_another_skill_is_refused() -> None:
    """R-M186-04: the votes are counted at the approvals' close (``do: approve``); a table that
    names another skill there would leave the proposals' teams unvoted and the game without a
    mission."""

    def edit(d: dict[str, Any]) -> None:
        d["resolution"]["approvals"][0]["do"] = "propose"

    assert "approve" in refusal(edit)
