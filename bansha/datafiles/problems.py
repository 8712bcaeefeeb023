"""What is wrong with a data file, in Chinese, each problem naming its key path.

A schema library (pydantic) checks structure and types; its errors are translated here, and a key
it does not know is reported as a likely typo with the nearest known key
(「optoins：未知的键，是否应为 options？」).
"""

from __future__ import annotations

import difflib
import types
import typing
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from bansha import texts
from bansha.datafiles.messages import message
from bansha.engine.errors import SetupError

SHOWN = 8
"""At most this many problems are listed in one message; the rest are counted."""

Loc = Sequence[str | int]


def format_path(loc: Loc) -> str:
    """``("roles", "werewolf", "count")`` → ``roles.werewolf.count``; list positions count from 0
    (``timetable.night[0].minutes``), as everywhere else a key path is named."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file: where (a key path; empty for the whole file) and what."""

    path: str
    text: str

    def __str__(self) -> str:
        return texts.PROBLEM_AT.format(path=self.path, text=self.text) if self.path else self.text


class DataFileError(SetupError):
    """A data file refused: every problem found, the first few in the message."""

    def __init__(self, problems: Iterable[Problem], file: str = "") -> None:
        self.problems = list(problems)
        self.file = file
        shown = [str(p) for p in self.problems[:SHOWN]]
        if len(self.problems) > SHOWN:
            shown.append(message("more", count=len(self.problems) - SHOWN))
        super().__init__(texts.PROBLEMS_SEP.join(shown))

    @classmethod
    def one(cls, path: Loc | str, key: str, /, **fields: object) -> DataFileError:
        """A single problem from the catalogue."""
        where = path if isinstance(path, str) else format_path(path)
        return cls([Problem(where, message(key, **fields))])


def nearest(key: object, known: Iterable[str]) -> str | None:
    """The known key a typo most likely meant, if one is close enough."""
    found = difflib.get_close_matches(str(key), list(known), n=1, cutoff=0.6)
    return found[0] if found else None


def listing(known: Iterable[object], limit: int = 12) -> str:
    """Known keys for a message, the first ``limit`` of them."""
    items = [str(k) for k in known]
    return texts.LIST_SEP.join(items[:limit]) + (texts.LIST_MORE if len(items) > limit else "")


def unknown(loc: Loc, value: object, known: Iterable[str], what: str | None = None) -> Problem:
    """An unknown key (``what`` None: the key at ``loc`` itself) or an unknown reference to one
    (``what``: the kind of thing named, e.g. 技能)."""
    known = list(known)
    guess = nearest(value, known)
    if what is None:
        text = (
            message("unknown_key", suggestion=guess)
            if guess
            else message("unknown_key_plain", known=listing(known) or texts.NONE_KNOWN)
        )
    else:
        text = (
            message("unknown_ref", what=what, value=value, suggestion=guess)
            if guess
            else message(
                "unknown_ref_plain",
                what=what,
                value=value,
                known=listing(known) or texts.NONE_KNOWN,
            )
        )
    return Problem(format_path(loc), text)


_TYPE_MESSAGES = {
    "missing": "missing",
    "string_type": "text",
    "int_type": "integer",
    "int_parsing": "integer",
    "int_from_float": "integer",
    "bool_type": "boolean",
    "bool_parsing": "boolean",
    "dict_type": "mapping",
    "model_type": "mapping",
    "model_attributes_type": "mapping",
    "list_type": "list",
    "tuple_type": "list",
    "set_type": "list",
}


def _shown(part: str | int) -> bool:
    """Whether a part of pydantic's location is a key of the file (not a union tag or the
    marker of a mapping's key)."""
    return not (
        isinstance(part, str)
        and (part.startswith("function-") or part == "[key]" or part[:1] + part[-1:] == "<>")
    )


def from_validation(
    error: ValidationError, model: type[BaseModel], no_kind: str | None = None
) -> list[Problem]:
    """Translate a pydantic error into problems with key paths and Chinese messages; ``no_kind``:
    what to say of a value that is none of a tagged union's kinds."""
    out: list[Problem] = []
    for e in error.errors(include_url=False):
        loc = [p for p in e["loc"] if _shown(p)]
        kind, ctx = e["type"], e.get("ctx") or {}
        if kind == "extra_forbidden":
            out.append(unknown(loc, loc[-1], known_fields(model, loc[:-1])))
            continue
        if kind == "union_tag_invalid":
            tags = [t.strip("'<> ") for t in str(ctx.get("expected_tags", "")).split(",")]
            tag = str(ctx.get("tag", "")).strip("<>")
            out.append(unknown([*loc, tag], tag, [t for t in tags if t and t != "bare"]))
            continue
        if kind == "union_tag_not_found" and no_kind is not None:
            out.append(Problem(format_path(loc), no_kind))
            continue
        if kind == "string_type" and isinstance(e.get("input"), int | float | bool):
            text = message("text_number")
        elif kind in _TYPE_MESSAGES:
            text = message(_TYPE_MESSAGES[kind])
        elif kind in ("too_short", "string_too_short"):
            text = message(
                "list_short" if kind == "too_short" else "text_empty", limit=ctx.get("min_length")
            )
        elif kind in ("too_long", "string_too_long"):
            text = message(
                "list_long" if kind == "too_long" else "text_long", limit=ctx.get("max_length")
            )
        elif kind == "literal_error":
            text = message("choice", choices=str(ctx.get("expected", "")).replace("'", ""))
        elif kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
            bound = ctx.get("ge", ctx.get("gt", ctx.get("le", ctx.get("lt"))))
            text = message(
                "count" if kind.startswith("greater") else "at_most", low=bound, limit=bound
            )
        elif not kind.isascii() or kind.startswith("bansha_"):
            text = str(e["msg"])  # our own validators already speak Chinese
        else:
            text = message("invalid")
        out.append(Problem(format_path(loc), text))
    return out


def _members(tp: Any) -> list[Any]:
    """The types ``tp`` may be: itself, or each member of a union (``Annotated`` taken off)."""
    while typing.get_origin(tp) is typing.Annotated:
        tp = typing.get_args(tp)[0]
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return [m for a in typing.get_args(tp) for m in _members(a)]
    return [tp]


def _is_model(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, BaseModel)


def known_fields(model: type[BaseModel], loc: Loc) -> list[str]:
    """The keys a model accepts at ``loc`` (for suggesting the nearest one to a typo)."""
    here: list[Any] = [model]
    for part in loc:
        after: list[Any] = []
        for tp in (m for t in here for m in _members(t)):
            if _is_model(tp):
                field = tp.model_fields.get(str(part))
                if field is not None:
                    after.append(field.annotation)
            elif typing.get_args(tp):
                after.append(typing.get_args(tp)[-1])  # dict[K, V] -> V, list[X] -> X
        here = after
    models = [m for t in here for m in _members(t) if _is_model(m)]
    return [f.alias or name for m in models for name, f in m.model_fields.items()]
