"""The catalogue of declared mechanics: the names a data file's ``mechanic:`` may use.

Each entry is a small typed module of this package quoting the clause it serves; a board's data
file names it and gives its parameters (a rule set's folder holds no code of its own).
"""

from __future__ import annotations

from bansha.mechanics.base import Mechanic
from bansha.mechanics.castling import Castling
from bansha.mechanics.check import Check
from bansha.mechanics.conversion import Conversion
from bansha.mechanics.day_vote import DayVote
from bansha.mechanics.duel import Duel
from bansha.mechanics.lovers import Lovers
from bansha.mechanics.mark import Mark
from bansha.mechanics.medium import Medium
from bansha.mechanics.name_to import NameTo
from bansha.mechanics.pair_check import PairCheck
from bansha.mechanics.potions import Poison, Save
from bansha.mechanics.prophecy import Prophecy
from bansha.mechanics.protect import Protect
from bansha.mechanics.reveal_on_vote import RevealOnVote
from bansha.mechanics.self_destruct import SelfDestruct
from bansha.mechanics.sheriff import Sheriff
from bansha.mechanics.shoot import Shoot
from bansha.mechanics.stage_privilege import StagePrivilege
from bansha.mechanics.surrender import Surrender
from bansha.mechanics.take import SelfDestructTake
from bansha.mechanics.team_kill import TeamKill

CATALOGUE: dict[str, type[Mechanic]] = {
    cls.kind: cls
    for cls in (
        TeamKill,
        Protect,
        Check,
        PairCheck,
        Mark,
        Prophecy,
        Castling,
        Conversion,
        NameTo,
        Medium,
        Save,
        Poison,
        Shoot,
        RevealOnVote,
        StagePrivilege,
        SelfDestruct,
        SelfDestructTake,
        Duel,
        Sheriff,
        DayVote,
        Surrender,
        Lovers,
    )
}
"""Mechanic name → class."""
