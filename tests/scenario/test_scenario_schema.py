"""The scenario format's schema: every key of docs/scenarios.md is known and typed; a malformed
file fails as ``失败 文件: 中文说明`` naming the key, never with a traceback."""

from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from bansha.cli import FAILED, app
from bansha.datafiles import DataFileError
from bansha.scenario import ScenarioFileError, run_scenario
from bansha.scenario.schema import ActStep, DirectorStep, Scenario, validate

runner = CliRunner()
PLAYERS = "[甲, 乙, 丙, 丁, 戊, 己, 庚, 辛, 壬, 癸, 子, 丑, 寅, 卯]"

EVERY_KEY = f"""
ruleset: m103
seed: 7
timezone: Asia/Shanghai
options: {{prince: once}}
players: {PLAYERS}
roles: {{甲: 卧底刺客}}
fixed:
  captain: 甲
  deck: [不变, 转变, 不变]
  rings: {{警察团: [甲, 乙, 丙, 丁]}}
  ranks: {{警察团: [甲, 乙, 丙]}}
declare:
  信仰魔女: [子, 丑]
steps:
  - act: {{by: 己, skill: 红线, targets: [甲, 乙]}}
  - next
  - act: {{by: 戊, skill: 救药, targets: [丁], expect_error: true}}
  - act: {{by: 戊, skill: 救药, targets: [丁], choice: [同意, 反对], at: "2026-06-03T14:00:00Z"}}
  - next: day 1
  - next: day 2 投票阶段
  - next: {{at: "2026-06-03T14:00:00Z"}}
  - next: {{to: "day 2", at: "2026-06-03T14:00:00+08:00"}}
  - vote: {{by: 甲, for: 乙}}
  - vote: {{by: 丙, for: null}}
  - director: {{红牌: 丁}}
  - director: {{红牌: {{player: 丁, 判负: true}}}}
  - director: {{代投: {{by: 甲, for: 乙, at: "2026-06-04T22:00:00+08:00"}}, expect_error: 作废}}
  - director: {{判负: 皇帝算什么阵营}}
  - director: {{替补: {{seat: 丁, by: 新人}}}}
  - vote: {{by: 新人, for: 甲}}
  - expect:
      phase: night 2
      stage: 夜晚
      alive: [甲, 乙, 丙]
      out: [新人]
      winner: []
      lost: [皇帝算什么阵营]
      faction: {{己: 杀了狗皇帝阵营}}
      role: {{子: 共犯}}
      holder: {{警长: 乙, 湖中仙女: null}}
      results: {{庚: [非我爱皇帝阵营]}}
      missions: [成功, 失败]
      deadline: "2026-06-03 22:00"
      public_out: [新人]
      revealed: {{新人: null, 戊: 杀手}}
      knows: {{甲: [乙]}}
      groups: {{狗皇帝群: [甲, 乙]}}
      announced: [平安夜]
      not_announced: [红牌]
      told: {{戊: [我爱皇帝阵营]}}
  - expect: {{deadline: null}}
  - next: ended
"""


def _refusal(text: str) -> str:
    with pytest.raises(DataFileError) as e:
        validate(yaml.safe_load(text))
    return e.value.message


def test_every_key_of_the_format_is_known() -> None:
    sc = validate(yaml.safe_load(EVERY_KEY))
    assert isinstance(sc, Scenario)
    assert sc.timezone == "Asia/Shanghai" and sc.fixed.captain == "甲"
    assert isinstance(sc.steps[0], ActStep) and sc.steps[1] == "next"
    assert isinstance(sc.steps[10], DirectorStep)


def test_every_scenario_of_the_suite_validates() -> None:
    for path in sorted((Path(__file__).parent.parent / "scenarios").glob("*/*.yaml")):
        validate(yaml.safe_load(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ("stpes: []", "stpes：未知的键，是否应为 steps？"),
        ("seed: '7'", "seed：必须是不小于0的整数"),
        ("timezone: Asia/Shanghia", "timezone：未知的时区「Asia/Shanghia」"),
        ("steps: [{act: {by: 甲, skil: 杀人}}]", "steps[0].act.skil：未知的键，是否应为 skill？"),
        (
            "steps: [{act: {by: 己己, skill: 杀人}}]",
            "steps[0].act.by：「己己」不是 players 中的玩家",
        ),
        ("steps: [{vote: {by: 甲, for: [乙]}}]", "steps[0].vote.for：必须是文字"),
        ("steps: [{next: 3}]", "steps[0].next：必须是 start、ended、day N 或 night N"),
        ("steps: [{expect: {alvie: [甲]}}]", "steps[0].expect.alvie：未知的键，是否应为 alive？"),
        ("steps: [{expect: {told: {甲: 平安夜}}}]", "steps[0].expect.told.甲：必须是列表"),
        ("steps: [{expect: {knows: {甲: [无名]}}}]", "steps[0].expect.knows.甲[0]：「无名」不是"),
        ("steps: [{acts: {by: 甲}}]", "steps[0].acts：未知的键，是否应为 act？"),
        ("steps: [nxet]", "steps[0]：步骤必须是 next"),
        ("fixed: {captian: 甲}", "fixed.captian：未知的键，是否应为 captain？"),
    ],
)
def test_malformed_scenarios_name_the_key(change: str, says: str) -> None:
    text = f"ruleset: m103\nplayers: {PLAYERS}\n{change}\n"
    assert says in _refusal(text)


def test_a_substitute_is_named_from_his_substitution_on() -> None:
    head = f"ruleset: m103\nplayers: {PLAYERS}\nsteps:\n"
    assert "steps[0].vote.by：「新人」不是 players 中的玩家" in _refusal(
        head + "  - vote: {by: 新人, for: 甲}\n  - director: {替补: {seat: 丁, by: 新人}}\n"
    )
    validate(
        yaml.safe_load(
            head + "  - director: {替补: {seat: 丁, by: 新人}}\n  - vote: {by: 新人, for: 甲}\n"
        )
    )


def test_cli_says_fail_file_and_the_chinese_reason(tmp_path: Path) -> None:
    f = tmp_path / "typo.yaml"
    f.write_text(f"ruleset: m103\nplayers: {PLAYERS}\nsteps:\n  - expect: {{alvie: [甲]}}\n")
    result = runner.invoke(app, ["scenario", "run", str(f)])
    assert result.exit_code == 1
    assert result.output == f"{FAILED} {f}: steps[0].expect.alvie：未知的键，是否应为 alive？\n"


@pytest.mark.parametrize("text", ["[1, 2", "- a\n- b\n", "", "ruleset: m103\n"])
def test_not_a_scenario_is_not_a_traceback(tmp_path: Path, text: str) -> None:
    f = tmp_path / "broken.yaml"
    f.write_text(text)
    with pytest.raises(ScenarioFileError) as e:
        run_scenario(f)
    assert str(e.value).startswith(f"{f}: ")
    result = runner.invoke(app, ["scenario", "run", str(f)])
    assert result.exit_code == 1 and FAILED in result.output and "Traceback" not in result.output


def test_a_missing_file(tmp_path: Path) -> None:
    result = runner.invoke(app, ["scenario", "run", str(tmp_path / "nope.yaml")])
    assert result.exit_code == 1 and "文件不存在" in result.output
