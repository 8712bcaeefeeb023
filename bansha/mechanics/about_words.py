"""The catalogue's words: what each mechanic says about itself in Chinese (its summary, its act,
and what each of its parameters, texts and resolution-step keys means), read from ``about.yaml``
beside this module.

A mechanic's ``about`` (:mod:`bansha.mechanics.about`) declares its structure (keys, kinds,
defaults, placeholders); its words are data, as every word a director reads is: ``bansha
mechanics`` and the catalogue section of ``docs/mechanics.md`` put the two together
(:mod:`bansha.mechanics.describe`). A test keeps them matched: every declared key has its words,
and no words name a key nobody declares.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

FILE = "about.yaml"
"""The catalogue's words, beside this module."""

_TABLE: dict[str, Any] = {}


def table() -> dict[str, Any]:
    """The whole file, read once per process: ``param_kinds``, ``common``, ``mechanics`` (its
    path found when first read: the compiled module's ``__file__`` is its own only then)."""
    if not _TABLE:
        text = Path(__file__).with_name(FILE).read_text(encoding="utf-8")
        _TABLE.update(yaml.safe_load(text))
    return _TABLE


def mechanic(kind: str) -> dict[str, Any]:
    """One mechanic's words (empty when it has none)."""
    entry: dict[str, Any] = table()["mechanics"].get(kind) or {}
    return entry


def summary(kind: str) -> str:
    """What the mechanic does, in one sentence."""
    return str(mechanic(kind).get("summary", ""))


def act(kind: str) -> str:
    """What its holder submits."""
    return str(mechanic(kind).get("act", ""))


def meaning(kind: str, part: str, key: str) -> str:
    """What one key of ``part`` (``params``, ``texts``, ``steps``) means; a parameter several
    mechanics share (``tell``, ``notice``) has its words in ``common``."""
    own: dict[str, str] = mechanic(kind).get(part) or {}
    if key in own:
        return str(own[key])
    shared: dict[str, str] = table()["common"].get(part) or {}
    return str(shared.get(key, ""))


def param_kind(kind: str) -> str:
    """How a parameter's kind is named (``choice`` → 其中之一)."""
    kinds: dict[str, str] = table()["param_kinds"]
    return str(kinds.get(kind, kind))
