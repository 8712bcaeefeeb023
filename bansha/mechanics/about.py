"""What a mechanic says about itself: its parameters, the texts and exit causes it needs, the
stages it adds or skips and the events it emits.

Each mechanic of the catalogue declares an :class:`About` beside its code (``about = About(...)``);
``bansha mechanics`` and the catalogue section of ``docs/mechanics.md`` are generated from these
declarations, and the checker (``bansha check``) reads them to refuse, before any game, a board that
lacks a text or a cause word a mechanic will need, or whose text names a placeholder the mechanic does
not fill. A test keeps each declaration true to the code: every parameter a mechanic reads is
declared, and every declared text is one its code says.
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from typing import Any

PARAM_KINDS = (
    "flag",
    "number",
    "real",
    "choice",
    "text",
    "words",
    "numbers",
    "tables",
    "table",
    "faction_table",
    "skill",
    "skills",
    "cause",
    "causes",
    "factions",
    "status",
    "group",
)
"""The kinds of parameter values (``bansha mechanics`` names each in the catalogue's words)."""


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter: its key, kind (:data:`PARAM_KINDS`), default and choices; ``required``:
    the mechanic has no default, the board's data file must give it. What it means is in the
    catalogue's words (``about.yaml``, :mod:`bansha.mechanics.about_words`)."""

    key: str
    kind: str
    default: Any
    choices: tuple[str, ...] = ()
    required: bool = False


TELL = Param("tell", "choice", "now", ("now", "later"))
"""An information skill's ``tell``: at its ``do:`` step, or at a later ``resolve:`` step."""
NOTICE = Param("notice", "text", "result_{skill}")
"""An information skill's ``notice``: the text key of its private answer."""


@dataclass(frozen=True, slots=True)
class Need:
    """A text the mechanic says: its key (``{skill}`` and parameter names filled with the skill's
    key and values: ``due_{skill}``, ``out_{cause}``), the placeholders its code fills, and whether
    a board must have it (``required``: without it the player would read the raw key) or it falls
    back on a common text. What it is is in the catalogue's words (``about.yaml``)."""

    key: str
    placeholders: tuple[str, ...]
    required: bool = True


@dataclass(frozen=True, slots=True)
class About:
    """A mechanic's self-description (see the module docstring); its summary, act and what each
    key means are the catalogue's words (``about.yaml``)."""

    params: tuple[Param, ...] = ()
    texts: tuple[Need, ...] = ()
    causes: tuple[str, ...] = ()
    """Exit causes the mechanic's exits carry (patterns as for texts): each needs a word in
    ``causes`` (「你已出局（…）」)."""
    steps: tuple[Param, ...] = ()
    """Keys of a resolution step that names the skill (``blocked_by`` of a ``resolve:`` step)."""
    emits: tuple[str, ...] = ()

    def param_keys(self) -> set[str]:
        """Every declared parameter key."""
        return {p.key for p in self.params}

    def required(self) -> tuple[str, ...]:
        """The parameters a board must give (no default)."""
        return tuple(p.key for p in self.params if p.required)

    def default(self, key: str) -> Any:
        """The default a parameter declares (a mechanic reads its defaults here, not in code)."""
        for p in (*self.params, *self.steps):
            if p.key == key:
                return p.default
        raise KeyError(key)


def expand(pattern: str, skill: str, values: dict[str, str]) -> str | None:
    """A declared key pattern filled for one skill (``due_{skill}`` → ``due_shoot``); None when it
    names a value the skill does not have (a step's ``status``)."""
    fields = {name for _, name, _, _ in string.Formatter().parse(pattern) if name}
    filled = {"skill": skill, **values}
    if not fields <= set(filled):
        return None
    return pattern.format(**{f: filled[f] for f in fields})
