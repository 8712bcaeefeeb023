"""Every hostile file is refused with a Chinese message naming what is wrong, never a traceback,
in little memory: through the library, the command line, and (tests/web/test_hostile_upload.py)
the web upload. How fast each refusal is belongs in benchmarks/hostile.py."""

import json
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bansha.cli import FAILED, app
from bansha.datafiles import DataFileError
from bansha.engine.errors import RuleError
from bansha.rulesets import load_variant, load_variant_text
from bansha.scenario import ScenarioFailure, ScenarioFileError, run_scenario
from tests.hostile.corpus import HUGE, SCENARIOS, VARIANTS, expected, huge_file

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
MEMORY_LIMIT_MB = 200


def test_the_corpus_is_large_enough() -> None:
    assert len(VARIANTS) >= 20 and len(SCENARIOS) >= 15


@pytest.mark.parametrize("path", VARIANTS, ids=lambda p: p.stem)
def test_hostile_variant_refused_in_little_memory(path: Path) -> None:
    raw = path.read_bytes()
    tracemalloc.start()
    try:
        with pytest.raises(DataFileError) as e:
            load_variant_text(raw)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert expected(path) in e.value.message
    assert peak < 20 * 1024 * 1024, f"{peak / 1e6:.1f} MB"


@pytest.mark.parametrize("path", VARIANTS, ids=lambda p: p.stem)
def test_hostile_variant_refused_by_the_cli(path: Path) -> None:
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    with pytest.raises(RuleError) as refused:
        load_variant(path)
    assert expected(path, local=True) in refused.value.message
    # the library's whole refusal on one line, whatever the terminal's width
    assert result.output == f"{FAILED} {path}: {refused.value.message}\n"


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_hostile_scenario_refused_in_little_memory(path: Path) -> None:
    tracemalloc.start()
    try:
        with pytest.raises((ScenarioFileError, ScenarioFailure)) as e:
            run_scenario(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert str(e.value).startswith(f"{path}: ")
    assert expected(path, local=True) in str(e.value)
    assert peak < 20 * 1024 * 1024, f"{peak / 1e6:.1f} MB"


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_hostile_scenario_refused_by_the_cli(path: Path) -> None:
    result = runner.invoke(app, ["scenario", "run", str(path)])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    with pytest.raises((ScenarioFileError, ScenarioFailure)) as refused:
        run_scenario(path)
    assert expected(path, local=True) in str(refused.value)
    # the library's whole refusal on one line, whatever the terminal's width
    assert result.output == f"{FAILED} {refused.value}\n"


def test_huge_scenario_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["scenario", "run", str(huge_file(tmp_path, scenario=True))])
    assert result.exit_code == 1 and HUGE in result.output


def test_huge_variant_is_refused_before_it_is_read(tmp_path: Path) -> None:
    result = runner.invoke(app, ["check", str(huge_file(tmp_path))])
    assert result.exit_code == 1 and HUGE in result.output


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads Linux's VmHWM")
def test_the_whole_corpus_in_a_fresh_process_stays_under_200_mb(tmp_path: Path) -> None:
    """The command line reads every hostile file in one process; its peak resident memory (the
    interpreter and the product included) stays under the limit, and nothing prints a traceback.

    The peak is the process's own high-water mark (VmHWM): ``ru_maxrss`` would also count the
    memory of the test process it was started from (Linux keeps it across ``exec``)."""
    files = [str(p) for p in VARIANTS] + [str(huge_file(tmp_path))]
    scenarios = [str(p) for p in SCENARIOS] + [str(huge_file(tmp_path, scenario=True))]
    code = (
        "import json, sys\n"
        "from typer.testing import CliRunner\n"
        "from bansha.cli import app\n"
        "n = int(sys.argv[1])\n"
        "r = CliRunner().invoke(app, ['check', *sys.argv[2 : 2 + n]])\n"
        "out, code = r.output, {r.exit_code}\n"
        "for f in sys.argv[2 + n :]:\n"
        "    s = CliRunner().invoke(app, ['scenario', 'run', f])\n"
        "    out, code = out + s.output, code | {s.exit_code}\n"
        "status = open('/proc/self/status').read()\n"
        "peak = int(status.split('VmHWM:')[1].split()[0]) / 1024\n"
        "print(json.dumps({'exit': sorted(code), 'output': out, 'peak_mb': peak}))\n"
    )
    env = {**os.environ, "COLUMNS": "400"}
    done = subprocess.run(
        [sys.executable, "-c", code, str(len(files)), *files, *scenarios],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["exit"] == [1], report
    assert "Traceback" not in report["output"] + done.stderr
    assert report["output"].count(FAILED) == len(files) + len(scenarios)
    assert report["peak_mb"] < MEMORY_LIMIT_MB, report["peak_mb"]
