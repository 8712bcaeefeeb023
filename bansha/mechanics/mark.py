"""Mark: one player a night is marked, if he is of the roles the mark takes; the holder may go
on marking after his death.

XXXII 【契约标记】 「无论是否存活，每晚可发动，选择一名棋子进行标记，如该棋子为平民则标记成功，为非平民则标记失败。
被标记者不会收到通知。」 (R-XXXII-10: one piece every night, alive or dead; R-XXXII-20: a witch who
died in play keeps it, a drowned one acts no more). The win 「所有存活的平民被标记」 reads the mark
(a selector's ``mark``).

The mechanic's memory: the mark itself (``State.marks``) and the skill's uses (``State.uses``),
the answer word in the use's ``choice``.
"""

from __future__ import annotations

from dataclasses import dataclass

from bansha.engine.context import Ctx
from bansha.engine.ruleset import LegalAct
from bansha.engine.state import State
from bansha.mechanics.about import NOTICE, TELL, About, Need, Param
from bansha.mechanics.base import TRACE_LINE_SEP, Board, Mechanic, Resolution, SkillSpec
from bansha.mechanics.params import Raw


def succeeds(s: State, target: int, roles: tuple[str, ...]) -> bool:
    """Whether a mark on ``target`` takes: he is of one of ``roles`` now."""
    return s.players[target].role in roles


@dataclass(frozen=True, slots=True)
class MarkParams:
    """``succeeds_on``: the roles a mark takes on; ``dead_targets``: a player out of the game
    may be marked; ``after_death``: the holder marks after his exit too, unless it was by a
    cause of ``never_after`` (淹死: removed); ``mark``: the mark's key; ``success`` and
    ``fail``: the word keys answered; ``tell``: ``now`` or ``later`` (a ``resolve:`` step);
    ``notice``: the answer's text."""

    succeeds_on: tuple[str, ...]
    dead_targets: bool
    after_death: bool
    never_after: tuple[str, ...]
    mark: str
    success: str
    fail: str
    tell: str
    notice: str


class Mark(Mechanic):
    """A night pick that marks its target if he is of the declared roles."""

    kind = "mark"
    hint = "inform"
    plain = False
    about = About(
        params=(
            Param("succeeds_on", "words", ()),
            Param("dead_targets", "flag", True),
            Param("after_death", "flag", False),
            Param("never_after", "causes", ("drown",)),
            Param("mark", "text", "marked"),
            Param("success", "text", "success"),
            Param("fail", "text", "fail"),
            TELL,
            NOTICE,
        ),
        texts=(Need("{notice}", ("p", "word")),),
        emits=("acted", "skill_used", "marked", "result", "notice"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params"
        roles = board.role_refs(raw.words("succeeds_on"), f"{where}.succeeds_on")
        success = raw.text("success", "success") or "success"
        fail = raw.text("fail", "fail") or "fail"
        board.word_of(success, f"{where}.success")
        board.word_of(fail, f"{where}.fail")
        self.p = MarkParams(
            roles,
            raw.flag("dead_targets", True),
            raw.flag("after_death", False),
            raw.words("never_after", ("drown",)),
            raw.text("mark", "marked") or "marked",
            success,
            fail,
            raw.choice("tell", ("now", "later"), "now"),
            raw.text("notice", None) or f"result_{self.key}",
        )
        raw.done()

    def values(self) -> dict[str, str]:
        """The text key of the answer."""
        return {"notice": self.p.notice}

    def holds(self, s: State, seat: int) -> bool:
        """He has the skill, and is alive or (``after_death``) out by no cause of ``never_after``."""
        p = s.players[seat]
        if self.key not in p.skills:
            return False
        if p.alive:
            return True
        return self.p.after_death and p.exit_cause not in self.p.never_after

    def legal(self, s: State, seat: int) -> LegalAct | None:
        """Any player (alive or not, with ``dead_targets``)."""
        if self.p.dead_targets:
            form = self._every_form
            if form is None or len(form.targets) != len(s.players):
                form = self._every_form = self.pick_form(tuple(range(len(s.players))))
            return form
        return self.living_form(s)

    _every_form: LegalAct | None = None
    """The form of a pick among every player, in or out (built once per number of players)."""

    def do(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """The standing pick is marked if it takes; told now, or at a ``resolve:`` step."""
        s = ctx.state
        sub = self.submitted(s)
        if sub is None or not sub[1]:
            return self.board.say("trace_none")
        seat, target = sub[0], sub[1][0]
        ok = succeeds(s, target, self.p.succeeds_on)
        if ok:
            ctx.emit("marked", {"mark": self.p.mark, "seat": target})
        word = self.board.word(self.p.success if ok else self.p.fail)
        self.record_use(ctx, seat, (target,), word)
        if self.p.tell == "now":
            self._tell(ctx, seat, target, word)
        return f"{s.players[target].name} → {word}"

    def steps(self) -> tuple[str, ...]:
        """``do``, and the ``resolve`` step that tells the answer when it is told later."""
        return ("do", "resolve") if self.p.tell == "later" else ("do",)

    def resolve(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """``tell: later``: tonight's marks are told (「被标记者不会收到通知」: only the holder)."""
        s = ctx.state
        out = []
        for u in self.tonight(s):
            if u.choice is not None:
                self._tell(ctx, u.seat, u.targets[0], u.choice)
                out.append(f"{s.players[u.targets[0]].name} → {u.choice}")
        return TRACE_LINE_SEP.join(out) or self.board.say("trace_none")

    def _tell(self, ctx: Ctx, seat: int, target: int, word: str) -> None:
        notice = {"key": self.p.notice, "params": {"p": target, "word": word}}
        self.tell_result(ctx, seat, (target,), word, notice)
