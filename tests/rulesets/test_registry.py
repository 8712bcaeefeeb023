"""Finding rule sets by id, alias and variant file; variants extend without code."""

from pathlib import Path

import pytest

from bansha.engine import Game
from bansha.engine.errors import SetupError
from bansha.mechanics.pipeline import Pipeline
from bansha.rulesets import BUILTIN, find_ruleset
from bansha.sim.play import play_random


@pytest.mark.parametrize("name", ["m103", "M103", "菁华浮梦", "『菁华浮梦』"])
def test_aliases(name: str) -> None:
    assert find_ruleset(name).id == "m103"


def test_variant_renames_and_recounts() -> None:
    rs = find_ruleset("werewolf12")
    assert rs.player_count == 12
    assert rs.role_name("werewolf") == "狼人"
    assert rs.skill_key("袭击") == "kill"
    assert rs.options["prince"] == "once"
    g = Game.create(rs, [f"p{i}" for i in range(12)], 1)
    assert g.state.phase_label() == "night 1"  # no cupid, so no 红线 stage
    play_random(g, 1)
    assert g.state.ended and len(g.state.winners) == 1


def test_variant_of_a_variant(tmp_path: Path) -> None:
    f = tmp_path / "mine.yaml"
    f.write_text(
        "extends: werewolf9.yaml\nroles:\n  villager: {name: 平民}\n",
        encoding="utf-8",
    )
    rs = find_ruleset(str(f))
    assert rs.role_name("villager") == "平民"
    assert rs.player_count == 9


def test_variant_without_extends(tmp_path: Path) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text("roles: {}\n", encoding="utf-8")
    with pytest.raises(SetupError, match="extends"):
        find_ruleset(str(f))


def test_a_board_run_by_the_pipeline_is_data_only() -> None:
    # M103, bs46, XXXII and every board: a folder with its data file and no code of its own (its
    # mechanics are the catalogue's)
    boards = [rid for rid, (cls, _) in BUILTIN.items() if cls is Pipeline]
    assert {"m103", "bs46", "xxxii"} <= set(boards)
    for rid in boards:
        _, data = BUILTIN[rid]
        code = sorted(p.name for p in data.parent.iterdir() if p.suffix == ".py")
        assert not code, (rid, code)
