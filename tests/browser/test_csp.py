"""Chromium enforces the site's Content-Security-Policy: the pages' own script (a file) runs, an
inline script put into a page does not, and the refusal is reported (what every other browser test
checks for: tests/browser/conftest.py fails a test whose pages had anything refused)."""

from __future__ import annotations

from tests.browser.conftest import CSP_VIOLATIONS, phone


def test_an_inline_script_is_refused_and_the_pages_own_script_runs(
    server: str, browser: object
) -> None:
    ctx = phone(browser)
    page = ctx.new_page()  # type: ignore[attr-defined]
    response = page.goto(server + "/")
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert page.evaluate("typeof window.banshaClock") == "function"  # page.js ran
    page.evaluate(
        """() => {
        const s = document.createElement("script");
        s.textContent = "window.injected = 1";
        document.body.appendChild(s);
    }"""
    )
    page.wait_for_timeout(200)
    assert page.evaluate("typeof window.injected") == "undefined"
    assert any("script-src" in v for v in CSP_VIOLATIONS), CSP_VIOLATIONS
    CSP_VIOLATIONS.clear()  # refused on purpose here
    ctx.close()  # type: ignore[attr-defined]
