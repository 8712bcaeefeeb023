"""Default seat names for demo tables (heavenly stems, then earthly branches)."""

SEAT_NAMES = [
    *"甲乙丙丁戊己庚辛壬癸",
    *"子丑寅卯辰巳午未申酉",
]
"""Twenty single-character names, in seat order."""
