"""海猫 (XXXII) on the web: before the deal every player declares 信仰魔女 or not on their own page
(R-XXXII-02), the director records an answer for someone who cannot, and the deal uses them: with
believers, night 1's 魔法传承 makes a living believer the apprentice instead of killing a random
civilian."""

from __future__ import annotations

import pytest

from tests.browser.conftest import close_stage, director_creates_game, god_roles, phone, shot

NAMES = [f"棋子{i}" for i in range(1, 19)]


@pytest.mark.long  # about a minute or more of Chromium: the deeper run plays it
def test_declarations_on_the_web_then_the_deal(server: str, browser: object) -> None:
    dctx = phone(browser)
    d = dctx.new_page()  # type: ignore[attr-defined]
    links = director_creates_game(d, server, clock=False, ruleset="xxxii", players=NAMES)
    d.click("text=进入导演台")
    console = d.url
    assert "信仰声明" in d.locator("header").inner_text()
    assert set(god_roles(d).values()) == {""}  # nothing dealt yet

    pages = []
    for i, link in enumerate(links[:17]):
        ctx = phone(browser)
        page = ctx.new_page()  # type: ignore[attr-defined]
        page.goto(link)
        form = page.locator("form.act[data-skill=believe]")
        assert form.locator("select[name=choice]").input_value() == ""  # 「请选择」
        form.locator("select[name=choice]").select_option("不信仰" if i == 0 else "信仰")
        form.locator("button[type=submit]").click()
        page.wait_for_load_state()
        pages.append((ctx, page))
    first = pages[0][1]
    assert "不信仰" in first.locator("form.act[data-skill=believe] .chosen.mine").inner_text()
    assert "身份将在" in first.content()
    shot(first, "player-declaration")
    # the eighteenth cannot open the page: the director records the answer (代为声明)
    d.goto(console)
    cmd = d.locator("details.cmd[data-command=代为声明]")
    cmd.locator("summary").click()
    cmd.locator("select[name=player]").select_option(label=NAMES[17])
    cmd.locator("select[name=choice]").select_option("信仰")
    cmd.locator("button[type=submit]").click()
    d.wait_for_load_state()
    assert "已执行：代为声明" in d.content()

    close_stage(d, console)  # the declarations close: the deal
    roles = god_roles(d)
    assert "" not in roles.values() and "自由讨论阶段" in d.locator("header").inner_text()
    first.reload()
    assert first.locator("#me strong").first.inner_text() in set(roles.values())
    for _ in range(6):  # through night 1 (nobody acts) to day 2
        close_stage(d, console)
        if "第2天" in d.locator("header").inner_text():
            break
    roles = god_roles(d)
    apprentice = next(n for n, r in roles.items() if r == "见习魔女")
    row = d.locator("#god table tr", has_text=apprentice).inner_text()
    assert "存活" in row  # a believer was promoted: no civilian died for 魔法传承
    for ctx, _ in pages:
        ctx.close()  # type: ignore[attr-defined]
    dctx.close()  # type: ignore[attr-defined]
