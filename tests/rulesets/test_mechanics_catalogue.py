"""The catalogue describes itself truly: every parameter a mechanic reads from a shipped board is
one it declares, every declared text of a shipped board's skill is in that board, ``bansha
mechanics`` lists every mechanic, and docs/mechanics.md holds the catalogue exactly as generated."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from bansha.cli import app
from bansha.mechanics import about_words, describe
from bansha.mechanics.about import PARAM_KINDS, expand
from bansha.mechanics.base import Mechanic
from bansha.mechanics.catalogue import CATALOGUE
from bansha.mechanics.params import Raw
from bansha.mechanics.pipeline import Pipeline
from bansha.mechanics.rounds import Rounds
from bansha.rulesets import VARIANTS_DIR, builtin_ids, find_ruleset

DOC = Path(__file__).parents[2] / "docs" / "mechanics.md"
BOARDS = [*builtin_ids()] + [p.stem for p in sorted(VARIANTS_DIR.glob("*.yaml"))]
"""Every board run from its data file alone (by the pipeline, or M186's by the board of rounds)."""


@pytest.mark.parametrize("rid", BOARDS)
def test_every_parameter_read_is_declared(rid: str) -> None:
    # each declared skill's mechanic built again over a parameter reader that remembers what the
    # code read (compiled or not), and each resolution step's keys read the same way
    rs = find_ruleset(rid)
    assert isinstance(rs, Pipeline | Rounds)
    for key, m in rs.mechs.items():
        about = type(m).about
        raw = Raw(rs.skills[key].get("params"), f"skills.{key}.params", rs.options)
        type(m)(rs, m.spec, raw)
        if about is not Mechanic.about:
            assert raw.read <= about.param_keys(), (rid, key, raw.read - about.param_keys())
    for stage, steps in rs.data.get("resolution", {}).items():
        for i, step in enumerate(steps):
            verb = "do" if "do" in step else "resolve"
            rest = {k: v for k, v in step.items() if k not in ("step", "do", "resolve", "when")}
            for name in step[verb] if isinstance(step[verb], list) else [step[verb]]:
                m = rs.mechs[name]
                raw = Raw(dict(rest), f"resolution.{stage}[{i}]", rs.options)
                m.prepare(verb, raw)
                if type(m).about is not Mechanic.about:
                    declared = {p.key for p in type(m).about.steps}
                    assert raw.read <= declared, (rid, stage, i, raw.read - declared)


@pytest.mark.parametrize("rid", BOARDS)
def test_every_required_text_of_a_shipped_board_is_there(rid: str) -> None:
    rs = find_ruleset(rid)
    assert isinstance(rs, Pipeline | Rounds)
    for key, m in rs.mechs.items():
        for need in type(m).about.texts:
            text = expand(need.key, key, m.values())
            if need.required and text is not None:
                assert text in rs.texts, (rid, key, text)


def test_every_mechanic_declares_itself() -> None:
    undeclared = [k for k in CATALOGUE if not about_words.summary(k)]
    assert not undeclared


def test_every_declared_key_has_its_words_and_no_words_name_a_key_nobody_declares() -> None:
    """The catalogue's words (``about.yaml``) match the mechanics' declarations both ways."""
    table = about_words.table()
    assert set(table["mechanics"]) == set(CATALOGUE)
    shared = {part: set(keys) for part, keys in table["common"].items()}
    used: dict[str, set[str]] = {part: set() for part in shared}
    for kind, cls in CATALOGUE.items():
        a = cls.about
        words = table["mechanics"][kind]
        for part, keys in (
            ("params", [p.key for p in a.params]),
            ("steps", [p.key for p in a.steps]),
            ("texts", [n.key for n in a.texts]),
        ):
            own = set(words.get(part) or {})
            missing = [k for k in keys if k not in own and k not in shared.get(part, set())]
            assert not missing, (kind, part, missing)
            assert own <= set(keys), (kind, part, own - set(keys))
            used.setdefault(part, set()).update(k for k in keys if k not in own)
        assert set(words) <= {"summary", "act", "stages", "params", "steps", "texts"}, kind
    for part, keys in shared.items():
        assert keys <= used[part], (part, keys - used[part])
    kinds = {p.kind for cls in CATALOGUE.values() for p in (*cls.about.params, *cls.about.steps)}
    assert kinds <= set(table["param_kinds"]) == set(PARAM_KINDS)


def test_bansha_mechanics_lists_every_one() -> None:
    result = CliRunner().invoke(app, ["mechanics"], env={"COLUMNS": "120"})
    assert result.exit_code == 0
    for kind, _ in describe.described():
        assert kind in result.output
    one = CliRunner().invoke(app, ["mechanics", "duel"], env={"COLUMNS": "120"})
    assert "fail_cause" in one.output and "out_{fail_cause}" in one.output
    unknown = CliRunner().invoke(app, ["mechanics", "dual"])
    assert unknown.exit_code == 1 and "duel" in unknown.output


def test_the_doc_holds_the_generated_catalogue() -> None:
    text = DOC.read_text(encoding="utf-8")
    start, end = text.index(describe.BEGIN), text.index(describe.END) + len(describe.END)
    assert text[start:end] == describe.markdown(), "run: bansha mechanics --markdown"
