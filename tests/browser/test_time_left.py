"""The time left before a deadline, as the pages' script counts it down in a real Chromium
(390×844): a deadline less than a minute away reads 「不到1分钟」, never 「还剩0分钟」; a later one
its minutes, a past one 「已到截止时间」. The words are the catalogue's (``page_words``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from bansha import texts
from bansha.web.rendering import page_words
from tests.browser.conftest import phone

SCRIPT = Path(__file__).parents[2] / "bansha" / "web" / "static" / "bansha" / "page.js"


def test_a_deadline_under_a_minute_away_says_so(browser: object) -> None:
    now = datetime.now(UTC)
    deadlines = {
        "soon": now + timedelta(seconds=40),
        "later": now + timedelta(minutes=5, seconds=30),
        "past": now - timedelta(seconds=5),
    }
    rows = "".join(
        f'<p id="{k}" data-deadline="{at.isoformat()}"><span class="left"></span></p>'
        for k, at in deadlines.items()
    )
    ctx = phone(browser)
    page = ctx.new_page()  # type: ignore[attr-defined]
    page.set_content(f"<main>{rows}</main>{page_words()}")
    page.add_script_tag(path=str(SCRIPT))

    def left(key: str) -> str:
        return str(page.locator(f"#{key} .left").inner_text())

    assert left("soon") == texts.TIME_LEFT_UNDER_MINUTE == "（不到1分钟）"
    assert left("later") == texts.TIME_LEFT_MINUTES.format(m=5)
    assert left("past") == texts.TIME_UP
    ctx.close()  # type: ignore[attr-defined]
