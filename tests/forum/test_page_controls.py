"""A saved page's control characters are removed before it is read (the console's upload and
address): exactly Unicode's control characters (Cc) and lone surrogates (Cs), line breaks and tabs
kept, in one pass over the page (a 10,000-floor thread is 14 million characters)."""

from __future__ import annotations

import unicodedata

from bansha.service.inputs import without_controls


def test_exactly_the_control_characters_and_surrogates_go() -> None:
    kept = "\n\r\t"
    for code in range(0x110000):
        c = chr(code)
        control = unicodedata.category(c) in ("Cc", "Cs") and c not in kept
        assert without_controls(c) == ("" if control else c), hex(code)


def test_a_page_keeps_its_text() -> None:
    page = "<p>投票对象：甲\x00\x07<br>\r\n理由\x85\ud800：砍\t</p>"
    assert without_controls(page) == "<p>投票对象：甲<br>\r\n理由：砍\t</p>"
