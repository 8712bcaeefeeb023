"""A text of a data file read once: its literal parts and the names it fills.

A data file's texts have only plain ``{name}`` placeholders (the schema checks it). A template
is split into its literal parts and names once, when first used, and then filled by joining
them: ``str.format`` would read the text again at every use, and the engine fills texts for
every announcement, trace line and count. A template with anything else in a field (a format
spec, a conversion, a position) is filled by ``str.format`` as written.
"""

from __future__ import annotations

import string
from typing import Any


class Template:
    """A text split once into literal parts and placeholder names."""

    def __init__(self, text: str) -> None:
        self.text = text
        parts: list[tuple[str, str | None]] = []
        general = False
        try:
            for literal, name, spec, conversion in string.Formatter().parse(text):
                if name is not None and (spec or conversion or not name.isidentifier()):
                    general = True
                parts.append((literal, name))
        except ValueError:  # not well formed: str.format says so when it is filled
            general = True
        self.parts: tuple[tuple[str, str | None], ...] = tuple(parts)
        self.general = general

    def fill(self, values: dict[str, Any]) -> str:
        """The text with each placeholder replaced by its value (as ``str.format`` would)."""
        if self.general:
            return self.text.format(**values)
        out: list[str] = []
        for literal, name in self.parts:
            if literal:
                out.append(literal)
            if name is not None:
                out.append(str(values[name]))
        return "".join(out)
