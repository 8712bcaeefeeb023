"""A live update never takes away what a player is writing: the thread moves on under a half-typed
post only once it is sent (or emptied), and says meanwhile that there is more to see."""

from __future__ import annotations

from tests.browser.conftest import PLAYERS, director_creates_game, phone, shot


def test_a_half_typed_post_survives_other_players_posts(server: str, browser: object) -> None:
    dctx = phone(browser)
    d = dctx.new_page()  # type: ignore[attr-defined]
    links = director_creates_game(d, server, clock=False)
    d.click("text=进入导演台")
    director_url = d.url
    for _ in range(8):
        d.goto(director_url)
        if "讨论日" in d.locator("header").inner_text():
            break
        d.click("#cmd-close button[type=submit]")
        d.wait_for_load_state()
    rows = d.locator("#god table tr").all_inner_texts()
    writer_name, other_name = [
        n for n in PLAYERS if any(r.startswith(n) and "存活" in r for r in rows)
    ][:2]
    pages = {}
    for name in (writer_name, other_name):
        page = phone(browser).new_page()  # type: ignore[attr-defined]
        page.goto(links[PLAYERS.index(name)])
        page.click("#thread-link")
        pages[name] = page
    writer, other = pages[writer_name], pages[other_name]
    writer.wait_for_timeout(500)  # the writer's socket is open

    writer.fill("#post-form textarea[name=text]", "我觉得今天应该先听")
    writer.locator("header").click()  # looks away before finishing: the box is no longer focused
    other.fill("#post-form textarea[name=text]", "我先说两句")
    with other.expect_navigation():
        other.click("#post-form button[type=submit]")
    writer.wait_for_selector("#live-held", timeout=10_000)
    assert "页面有新内容" in writer.locator("#live-held").inner_text()
    assert writer.input_value("#post-form textarea[name=text]") == "我觉得今天应该先听"
    assert writer.locator(".post").count() == 0  # still the page as it was
    shot(writer, "player-thread-held")

    writer.fill("#post-form textarea[name=text]", "我觉得今天应该先听完再投")
    with writer.expect_navigation():
        writer.click("#post-form button[type=submit]")
    assert writer.locator(".post .post-text").all_inner_texts() == [
        "我先说两句",
        "我觉得今天应该先听完再投",
    ]

    # with nothing typed, the next post arrives by itself
    other.reload()
    other.fill("#post-form textarea[name=text]", "同意")
    with other.expect_navigation():
        other.click("#post-form button[type=submit]")
    writer.wait_for_selector("#floor-3", timeout=10_000)
    assert writer.locator("#live-held").count() == 0
    for page in pages.values():
        page.context.close()
    dctx.close()  # type: ignore[attr-defined]
