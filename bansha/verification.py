"""``bansha verify``: a player checks a finished game's reveal file against the commitment
published when the roles were dealt (R-ALL-02; the recomputation is in ``engine/commitment.py``
and spelled out for doing by hand in docs/security.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from bansha import texts
from bansha.engine.commitment import FORMAT, SCHEME, check_file, committed_text, sha256_hex
from bansha.terminal import say as line

OK = 0
TAMPERED = 1
"""The file does not prove the commitment: changed, or another game's."""
UNREADABLE = 2
"""The file could not be read as a reveal file at all."""


def read(path: Path) -> tuple[Any, str | None]:
    """The file's JSON, or None and why it could not be read (in Chinese)."""
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, texts.VERIFY_NO_FILE
    except (OSError, UnicodeDecodeError):
        return None, texts.VERIFY_CANNOT_READ
    try:
        return json.loads(raw), None
    except json.JSONDecodeError as e:
        return None, texts.VERIFY_NOT_JSON.format(line=e.lineno, column=e.colno)
    except RecursionError:
        return None, texts.VERIFY_NOT_REVEAL


def recomputed(doc: dict[str, Any]) -> str:
    """The hash the file's own seat table, seed and nonce give (for the messages)."""
    deal = doc.get("deal") or []
    return sha256_hex(
        committed_text(
            [str(row.get("player")) for row in deal],
            [str(row.get("key")) for row in deal],
            [str(row.get("role")) for row in deal],
            str(doc.get("seed")),
            str(doc.get("nonce")),
        )
    )


def verify(path: Path, commitment: str | None, console: Console) -> int:
    """Check the reveal file at ``path``, print the verdict in Chinese; the exit code."""

    def say(text: str, style: str = "") -> None:  # one line per message, never cut in two
        line(console, (text, style))

    doc, problem = read(path)
    if problem is not None:
        say(texts.VERIFY_UNREADABLE.format(path=path, reason=problem), "red")
        return UNREADABLE
    verdict = check_file(doc, commitment)
    if verdict.code in ("not_reveal", "missing"):
        text = (
            texts.VERIFY_MISSING.format(key=verdict.key)
            if verdict.code == "missing"
            else texts.VERIFY_NOT_REVEAL
        )
        say(text, "red")
        return UNREADABLE
    assert isinstance(doc, dict) and doc.get("format") == FORMAT
    against = (commitment or str(doc.get("commitment"))).strip().lower()
    legacy = doc.get("scheme") != SCHEME
    computed = recomputed(doc) if not legacy else against
    if verdict.code == "mismatch":
        text = texts.VERIFY_MISMATCH.format(
            computed=computed if not legacy else "—", commitment=against
        )
        say(text, "red")
        return TAMPERED
    if verdict.code == "inconsistent":
        say(texts.VERIFY_INCONSISTENT, "red")
        return TAMPERED
    table = Table(title=texts.VERIFY_DEAL)
    for col in (texts.VERIFY_SEAT, texts.VERIFY_PLAYER, texts.VERIFY_ROLE, texts.VERIFY_KEY):
        table.add_column(col)
    for row in doc["deal"]:
        cells = (row.get("seat"), row.get("player"), row.get("role"), row.get("key"))
        table.add_row(*(escape("" if c is None else str(c)) for c in cells))
    console.print(table)
    if legacy:
        say(texts.VERIFY_LEGACY)
    say(texts.VERIFY_OK.format(computed=computed), "green")
    if commitment is None:
        say(texts.VERIFY_COMPARE)
    say(texts.VERIFY_END_NOTE)
    return OK
