"""Keep invite tokens out of logs: request paths of private links are redacted."""

from __future__ import annotations

import logging
import re

JOIN_PATH = re.compile(r"(/join/)[A-Za-z0-9_\-]+")


class RedactTokens(logging.Filter):
    """Replace the token in ``/g/<game>/join/<token>`` with ``…`` in every log record."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record's message; never drop it."""
        message = record.getMessage()
        if "/join/" in message:
            record.msg = JOIN_PATH.sub(r"\1…", message)
            record.args = ()
        return True


class UnwatchedGames(logging.Filter):
    """Drop the PostgreSQL channel layer's warning that a game's group has no member: every
    command of a game with no page open said so (a log line and a write per command); a game no
    one is watching is the usual case, not a fault."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Keep every record but that warning."""
        return not str(record.msg).startswith("Group: %s does not exist")
