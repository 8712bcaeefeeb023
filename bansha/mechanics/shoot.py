"""Shoot on exit: the hunter (猎人) takes one living player out with him.

预女猎白's 猎人 「开枪：被狼人袭击或被放逐出局时，可以开枪带走一名玩家；被女巫毒死时不能开枪；可以放弃」: due when
he exits by one of ``causes`` (and was not hit tonight by a skill of ``not_if``), in a stage of its own
(``when: due:<skill>``) that opens right after his exit is announced, and he is told so when it
opens (an exit that ends the game opens no stage: he is not told he may shoot); no pick by its
close is a shot declined. The shot player exits at once, announced.
"""

from __future__ import annotations

from dataclasses import dataclass

from bansha.engine.context import Ctx
from bansha.engine.ruleset import LegalAct
from bansha.engine.state import State
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import Board, Mechanic, Resolution, SkillSpec
from bansha.mechanics.params import Raw


@dataclass(frozen=True, slots=True)
class ShootParams:
    """``causes``: exit causes that let him shoot; ``not_if``: skills whose use on him tonight stop it
    (the witch's poison); ``self``: he may name himself (never, by default)."""

    causes: tuple[str, ...]
    not_if: tuple[str, ...]
    self_: bool


class Shoot(Mechanic):
    """Due after an exit; resolved when its stage closes."""

    kind = "shoot_on_exit"
    plain = False
    hooks = frozenset({"on_exit", "on_stage_open"})
    hint = "harm"
    by_due = True
    about = About(
        params=(
            Param("causes", "causes", ("vote",)),
            Param("not_if", "skills", ()),
            Param("self", "flag", False),
        ),
        texts=(
            Need("due_{skill}", ()),
            Need("out_{skill}", ("p", "p_by"), False),
        ),
        causes=("{skill}",),
        emits=("pending", "notice", "skill_used", "exited", "announcement"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params"
        self.p = ShootParams(
            raw.words("causes", ("vote",)),
            tuple(board.skill_ref(k, f"{where}.not_if") for k in raw.words("not_if")),
            raw.flag("self", False),
        )
        raw.done()
        self.pending = f"due:{self.key}"

    def due(self, s: State) -> tuple[int, ...]:
        """The hunter who has just exited and may shoot."""
        seat = s.pending.get(self.pending)
        return () if seat is None else (int(seat),)

    def holds(self, s: State, seat: int) -> bool:
        """Only the due hunter, out as he is."""
        return s.pending.get(self.pending) == seat

    def on_exit(self, ctx: Ctx, seat: int, cause: str, chain: list[tuple[int, str]]) -> None:
        """He exits by a cause of ``causes``, not hit tonight by ``not_if``: his shot is due."""
        s = ctx.state
        if self.key not in s.players[seat].skills or cause not in self.p.causes:
            return
        if any(self.board.used_on_tonight(s, k, seat) for k in self.p.not_if):
            return
        ctx.emit("pending", {"key": self.pending, "value": seat})

    def on_stage_open(self, ctx: Ctx, key: str) -> None:
        """His shot's stage has opened: he is told it is his to take."""
        seat = ctx.state.pending.get(self.pending)
        if seat is not None:
            ctx.emit("notice", {"key": f"due_{self.key}", "params": {}}, (int(seat),))

    def legal(self, s: State, seat: int) -> LegalAct | None:
        """One living player (not himself)."""
        targets = tuple(t for t in s.living() if self.p.self_ or t != seat)
        return self.pick_form(targets) if targets else None

    def refuse_target(self, s: State, seat: int, target: int) -> str | None:
        """Himself."""
        return "refuse_self"

    def do(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """The shot, if he took it: the target exits now, announced with the shooter."""
        s = ctx.state
        seat = s.pending.get(self.pending)
        if seat is None:
            return self.board.say("trace_none")
        sub = self.submitted(s)
        ctx.emit("pending", {"key": self.pending, "value": None})
        if sub is None or not s.players[sub[1][0]].alive:
            return self.board.say("trace_declined")
        target = sub[1][0]
        self.record_use(ctx, int(seat), (target,))
        self.board.exit(ctx, target, self.key, announce_now=True, by=int(seat))
        return s.players[target].name
