"""A complete M103 game through the web pages: the director creates and runs it, fourteen players
join from their own browser contexts with their links, act and vote through the forms, chat in
their team chat, and every page shows the reveal with the winner at the end."""

from __future__ import annotations

import pytest

from tests.browser.conftest import choose_all, director_creates_game, phone, shot

NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


def _act(page: object) -> bool:
    """Submit the first form the page offers, choosing the first legal names; True if it acted."""
    # the game-changing declarations (投降) are left alone: this test plays the game through
    form = page.locator("#actions form.act:not(.rare)").first  # type: ignore[attr-defined]
    if not form.count():
        return False
    skill = form.locator("input[name=skill]").get_attribute("value")
    if skill == "surrender":  # an answer to a proposal: refuse, the game goes on
        form.locator("select[name=choice]").select_option("反对")
    if skill == "vote":
        form.locator("select[name=target]").select_option(index=2)
    choose_all(form)
    boxes = form.locator("input[type=checkbox]")
    for i in range(min(2, boxes.count())):
        boxes.nth(i).check()
    text = form.locator("textarea[name=text]")
    if text.count():
        text.fill("我是好人，大家加油。")
    form.locator("button[type=submit]").click()
    page.wait_for_load_state()  # type: ignore[attr-defined]
    return True


@pytest.mark.long  # about a minute or more of Chromium: the deeper run plays it
def test_a_whole_game_through_the_web(server: str, browser: object) -> None:
    dctx = phone(browser)
    d = dctx.new_page()  # type: ignore[attr-defined]
    links = director_creates_game(d, server, clock=False)  # the director closes stages by hand
    d.click("text=进入导演台")
    console = d.url

    players = []
    for link in links:
        ctx = phone(browser)
        # each page is reloaded before it acts: no live socket (live pages are tested on their
        # own), so fourteen pages are not redrawn at every act of the other thirteen
        ctx.route_web_socket("**/ws/**", lambda ws: None)  # type: ignore[attr-defined]
        page = ctx.new_page()  # type: ignore[attr-defined]
        page.goto(link)
        assert page.url.endswith("/me")
        players.append((ctx, page))

    chatted = False
    for _stage in range(80):
        for _, page in players:
            page.reload()
            _act(page)
            if not chatted and page.locator("#chats form").count():
                page.fill("#chats form input[name=text]", "群里说句话")
                page.click("#chats form button[type=submit]")
                chatted = True
        d.goto(console)
        if d.locator("text=游戏结束").count():
            break
        d.click("#cmd-close button[type=submit]")
        d.wait_for_load_state()
    players[0][1].reload()
    assert chatted
    for _, page in players:
        page.reload()
        reveal = page.locator("#reveal")
        assert reveal.count() == 1 and "获胜" in reveal.inner_text()
    shot(players[0][1], "full-game-reveal")
    d.goto(console)
    shot(d, "director-after-game")
    for ctx, _ in players:
        ctx.close()  # type: ignore[attr-defined]
    dctx.close()  # type: ignore[attr-defined]
