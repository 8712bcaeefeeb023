"""A day of discussion in bansha's own thread, in real browsers: vote posts, a change quoting the
original, an abstention and a malformed vote end with the tally the post's rules give, and the
电梯楼 shows one player's floors of that day."""

from __future__ import annotations

from tests.browser.conftest import (
    PLAYERS,
    close_to_first_day,
    living_names,
    open_console,
    phone,
    shot,
)


def _post(page: object, text: str, quote: int | None = None) -> None:
    if quote is not None:
        with page.expect_navigation():  # type: ignore[attr-defined]
            page.click(f"#floor-{quote} .quote-link")  # type: ignore[attr-defined]
    page.fill("#post-form textarea[name=text]", text)  # type: ignore[attr-defined]
    with page.expect_navigation():  # type: ignore[attr-defined]
        page.click("#post-form button[type=submit]")  # type: ignore[attr-defined]


def test_a_day_of_discussion_in_the_thread(server: str, browser: object) -> None:
    console = open_console(browser, server)
    d, links, director_url = console.page, console.links, console.url
    close_to_first_day(d, director_url)
    living = living_names(d)
    a, b, c, e = living[:4]
    pages = {}
    for name in (a, b, c, e):
        ctx = phone(browser)
        page = ctx.new_page()  # type: ignore[attr-defined]
        page.goto(links[PLAYERS.index(name)])
        page.click("#thread-link")
        pages[name] = page

    _post(pages[a], f"投票对象：{b}\n投票理由：发言太少")  # 1楼
    pages[b].reload()
    _post(pages[b], "我是好人，别投我")  # 2楼
    pages[a].reload()
    _post(pages[a], f"改票对象：{c}\n改票理由：重新考虑", quote=1)  # 3楼, quoting 1楼
    _post(pages[c], "投票对象：弃权\n投票理由：信息不够")  # 4楼
    _post(pages[e], f"投票对象：{a}")  # 5楼: no reason, void

    thread = pages[e]
    thread.reload()
    notes = thread.locator(".post .vote-note").all_inner_texts()
    assert notes == [
        f"投票：{b}",
        f"改票：{c}",
        "弃权",
        "废票：没有写明投票理由（格式：投票理由：……）",
    ]
    assert "引用 1楼" in thread.locator("#floor-3").inner_text()
    shot(thread, "player-thread")

    d.goto(director_url)
    tally = d.locator("#god").inner_text()
    assert f"{c} 1" in tally and "弃权 1" in tally and f"{b} 1" not in tally

    thread.click(f"#lift a:text-is('{a}')")
    floors = thread.locator(".post").evaluate_all("els => els.map(e => e.dataset.floor)")
    assert floors == ["1", "3"]  # the 电梯楼: only that player's floors of the day
    assert f"只看 {a}" in thread.locator("#lift").inner_text()
    for page in pages.values():
        page.context.close()
    console.context.close()  # type: ignore[attr-defined]
