"""Live updates and team chats in two real browsers: one assassin writes, the other sees it arrive."""

from __future__ import annotations

import re

from tests.browser.conftest import director_creates_game, phone, shot


def _director_game(browser: object, server: str) -> list[str]:
    ctx = phone(browser)
    d = ctx.new_page()  # type: ignore[attr-defined]
    links = director_creates_game(d, server)
    d.click("text=进入导演台")
    d.click("#cmd-close button[type=submit]")
    d.wait_for_load_state()
    ctx.close()  # type: ignore[attr-defined]
    return list(links)


def test_team_chat_arrives_live(server: str, browser: object) -> None:
    links = _director_game(browser, server)
    pages = []
    for link in links:
        ctx = phone(browser)
        page = ctx.new_page()  # type: ignore[attr-defined]
        page.goto(link)
        pages.append((ctx, page))
    members = [p for _, p in pages if p.locator("#chats .chat[data-group=assassins]").count()]
    outsiders = [p for _, p in pages if not p.locator("#chats .chat[data-group=assassins]").count()]
    assert len(members) >= 2
    writer, reader = members[0], members[1]
    reader.wait_for_timeout(500)  # the reader's socket is open
    writer.fill("#chats .chat[data-group=assassins] input[name=text]", "今晚先刀一号位")
    writer.click("#chats .chat[data-group=assassins] button[type=submit]")
    reader.wait_for_selector(
        "text=今晚先刀一号位", timeout=10_000
    )  # arrived without a reload by hand
    shot(reader, "player-team-chat")
    for page in outsiders:
        page.wait_for_timeout(200)
        assert "今晚先刀一号位" not in page.content()
    assert re.search(r"/g/[0-9a-f]+/me$", reader.url)
    for ctx, _ in pages:
        ctx.close()  # type: ignore[attr-defined]
