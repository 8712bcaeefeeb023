"""XXXII's day start, exits, end and 弃明投暗's completion as its data declares them (the
catalogue's ``night_exits``, the pipeline's ``exits_announced: first``, ``outcome.concede:
finish``, ``conversion``'s ``checked_after``): 注意事项3 宵禁 and R-ALL-11 「夜晚出局的角色将在白天开始时
公示」, 「被票死」, 判负 (R-XXXII-13), 【弃明投暗】 (R-XXXII-05)."""

from pathlib import Path
from typing import Any

from bansha.engine import Act, Close, Director, Game, Vote
from bansha.mechanics.drowning import Drowning
from bansha.mechanics.pipeline import Pipeline
from bansha.rulesets import find_ruleset

NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未")
DEAL = ["侦探", "侦探", "观剧", "审问官", "魔女"] + ["平民"] * 9 + ["杀手"] * 4
DETECTIVE, CIVILIAN, KILLER = 0, 5, 14


def game() -> Game:
    rs = find_ruleset("xxxii")
    roles = {i: rs.role_key(r) for i, r in enumerate(DEAL)}
    return Game.create(
        rs, NAMES, 0, roles, declare={"信仰魔女": ["癸"]}
    )  # 魔法传承 makes 癸 the apprentice


def announcements(g: Game) -> list[dict[str, Any]]:
    return [e.data for e in g.events if e.kind == "announcement"]


def until(g: Game, phase: str, day: int, stage: str | None = None) -> None:
    while (g.state.phase, g.state.day) != (phase, day) or (
        stage is not None and g.state.stage_key != stage
    ):
        g.handle(Close())


def test_the_day_opens_with_the_nights_exits_and_no_identity() -> None:
    """「【第N天】昨夜死亡：…」: the night's deaths are announced when the next day opens (宵禁,
    R-ALL-11), in the order they happened, without their identities; a piece drowned at night
    (「累计两次警告淹死」, R-XXXII-17) is in that list, and its own announcement follows."""
    g = game()
    until(g, "night", 1)
    g.handle(Act(KILLER, "blade", (DETECTIVE,)))
    until(g, "night", 1, "last_words")
    g.handle(Director("警告", {"seat": CIVILIAN}))
    g.handle(Director("警告", {"seat": CIVILIAN}))
    assert not g.state.players[CIVILIAN].alive
    assert [a for a in announcements(g) if a["key"] in ("day_start", "out_drown")] == []
    until(g, "day", 2)
    dawn = [a for a in announcements(g) if a["key"] in ("day_start", "out_drown")]
    assert dawn == [
        {
            "key": "day_start",
            "params": {"day": 2, "ps_night": [DETECTIVE, CIVILIAN], "ps_vote": []},
            "exits": [DETECTIVE, CIVILIAN],
        },
        {"key": "out_drown", "params": {"p": CIVILIAN}, "exits": [CIVILIAN]},
    ]


def test_voted_dead_is_announced_before_the_piece_is_told() -> None:
    """R-XXXII-14 「被投票出局」: 「{p}被票死」 is the day's announcement, made as the vote's count
    puts him out; then he is told he is out."""
    g = game()
    until(g, "day", 2, "vote")
    for seat in g.state.living():
        g.handle(Vote(seat, KILLER))
    g.handle(Close())
    kinds = [
        (e.kind, e.data.get("key"))
        for e in g.events
        if (e.kind == "announcement" and e.data["key"] == "out_vote") or e.kind == "exited"
    ]
    assert kinds == [("announcement", "out_vote"), ("exited", None)]
    (out,) = [a for a in announcements(g) if a["key"] == "out_vote"]
    assert out == {"key": "out_vote", "params": {"p": KILLER}, "exits": [KILLER]}


def test_a_side_ruled_lost_ends_the_game_after_the_nights_deaths() -> None:
    """判负: 黑方 ruled lost, 白方 wins (the two sides with a win condition, R-XXXII-13); the game
    ends at night, so the night's deaths go out first as the next day's opening (R-ALL-11)."""
    g = game()
    until(g, "night", 1)
    g.handle(Act(KILLER, "blade", (DETECTIVE,)))
    until(g, "night", 1, "last_words")
    g.handle(Director("判负", {"faction": "black"}))
    assert g.state.ended and g.state.winners == ["white"]
    keys = [a["key"] for a in announcements(g)]
    assert keys[-2:] == ["day_start", "game_over"]
    assert announcements(g)[-2]["exits"] == [DETECTIVE]


def test_the_third_party_ruled_lost_leaves_the_game_going() -> None:
    """判负 on 第三方, whose win is only recorded (R-XXXII-12): announced, and the game goes on."""
    g = game()
    until(g, "day", 2)
    g.handle(Director("判负", {"faction": "third"}))
    assert not g.state.ended
    lost = [e for e in g.events if e.kind == "faction_lost"]
    assert [(e.data["faction"], e.to) for e in lost] == [("third", "public")]


def test_the_accomplice_made_on_night_1_joins_once_told_the_only_living_killer() -> None:
    """【弃明投暗】「第一天将会在结算阶段产生共犯时通知共犯……当棋盘上所有存活杀手均以此方式告知过共犯时，共犯加入
    杀手群，自当晚起共犯棋子颜色由【白】转为【黑】」 (R-XXXII-05): three killers drowned on day 1, the last
    names himself; night 1's blade on a civilian makes him the accomplice, told at ③ the only living
    killer's name: he joins the killers' group black there and then, not at the next nightfall."""
    g = game()
    last = KILLER + 3
    for killer in range(KILLER, last):
        g.handle(Director("警告", {"seat": killer}))
        g.handle(Director("警告", {"seat": killer}))
    g.handle(Act(last, "reveal", (last,)))
    until(g, "night", 1)
    g.handle(Act(last, "blade", (CIVILIAN,)))
    until(g, "night", 1, "last_words")
    assert g.state.players[CIVILIAN].role == "accomplice"
    assert CIVILIAN in g.state.groups["killers"]
    assert CIVILIAN in g.state.marks.get("black", set())


def test_a_variant_written_with_warnings_to_drown_reads_as_the_drowning_count(
    tmp_path: Path,
) -> None:
    """A variant (or a game stored with one) written while 累计两次警告淹死 was the top-level
    ``warnings_to_drown`` reads as today's ``drowning`` mechanic's ``count``."""
    f = tmp_path / "xxxii3.yaml"
    f.write_text(
        "extends: xxxii\nid: xxxii3\nnames: [xxxii3]\ntitle: 海猫三警告\nwarnings_to_drown: 3\n",
        encoding="utf-8",
    )
    rs = find_ruleset(str(f))
    assert isinstance(rs, Pipeline)
    drowning = rs.mechs["drowning"]
    assert isinstance(drowning, Drowning)
    assert drowning.p.count == 3
    assert find_ruleset("xxxii").mechs["drowning"].p.count == 2  # type: ignore[attr-defined]
