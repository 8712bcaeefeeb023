"""Proposal: each round the captain and the next living seats each submit a team of the round's
size; the captaincy passes to the next seat after the proposer whose team went.

M186 【非身份】队长 「开局队长为随机一个角色当选 出征决议[强制]——队长以及队长电梯楼下方4个共计5个角色需在12:00之前提交
本轮对应人数的出征角色名单。 队长轮换[强制]——提议通过的出征名单，其提出者的下家成为新的队长。」; 【出征人数】 「每次队长选
择出征人数时，需要选中对应数量名角色出征，不可多选也不可少选。」 (R-M186-03: a missing proposal fails, except the
last, which is then a random legal team; R-ALL-01: removed players are skipped in seat order).

The mechanic's memory is what is owed (``State.pending``): the round's proposers in order
(``due``), then their teams to approve (``teams_due``, written by :meth:`Proposal.do`, None for
a missing one); the captain is a status holder (``holder_set``).
The round is the count of the missions' uses (``missions``) plus one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bansha.engine import draws
from bansha.engine.commands import Act
from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError
from bansha.engine.events import PUBLIC
from bansha.engine.ruleset import LegalAct, form
from bansha.engine.state import State
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import LIST_SEP, Board, Mechanic, Resolution, SkillSpec
from bansha.mechanics.params import Raw


def next_living(s: State, seat: int, step: int = 1) -> int:
    """下家 (``step`` 1) or 上家 (-1) of ``seat``, skipping removed players (R-ALL-01)."""
    n = len(s.players)
    for k in range(1, n + 1):
        x = (seat + step * k) % n
        if s.players[x].alive:
            return x
    return seat


@dataclass(frozen=True, slots=True)
class ProposalParams:
    """``sizes``: the team size of each round (the last for any later); ``proposers``: how many
    propose a round (the captain first); ``random_last``: the last proposer's missing team is
    random; ``captain``: the status; ``missions``: the skill whose uses are the rounds played;
    ``due``: the pending key of the round's proposers; ``teams_due``: the pending key their
    teams are owed approvals under; the texts."""

    sizes: tuple[int, ...]
    proposers: int
    random_last: bool
    captain: str
    missions: str
    due: str
    teams_due: str
    announce: str
    proposal: str
    missing: str
    random: str


class Proposal(Mechanic):
    """The round's proposals: who proposes, the team's size, the teams at the close."""

    kind = "proposal"
    validates = True
    about = About(
        params=(
            Param("sizes", "numbers", (4, 5, 6, 6, 7)),
            Param("proposers", "number", 5),
            Param("random_last", "flag", True),
            Param("captain", "status", "captain"),
            Param("missions", "skill", "mission"),
            Param("due", "text", "due:{skill}"),
            Param("teams_due", "text", "due:approve"),
            Param("announce", "text", "proposers_{skill}"),
            Param("proposal", "text", "proposal_{skill}"),
            Param("missing", "text", "missing_{skill}"),
            Param("random", "text", "random_{skill}"),
        ),
        texts=(
            Need("{announce}", ("day", "p", "size", "ps")),
            Need("{proposal}", ("p", "ps")),
            Need("{missing}", ("p",)),
            Need("{random}", ("p", "ps")),
            Need("refuse_team_size", ("n",)),
            Need("refuse_team_out", ()),
            Need("fixed_captain", ("name",), False),
            Need("trace_random_team", ("round",), False),
        ),
        emits=("holder_set", "pending", "announcement", "acted", "trace"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params"
        a = self.about
        proposers = raw.number("proposers", a.default("proposers"))
        self.p = ProposalParams(
            raw.numbers("sizes", a.default("sizes")),
            int(proposers or 1),
            raw.flag("random_last", a.default("random_last")),
            str(board.status_ref(raw.text("captain", a.default("captain")), f"{where}.captain")),
            board.skill_ref(raw.text("missions", a.default("missions")), f"{where}.missions"),
            self.text_key(raw, "due"),
            str(raw.text("teams_due", a.default("teams_due"))),
            self.text_key(raw, "announce"),
            self.text_key(raw, "proposal"),
            self.text_key(raw, "missing"),
            self.text_key(raw, "random"),
        )
        raw.done()
        self._owed: tuple[Any, frozenset[int]] | None = None
        """The round's proposers as the state holds them (its own list, until the next round) and
        as a set."""
        self._offered: tuple[tuple[int, ...], int, LegalAct] | None = None
        """The last form offered, with the living seats (the state's own tuple, kept until the
        next exit) and the size it was built for: the round's proposers share it."""

    def values(self) -> dict[str, str]:
        """The text keys of the round's announcements."""
        p = self.p
        return {
            "announce": p.announce,
            "proposal": p.proposal,
            "missing": p.missing,
            "random": p.random,
        }

    # ------------------------------------------------------------------ the round
    def round(self, s: State) -> int:
        """The round being played: the missions so far plus one."""
        return len(s.uses.get(self.p.missions, ())) + 1

    def size(self, s: State) -> int:
        """This round's team size."""
        sizes = self.p.sizes
        return sizes[min(self.round(s), len(sizes)) - 1]

    def proposers(self, s: State) -> list[int]:
        """The round's proposers, in order (the captain first)."""
        return list(s.pending.get(self.p.due, ()))

    def on_deal(self, ctx: Ctx, dealt: list[str], fixed: dict[str, Any]) -> None:
        """Its ``setup:`` step: the first captain (a scenario's ``fixed.captain``)."""
        self.first_captain(ctx, fixed.get("captain"))

    def first_captain(self, ctx: Ctx, name: str | None) -> int:
        """开局队长为随机一个角色当选 (a scenario may pin him, ``fixed.captain``)."""
        s = ctx.state
        status = {"status": self.p.captain}
        if name is not None:
            names = {p.name: p.seat for p in s.players}
            if str(name) not in names:
                raise RuleError(self.board.say("fixed_captain", name=name))
            captain = names[str(name)]
            ctx.emit("holder_set", {**status, "seat": captain}, PUBLIC)
        else:
            captain = draws.randrange(ctx.rng(), len(s.players))
            ctx.emit("holder_set", {**status, "seat": captain}, PUBLIC, chance=True)
        return captain

    def open_round(self, ctx: Ctx) -> None:
        """The round's proposers named: the captain (his 下家 if he is out) and the next living
        seats, announced with the round's size."""
        s = ctx.state
        key = self.p.captain
        captain = s.holders.get(key)
        if captain is None or not s.players[captain].alive:
            captain = next_living(s, captain if captain is not None else 0)
            ctx.emit("holder_set", {"status": key, "seat": captain}, PUBLIC)
        proposers = [captain]
        while len(proposers) < self.p.proposers:
            nxt = next_living(s, proposers[-1])
            if nxt in proposers:
                break
            proposers.append(nxt)
        ctx.emit("pending", {"key": self.p.due, "value": proposers})
        params = {"day": self.round(s), "p": captain, "size": self.size(s), "ps": proposers}
        data = {"key": self.p.announce, "params": params, "holders": {key: captain}}
        ctx.emit("announcement", data, PUBLIC)

    def next_captain(self, s: State, proposer: int) -> int:
        """队长轮换: the 下家 of the proposer whose team went."""
        return next_living(s, proposer)

    def on_phase_start(self, ctx: Ctx, phase: str, day: int) -> None:
        """Its ``start`` step: the round's proposers named."""
        self.open_round(ctx)

    def pass_captaincy(self, ctx: Ctx, proposer: int) -> int:
        """队长轮换: the 下家 of the proposer whose team went is the new captain."""
        captain = self.next_captain(ctx.state, proposer)
        ctx.emit("holder_set", {"status": self.p.captain, "seat": captain}, PUBLIC)
        return captain

    # ------------------------------------------------------------------ acts
    def legal(self, s: State, seat: int) -> LegalAct | None:
        """A proposer submits a team of the round's size among the living."""
        proposers = s.pending.get(self.p.due)
        if proposers is None:
            return None
        owed = self._owed
        if owed is None or owed[0] is not proposers:
            owed = self._owed = (proposers, frozenset(proposers))
        if seat not in owed[1]:
            return None
        living, size = s.living(), self.size(s)
        offered = self._offered
        if offered is not None and offered[0] is living and offered[1] == size:
            return offered[2]
        built = form(self.key, living, size)
        self._offered = (living, size, built)
        return built

    def validate(self, s: State, cmd: Act) -> str | None:
        """「需要选中对应数量名角色出征，不可多选也不可少选」, every one still in the game."""
        size = self.size(s)
        team = cmd.targets
        if len(team) != size or len(set(team)) != size:
            return "refuse_team_size"
        if any(not 0 <= t < len(s.players) or not s.players[t].alive for t in team):
            return "refuse_team_out"
        return None

    def refusal(self, s: State, seat: int, reason: str) -> str:
        """A refusal's words (the team size filled in)."""
        return self.board.say(reason, n=self.size(s))

    # ------------------------------------------------------------------ resolution
    def do(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """The proposals published in order; a missing one fails, the last one's is then random
        (R-M186-03); the teams are owed their approvals."""
        s = ctx.state
        proposers = self.proposers(s)
        if not proposers:
            return ""  # nobody was owed a proposal (a stage held out of its turn)
        size = self.size(s)
        teams: list[list[int] | None] = []
        for i, seat in enumerate(proposers):
            rec = s.acts.get((seat, self.key))
            team: list[int] | None
            if rec is not None and all(s.players[t].alive for t in rec.targets):
                team = sorted(rec.targets)
                data: dict[str, Any] = {"key": self.p.proposal, "params": {"p": seat, "ps": team}}
                ctx.emit("announcement", data, PUBLIC)
            elif i == len(proposers) - 1 and self.p.random_last:
                team = sorted(draws.sample(ctx.rng(), list(s.living()), size))
                names = LIST_SEP.join(s.players[x].name for x in team)
                title = self.board.say("trace_random_team", round=self.round(s))
                trace = {"random_team": team, "title": title, "lines": [names]}
                ctx.emit("trace", trace, chance=True)
                data = {"key": self.p.random, "params": {"p": seat, "ps": team}}
                ctx.emit("announcement", data, PUBLIC)
            else:
                team = None
                ctx.emit("announcement", {"key": self.p.missing, "params": {"p": seat}}, PUBLIC)
            teams.append(team)
        ctx.emit("pending", {"key": self.p.teams_due, "value": teams})
        return ""
