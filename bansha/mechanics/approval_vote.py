"""Approval vote: every living player approves or rejects each proposal but the last, secretly;
the first with enough approvals goes, the last passes when none did.

M186 【出征决议投票】 「每天白天，所有角色均可参与投票。在白天结束时，统计投票结果并公布。出征队伍决议投票仅作者可见，获得8票
及以上同意时，出征方案通过，否则视为不通过。若队长提出的出征方案通过，则公布队长出征方案的同意反对情况，其余不公布。若队长方
案不通过，但下一名角色的方案通过，则公布队长和下一名玩家的方案投票情况，其余不公布。以此类推……第五个角色的出征方案默认全员
通过。」 (R-M186-04: a missing vote is a rejection; the lists published are those of every proposal
evaluated, up to and including the one that went.)

The mechanic's memory is what is owed (``State.pending``): it reads the teams its proposal
mechanic (``of``) owes approvals, and once one went, owes the mission its team
(``mission_due``: ``{by: whose proposal went, team}``); the captaincy passes through the
proposal mechanic.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bansha import texts
from bansha.engine.commands import Act
from bansha.engine.context import Ctx
from bansha.engine.errors import SetupError
from bansha.engine.events import PUBLIC
from bansha.engine.ruleset import LegalAct
from bansha.engine.state import State
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import Board, Mechanic, Resolution, SkillSpec
from bansha.mechanics.params import Raw
from bansha.mechanics.proposal import Proposal

WRITTEN_OUT = 8
"""Up to this many slots, every whole list the form may write is known in advance (256 lists of two words)."""


@dataclass(frozen=True, slots=True)
class ApprovalParams:
    """``needed``: approvals a proposal needs; ``slots``: the proposals voted on (the rest pass
    automatically: ``last_passes``); ``of``: the proposal skill; ``agree``/``reject``: the two words;
    ``mission_due``: the pending key of the mission owed; the texts."""

    needed: int
    slots: int
    last_passes: bool
    of: str
    yes: str
    no: str
    mission_due: str
    result: str
    auto_pass: str
    goes: str


class ApprovalVote(Mechanic):
    """Every living player's list of approvals; the close decides which team goes."""

    kind = "approval_vote"
    validates = True
    about = About(
        params=(
            Param("needed", "number", 8),
            Param("slots", "number", 4),
            Param("last_passes", "flag", True),
            Param("of", "skill", "propose"),
            Param("agree", "text", "agree"),
            Param("reject", "text", "reject"),
            Param("mission_due", "text", "due:mission"),
            Param("result", "text", "result_{skill}"),
            Param("auto_pass", "text", "auto_pass_{skill}"),
            Param("goes", "text", "goes_{skill}"),
        ),
        texts=(
            Need("{result}", ("p", "ps_yes", "ps_no", "verdict")),
            Need("passed", ()),
            Need("failed", ()),
            Need("{auto_pass}", ("p",)),
            Need("{goes}", ("ps", "p")),
            Need("refuse_approval_word", ()),
            Need("refuse_approval_slot", ()),
            Need("refuse_approval_count", ()),
            Need("trace_approvals", ("day",), False),
            Need("trace_approval_missing", ("i", "p"), False),
            Need("trace_approval_passed", ("i", "p", "n", "needed"), False),
            Need("trace_approval_failed", ("i", "p", "n", "needed"), False),
            Need("trace_approval_went", ("i", "p", "p_captain"), False),
        ),
        emits=("acted", "announcement", "pending", "holder_set", "trace"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params"
        a = self.about
        needed, slots = (
            raw.number("needed", a.default("needed")),
            raw.number("slots", a.default("slots")),
        )
        if needed is None or slots is None:
            raise SetupError(texts.DATA_INTEGERS.format(where=where, keys="needed, slots"))
        yes, no = (
            str(raw.text("agree", a.default("agree"))),
            str(raw.text("reject", a.default("reject"))),
        )
        board.word_of(yes, f"{where}.agree")
        board.word_of(no, f"{where}.reject")
        self.p = ApprovalParams(
            needed,
            slots,
            raw.flag("last_passes", a.default("last_passes")),
            board.skill_ref(raw.text("of", a.default("of")), f"{where}.of"),
            yes,
            no,
            str(raw.text("mission_due", a.default("mission_due"))),
            self.text_key(raw, "result"),
            self.text_key(raw, "auto_pass"),
            self.text_key(raw, "goes"),
        )
        raw.done()
        self._words = (board.word(yes), board.word(no))
        self._form = LegalAct(self.key, (), 0, choices=self._words, slots=slots)
        self._proposal: Proposal | None = None
        self._offered: tuple[Any, Any, LegalAct] | None = None
        """The last form offered and the proposers and teams it shows (the very objects the
        state holds until the next proposals): every living seat is offered the same form."""
        self._last_read: tuple[Act, tuple[str | None, str | None]] | None = None
        """The act just checked (:meth:`validate`) and what it stands for, for :meth:`submit`."""
        lists = [""]
        for _ in range(slots if slots <= WRITTEN_OUT else 0):
            lists = [f"{head},{w}" if head else w for head in lists for w in self._words]
        self._lists = frozenset(lists if slots <= WRITTEN_OUT else ())
        """Every whole list of ``slots`` words written as the form writes it (joined by commas),
        read as it is."""

    def values(self) -> dict[str, str]:
        """The text keys of the results."""
        p = self.p
        return {"result": p.result, "auto_pass": p.auto_pass, "goes": p.goes}

    @property
    def proposal(self) -> Proposal:
        """The proposal mechanic whose teams are voted on (looked up once the board is built)."""
        found = self._proposal
        if found is None:
            found = self._proposal = self.board.declared(self.p.of, Proposal)
        return found

    def teams(self, s: State) -> list[list[int] | None]:
        """The proposals' teams owed their approvals, in the proposers' order."""
        return list(s.pending.get(self.proposal.p.teams_due) or ())

    # ------------------------------------------------------------------ acts
    def legal(self, s: State, seat: int) -> LegalAct | None:
        """One list for proposals 1..slots, each slot shown with its proposer and team (public
        by now); none while no proposal is owed its approvals."""
        due = self.proposal.p
        proposers, teams = s.pending.get(due.due), s.pending.get(due.teams_due)
        if not teams:
            return None  # no proposal is owed its approvals (a stage held out of its turn)
        offered = self._offered
        if offered is not None and offered[0] is proposers and offered[1] is teams:
            return offered[2]
        n = self.p.slots
        slot_for = tuple(list(proposers or ())[:n])
        slot_teams = tuple(tuple(t or ()) for t in list(teams or ())[:n])
        form = self._form._replace(slot_for=slot_for, slot_teams=slot_teams)
        self._offered = (proposers, teams, form)
        return form

    def read(self, s: State, cmd: Act) -> tuple[str | None, str | None]:
        """The list ``cmd`` stands for (one word for one named proposer changes that slot of
        the standing list, the others rejections until voted), or the text key of why not."""
        given = cmd.choice or ""
        if not cmd.targets and given in self._lists:
            return given, None  # a whole list as the form writes it
        words: list[str] = []
        as_given = True  # no word needed stripping: the list is the choice as given
        for said in given.split(","):
            w = said.strip()
            if w != said or not w:
                as_given = False
            if w:
                if w not in self._words:
                    return None, "refuse_approval_word"
                words.append(w)
        if not words:
            return None, "refuse_approval_word"
        n = self.p.slots
        if cmd.targets:
            proposers = self.proposal.proposers(s)[:n]
            if len(cmd.targets) != 1 or cmd.targets[0] not in proposers or len(words) != 1:
                return None, "refuse_approval_slot"
            old = s.acts.get((cmd.by, self.key))
            slots = (old.choice or "").split(",") if old else [self._words[1]] * n
            slots[proposers.index(cmd.targets[0])] = words[0]
            return ",".join(slots), None
        if len(words) != n:
            return None, "refuse_approval_count"
        return given if as_given else ",".join(words), None

    def validate(self, s: State, cmd: Act) -> str | None:
        """Why ``cmd`` is not a list of approvals (:meth:`read`; kept for :meth:`submit`)."""
        read = self.read(s, cmd)
        self._last_read = (cmd, read)
        return read[1]

    def submit(self, ctx: Ctx, cmd: Act) -> None:
        """The list recorded, seen by its maker only, with whose proposal each slot answers."""
        s = ctx.state
        last, self._last_read = self._last_read, None
        choice = last[1][0] if last is not None and last[0] is cmd else self.read(s, cmd)[0]
        about = self.proposal.proposers(s)[: self.p.slots]
        self.board.record_act(ctx, cmd, (cmd.by,), choice=choice, about=about)

    # ------------------------------------------------------------------ resolution
    def do(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """The proposals taken in order: each one's lists published until one has ``needed``
        approvals, or the last passes; its team owes the mission, its proposer's 下家 is captain."""
        s = ctx.state
        board, p = self.board, self.p
        proposers = self.proposal.proposers(s)
        teams = self.teams(s)
        if not teams:
            return ""  # no proposal was owed its approvals: nothing to count
        yes = self._words[0]
        voters = s.living()
        acts, key = s.acts, self.key
        lists: list[list[str]] = []
        for x in voters:
            rec = acts.get((x, key))
            lists.append((rec.choice or "").split(",") if rec is not None else [])
        names = [pl.name for pl in s.players]
        went: int | None = None
        lines: list[str] = []
        for i in range(min(p.slots, len(teams))):
            who = names[proposers[i]]
            if teams[i] is None:
                missing = board.texts.get("trace_approval_missing", "trace_approval_missing")
                lines.append(board.fill(missing, {"i": i + 1, "p": who}))
                continue
            ayes: list[int] = []
            nays: list[int] = []
            for j in range(len(voters)):
                said = lists[j]
                if len(said) > i and said[i] == yes:
                    ayes.append(voters[j])
                else:
                    nays.append(voters[j])
            ok = len(ayes) >= p.needed
            line = "trace_approval_passed" if ok else "trace_approval_failed"
            line = board.texts.get(line, line)  # a trace line (Board.say, its kwargs spared)
            lines.append(
                board.fill(line, {"i": i + 1, "p": who, "n": len(ayes), "needed": p.needed})
            )
            verdict = board.texts["passed"] if ok else board.texts["failed"]
            data = {"p": proposers[i], "ps_yes": ayes, "ps_no": nays, "verdict": verdict}
            ctx.emit("announcement", {"key": p.result, "params": data}, PUBLIC)
            if ok:
                went = i
                break
        if went is None:
            if not p.last_passes:
                return ""
            went = len(teams) - 1
            ctx.emit("announcement", {"key": p.auto_pass, "params": {"p": proposers[went]}}, PUBLIC)
        team = teams[went] or []
        by = proposers[went]
        captain = self.proposal.next_captain(s, by)
        lines.append(
            board.say("trace_approval_went", i=went + 1, p=names[by], p_captain=names[captain])
        )
        title = board.say("trace_approvals", day=s.day)
        ctx.emit("trace", {"title": title, "lines": lines})
        ctx.emit("pending", {"key": self.proposal.p.teams_due, "value": None})
        ctx.emit("pending", {"key": p.mission_due, "value": {"by": by, "team": team}})
        self.proposal.pass_captaincy(ctx, by)
        data = {
            "key": p.goes,
            "params": {"ps": team, "p": captain},
            "holders": {self.proposal.p.captain: captain},
        }
        ctx.emit("announcement", data, PUBLIC)
        return ""
