"""Private links from the director's console on a phone: a link copied with its 「复制」 button
opens the seat; 「重新生成链接」 makes a new link that works, and the old one gets a Chinese page
telling the player to ask the director."""

from __future__ import annotations

from tests.browser.conftest import director_creates_game, phone, shot


def test_copied_link_opens_the_seat_and_a_reissued_link_replaces_it(
    server: str, browser: object
) -> None:
    dctx = phone(browser)
    dctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)  # type: ignore[attr-defined]
    d = dctx.new_page()  # type: ignore[attr-defined]
    director_creates_game(d, server, clock=False)
    d.click("text=进入导演台")
    console = d.url
    d.click("#links > summary")
    seat = d.locator("#links li.link").nth(2)
    seat.locator("button.copy").click()
    copied = d.evaluate("navigator.clipboard.readText()")
    assert copied == seat.locator("input[readonly]").input_value() and "/join/" in copied
    seat.locator("details.qr > summary").click()
    assert seat.locator("details.qr svg").is_visible()
    d.click("#links button.copy[data-copy='#all-links']")
    everything = d.evaluate("navigator.clipboard.readText()")
    assert everything.splitlines()[2] == f"丙：{copied}"
    shot(d, "director-links")

    pctx = phone(browser)
    p = pctx.new_page()  # type: ignore[attr-defined]
    p.goto(copied)
    assert p.url.endswith("/me") and "丙的身份" in p.content()

    d.goto(console + "#links")  # the folded section opens
    d.locator("#links li.link").nth(2).locator("text=重新生成链接").click()  # confirmed
    d.wait_for_load_state()
    assert "已为丙重新生成链接" in d.content()
    fresh = d.locator("#links li.link").nth(2).locator("input[readonly]").input_value()
    assert fresh != copied

    stale = phone(browser)
    s = stale.new_page()  # type: ignore[attr-defined]
    s.goto(copied)
    assert "请联系导演" in s.content() and "/join/" in s.url
    shot(s, "player-old-link")
    p.reload()  # the old session no longer holds the seat
    assert "丙的身份" not in p.content()
    n = phone(browser)
    q = n.new_page()  # type: ignore[attr-defined]
    q.goto(fresh)
    assert q.url.endswith("/me") and "丙的身份" in q.content()
    for ctx in (dctx, pctx, stale, n):
        ctx.close()  # type: ignore[attr-defined]
