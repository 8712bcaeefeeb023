"""The form a mechanic's ``legal`` gave last, kept while what it was worked out from stands.

A stage's legal acts are asked of its seats at every poll and again at its close (who owes an act);
a mechanic whose form depends on the seat, on the skill's earlier uses, on the day and on who is
still in (XXXII's 【红字结界】 and 【双子探查】, M103's 横刀守卫) gives the same answer until one of these
moves. Each is cheap to compare: the state (one object per game and per replay), the seat, how
many uses the skill has (``State.uses`` only grows), the day, and the tuple of the living
(``State.living()``: one tuple until the next exit; the one kept here cannot be freed and its
address reused).
"""

from __future__ import annotations

from bansha.engine.ruleset import LegalAct
from bansha.engine.state import State

Kept = tuple[State, int, int, int, tuple[int, ...], LegalAct | None]
"""The state, the seat, the uses counted, the day, the living and the form (None: nothing)."""


class KeptForm:
    """A mechanic's last form, with the state, seat, uses, day and living it was worked out for:
    one tuple, so that two games asking at once never read each other's."""

    def __init__(self) -> None:
        self._kept: Kept | None = None

    def get(self, s: State, seat: int, uses: int) -> Kept | None:
        """What was kept, if it was worked out for ``seat`` in this state as it stands now
        (``uses``: how many uses the skill has now); its last item is the form."""
        kept = self._kept
        if (
            kept is not None
            and kept[0] is s
            and kept[1] == seat
            and kept[2] == uses
            and kept[3] == s.day
            and kept[4] is s.living()
        ):
            return kept
        return None

    def keep(self, s: State, seat: int, uses: int, form: LegalAct | None) -> LegalAct | None:
        """Keep ``form`` as the answer for ``seat`` now; return it."""
        self._kept = (s, seat, uses, s.day, s.living(), form)
        return form
