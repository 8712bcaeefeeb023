"""A two-round day vote: a trial round with a threshold, a runoff between two tied, and a
tie-break by the previous night's victim.

bs46 一: 「投票采用两轮投票制。第一轮投票为试探性投票，得票超过40%的最高票被判出局。如果试探性投票中出现2位得票
超过40%且票数相同者，则进入第二轮高票辩论投票，此轮得票最高者死。如再度平票，由前夜被杀者选择出局玩家。」
(R-BS46-08: 40% of the ballots cast, abstentions counted, or of the living players: ``base``; on
day 1, or when the victim does not answer, nobody goes out; otherwise nobody is out and night
starts); 说明1–6 「每次投票只允许改票1次」「投票时间结束前1小时内不允许改票」「弃权票也视为一次投票或改票」
(``max_changes``, ``freeze_minutes``).

The skill is the vote; its three stages are the data file's (``round``: the trial round over every
living player; ``runoff``: the vote between the two tied, held while it is owed; ``decide``: the
victim's choice, held while it is owed). The victim's choice is the skill ``decide`` names: an act
of the player the ``killed_by`` cause put out the night before, alive or not. Each stage's ``do:``
step closes it. The mechanic's memory is the decisions owed (``State.pending``:
``due:<runoff stage>`` the tied pair, ``due:<decide stage>`` ``{by, between}``); the previous
night's victim is read from the exits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bansha import texts
from bansha.engine.commands import Act, Vote
from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError, SetupError
from bansha.engine.events import PUBLIC
from bansha.engine.ruleset import LegalAct, LivingForm, form
from bansha.engine.state import State, current_ballots
from bansha.mechanics import votes
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import Board, Mechanic, Resolution, SkillSpec
from bansha.mechanics.params import Raw

BASES = ("ballots", "living")
"""What the threshold is a share of: the ballots cast (abstentions count), or the living."""


@dataclass(frozen=True, slots=True)
class RunoffVoteParams:
    """See the module docstring."""

    round: str
    runoff: str
    decide_stage: str
    decide: str
    threshold: float
    base: str
    killed_by: str
    cause: str
    reveal: bool
    abstain: str
    max_changes: int | None
    freeze_minutes: int


class RunoffVote(Mechanic):
    """The day's vote in two rounds, and the victim's tie-break."""

    kind = "runoff_vote"
    plain = False
    about = About(
        params=(
            Param("round", "text", None, required=True),
            Param("runoff", "text", None, required=True),
            Param("decide_stage", "text", None, required=True),
            Param("decide", "skill", None, required=True),
            Param("threshold", "real", None, required=True),
            Param(
                "base",
                "choice",
                None,
                BASES,
                required=True,
            ),
            Param("killed_by", "cause", None, required=True),
            Param("cause", "cause", None, required=True),
            Param("reveal", "flag", None, required=True),
            Param("abstain", "text", None, required=True),
            Param("max_changes", "number", None, required=True),
            Param("freeze_minutes", "number", None, required=True),
        ),
        texts=(
            Need("round1_result", ("day", "tally", "base", "need")),
            Need("round2_result", ("day", "tally")),
            Need("voted_out", ("p", "role")),
            Need("decided_out", ("p", "role")),
            Need("nobody_out", ()),
            Need("runoff", ("ps",)),
            Need("runoff_tie", ("p",)),
            Need("runoff_tie_nobody", ()),
            Need("not_decided", ()),
            Need("refuse_no_vote", ()),
            Need("refuse_vote_out", ()),
            Need("refuse_vote_target", ()),
            Need("refuse_runoff_target", ()),
            Need("refuse_decide_target", ()),
        ),
        causes=("{cause}",),
        emits=("voted", "pending", "announcement", "exited"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params"
        raw.require(self.about.required())  # every parameter is the board's to give
        freeze = raw.number("freeze_minutes", None)
        self.p = RunoffVoteParams(
            raw.need("round"),
            raw.need("runoff"),
            raw.need("decide_stage"),
            board.skill_ref(raw.need("decide"), f"{where}.decide"),
            raw.real("threshold", 0.0),
            raw.need("base", BASES),
            raw.need("killed_by"),
            raw.need("cause"),
            raw.flag("reveal", False),
            raw.need("abstain"),
            raw.number("max_changes", None),
            0 if freeze is None else freeze,
        )
        raw.done()
        self._choices = (board.word_of(self.p.abstain, f"{where}.abstain"),)
        self._round_form = LivingForm(self.key, self._choices)
        self.runoff_due = f"due:{self.p.runoff}"
        """The 高票对辩 owed (pending): the two players tied above the threshold."""
        self.decide_due = f"due:{self.p.decide_stage}"
        """The 高票讨论 owed (pending): ``{by: the previous night's victim, between: the pair}``."""

    def due(self, s: State) -> tuple[int, ...]:
        """While the 高票对辩 is owed, every living player votes in it (``when: due:<skill>``)."""
        if self.runoff_due not in s.pending:
            return ()
        return tuple(s.living())

    # ------------------------------------------------------------------ acts
    def holds(self, s: State, seat: int) -> bool:
        """Every living player votes (死亡的玩家失去投票权)."""
        return s.players[seat].alive

    def may_vote(self, s: State, seat: int) -> bool:
        """Alive, with a change left (说明2: 每次投票只允许改票1次)."""
        limit = self.p.max_changes
        return s.players[seat].alive and (limit is None or s.ballot_counts.get(seat, 0) <= limit)

    def legal(self, s: State, seat: int) -> LegalAct | None:
        """Round 1: any living player or 弃权; the runoff: one of the two, or 弃权."""
        key = s.stage_key
        if not self.may_vote(s, seat):
            return None
        if key == self.p.round:
            return self._round_form.of(s)
        if key == self.p.runoff:
            pair = s.pending.get(self.runoff_due)
            if not pair:  # a runoff stage held with no tie owed offers nothing
                return None
            return form(self.key, tuple(pair), 1, self._choices)
        return None

    def cast(self, ctx: Ctx, cmd: Vote) -> None:
        """A vote of either round, refused with the post's reason."""
        s = ctx.state
        if s.stage_key not in (self.p.round, self.p.runoff):
            raise RuleError(self.board.say("refuse_no_vote"))
        if not s.players[cmd.by].alive:
            raise RuleError(self.board.say("refuse_vote_out"))
        if cmd.target is not None:
            if not 0 <= cmd.target < len(s.players) or not s.players[cmd.target].alive:
                raise RuleError(self.board.say("refuse_vote_target"))
            if s.stage_key == self.p.runoff and cmd.target not in (
                s.pending.get(self.runoff_due) or ()
            ):
                raise RuleError(self.board.say("refuse_runoff_target"))
        votes.cast(
            ctx,
            cmd.by,
            cmd.target,
            cmd.at,
            max_changes=self.p.max_changes,
            freeze_minutes=self.p.freeze_minutes,
            accelerated=False,
        )

    # ------------------------------------------------------------------ closing
    def do(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """The stage closing: round 1, the runoff or the victim's choice (R-BS46-08)."""
        key = ctx.state.stage_key
        if key == self.p.round:
            self._close_round(ctx)
        elif key == self.p.runoff:
            self._close_runoff(ctx)
        elif key == self.p.decide_stage:
            self._close_decide(ctx)
        return ""

    def _tally(self, s: State) -> tuple[dict[int, float], int, str]:
        standing = current_ballots(s.ballots, False)
        board = self.board
        players = s.players
        # votes.tally in one loop (no call per ballot): a living voter who keeps his vote, for a
        # living candidate; with the ballots cast and the abstentions, by living voters
        counts: dict[int, float] = {}
        cast = abstain = 0
        for v, t in standing.items():
            if not players[v].alive:
                continue
            cast += 1
            if t is None:
                abstain += 1
            elif players[t].alive and board.may_vote(s, v):
                counts[t] = counts.get(t, 0.0) + board.vote_weight(s, v)
        return counts, cast, board.tally_text(s, counts, abstain)

    def _close_round(self, ctx: Ctx) -> None:
        """Round 1: out if more than the threshold; two tied above it go to the runoff."""
        s = ctx.state
        counts, cast, text = self._tally(s)
        base = cast if self.p.base == "ballots" else len(s.living())
        need = base * self.p.threshold
        params = {"day": s.day, "tally": text, "base": base, "need": f"{need:g}"}
        ctx.emit("announcement", {"key": "round1_result", "params": params}, PUBLIC)
        above = [c for c, n in counts.items() if n > need]
        tied = votes.top(counts)
        if len(tied) == 1 and tied[0] in above:
            self._out(ctx, tied[0], "voted_out")
        elif len(tied) == 2 and all(c in above for c in tied):
            ctx.emit("pending", {"key": self.runoff_due, "value": tied})
            ctx.emit("announcement", {"key": "runoff", "params": {"ps": tied}}, PUBLIC)
        else:
            ctx.emit("announcement", {"key": "nobody_out", "params": {}}, PUBLIC)

    def _close_runoff(self, ctx: Ctx) -> None:
        """Round 2: most votes is out; a second tie goes to the previous night's victim."""
        s = ctx.state
        pair = list(s.pending.get(self.runoff_due) or ())
        if not pair:  # no tie was owed (a stage held by another condition): nothing to count
            return
        ctx.emit("pending", {"key": self.runoff_due, "value": None})
        counts, _, text = self._tally(s)
        params = {"day": s.day, "tally": text}
        ctx.emit("announcement", {"key": "round2_result", "params": params}, PUBLIC)
        tied = votes.top({c: counts.get(c, 0.0) for c in pair})
        if len(tied) == 1:
            self._out(ctx, tied[0], "voted_out")
            return
        victim = self.killed(s, s.day - 1)
        if s.day > 1 and victim is not None:
            ctx.emit("pending", {"key": self.decide_due, "value": {"by": victim, "between": pair}})
            ctx.emit("announcement", {"key": "runoff_tie", "params": {"p": victim}}, PUBLIC)
        else:
            ctx.emit("announcement", {"key": "runoff_tie_nobody", "params": {}}, PUBLIC)

    def _close_decide(self, ctx: Ctx) -> None:
        """高票讨论: the victim names who goes out; no answer, nobody."""
        s = ctx.state
        decide = s.pending.get(self.decide_due)
        if decide is None:  # no decision was owed: nobody goes out by it
            return
        ctx.emit("pending", {"key": self.decide_due, "value": None})
        rec = s.acts.get((decide["by"], self.p.decide))
        if rec is not None and s.players[rec.targets[0]].alive:
            self._out(ctx, rec.targets[0], "decided_out")
        else:
            ctx.emit("announcement", {"key": "not_decided", "params": {}}, PUBLIC)

    def killed(self, s: State, night: int) -> int | None:
        """The player ``killed_by`` put out on ``night`` (前夜被杀者), if anyone."""
        cause = self.p.killed_by
        for p in s.players:
            if p.exit_cause == cause and p.exit_phase == "night" and p.exit_day == night:
                return p.seat
        return None

    def _out(self, ctx: Ctx, seat: int, key: str) -> None:
        """He is out by the vote, announced with his identity (``reveal``, R-BS46-09)."""
        s = ctx.state
        board = self.board
        role = board.role_name(s.players[seat].role)
        board.exit(ctx, seat, self.p.cause, announce_now=False)
        data: dict[str, Any] = {"key": key, "params": {"p": seat}, "exits": [seat]}
        if self.p.reveal:
            data["params"]["role"] = role
            data["revealed"] = [[seat, role]]
        ctx.emit("announcement", data, PUBLIC)
        board.check_outcome(ctx)


class RunoffDecide(Mechanic):
    """高票讨论: 「如再度平票，由前夜被杀者选择出局玩家」 (R-BS46-08): the act of the previous night's
    victim, out, naming one of the pair; owed while the vote's ``of`` skill waits for it (``when:
    due:<skill>``). The vote's close reads it."""

    kind = "runoff_decide"
    plain = False
    by_due = True
    about = About(
        params=(Param("of", "skill", None, required=True),),
        texts=(Need("refuse_not_due", ()),),
        emits=("acted",),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params.of"
        of = board.skill_ref(raw.need("of"), where)
        raw.done()
        if board.skills[of].get("mechanic") != RunoffVote.kind:
            raise SetupError(
                texts.DATA_NOT_MECHANIC.format(where=where, value=of, kind=RunoffVote.kind)
            )
        self.of = of

    _decide_due: str | None = None
    """The vote's ``decide_due`` (read on first use: the vote may be declared after this)."""

    def _owed(self, s: State) -> dict[str, Any] | None:
        pending = s.pending
        if not pending:  # asked at every poll: nothing pending, nothing owed
            return None
        due = self._decide_due
        if due is None:
            vote = self.board.mechs[self.of]
            assert isinstance(vote, RunoffVote)
            due = self._decide_due = vote.decide_due
        owed: dict[str, Any] | None = pending.get(due)
        return owed

    def due(self, s: State) -> tuple[int, ...]:
        """The previous night's victim, while his choice is owed."""
        owed = self._owed(s)
        return () if owed is None else (int(owed["by"]),)

    def holds(self, s: State, seat: int) -> bool:
        """Only the previous night's victim, out though he is."""
        return seat in self.due(s)

    def legal(self, s: State, seat: int) -> LegalAct | None:
        """One of the pair still alive."""
        owed = self._owed(s)
        if owed is None:
            return None
        between = tuple(x for x in owed["between"] if s.players[x].alive)
        return self.pick_form(between)

    def refuse_target(self, s: State, seat: int, target: int) -> str | None:
        """Not one of the pair."""
        return "refuse_decide_target"

    def counts(self, s: State, seat: int) -> bool:
        """His choice is his though he is out."""
        return True

    def submit(self, ctx: Ctx, cmd: Act) -> None:
        """The victim's choice, seen by him."""
        self.board.record_act(ctx, cmd, (cmd.by,))
