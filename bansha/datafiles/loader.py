"""Reading a YAML file a director (or anyone) sent, within limits.

PyYAML's safe loader builds no objects of its own choosing, but a few hundred bytes of nested
aliases (a "billion laughs" file) expand into billions of nodes for whoever walks the result, and
a deeply nested file exhausts the recursion of whoever builds it. So a file is first read as a
stream of parser events, cheaply and without building anything: its size, depth, number of
aliases and expanded node count are checked (and duplicate keys, which YAML would silently drop),
and only then is it built. Every refusal is a ``DataFileError`` in Chinese.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from bansha import texts
from bansha.datafiles.messages import message
from bansha.datafiles.problems import DataFileError, Problem, format_path

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""The C parser when PyYAML was built with libyaml (it is on every supported platform)."""


@dataclass(frozen=True)
class Limits:
    """How much a file may hold. Every data file this product ships fits well inside them."""

    max_bytes: int = 256 * 1024
    max_depth: int = 24
    max_aliases: int = 64
    max_nodes: int = 50_000
    """Nodes after expanding aliases (a 12-player variant has about 600)."""


@dataclass
class _Frame:
    path: list[str | int]
    mapping: bool
    anchor: str | None
    size: int = 1
    expect_key: bool = True
    key: str | int = "?"
    index: int = 0
    keys: dict[str, int] = field(default_factory=dict)


def _translate(error: yaml.YAMLError, text: str) -> DataFileError:
    problem = str(getattr(error, "problem", None) or getattr(error, "reason", "") or error)
    context = str(getattr(error, "context", "") or "")
    words = next(
        (zh for en, zh in texts.YAML_PROBLEMS if en in problem or en in context),
        texts.YAML_PROBLEM_OTHER,
    )
    mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
    if mark is not None:
        line, column = mark.line + 1, mark.column + 1
    elif isinstance(error, yaml.reader.ReaderError):
        before = text[: error.position]
        line, column = before.count("\n") + 1, len(before) - before.rfind("\n")
    else:
        return DataFileError.one("", "yaml_syntax_nowhere", problem=words)
    return DataFileError.one("", "yaml_syntax", line=line, column=column, problem=words)


def decode(raw: bytes | str, limits: Limits) -> str:
    """The file's text: at most ``limits.max_bytes`` bytes of UTF-8 (a byte-order mark is dropped)."""
    size = len(raw.encode("utf-8", "surrogatepass")) if isinstance(raw, str) else len(raw)
    if size > limits.max_bytes:
        raise DataFileError.one("", "too_large", size=size, limit=limits.max_bytes)
    if isinstance(raw, str):
        return raw.removeprefix("\ufeff")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise DataFileError.one("", "not_utf8", offset=e.start + 1) from e


def _line(ev: yaml.Event) -> int:
    mark = ev.start_mark
    return int(mark.line) + 1 if mark is not None else 0


def _scan(text: str, limits: Limits) -> None:
    """Walk the parser's events and refuse what is too big to build (nothing is built)."""
    stack: list[_Frame] = []
    anchors: dict[str, int] = {}
    total = aliases = documents = 0

    def child_path() -> list[str | int]:
        if not stack:
            return []
        top = stack[-1]
        return [*top.path, top.key if top.mapping else top.index]

    def finish(size: int) -> None:
        nonlocal total
        total += size
        if total > limits.max_nodes:
            raise DataFileError.one(child_path(), "too_big_expanded", limit=limits.max_nodes)
        if stack:
            top = stack[-1]
            top.size += size
            if top.mapping:
                top.expect_key = not top.expect_key
            else:
                top.index += 1

    ev: Any
    for ev in yaml.parse(text, Loader=_Loader):
        if isinstance(ev, yaml.DocumentStartEvent):
            documents += 1
            if documents > 1:
                raise DataFileError.one("", "many_documents")
        elif isinstance(ev, yaml.CollectionStartEvent):
            if len(stack) >= limits.max_depth:
                raise DataFileError.one("", "too_deep", limit=limits.max_depth, line=_line(ev))
            if stack and stack[-1].mapping and stack[-1].expect_key:
                stack[-1].key = "?"  # a complex key
            stack.append(_Frame(child_path(), isinstance(ev, yaml.MappingStartEvent), ev.anchor))
        elif isinstance(ev, yaml.CollectionEndEvent):
            done = stack.pop()
            # its size is itself and its children, expanded; the children are already counted
            if done.anchor is not None:
                anchors[done.anchor] = done.size
            total -= done.size - 1
            finish(done.size)
        elif isinstance(ev, yaml.ScalarEvent):
            top = stack[-1] if stack else None
            if top is not None and top.mapping and top.expect_key:
                value = str(ev.value)
                if value in top.keys and value != "<<":
                    raise DataFileError.one(
                        [*top.path, value],
                        "duplicate_key",
                        key=value,
                        line=_line(ev),
                    )
                top.keys[value] = _line(ev)
                top.key = value
            if ev.anchor is not None:
                anchors[ev.anchor] = 1
            finish(1)
        elif isinstance(ev, yaml.AliasEvent):
            aliases += 1
            if aliases > limits.max_aliases:
                raise DataFileError.one(child_path(), "too_many_aliases", limit=limits.max_aliases)
            finish(anchors.get(str(ev.anchor), 1))


def load_yaml(raw: bytes | str, limits: Limits | None = None) -> Any:
    """The data of a YAML file, or a ``DataFileError`` saying in Chinese what is wrong with it."""
    limits = limits or Limits()
    text = decode(raw, limits)
    if not text.strip():
        raise DataFileError([Problem("", message("empty"))])
    try:
        _scan(text, limits)
        return yaml.load(text, Loader=_Loader)  # a safe loader
    except yaml.YAMLError as e:
        raise _translate(e, text) from e
    except RecursionError as e:  # pragma: no cover - the depth limit comes first
        raise DataFileError.one("", "too_deep", limit=limits.max_depth, line="?") from e


def load_mapping(raw: bytes | str, limits: Limits | None = None) -> dict[str, Any]:
    """Like ``load_yaml``, for a file whose top level must be a mapping."""
    data = load_yaml(raw, limits)
    if not isinstance(data, dict):
        kinds = texts.YAML_KINDS
        raise DataFileError.one(
            "", "not_mapping", kind=kinds.get(type(data).__name__, kinds["other"])
        )
    return data


__all__ = ["Limits", "decode", "format_path", "load_mapping", "load_yaml"]
