"""The command line as a user runs it."""

import json
from pathlib import Path

from typer.testing import CliRunner

from bansha.cli import app

runner = CliRunner()
SCENARIOS = Path(__file__).parent / "scenarios"


def test_demo_prints_announcements_and_reveal() -> None:
    result = runner.invoke(app, ["demo", "m103", "--seed", "4"])
    assert result.exit_code == 0, result.output
    assert "第1夜" in result.output
    assert "揭秘" in result.output
    assert "获胜：" in result.output


def test_demo_unknown_ruleset() -> None:
    result = runner.invoke(app, ["demo", "nosuch"])
    assert result.exit_code == 2
    assert "找不到规则" in result.output


def test_scenario_run_ok_and_json() -> None:
    f = SCENARIOS / "m103" / "R-M103-02-night-order.yaml"
    result = runner.invoke(app, ["scenario", "run", "--json", str(f)])
    assert result.exit_code == 0, result.output
    state = json.loads(result.output)
    assert state["phase"] == "day 1"
    assert state["results"]["戊"] == ["非我爱皇帝阵营"]


def test_scenario_run_failure_exits_nonzero(tmp_path: Path) -> None:
    f = tmp_path / "wrong.yaml"
    f.write_text(
        "ruleset: m103\nplayers: [甲, 乙, 丙, 丁, 戊, 己, 庚, 辛, 壬, 癸, 子, 丑, 寅, 卯]\n"
        "steps:\n  - expect:\n      stage: 夜晚\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["scenario", "run", str(f)])
    assert result.exit_code == 1
    assert "step 1" in result.output and "stage" in result.output and "红线" in result.output


def test_bench_runs() -> None:
    result = runner.invoke(app, ["bench", "m103", "-n", "20", "--no-memory"])
    assert result.exit_code == 0, result.output
    assert "games_per_second" in result.output
