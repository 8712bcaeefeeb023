"""Messages on the command line: each one a single line, whatever the terminal's width.

Rich lays a table out to the terminal (or to ``COLUMNS``, 80 when not a terminal), but a message
(a refusal naming a file and a key path, a verdict) is one logical line: a terminal folds it
where it must, a pipe or a file receives it whole, so a script or a test reads it exactly."""

from __future__ import annotations

from rich.console import Console, ConsoleDimensions
from rich.text import Text

UNBOUNDED = 240
"""How wide a table may lay itself out when the output is not a terminal (a pipe, a file, a
test): wide enough that no column of a listing is cut short, whatever ``COLUMNS`` says."""


class Output(Console):
    """The command line's console: a terminal's own width, and no width limit elsewhere (a
    table keeps its natural width, each cell whole, instead of the 80 or ``COLUMNS`` columns a
    pipe is given)."""

    @property
    def size(self) -> ConsoleDimensions:
        """The terminal's size; past a pipe, at least ``UNBOUNDED`` columns."""
        size = super().size
        if self.is_terminal:
            return size
        return ConsoleDimensions(max(size.width, UNBOUNDED), size.height)

    @size.setter
    def size(self, new_size: tuple[int, int]) -> None:
        width, height = new_size
        self._width, self._height = width, height


def say(console: Console, *parts: str | tuple[str, str]) -> None:
    """Print one message line on ``console``: each part is a plain text or (text, style), printed
    as written (no markup is read from a file name or an error) and never cut in two."""
    console.print(Text.assemble(*parts), soft_wrap=True)
