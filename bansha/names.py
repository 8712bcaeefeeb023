"""Default seat names for demo tables (heavenly stems, then earthly branches)."""

from bansha import texts

SEAT_NAMES = list(texts.SEAT_NAMES)
"""Twenty single-character names, in seat order."""
