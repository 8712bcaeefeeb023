"""【版杀46】《无间道》 seat by seat on a phone (390×844): a police officer's card and check result
with its subject and night (R-BS46-05), a civilian's vote and its one change (说明2: 改票次数已用完,
marked on the public page), a victim's card that keeps only what remains and shows the last words
it left (R-BS46-14), and the 杀手卧底's card once 「自动转化为杀手」 (R-BS46-07), which the
director's god view shows with 原杀手卧底, the rings and the ranks (R-BS46-01/02)."""

from __future__ import annotations

from tests.browser.conftest import shot
from tests.browser.seat_pages import (
    act,
    card,
    card_skills,
    close,
    command,
    heading,
    new_table,
    record,
    results,
    seat,
    vote,
    who,
)

NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳")


def test_bs46_seats_through_a_check_a_vote_change_death_and_recovery(
    server: str, browser: object
) -> None:
    t = new_table(browser, server, "bs46", NAMES)
    police, killers = who(t, "警察"), who(t, "杀手")
    undercover, civilians = who(t, "杀手卧底")[0], who(t, "水民")
    officer = seat(browser, t, police[0])
    text = card(officer)
    assert "警察" in text and "查证" in text and "3名杀手及1名杀手卧底，共4人均出局" in text
    assert card_skills(officer) == ["查证"]

    # 第一轮投票: one vote and its one change (每次投票只允许改票1次)
    voter = seat(browser, t, civilians[0])
    form = voter.locator("form.act[data-skill=vote]")  # type: ignore[attr-defined]
    assert "每次投票只允许改票1次" in form.inner_text()
    assert "改票：本阶段已改票0次，共可改票1次" in form.inner_text()
    vote(voter, civilians[1])
    vote(voter, civilians[2])
    actions = voter.locator("#actions").inner_text()  # type: ignore[attr-defined]
    assert "改票次数已用完" in actions and "现在没有需要你做的事" not in actions
    assert voter.locator("form.act[data-skill=vote]").count() == 0  # type: ignore[attr-defined]
    history = record(voter)
    assert f"第1天 第一轮投票 你投票给{civilians[1]}" in history
    assert f"第1天 第一轮投票 你改票为{civilians[2]}" in history
    shot(voter, "seat-bs46-vote-used-up")
    public = t.context.new_page()  # type: ignore[attr-defined]
    public.goto(t.url.replace("/director", "/"))
    changed = public.locator("#stage-votes li.change").inner_text()
    assert f"{civilians[0]} → {civilians[2]}" in changed and "（改票）" in changed
    close(t)  # one ballot of one: more than 40%, civilians[2] is voted out

    out = seat(browser, t, civilians[2])
    text = card(out)
    assert "你已出局（被投票出局）" in text and "亡灵不可继续在游戏室一发言" in text
    assert "胜利条件" not in text and card_skills(out) == []

    # 夜晚: the police check a killer, the killers kill a civilian
    act(officer, "check", [killers[0]])
    for k in (*killers, who(t, "警察卧底")[0]):
        act(seat(browser, t, k), "assassinate", [civilians[3]])
    close(t)  # → 遗言
    officer.reload()
    assert results(officer) == [f"第1夜【查证】{killers[0]}：杀手"]
    assert f"第1夜【查证】{killers[0]}：杀手" in record(officer)
    shot(officer, "seat-bs46-check-result")

    victim = seat(browser, t, civilians[3])
    text = card(victim)
    assert "你已出局（被暗杀）" in text and "你可以留下遗言" in text
    assert "掩护警察" not in text  # the living card's description is gone
    form = victim.locator("form.act[data-skill=last_words]")  # type: ignore[attr-defined]
    form.locator("textarea").fill("我是水民，查我上家")
    form.locator("button[type=submit]").click()
    victim.wait_for_load_state()  # type: ignore[attr-defined]
    assert "你的遗言：我是水民，查我上家" in card(victim)
    shot(victim, "seat-bs46-dead")

    # 三: all three killers out → the 杀手卧底 becomes a killer
    for k in killers:
        command(t, "判死", player=k)
    turned = seat(browser, t, undercover)
    text = card(turned)
    assert heading(turned) == "杀手" and card_skills(turned) == ["暗杀"]
    assert "混迹于警察当中" not in text and "白天隐藏自己" in text
    shot(turned, "seat-bs46-recovered")
    t.page.goto(t.url)  # type: ignore[attr-defined]
    god = t.page.locator("#god").inner_text()  # type: ignore[attr-defined]
    assert "（原杀手卧底）" in god
    assert "警察团环形顺序：" in god and "杀手团级别（高→低，卧底最低）：" in god
