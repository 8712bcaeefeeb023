"""A live update never takes away what a player is writing: the thread moves on under a half-typed
post only once it is sent (or emptied), and says meanwhile that there is more to see."""

from __future__ import annotations

from tests.browser.conftest import (
    PLAYERS,
    close_to_first_day,
    living_names,
    open_console,
    phone,
    shot,
)


def test_a_half_typed_post_survives_other_players_posts(server: str, browser: object) -> None:
    console = open_console(browser, server)
    close_to_first_day(console.page, console.url)
    writer_name, other_name = living_names(console.page)[:2]
    pages = {}
    for name in (writer_name, other_name):
        page = phone(browser).new_page()  # type: ignore[attr-defined]
        page.goto(console.links[PLAYERS.index(name)])
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
    console.context.close()  # type: ignore[attr-defined]
