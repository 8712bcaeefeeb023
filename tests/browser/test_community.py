"""The director's community in a real browser (390×844): fourteen players sign up from their own
browsers and reach their role pages with no link passed by hand; the director confirms, shuffles
and deals; a co-director closes a stage and the command log names them; an assistant reads
their player's page and is refused on every action; a spectator sees the public page only."""

from __future__ import annotations

from tests.browser.conftest import PLAYERS, shot

SIGNUP_NAMES = [f"报名{n}" for n in PLAYERS]


def _login(page: object, server: str, name: str) -> None:
    page.goto(server + "/accounts/login/")  # type: ignore[attr-defined]
    page.fill("input[name=username]", name)  # type: ignore[attr-defined]
    page.fill("input[name=password]", "a-long-password-1")  # type: ignore[attr-defined]
    page.click("button[type=submit]")  # type: ignore[attr-defined]


def _post_status(page: object, server: str, path: str, data: dict[str, str]) -> int:
    """A form post from this browser (its cookies and CSRF token), as a page's form would send
    it; the status the server answers."""
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}  # type: ignore[attr-defined]
    answer = page.request.post(  # type: ignore[attr-defined]
        server + path,
        form={**data, "csrfmiddlewaretoken": cookies.get("csrftoken", "")},
        headers={"Referer": server + "/", "Origin": server},
        max_redirects=0,
    )
    return int(answer.status)


def test_sign_up_team_assistant_and_spectator(browser: object, server: str) -> None:
    from tests.browser.conftest import phone

    director = phone(browser)
    dpage = director.new_page()  # type: ignore[attr-defined]
    _login(dpage, server, "director")
    dpage.goto(server + "/new")
    dpage.select_option("select[name=ruleset]", "m103")
    dpage.check("input[name=signup]")
    dpage.uncheck("input[name=clock]")
    dpage.fill("input[name=label]", "周五报名局")
    dpage.click("text=发身份并开局")
    signup_link = dpage.locator("#public-link").input_value()
    console = dpage.url
    # fourteen players sign up, each from a browser of their own
    players = []
    for i, name in enumerate(SIGNUP_NAMES):
        ctx = phone(browser)
        page = ctx.new_page()  # type: ignore[attr-defined]
        page.goto(signup_link)
        page.fill("input[name=name]", name)
        page.click("#signup-form button[type=submit]")
        assert "等待导演确认" in page.locator("#my-entry").inner_text()
        if i == 0:
            shot(page, "community-entry")
        players.append((ctx, page))
    page = players[0][1]
    page.goto(signup_link)
    shot(page, "community-signup")
    # the director confirms everyone, shuffles and deals
    dpage.goto(console)
    dpage.click("button[value=confirm_all]")
    dpage.click("button[value=shuffle]")
    assert "随机打乱座位" in (dpage.locator("#signup-log").text_content() or "")
    shot(dpage, "community-signup-console")
    dpage.click("button[value=deal]")
    assert "导演台" in dpage.locator("header").inner_text()
    game_console = dpage.url
    gid = game_console.split("/g/")[1].split("/")[0]
    order = dpage.locator("#god table tr td:first-child").all_inner_texts()
    assert sorted(order) == sorted(SIGNUP_NAMES)
    # every player's own page becomes their role page by itself
    for i, ((_ctx, page), name) in enumerate(zip(players, SIGNUP_NAMES, strict=True)):
        if i:  # an entry page open at the deal goes to the role page by itself
            page.wait_for_url(f"**/g/{gid}/me")
        page.goto(server + f"/s/{signup_link.rstrip('/').split('/s/')[1]}/me")
        assert page.url.endswith(f"/g/{gid}/me"), page.url
        assert f"{name}的身份" in page.locator("#me").inner_text()
    shot(players[0][1], "community-role-page")
    # a co-director closes a stage; the command log names them
    dpage.goto(game_console)
    dpage.click("#team summary")
    dpage.fill("#team input[name=username]", "co-director")
    dpage.select_option("#team select[name=role]", "co")
    dpage.click("#team button[value=add]")
    co = phone(browser)
    cpage = co.new_page()  # type: ignore[attr-defined]
    _login(cpage, server, "co-director")
    cpage.goto(game_console)
    stage_before = cpage.locator("header").inner_text()
    cpage.click("#cmd-close button[type=submit]")
    cpage.wait_for_load_state()
    cpage.goto(game_console)
    assert cpage.locator("header").inner_text() != stage_before
    assert "co-director：关闭阶段" in (cpage.locator("#command-log").text_content() or "")
    # an assistant for seat 1, with the player's consent
    dpage.goto(game_console)
    dpage.click("#team summary")
    dpage.fill("#team input[name=name]", "小助手")
    dpage.fill("#team input[name=seat]", "1")
    dpage.check("#team input[name=consent]")
    dpage.click("#team button[value=add]:has-text('生成助理链接')")
    link = dpage.locator("#assistants input[readonly]").first.input_value()
    helper = phone(browser)
    hpage = helper.new_page()  # type: ignore[attr-defined]
    hpage.goto(link)
    assert f"{order[0]}的身份" in hpage.locator("#me").inner_text()
    assert hpage.locator("main form, section form").count() == 0
    shot(hpage, "community-assistant")
    hpage.goto(server + "/accounts/login/")  # a form page: its CSRF cookie, so a refusal is ours
    hpage.goto(link.split("/assist/")[0] + "/assist")
    for path, data in (
        (f"/g/{gid}/act", {"skill": "vote", "nonce": "b1"}),
        (f"/g/{gid}/say", {"group": "assassins", "text": "替他说", "nonce": "b2"}),
        (f"/g/{gid}/thread", {"text": "替他发帖", "nonce": "b3"}),
        (f"/g/{gid}/room", {"room": "social", "text": "替他说", "nonce": "b4"}),
        (f"/g/{gid}/advance", {"nonce": "b5"}),
    ):
        assert _post_status(hpage, server, path, data) == 404, path
    # a spectator: the public page only, and M103's 联谊群 muted while the game runs
    dpage.goto(game_console)
    spectator_link = dpage.locator("#spectator-link").input_value()
    watcher = phone(browser)
    wpage = watcher.new_page()  # type: ignore[attr-defined]
    wpage.goto(spectator_link)
    assert wpage.url.endswith(f"/g/{gid}/watch")
    assert wpage.locator("#me").count() == 0
    assert "现在不能在联谊群发言" in wpage.locator("#rooms").inner_text()
    assert wpage.request.get(server + f"/g/{gid}/me").status == 404  # no seat's page
    assert wpage.request.get(server + f"/g/{gid}/assist").status == 404
    shot(wpage, "community-spectator")
    for ctx in [c for c, _ in players] + [director, co, helper, watcher]:
        ctx.close()  # type: ignore[attr-defined]
