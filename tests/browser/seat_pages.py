"""What the seat-page browser tests share: a director's game of any rule set on a phone, players'
phones, the director's commands, and reading a seat's card, results and record."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from tests.browser.conftest import close_stage, director_creates_game, god_roles, phone


class Table(NamedTuple):
    """A director's phone with a new game's console, and the players' seats."""

    context: object
    page: object
    url: str
    names: list[str]
    links: list[str]
    roles: dict[str, str]


def new_table(
    browser: object,
    server: str,
    ruleset: str,
    names: list[str],
    variant: str | None = None,
    tmp: Path | None = None,
) -> Table:
    """The director creates a game without the clock (a variant file if given) and opens its
    console; the roles come from the god view."""
    context = phone(browser)
    page = context.new_page()  # type: ignore[attr-defined]
    if variant is not None:
        assert tmp is not None
        path = tmp / f"{ruleset}-variant.yaml"
        path.write_text(variant, encoding="utf-8")
        page.goto(server + "/accounts/login/")  # type: ignore[attr-defined]
        page.fill("input[name=username]", "director")  # type: ignore[attr-defined]
        page.fill("input[name=password]", "a-long-password-1")  # type: ignore[attr-defined]
        page.click("button[type=submit]")  # type: ignore[attr-defined]
        page.goto(server + "/new")  # type: ignore[attr-defined]
        page.set_input_files("input[name=variant]", str(path))  # type: ignore[attr-defined]
        page.fill("textarea[name=players]", "\n".join(names))  # type: ignore[attr-defined]
        page.uncheck("input[name=clock]")  # type: ignore[attr-defined]
        page.click("text=发身份并开局")  # type: ignore[attr-defined]
        links = list(
            page.locator("input[readonly]").evaluate_all("els => els.map(e => e.value)")  # type: ignore[attr-defined]
        )
    else:
        links = director_creates_game(page, server, clock=False, ruleset=ruleset, players=names)
    page.click("text=进入导演台")  # type: ignore[attr-defined]
    url = page.url  # type: ignore[attr-defined]
    return Table(context, page, url, names, links, god_roles(page))


def seat(browser: object, table: Table, name: str) -> object:
    """A player's phone with their private link opened."""
    ctx = phone(browser)
    page = ctx.new_page()  # type: ignore[attr-defined]
    page.goto(table.links[table.names.index(name)])
    return page


def who(table: Table, role: str) -> list[str]:
    """The players dealt ``role``, in seat order."""
    return [n for n in table.names if table.roles[n] == role]


def command(table: Table, name: str, **fields: str) -> None:
    """A director's command from the console: selects by label, text fields filled."""
    d = table.page
    d.goto(table.url)  # type: ignore[attr-defined]
    cmd = d.locator(f"details.cmd[data-command={name}]")  # type: ignore[attr-defined]
    cmd.locator("summary").click()
    for field, value in fields.items():
        box = cmd.locator(f"[name={field}]")
        if box.evaluate("e => e.tagName") == "SELECT":
            box.select_option(label=value)
        else:
            box.fill(value)
    cmd.locator("button[type=submit]").click()
    d.wait_for_load_state()  # type: ignore[attr-defined]


def close(table: Table) -> None:
    """The director closes the current stage now."""
    close_stage(table.page, table.url)


def close_until(table: Table, stage: str, most: int = 8) -> None:
    """The director closes stage after stage until the header names ``stage``."""
    for _ in range(most):
        table.page.goto(table.url)  # type: ignore[attr-defined]
        if stage in table.page.locator("header").inner_text():  # type: ignore[attr-defined]
            return
        close(table)
    raise AssertionError(f"no {stage} after {most} closes")


def act(page: object, skill: str, targets: list[str] = (), choice: str | None = None) -> None:  # type: ignore[assignment]
    """Submit a skill's form: targets by name (a list or check boxes), a choice by its word."""
    page.reload()  # type: ignore[attr-defined]
    form = page.locator(f"form.act[data-skill={skill}]")  # type: ignore[attr-defined]
    if targets:
        select = form.locator("select[name=targets]")
        if select.count():
            select.select_option(label=targets[0])
        else:  # the boxes come ticked with the standing choice: tick exactly these
            boxes = form.locator("input[type=checkbox]")
            for i in range(boxes.count()):
                boxes.nth(i).uncheck()
            for name in targets:
                form.get_by_role("checkbox", name=name, exact=True).check()
    if choice is not None:
        form.locator("select[name=choice]").first.select_option(choice)
    form.locator("button[type=submit]").click()
    page.wait_for_load_state()  # type: ignore[attr-defined]


def vote(page: object, target: str) -> None:
    """Vote (or change the vote) for ``target`` (弃权 by its word)."""
    page.reload()  # type: ignore[attr-defined]
    form = page.locator("form.act[data-skill=vote]")  # type: ignore[attr-defined]
    if target == "弃权":
        form.locator("select[name=target]").select_option("abstain")
    else:
        form.locator("select[name=target]").select_option(label=target)
    form.locator("button[type=submit]").click()
    page.wait_for_load_state()  # type: ignore[attr-defined]


def card(page: object) -> str:
    """The seat's card, as the player reads it."""
    page.reload()  # type: ignore[attr-defined]
    return str(page.locator("#me").inner_text())  # type: ignore[attr-defined]


def heading(page: object) -> str:
    """The card's heading: the seat's role now."""
    return str(page.locator("#card-role strong").inner_text())  # type: ignore[attr-defined]


def card_skills(page: object) -> list[str]:
    """The skill names the card lists as the seat's current ones."""
    return list(page.locator("#card-current .pill").all_inner_texts())  # type: ignore[attr-defined]


def results(page: object) -> list[str]:
    """The lines of 「我的结果」."""
    return list(page.locator("#results li").all_inner_texts())  # type: ignore[attr-defined]


def record(page: object) -> str:
    """「我的记录」, opened."""
    page.locator("#record > summary").click()  # type: ignore[attr-defined]
    return str(page.locator("#record").inner_text())  # type: ignore[attr-defined]
