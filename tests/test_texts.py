"""The message catalogue names each message once: a second assignment of a name would silently
replace the first message wherever it is used."""

import ast
from collections import Counter
from pathlib import Path

import bansha.texts


def test_every_message_of_the_catalogue_has_a_name_of_its_own() -> None:
    tree = ast.parse(Path(bansha.texts.__file__).read_text(encoding="utf-8"))
    names = Counter(
        target.id
        for node in tree.body
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name)
    )
    assert [name for name, n in names.items() if n > 1] == []
