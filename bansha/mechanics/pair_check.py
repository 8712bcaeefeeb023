"""Pair check: two players a night, answered 同 or 异 by their colours.

XXXII 【演员试镜】 「存活时每晚可发动，选定两名存活棋子，若棋子颜色同为【白】或同为【黑】时，显示为【同】，且下一晚
不可发动【演员试镜】；若为【黑】【白】各一名则显示为【异】。该技能选定棋子须遵循以下规则：①不可选择自身。②不可选择之前已经
选过的棋子。③当前一晚结果为【异】，且作为目标的两个棋子在本次入夜至少有一名存活时，本次【演员试镜】的目标之一必须从他们之中
内选择，仅另一个目标的选定仍受到①②的限制。④当棋盘上无法找到两名合法目标时，该技能无法发动。」 (R-XXXII-07: ② covers every
piece chosen on any earlier night; ③'s forced piece is exempt from ②.)

The mechanic's memory is the skill's uses (``State.uses``): the pair, with the answer word in
the use's ``choice``. The rules ①–④ are the functions below, which XXXII's rule set shares.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bansha import texts
from bansha.engine.commands import Act
from bansha.engine.context import Ctx
from bansha.engine.errors import SetupError
from bansha.engine.ruleset import LegalAct
from bansha.engine.state import State, Use
from bansha.mechanics.about import NOTICE, TELL, About, Need, Param
from bansha.mechanics.base import LIST_SEP, Board, Mechanic, Resolution, SkillSpec
from bansha.mechanics.kept_forms import KeptForm
from bansha.mechanics.params import Raw


@dataclass(frozen=True, slots=True)
class PairRules:
    """Rules ①–④ as parameters: ``self_`` (① off when true), ``once_per_target`` (②),
    ``forced_after`` (③: the answer word after which one target is from the last pair, None:
    never), ``rest_after`` (the answer word after which the next night is unavailable)."""

    self_: bool
    once_per_target: bool
    forced_after: str | None
    rest_after: str | None


def last_test(uses: Sequence[Use], day: int) -> Use | None:
    """The test of the night before ``day``'s, with its answer, if there was one."""
    if uses and uses[-1].day == day - 1:
        return uses[-1]
    return None


def chosen(uses: Sequence[Use]) -> set[int]:
    """Every player chosen on an earlier night (rule ②)."""
    return {t for u in uses for t in u.targets}


def resting(uses: Sequence[Use], day: int, rules: PairRules) -> bool:
    """Whether tonight's test is unavailable (「且下一晚不可发动」 after ``rest_after``)."""
    last = last_test(uses, day)
    return last is not None and rules.rest_after is not None and last.choice == rules.rest_after


def forced(s: State, uses: Sequence[Use], seat: int, rules: PairRules) -> list[int]:
    """Rule ③: after ``forced_after`` the night before, the pieces of that pair still alive (one
    target must be among them)."""
    last = last_test(uses, s.day)
    if last is None or rules.forced_after is None or last.choice != rules.forced_after:
        return []
    return [x for x in last.targets if s.players[x].alive and x != seat]


def options(
    s: State, uses: Sequence[Use], seat: int, rules: PairRules
) -> tuple[list[int], list[int]] | None:
    """Rules ①–④: (free targets, forced pieces), or None when the test is unavailable tonight
    (resting, or no two legal targets: ④)."""
    if resting(uses, s.day, rules):
        return None
    ever = chosen(uses) if rules.once_per_target else set()
    free = [x for x in s.living() if (rules.self_ or x != seat) and x not in ever]
    must = forced(s, uses, seat, rules)
    if must:
        return (free, must) if free else None
    return (free, []) if len(free) >= 2 else None


def refusal(
    s: State, uses: Sequence[Use], seat: int, targets: tuple[int, ...], rules: PairRules
) -> str | None:
    """The text key of why a pair breaks ①–③ (``refuse_self``, ``refuse_target_out``,
    ``refuse_pair_forced``, ``refuse_pair_chosen``), or None."""
    a, b = targets
    if not rules.self_ and seat in (a, b):
        return "refuse_self"
    for t in (a, b):
        if not 0 <= t < len(s.players) or not s.players[t].alive:
            return "refuse_target_out"
    ever = chosen(uses) if rules.once_per_target else set()
    must = forced(s, uses, seat, rules)
    if must:
        if a not in must and b not in must:
            return "refuse_pair_forced"
        other = b if a in must else a
        return "refuse_pair_chosen" if other in ever else None
    return "refuse_pair_chosen" if a in ever or b in ever else None


@dataclass(frozen=True, slots=True)
class PairCheckParams:
    """``rules``: ①–④ (the answer words resolved); ``same`` and ``different``: the word keys
    answered; ``tell``: ``now`` (at its ``do:`` step) or ``later`` (the ``do:`` step fixes the
    pair, a ``resolve:`` step answers it by the colours then); ``notice``: the answer's text."""

    rules: PairRules
    same: str
    different: str
    tell: str
    notice: str


class PairCheck(Mechanic):
    """Two players a night; the answer is whether their colours are the same."""

    kind = "pair_check"
    hint = "inform"
    validates = True
    about = About(
        params=(
            Param("self", "flag", False),
            Param("once_per_target", "flag", True),
            Param("same", "text", "same"),
            Param("different", "text", "different"),
            Param(
                "forced_after",
                "text",
                None,
            ),
            Param("rest_after", "text", None),
            TELL,
            NOTICE,
        ),
        texts=(
            Need("{notice}", ("ps", "word")),
            Need("refuse_pair_rest", ("skill",), False),
            Need("refuse_pair_none", ("skill",), False),
            Need("refuse_pair_forced", (), False),
            Need("refuse_pair_chosen", (), False),
        ),
        emits=("acted", "skill_used", "pending", "result", "notice"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params"
        same = raw.text("same", "same") or "same"
        different = raw.text("different", "different") or "different"
        answers = {"same": board.word_of(same, where), "different": board.word_of(different, where)}
        after: dict[str, str | None] = {}
        for key in ("forced_after", "rest_after"):
            value = raw.text(key, None)
            if value is not None and value not in answers:
                here = f"{where}.{key}"
                choices = "same, different"
                raise SetupError(
                    texts.DATA_EITHER_NOT.format(where=here, choices=choices, value=value)
                )
            after[key] = None if value is None else answers[value]
        self.p = PairCheckParams(
            PairRules(
                raw.flag("self", False),
                raw.flag("once_per_target", True),
                after["forced_after"],
                after["rest_after"],
            ),
            same,
            different,
            raw.choice("tell", ("now", "later"), "now"),
            raw.text("notice", None) or f"result_{self.key}",
        )
        raw.done()
        self._kept = KeptForm()
        """The last form :meth:`legal` gave."""
        self.pending = f"due:{self.key}"

    def values(self) -> dict[str, str]:
        """The text key of the answer."""
        return {"notice": self.p.notice}

    def legal(self, s: State, seat: int) -> LegalAct | None:
        """Rules ①–④: the free targets, and the pieces one target must be from (③)."""
        uses = self.uses(s)
        kept = self._kept.get(s, seat, len(uses))
        if kept is not None:  # what uses, day and living gave last (kept_forms)
            return kept[5]
        got = options(s, uses, seat, self.p.rules)
        form = None if got is None else self.pick_form(tuple(got[0]), 2, tuple(got[1]))
        return self._kept.keep(s, seat, len(uses), form)

    def refuse(self, s: State, seat: int) -> str | None:
        """Resting after ``rest_after``, or no two legal targets (④)."""
        if resting(self.uses(s), s.day, self.p.rules):
            return "refuse_pair_rest"
        return "refuse_pair_none"

    def refuse_target(self, s: State, seat: int, target: int) -> str | None:
        """Himself (①) or a player chosen before (②)."""
        return "refuse_self" if target == seat else "refuse_pair_chosen"

    def validate(self, s: State, cmd: Act) -> str | None:
        """The holder, the stage, ①–④, two different players."""
        if not self.holds(s, cmd.by):
            return "refuse_out" if not s.players[cmd.by].alive else "refuse_no_skill"
        if s.stage_key not in self.usable_in:
            return "refuse_now"
        if self.legal(s, cmd.by) is None:
            return self.refuse(s, cmd.by)
        if len(cmd.targets) != 2 or len(set(cmd.targets)) != 2:
            return "refuse_picks"
        return refusal(s, self.uses(s), cmd.by, cmd.targets, self.p.rules)

    def answer(self, s: State, a: int, b: int) -> str:
        """同 or 异: the two players' colours now (the board's ``colours``)."""
        same = self.board.colour(s, a) == self.board.colour(s, b)
        return self.board.word(self.p.same if same else self.p.different)

    def do(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """The standing pair is tonight's test: answered now, or kept for a ``resolve:`` step."""
        sub = self.submitted(ctx.state)
        if sub is None or len(sub[1]) != 2:
            return self.board.say("trace_none")
        seat, (a, b) = sub[0], sub[1]
        if self.p.tell == "later":
            ctx.emit("pending", {"key": self.pending, "value": [seat, a, b]})
            return LIST_SEP.join(ctx.state.players[x].name for x in (a, b))
        return self._tell(ctx, seat, a, b)

    def steps(self) -> tuple[str, ...]:
        """``do``, and the ``resolve`` step that tells the answer when it is told later."""
        return ("do", "resolve") if self.p.tell == "later" else ("do",)

    def resolve(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """``tell: later``: tonight's pair is answered by the colours now, if its checker's act
        still resolves (R-ALL-09; R-ALL-04: also when he died in this resolution)."""
        s = ctx.state
        kept = s.pending.get(self.pending)
        if kept is None:
            return self.board.say("trace_none")
        ctx.emit("pending", {"key": self.pending, "value": None})
        seat, a, b = (int(x) for x in kept)
        if not self.resolves_for(s, seat, res):
            return self.board.say("trace_none")
        return self._tell(ctx, seat, a, b)

    def _tell(self, ctx: Ctx, seat: int, a: int, b: int) -> str:
        """Record the test with its answer and tell the checker, privately."""
        s = ctx.state
        word = self.answer(s, a, b)
        self.record_use(ctx, seat, (a, b), word)
        notice = {"key": self.p.notice, "params": {"ps": [a, b], "word": word}}
        self.tell_result(ctx, seat, (a, b), word, notice)
        pair = LIST_SEP.join((s.players[a].name, s.players[b].name))
        return f"{pair} → {word}"
