"""Messages about data files (variants, scenarios): the catalogue's ``DATA_FILE`` section
(``bansha.texts``), filled with ``str.format``."""

from __future__ import annotations

from bansha.texts import DATA_FILE as MESSAGES


def message(key: str, /, **fields: object) -> str:
    """The catalogue's message ``key`` with its fields filled."""
    return MESSAGES[key].format(**fields)
