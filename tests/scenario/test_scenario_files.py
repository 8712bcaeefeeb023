"""Every scenario file in tests/scenarios/ passes, and the runner reports failures precisely."""

import re
from pathlib import Path

import pytest

from bansha.scenario import ScenarioFailure, ScenarioFileError, final_state, run_scenario
from tests.helpers import assert_refused_at, m103_scenario

ROOT = Path(__file__).parent.parent / "scenarios"
FILES = sorted(ROOT.glob("*/*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_scenario(path: Path) -> None:
    run_scenario(path)


def test_enough_m103_scenarios() -> None:
    names = [p.stem for p in (ROOT / "m103").glob("*.yaml")]
    assert len(names) >= 40
    for ruling in [f"R-ALL-0{i}" for i in range(1, 9)] + [f"R-M103-{i:02d}" for i in range(1, 18)]:
        assert any(n.startswith(ruling) for n in names), ruling


def test_failure_names_file_step_key(tmp_path: Path) -> None:
    f = m103_scenario(tmp_path, "  - next\n  - expect:\n      phase: day 3\n", "bad.yaml")
    with pytest.raises(ScenarioFailure) as e:
        run_scenario(f)
    assert e.value.step == 2
    assert e.value.key == "phase"
    assert e.value.expected == "day 3"
    assert e.value.actual == "night 1"
    assert "bad.yaml: step 2: phase" in str(e.value)


def test_expect_error_that_is_accepted_fails(tmp_path: Path) -> None:
    f = tmp_path / "accepted.yaml"
    f.write_text(
        "ruleset: 菁华浮梦\nplayers: [甲, 乙, 丙, 丁, 戊, 己, 庚, 辛, 壬, 癸, 子, 丑, 寅, 卯]\n"
        "steps:\n  - next: day 1\n  - vote: {by: 甲, for: 乙, expect_error: true}\n",
        encoding="utf-8",
    )
    with pytest.raises(ScenarioFailure) as e:
        run_scenario(f)
    assert e.value.step == 2
    assert e.value.actual == "accepted"


def test_final_state_vocabulary() -> None:
    sc = run_scenario(ROOT / "m103" / "R-M103-02-night-order.yaml")
    state = final_state(sc)
    assert state["phase"] == "day 1"
    assert state["stage"] == "讨论日"
    assert state["role"]["戊"] == "大内密探"
    assert state["results"]["戊"] == ["非我爱皇帝阵营"]
    assert state["out"] == ["丁"]


RULINGS = {
    "m103": [f"R-ALL-{i:02d}" for i in range(1, 14)] + [f"R-M103-{i:02d}" for i in range(1, 23)],
    "bs46": [f"R-BS46-{i:02d}" for i in range(1, 15)]
    + ["R-ALL-09", "R-ALL-11", "R-ALL-12", "R-ALL-13"],
    "m186": [f"R-M186-{i:02d}" for i in range(1, 11)]
    + ["R-ALL-01", "R-ALL-09", "R-ALL-10", "R-ALL-11", "R-ALL-12", "R-ALL-13"],
    "xxxii": [f"R-XXXII-{i:02d}" for i in range(1, 22)]
    + ["R-ALL-04", "R-ALL-09", "R-ALL-10", "R-ALL-11", "R-ALL-12", "R-ALL-13"],
}
"""The rulings each rule set's scenarios must be named after (a file per ruling at least)."""


@pytest.mark.parametrize("rid", sorted(RULINGS))
def test_every_ruling_has_a_scenario(rid: str) -> None:
    names = [p.stem for p in (ROOT / rid).glob("*.yaml")]
    missing = [r for r in RULINGS[rid] if not any(n.startswith(r + "-") for n in names)]
    assert not missing, missing


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_every_refusal_is_named(path: Path) -> None:
    """A step the project expects to be refused names the refusal (a piece of its message), so
    a refusal for another reason (the wrong stage, a typo in a name) fails it; a bare
    ``expect_error: true`` stays valid in files from outside, not here."""
    bare = [
        line.strip()
        for line in path.read_text(encoding="utf-8").splitlines()
        if re.search(r"expect_error:\s*(true|True|yes)\b", line)
    ]
    assert not bare, bare


@pytest.mark.parametrize(
    ("steps", "where", "words"),
    [
        ("  - act: {by: 甲}\n", "steps[0].act.skill", "缺少必需的键"),
        ("  - vote: 3\n", "steps[0].vote", "必须是映射"),
        (
            "  - next\n  - director: {替补: 甲}\n",
            "steps[1].director.替补",
            "缺少必需的键（seat、by）",
        ),
    ],
)
def test_malformed_step_is_named_in_chinese(
    tmp_path: Path, steps: str, where: str, words: str
) -> None:
    """A step missing a field or of the wrong shape names the file and the key path in Chinese
    (docs/scenarios.md), before the game is dealt, never a traceback."""
    assert_refused_at(m103_scenario(tmp_path, steps), where, words)


def test_not_yaml_is_named_in_chinese(tmp_path: Path) -> None:
    f = tmp_path / "broken.yaml"
    f.write_text("ruleset: m103\nplayers: [甲, 乙\n", encoding="utf-8")
    with pytest.raises(ScenarioFileError) as e:
        run_scenario(f)
    assert str(e.value).startswith(f"{f}: 第3行第1列：YAML格式错误")
