"""The rule-set registry: built-in rule sets and boards by id or alias, and variant files.

``find_ruleset("m103")``, ``find_ruleset("菁华浮梦")``, ``find_ruleset("预女猎白")`` or
``find_ruleset("path/to/variant.yaml")``. A rule set with code of its own (m103, bs46, m186,
xxxii) is a folder with its module and ``data.yaml``; a **board** is a folder holding only a
``data.yaml`` (预女猎白, 预女猎守): the pipeline of declared mechanics
(:class:`bansha.mechanics.pipeline.Pipeline`) runs it, merged over ``base.yaml``, and no Python
names it. A variant is a data file with ``extends: <id, alias or path>`` whose keys are merged
over what it extends (renamed roles, skills, factions, other counts and options): no Python.
"""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from bansha.engine.errors import SetupError
from bansha.engine.ruleset import RuleSet
from bansha.mechanics.pipeline import Pipeline
from bansha.rulesets.bs46 import BS46
from bansha.rulesets.m103 import M103
from bansha.rulesets.m186 import M186
from bansha.rulesets.xxxii import XXXII

HERE = Path(__file__).parent
CODED: dict[str, type[RuleSet]] = {"m103": M103, "bs46": BS46, "m186": M186, "xxxii": XXXII}
"""Rule sets with a module of their own."""
BASE_DATA = HERE / "base.yaml"
"""What every board shares (merged under the board's own file)."""
VARIANTS_DIR = HERE / "variants"


def _discover() -> dict[str, tuple[type[RuleSet], Path]]:
    found: dict[str, tuple[type[RuleSet], Path]] = {
        rid: (cls, HERE / rid / "data.yaml") for rid, cls in CODED.items()
    }
    for folder in sorted(HERE.iterdir()):
        data = folder / "data.yaml"
        if folder.name not in found and data.is_file():
            found[folder.name] = (Pipeline, data)  # a board: data only
    return found


BUILTIN: dict[str, tuple[type[RuleSet], Path]] = _discover()


@cache
def _load_yaml(path: Path) -> dict[str, Any]:
    try:
        with path.open(encoding="utf-8") as f:
            data = yaml.safe_load(f)
    except yaml.YAMLError as e:
        raise SetupError(f"规则文件不是有效的YAML（{path.name}）：{e}") from e
    if not isinstance(data, dict):
        raise SetupError(f"规则文件格式错误：{path}")
    return data


WHOLE = frozenset({"vote_format"})
"""Keys a variant replaces whole: a vote-post format (``thread.vote_format``) is its rule post's,
never a mix of its labels and the base's."""


def merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """Merge a variant's keys over its base: dicts merge recursively (but those in ``WHOLE``),
    other values replace."""
    out = dict(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict) and k not in WHOLE:
            out[k] = merge(out[k], v)
        else:
            out[k] = v
    return out


@cache
def _builtin(rid: str) -> dict[str, Any]:
    cls, path = BUILTIN[rid]
    if cls is Pipeline:
        return _resolve(path, 0)[1]
    return _load_yaml(path)


def builtin_data(rid: str) -> dict[str, Any]:
    """A deep copy of a built-in rule set's (or board's) merged data."""
    return copy.deepcopy(_builtin(rid))


@cache
def _alias_table() -> dict[str, str]:
    """Ids and aliases (``names``) of the built-ins, then of the variant files (which never
    take a built-in's name)."""
    table: dict[str, str] = {}
    for rid, (_, path) in BUILTIN.items():
        table[rid.lower()] = rid
        for name in _load_yaml(path).get("names", []):
            table.setdefault(str(name).lower(), rid)
    for path in sorted(VARIANTS_DIR.glob("*.yaml")):
        table.setdefault(path.stem.lower(), str(path))
        for name in _load_yaml(path).get("names", []):
            table.setdefault(str(name).lower(), str(path))
    return table


def _parent(ref: str, near: Path | None) -> Path | str | None:
    """What ``extends: ref`` names: a built-in id, or a variant file (by alias or path)."""
    hit: str | None = _alias_table().get(ref.strip().lower())
    if hit is not None:
        return hit if hit in BUILTIN else Path(hit)
    candidates: list[Path] = [VARIANTS_DIR / ref, VARIANTS_DIR / f"{ref}.yaml"]
    if near is not None:
        candidates.insert(0, near / ref)
    return next((c for c in candidates if c.is_file()), None)


def _resolve(path: Path, depth: int) -> tuple[str, dict[str, Any]]:
    """The built-in a data file finally rests on, and its data merged down the ``extends`` chain
    (a board's chain ends on ``base.yaml``)."""
    if depth > 8:
        raise SetupError(f"规则文件的 extends 层数过多（{path}）")
    over = dict(_load_yaml(path.resolve()))
    parent = str(over.pop("extends", "") or "")
    own_id = next((rid for rid, (_, p) in BUILTIN.items() if p == path), None)
    if not parent:
        if own_id is None or BUILTIN[own_id][0] is not Pipeline:
            raise SetupError(f"变体文件必须用 extends 指明所基于的规则（{path}）")
        return own_id, merge(_load_yaml(BASE_DATA), over)
    target = _parent(parent, path.parent)
    if target is None:
        known = "、".join(sorted(BUILTIN))
        raise SetupError(f"「{path.name}」的 extends 找不到规则「{parent}」；内置规则：{known}")
    if isinstance(target, str):
        base_id, base = target, builtin_data(target)
    else:
        base_id, base = _resolve(target, depth + 1)
    if own_id is not None:
        base_id = own_id
    data = merge(base, over)
    data["id"] = str(over.get("id", path.stem))
    data["base"] = base_id
    return base_id, data


def _make(base_id: str, data: dict[str, Any], options: dict[str, Any] | None) -> RuleSet:
    cls = BUILTIN[base_id][0]
    return cls(data, options)


def find_ruleset(name: str, options: dict[str, Any] | None = None) -> RuleSet:
    """The rule set called ``name`` (id, alias or variant path), with ``options`` applied."""
    hit = _alias_table().get(name.strip().lower())
    if hit is not None and hit in BUILTIN:
        return _make(hit, builtin_data(hit), options)
    path = Path(hit) if hit is not None else Path(name)
    if not path.exists() and (VARIANTS_DIR / name).exists():
        path = VARIANTS_DIR / name
    if not path.exists() and (VARIANTS_DIR / f"{name}.yaml").exists():
        path = VARIANTS_DIR / f"{name}.yaml"
    if not path.is_file():
        known = "、".join(sorted({*BUILTIN, *(p.stem for p in VARIANTS_DIR.glob("*.yaml"))}))
        raise SetupError(f"找不到规则「{name}」；内置规则：{known}，或给出变体文件的路径")
    return load_variant(path, options)


def variant_data(path: Path, depth: int = 0) -> tuple[str, dict[str, Any]]:
    """The built-in id a variant rests on and its merged data; a variant may extend another."""
    return _resolve(path, depth)


def load_variant_text(text: str, options: dict[str, Any] | None = None) -> RuleSet:
    """Load a variant from the text of its file (a director's upload); it must extend a built-in
    rule set or board (by id or alias)."""
    try:
        over = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise SetupError(f"变体文件不是有效的YAML：{e}") from e
    if not isinstance(over, dict):
        raise SetupError("变体文件格式错误")
    over = dict(over)
    base_id = _alias_table().get(str(over.pop("extends", "")).strip().lower())
    if base_id is None or base_id not in BUILTIN:
        raise SetupError(
            "上传的变体文件必须用 extends 指明所基于的内置规则（" + "、".join(BUILTIN) + "）"
        )
    data = merge(builtin_data(base_id), over)
    data["id"] = str(over.get("id", "variant"))
    data["base"] = base_id
    return _make(base_id, data, options)


def load_variant(path: Path, options: dict[str, Any] | None = None) -> RuleSet:
    """Load a variant data file that ``extends`` a built-in rule set (or another variant)."""
    base_id, data = variant_data(path)
    return _make(base_id, data, options)


def builtin_ids() -> list[str]:
    """Ids of the built-in rule sets and boards."""
    return list(BUILTIN)
