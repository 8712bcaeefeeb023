"""A whole game in a real browser at phone size: the demo against bots, and the director's pages."""

from __future__ import annotations

import re

from tests.browser.conftest import choose_all, director_creates_game, phone, shot


def test_demo_game_played_to_the_reveal(server: str, browser: object) -> None:
    ctx = phone(browser)
    page = ctx.new_page()  # type: ignore[attr-defined]
    page.goto(server + "/")
    page.select_option("select[name=ruleset]", "m103")
    page.click("text=开始演示局")
    page.wait_for_url(re.compile(r"/g/[0-9a-f]+/me$"))
    assert page.locator("#me").is_visible()
    game_url = page.url
    shot(page, "player-start")
    acted = 0
    for _ in range(120):
        if page.locator("#reveal").count():
            break
        form = page.locator("#actions form.act:not(.rare)")
        if form.count() and acted < 40:
            choose_all(form.first)
            form.first.locator("button[type=submit]").click()
            page.wait_for_load_state()
            acted += 1
            continue
        page.click("text=结束本阶段（演示局）")
        page.wait_for_load_state()
    assert page.locator("#reveal").count() == 1
    assert "获胜" in page.locator("#reveal").inner_text()
    shot(page, "player-reveal")
    public = ctx.new_page()  # type: ignore[attr-defined]
    public.goto(game_url.replace("/me", "/"))
    assert "揭秘" in public.content()
    shot(public, "public-page")
    ctx.close()  # type: ignore[attr-defined]


def test_director_creates_a_game_and_a_player_joins(server: str, browser: object) -> None:
    director = phone(browser)
    d = director.new_page()  # type: ignore[attr-defined]
    links = director_creates_game(d, server)
    assert len(links) == 14
    d.click("text=进入导演台")
    assert d.locator("#god").is_visible()
    shot(d, "director-god-view")
    player = phone(browser)
    p = player.new_page()  # type: ignore[attr-defined]
    p.goto(links[8])
    assert p.url.endswith("/me") and "/join/" not in p.url
    assert "壬的身份" in p.content()
    shot(p, "player-joined")
    director.close()  # type: ignore[attr-defined]
    player.close()  # type: ignore[attr-defined]
