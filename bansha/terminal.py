"""Messages on the command line: each one a single line, whatever the terminal's width.

Rich lays a table out to the terminal (or to ``COLUMNS``, 80 when not a terminal), but a message
(a refusal naming a file and a key path, a verdict) is one logical line: a terminal folds it
where it must, a pipe or a file receives it whole, so a script or a test reads it exactly."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text


def say(console: Console, *parts: str | tuple[str, str]) -> None:
    """Print one message line on ``console``: each part is a plain text or (text, style), printed
    as written (no markup is read from a file name or an error) and never cut in two."""
    console.print(Text.assemble(*parts), soft_wrap=True)
