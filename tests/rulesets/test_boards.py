"""Boards as data files only: found by id and alias, validated with Chinese errors naming the key,
renamed without leaking old words, played by bots and the simulator with no code of their own."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import bansha
from bansha.engine import Act, Close, Game
from bansha.engine.errors import SetupError
from bansha.engine.views import view
from bansha.rulesets import builtin_ids, find_ruleset, load_variant_text
from bansha.scenario.runner import run_scenario
from bansha.sim.heuristic import bot_command
from bansha.sim.play import play_random
from bansha.sim.simulate import play_games
from tests.rulesets.invariants import check_history, check_replay, check_views

PACKAGE = Path(bansha.__file__).parent
GUIDE = PACKAGE.parent / "docs" / "guide-zh.md"
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑")
DEAL = ["狼人"] * 4 + ["预言家", "女巫", "猎人", "白痴"] + ["村民"] * 4


@pytest.mark.parametrize(
    ("name", "rid"),
    [
        ("standard12", "standard12"),
        ("预女猎白", "standard12"),
        ("标准12人局", "standard12"),
        ("guard12", "guard12"),
        ("预女猎守", "guard12"),
    ],
)
def test_boards_by_id_and_alias(name: str, rid: str) -> None:
    rs = find_ruleset(name)
    assert rs.id == rid
    assert rs.player_count == 12
    assert {"standard12", "guard12"} <= set(builtin_ids())


def test_no_python_file_names_the_boards() -> None:
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "standard12" not in text and "guard12" not in text, path


def test_variant_names_are_registered_and_extends_takes_an_alias(tmp_path: Path) -> None:
    assert find_ruleset("预女守白").id == "werewolf12"  # a variant file's own names
    f = tmp_path / "mine.yaml"
    f.write_text(
        "extends: 预女猎白\nid: mine\nroles:\n  villager: {name: 平民}\n", encoding="utf-8"
    )
    rs = find_ruleset(str(f))
    assert rs.role_name("villager") == "平民"
    assert rs.data["base"] == "standard12"


def _board(text: str) -> None:
    load_variant_text("extends: standard12\n" + text)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("skills:\n  check: {mechanic: peek}\n", "skills.check.mechanic"),
        ("skills:\n  save: {params: {self: sometimes}}\n", "skills.save.params.self"),
        ("skills:\n  check: {params: {colour: true}}\n", "skills.check.params"),
        ("skills:\n  save: {params: {self: {option: nope}}}\n", "skills.save.params.self"),
        ("skills:\n  shoot: {params: {not_if: [potion]}}\n", "skills.shoot.params.not_if"),
        ("resolution:\n  night: [{step: 一, do: spell}]\n", "resolution.night[0].do"),
        ("resolution:\n  night: [{do: attack}]\n", "resolution.night[0]"),
        (
            "outcome:\n  wins: [{faction: good, when: {all_dead: {faction: wolves}}}]\n",
            "outcome.wins[0].when",
        ),
        (
            "outcome:\n  wins: [{faction: good, when: {all_out: {faction: wolfs}}}]\n",
            "outcome.wins[0].when.all_out.faction",
        ),
        ("texts:\n  day_start: '{skill:peek}'\n", "texts.day_start"),
        (
            "vote_stages: [day]\ntimetable:\n  day: [{stage: 讨论日, key: day, when: 'due:nothing'}]\n",
            "timetable.day[0].when",
        ),
    ],
)
def test_a_malformed_board_is_a_chinese_error_naming_the_key(text: str, where: str) -> None:
    with pytest.raises(SetupError) as e:
        _board(text)
    assert where in e.value.message, e.value.message
    assert re.search(r"[\u4e00-\u9fff]", e.value.message)


def test_a_renamed_skill_never_shows_its_old_name() -> None:
    rs = load_variant_text(
        "extends: standard12\nskills:\n  check: {name: 验人}\n  victim: {name: 刀口信息}\n"
    )
    g = Game.create(rs, NAMES, 0, {i: rs.role_key(r) for i, r in enumerate(DEAL)})
    g.handle(Act(4, "check", (0,)))
    g.handle(Act(0, "attack", (8,)))
    g.handle(Close())
    texts = " ".join(n["text"] for n in view(g, 4)["notices"] + view(g, 5)["notices"])
    assert "验人：甲是<狼人>" in texts
    assert "刀口信息" in texts
    assert "查验" not in texts and "刀口：" not in texts
    card = " ".join(s["text"] for s in view(g, 5)["me"]["skill_texts"])
    assert "被袭击" in card


@pytest.mark.parametrize("board", ["standard12", "guard12"])
def test_heuristic_bots_play_the_boards_legally(board: str) -> None:
    tally = play_games(board, "heuristic", range(300))
    assert tally.games == 300 and "" not in tally.outcomes


@pytest.mark.parametrize("board", ["standard12", "guard12"])
def test_a_web_demo_bot_plays_from_its_own_seat(board: str) -> None:
    g = Game.create(find_ruleset(board, {"sheriff": "election"}), NAMES, 5)
    rng = random.Random(1)
    for _ in range(200):
        if g.state.ended:
            break
        for seat in range(12):
            cmd = bot_command(g, seat, rng)
            if cmd is not None and not g.state.ended:
                g.handle(cmd)  # a refused command would raise
        if not g.state.ended:
            g.handle(Close())
    assert g.state.ended


def guide_board() -> str:
    """The 16-player board written in the director's guide, between its markers."""
    text = GUIDE.read_text(encoding="utf-8")
    m = re.search(r"<!-- board16 -->\s*```yaml\n(.*?)```", text, re.S)
    assert m, "the guide's 16-player board"
    return m.group(1)


def test_the_guides_16_player_board_plays() -> None:
    rs = load_variant_text(guide_board())
    assert rs.player_count == 16
    assert rs.role_name("guard") == "守卫"
    for seed in range(60):
        g = Game.create(rs, [f"p{i}" for i in range(16)], seed)
        play_random(g, seed)
        assert g.state.ended and len(g.state.winners) == 1
        check_replay(g)
        check_history(g)
    check_views(g)


SCENARIOS = PACKAGE.parent / "tests" / "scenarios" / "standard12"


def _hunter_notices(scenario: str) -> tuple[list[str], list[str]]:
    """The keys of what 庚 (the hunter) was privately told, and the kinds of every event, in order."""
    game = run_scenario(SCENARIOS / scenario).game
    hunter = NAMES.index("庚")
    told = [e.data["key"] for e in game.events if e.kind == "notice" and e.to == (hunter,)]
    return told, [e.data.get("key", e.kind) for e in game.events]


def test_a_hunter_whose_exit_ends_the_game_is_not_told_he_may_shoot() -> None:
    # the last 神民 attacked at night: 屠边 decides the game at the night's close, no 开枪 stage
    told, _ = _hunter_notices("wolves-win-gods-out.yaml")
    assert "you_are_out" in told and "due_shoot" not in told


def test_a_hunter_is_told_of_his_shot_when_its_stage_opens_after_the_nights_exits() -> None:
    told, order = _hunter_notices("hunter-shoots-after-night-kill.yaml")
    assert told.count("due_shoot") == 1
    assert order.index("due_shoot") > order.index("day_start")  # R-ALL-11: exits told first
