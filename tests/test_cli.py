"""The command line as a user runs it."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bansha.cli import FAILED, app
from bansha.scenario import ScenarioFailure, run_scenario
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


def test_a_refusal_is_one_whole_line_at_any_width_and_any_path_length(tmp_path: Path) -> None:
    """A pipe receives each message whole: a 40-column terminal setting and a 150-character path
    fold nothing (a script or a test reads the line exactly as the library wrote it)."""
    folder = tmp_path / ("很长的目录名" * 5) / ("a" * 60)
    folder.mkdir(parents=True)
    f = m103_scenario(folder, "  - expect:\n      stage: 夜晚\n")
    assert len(str(f)) > 120
    with pytest.raises(ScenarioFailure) as failure:
        run_scenario(f)
    env = {**os.environ, "COLUMNS": "40", "TERM": "xterm"}
    command = [sys.executable, "-c", "from bansha.cli import app; app()", "scenario", "run"]
    done = subprocess.run([*command, str(f)], capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 1
    assert done.stdout == f"{FAILED} {failure.value}\n"
