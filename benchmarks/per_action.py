"""What the µs-per-action benchmarks share: the totals of alternating batches and their table.

Used by ``peer_werewolf_engine.py`` and ``before_after.py`` (run as scripts from this folder).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Side:
    """One side of a comparison: the time its batches took, their actions and games."""

    seconds: float = 0.0
    actions: int = 0
    games: int = 0

    def add(self, seconds: float, actions: int, games: int) -> None:
        """Count one more batch."""
        self.seconds += seconds
        self.actions += actions
        self.games += games

    @property
    def per_action(self) -> float:
        """Seconds per action."""
        return self.seconds / self.actions


def print_table(label: str, sides: dict[str, Side]) -> None:
    """One row per side: games, actions per game, µs per action, games per second."""
    print(f"{label:<26}{'games':>8}{'actions/game':>14}{'µs/action':>12}{'games/s':>10}")
    for name, s in sides.items():
        print(
            f"{name:<26}{s.games:>8}{s.actions / s.games:>14.1f}"
            f"{s.per_action * 1e6:>12.2f}{s.games / s.seconds:>10.0f}"
        )


def print_ratio(what: str, ours: Side, theirs: Side) -> None:
    """The ratio of µs per action, ``ours`` over ``theirs``."""
    print(f"ratio µs/action {what}: {ours.per_action / theirs.per_action:.2f}")
