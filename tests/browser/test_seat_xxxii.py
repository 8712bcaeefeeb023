"""【版杀XXXII】海猫鸣泣之时 seat by seat on a phone (390×844): the civilian made 共犯 by 杀人诛心
reads the 共犯's card (杀人诛心, 弃明投暗, the black side's win, the killers told so far:
R-XXXII-04/05/21), the apprentice hers (R-XXXII-11), a believer sees their own 信仰声明 after the
deal (R-XXXII-02); the detective's, the spectator's and the witch's results name their subjects
and their night, the witch's progress counts her marks; the inquisitor's form says why last
night's piece is missing (R-XXXII-09); a vote change is counted with no limit (R-XXXII-18); the
vote is announced once, and the piece voted to death keeps only what remains (R-XXXII-15)."""

from __future__ import annotations

from tests.browser.conftest import god_roles, shot
from tests.browser.seat_pages import (
    act,
    card,
    close,
    close_until,
    heading,
    new_table,
    record,
    results,
    seat,
    vote,
)

NAMES = [f"棋子{i}" for i in range(1, 19)]


def test_xxxii_seats_through_the_accomplice_results_a_vote_change_and_a_vote_death(
    server: str, browser: object
) -> None:
    t = new_table(browser, server, "xxxii", NAMES)
    believers = NAMES[:8]
    for name in believers:
        act(seat(browser, t, name), "believe", choice="信仰")
    close(t)  # 信仰声明 ends: the deal
    roles = god_roles(t.page)
    by_role: dict[str, list[str]] = {}
    for name, role in roles.items():
        by_role.setdefault(role, []).append(name)
    killers, civilians = by_role["杀手"], by_role["平民"]
    believer = next(n for n in believers if roles[n] == "平民")
    page = seat(browser, t, believer)
    assert "你的信仰魔女：信仰" in card(page)

    act(seat(browser, t, killers[0]), "reveal", [killers[1]])  # 弃明投暗, day 1
    close(t)  # → night 1
    victim = next(n for n in civilians if n != believer)
    act(seat(browser, t, killers[0]), "blade", [victim])  # a civilian on night 1: 杀人诛心
    detective = seat(browser, t, by_role["侦探"][0])
    act(detective, "inspect", [killers[2]])
    spectator = seat(browser, t, by_role["观剧"][0])
    pair = [killers[3], civilians[-1]]
    act(spectator, "audition", pair)
    witch = seat(browser, t, by_role["魔女"][0])
    act(witch, "mark", [believer])
    inquisitor = seat(browser, t, by_role["审问官"][0])
    act(inquisitor, "barrier", [civilians[-2]])
    close(t)  # → 结算阶段
    close(t)  # → 遗言阶段: results and notices at 12:00

    accomplice = seat(browser, t, victim)
    text = card(accomplice)
    assert heading(accomplice) == "共犯" and "黑方阵营" in text
    assert "【杀人诛心】" in text and "【弃明投暗】" in text
    assert "侦探、观剧和审问官全灭" in text
    assert f"弃明投暗：杀手已告知你1名杀手：{killers[1]}" in text
    assert "普通棋子" not in text
    shot(accomplice, "seat-xxxii-accomplice")
    assert results(detective) == [f"第1夜【侦探权限】{killers[2]}：黑"]
    assert results(spectator) == [
        f"第1夜【演员试镜】{'、'.join(sorted(pair, key=NAMES.index))}：异"
    ]
    assert results(witch) == [f"第1夜【契约标记】{believer}：成功"]
    assert f"契约标记：标记成功1次（{believer}）" in card(witch)
    shot(witch, "seat-xxxii-witch")
    apprentice = next(n for n, r in god_roles(t.page).items() if r == "见习魔女")
    assert "第三方阵营" in card(seat(browser, t, apprentice))

    close_until(t, "投票阶段")  # day 2
    out = civilians[-3]
    voter = seat(browser, t, believer)
    vote(voter, civilians[-4])
    vote(voter, out)  # R-XXXII-18: changes without limit, the last vote stands
    form = voter.locator("form.act[data-skill=vote]")  # type: ignore[attr-defined]
    assert "改票：本阶段已改票1次，改票次数不限，以最后一票为准" in form.inner_text()
    assert f"投票阶段 你改票为{out}" in record(voter)
    close(t)  # one vote: the piece is voted to death
    public = t.context.new_page()  # type: ignore[attr-defined]
    public.goto(t.url.replace("/director", "/"))
    said = public.locator("#announcements").inner_text()
    assert f"{out}被票死。" in said and f"{out}被投票出局" not in said

    dead = seat(browser, t, out)
    text = card(dead)
    assert "你已死亡" not in text and "你已出局（票死）" in text
    assert "只有前三日死亡的玩家可以留下遗言" in text and "你可以留下遗言" in text
    assert "胜利条件" not in text
    shot(dead, "seat-xxxii-voted-dead")

    close_until(t, "夜晚行动阶段")  # night 2
    inquisitor.reload()  # type: ignore[attr-defined]
    missing = inquisitor.locator("form.act[data-skill=barrier] .unavailable").all_inner_texts()  # type: ignore[attr-defined]
    assert f"不可选：{civilians[-2]}（审问官不能连续两天对同一棋子使用【红字结界】）" in missing
