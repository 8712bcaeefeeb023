"""A substitute (替补) keeps history: what happened before keeps the name it happened under (the
vote on the public page, the reveal's timeline), the seat shows 「原名（替补：新名）」 after it, and
the reveal credits each act to whoever did it."""

from __future__ import annotations

from tests.browser.conftest import (
    close_to_first_day,
    open_console,
    phone,
    shot,
)


def _command(d: object, name: str) -> object:
    cmd = d.locator(f"details.cmd[data-command={name}]")  # type: ignore[attr-defined]
    cmd.locator("summary").click()
    return cmd


def test_history_and_the_reveal_keep_the_old_name(server: str, browser: object) -> None:
    dctx, d, links, console, roles = open_console(browser, server)
    names = list(roles)
    cupid = next(n for n, r in roles.items() if r == "牵线红娘")
    pctx = phone(browser)
    p = pctx.new_page()  # type: ignore[attr-defined]
    p.goto(links[names.index(cupid)])
    form = p.locator("form.act[data-skill=red_thread]")
    boxes = form.locator("input[type=checkbox]")
    boxes.nth(0).check()
    boxes.nth(1).check()
    form.locator("button[type=submit]").click()
    p.wait_for_load_state()
    close_to_first_day(d, console)
    p.reload()
    voted_for = next(n for n in names if n != cupid)
    p.locator("form.act[data-skill=vote] select[name=target]").select_option(label=voted_for)
    p.locator("form.act[data-skill=vote] button[type=submit]").click()
    p.wait_for_load_state()

    d.goto(console)
    sub = _command(d, "替补")
    sub.locator("select[name=player]").select_option(label=cupid)
    sub.locator("input[name=by]").fill("新人")
    sub.locator("button[type=submit]").click()
    d.wait_for_load_state()
    assert "替补的私密链接" in d.content()
    public = dctx.new_page()  # type: ignore[attr-defined]
    public.goto(console.replace("/director", "/"))
    assert f"{cupid}（替补：新人）" in public.locator("section", has_text="玩家").first.inner_text()
    assert f"{cupid} → {voted_for}" in public.content()  # the vote keeps the old name

    for _ in range(3):  # 判负 until the game is over
        d.goto(console)
        if "游戏结束" in d.content():
            break
        concede = _command(d, "判负")
        concede.locator("select[name=faction]").select_option(index=1)
        concede.locator("button[type=submit]").click()
        d.wait_for_load_state()
    public.goto(console.replace("/director", "/"))
    reveal = public.locator("#reveal")
    public.click("#timeline > summary")
    text = reveal.inner_text()
    assert f"{cupid}【红线】" in text  # credited to the player who did it
    assert f"{cupid}（替补：新人）" in reveal.locator("table").inner_text()
    assert "R-M103" not in text and "R-ALL" not in text
    shot(public, "public-reveal-substitute")
    pctx.close()  # type: ignore[attr-defined]
    dctx.close()  # type: ignore[attr-defined]
