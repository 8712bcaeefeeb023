"""The day vote: every living player votes; the count exiles (放逐) or elects a status (竞选).

M103 「每天白天，所有角色均可参与投票……第一天白天，获得投票最多的角色将成为警长。第二天及以后的白天，获得投票最多的角色将
出局。平票则无人出局。」 with 投票规则 (one change, none in the last hour, 加速 voids changes; R-ALL-07,
R-M103-12: an election tie goes to the first to reach the count); 预女猎白 「放逐投票：得票最多者出局，
平票无人出局」. Weights (the sheriff's 1.5) and lost votes (the revealed idiot) come from the other
mechanics' ``weight`` and ``may_vote``.

XXXII 「21:00-22:00 白天投票阶段」 (R-XXXII-14: the most-voted living piece is voted out, a tie means
nobody; R-XXXII-18: any number of changes, the last vote stands): its tally names no abstentions
(``abstentions: false``), its announcement carries the tally's text alone (``counts: false``), and
the post has no 进程加速 that voids changes (``speedup_voids: false``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bansha.engine.commands import Vote
from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError
from bansha.engine.events import PUBLIC
from bansha.engine.ruleset import LegalAct, LivingForm
from bansha.engine.state import State, current_ballots
from bansha.mechanics import votes
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import Board, Mechanic, Resolution, SkillSpec, Told
from bansha.mechanics.params import Raw

NO_LIMIT = 1_000_000


@dataclass(frozen=True, slots=True)
class VoteParams:
    """``max_changes``: changes allowed after the first vote (null: any number);
    ``freeze_minutes``: no change this close to the deadline; ``abstentions``: the tally names
    the abstentions; ``counts``: the announcement carries each candidate's count beside its
    text; ``speedup_voids``: 进程加速 voids the changes and allows no more."""

    max_changes: int
    freeze_minutes: int
    abstentions: bool
    counts: bool
    speedup_voids: bool


@dataclass(frozen=True, slots=True)
class CountParams:
    """A count step: ``outcome`` ``exile`` or ``elect`` (the ``status`` it gives); ``tie``:
    ``nobody`` or ``first_to_reach`` (the tied candidate who reached the count first)."""

    outcome: str
    status: str | None
    tie: str
    about: str | None = None
    """A text key the vote's form shows while this step is the one that will count it (M103's
    day 1: the vote elects the sheriff, nobody goes out)."""


class DayVote(Mechanic):
    """Votes are recorded as they come (R-ALL-07); the count is a ``do:`` step of the stage."""

    kind = "day_vote"
    plain = False
    about = About(
        params=(
            Param("max_changes", "number", None),
            Param("freeze_minutes", "number", 0),
            Param("abstentions", "flag", True),
            Param("counts", "flag", True),
            Param("speedup_voids", "flag", True),
        ),
        steps=(
            Param("outcome", "choice", "exile", ("exile", "elect")),
            Param("status", "status", None),
            Param(
                "tie",
                "choice",
                "nobody",
                ("nobody", "first_to_reach"),
            ),
            Param("about", "text", None),
        ),
        texts=(
            Need("vote_result", ("day", "tally")),
            Need("nobody_out", ()),
        ),
        causes=("vote",),
        emits=("voted", "announcement", "exited", "holder_set"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        changes = raw.number("max_changes", None)
        self.p = VoteParams(
            NO_LIMIT if changes is None else changes,
            raw.number("freeze_minutes", 0) or 0,
            raw.flag("abstentions", True),
            raw.flag("counts", True),
            raw.flag("speedup_voids", True),
        )
        raw.done()
        self.abstain = (board.word("abstain"),)
        self._form = LivingForm(self.key, self.abstain)
        """A vote's form: any living player, or 弃权."""

    def holds(self, s: State, seat: int) -> bool:
        """Every living player who has not lost his vote."""
        return s.players[seat].alive and self.board.may_vote(s, seat)

    def _accelerated(self, s: State) -> bool:
        return self.p.speedup_voids and s.accelerated == s.day

    def legal(self, s: State, seat: int) -> LegalAct | None:
        """A vote, while the change rules leave one."""
        earlier = s.ballot_counts.get(seat, 0)
        if earlier and (self._accelerated(s) or earlier > self.p.max_changes):
            return None
        return self._form.of(s)

    def cast(self, ctx: Ctx, cmd: Vote) -> None:
        """Check the voter, the target and the change rules; record the vote (public)."""
        s = ctx.state
        board = self.board
        if not s.players[cmd.by].alive:
            raise RuleError(board.say("refuse_out_vote"))
        if not board.may_vote(s, cmd.by):
            raise RuleError(board.say("refuse_no_vote", p=s.players[cmd.by].name))
        if cmd.target is not None and (
            not 0 <= cmd.target < len(s.players) or not s.players[cmd.target].alive
        ):
            raise RuleError(board.say("refuse_vote_target"))  # R-ALL-03
        votes.cast(
            ctx,
            cmd.by,
            cmd.target,
            cmd.at,
            max_changes=self.p.max_changes,
            freeze_minutes=self.p.freeze_minutes,
            accelerated=self._accelerated(s),
        )

    def prepare(self, verb: str, raw: Raw) -> object:
        """A count step's outcome and tie rule."""
        outcome = raw.choice("outcome", ("exile", "elect"), "exile")
        status = raw.text("status", None)
        if outcome == "elect":
            status = self.board.status_ref(status, f"resolution.{self.key}.status")
        out = CountParams(
            outcome,
            status,
            raw.choice("tie", ("nobody", "first_to_reach"), "nobody"),
            raw.text("about", None),
        )
        raw.done()
        return out

    def _first_to_reach(self, s: State, tied: list[int], accelerated: bool) -> int:
        """Of the tied candidates, the first to reach the count (R-M103-12), counted as
        :meth:`do` counts."""
        board = self.board

        def counts_voter(v: int) -> bool:
            return s.players[v].alive and board.may_vote(s, v)

        def counts_target(t: int) -> bool:
            return s.players[t].alive

        def weight(v: int) -> float:
            return board.vote_weight(s, v)

        return votes.first_to_reach(
            s.ballots, tied, accelerated, weight, counts_voter, counts_target
        )

    def do(self, ctx: Ctx, res: Resolution, params: object) -> Told:
        """Count the standing votes, announce the tally, then elect or exile (the trace's line
        kept as data)."""
        assert isinstance(params, CountParams)
        s = ctx.state
        board = self.board
        accelerated = self._accelerated(s)
        standing = current_ballots(s.ballots, accelerated)
        # votes.tally in one loop (no call per ballot): a living voter who keeps his vote, for a
        # living candidate; and the abstentions
        counts: dict[int, float] = {}
        abstain = 0
        players = s.players
        for v, t in standing.items():
            if not players[v].alive or not board.may_vote(s, v):
                continue
            if t is None:
                abstain += 1
            elif players[t].alive:
                counts[t] = counts.get(t, 0.0) + board.vote_weight(s, v)
        if not self.p.abstentions:
            abstain = 0
        tally_text = board.tally_text(s, counts, abstain)
        said: dict[str, Any] = {"key": "vote_result", "params": {"day": s.day, "tally": tally_text}}
        if self.p.counts:
            said["counts"] = {str(k): v for k, v in counts.items()}
        ctx.emit("announcement", said, PUBLIC)
        tied = votes.top(counts)
        if len(tied) > 1 and params.tie == "first_to_reach":
            tied = [self._first_to_reach(s, tied, accelerated)]
        if params.outcome == "elect":
            status = params.status or ""
            if len(tied) != 1:
                ctx.emit("announcement", {"key": f"no_{status}", "params": {}}, PUBLIC)
                return {
                    "key": "trace_tally",
                    "params": {"tally": tally_text, "p": board.say("trace_none")},
                }
            winner = tied[0]
            ctx.emit("holder_set", {"status": status, "seat": winner}, PUBLIC)
            ctx.emit(
                "announcement",
                {"key": f"elected_{status}", "params": {"p": winner}, "holders": {status: winner}},
                PUBLIC,
            )
            return {
                "key": "trace_tally",
                "params": {"tally": tally_text, "p": s.players[winner].name},
            }
        if len(tied) != 1:
            ctx.emit("announcement", {"key": "nobody_out", "params": {}}, PUBLIC)
            return {
                "key": "trace_tally",
                "params": {"tally": tally_text, "p": board.say("trace_none")},
            }
        out = tied[0]
        name = s.players[out].name
        if board.voted_out(ctx, out):
            board.exit(ctx, out, "vote", announce_now=True)
        return {"key": "trace_tally", "params": {"tally": tally_text, "p": name}}
