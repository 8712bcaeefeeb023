"""The catalogue of declared mechanics: the names a data file's ``mechanic:`` may use.

Each entry is a small typed module of this package quoting the clause it serves; a board's data
file names it and gives its parameters (a rule set's folder holds no code of its own).
"""

from __future__ import annotations

from typing import Any

from bansha import texts
from bansha.engine.errors import SetupError
from bansha.mechanics.approval_vote import ApprovalVote
from bansha.mechanics.assassinate import Assassinate
from bansha.mechanics.base import HINTS, LIST_SEP, Board, Mechanic, SkillSpec
from bansha.mechanics.castling import Castling
from bansha.mechanics.check import Check
from bansha.mechanics.conversion import Conversion
from bansha.mechanics.dawn import Dawn
from bansha.mechanics.day_vote import DayVote
from bansha.mechanics.drowning import Drowning
from bansha.mechanics.duel import Duel
from bansha.mechanics.knowledge import Knowledge
from bansha.mechanics.lady_of_the_lake import LadyOfTheLake
from bansha.mechanics.lancelot_deck import LancelotDeck
from bansha.mechanics.lovers import Lovers
from bansha.mechanics.mark import Mark
from bansha.mechanics.medium import Medium
from bansha.mechanics.mission_vote import MissionVote
from bansha.mechanics.name_to import NameTo
from bansha.mechanics.night_exits import NightExits
from bansha.mechanics.pair_check import PairCheck
from bansha.mechanics.params import Raw
from bansha.mechanics.potions import Poison, Save
from bansha.mechanics.prophecy import Prophecy
from bansha.mechanics.proposal import Proposal
from bansha.mechanics.protect import Protect
from bansha.mechanics.red_cards import RedCards
from bansha.mechanics.reveal_on_vote import RevealOnVote
from bansha.mechanics.ring_team import RingTeam
from bansha.mechanics.runoff_vote import RunoffDecide, RunoffVote
from bansha.mechanics.self_destruct import SelfDestruct
from bansha.mechanics.sheriff import Sheriff
from bansha.mechanics.shoot import Shoot
from bansha.mechanics.stage_privilege import StagePrivilege
from bansha.mechanics.surrender import Surrender
from bansha.mechanics.take import SelfDestructTake
from bansha.mechanics.team_kill import TeamKill
from bansha.mechanics.victim_last_words import VictimLastWords

CATALOGUE: dict[str, type[Mechanic]] = {
    cls.kind: cls
    for cls in (
        TeamKill,
        RingTeam,
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
        RunoffVote,
        RunoffDecide,
        Surrender,
        Lovers,
        VictimLastWords,
        Dawn,
        Drowning,
        NightExits,
        LancelotDeck,
        Proposal,
        ApprovalVote,
        MissionVote,
        LadyOfTheLake,
        Assassinate,
        Knowledge,
        RedCards,
    )
}
"""Mechanic name → class."""


def declare(board: Board, key: str, raw: dict[str, Any]) -> Mechanic:
    """The mechanic a skill of the board's data file declares (``mechanic:``), built with its
    stages, team, bots' hint and typed parameters; a wrong key is a Chinese error naming it."""
    where = f"skills.{key}"
    kind = str(raw["mechanic"])
    cls = CATALOGUE.get(kind)
    if cls is None:
        known = LIST_SEP.join(sorted(CATALOGUE))
        here = f"{where}.mechanic"
        raise SetupError(texts.MECHANIC_UNKNOWN.format(where=here, kind=kind, known=known))
    stages = raw.get("stages", raw.get("stage", []))
    stages = [stages] if isinstance(stages, str) else list(stages or [])
    team = raw.get("team")
    if team is not None and str(team) not in board.data.get("groups", {}):
        raise SetupError(texts.DATA_NOT_GROUP.format(where=f"{where}.team", value=team))
    hint = str(raw.get("hint", cls.hint))
    if hint not in HINTS:
        choices = LIST_SEP.join(HINTS[:-1])
        raise SetupError(texts.DATA_CHOICE.format(where=f"{where}.hint", choices=choices))
    spec = SkillSpec(
        key,
        str(raw["name"]),
        kind,
        tuple(str(s) for s in stages),
        None if team is None else str(team),
        hint,
        bool(raw.get("hidden", False)),
    )
    return cls(board, spec, Raw(raw.get("params"), f"{where}.params", board.options))


def declare_all(board: Board) -> dict[str, Mechanic]:
    """Every skill of the board's data file that declares a mechanic, built (:func:`declare`)."""
    return {key: declare(board, key, raw) for key, raw in board.skills.items() if "mechanic" in raw}
