"""The director's routine on a phone (390×844): creating a game survives a reload (no second
deal), the console opens on its summary, a close from a stale tab is refused, and the day's
absences are on the console with a 黄牌 one click away."""

from __future__ import annotations

from tests.browser.conftest import close_stage, close_to_first_day, open_console, shot


def test_reloading_the_created_page_deals_no_second_game(server: str, browser: object) -> None:
    c = open_console(browser, server)
    page = c.page
    page.go_back()  # 已开局, reached by a redirect: a reload is a GET of the same links
    page.reload()
    assert "已开局" in page.content()
    again = page.locator("input[readonly]").evaluate_all("els => els.map(e => e.value)")  # type: ignore[attr-defined]
    assert sorted(again) == sorted(c.links)
    page.goto(server + "/")  # type: ignore[attr-defined]
    assert page.locator("#my-games li").count() >= 1  # type: ignore[attr-defined]
    mine = [t for t in page.locator("#my-games li").all_inner_texts() if "红线" in t]  # type: ignore[attr-defined]
    assert len(mine) == 1, mine
    c.context.close()  # type: ignore[attr-defined]


def test_the_console_opens_on_its_summary_and_a_stale_close_is_refused(
    server: str, browser: object
) -> None:
    c = open_console(browser, server)
    page = c.page
    summary = page.locator("#summary")  # type: ignore[attr-defined]
    assert summary.is_visible() and "红线" in summary.inner_text()
    assert summary.bounding_box()["y"] < 300  # first on the screen
    shot(page, "console-summary")
    other = c.context.new_page()  # type: ignore[attr-defined]
    # a second tab whose live socket misses the close (a phone's background tab): it still
    # shows the 红线 stage's form when clicked
    other.route_web_socket("**/ws/g/**", lambda ws: None)
    other.goto(c.url)  # a second tab, rendered for the same stage
    close_stage(page, c.url)  # 红线 closes in the first tab
    other.click("#cmd-close button[type=submit]")  # the second tab's close is stale
    other.wait_for_load_state()
    assert "该阶段已经结束" in other.locator(".msg-error").inner_text()
    assert "夜晚" in other.locator("header").inner_text()  # the night was not closed with it
    c.context.close()  # type: ignore[attr-defined]


def test_a_day_s_absences_are_on_the_console_and_a_yellow_card_is_one_click(
    server: str, browser: object
) -> None:
    c = open_console(browser, server)
    page = c.page
    close_to_first_day(page, c.url)
    close_stage(page, c.url)  # nobody voted on the first day
    page.goto(c.url + "#absences")  # type: ignore[attr-defined]
    section = page.locator("#absences")  # type: ignore[attr-defined]
    if not section.evaluate("d => d.open"):
        section.locator("summary").click()
    day = section.locator("section.absence-stage", has_text="讨论日").first
    assert (
        "未投票" in day.inner_text()
        and "没有投票（或弃票）的玩家将记作一张黄牌" in day.inner_text()
    )
    first = day.locator("li.absence").first
    name = first.locator("strong").inner_text()
    first.locator("button", has_text="判黄牌").click()
    page.wait_for_load_state()  # type: ignore[attr-defined]
    page.goto(c.url + "#absences")  # type: ignore[attr-defined]
    done = page.locator("#absences li.absence", has_text=name).first  # type: ignore[attr-defined]
    assert "已判黄牌" in done.inner_text()
    ledger = page.locator("#absences table.ledger tr", has_text=name).inner_text()  # type: ignore[attr-defined]
    assert "黄牌×1" in ledger
    shot(page, "console-absences")
    c.context.close()  # type: ignore[attr-defined]
