"""Shared test helpers: tables of names and fixed deals."""

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from bansha.engine import Close, Director, Game, Post, RuleError, Say
from bansha.mechanics.vote_posts import vote_format
from bansha.rulesets import find_ruleset
from bansha.scenario import ScenarioFileError, run_scenario
from bansha.sim.agents import random_command

M103_NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
M103_DEAL = (
    ["卧底刺客"] * 4
    + ["大内密探", "妙手太医", "御前侍卫", "东宫太子", "牵线红娘", "至尊帝王"]
    + ["绝色宠妃"] * 4
)

BS46_NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳")
BS46_DEAL = ["警察"] * 3 + ["杀手卧底"] + ["杀手"] * 3 + ["警察卧底"] + ["水民"] * 8
BS46_FIXED = {
    "rings": {"警察团": list("甲乙丙丁"), "杀手团": list("戊己庚辛")},
    "ranks": {"警察团": list("甲乙丙"), "杀手团": list("戊己庚")},
}
"""bs46: 甲乙丙 police, 丁 the 杀手卧底, 戊己庚 killers, 辛 the 警察卧底; rings and ranks in
seat order (R-BS46-01/02)."""
M186_NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
M186_DEAL = [
    "梅林",
    "派西维尔",
    "加拉哈德",
    "好兰斯洛特",
    *["亚瑟的忠臣"] * 4,
    "莫甘娜",
    "刺客",
    "莫德雷德",
    "奥伯伦",
    "薇薇安",
    "坏兰斯洛特",
]

M103_FORMAT = vote_format(find_ruleset("m103").data["thread"])
"""M103's vote-post format (its data file's ``thread.vote_format``)."""


def m103_game(seed: int = 0, fixed: bool = True, **options: object) -> Game:
    """An M103 game with the standard test deal (甲乙丙丁 assassins, 戊 spy, 己 physician ...)."""
    rs = find_ruleset("m103", dict(options))
    roles = {i: rs.role_key(r) for i, r in enumerate(M103_DEAL)} if fixed else None
    return Game.create(rs, M103_NAMES, seed, roles)


def random_game(ruleset: str, seed: int, review: bool = False) -> Game:
    """A new game of ``ruleset`` with numbered players (玩家1 …), in 公示审核 mode if ``review``."""
    rs = find_ruleset(ruleset, {"review": True} if review else {})
    return Game.create(rs, [f"玩家{i + 1}" for i in range(rs.player_count)], seed)


def m103_day(names: list[str] | None = None, seed: int = 3) -> Game:
    """A new M103 game (a random deal) brought to its first 讨论日 by closing every stage before."""
    g = Game.create(find_ruleset("m103"), names or M103_NAMES, seed)
    for _ in range(8):
        if g.state.stage_key == "day":
            return g
        g.handle(Close())
    raise AssertionError("no day stage")


def m103_scenario(folder: Path, steps: str, name: str = "s.yaml") -> Path:
    """A scenario file for M103's 14 players (random deal) with the given ``steps:`` lines."""
    f = folder / name
    f.write_text(
        "ruleset: m103\nplayers: [甲, 乙, 丙, 丁, 戊, 己, 庚, 辛, 壬, 癸, 子, 丑, 寅, 卯]\n"
        "steps:\n" + steps,
        encoding="utf-8",
    )
    return f


def assert_refused_at(f: Path, where: str, words: str) -> None:
    """Running scenario file ``f`` is refused before the game is dealt, with one Chinese line
    naming the file and the key path ``where`` and saying ``words`` (never a traceback)."""
    with pytest.raises(ScenarioFileError) as e:
        run_scenario(f)
    assert str(e.value).startswith(f"{f}: {where}："), str(e.value)
    assert words in str(e.value)


def chatter(game: Game, rng: random.Random, chat: float = 0.7, post: float = 0.6) -> list[object]:
    """Random talk of a round of commands: a message in each team chat (with ``chat``) by a
    living member, and a floor of the discussion thread (with ``post``) by a living player."""
    s = game.state
    out: list[object] = []
    for group, members in sorted(s.groups.items()):
        alive = [m for m in members if s.players[m].alive]
        if alive and rng.random() < chat:
            out.append(Say(rng.choice(alive), group, f"群{group}第{len(game.events)}条"))
    living = list(s.living())
    if living and rng.random() < post:
        out.append(Post(rng.choice(living), f"讨论第{len(game.events)}楼", None))
    return out


def reviewing(game: Game, rng: random.Random) -> list[object]:
    """The director's part of a random round: while results await publication, 撤销 or 发布
    (now and then), and a stage close (half the time)."""
    out: list[object] = []
    if game.state.awaiting is not None and rng.random() < 0.6:
        out.append(Director("撤销", {}) if rng.random() < 0.4 else Director("发布", {"edits": {}}))
    if rng.random() < 0.5:
        out.append(Close())
    return out


def seat_acts(game: Game, rng: random.Random) -> list[object]:
    """Each living seat's part of a random round: one of its legal acts, now and then."""
    out: list[object] = []
    for seat in game.state.living():
        cmd = random_command(rng, seat, game.legal(seat), 0.3)
        if cmd is not None:
            out.append(cmd)
    return out


def play_checked(
    game: Game,
    rng: random.Random,
    commands: Callable[[Game, random.Random], list[object]],
    check: Callable[[], None],
    rounds: int = 20,
) -> None:
    """Play up to ``rounds`` rounds of ``commands(game, rng)`` (a refused command is passed
    over) until the game ends, calling ``check`` after a random quarter of the single commands
    (so what is checked reads on both one event and many at a time) and after every round."""
    for _ in range(rounds):
        if game.state.ended:
            break
        for cmd in commands(game, rng):
            try:
                game.handle(cmd)  # type: ignore[arg-type]
            except RuleError:
                continue
            if rng.random() < 0.25:
                check()
        check()
