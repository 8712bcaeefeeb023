"""The common 12-player boards shipped as data only (白狼王守卫, 狼王守卫, 预女猎骑): found by id and
alias, named by no Python file, played to a winner by heuristic players, and each with its scenario
suite (random play with every invariant: ``test_boards_random_play``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import bansha
from bansha.engine import Game
from bansha.rulesets import find_ruleset
from bansha.sim.play import play
from bansha.sim.simulate import make_agents, play_games

PACKAGE = Path(bansha.__file__).parent
SCENARIOS = PACKAGE.parent / "tests" / "scenarios"
BOARDS = {
    "whitewolf12": ["白狼王守卫", "预女猎守白狼王"],
    "wolfking12": ["狼王守卫", "预女猎守狼王"],
    "knight12": ["预女猎骑", "骑士板"],
}
NAMES = [f"p{i}" for i in range(12)]


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


@pytest.mark.parametrize(
    ("rid", "skills"),
    [
        ("standard12", {"self_destruct"}),
        ("whitewolf12", {"self_destruct", "king_take"}),
        ("wolfking12", {"self_destruct", "king_shoot"}),
        ("knight12", {"duel"}),
    ],
)
def test_heuristic_players_use_every_declared_act(rid: str, skills: set[str]) -> None:
    # 自爆 by the policy ``cornered``, 决斗 by ``suspect``, 开枪 by its hint: simulate --compare
    # sees what a new role does
    rs = find_ruleset(rid)
    used: set[str] = set()
    for seed in range(60):
        game = Game.create(rs, NAMES, seed)
        play(game, make_agents(rs, "heuristic", seed), seed)
        used |= {e.data["skill"] for e in game.events if e.kind == "skill_used"}
    assert skills <= used, skills - used
