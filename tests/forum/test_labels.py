"""The one table of the reader's labels (bansha/forum/labels.py) holds every traditional form
OpenCC gives for each phrase (mainland, Taiwanese and Hong Kong standards), and the readers find
each phrase in either script."""

from __future__ import annotations

import re

import opencc
import pytest

from bansha.forum.labels import FLOOR_WORDS, PHRASES, alt, forms

CONVERTERS = [opencc.OpenCC(config) for config in ("s2t", "s2tw", "s2hk")]


@pytest.mark.parametrize("phrase", [p[0] for p in PHRASES])
def test_every_traditional_form_of_a_phrase_is_in_the_table(phrase: str) -> None:
    for converter in CONVERTERS:
        assert converter.convert(phrase) in forms(phrase), (phrase, converter.convert(phrase))


def test_each_phrase_is_listed_once_with_its_simplified_form_first() -> None:
    simplified = [p[0] for p in PHRASES]
    assert len(simplified) == len(set(simplified))
    to_simplified = opencc.OpenCC("t2s")
    for phrase in PHRASES:
        assert to_simplified.convert(phrase[0]) == phrase[0]


def test_a_pattern_matches_either_script() -> None:
    pattern = re.compile(alt("本帖最后由") + r"\s*(\S+)\s*" + alt("于"))
    assert pattern.search("本帖最后由 花千树 于 2024-5-1").group(1) == "花千树"
    assert pattern.search("本帖最後由 花千樹 於 2024-5-1").group(1) == "花千樹"


def test_floor_words_in_both_scripts() -> None:
    assert FLOOR_WORDS == {"楼主": 1, "樓主": 1, "沙发": 2, "沙發": 2, "板凳": 3, "地板": 4}
