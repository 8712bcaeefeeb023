"""Seats and devices on phones (390×844): a phone holding one seat asks before it takes another
(「你当前是1号（甲），要切换为3号（丙）吗？」); the console lists the devices that opened each link
and signs one out, whose page then says so; a substituted-out player's page says so plainly."""

from __future__ import annotations

from tests.browser.conftest import SHOTS, open_console, phone, shot


def test_a_second_seat_s_link_asks_before_it_switches(server: str, browser: object) -> None:
    c = open_console(browser, server)
    pctx = phone(browser)
    p = pctx.new_page()  # type: ignore[attr-defined]
    p.goto(c.links[0])
    assert p.url.endswith("/me") and "甲的身份" in p.content()
    p.goto(c.links[2])  # another seat's link, opened in the same browser
    question = p.locator("#switch-seat")
    assert "你当前是1号（甲），要切换为3号（丙）吗？" in question.inner_text()
    shot(p, "player-switch-seat")
    p.click("text=不切换，留在1号（甲）")
    assert p.url.endswith("/me") and "甲的身份" in p.content()
    p.goto(c.links[2])
    p.click("button:has-text('切换为3号（丙）')")
    p.wait_for_load_state()
    assert p.url.endswith("/me") and "丙的身份" in p.content()
    for ctx in (pctx, c.context):
        ctx.close()  # type: ignore[attr-defined]


def test_the_console_lists_a_seat_s_devices_and_signs_one_out(server: str, browser: object) -> None:
    c = open_console(browser, server)
    mine, other = phone(browser), phone(browser)
    p, q = mine.new_page(), other.new_page()  # type: ignore[attr-defined]
    for page in (p, q):
        page.goto(c.links[4])
        assert "戊的身份" in page.content()
    d = c.page
    d.goto(c.url + "#links")  # type: ignore[attr-defined]
    d.reload()  # type: ignore[attr-defined]  # the console as it is now (a hash alone loads nothing)
    seat = d.locator("#links li.link").nth(4)  # type: ignore[attr-defined]
    assert "已在2台设备上打开" in seat.inner_text()
    devices = seat.locator("li.device")
    assert devices.count() == 2
    assert "打开1次" in devices.first.inner_text() and "（北京时间）" in devices.first.inner_text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    seat.screenshot(path=str(SHOTS / "console-devices.png"))  # the seat's entry, as on the phone
    devices.nth(1).locator("button", has_text="退出此设备").click()  # confirmed
    d.wait_for_load_state()  # type: ignore[attr-defined]
    assert "已让戊的一台设备" in d.locator(".msg-success").inner_text()  # type: ignore[attr-defined]
    assert "已在1台设备上打开" in d.locator("#links li.link").nth(4).inner_text()  # type: ignore[attr-defined]
    # the device listed first was seen last: q, the second to open; p is the one signed out
    pages = {"kept": q, "out": p}
    for page in pages.values():
        page.reload()
    assert "戊的身份" in pages["kept"].content()
    assert "导演已让这台设备退出本局的座位5号（戊）" in pages["out"].content()
    shot(pages["out"], "player-signed-out")
    for ctx in (mine, other, c.context):
        ctx.close()  # type: ignore[attr-defined]


def test_a_substituted_out_player_s_page_says_so(server: str, browser: object) -> None:
    c = open_console(browser, server)
    pctx = phone(browser)
    p = pctx.new_page()  # type: ignore[attr-defined]
    p.goto(c.links[5])
    d = c.page
    d.goto(c.url)  # type: ignore[attr-defined]
    form = d.locator("details.cmd[data-command=替补]")  # type: ignore[attr-defined]
    form.locator("summary").click()
    form.locator("select[name=player]").select_option(label="己")
    form.locator("input[name=by]").fill("新人")
    form.locator("button[type=submit]").click()
    d.wait_for_load_state()  # type: ignore[attr-defined]
    # the open page is told at once (its socket closes with 4404) and loads itself again: no
    # reload by hand, which raced that one
    p.locator("#seat-gone").wait_for(timeout=15000)  # type: ignore[attr-defined]
    text = p.locator("#seat-gone").inner_text()
    assert "你在本局的座位6号（己）已由替补「新人」接替" in text
    shot(p, "player-substituted")
    p.click("text=打开本局公开页面")
    assert "己（替补：新人）" in p.content()
    for ctx in (pctx, c.context):
        ctx.close()  # type: ignore[attr-defined]
