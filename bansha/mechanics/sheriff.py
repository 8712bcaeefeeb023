"""The sheriff (警长): a status with a weighted vote, passed on when its holder exits.

M103 「竞岗<强制> —— 在游戏的第一天投票结束后，最先获得投票数最多的角色当选警长。」「带队<强制> —— 计算投票数量时警长
投出的票计为1.5票。」「殉职<强制> —— 警长并非因为罚下而出局后，须选择一名未出局的角色来继任警长。」「警长因红牌罚下而
出局后，下任警长将被随机指定。」 (R-M103-12/13: a successor not named in time is drawn at random);
预女猎白's 警长 (option ``sheriff: election``): 1.5 votes; 移交警徽 or tear it up (``on_missing: lost``);
a wolf who self-destructs takes the badge with him (``lost_on: [self_destruct]``). The election is
a count step of the day vote (``outcome: elect``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bansha.engine.context import Ctx
from bansha.engine.events import PUBLIC
from bansha.engine.ruleset import LegalAct
from bansha.engine.state import State
from bansha.mechanics import omissions
from bansha.mechanics.base import Mechanic, Resolution, SkillSpec
from bansha.mechanics.params import Raw

if TYPE_CHECKING:
    from bansha.mechanics.pipeline import Pipeline


@dataclass(frozen=True, slots=True)
class SheriffParams:
    """``status``: the status key; ``weight``: his vote; ``on_missing``: no successor named in
    time gives a ``random`` one or the badge is ``lost``; ``red_card``: the same after a red card;
    ``lost_on``: exit causes that lose the badge outright."""

    status: str
    weight: float
    on_missing: str
    red_card: str
    lost_on: tuple[str, ...]


class Sheriff(Mechanic):
    """The succession act (``skill``) of the sheriff who has just exited, and his vote weight."""

    kind = "sheriff"
    hooks = frozenset({"on_exit", "weight", "on_phase_start"})
    hint = "protect"
    by_due = True

    def __init__(self, board: Pipeline, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params.status"
        self.p = SheriffParams(
            board.status_ref(raw.text("status", "sheriff"), where) or "sheriff",
            raw.real("weight", 1.5),
            raw.choice("on_missing", ("random", "lost"), "random"),
            raw.choice("red_card", ("random", "lost"), "random"),
            raw.words("lost_on"),
        )
        raw.done()
        self.pending = f"due:{self.key}"
        self.night_news = f"news:{self.key}"

    def due(self, s: State) -> tuple[int, ...]:
        """The sheriff who has just exited and names his successor."""
        seat = s.pending.get(self.pending)
        return () if seat is None else (int(seat),)

    def holds(self, s: State, seat: int) -> bool:
        """Only the sheriff who must name a successor, out as he is."""
        return s.pending.get(self.pending) == seat

    def weight(self, s: State, voter: int) -> float:
        """带队: the sheriff's vote counts ``weight``."""
        return self.p.weight if s.holders.get(self.p.status) == voter else 1.0

    def legal(self, s: State, seat: int) -> LegalAct | None:
        """Anyone not yet announced out but himself (tonight's other dead stay on the list, so
        the list tells him nothing; a dead heir is replaced at random, R-M103-13)."""
        targets = tuple(
            p.seat for p in s.players if p.seat != seat and (p.alive or p.seat not in s.announced)
        )
        return LegalAct(self.key, targets, 1) if targets else None

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
            if s.phase != "night":
                ctx.emit("announcement", {"key": f"due_{self.key}", "params": {"p": seat}}, PUBLIC)

    def do(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """The named successor, if still in; else a random one or no sheriff (``on_missing``)."""
        s = ctx.state
        old = s.pending.get(self.pending)
        if old is None:
            return self.board.say("trace_none")
        sub = self.submitted(s)
        ctx.emit("pending", {"key": self.pending, "value": None})
        if sub is not None and s.players[sub[1][0]].alive:
            self._give(ctx, sub[1][0], "succeeded")
            return s.players[sub[1][0]].name
        if sub is None:
            omissions.record(ctx, [int(old)], self.key)
        if self.p.on_missing == "random":
            return self._random(ctx)
        return self._lost(ctx)

    def _give(self, ctx: Ctx, heir: int, how: str, chance: bool = False) -> None:
        """The badge to ``heir``: public by day; by night only he knows until the morning."""
        s = ctx.state
        status = self.p.status
        night = s.phase == "night"
        data = {"status": status, "seat": heir} | ({"random": True} if chance else {})
        ctx.emit("holder_set", data, (heir,) if night else PUBLIC, chance=chance)
        if night:
            ctx.emit("pending", {"key": self.night_news, "value": how})
        else:
            ctx.emit(
                "announcement",
                {"key": f"{how}_{status}", "params": {"p": heir}, "holders": {status: heir}},
                PUBLIC,
            )

    def _random(self, ctx: Ctx) -> str:
        s = ctx.state
        living = s.living()
        if not living:
            return self._lost(ctx)
        heir = ctx.rng().choice(living)
        self._give(ctx, heir, "random", chance=True)
        return s.players[heir].name

    def _lost(self, ctx: Ctx) -> str:
        s = ctx.state
        if s.phase == "night":
            ctx.emit("pending", {"key": self.night_news, "value": "lost"})
        else:
            ctx.emit(
                "announcement",
                {"key": f"lost_{self.p.status}", "params": {}, "holders": {self.p.status: None}},
                PUBLIC,
            )
        return self.board.say("trace_lost")

    def on_phase_start(self, ctx: Ctx, phase: str, day: int) -> None:
        """The morning after a night change of sheriff: announce who holds the badge now."""
        s = ctx.state
        news = s.pending.get(self.night_news)
        if phase != "day" or news is None:
            return
        ctx.emit("pending", {"key": self.night_news, "value": None})
        status = self.p.status
        heir = s.holders.get(status)
        if news == "lost" or heir is None:
            key, params = f"lost_{status}", {}
        else:
            key, params = f"{news}_{status}", {"p": heir}
        ctx.emit("announcement", {"key": key, "params": params, "holders": {status: heir}}, PUBLIC)
