"""The catalogue's ``pair_check`` (XXXII 【演员试镜】, R-XXXII-07), ``stage_privilege``
(【舞台特权】, R-XXXII-08) and ``mark`` (【契约标记】, R-XXXII-10/20) on a board written as data: a
预女猎白 whose seer tests two players a night by colour (``colours``), with rules ①–④, and whose 异
partners are spared the day after; its hunter marks villagers, alive or dead, after his death too;
its witch is told three players who are not villagers at the deal (``prophecy``, R-XXXII-10); its
idiot protects with 红字结界's second-use rule (``protect``'s ``second_use``, R-XXXII-09); its hunter
may castle once (``castling``, R-XXXII-10/19): a marked villager exits instead, in the same way; the
first night's kill on a villager converts him instead (``conversion``, R-XXXII-04) and the idiot
goes over to the wolves once they are all out (``conversion``, bs46 身份恢复 R-BS46-07)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bansha.engine import Act, Close, Director, Game, Vote
from bansha.engine.errors import RuleError, SetupError
from bansha.mechanics.pair_check import PairCheck
from bansha.mechanics.pipeline import Pipeline
from bansha.rulesets import find_ruleset

NAMES = list("甲乙丙丁戊己庚辛壬癸子丑")
DEAL = ["狼人"] * 4 + ["预言家", "女巫", "猎人", "白痴"] + ["村民"] * 4
SEER = 4
EXITS = """\
    - {step: 猎人开枪, skill: shoot}
    - {step: 移交警徽, skill: succession}
    - {step: 杀人诛心, skill: heart}
    - {step: 弃明投暗, skill: turn}
    - {step: 狼人全部出局, skill: recovery}
"""
"""What follows an exit on pair12, in order (the 12-player base's shot and badge, then XXXII's
conversions); a variant adding a skill that acts then writes the list again with it."""

BOARD = (
    """\
extends: 预女猎白
id: pair12
names: [pair12]
title: 试镜 12人
roles:
  seer: {skills: [audition, privilege]}
  hunter: {skills: [shoot, mark, castling]}
  witch: {skills: [victim, save, poison, prophecy]}
  idiot: {skills: [reveal, barrier, recovery]}
  werewolf: {skills: [attack, self_destruct, heart, betray, turn]}
  minion: {name: 爪牙, count: 0, faction: wolves, skills: []}
skills:
  audition:
    name: 演员试镜
    mechanic: pair_check
    stages: [night]
    params: {forced_after: different, rest_after: same%s}
    text: 每晚选定两名玩家，得知两人颜色相同还是不同。
  mark:
    name: 契约标记
    mechanic: mark
    stages: [night]
    params: {succeeds_on: [villager], after_death: true}
    text: 每晚选择一名玩家进行标记，村民则标记成功。
  barrier:
    name: 红字结界
    mechanic: protect
    stages: [night]
    params: {consecutive: false, second_use: {black: kill, white: void}}
    text: 每晚守护一名玩家；对同一名其他玩家第二次使用时，狼人出局，好人不受保护。
  castling:
    name: 王车易位
    mechanic: castling
    stages: [castle, castle_day]
    params: {of: attack, blocked_by: [barrier, save], causes: [vote, attack]}
    text: 整局一次，被袭击或被放逐时，可让一名被标记的存活玩家随机代替他出局。
  heart:
    name: 杀人诛心
    mechanic: conversion
    params: {trigger: kill_on, of: attack, roles: [villager], nights: ["1"], to_role: minion, to_faction: wolves}
    text: 仅限第一晚，被袭击的村民不会出局，转变为爪牙，加入狼人阵营。
  betray:
    name: 弃明投暗
    mechanic: name_to
    stages: [day]
    team: wolves
    params: {to_role: minion, word: wolf}
    text: 狼人每天提交一名狼人的名字告知爪牙，入夜时告知。
  turn:
    name: 加入狼人群
    mechanic: conversion
    params: {trigger: all_named, of: betray, joins: wolves, mark: black}
    text: 所有存活狼人均已告知爪牙时，爪牙加入狼人群，颜色转为黑。
  recovery:
    name: 身份恢复
    mechanic: conversion
    params: {trigger: all_out, when: {role: werewolf}, subject: {role: idiot}, to_faction: wolves, lose: [barrier], gain: [attack]}
    text: 狼人全部出局而白痴存活时，白痴转入狼人阵营，失去红字结界，获得袭击。
  prophecy:
    name: 魔女预言
    mechanic: prophecy
    params: {not_roles: [villager], min: 3, max: 3, word: not_villager}
    text: 开局时得知三名不是村民的玩家。
  privilege:
    name: 舞台特权
    mechanic: stage_privilege
    params: {of: audition}
    text: 曾在试镜中显示为异的玩家被放逐时，同组的另一人在下一个白天不会被放逐出局。
colours:
  black: [{role: werewolf}, {mark: black}]
  white: ["*"]
words: {same: 同, different: 异, black: 黑, white: 白, success: 成功, fail: 失败, not_villager: 非村民, accept: 是, decline: 否}
resolution:
  night:
    - {step: （1）狼人袭击, do: attack}
    - {step: （2）预言家试镜, do: audition}
    - {step: （2b）猎人标记, do: mark}
    - {step: （2c）白痴结界, do: barrier}
    - {step: （2d）王车易位的时机, do: castling}
    - {step: （3）女巫得知刀口, do: victim}
  day:
    - {step: 弃明投暗, do: betray}
    - {step: 放逐投票, do: vote, tie: {option: day_tie}}
  castle:
    - {step: 王车易位, resolve: castling}
  castle_day:
    - {step: 王车易位, resolve: castling}
  witch:
    - {step: （4）女巫用药, do: [save, poison]}
    - {step: （4b）杀人诛心, do: heart}
    - {step: （5）袭击结算, resolve: attack, blocked_by: [save, barrier, heart]}
    - {step: （5b）结界结算, resolve: barrier}
    - {step: （6）毒药结算, resolve: poison}
causes: {barrier: 死于红字结界}
consequences:
  exit:
"""
    + EXITS
    + """\
  voted_out:
    - {step: 白痴翻牌, skill: reveal}
    - {step: 王车易位, skill: castling}
    - {step: 舞台特权, skill: privilege}
timetable:
  night:
    - {stage: 夜晚, key: night, minutes: 60}
    - {stage: 王车易位, key: castle, minutes: 30, when: "due:castling", private: true}
    - {stage: 女巫行动, key: witch, minutes: 30}
    - {stage: 移交警徽, key: succession_night, minutes: 30, when: "due:succession", private: true}
    - {stage: 遗言, key: last_words, minutes: 60, when: last_words, private: true}
  day:
    - {stage: 开枪, key: shoot_dawn, minutes: 30, when: "due:shoot", private: true}
    - {stage: 移交警徽, key: succession_dawn, minutes: 30, when: "due:succession"}
    - {stage: 竞选警长, key: election, minutes: 720, when: ["option:sheriff=election", "day:1"]}
    - {stage: 讨论日, key: day, minutes: 1440}
    - {stage: 王车易位, key: castle_day, minutes: 30, when: "due:castling", private: true}
    - {stage: 开枪, key: shoot, minutes: 30, when: "due:shoot", private: true}
    - {stage: 移交警徽, key: succession, minutes: 30, when: "due:succession"}
texts:
  result_audition: "{skill:audition}：{ps}显示为【{word}】。"
  due_castling: 你将出局，可以决定是否发动<{skill:castling}>（是/否）。
  castled_castling: "{skill:castling}：{p}代替你出局。"
  held_castling: "{p}被投票出局。"
  converted_heart: 你被袭击，没有出局，转变为{role:minion}，加入狼人阵营。
  joined_heart: "{p}转变为{role:minion}，加入{group:wolves}。"
  told_betray: "{skill:betray}：{p}是狼人。"
  converted_turn: 所有存活狼人均已告知你，你加入{group:wolves}，颜色转为黑。
  joined_turn: "{p}加入{group:wolves}。"
  converted_recovery: 狼人全部出局：你转入狼人阵营，失去{skill:barrier}，获得{skill:attack}。
  told_prophecy: "{skill:prophecy}：以下玩家不是村民：{ps}。"
  result_mark: "{skill:mark}：{p}，标记{word}。"
  spared_privilege: "{p}被投票出局，受{skill:privilege}保护，没有出局。"
"""
)


def board(tmp_path: Path, extra: str = "") -> Pipeline:
    f = tmp_path / "pair12.yaml"
    f.write_text(BOARD % extra, encoding="utf-8")
    rs = find_ruleset(str(f))
    assert isinstance(rs, Pipeline)
    return rs


def game(tmp_path: Path) -> Game:
    rs = board(tmp_path)
    return Game.create(rs, NAMES, 1, {i: rs.role_key(r) for i, r in enumerate(DEAL)})


def night(g: Game, pair: tuple[int, int] | None) -> None:
    """One night: the seer's test (if any), no kill, no potion; then the day passes."""
    if pair is not None:
        g.handle(Act(SEER, "audition", pair))
    while g.state.phase == "night":
        g.handle(Close())
    while g.state.phase == "day":
        g.handle(Close())


def answers(g: Game) -> list[str]:
    return list(g.state.players[SEER].results)


def test_the_answer_is_by_colour_and_different_forces_one_of_the_pair(tmp_path: Path) -> None:
    g = game(tmp_path)
    assert isinstance(g.ruleset.mechs["audition"], PairCheck)
    night(g, (0, 8))  # a wolf and a villager: 异
    assert answers(g) == ["异"]
    (la,) = [la for la in g.legal(SEER) if la.skill == "audition"]
    assert set(la.must_include) == {0, 8}  # ③: one of last night's pair
    assert 0 not in la.targets and SEER not in la.targets  # ② and ①
    with pytest.raises(RuleError, match="本次目标之一必须从那两名玩家中选择"):
        g.handle(Act(SEER, "audition", (9, 10)))
    with pytest.raises(RuleError, match="不可选择之前已经选过的玩家"):
        g.handle(Act(SEER, "audition", (0, 8)))  # ③'s piece is exempt from ②, the other is not
    night(g, (0, 1))  # two wolves: 同
    assert answers(g) == ["异", "同"]
    assert not [la for la in g.legal(SEER) if la.skill == "audition"]  # 下一晚不可发动
    with pytest.raises(RuleError, match="今晚不可发动<演员试镜>"):
        g.handle(Act(SEER, "audition", (2, 9)))
    night(g, None)
    assert [la for la in g.legal(SEER) if la.skill == "audition"]  # rested one night


def test_self_is_refused(tmp_path: Path) -> None:
    g = game(tmp_path)
    with pytest.raises(RuleError, match="不能选择自己"):
        g.handle(Act(SEER, "audition", (SEER, 0)))


def test_the_use_keeps_the_pair_and_its_answer(tmp_path: Path) -> None:
    g = game(tmp_path)
    night(g, (0, 5))
    assert [(u.targets, u.choice) for u in g.state.uses["audition"]] == [((0, 5), "异")]
    assert not hasattr(g.state, "flags")  # typed memory only


def test_a_misspelt_answer_is_a_chinese_error(tmp_path: Path) -> None:
    with pytest.raises(SetupError, match="forced_after"):
        f = tmp_path / "bad.yaml"
        f.write_text((BOARD % "").replace("forced_after: different", "forced_after: other"))
        find_ruleset(str(f))


def vote_out(g: Game, target: int) -> None:
    """Every living player votes for ``target`` in the day's vote; the vote closes."""
    while g.state.stage_key != "day":
        g.handle(Close())
    for seat in g.state.living():
        g.handle(Vote(seat, target))
    g.handle(Close())


def test_a_different_partner_is_not_voted_to_death_the_next_day(tmp_path: Path) -> None:
    g = game(tmp_path)
    g.handle(Act(SEER, "audition", (0, 8)))  # 异
    while g.state.phase == "night":
        g.handle(Close())
    vote_out(g, 0)
    assert not g.state.players[0].alive
    assert [(u.seat, u.targets) for u in g.state.uses["privilege"]] == [(0, (8,))]
    while g.state.phase != "day":
        g.handle(Close())
    vote_out(g, 8)  # voted out, spared: the votes counted, the exit skipped
    assert g.state.players[8].alive
    shown = [e.data for e in g.events if e.kind == "announcement"]
    assert {"key": "spared_privilege", "params": {"p": 8}} in shown


HUNTER = 6


def test_a_mark_takes_on_its_roles_only_and_on_the_dead_too(tmp_path: Path) -> None:
    g = game(tmp_path)
    g.handle(Act(HUNTER, "mark", (8,)))  # a villager
    night(g, None)
    g.handle(Act(HUNTER, "mark", (0,)))  # a wolf
    night(g, None)
    assert g.state.players[HUNTER].results == ["成功", "失败"]
    assert g.state.marks["marked"] == {8}
    (la,) = [la for la in g.legal(HUNTER) if la.skill == "mark"]
    assert len(la.targets) == len(NAMES)  # alive or dead


def test_the_holder_marks_after_his_death_but_not_once_drowned(tmp_path: Path) -> None:
    g = game(tmp_path)
    m = g.ruleset.mechs["mark"]
    p = g.state.players[HUNTER]
    p.alive, p.exit_cause = False, "vote"
    assert m.holds(g.state, HUNTER)
    p.exit_cause = "drown"
    assert not m.holds(g.state, HUNTER)


WITCH = 5


def test_the_prophecy_lists_players_of_other_roles_drawn_at_the_deal(tmp_path: Path) -> None:
    g = game(tmp_path)
    (known,) = g.state.known[WITCH]
    assert known["word"] == "非村民" and len(known["about"]) == 3
    assert all(g.state.players[x].role != "villager" and x != WITCH for x in known["about"])
    told = [e for e in g.events if e.kind == "notice" and e.data["key"] == "told_prophecy"]
    assert len(told) == 1 and told[0].to == (WITCH,) and told[0].chance


IDIOT = 7


def barrier_night(g: Game, target: int, attack: int | None = None) -> None:
    g.handle(Act(IDIOT, "barrier", (target,)))
    if attack is not None:
        g.handle(Act(0, "attack", (attack,)))
    night(g, None)


def test_a_second_use_on_a_white_player_protects_nobody_and_restricts(tmp_path: Path) -> None:
    g = game(tmp_path)
    barrier_night(g, WITCH, attack=WITCH)
    assert g.state.players[WITCH].alive  # protected
    (la,) = [la for la in g.legal(IDIOT) if la.skill == "barrier"]
    assert WITCH not in la.targets  # not two nights running
    barrier_night(g, 9)
    barrier_night(g, WITCH, attack=WITCH)  # the second use on a white player: no protection
    assert not g.state.players[WITCH].alive
    assert [u.choice for u in g.state.uses["barrier"]] == ["protect", "protect", "void"]
    (la,) = [la for la in g.legal(IDIOT) if la.skill == "barrier"]
    assert 9 not in la.targets and IDIOT in la.targets and 10 in la.targets
    with pytest.raises(RuleError, match="此后只能选择自己或未曾选过的玩家"):
        g.handle(Act(IDIOT, "barrier", (9,)))


def test_a_second_use_on_a_black_player_kills_him(tmp_path: Path) -> None:
    g = game(tmp_path)
    barrier_night(g, 1)
    barrier_night(g, 9)
    barrier_night(g, 1)
    p = g.state.players[1]
    assert not p.alive and p.exit_cause == "barrier"
    assert [u.choice for u in g.state.uses["barrier"]] == ["protect", "protect", "kill"]


def through_night(g: Game, attack: int | None = None, castle: str | None = None) -> None:
    """Close the night's stages, the wolves attacking ``attack``; in the castling stage the
    hunter answers ``castle``."""
    if attack is not None:
        g.handle(Act(0, "attack", (attack,)))
    while g.state.phase == "night":
        if g.state.stage_key == "castle" and castle is not None:
            g.handle(Act(HUNTER, "castling", (), castle))
        g.handle(Close())


def test_castling_after_the_kill_sends_a_marked_player_out_the_same_way(tmp_path: Path) -> None:
    g = game(tmp_path)
    g.handle(Act(HUNTER, "mark", (8,)))
    through_night(g)
    while g.state.phase == "day":
        g.handle(Close())
    g.handle(Act(HUNTER, "mark", (9,)))
    through_night(g, attack=HUNTER, castle="是")
    hunter, sub = g.state.players[HUNTER], [g.state.players[x] for x in (8, 9)]
    assert hunter.alive
    (out,) = [p for p in sub if not p.alive]
    assert out.exit_cause == "attack"  # 死亡形式保持一致
    told = [e for e in g.events if e.kind == "notice" and e.data["key"] == "castled_castling"]
    assert [e.to for e in told] == [(HUNTER,)]  # never named in public (R-XXXII-19)
    assert not g.legal(HUNTER) or all(la.skill != "castling" for la in g.legal(HUNTER))


def test_castling_after_a_vote_or_not(tmp_path: Path) -> None:
    g = game(tmp_path)
    g.handle(Act(HUNTER, "mark", (8,)))
    through_night(g)
    vote_out(g, HUNTER)
    assert g.state.players[HUNTER].alive and g.state.stage_key == "castle_day"
    assert g.state.stage_private == (HUNTER,)
    g.handle(Act(HUNTER, "castling", (), "是"))
    g.handle(Close())
    assert g.state.players[HUNTER].alive
    assert not g.state.players[8].alive and g.state.players[8].exit_cause == "vote"


def test_a_declined_castling_after_a_vote_and_none_without_a_marked_player(tmp_path: Path) -> None:
    g = game(tmp_path)
    g.handle(Act(HUNTER, "mark", (8,)))
    through_night(g)
    vote_out(g, HUNTER)
    g.handle(Act(HUNTER, "castling", (), "否"))
    g.handle(Close())
    assert not g.state.players[HUNTER].alive and g.state.players[8].alive
    g2 = game(tmp_path)
    through_night(g2, attack=HUNTER, castle="是")  # nobody marked: nothing to offer
    assert not g2.state.players[HUNTER].alive
    assert "castling" not in g2.state.uses


def test_the_first_nights_kill_on_a_villager_converts_him_instead(tmp_path: Path) -> None:
    g = game(tmp_path)
    through_night(g, attack=8)
    p = g.state.players[8]
    assert p.alive and p.role == "minion" and p.faction == "wolves"
    assert 8 not in g.state.groups["wolves"]  # he joins when every wolf has been named to him
    while g.state.phase == "day":
        g.handle(Close())
    through_night(g, attack=9)  # night 2: an ordinary kill
    assert not g.state.players[9].alive


def test_the_last_wolf_out_turns_the_idiot_over(tmp_path: Path) -> None:
    g = game(tmp_path)
    for wolf in range(4):
        g.handle(Director("红牌", {"seat": wolf}))
    p = g.state.players[IDIOT]
    assert g.state.phase != "ended"  # the idiot is a wolf now: the good have not won
    assert p.faction == "wolves" and "attack" in p.skills and "barrier" not in p.skills
    assert [u.targets for u in g.state.uses["recovery"]] == [(IDIOT,)]


def test_every_living_wolf_named_the_minion_joins_at_nightfall(tmp_path: Path) -> None:
    g = game(tmp_path)
    through_night(g, attack=8)  # the minion is made
    for wolf in (2, 3):
        g.handle(Director("红牌", {"seat": wolf}))
    g.handle(Act(1, "betray", (0,)))
    while g.state.phase == "day":
        g.handle(Close())
    assert {"about": [0], "word": "狼人"} in g.state.known[8]  # told when the night began
    assert 8 not in g.state.groups["wolves"]
    through_night(g)
    g.handle(Act(0, "betray", (1,)))
    while g.state.phase == "day":
        g.handle(Close())
    assert 8 in g.state.groups["wolves"] and 8 in g.state.marks["black"]
    assert {"about": [8], "word": "爪牙"} in g.state.known[0]  # R-XXXII-21
    assert not [la for la in g.legal(0) if la.skill == "betray"]  # nothing left to name


LEGACY = (
    """\
extends: %s
id: legacy12
names: [legacy12]
roles:
  witch: {skills: [victim, save, poison, prophecy, legacy]}
  apprentice: {name: 见习魔女, count: 0, faction: good, skills: []}
skills:
  legacy:
    name: 魔法传承
    mechanic: conversion
    params:
      trigger: draw
      nights: ["1"]
      subject: {role: villager}
      first: believer
      otherwise_exit: legacy
      to_role: apprentice
      joins: coven
    text: 第一晚结束时，随机一名信仰者升变为见习魔女；无人信仰时随机一名村民死亡，成为见习魔女的灵魂。
groups: {coven: 魔女群}
causes: {legacy: 魔法传承}
consequences:
  exit:
"""
    + EXITS
    + """\
    - {step: 魔法传承, skill: legacy}
resolution:
  night:
    - {step: （1）狼人袭击, do: attack}
    - {step: （2）预言家试镜, do: audition}
    - {step: （2b）猎人标记, do: mark}
    - {step: （2c）白痴结界, do: barrier}
    - {step: （2d）王车易位的时机, do: castling}
    - {step: （3）女巫得知刀口, do: victim}
    - {step: （7）魔法传承, do: legacy}
texts:
  converted_legacy: 你升变为{role:apprentice}，进入{group:coven}。
"""
)


def extended(
    tmp_path: Path, name: str, text: str, base: str, declare: dict[str, list[str]] | None = None
) -> Game:
    """A game, dealt as ``DEAL``, of the variant ``text`` (extending the file ``base`` written
    before it), written as ``name``.yaml."""
    f = tmp_path / f"{name}.yaml"
    f.write_text(text % (tmp_path / f"{base}.yaml"), encoding="utf-8")
    rs = find_ruleset(str(f))
    roles = {i: rs.role_key(r) for i, r in enumerate(DEAL)}
    return Game.create(rs, NAMES, 1, roles, declare=declare)


def legacy_game(tmp_path: Path) -> Game:
    board(tmp_path)
    return extended(tmp_path, "legacy12", LEGACY, "pair12")


def test_the_first_night_draws_an_apprentice_who_dies_if_nobody_believes(tmp_path: Path) -> None:
    g = legacy_game(tmp_path)
    through_night(g)
    (seat,) = [p.seat for p in g.state.players if p.role == "apprentice"]
    assert seat in range(8, 12)  # a villager
    p = g.state.players[seat]
    assert not p.alive and p.exit_cause == "legacy"  # 成为见习魔女（的灵魂）
    assert g.state.groups["coven"] == [seat]
    assert any(e.kind == "trace" and e.chance for e in g.events)  # the draw, a chance event


BELIEVE = """\
extends: %s
id: believe12
names: [believe12]
skills:
  believe:
    name: 信仰魔女
    hidden: true
    text: 开局前需选择是否信仰魔女（只有村民的选择有效；不选视为不信仰）。
words: {believe: 信仰, not_believe: 不信仰}
declaration: {skill: believe, stage: declare, answers: [believe, not_believe], keep: {role: villager}, mark: believer}
timetable:
  start:
    - {stage: 信仰声明, key: declare, minutes: 60}
texts:
  declarations_closed: 信仰声明结束，身份已私下发放。
"""


def believe_game(tmp_path: Path, declare: dict[str, list[str]] | None = None) -> Game:
    """The legacy board with XXXII's 信仰声明 before the deal (R-XXXII-02), dealt as ``DEAL``."""
    legacy_game(tmp_path)
    return extended(tmp_path, "believe12", BELIEVE, "legacy12", declare)


def test_every_seat_declares_before_the_deal_and_only_villagers_answers_count(
    tmp_path: Path,
) -> None:
    """R-XXXII-02: asked of every player before the roles are known; the last answer stands;
    only the villagers' (XXXII: the civilians') are kept; a missing answer is 不信仰."""
    g = believe_game(tmp_path)
    assert g.state.stage_key == "declare" and not g.state.dealt  # the fixed deal waits
    assert not [e for e in g.events if e.kind == "role_card"]  # nobody knows a role yet
    (la,) = g.legal(0)
    assert la.skill == "believe" and la.choices == ("信仰", "不信仰")
    g.handle(Act(0, "believe", (), "信仰"))  # a wolf: his answer is not kept
    g.handle(Act(10, "believe", (), "不信仰"))
    g.handle(Act(10, "believe", (), "信仰"))  # the last answer stands
    g.handle(Act(11, "believe", (), "信仰"))
    g.handle(Act(11, "believe", (), "不信仰"))
    with pytest.raises(RuleError, match="请选择：信仰、不信仰"):
        g.handle(Act(9, "believe", (), "也许"))
    g.handle(Close())
    assert [p.role for p in g.state.players] == [g.ruleset.role_key(r) for r in DEAL]
    assert g.state.marks["believer"] == {10}
    assert any(
        e.kind == "announcement" and e.data["key"] == "declarations_closed" for e in g.events
    )
    with pytest.raises(RuleError, match="信仰魔女>已经结束"):
        g.handle(Act(9, "believe", (), "信仰"))
    assert g.state.phase == "night" and "wolves" in g.state.groups
    through_night(g)
    p = g.state.players[10]
    assert p.role == "apprentice" and p.alive  # R-XXXII-11: a believer is drawn first, and lives


def test_answers_given_with_the_game_hold_no_declaration_stage(tmp_path: Path) -> None:
    g = believe_game(tmp_path, {"信仰魔女": ["丑", "甲"]})
    assert g.state.phase == "night" and g.state.dealt
    assert g.state.marks["believer"] == {11}  # 甲 is a wolf: not kept
    with pytest.raises(RuleError, match="没有玩家「某」"):
        believe_game(tmp_path, {"信仰魔女": ["某"]})


def test_a_misspelt_declaration_is_a_chinese_error(tmp_path: Path) -> None:
    legacy_game(tmp_path)
    f = tmp_path / "believe12.yaml"
    text = BELIEVE % (tmp_path / "legacy12.yaml")
    f.write_text(text.replace("stage: declare,", "stage: declar,"), encoding="utf-8")
    with pytest.raises(SetupError, match="declar"):
        find_ruleset(str(f))


RECORDED = """\
extends: %s
id: recorded12
names: [recorded12]
factions: {third: 第三方阵营}
roles:
  hunter: {faction: third}
outcome:
  recorded:
    - faction: third
      when: {all_marked: {role: villager, mark: marked}}
      notice: third_win
      then: {announce: third_revival, exit_roles: [hunter], cause: revival}
causes: {revival: 复苏}
texts:
  third_win: 你达成胜利条件，游戏继续。
  third_revival: 猎人复苏。
"""


def recorded_game(tmp_path: Path, text: str = RECORDED) -> Game:
    """pair12 with its marking hunter a third party whose win is recorded without ending the
    game (XXXII 第三方, R-XXXII-12)."""
    board(tmp_path)
    return extended(tmp_path, "recorded12", text, "pair12")


def test_a_recorded_win_goes_on_and_its_side_leaves_at_the_next_dawn(tmp_path: Path) -> None:
    """「所有存活的平民被标记…达成胜利条件时游戏不结束，下一个天亮公示魔女复苏，存活的魔女与见习魔女进入上位世界，表现
    为夜晚死亡」 (R-XXXII-12), and the side shares the final result (R-XXXII-13)."""
    g = recorded_game(tmp_path)
    for villager in (8, 9, 10):
        g.handle(Act(HUNTER, "mark", (villager,)))
        night(g, None)
    assert "third" not in g.state.won  # 11 lives unmarked
    g.handle(Act(HUNTER, "mark", (11,)))
    while g.state.phase == "night":
        g.handle(Close())
    assert g.state.won == {"third": 4} and not g.state.ended  # recorded, the game goes on
    told = [e for e in g.events if e.kind == "notice" and e.data["key"] == "third_win"]
    assert [e.to for e in told] == [(HUNTER,)]  # privately, to the side's members
    revival = [e for e in g.events if e.kind == "announcement" and e.data["key"] == "third_revival"]
    assert len(revival) == 1
    hunter = g.state.players[HUNTER]
    assert not hunter.alive and hunter.exit_cause == "revival"
    assert g.state.phase == "day" and g.state.day == 4  # this board's next dawn: day 4
    dawn = [e for e in g.events if e.kind == "announcement" and e.data["key"] == "day_start"]
    assert dawn[-1].data["exits"] == [HUNTER]  # in the morning's list of the night's exits
    assert g.events.index(revival[0]) < g.events.index(dawn[-1])  # 下一个天亮公示魔女复苏
    g.handle(Director("判负", {"faction": "wolves"}))
    assert g.state.ended and g.state.winners == ["good", "third"]


def test_all_marked_names_its_mark(tmp_path: Path) -> None:
    with pytest.raises(SetupError, match="应写明 mark"):
        recorded_game(tmp_path, RECORDED.replace(", mark: marked", ""))


def test_a_recorded_win_needs_its_words(tmp_path: Path) -> None:
    with pytest.raises(SetupError, match="third_revival"):
        recorded_game(tmp_path, RECORDED.replace("  third_revival: 猎人复苏。\n", ""))


def test_last_words_only_for_exits_of_the_first_days(tmp_path: Path) -> None:
    """「只有前三日死亡的玩家可以留下遗言」 (R-XXXII-15) as the last-words policy's ``days``: here
    only exits of day or night 1 are given a right."""
    board(tmp_path)
    g = extended(
        tmp_path,
        "days12",
        "extends: %s\nid: days12\nnames: [days12]\nlast_words: {grant: all, days: 1}\n",
        "pair12",
    )
    through_night(g, attack=SEER)
    while g.state.phase == "day":
        g.handle(Close())
    through_night(g, attack=5)
    assert not g.state.players[SEER].alive and not g.state.players[5].alive
    rights = [e.to for e in g.events if e.kind == "notice" and e.data["key"] == "last_words_right"]
    assert rights == [(SEER,)]


DROWNING = """\
extends: %s
id: drowning12
names: [drowning12]
skills:
  drowning:
    name: 淹死
    mechanic: drowning
    hidden: true
    params: {card: warning, count: 2, after_death: [mark], notice: drowned_mark}
texts:
  refuse_drowned: 你已被淹死，不能再发动技能
  drowned_mark: 你累计两次警告被淹死，不能再发动【{skill:mark}】。
"""


def drowning_game(tmp_path: Path) -> Game:
    """pair12 with XXXII's 注意事项2 「累计两次警告淹死」 (R-XXXII-17, the catalogue's ``drowning``)."""
    board(tmp_path)
    return extended(tmp_path, "drowning12", DROWNING, "pair12")


def test_two_warnings_drown_a_living_player(tmp_path: Path) -> None:
    """「当天未发言或未投票的玩家，将会被警告。累计两次警告淹死。」 (R-XXXII-17): the first warning leaves him
    in, the second drowns him, the director's removal; his act is refused as drowned (R-ALL-13)."""
    g = drowning_game(tmp_path)
    g.handle(Director("警告", {"seat": 8}))
    assert g.state.players[8].alive
    g.handle(Director("警告", {"seat": 8}))
    p = g.state.players[8]
    assert not p.alive and p.exit_cause == "drown"
    assert [e.data["cause"] for e in g.events if e.kind == "exited"] == ["drown"]
    with pytest.raises(RuleError, match="你已被淹死"):
        g.handle(Act(8, "mark", (9,)))


def test_a_dead_holder_drowned_marks_no_more(tmp_path: Path) -> None:
    """【契约标记】「无论是否存活，每晚可发动」, but a piece drowned after its death acts no more
    (R-XXXII-20): he loses the skill, told privately, and his act is refused as drowned."""
    g = drowning_game(tmp_path)
    p = g.state.players[HUNTER]
    p.alive, p.exit_cause = False, "vote"  # out in play: he still marks
    assert g.ruleset.mechs["mark"].holds(g.state, HUNTER)
    g.handle(Director("警告", {"seat": HUNTER}))
    g.handle(Director("警告", {"seat": HUNTER}))
    assert "mark" not in g.state.players[HUNTER].skills
    told = [e for e in g.events if e.kind == "notice" and e.data["key"] == "drowned_mark"]
    assert [e.to for e in told] == [(HUNTER,)]
    with pytest.raises(RuleError, match="你已被淹死"):
        g.handle(Act(HUNTER, "mark", (9,)))
