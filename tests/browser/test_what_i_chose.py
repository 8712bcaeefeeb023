"""A player sees what they chose: the night target and the vote they submitted, with the time, and
an assassin sees a teammate's change of the group's target (R-M103-10: the last submission
stands). Forms start on 「请选择」, so nothing is submitted by a careless tap."""

from __future__ import annotations

from tests.browser.conftest import (
    close_stage,
    close_to_first_day,
    open_console,
    phone,
    shot,
)


def test_current_target_and_vote_and_the_teams_pick(server: str, browser: object) -> None:
    dctx, d, links, console, roles = open_console(browser, server)
    names = list(roles)
    assassins = [n for n in names if roles[n] == "卧底刺客"]
    others = [n for n in names if roles[n] not in ("卧底刺客", "牵线红娘")]
    close_stage(d, console)  # 红线 closes: the cupid's pick is made at random

    pages = {}
    for name in assassins:  # an assassin in a mixed couple lost 杀人: keep two who have it
        ctx = phone(browser)
        page = ctx.new_page()  # type: ignore[attr-defined]
        page.goto(links[names.index(name)])
        if page.locator("form.act[data-skill=kill]").count() and len(pages) < 2:
            pages[name] = page
        else:
            ctx.close()  # type: ignore[attr-defined]
    a, b = pages.values()
    kill = a.locator("form.act[data-skill=kill]")
    target = kill.locator("select[name=targets]")
    assert target.input_value() == ""  # 「请选择」: nothing preselected
    kill.locator("button[type=submit]").click()  # the browser refuses an empty choice
    assert "已提交" not in a.content()
    target.select_option(label=others[0])
    kill.locator("button[type=submit]").click()
    a.wait_for_load_state()
    mine = a.locator("form.act[data-skill=kill] .chosen.mine")
    assert others[0] in mine.inner_text() and "（" in mine.inner_text()  # with its time

    b.reload()
    team = b.locator("form.act[data-skill=kill] .chosen.team")
    assert others[0] in team.inner_text()
    b.locator("form.act[data-skill=kill] select[name=targets]").select_option(label=others[1])
    b.locator("form.act[data-skill=kill] button[type=submit]").click()
    b.wait_for_load_state()
    # the teammate's page hears of the change live (its socket), without a reload
    a.locator("form.act[data-skill=kill] .chosen.team", has_text=others[1]).wait_for(timeout=10000)
    team_text = a.locator("form.act[data-skill=kill] .chosen.team").inner_text()
    assert others[1] in team_text
    b_name = next(n for n, p in pages.items() if p is b)
    assert b_name in team_text
    shot(a, "player-team-pick")

    # nobody outside the team hears of it
    octx = phone(browser)
    outsider = octx.new_page()  # type: ignore[attr-defined]
    outsider.goto(links[names.index(others[2])])
    assert "本队当前选择" not in outsider.content()

    close_to_first_day(d, console)
    a.reload()
    vote = a.locator("form.act[data-skill=vote]")
    assert vote.locator("select[name=target]").input_value() == ""
    vote.locator("select[name=target]").select_option(label=others[2])
    vote.locator("button[type=submit]").click()
    a.wait_for_load_state()
    assert others[2] in a.locator("form.act[data-skill=vote] .chosen.mine").inner_text()
    assert others[2] in a.locator("#my-votes").inner_text()
    a.locator("form.act[data-skill=vote] select[name=target]").select_option("abstain")
    a.locator("form.act[data-skill=vote] button[type=submit]").click()
    a.wait_for_load_state()
    history = a.locator("#my-votes").inner_text()
    assert others[2] in history and "弃权" in history and "改票" in history
    shot(a, "player-my-vote")
    for page in pages.values():
        page.context.close()
    octx.close()  # type: ignore[attr-defined]
    dctx.close()  # type: ignore[attr-defined]
