"""How the store writes JSON: UTF-8 as it is, without spaces.

Django's JSON field writes with ``json.dumps`` defaults: every Chinese character as a ``\\uXXXX``
escape (6 bytes instead of UTF-8's 3) and a space after every separator. SQLite keeps that text as
it was sent; PostgreSQL's ``jsonb`` keeps its own binary form either way, so there the change only
shortens what is sent. Rows written before read back alike (an escape is still valid JSON).
"""

from __future__ import annotations

import json
from typing import Any


class CompactJSON(json.JSONEncoder):
    """``json.dumps(value, cls=CompactJSON)``: UTF-8 text, no escapes, no spaces."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs["ensure_ascii"] = False
        kwargs["separators"] = (",", ":")
        super().__init__(**kwargs)
