"""Every word a user reads comes from data, not from code (issue 27).

Rule words come from the rule set's data file, the forum reader's vocabulary from
``bansha/forum/words.yaml``, every other message from the catalogue (``bansha/texts.py``, and
``bansha/cli_words.py`` for the command line library's own words). So in the packages checked
here no string constant of the code holds a Chinese character (CJK ideographs, CJK and full-width
punctuation) except a docstring (a module's, a class's, a function's, or the string after an
assignment that documents it), and no comment does either: comments are English, but one may
quote a rule post (every run of Chinese characters it holds is text of a rule set's data file or
of its clause table in ``docs/rulesets``, where the posts' words and clauses are kept).

Each module is read with ``ast`` and ``tokenize``; nothing is imported. ``CHECKED`` grows as the
remaining packages move their words out (``NEXT``).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "bansha"

CHECKED: tuple[str, ...] = (
    "",
    "datafiles",
    "engine",
    "forum",
    "mechanics",
    "rulesets",
    "scenario",
    "service",
    "sim",
    "store",
    "web",
)
"""Packages under ``bansha`` that hold no Chinese in code ("": the top-level modules)."""
NEXT: tuple[str, ...] = ()
"""Packages still to move their words out; each joins ``CHECKED`` when it holds none."""
CATALOGUES = ("texts.py", "cli_words.py")
"""The catalogues: the top-level modules where the words are."""

CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")
"""A Chinese character: CJK punctuation, ideographs (and their extension A and compatibility
forms), full-width forms (「：」「，」「（」)."""
IDEOGRAPHS = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
"""A run of Chinese characters, as a comment that quotes a rule post must take it verbatim."""


def modules(package: str) -> list[Path]:
    """The modules of one checked package ("" : the top-level ones but the catalogues)."""
    if not package:
        return [p for p in sorted(PACKAGE.glob("*.py")) if p.name not in CATALOGUES]
    return sorted((PACKAGE / package).rglob("*.py"))


def docstrings(tree: ast.AST) -> set[int]:
    """The string constants that are documentation: every string standing alone as a statement
    (a module's, class's or function's docstring, or one after an assignment)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }


def chinese_constants(path: Path) -> list[str]:
    """``file:line: 'constant'`` for every Chinese string constant of code in one module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = docstrings(tree)
    return [
        f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docs
        and CJK.search(node.value)
    ]


def rule_text() -> str:
    """Every rule set's data files and clause tables, where the rule posts' words and clauses are
    kept."""
    files = [
        *sorted((PACKAGE / "rulesets").rglob("*.yaml")),
        *sorted((PACKAGE.parent / "docs" / "rulesets").glob("*.md")),
    ]
    return "\n".join(p.read_text(encoding="utf-8") for p in files)


def chinese_comments(path: Path, rules: str) -> list[str]:
    """``file:line: comment`` for every comment holding Chinese that no rule post holds."""
    found = []
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    for token in tokens:
        if token.type != tokenize.COMMENT or not CJK.search(token.string):
            continue
        runs = IDEOGRAPHS.findall(token.string)
        if not runs or any(run not in rules for run in runs):
            found.append(f"{path.relative_to(PACKAGE.parent)}:{token.start[0]}: {token.string}")
    return found


def test_no_chinese_string_in_code() -> None:
    """The checked packages' code holds no Chinese string: messages are the catalogue's, the
    forum reader's words its data file's."""
    found = [line for package in CHECKED for p in modules(package) for line in chinese_constants(p)]
    assert not found, "Chinese in code (move it to data or the catalogue):\n" + "\n".join(found)


def test_comments_are_english() -> None:
    """The checked packages' comments are English, but for quotes of a rule post."""
    rules = rule_text()
    found = [
        line for package in CHECKED for p in modules(package) for line in chinese_comments(p, rules)
    ]
    assert not found, "Chinese in comments (write English, or quote a rule post):\n" + "\n".join(
        found
    )


def test_every_package_is_checked_or_next() -> None:
    """A new package is checked from the start: every package is in ``CHECKED`` or ``NEXT``."""
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert packages == set(CHECKED[1:]) | set(NEXT)
    assert not set(CHECKED) & set(NEXT)


# ---------------------------------------------------------------------- the forum reader's words
def _words_file(change: str = "", to: str = "") -> str:
    from bansha.forum import labels

    text = labels.FILE.read_text(encoding="utf-8")
    assert not change or change in text
    return text.replace(change, to) if change else text


def test_the_forum_readers_words_are_read_from_their_file() -> None:
    from bansha.forum import labels

    words = labels.load(_words_file())
    assert words == labels.WORDS
    assert words.floors.first == ("楼主", "樓主")
    assert labels.FLOOR_WORDS["樓主"] == 1
    assert labels.HIDDEN.search("提示: 作者被禁止或刪除 內容自動屏蔽")


def test_a_board_with_other_wording_is_a_change_of_the_file() -> None:
    from bansha.forum import labels

    words = labels.load(_words_file("  third: [板凳]\n", "  third: [板凳, 三楼]\n"))
    assert words.floors.third == ("板凳", "三楼")


@pytest.mark.parametrize(
    ("change", "to", "said"),
    [
        ("  third: [板凳]\n", "  thrid: [板凳]\n", "floors.thrid：未知的键，是否应为 third？"),
        ("  third: [板凳]\n", "  third: 板凳\n", "floors.third：必须是列表"),
        ("  third: [板凳]\n", "  third: []\n", "floors.third：至少需要1项"),
        ("  third: [板凳]\n", "  third: [板凳, 板凳]\n", "floors.third：「板凳」重复出现"),
        ("  third: [板凳]\n", "  third: [沙发]\n", "「沙发」重复出现"),
        ("  third: [板凳]\n", "  third: [板凳\n", "YAML格式错误"),
        ("  in_time: [在]\n", "", "edits.in_time：缺少必需的键"),
    ],
)
def test_a_malformed_words_file_is_refused_in_chinese(change: str, to: str, said: str) -> None:
    from bansha.forum import labels

    with pytest.raises(labels.WordsError) as refused:
        labels.load(_words_file(change, to))
    assert str(refused.value).startswith("论坛词表 words.yaml 有误：")
    assert said in str(refused.value)
