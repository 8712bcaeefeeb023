"""The command line as a user runs it."""

import json
from pathlib import Path

from typer.testing import CliRunner

from bansha.cli import app
from tests.helpers import m103_scenario

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
    f = m103_scenario(tmp_path, "  - expect:\n      stage: 夜晚\n")
    result = runner.invoke(app, ["scenario", "run", str(f)])
    assert result.exit_code == 1
    assert "step 1" in result.output and "stage" in result.output and "红线" in result.output


def test_scenario_run_json_prints_the_state_at_the_failing_step(tmp_path: Path) -> None:
    steps = "  - next: night 1\n  - expect:\n      public_out: [甲]\n  - next: day 1\n"
    f = m103_scenario(tmp_path, steps)
    result = CliRunner().invoke(app, ["scenario", "run", "--json", str(f)])
    assert result.exit_code == 1
    assert "step 2" in result.stderr and "public_out" in result.stderr
    state = json.loads(result.stdout)
    assert state["phase"] == "night 1" and state["stage"] == "夜晚"  # not the end: step 2
    assert state["public_out"] == [] and "announced" in state and "told" in state


def test_bench_runs() -> None:
    result = runner.invoke(app, ["bench", "m103", "-n", "20", "--no-memory"])
    assert result.exit_code == 0, result.output
    assert "每秒对局数" in result.output
