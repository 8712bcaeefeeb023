"""Each rule set's clause table (docs/rulesets/<id>.md) names only tests that exist, names every
scenario file of the rule set, and gives every clause a test or a stated reason."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent.parent
RULESETS = ("m103", "bs46", "m186", "xxxii")
BOARDS = ("whitewolf12", "wolfking12", "knight12")
"""Boards written as data only over another board: their table lists the clauses they add."""
REASONS = ("forum", "director's judgement", "not a rule", "not a game rule")
NAMED = re.compile(r"`([^`]+\.yaml)`")
TESTS = re.compile(r"`(tests/[^`:]+\.py)`")


def _table(rid: str) -> str:
    text = (ROOT / "docs" / "rulesets" / f"{rid}.md").read_text(encoding="utf-8")
    start = text.index("## Clause table")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


@pytest.mark.parametrize("rid", RULESETS + BOARDS)
def test_every_named_scenario_and_test_exists(rid: str) -> None:
    table = _table(rid)
    missing = [
        n for n in NAMED.findall(table) if not (ROOT / "tests/scenarios" / rid / n).is_file()
    ]
    missing += [t for t in TESTS.findall(table) if not (ROOT / t).is_file()]
    assert not missing, missing


@pytest.mark.parametrize("rid", RULESETS + BOARDS)
def test_every_scenario_file_is_named(rid: str) -> None:
    named = set(NAMED.findall(_table(rid)))
    files = {p.name for p in (ROOT / "tests/scenarios" / rid).glob("*.yaml")}
    assert not files - named, sorted(files - named)


@pytest.mark.parametrize("rid", RULESETS + BOARDS)
def test_every_clause_has_a_test_or_a_reason(rid: str) -> None:
    rows = [line for line in _table(rid).splitlines() if re.match(r"\| \d+ \|", line)]
    assert len(rows) >= (40 if rid in RULESETS else 7), "a clause table lists the rule's sentences"
    numbers = [int(line.split("|")[1]) for line in rows]
    assert numbers == list(range(1, len(rows) + 1)), "rows are numbered in order"
    for line in rows:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        assert len(cells) == 3, line
        tests = cells[2]
        assert NAMED.search(tests) or TESTS.search(tests) or tests.startswith(REASONS), line
