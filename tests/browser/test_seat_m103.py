"""[M103]『菁华浮梦』 seat by seat on a phone (390×844): the 牵线红娘 who ties two 卧底刺客 becomes a
卧底刺客 herself (红娘变刺客，不进群，可接刀: R-M103-08) and her card says so; the 大内密探's check
names whom it checked and which night (R-M103-02 step (4)); a vote and its one change, then
「改票次数已用完」 (投票后，（只）有一次改票机会); the night's victim reads only what remains."""

from __future__ import annotations

from tests.browser.conftest import PLAYERS, shot
from tests.browser.seat_pages import (
    act,
    card,
    card_skills,
    close,
    close_until,
    heading,
    new_table,
    record,
    results,
    seat,
    vote,
    who,
)


def test_m103_seats_through_the_red_thread_a_check_a_vote_change_and_a_death(
    server: str, browser: object
) -> None:
    t = new_table(browser, server, "m103", PLAYERS)
    cupid_name = who(t, "牵线红娘")[0]
    assassins = who(t, "卧底刺客")
    cupid = seat(browser, t, cupid_name)
    assert heading(cupid) == "牵线红娘" and card_skills(cupid) == ["红线"]
    act(cupid, "red_thread", assassins[:2])
    close(t)  # 红线: two assassins → 红娘变刺客
    text = card(cupid)
    assert heading(cupid) == "卧底刺客" and "杀了狗皇帝阵营" in text
    assert "此阵营存活的人数占总存活人数的一半或一半以上" in text
    assert "红线" not in card_skills(cupid)
    shot(cupid, "seat-m103-cupid-turned")

    spy_name = who(t, "大内密探")[0]
    spy = seat(browser, t, spy_name)
    act(spy, "check", [assassins[2]])
    victim_name = who(t, "绝色宠妃")[0]
    act(seat(browser, t, assassins[2]), "kill", [victim_name])
    close_until(t, "讨论日")
    spy.reload()  # type: ignore[attr-defined]
    assert results(spy) == [f"第1夜【深夜探秘】{assassins[2]}：非我爱皇帝阵营"]
    assert f"你提交【深夜探秘】：{assassins[2]}" in record(spy)

    victim = seat(browser, t, victim_name)
    text = card(victim)
    assert "你已出局" in text and "不能继续参与讨论、投票、行使特权" in text
    assert "天天嘤嘤嘤" not in text and "胜利条件" not in text
    shot(victim, "seat-m103-dead")

    voter = seat(browser, t, spy_name)
    form = voter.locator("form.act[data-skill=vote]")  # type: ignore[attr-defined]
    assert "改票时必须引用原投票帖" in form.inner_text()
    vote(voter, assassins[0])
    vote(voter, assassins[1])
    actions = voter.locator("#actions").inner_text()  # type: ignore[attr-defined]
    assert "改票次数已用完" in actions
    assert f"你改票为{assassins[1]}" in record(voter)
