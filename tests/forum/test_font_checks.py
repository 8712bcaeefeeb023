"""The fonts the rule posts ban, listed floor by floor with the rule's own words: M103 违规9
「（1）禁止使用红色字体（2）禁止使用放大字体」 and M186 6（1）「使用导演专用的放大字体、红色字体（或导演认为
与 #FF0000 相近颜色的字体）」, from the rule sets' data (``thread.banned_fonts``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bansha.mechanics.thread_tally import (
    WrittenPost,
    bbcode_fonts,
    is_enlarged,
    is_red,
    thread_checks,
)
from bansha.rulesets import find_ruleset

AT = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("color", "red"),
    [
        ("red", True),
        ("#FF0000", True),
        ("#f00", True),
        ("#e0201a", True),  # close to #FF0000 (M186 6（1）)
        ("rgb(230, 40, 30)", True),
        ("darkred", True),
        ("#ff8800", False),  # orange
        ("#800080", False),  # purple
        ("blue", False),
        ("rgb(120, 0, 0)", False),  # too dark to pass for red
    ],
)
def test_red_and_colours_close_to_ff0000(color: str, red: bool) -> None:
    assert is_red(color) is red


@pytest.mark.parametrize(
    ("size", "enlarged"),
    [("5", True), ("+1", True), ("3", False), ("18px", True), ("14px", False), ("1.5em", True)],
)
def test_enlarged_sizes(size: str, enlarged: bool) -> None:
    assert is_enlarged(size) is enlarged


def _checks(ruleset: str, text: str) -> list[tuple[int, str, str]]:
    rules = find_ruleset(ruleset).data.get("thread", {})
    post = WrittenPost(7, "花千树", AT, text, fonts=tuple(bbcode_fonts(text)))
    return [(c.floor, c.kind, c.reason) for c in thread_checks([post], [], rules, None, "UTC")]


def test_m103_violation_9_red_and_enlarged_fonts() -> None:
    found = _checks("m103", "[color=#ff0000][size=5]投票对象：不见[/size][/color]")
    assert found == [
        (7, "font", "违规9（2）禁止使用放大字体"),
        (7, "font", "违规9（1）禁止使用红色字体"),
    ]
    assert _checks("m103", "[color=blue]投票对象：不见[/color]") == []


def test_m186_6_1_a_colour_close_to_ff0000() -> None:
    found = _checks("m186", "[color=#e0201a]我是梅林[/color]")
    assert found == [(7, "font", "6（1）使用导演专用的红色字体（或与 #FF0000 相近的颜色）")]
    assert _checks("m186", "[size=6]任务成功[/size]") == [
        (7, "font", "6（1）使用导演专用的放大字体")
    ]
