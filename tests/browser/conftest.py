"""Browser tests: a real `bansha serve` on a free port and Debian's Chromium through Playwright."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

CHROMIUM = os.environ.get("BANSHA_CHROMIUM", "/usr/bin/chromium")
SHOTS = Path(
    os.environ.get("BANSHA_SCREENSHOTS", Path(__file__).parents[2] / "build" / "screenshots")
)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """A real server process with its own SQLite database and a director account."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"no Chromium at {CHROMIUM}: CI must run the browser tests")
        pytest.skip(f"no Chromium at {CHROMIUM}")
    home = tempfile.mkdtemp(prefix="bansha-browser-")
    # fourteen simulated players share 127.0.0.1: the per-address limits (tested in tests/web)
    # would refuse a fast game's acts with 429 and leave a page on the refusal
    env = {**os.environ, "BANSHA_HOME": home, "BANSHA_RATELIMIT": "0"}
    env.pop("BANSHA_DATABASE_URL", None)
    env.pop("DJANGO_SETTINGS_MODULE", None)
    bansha = [sys.executable, "-m", "bansha.cli"]
    for account in ("director", "co-director"):  # the second: a 副导演 (test_community.py)
        subprocess.run(
            [*bansha, "director", account],
            env=env,
            input=b"a-long-password-1\n",
            check=True,
            capture_output=True,
        )
    port = _free_port()
    log_path = Path(home) / "server.log"
    log = log_path.open("wb")  # a file, not a pipe: a full pipe would stall the server
    proc = subprocess.Popen(
        [*bansha, "serve", "--port", str(port)], env=env, stdout=log, stderr=subprocess.STDOUT
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):  # a minute: migrations on a busy two-core machine take a while
        try:
            urllib.request.urlopen(url + "/", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    else:
        proc.kill()
        raise RuntimeError(log_path.read_text())
    yield url
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:  # open sockets keep a graceful shutdown waiting
        proc.kill()
        proc.wait()
    log.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's Chromium, headless."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
            ],
        )
        yield b
        b.close()


CSP_VIOLATIONS: list[str] = []
"""What Chromium refused under the site's Content-Security-Policy during the current test (an
inline script, a style, a connection elsewhere): every test fails on any (``_no_csp_violation``)."""


def watch_policy(page: object) -> None:
    """Record what the policy refuses on ``page``."""

    def seen(message: object) -> None:
        text = message.text  # type: ignore[attr-defined]
        if "Content Security Policy" in text or "Content-Security-Policy" in text:
            CSP_VIOLATIONS.append(f"{page.url}: {text}")  # type: ignore[attr-defined]

    page.on("console", seen)  # type: ignore[attr-defined]


def _phone_page(page: object) -> None:
    watch_policy(page)
    page.on("dialog", lambda dialog: dialog.accept())  # type: ignore[attr-defined]


def phone(browser: object) -> object:
    """A new phone-sized context (390×844), in Chinese; a page's 「确定提交吗？」 is answered yes;
    whatever the site's Content-Security-Policy refuses is recorded (the test then fails)."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="zh-CN")  # type: ignore[attr-defined]
    ctx.on("page", _phone_page)
    return ctx


@pytest.fixture(autouse=True)
def _no_csp_violation() -> Iterator[None]:
    """Every browser test runs under the site's Content-Security-Policy: none of its pages may
    have anything refused (a refused inline script would leave a page silently broken)."""
    CSP_VIOLATIONS.clear()
    yield
    assert not CSP_VIOLATIONS, CSP_VIOLATIONS


def shot(page: object, name: str) -> Path:
    """A full-page screenshot in build/screenshots/."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
    return path


PLAYERS = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


def director_creates_game(
    page: object,
    server: str,
    clock: bool = True,
    ruleset: str = "m103",
    players: list[str] | None = None,
    review: bool = False,
) -> list[str]:
    """Log in as the test director, create a game (M103 for PLAYERS unless told; with 公示审核
    when ``review``), return the private links."""
    page.goto(server + "/accounts/login/")  # type: ignore[attr-defined]
    page.fill("input[name=username]", "director")  # type: ignore[attr-defined]
    page.fill("input[name=password]", "a-long-password-1")  # type: ignore[attr-defined]
    page.click("button[type=submit]")  # type: ignore[attr-defined]
    page.goto(server + "/new")  # type: ignore[attr-defined]
    page.select_option("select[name=ruleset]", ruleset)  # type: ignore[attr-defined]
    page.fill("textarea[name=players]", "\n".join(players or PLAYERS))  # type: ignore[attr-defined]
    if not clock:
        page.uncheck("input[name=clock]")  # type: ignore[attr-defined]
    if review:
        page.check("input[name=review]")  # type: ignore[attr-defined]
    page.click("text=发身份并开局")  # type: ignore[attr-defined]
    # the links are read from the created game's page, once the browser is on it (read at once,
    # under load they came from the form's page still showing)
    page.wait_for_url(lambda url: not url.rstrip("/").endswith("/new"))  # type: ignore[attr-defined]
    page.wait_for_load_state()  # type: ignore[attr-defined]
    links = page.locator("input[readonly]").evaluate_all("els => els.map(e => e.value)")  # type: ignore[attr-defined]
    return list(links)


def choose_all(form: object) -> None:
    """Pick the first real entry of every list left on 「请选择」 in a form (弃权 for a vote)."""
    selects = form.locator("select")  # type: ignore[attr-defined]
    for i in range(selects.count()):
        if not selects.nth(i).input_value():
            selects.nth(i).select_option(index=1)


def god_roles(page: object) -> dict[str, str]:
    """Each player's role, read from the director's god view (name → role)."""
    rows = page.locator("#god table tr").evaluate_all(  # type: ignore[attr-defined]
        "rows => rows.slice(1).map(r => [r.cells[0].innerText, r.dataset.role])"
    )
    return {name: role for name, role in rows}


class Console(NamedTuple):
    """A director's phone with a new game's console open."""

    context: object
    page: object
    links: list[str]
    url: str
    roles: dict[str, str]
    """Each player's role, from the god view (name → role), in seat order."""


def open_console(browser: object, server: str, review: bool = False) -> Console:
    """The director creates an M103 game without the clock (with 公示审核 when ``review``) on a
    phone and opens its console."""
    context = phone(browser)
    page = context.new_page()  # type: ignore[attr-defined]
    links = director_creates_game(page, server, clock=False, review=review)
    page.click("text=进入导演台")  # type: ignore[attr-defined]
    return Console(context, page, links, page.url, god_roles(page))  # type: ignore[attr-defined]


def close_stage(page: object, console: str) -> None:
    """The director closes the current stage now, from the console."""
    page.goto(console)  # type: ignore[attr-defined]
    page.click("#cmd-close button[type=submit]")  # type: ignore[attr-defined]
    page.wait_for_load_state()  # type: ignore[attr-defined]


def close_to_first_day(page: object, console: str) -> None:
    """The director closes stage after stage (M103's night stages between) until the first 讨论日."""
    for _ in range(10):
        page.goto(console)  # type: ignore[attr-defined]
        if "讨论日" in page.locator("header").inner_text():  # type: ignore[attr-defined]
            return
        close_stage(page, console)
    raise AssertionError("no 讨论日 after ten closes")


def living_names(page: object) -> list[str]:
    """The players still in the game, in seat order, from the director's god view."""
    rows = page.locator("#god table tr").all_inner_texts()  # type: ignore[attr-defined]
    return [n for n in PLAYERS if any(r.startswith(n) and "存活" in r for r in rows)]
