"""The error of a thread bansha cannot read, in a plain module: the compiled readers raise it and
plain modules subclass it (a fetch that failed, bytes that are not text), which a compiled class
would not allow."""

from __future__ import annotations


class ThreadError(ValueError):
    """The text is not a thread bansha can read (the message says why, in Chinese)."""
