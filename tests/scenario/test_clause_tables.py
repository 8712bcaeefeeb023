"""Each rule set's clause table (docs/rulesets/<id>.md) names only tests that exist, names every
scenario file of the rule set, and gives every clause a test or a stated reason."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent.parent
RULESETS = ("m103", "bs46", "m186", "xxxii")
BASE_BOARDS = ("standard12",)
"""A board written as data over no other board: its table lists all its clauses."""
BOARDS = ("guard12", "whitewolf12", "wolfking12", "knight12")
"""Boards written as data only over another board: their table lists the clauses they add."""
MIN_ROWS = {**dict.fromkeys(RULESETS, 40), **dict.fromkeys(BASE_BOARDS, 30)}
"""Rows a table needs at least (7 for a board over another board)."""
REASONS = ("forum", "director's judgement", "not a rule", "not a game rule")
NAMED = re.compile(r"`([^`]+\.yaml)`")
TESTS = re.compile(r"`(tests/[^`:]+\.py)(?:::(\w+)(?:\[([^`\]]+)\])?)?`")
"""A test file, optionally one test of it (``::name``) and its parameter (``[id]``)."""


def _missing_test(path: str, name: str, param: str) -> bool:
    """Whether a cited test file, or the test it names, or that test's parameter is not there."""
    file = ROOT / path
    if not file.is_file():
        return True
    text = file.read_text(encoding="utf-8")
    return bool(name) and (f"def {name}(" not in text or (bool(param) and param not in text))


def _table(rid: str) -> str:
    text = (ROOT / "docs" / "rulesets" / f"{rid}.md").read_text(encoding="utf-8")
    start = text.index("## Clause table")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


@pytest.mark.parametrize("rid", RULESETS + BASE_BOARDS + BOARDS)
def test_every_named_scenario_and_test_exists(rid: str) -> None:
    table = _table(rid)
    missing = [
        n for n in NAMED.findall(table) if not (ROOT / "tests/scenarios" / rid / n).is_file()
    ]
    missing += ["::".join(filter(None, t)) for t in TESTS.findall(table) if _missing_test(*t)]
    assert not missing, missing


@pytest.mark.parametrize("rid", RULESETS + BASE_BOARDS + BOARDS)
def test_every_scenario_file_is_named(rid: str) -> None:
    named = set(NAMED.findall(_table(rid)))
    files = {p.name for p in (ROOT / "tests/scenarios" / rid).glob("*.yaml")}
    assert not files - named, sorted(files - named)


@pytest.mark.parametrize("rid", RULESETS + BASE_BOARDS + BOARDS)
def test_every_clause_has_a_test_or_a_reason(rid: str) -> None:
    rows = [line for line in _table(rid).splitlines() if re.match(r"\| \d+ \|", line)]
    assert len(rows) >= MIN_ROWS.get(rid, 7), "a clause table lists the rule's sentences"
    numbers = [int(line.split("|")[1]) for line in rows]
    assert numbers == list(range(1, len(rows) + 1)), "rows are numbered in order"
    for line in rows:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        assert len(cells) == 3, line
        tests = cells[2]
        assert NAMED.search(tests) or TESTS.search(tests) or tests.startswith(REASONS), line
