"""What the session table keeps of a session's key: a digest, never the key a cookie carries."""

from __future__ import annotations

import hashlib


def stored_key(session_key: str) -> str:
    """The digest a session's row is stored under: SHA-256 of the cookie's key (with this
    purpose's prefix), its first 160 bits in hex, the 40 characters of Django's column. Whoever
    reads the table learns digests, and no cookie opens a session by carrying one."""
    return hashlib.sha256(b"bansha-session:" + session_key.encode()).hexdigest()[:40]


def is_stored_key(value: str) -> bool:
    """Whether a row's key is already a digest (40 hex digits; Django's own keys are 32
    characters of a-z and 0-9)."""
    return len(value) == 40 and all(c in "0123456789abcdef" for c in value)
