"""The two boards seat by seat on a phone (390×844). 预女猎白: the 预言家's check names whom it
checked and which night; a vote and its one change; the 白痴 exiled turns his card (翻牌) and is
told 「你已失去投票权」 where the vote form was; the night's victim keeps only what remains.
预女猎守: the 女巫's 刀口 names the victim; the 守卫's form says why last night's player is not
offered (不能连续两晚守护同一名玩家)."""

from __future__ import annotations

from tests.browser.conftest import PLAYERS, shot
from tests.browser.seat_pages import (
    act,
    card,
    close_until,
    new_table,
    record,
    results,
    seat,
    vote,
    who,
)

NAMES = PLAYERS[:12]


def test_standard12_seats_through_a_check_a_vote_change_the_idiot_and_a_death(
    server: str, browser: object
) -> None:
    t = new_table(browser, server, "standard12", NAMES)
    wolves, villagers = who(t, "狼人"), who(t, "村民")
    idiot_name = who(t, "白痴")[0]
    seer = seat(browser, t, who(t, "预言家")[0])
    act(seer, "check", [wolves[0]])
    act(seat(browser, t, wolves[0]), "attack", [villagers[0]])
    close_until(t, "讨论日")
    seer.reload()  # type: ignore[attr-defined]
    (line,) = results(seer)
    assert line.startswith(f"第1夜【查验】{wolves[0]}：")
    victim = seat(browser, t, villagers[0])
    text = card(victim)
    assert "你已出局" in text and "胜利条件" not in text
    shot(victim, "seat-standard12-dead")

    voter = seat(browser, t, villagers[1])
    vote(voter, wolves[1])
    vote(voter, idiot_name)  # one vote: the idiot is exiled, and 翻牌
    assert "改票次数已用完" in voter.locator("#actions").inner_text()  # type: ignore[attr-defined]
    assert f"你改票为{idiot_name}" in record(voter)
    close_until(t, "夜晚")
    close_until(t, "讨论日")
    idiot = seat(browser, t, idiot_name)
    actions = idiot.locator("#actions").inner_text()  # type: ignore[attr-defined]
    assert "你已失去投票权" in actions
    assert idiot.locator("form.act[data-skill=vote]").count() == 0  # type: ignore[attr-defined]
    shot(idiot, "seat-standard12-idiot")


def test_guard12_the_witch_is_told_the_victim_and_the_guard_why_a_player_is_missing(
    server: str, browser: object
) -> None:
    t = new_table(browser, server, "guard12", NAMES)
    wolves, villagers = who(t, "狼人"), who(t, "村民")
    guard = seat(browser, t, who(t, "守卫")[0])
    act(guard, "guard", [villagers[1]])
    act(seat(browser, t, wolves[0]), "attack", [villagers[0]])
    close_until(t, "女巫行动")
    witch = seat(browser, t, who(t, "女巫")[0])
    (line,) = results(witch)
    assert villagers[0] in line and line.startswith("第1夜【")
    close_until(t, "讨论日")
    close_until(t, "夜晚")  # night 2
    guard.reload()  # type: ignore[attr-defined]
    missing = guard.locator("form.act[data-skill=guard] .unavailable").all_inner_texts()  # type: ignore[attr-defined]
    assert any(villagers[1] in m and "连续两晚" in m for m in missing), missing
    shot(guard, "seat-guard12-guard")
