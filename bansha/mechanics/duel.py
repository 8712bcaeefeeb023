"""Duel (骑士 决斗): the target's side decides who exits.

预女猎骑 「骑士：好人阵营神民；整局一次，讨论日投票之前，可以对另一名存活玩家发动<决斗>：若对方是狼人，对方立即
出局，当天不再放逐投票，直接进入黑夜；否则骑士出局（<决斗>），当天照常进行。夜晚不能发动」. The target's current
faction decides (``against``: the factions that lose a duel); a lost duel takes the target out by ``cause`` and
cuts the day short (:meth:`Pipeline.end_day`: only the ``due:`` stages before night falls, a sheriff's badge
handed on); a won duel takes the user out by ``fail_cause`` and the day goes on. Rulings: R-ALL-08 (the outcome
is checked after the exit), R-ALL-03 (the target must be living).
"""

from __future__ import annotations

from dataclasses import dataclass

from bansha import texts
from bansha.engine.commands import Act
from bansha.engine.context import Ctx
from bansha.engine.errors import SetupError
from bansha.engine.ruleset import LegalAct, form
from bansha.engine.state import State
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import Board, Mechanic, SkillSpec
from bansha.mechanics.params import Raw


@dataclass(frozen=True, slots=True)
class DuelParams:
    """``against``: factions whose member loses a duel; ``cause``: the losing target's exit cause;
    ``fail_cause``: the user's, when the target is not of ``against``; ``uses``: duels a game;
    ``ends_day``: a won duel cuts the day short."""

    against: tuple[str, ...]
    cause: str
    fail_cause: str
    uses: int
    ends_day: bool


class Duel(Mechanic):
    """A day act with one target, decided at once by the target's faction."""

    kind = "duel"
    hint = "harm"
    policy = "suspect"
    about = About(
        params=(
            Param("against", "factions", ()),
            Param("cause", "cause", "duel"),
            Param("fail_cause", "cause", "duel_failed"),
            Param("uses", "number", 1),
            Param("ends_day", "flag", True),
        ),
        texts=(
            Need("out_{cause}", ("p", "p_by")),
            Need("out_{fail_cause}", ("p", "p_by")),
        ),
        causes=("{cause}", "{fail_cause}"),
        emits=("acted", "skill_used", "exited", "announcement", "stage_closed", "flag"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params"
        against = raw.words("against")
        for f in against:
            if f not in board.factions:
                raise SetupError(texts.DATA_NOT_FACTION.format(where=f"{where}.against", value=f))
        if not against:
            raise SetupError(texts.DUEL_NO_FACTION.format(where=f"{where}.against"))
        uses = raw.number("uses", 1)
        if uses is None or uses < 1:
            raise SetupError(texts.PARAM_POSITIVE.format(where=f"{where}.uses"))
        self.p = DuelParams(
            against,
            raw.text("cause", "duel") or "duel",
            raw.text("fail_cause", "duel_failed") or "duel_failed",
            uses,
            raw.flag("ends_day", True),
        )
        raw.done()

    def values(self) -> dict[str, str]:
        """The parameters the declared texts and causes are named after."""
        return {"cause": self.p.cause, "fail_cause": self.p.fail_cause}

    def may_be_owed(self, s: State) -> bool:
        """A declaration (``rare``): nobody is absent from it."""
        return False

    def legal(self, s: State, seat: int) -> LegalAct | None:
        """One other living player, while a duel is left; shown apart (it cannot be undone)."""
        if self.used_by(s, seat) >= self.p.uses:
            return None
        targets = tuple(t for t in s.living() if t != seat)
        return form(self.key, targets, 1, rare=True) if targets else None

    def refuse_target(self, s: State, seat: int, target: int) -> str | None:
        """Himself."""
        return "refuse_self"

    def refuse(self, s: State, seat: int) -> str | None:
        """His duels are used up."""
        return "refuse_used_up" if self.used_by(s, seat) >= self.p.uses else None

    def submit(self, ctx: Ctx, cmd: Act) -> None:
        """Decided at once by the target's current faction: a foe exits and (``ends_day``) the
        day is cut short; anyone else, and the user exits while the day goes on."""
        board, s = self.board, ctx.state
        target = cmd.targets[0]
        board.record_act(ctx, cmd, (cmd.by,), None)
        self.record_use(ctx, cmd.by, (target,))
        if s.players[target].faction in self.p.against:
            board.exit(ctx, target, self.p.cause, announce_now=True, by=cmd.by)
            if not board.check_outcome(ctx) and self.p.ends_day:
                board.end_day(ctx, cmd.at)
        else:
            board.exit(ctx, cmd.by, self.p.fail_cause, announce_now=True, by=target)
            board.check_outcome(ctx)
