"""The view-based expect keys (public_out, revealed, exit_shown, knows, groups, announced,
not_announced, told, not_told) and absent: each holds when the views (or the recorded absences)
show it, fails when they do not, and reads views, not the director's state; ``next: ended`` on an
ended game; what ``--json`` prints."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bansha.cli import app
from bansha.scenario import ScenarioFailure, run_scenario
from tests.helpers import assert_refused_at

M103 = """ruleset: m103
players: [甲, 乙, 丙, 丁, 戊, 己, 庚, 辛, 壬, 癸, 子, 丑, 寅, 卯]
roles: {甲: 卧底刺客, 乙: 卧底刺客, 丙: 卧底刺客, 丁: 卧底刺客, 戊: 大内密探, 己: 妙手太医, 庚: 御前侍卫,
  辛: 东宫太子, 壬: 牵线红娘, 癸: 至尊帝王, 子: 绝色宠妃, 丑: 绝色宠妃, 寅: 绝色宠妃, 卯: 绝色宠妃}
steps:
  - act: {by: 壬, skill: 红线, targets: [子, 丑]}
  - next
  - act: {by: 甲, skill: 杀人, targets: [寅]}
  - next: night 1 遗言
"""
"""A night in which 寅 dies: out for the director, not yet for the public."""


def _write(tmp_path: Path, expect: str) -> Path:
    f = tmp_path / "s.yaml"
    f.write_text(M103 + "  - expect:\n" + expect, encoding="utf-8")
    return f


def _run(tmp_path: Path, expect: str) -> None:
    run_scenario(_write(tmp_path, expect))


@pytest.mark.parametrize(
    "expect",
    [
        "      public_out: []\n      out: [寅]\n",  # the director knows; the public does not yet
        "      revealed: {癸: 至尊帝王, 寅: null}\n",  # option emperor: public
        "      knows: {甲: [乙, 丙, 丁], 子: [丑], 壬: [子, 丑], 戊: [], 己: []}\n",
        "      groups: {狗皇帝群: [甲, 乙, 丙, 丁], 情侣群: [子, 丑], 魔女群: []}\n",
        "      announced: [至尊帝王：癸]\n      not_announced: [寅]\n",
        "      told: {己: [通灵：今夜被指杀的角色是寅], 寅: [你已出局, 遗言], 子: [与丑成为情侣]}\n",
    ],
)
def test_keys_that_hold(tmp_path: Path, expect: str) -> None:
    _run(tmp_path, expect)


@pytest.mark.parametrize(
    ("expect", "key"),
    [
        ("      public_out: [寅]\n", "public_out"),  # a night exit is not public before the day
        ("      revealed: {寅: 绝色宠妃}\n", "revealed.寅"),
        ("      knows: {戊: [甲]}\n", "knows.戊"),
        ("      knows: {甲: [乙, 丙]}\n", "knows.甲"),  # exactly, as a set
        ("      groups: {狗皇帝群: [甲, 乙, 丙]}\n", "groups.狗皇帝群"),
        ("      groups: {情侣群: []}\n", "groups.情侣群"),
        ("      announced: [寅]\n", "announced"),
        ("      not_announced: [至尊帝王]\n", "not_announced"),
        ("      told: {戊: [通灵]}\n", "told.戊"),  # only the physician hears 通灵
    ],
)
def test_keys_that_fail(tmp_path: Path, expect: str, key: str) -> None:
    with pytest.raises(ScenarioFailure) as e:
        _run(tmp_path, expect)
    assert e.value.key == key
    assert e.value.step == 5
    assert e.value.state is not None and e.value.state["stage"] == "遗言"


def test_public_out_keeps_announcement_order(tmp_path: Path) -> None:
    f = tmp_path / "s.yaml"
    f.write_text(
        M103
        + "  - next: day 1\n  - expect:\n      public_out: [寅]\n"
        + "  - director: {红牌: 卯}\n  - director: {红牌: 戊}\n"
        + "  - expect:\n      public_out: [寅, 卯, 戊]\n",
        encoding="utf-8",
    )
    run_scenario(f)
    f.write_text(
        M103
        + "  - next: day 1\n  - director: {红牌: 卯}\n  - director: {红牌: 戊}\n"
        + "  - expect:\n      public_out: [寅, 戊, 卯]\n",
        encoding="utf-8",
    )
    with pytest.raises(ScenarioFailure) as e:
        run_scenario(f)
    assert e.value.actual == ["寅", "卯", "戊"]


@pytest.mark.parametrize(
    ("expect", "where", "words"),
    [
        ("      bogus: 1\n", "bogus", "未知的键"),
        ("      public_out: 寅\n", "public_out", "必须是列表"),
        ("      faction: 3\n", "faction", "必须是映射"),
        ("      told: {己: 通灵}\n", "told.己", "必须是列表"),
        (
            "      groups: {狗皇帝群: [甲, 无名]}\n",
            "groups.狗皇帝群[1]",
            "「无名」不是 players 中的玩家",
        ),
        ("      knows: {无名: []}\n", "knows.无名", "「无名」不是 players 中的玩家"),
        ("      revealed: {无名: null}\n", "revealed.无名", "「无名」不是 players 中的玩家"),
        ("      holder: {警长: 无名}\n", "holder.警长", "「无名」不是 players 中的玩家"),
    ],
)
def test_malformed_expect_is_named_in_chinese(
    tmp_path: Path, expect: str, where: str, words: str
) -> None:
    """A malformed expect fails naming the file and the key path, in Chinese, before the game is
    dealt: no traceback, and a misspelt player never passes as one who was shown nothing."""
    assert_refused_at(_write(tmp_path, expect), f"steps[4].expect.{where}", words)


@pytest.mark.parametrize(
    "expect",
    [
        "      absent: [己]\n",  # 太医行动 closed last: the physician was due and did nothing
        "      not_told: {戊: [通灵], 子: [寅], 寅: [殉职]}\n",
    ],
)
def test_absent_and_not_told_hold(tmp_path: Path, expect: str) -> None:
    _run(tmp_path, expect)


@pytest.mark.parametrize(
    ("expect", "key"),
    [
        ("      absent: [己, 戊]\n", "absent"),  # exactly, as a set
        ("      absent: []\n", "absent"),
        ("      not_told: {己: [通灵]}\n", "not_told.己"),  # she was told the 刀口
        ("      not_told: {寅: [遗言]}\n", "not_told.寅"),  # the victim was given the right
        ("      exit_shown: {寅: null}\n", "exit_shown.寅"),  # a night exit not announced yet
    ],
)
def test_absent_not_told_and_exit_shown_fail(tmp_path: Path, expect: str, key: str) -> None:
    with pytest.raises(ScenarioFailure) as e:
        _run(tmp_path, expect)
    assert e.value.key == key


def test_exit_shown_is_what_the_exit_announcement_showed(tmp_path: Path) -> None:
    """寅's exit, announced at dawn, showed no identity; the key compares it exactly."""
    f = tmp_path / "s.yaml"
    f.write_text(M103 + "  - next: day 1\n  - expect: {exit_shown: {寅: null}}\n", "utf-8")
    run_scenario(f)
    f.write_text(M103 + "  - next: day 1\n  - expect: {exit_shown: {寅: 绝色宠妃}}\n", "utf-8")
    with pytest.raises(ScenarioFailure) as e:
        run_scenario(f)
    assert (e.value.key, e.value.actual) == ("exit_shown.寅", None)


ENDED = """ruleset: guard12
players: [甲, 乙, 丙, 丁, 戊, 己, 庚, 辛, 壬, 癸, 子, 丑]
roles: {甲: 狼人, 乙: 狼人, 丙: 狼人, 丁: 狼人, 戊: 预言家, 己: 女巫, 庚: 猎人, 辛: 守卫, 壬: 村民, 癸: 村民,
  子: 村民, 丑: 村民}
steps:
  - act: {by: 甲, skill: 袭击, targets: [戊]}
  - next: night 2
  - act: {by: 甲, skill: 袭击, targets: [己]}
  - next: night 3
  - act: {by: 甲, skill: 袭击, targets: [辛]}
  - next: night 4
  - act: {by: 甲, skill: 袭击, targets: [庚]}
  - next: ended
"""
"""A game the wolves win on night 4 (屠边)."""


def test_next_ended_on_an_ended_game_does_nothing(tmp_path: Path) -> None:
    f = tmp_path / "s.yaml"
    f.write_text(
        ENDED + "  - next: ended\n  - expect: {phase: ended, winner: [狼人阵营]}\n", "utf-8"
    )
    run_scenario(f)
    for step in ("next", "next: day 5"):
        f.write_text(ENDED + f"  - {step}\n", "utf-8")
        with pytest.raises(ScenarioFailure) as e:
            run_scenario(f)
        assert (e.value.key, e.value.step) == ("next", 9)


def test_json_state_shows_absent_exit_shown_and_what_each_player_was_told(
    tmp_path: Path,
) -> None:
    f = tmp_path / "s.yaml"
    f.write_text(M103, "utf-8")
    night = json.loads(CliRunner().invoke(app, ["scenario", "run", "--json", str(f)]).stdout)
    assert night["absent"] == ["己"] and night["exit_shown"] == {}
    assert any("通灵" in t and "寅" in t for t in night["told"]["己"])
    assert set(night["told"]) == set(night["alive"]) | set(night["out"])
    f.write_text(M103 + "  - next: day 1\n", "utf-8")
    day = json.loads(CliRunner().invoke(app, ["scenario", "run", "--json", str(f)]).stdout)
    assert day["exit_shown"] == {"寅": None} and day["absent"] == []
