"""What every database keeps alike, checked before a command or a game reaches the engine or the
store: no control characters in any text (PostgreSQL refuses a NUL that SQLite would keep), and
player names short enough for their column and a forum's. A refusal is a Chinese RuleError and
changes nothing."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from bansha import texts
from bansha.engine import director
from bansha.engine.commands import Command, Director
from bansha.engine.errors import RuleError

NAME_LIMIT = 30
"""The longest player name (forum user names are shorter; the seat table keeps 60)."""

ALLOWED_CONTROLS = frozenset("\n\r\t")
"""Line breaks and tabs are text; every other control character (NUL, escape …) is refused."""


def has_controls(text: str, allowed: frozenset[str] = ALLOWED_CONTROLS) -> bool:
    """Whether ``text`` holds a control character (or a lone surrogate) other than ``allowed``."""
    if text.isprintable():
        return False
    return any(
        (unicodedata.category(c) in ("Cc", "Cs")) and c not in allowed
        for c in text
        if not c.isprintable()
    )


CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
"""Every control character (Unicode's Cc) and lone surrogate (Cs) but line breaks and tabs."""


def without_controls(text: str) -> str:
    """``text`` with its control characters removed (line breaks and tabs kept): for what is
    read rather than typed, such as a saved forum page, where a NUL is debris, not input."""
    return CONTROLS.sub("", text)


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _strings(v)]
    return []


def check_name(name: str) -> None:
    """A player name: not empty, one line without control characters, at most NAME_LIMIT."""
    if not name.strip():
        raise RuleError(texts.EMPTY.format(field=texts.FIELD_NAME), "bad_input")
    if has_controls(name, frozenset()):
        raise RuleError(texts.CONTROL_CHARACTERS.format(field=texts.FIELD_NAME), "bad_input")
    if len(name) > NAME_LIMIT:
        raise RuleError(
            texts.TOO_LONG.format(field=texts.FIELD_NAME, limit=NAME_LIMIT), "bad_input"
        )


def check_command(cmd: Command, payload: dict[str, Any]) -> None:
    """Refuse a command whose texts no database keeps alike (``payload``: what it asks for)."""
    if (
        isinstance(cmd, Director)
        and director.command_id(cmd.name) == director.SUBSTITUTE
        and isinstance(cmd.args.get("by"), str)
    ):
        check_name(cmd.args["by"])
    if any(has_controls(s) for s in _strings(payload)):
        raise RuleError(texts.CONTROL_CHARACTERS.format(field=texts.FIELD_TEXT), "bad_input")
