"""The rule-set registry: built-in rule sets and boards, shipped variants, variant files by path,
and uploaded variant texts.

``find_ruleset("m103")``, ``find_ruleset("菁华浮梦")``, ``find_ruleset("预女猎白")``,
``find_ruleset("预女守白")`` (a shipped variant's own ``names``) or
``find_ruleset("path/to/variant.yaml")``, or a board of the director's own folder (``BANSHA_BOARDS``)
by its file name, id, title or ``names``. Every folder with a ``data.yaml`` is run by the
pipeline of declared mechanics (:class:`bansha.mechanics.pipeline.Pipeline`): M103 and the boards
(预女猎白, 预女猎守 ...), merged over ``base.yaml``, and bs46 and XXXII (each its own file, read
with its own schema); or, when its data file says ``runs_on: rounds``, by the board of rounds
(:class:`bansha.mechanics.rounds.Rounds`: M186): data only, which no Python names. A variant is a data file with ``extends: <id, alias or path>`` whose keys are merged
over what it extends (renamed roles, skills, factions, other counts and options): no Python.

Every data file is read within limits (``bansha.datafiles``) and its merged data validated once
(``bansha.rulesets.schema``), and one rule set built from it, before a game can use it; a refusal
is a ``SetupError`` in Chinese naming the key (a ``DataFileError`` when the schema finds it).
"""

from __future__ import annotations

import copy
import os
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from bansha import texts
from bansha.datafiles import DataFileError, Limits, Problem
from bansha.datafiles.loader import load_mapping
from bansha.datafiles.messages import message
from bansha.engine.errors import SetupError
from bansha.engine.ruleset import RuleSet
from bansha.mechanics.pipeline import Pipeline
from bansha.mechanics.rounds import Rounds
from bansha.rulesets.schema import (
    SAMPLE_NAMES,
    SCHEMAS,
    BoardData,
    RuleSetData,
    check_options,
    placeholders,
    sample_params,
    validate,
)

HERE = Path(__file__).parent
RUNNERS: dict[str, type[RuleSet]] = {"pipeline": Pipeline, "rounds": Rounds}
"""What runs a folder's data file: its ``runs_on`` (the pipeline unless it says otherwise)."""
BASE_DATA = HERE / "base.yaml"
"""What every board shares (merged under the board's own file)."""
VARIANTS_DIR = HERE / "variants"

FILE_LIMITS = Limits(max_bytes=256 * 1024)
"""A rule-set or variant file on disk (the built-ins are about 12 KB)."""
UPLOAD_LIMITS = Limits(max_bytes=128 * 1024)
"""A variant file a director uploads."""
MAX_EXTENDS = 8


def _discover() -> dict[str, tuple[type[RuleSet], Path]]:
    found: dict[str, tuple[type[RuleSet], Path]] = {}
    for folder in sorted(HERE.iterdir()):
        data = folder / "data.yaml"
        if data.is_file():
            runner = str(load_mapping(data.read_bytes(), FILE_LIMITS).get("runs_on", "pipeline"))
            found[folder.name] = (RUNNERS[runner], data)
    return found


BUILTIN: dict[str, tuple[type[RuleSet], Path]] = _discover()


@dataclass(frozen=True)
class Checked:
    """A rule set's merged data, validated: the typed model and the plain data the code reads."""

    base_id: str
    model: RuleSetData
    data: dict[str, Any]


def schema_for(base_id: str) -> type[RuleSetData]:
    """The model a built-in's files (and its variants') are read with."""
    return SCHEMAS.get(base_id) or BoardData


# ---------------------------------------------------------------------- built-ins
def _usable(base_id: str, model: RuleSetData) -> Checked:
    """The checked data, after one rule set was built from it (a board's mechanics read their
    declarations then) and every text rendered once."""
    data = model.model_dump(exclude_none=True)
    cls, _ = BUILTIN[base_id]
    try:
        rs = cls(copy.deepcopy(data), None)
        for key, template in rs.texts.items():
            rs.render(key, sample_params(placeholders(template)), SAMPLE_NAMES)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
        raise DataFileError([Problem("", message("template_render", problem=repr(e)))]) from e
    return Checked(base_id, model, data)


@cache
def _read(path: Path) -> dict[str, Any]:
    """A data file shipped with the product (read once)."""
    return load_mapping(path.read_bytes(), FILE_LIMITS)


@cache
def _builtin(rid: str) -> Checked:
    cls, path = BUILTIN[rid]
    own = dict(_read(path))
    parent = own.pop("extends", None)
    if parent is None:
        # a board's own file over base.yaml; a post with a schema of its own (bs46) is its file
        boards = cls is Pipeline and issubclass(schema_for(rid), BoardData)
        data = merge(_read(BASE_DATA), own) if boards else own
        return _usable(rid, validate(schema_for(rid), data, None))
    target = _locate(str(parent), path.parent, paths=True)  # a board over another (预女猎守)
    if target is None:
        raise DataFileError.one("extends", "extends_unknown", name=parent, known=_known())
    base = _builtin(target) if isinstance(target, str) else _variant_file(target.resolve())
    data = merge(copy.deepcopy(base.data), own)
    data["id"] = own.get("id", rid)
    data["base"] = rid
    return _usable(rid, validate(schema_for(rid), data, base.model))


def builtin_data(rid: str) -> dict[str, Any]:
    """A deep copy of a built-in rule set's (or board's) merged, validated data."""
    return copy.deepcopy(_builtin(rid).data)


def builtin_model(rid: str) -> RuleSetData:
    """A built-in rule set's typed data."""
    return _builtin(rid).model


def builtin_ids() -> list[str]:
    """Ids of the built-in rule sets and boards."""
    return list(BUILTIN)


def _names(raw: Mapping[str, Any]) -> list[str]:
    names = raw.get("names")
    return [str(n) for n in names] if isinstance(names, list) else []


@cache
def _alias_table() -> dict[str, str]:
    """Built-in ids and aliases (lower case) → built-in id."""
    table: dict[str, str] = {}
    for rid, (_, path) in BUILTIN.items():
        table[rid.lower()] = rid
        for name in _names(_read(path)):
            table.setdefault(name.lower(), rid)
    return table


@cache
def _shipped() -> dict[str, Path]:
    """Shipped variants' file names, ids and own ``names`` (lower case) → their file; a name a
    built-in already has stays the built-in's."""
    table: dict[str, Path] = {}
    for path in sorted(VARIANTS_DIR.glob("*.yaml")):
        raw = _read(path)
        for name in [path.name, path.stem, str(raw.get("id", path.stem)), *_names(raw)]:
            if name.lower() not in _alias_table():
                table.setdefault(name.lower(), path)
    return table


BOARDS_ENV = "BANSHA_BOARDS"
"""The folders (separated as ``PATH`` is) where a director keeps board and variant files of their
own, found by file name, ``id``, ``title`` and ``names`` as a shipped variant is."""


@lru_cache(maxsize=256)
def _own_names(path: Path, mtime: int, size: int) -> tuple[str, ...]:
    try:
        raw = load_mapping(path.read_bytes(), FILE_LIMITS)
    except (SetupError, OSError):
        return (path.name, path.stem)  # found by its file name: the check says what is wrong
    title = raw.get("title")
    extra = [str(raw.get("id", path.stem)), *([str(title)] if isinstance(title, str) else [])]
    return (path.name, path.stem, *extra, *_names(raw))


def director_boards() -> dict[str, Path]:
    """The director's own files (:data:`BOARDS_ENV`): each name, lower case → its file; a name
    the product already has stays the product's."""
    table: dict[str, Path] = {}
    for folder in (os.environ.get(BOARDS_ENV) or "").split(os.pathsep):
        if not folder.strip() or not Path(folder).is_dir():
            continue
        for path in sorted(Path(folder).glob("*.y*ml")):
            stat = path.stat()
            for name in _own_names(path.resolve(), stat.st_mtime_ns, stat.st_size):
                key = name.lower()
                if key not in _alias_table() and key not in _shipped():
                    table.setdefault(key, path)
    return table


def _known() -> str:
    return texts.LIST_SEP.join([*BUILTIN, *sorted({p.stem for p in _shipped().values()})])


def _locate(name: str, beside: Path | None, paths: bool) -> str | Path | None:
    """What ``name`` means: a built-in id, or a variant file (a path relative to ``beside`` or
    the working directory when ``paths``, or a shipped variant by name, or with ``paths`` one of
    the director's own folder by name)."""
    key = name.strip().lower()
    if key in _alias_table():
        return _alias_table()[key]
    if paths and name.strip():
        for folder in ([beside] if beside is not None else []) + [Path()]:
            for candidate in (folder / name, folder / f"{name}.yaml"):
                if candidate.is_file():
                    return candidate
    found = _shipped().get(key)
    if found is None and paths:  # never for an upload: no file of this machine by name
        found = director_boards().get(key)
    return found


# ---------------------------------------------------------------------- variants
WHOLE = frozenset({"vote_format"})
"""Keys a variant replaces whole: a vote-post format (``thread.vote_format``) is its rule post's,
never a mix of its labels and the base's."""


def merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """Merge a variant's keys over its base: mappings merge recursively (but those in ``WHOLE``),
    other values replace."""
    out = dict(base)
    for k, v in over.items():
        if isinstance(v, Mapping) and isinstance(out.get(k), dict) and k not in WHOLE:
            out[k] = merge(out[k], v)
        else:
            out[k] = v
    return out


def _extend(
    over: dict[str, Any], default_id: str, beside: Path | None, chain: tuple[Path, ...]
) -> Checked:
    """Merge a variant's own keys over what its ``extends`` names, and validate the result."""
    parent = over.pop("extends", None)
    if not isinstance(parent, str) or not parent.strip():
        raise DataFileError.one("extends", "extends_missing", known=_known())
    target = _locate(parent, beside, paths=beside is not None)
    if target is None:
        key = "extends_unknown" if beside is not None else "extends_upload"
        raise DataFileError.one("extends", key, name=parent, known=_known())
    base = _builtin(target) if isinstance(target, str) else _variant_file(target.resolve(), chain)
    data = merge(copy.deepcopy(base.data), over)
    data["id"] = over.get("id", default_id)
    data["base"] = base.base_id
    model = validate(schema_for(base.base_id), data, base.model)
    return _usable(base.base_id, model)


def _variant_file(path: Path, chain: tuple[Path, ...] = ()) -> Checked:
    if path in chain:
        names = " → ".join(p.name for p in (*chain, path))
        raise DataFileError.one("extends", "extends_cycle", chain=names)
    if len(chain) >= MAX_EXTENDS:
        raise DataFileError.one("extends", "extends_deep", limit=MAX_EXTENDS)
    stat = path.stat()
    try:
        return _variant_cached(path, stat.st_mtime_ns, stat.st_size, chain)
    except DataFileError as e:
        if chain:  # a problem in a file this one extends: say which
            where = [
                Problem(
                    texts.DATA_FILE_IN.format(file=path.name, path=p.path) if p.path else path.name,
                    p.text,
                )
                for p in e.problems
            ]
            raise DataFileError(where) from None
        raise


@lru_cache(maxsize=256)
def _variant_cached(path: Path, mtime: int, size: int, chain: tuple[Path, ...]) -> Checked:
    over = dict(load_mapping(path.read_bytes(), FILE_LIMITS))
    return _extend(over, path.stem, path.parent, (*chain, path))


@lru_cache(maxsize=64)
def _upload(text: bytes | str) -> Checked:
    over = dict(load_mapping(text, UPLOAD_LIMITS))
    return _extend(over, "variant", None, ())


def variant_data(path: Path) -> tuple[str, dict[str, Any]]:
    """The built-in id a variant file rests on and its merged, validated data."""
    checked = _variant_file(path.resolve())
    return checked.base_id, copy.deepcopy(checked.data)


def check_variant_text(text: bytes | str) -> Checked:
    """A director's uploaded variant file, checked: it may extend a built-in rule set or board or
    a shipped variant (by id, alias or file name), never a path on this machine."""
    return _upload(text)


def check_data(base_id: str, data: Mapping[str, Any]) -> Checked:
    """A rule set's whole merged data (as a built-in's files merge into), checked exactly as a
    file is before a game uses it: the schema, every declaration a board names, one rule set
    built from it and every text rendered once."""
    return _usable(base_id, validate(schema_for(base_id), copy.deepcopy(dict(data)), None))


# ---------------------------------------------------------------------- rule sets
def build(checked: Checked, options: Mapping[str, Any] | None = None) -> RuleSet:
    """A rule set from checked data, with ``options`` (checked too) applied."""
    check_options(checked.model, options or {})
    cls, _ = BUILTIN[checked.base_id]
    rs = cls(copy.deepcopy(checked.data), dict(options or {}))
    rs.model = checked.model
    return rs


def find_ruleset(name: str, options: dict[str, Any] | None = None) -> RuleSet:
    """The rule set called ``name`` (id, alias, a shipped variant's name, or a variant file's
    path), with ``options`` applied."""
    target = _locate(name, None, paths=True)
    if target is None:
        raise SetupError(texts.RULESET_NOT_FOUND.format(name=name, known=_known(), env=BOARDS_ENV))
    checked = _builtin(target) if isinstance(target, str) else _variant_file(target.resolve())
    return build(checked, options)


def load_variant(path: Path, options: dict[str, Any] | None = None) -> RuleSet:
    """Load a variant data file that ``extends`` a rule set (or another variant)."""
    return build(_variant_file(path.resolve()), options)


def load_variant_text(text: bytes | str, options: dict[str, Any] | None = None) -> RuleSet:
    """Load a variant from the text of its file (a director's upload)."""
    return build(check_variant_text(text), options)
