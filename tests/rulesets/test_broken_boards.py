"""The checker refuses every mistake that would break a game, naming its key path and the key
meant (「是否应为…」): a corpus of board files (``tests/rulesets/broken/``), each the 白狼王守卫 a
director writes from 预女猎守 with exactly one mistake, its first line saying what is refused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bansha.datafiles import DataFileError
from bansha.rulesets import load_variant_text

CORPUS = sorted((Path(__file__).parent / "broken").glob("*.yaml"))
HEADER = re.compile(r"# refused: (\S+)：…(.+)\n")


def test_the_corpus_holds_each_kind_of_mistake() -> None:
    assert len(CORPUS) >= 20


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_refused_with_key_path_and_suggestion(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    m = HEADER.match(text)
    assert m, "the first line says what is refused"
    where, fragment = m.groups()
    with pytest.raises(DataFileError) as refused:
        load_variant_text(text)
    problems = refused.value.problems
    # one mistake, one problem (a misspelt text key is also a text missing: two)
    assert len(problems) <= 2, [str(p) for p in problems]
    assert any(p.path == where and fragment in p.text for p in problems), [str(p) for p in problems]


def test_the_corpus_without_its_mistake_passes() -> None:
    # the same file as the mistakes start from: the shipped 白狼王守卫 over 预女猎守
    board = Path(__file__).parents[2] / "bansha" / "rulesets" / "whitewolf12" / "data.yaml"
    text = board.read_text(encoding="utf-8").replace("id: whitewolf12", "id: mine")
    text = re.sub(r"names: \[.*\]", "names: [我的白狼王]", text)
    assert load_variant_text(text).player_count == 12
