"""[M186]FHA seat by seat on a phone (390×844), in a variant whose deck holds only 转变 cards so that
the first draw swaps the Lancelots (R-M186-02): the dealt 好兰斯洛特 reads the 坏兰斯洛特's card in
the post's words; a proposal of the wrong size keeps its ticked boxes; the approval form names
each proposal with its proposer and team in proposal order and keeps each answer, so changing
one changes only it (R-M186-04); the mission score is on every page; the Lady's check names whom
it checked (R-M186-06); a red-carded player's card keeps only what remains (R-M186-08)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.browser.conftest import shot
from tests.browser.seat_pages import (
    card,
    card_skills,
    close,
    close_until,
    command,
    heading,
    new_table,
    results,
    seat,
    who,
)

NAMES = [f"骑士{i}" for i in range(1, 15)]
VARIANT = "extends: m186\nid: m186swap\ntitle: FHA（换兰）\ndeck: {不变: 0, 转变: 2}\n"


def _proposers(public: object) -> list[str]:
    public.reload()  # type: ignore[attr-defined]
    text = public.locator("#announcements").inner_text()  # type: ignore[attr-defined]
    found = re.search(r"提出方案的角色：([^。]+)。", text)
    assert found is not None, text
    return found.group(1).split("、")


def test_m186_seats_through_a_swap_proposals_approvals_the_lady_and_a_red_card(
    server: str, browser: object, tmp_path: Path
) -> None:
    t = new_table(browser, server, "m186", NAMES, variant=VARIANT, tmp=tmp_path)
    dealt_good = who(t, "坏兰斯洛特")[0]  # the god view reads the roles after the swap
    lancelot = seat(browser, t, dealt_good)
    text = card(lancelot)
    assert heading(lancelot) == "坏兰斯洛特" and "红方阵营" in text
    assert "只能投出任务失败的结果" in text and "和好兰斯洛特交换身份与阵营" in text
    assert "任务失败3次；或刺客成功刺杀梅林" in text
    assert any("转变" in n for n in lancelot.locator("#notices").all_inner_texts())  # type: ignore[attr-defined]
    shot(lancelot, "seat-m186-lancelot-swapped")

    public = t.context.new_page()  # type: ignore[attr-defined]
    public.goto(t.url.replace("/director", "/"))
    proposers = _proposers(public)
    assert len(proposers) == 5
    first = seat(browser, t, proposers[0])
    form = first.locator("form.act[data-skill=propose]")  # type: ignore[attr-defined]
    team = [n for n in NAMES if n != proposers[0]][:4]
    for name in team[:3]:  # one short: refused, and the three boxes stay ticked
        form.get_by_role("checkbox", name=name, exact=True).check()
    form.locator("button[type=submit]").click()
    first.wait_for_load_state()  # type: ignore[attr-defined]
    assert "不可多选也不可少选" in first.content()  # type: ignore[attr-defined]
    form = first.locator("form.act[data-skill=propose]")  # type: ignore[attr-defined]
    ticked = form.locator("input[type=checkbox]:checked")
    assert ticked.count() == 3
    form.get_by_role("checkbox", name=team[3], exact=True).check()
    form.locator("button[type=submit]").click()
    first.wait_for_load_state()  # type: ignore[attr-defined]
    assert "、".join(team) in first.locator(".chosen.mine").inner_text()  # type: ignore[attr-defined]
    close(t)  # the other proposals are missing; the fifth is drawn at random

    voter = seat(browser, t, NAMES[13])
    form = voter.locator("form.act[data-skill=approve]")  # type: ignore[attr-defined]
    labels = form.locator("label.slot").all_inner_texts()
    assert labels[0].startswith(f"第1个方案：{proposers[0]}的方案（{'、'.join(team)}）")
    assert labels[1].startswith(f"第2个方案：{proposers[1]}未提交方案，视为不通过")
    selects = form.locator("select[name=choice]")
    for i, word in enumerate(["同意", "反对", "反对", "同意"]):
        selects.nth(i).select_option(word)
    form.locator("button[type=submit]").click()
    voter.wait_for_load_state()  # type: ignore[attr-defined]
    mine = voter.locator("form.act[data-skill=approve] .chosen.mine").inner_text()  # type: ignore[attr-defined]
    assert f"{proposers[0]}的方案：同意；{proposers[1]}的方案：反对" in mine and "," not in mine
    form = voter.locator("form.act[data-skill=approve]")  # type: ignore[attr-defined]
    selects = form.locator("select[name=choice]")
    assert [selects.nth(i).input_value() for i in range(4)] == ["同意", "反对", "反对", "同意"]
    selects.nth(2).select_option("同意")  # change the third answer only
    form.locator("button[type=submit]").click()
    voter.wait_for_load_state()  # type: ignore[attr-defined]
    mine = voter.locator("form.act[data-skill=approve] .chosen.mine").inner_text()  # type: ignore[attr-defined]
    assert f"{proposers[2]}的方案：同意；{proposers[3]}的方案：同意" in mine
    assert f"{proposers[1]}的方案：反对" in mine
    shot(voter, "seat-m186-approvals")
    close(t)  # nobody reaches 8 approvals: the fifth proposal goes
    close(t)  # the mission: missing votes are successes (the red Lancelot's a fail)
    public.reload()
    score = public.locator(".progress").inner_text()
    assert re.fullmatch(r"任务：成功[01]次，失败[01]次。", score), score
    assert score in card(voter) or score in voter.locator("#progress").inner_text()  # type: ignore[attr-defined]

    close_until(t, "湖中仙女")  # round 2 runs by itself to the Lady of the Lake
    rows = t.page.locator("#god table tr").evaluate_all(  # type: ignore[attr-defined]
        "rows => rows.slice(1).map(r => [r.cells[0].innerText, r.cells[2].innerText])"
    )
    lady = next(name.strip() for name, status in rows if "湖中仙女" in status)
    holder = seat(browser, t, lady)
    form = holder.locator("form.act[data-skill=lady]")  # type: ignore[attr-defined]
    assert any(
        "不可查验曾经是湖中仙女的角色" in u for u in form.locator(".unavailable").all_inner_texts()
    )
    target = form.locator("select[name=targets] option").nth(1).inner_text()
    form.locator("select[name=targets]").select_option(label=target)
    form.locator("button[type=submit]").click()
    holder.wait_for_load_state()  # type: ignore[attr-defined]
    close(t)
    holder.reload()  # type: ignore[attr-defined]
    (line,) = results(holder)
    assert re.fullmatch(rf"第2夜【花环】{target}：(蓝方阵营|红方阵营)", line), line

    command(t, "红牌", player=NAMES[13])
    text = card(voter)
    assert "你已出局（红牌罚下）" in text and "诈尸" in text
    assert "胜利条件" not in text and card_skills(voter) == []
    shot(voter, "seat-m186-red-card")
