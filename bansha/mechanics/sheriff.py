"""The sheriff (警长): a status with a weighted vote, passed on when its holder exits.

M103 「竞岗<强制> —— 在游戏的第一天投票结束后，最先获得投票数最多的角色当选警长。」「带队<强制> —— 计算投票数量时警长
投出的票计为1.5票。」「殉职<强制> —— 警长并非因为罚下而出局后，须选择一名未出局的角色来继任警长。」「警长因红牌罚下而
出局后，下任警长将被随机指定。」 (R-M103-12/13: named in effect at once; not named in time, or a
player who died the same night named, a random living successor; R-M103-19: a change at night
is told to the heir at once and announced when the day begins); 预女猎白's 警长 (option
``sheriff: election``): 1.5 votes; 移交警徽 or tear it up (``on_missing: lost``); a wolf who
self-destructs takes the badge with him (``lost_on: [self_destruct]``). The election is a count
step of the day vote (``outcome: elect``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bansha.engine import draws
from bansha.engine.commands import Act
from bansha.engine.context import Ctx
from bansha.engine.events import PUBLIC
from bansha.engine.ruleset import LegalAct
from bansha.engine.state import State
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.announce import announce
from bansha.mechanics.base import Board, Mechanic, Resolution, SkillSpec
from bansha.mechanics.params import Raw


@dataclass(frozen=True, slots=True)
class SheriffParams:
    """``status``: the status key; ``weight``: his vote; ``names``: the successor takes the
    badge ``at_once`` when named, or ``at_close`` of the stage; ``on_missing``: none named by the
    close gives a ``random`` successor or the badge is ``lost``; ``red_card``: the same after a
    red card; ``lost_on``: exit causes that lose the badge outright."""

    status: str
    weight: float
    names: str
    on_missing: str
    red_card: str
    lost_on: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SuccessionStep:
    """A succession step of a resolution table: which sheriff it settles (``exited``)."""

    exited: str


class Sheriff(Mechanic):
    """The succession act of the sheriff who has just exited, and his vote weight.

    Texts (keys by status): ``due_<skill>`` (told to him), ``exit_<status>`` (announced by day),
    ``succeeded_<status>``, ``random_<status>``, ``lost_<status>``, and ``you_are_<status>`` (told to
    the heir while the announcement waits for the day).
    """

    kind = "sheriff"
    plain = False
    hint = "protect"
    by_due = True
    hooks = frozenset({"on_exit", "weight"})
    about = About(
        params=(
            Param("status", "status", "sheriff"),
            Param("weight", "real", 1.5),
            Param("names", "choice", "at_close", ("at_once", "at_close")),
            Param("on_missing", "choice", "random", ("random", "lost")),
            Param("red_card", "choice", "random", ("random", "lost")),
            Param("lost_on", "causes", ()),
        ),
        texts=(
            Need("due_{skill}", ("p",)),
            Need("exit_{status}", ("p",)),
            Need("you_are_{status}", ()),
            Need("succeeded_{status}", ("p",)),
            Need("random_{status}", ("p",)),
            Need("lost_{status}", ()),
        ),
        steps=(
            Param(
                "exited",
                "choice",
                "any",
                ("any", "earlier"),
            ),
        ),
        emits=("pending", "notice", "announcement", "holder_set"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params.status"
        self.p = SheriffParams(
            board.status_ref(raw.text("status", "sheriff"), where) or "sheriff",
            raw.real("weight", 1.5),
            raw.choice("names", ("at_once", "at_close"), "at_close"),
            raw.choice("on_missing", ("random", "lost"), "random"),
            raw.choice("red_card", ("random", "lost"), "random"),
            raw.words("lost_on"),
        )
        raw.done()
        self.pending = f"due:{self.key}"
        self.settles: dict[str, SuccessionStep] = {}
        """The stages whose resolution settles a successor, and which sheriff each settles."""

    def step_in(self, stage: str, verb: str, params: object) -> None:
        """Remember which stages settle the succession (their closes are when it is owed)."""
        if isinstance(params, SuccessionStep):
            self.settles[stage] = params

    def owes(self, s: State, seat: int) -> bool:
        """He owes the successor by a close that settles it for him: the night's first stage for
        a sheriff who left earlier, his 殉职 stage for one who left tonight (R-M103-21)."""
        step = self.settles.get(s.stage_key)
        return step is not None and self._settled_by(step, s, seat)

    def _settled_by(self, step: SuccessionStep, s: State, seat: int) -> bool:
        p = s.players[seat]
        return step.exited == "any" or not (p.exit_day == s.day and p.exit_phase == s.phase)

    def values(self) -> dict[str, str]:
        """The status its texts are named after."""
        return {"status": self.p.status}

    def due(self, s: State) -> tuple[int, ...]:
        """The sheriff who has just exited and names his successor."""
        seat = s.pending.get(self.pending)
        return () if seat is None else (int(seat),)

    def holds(self, s: State, seat: int) -> bool:
        """Only the sheriff who must name a successor, out as he is."""
        pending = s.pending
        if not pending:  # most polls: nothing pending, no lookup
            return False
        due = pending.get(self.pending)
        return due is not None and due == seat

    def counts(self, s: State, seat: int) -> bool:
        """A successor named ``at_once`` took the badge when named: nothing later withdraws it
        (a dead heir is replaced at random, his exit saying why); one named ``at_close`` waits for
        the close while the duty stands."""
        return self.p.names == "at_once" or self.holds(s, seat)

    def weight(self, s: State, voter: int) -> float:
        """带队: the sheriff's vote counts ``weight``."""
        return self.p.weight if s.holders.get(self.p.status) == voter else 1.0

    def legal(self, s: State, seat: int) -> LegalAct | None:
        """Anyone not yet announced out but himself (tonight's other dead stay on the list, so
        the list tells him nothing; a dead heir is replaced at random, R-M103-13)."""
        targets = tuple(
            p.seat for p in s.players if p.seat != seat and (p.alive or p.seat not in s.announced)
        )
        return self.pick_form(targets) if targets else None

    def submit(self, ctx: Ctx, cmd: Act) -> None:
        """Named ``at_once``: the badge passes now; else the name waits for the stage's close."""
        if self.p.names != "at_once":
            super().submit(ctx, cmd)
            return
        self.board.record_act(ctx, cmd, (cmd.by,), None)
        ctx.emit("pending", {"key": self.pending, "value": None})
        self._heir(ctx, cmd.targets[0])

    def on_exit(self, ctx: Ctx, seat: int, cause: str, chain: list[tuple[int, str]]) -> None:
        """The sheriff exits: the badge waits for his successor, is drawn, or is lost."""
        s = ctx.state
        status = self.p.status
        if s.holders.get(status) != seat:
            return
        ctx.emit("holder_set", {"status": status, "seat": None})
        if cause in self.p.lost_on:
            self._lost(ctx)
        elif cause == "red_card":
            self._random(ctx) if self.p.red_card == "random" else self._lost(ctx)
        else:
            ctx.emit("pending", {"key": self.pending, "value": seat})
            ctx.emit("notice", {"key": f"due_{self.key}", "params": {"p": seat}}, (seat,))
            if not self.board.holds_announcements(s):
                # 投票结束后，因投票而触发的警长<殉职>……立即公示
                ctx.emit("announcement", {"key": f"exit_{status}", "params": {"p": seat}}, PUBLIC)

    def prepare(self, verb: str, raw: Raw) -> object:
        """A succession step's ``exited``: ``any`` sheriff who owes a successor, or only one who
        exited ``earlier`` than the current phase (R-M103-21: the night's first stage settles the
        sheriff voted out by day; one who left during the night has a 殉职 stage of his own)."""
        out = SuccessionStep(raw.choice("exited", ("any", "earlier"), "any"))
        raw.done()
        return out

    def do(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """The stage closes: the successor named in it (``at_close``), else a random one or no
        sheriff (``on_missing``); a sheriff the step is not for keeps his duty."""
        s = ctx.state
        old = s.pending.get(self.pending)
        if old is None:
            return self.board.say("trace_none")
        if isinstance(params, SuccessionStep) and not self._settled_by(params, s, int(old)):
            return self.board.say("trace_none")  # he left in this phase: his own stage follows
        sub = self.submitted(s)
        ctx.emit("pending", {"key": self.pending, "value": None})
        if sub is not None:
            return self._heir(ctx, sub[1][0])
        if self.p.on_missing == "random":
            return self._random(ctx)
        return self._lost(ctx)

    def _heir(self, ctx: Ctx, heir: int) -> str:
        """The named successor, or a random living one when he died the same night."""
        if not ctx.state.players[heir].alive:
            return self._random(ctx)
        self._give(ctx, heir, "succeeded")
        return ctx.state.players[heir].name

    def _give(self, ctx: Ctx, heir: int, how: str, chance: bool = False) -> None:
        """The badge to ``heir``: public at once, or (while announcements wait: at night) told to
        him now and to everyone when the day begins."""
        s = ctx.state
        status = self.p.status
        hold = self.board.holds_announcements(s)
        data: dict[str, Any] = {"status": status, "seat": heir}
        if chance:
            data["random"] = True
        ctx.emit("holder_set", data, (heir,) if hold else PUBLIC, chance=chance)
        if hold:  # he learns it now (R-M103-19), everyone else when the day begins
            ctx.emit("notice", {"key": f"you_are_{status}", "params": {}}, (heir,))
        announce(
            ctx,
            {"key": f"{how}_{status}", "params": {"p": heir}, "holders": {status: heir}},
            hold,
        )

    def _random(self, ctx: Ctx) -> str:
        s = ctx.state
        living = s.living()
        if not living:
            return self._lost(ctx)
        heir = draws.choice(ctx.rng(), living)
        self._give(ctx, heir, "random", chance=True)
        return s.players[heir].name

    def _lost(self, ctx: Ctx) -> str:
        status = self.p.status
        hold = self.board.holds_announcements(ctx.state)
        announce(ctx, {"key": f"lost_{status}", "params": {}, "holders": {status: None}}, hold)
        return self.board.say("trace_lost")
