"""The common 12-player boards shipped as data only (白狼王守卫, 狼王守卫, 预女猎骑): found by id and
alias, named by no Python file, played to a winner by heuristic players, and each with its scenario
suite (random play with every invariant: ``test_boards_random_play``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import bansha
from bansha.rulesets import find_ruleset
from bansha.sim.simulate import play_games

PACKAGE = Path(bansha.__file__).parent
SCENARIOS = PACKAGE.parent / "tests" / "scenarios"
BOARDS = {
    "whitewolf12": ["白狼王守卫", "预女猎守白狼王"],
    "wolfking12": ["狼王守卫", "预女猎守狼王"],
    "knight12": ["预女猎骑", "骑士板"],
}


@pytest.mark.parametrize("rid", sorted(BOARDS))
def test_found_by_id_and_alias(rid: str) -> None:
    for name in [rid, *BOARDS[rid]]:
        rs = find_ruleset(name)
        assert rs.id == rid and rs.player_count == 12


def test_no_python_file_names_the_boards() -> None:
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not any(rid in text for rid in BOARDS), path


@pytest.mark.parametrize("rid", sorted(BOARDS))
def test_each_board_has_its_scenario_suite(rid: str) -> None:
    assert len(list((SCENARIOS / rid).glob("*.yaml"))) >= 5


@pytest.mark.parametrize("rid", sorted(BOARDS))
def test_heuristic_players_finish_every_game(rid: str) -> None:
    tally = play_games(rid, "heuristic", range(200))
    assert tally.games == 200 and "" not in tally.outcomes
