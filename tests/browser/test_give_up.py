"""放弃 on a phone (390×844): an act the post lets a player give up has its own button beside the
form (M103: 标明<强制>的技能不允许放弃发动, so 救药 and 毒药 may be given up); one tap records it
and the page says 「你的选择：放弃」."""

from __future__ import annotations

from tests.browser.conftest import SHOTS, close_stage, open_console, phone


def test_the_physician_gives_up_her_antidote_in_one_tap(server: str, browser: object) -> None:
    c = open_console(browser, server)
    close_stage(c.page, c.url)  # 红线
    close_stage(c.page, c.url)  # 夜晚: the 太医's window opens
    assert "太医行动" in c.page.locator("header").inner_text()  # type: ignore[attr-defined]
    witch = next(n for n, r in c.roles.items() if r == "妙手太医")
    ctx = phone(browser)
    p = ctx.new_page()  # type: ignore[attr-defined]
    p.goto(c.links[list(c.roles).index(witch)])
    give_up = p.locator("form.give-up[data-skill=save] button")
    assert give_up.inner_text() == "放弃救药"
    assert p.locator("form.give-up[data-skill=poison] button").inner_text() == "放弃毒药"
    give_up.click()
    p.wait_for_load_state()
    form = p.locator("form.act[data-skill=save]").first
    assert "你的选择：放弃" in form.inner_text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    p.locator("#actions").screenshot(path=str(SHOTS / "player-give-up.png"))
    for x in (ctx, c.context):
        x.close()  # type: ignore[attr-defined]
