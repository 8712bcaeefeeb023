"""Creating a game on a phone: after an error the form keeps the fourteen names, the name for
the game and the options, and says which name is doubled; the director then finds the game under
「我的游戏」 on the home page and opens its console from there."""

from __future__ import annotations

from tests.browser.conftest import PLAYERS, phone, shot


def _login(page: object, server: str) -> None:
    page.goto(server + "/accounts/login/")  # type: ignore[attr-defined]
    page.fill("input[name=username]", "director")  # type: ignore[attr-defined]
    page.fill("input[name=password]", "a-long-password-1")  # type: ignore[attr-defined]
    page.click("button[type=submit]")  # type: ignore[attr-defined]


def test_the_form_keeps_its_input_after_an_error_then_my_games(
    server: str, browser: object
) -> None:
    ctx = phone(browser)
    d = ctx.new_page()  # type: ignore[attr-defined]
    _login(d, server)
    d.goto(server + "/new")
    d.select_option("select[name=ruleset]", "m103")
    assert d.locator("fieldset.options[data-ruleset=bs46]").is_hidden()
    typed = "\n".join([*PLAYERS[:13], PLAYERS[0]])  # 甲 twice
    d.fill("input[name=label]", "周五群的M103")
    d.fill("textarea[name=players]", typed)
    d.select_option("select[name=opt-m103-prince]", "once")
    d.click("text=发身份并开局")
    d.wait_for_load_state()
    assert "玩家名字不能重复：甲" in d.locator(".msg-error").inner_text()
    assert d.input_value("textarea[name=players]") == typed
    assert d.input_value("input[name=label]") == "周五群的M103"
    assert d.input_value("select[name=opt-m103-prince]") == "once"
    shot(d, "new-game-error")
    d.fill("textarea[name=players]", "\n".join(PLAYERS))
    d.click("text=发身份并开局")
    d.wait_for_load_state()
    assert "周五群的M103 已开局" in d.content()

    d.goto(server + "/")
    mine = d.locator("#my-games li", has_text="周五群的M103")
    assert mine.count() == 1
    assert "[M103]『菁华浮梦』" in mine.inner_text() and "红线" in mine.inner_text()
    mine.locator("a").click()
    d.wait_for_load_state()
    assert d.url.endswith("/director") and "周五群的M103" in d.locator("header").inner_text()
    ctx.close()  # type: ignore[attr-defined]
