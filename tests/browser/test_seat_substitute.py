"""A substitute (替补) reads the seat's whole private history on a phone (390×844): the seat is the
audience, not the person. M103's 御前侍卫 guards at night and is replaced by day; the new player's
page shows, in 我的记录, whom the seat guarded and when, its notices from the start, its team
chat from the start (the assassin's seat), and the card of the role it holds now."""

from __future__ import annotations

from tests.browser.conftest import PLAYERS, shot
from tests.browser.seat_pages import act, close, close_until, heading, new_table, record, seat, who


def _substitute(t: object, name: str, by: str) -> str:
    """The director's 替补: the new player's private link, from the console's message."""
    d = t.page  # type: ignore[attr-defined]
    d.goto(t.url)  # type: ignore[attr-defined]
    cmd = d.locator("details.cmd[data-command=替补]")
    cmd.locator("summary").click()
    cmd.locator("select[name=player]").select_option(label=name)
    cmd.locator("input[name=by]").fill(by)
    cmd.locator("button[type=submit]").click()
    d.wait_for_load_state()
    message = d.locator("p.msg-info", has_text="替补的私密链接").inner_text()
    return "http" + message.split("http", 1)[1].strip()


def test_a_substitute_reads_the_seats_history(server: str, browser: object) -> None:
    t = new_table(browser, server, "m103", PLAYERS)
    close(t)  # 红线: the cupid's pick is made at random
    guard_name = who(t, "御前侍卫")[0]
    # an assassin still in the group (one in a mixed couple leaves it: R-M103-08)
    assassin_name, assassin = next(
        (n, p)
        for n in who(t, "卧底刺客")
        for p in [seat(browser, t, n)]
        if p.locator(".chat form").count()  # type: ignore[attr-defined]
    )
    guarded = next(n for n in PLAYERS if n not in (guard_name, assassin_name))
    act(seat(browser, t, guard_name), "guard", [guarded])
    assassin.locator(".chat input[name=text]").first.fill("今晚刀谁？")  # type: ignore[attr-defined]
    assassin.locator(".chat button[type=submit]").first.click()  # type: ignore[attr-defined]
    assassin.wait_for_load_state()  # type: ignore[attr-defined]
    close_until(t, "讨论日")

    for name, newcomer in ((guard_name, "新侍卫"), (assassin_name, "新刺客")):
        link = _substitute(t, name, newcomer)
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="zh-CN")  # type: ignore[attr-defined]
        page = ctx.new_page()
        page.goto(link)
        assert heading(page) == ("御前侍卫" if name == guard_name else "卧底刺客")
        assert f"{name}（替补：{newcomer}）的身份" in page.locator("#me h2").inner_text()
        history = record(page)
        if name == guard_name:
            assert f"你提交【横刀守卫】：{guarded}" in history  # the seat's act before the newcomer
            assert "第1夜 夜晚" in history
            shot(page, "seat-substitute-history")
        else:
            assert "你已进入" in page.locator("#notices").inner_text()  # from the deal on
            assert "今晚刀谁？" in page.locator("#chats").inner_text()  # the team's chat too
        ctx.close()
