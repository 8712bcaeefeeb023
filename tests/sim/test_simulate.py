"""The balance simulator: reproducible reports, correct intervals, agents that play legally."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bansha.cli import app
from bansha.sim.simulate import compare_reports, play_games, simulate
from bansha.sim.stats import compare, wilson


def _without_timing(report: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in report.items() if k != "run"}


@pytest.mark.parametrize("ruleset", ["bs46", "m186"])
def test_same_seed_gives_the_same_report_on_one_or_two_processes(ruleset: str) -> None:
    one = simulate(ruleset, 250, "heuristic", jobs=1, seed=7, impact_games=100)
    two = simulate(ruleset, 250, "heuristic", jobs=2, seed=7, impact_games=100)
    assert _without_timing(one) == _without_timing(two)
    assert one["games"] == 250
    assert sum(o["games"] for o in one["outcomes"]) == 250  # type: ignore[attr-defined]


def test_a_different_seed_gives_other_games() -> None:
    a = simulate("m103", 200, "random", seed=0, impact_games=0)
    b = simulate("m103", 200, "random", seed=1000, impact_games=0)
    assert a["length"] != b["length"] or a["factions"] != b["factions"]


def test_wilson_interval_on_known_cases() -> None:
    # 50 of 100: the textbook Wilson 95% interval is [0.4038, 0.5962]
    ci = wilson(50, 100)
    assert ci.rate == 0.5
    assert round(ci.low, 4) == 0.4038 and round(ci.high, 4) == 0.5962
    # no successes: the interval still has width (Wald would give [0, 0])
    zero = wilson(0, 10)
    assert zero.low == 0.0 and round(zero.high, 4) == 0.2775
    assert round(wilson(10, 10).low, 4) == 0.7225


def test_two_proportion_test_on_a_known_case() -> None:
    # 45/100 against 60/100: pooled z = 2.1240, two-sided p = 0.0337
    d = compare(45, 100, 60, 100)
    assert round(d.diff, 4) == 0.15
    assert round(d.z, 3) == 2.124
    assert round(d.p_value, 4) == 0.0337
    assert d.low < 0.15 < d.high
    same = compare(30, 100, 30, 100)
    assert same.diff == 0 and same.p_value == 1.0


def test_comparing_a_report_with_itself_shows_no_difference() -> None:
    r = simulate("bs46", 100, "heuristic", impact_games=0)
    rows = compare_reports(r, r)
    assert [row["faction"] for row in rows] == ["好人方", "杀手方"]
    assert all(row["diff"] == 0 and not row["significant"] for row in rows)


def test_win_rates_sum_to_one_without_joint_wins() -> None:
    r = simulate("bs46", 200, "heuristic", impact_games=0)
    assert sum(f["wins"] for f in r["factions"]) == 200  # type: ignore[index]


def test_skill_impact_counts_replays_of_the_same_deals() -> None:
    r = simulate("bs46", 100, "heuristic", impact_games=50)
    skills = {s["key"]: s for s in r["skills"]}  # type: ignore[index]
    assert set(skills) == {"assassinate", "check"}
    for s in skills.values():
        assert s["games"] == 50 and 0 <= s["changed"] <= 50


@pytest.mark.parametrize("ruleset", ["m103", "bs46", "m186", "xxxii"])
def test_heuristic_agents_never_issue_a_refused_command(ruleset: str) -> None:
    # play() lets a refused command raise: 1,000 complete games each, every one to its end
    tally = play_games(ruleset, "heuristic", range(1_000))
    assert tally.games == 1_000
    assert sum(tally.outcomes.values()) == 1_000
    assert "" not in tally.outcomes  # every game has a winner


def test_simulate_command_writes_json_and_html(tmp_path: Path) -> None:
    out_json, out_html = tmp_path / "r.json", tmp_path / "r.html"
    result = CliRunner().invoke(
        app,
        [
            "simulate",
            "m186",
            "-n",
            "60",
            "--impact-games",
            "20",
            "--compare",
            "avalon10",
            "--json",
            str(out_json),
            "--html",
            str(out_html),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "红方阵营" in result.output
    data = json.loads(out_json.read_text(encoding="utf-8"))
    assert data["games"] == 60 and data["compare"]
    html = out_html.read_text(encoding="utf-8")
    assert "阵营胜率" in html and html.count("data:image/png;base64,") == 3
    assert "对比" in html


def test_simulate_refuses_unknown_agents() -> None:
    result = CliRunner().invoke(app, ["simulate", "m103", "-n", "5", "--agents", "clever"])
    assert result.exit_code == 1
    assert "没有「clever」这种玩家程序" in result.output
