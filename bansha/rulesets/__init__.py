"""The rule-set registry: built-in rule sets by id or alias, and variant files that extend them.

``find_ruleset("m103")``, ``find_ruleset("菁华浮梦")`` or ``find_ruleset("path/to/variant.yaml")``.
A variant is a data file with ``extends: <built-in id>`` whose keys are merged over the built-in
data (renamed roles, skills, factions, other counts and options): no Python.
"""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from bansha.engine.errors import SetupError
from bansha.engine.ruleset import RuleSet
from bansha.rulesets.bs46 import BS46
from bansha.rulesets.m103 import M103
from bansha.rulesets.m186 import M186
from bansha.rulesets.xxxii import XXXII

HERE = Path(__file__).parent
BUILTIN: dict[str, tuple[type[RuleSet], Path]] = {
    "m103": (M103, HERE / "m103" / "data.yaml"),
    "bs46": (BS46, HERE / "bs46" / "data.yaml"),
    "m186": (M186, HERE / "m186" / "data.yaml"),
    "xxxii": (XXXII, HERE / "xxxii" / "data.yaml"),
}
VARIANTS_DIR = HERE / "variants"


@cache
def _load_yaml(path: Path) -> dict[str, Any]:
    with path.open(encoding="utf-8") as f:
        data = yaml.safe_load(f)
    if not isinstance(data, dict):
        raise SetupError(f"规则文件格式错误：{path}")
    return data


def builtin_data(rid: str) -> dict[str, Any]:
    """A deep copy of a built-in rule set's data."""
    return copy.deepcopy(_load_yaml(BUILTIN[rid][1]))


def _alias_table() -> dict[str, str]:
    table: dict[str, str] = {}
    for rid, (_, path) in BUILTIN.items():
        table[rid.lower()] = rid
        for name in _load_yaml(path).get("names", []):
            table[str(name).lower()] = rid
    return table


def merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """Merge a variant's keys over its base: dicts merge recursively, other values replace."""
    out = dict(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = merge(out[k], v)
        else:
            out[k] = v
    return out


def find_ruleset(name: str, options: dict[str, Any] | None = None) -> RuleSet:
    """The rule set called ``name`` (id, alias or variant path), with ``options`` applied."""
    rid = _alias_table().get(name.strip().lower())
    if rid is not None:
        cls, _ = BUILTIN[rid]
        return cls(builtin_data(rid), options)
    path = Path(name)
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
    if depth > 8:
        raise SetupError(f"变体文件的 extends 层数过多（{path}）")
    over = dict(_load_yaml(path.resolve()))
    parent = str(over.pop("extends", ""))
    base_id = _alias_table().get(parent.lower())
    if base_id is not None:
        base = builtin_data(base_id)
    else:
        parent_path = path.parent / parent
        if not parent_path.is_file():
            parent_path = VARIANTS_DIR / parent
        if not parent or not parent_path.is_file():
            raise SetupError(f"变体文件必须用 extends 指明所基于的规则（{path}）")
        base_id, base = variant_data(parent_path, depth + 1)
    data = merge(base, over)
    data["id"] = str(over.get("id", path.stem))
    data["base"] = base_id
    return base_id, data


def load_variant_text(text: str, options: dict[str, Any] | None = None) -> RuleSet:
    """Load a variant from the text of its file (a director's upload); it must extend a built-in."""
    try:
        over = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise SetupError(f"变体文件不是有效的YAML：{e}") from e
    if not isinstance(over, dict):
        raise SetupError("变体文件格式错误")
    over = dict(over)
    base_id = _alias_table().get(str(over.pop("extends", "")).lower())
    if base_id is None:
        raise SetupError(
            "上传的变体文件必须用 extends 指明所基于的内置规则（m103、bs46、m186、xxxii）"
        )
    data = merge(builtin_data(base_id), over)
    data["id"] = str(over.get("id", "variant"))
    data["base"] = base_id
    cls, _ = BUILTIN[base_id]
    return cls(data, options)


def load_variant(path: Path, options: dict[str, Any] | None = None) -> RuleSet:
    """Load a variant data file that ``extends`` a built-in rule set (or another variant)."""
    base_id, data = variant_data(path)
    cls, _ = BUILTIN[base_id]
    return cls(data, options)


def builtin_ids() -> list[str]:
    """Ids of the built-in rule sets."""
    return list(BUILTIN)
