"""The rooms outside the teams and who may write in them, as each post says (``rooms:`` in its
data file, ``engine/rooms.py``): bs46's 旁观灌水帖 (「亡灵不可继续在游戏室一发言，旁观灌水帖中的
发言不得涉及游戏秘密」「存活玩家不得使用版杀ID在除游戏一室外任何版块发言」), XXXII's 观剧楼
(「禁止版杀玩家在观剧楼回复观剧者的推理」) and M103's 联谊群 (§11 「游戏开始之后，联谊群禁言……游戏
正式结束后……所有玩家可以重新在联谊群发言……观众都可以进入联谊群」). Played at random: at every stage
each seat's page offers the box exactly when the command would land, and a seat counts as out
only once its exit was announced (a night's death shows in nothing its player may do before
the morning)."""

from __future__ import annotations

import pytest

from bansha.engine import Game, RuleError, Speak
from bansha.engine.views import view
from bansha.rulesets import find_ruleset
from bansha.sim.play import play_random

ROOMS = {"bs46": "onlookers", "xxxii": "theatre", "m103": "social"}


def lands(game: Game, cmd: Speak) -> bool:
    """Whether ``cmd`` lands on a copy of ``game`` (the game itself is left as it is)."""
    copy = Game.replay(game.ruleset, list(game.events))
    try:
        copy.handle(cmd)
    except RuleError:
        return False
    return True


def expected(rid: str, game: Game, seat: int | None) -> bool:
    """The post's rule, written out once more by hand."""
    s = game.state
    if s.ended:
        return True
    if rid == "bs46":
        return seat is None or seat in s.announced
    if rid == "xxxii":
        return seat is None
    return False  # M103: 联谊群禁言 while the game runs


@pytest.mark.parametrize("rid", sorted(ROOMS))
@pytest.mark.parametrize("seed", [1, 2])
def test_who_may_write_in_each_room_follows_the_post(rid: str, seed: int) -> None:
    rs = find_ruleset(rid)
    names = [f"玩家{i}" for i in range(rs.player_count)]
    room = ROOMS[rid]
    seen = {"dead_wrote": 0, "checked": 0}

    def probe(game: Game) -> None:
        if game.state.awaiting is not None:
            return
        for seat in [None, *range(len(names))]:
            may = lands(game, Speak(room, seat, "观众甲", "大家好"))
            assert may == expected(rid, game, seat), (seat, game.state.stage)
            if seat is not None:
                assert view(game, seat)["rooms"][0]["can_write"] == may
                seen["dead_wrote"] += may and seat in game.state.announced
            else:
                assert view(game, "public")["rooms"][0]["spectators_write"] == may
        seen["checked"] += 1

    game = play_random(Game.create(rs, names, seed), seed, on_stage=probe)
    probe(game)  # after the end: everyone
    assert game.state.ended and seen["checked"] > 3
    if rid == "bs46":
        assert seen["dead_wrote"]  # the dead did get to the 旁观灌水帖


def test_a_message_is_public_and_names_its_writer() -> None:
    rs = find_ruleset("bs46")
    game = Game.create(rs, [f"玩家{i}" for i in range(16)], 3)
    game.handle(Speak("onlookers", None, "路人乙", "围观"))
    for viewer in ("public", 0, 5, "director"):
        [shown] = view(game, viewer)["rooms"]
        assert shown["name"] == "旁观灌水帖"
        assert [(m["by"], m["text"], m["spectator"]) for m in shown["messages"]] == [
            ("路人乙", "围观", True)
        ]
    with pytest.raises(RuleError):
        game.handle(Speak("onlookers", None, " ", "没有名字"))
    with pytest.raises(RuleError):
        game.handle(Speak("nowhere", None, "路人乙", "没有这个讨论区"))


def test_a_post_without_rooms_has_none() -> None:
    rs = find_ruleset("m186")
    game = Game.create(rs, [f"玩家{i}" for i in range(14)], 3)
    assert view(game, 0)["rooms"] == []
    with pytest.raises(RuleError):
        game.handle(Speak("onlookers", None, "路人", "嗨"))
