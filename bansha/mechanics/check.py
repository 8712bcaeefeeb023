"""Check: learn one player's side (by faction, by colour) or identity.

M103 「深夜探秘 —— 游戏日夜晚，密探可以选择一名角色查验其阵营。若该角色属于我爱皇帝阵营，反馈<我爱皇帝阵营>；否则，反馈
<非我爱皇帝阵营>。」 (``reads: faction``, the current faction); bs46 「查证权力，可以得知一个人的真实身份」
(``reads: role``); XXXII 【侦探权限】 「存活时每晚可发动，查验一个存活棋子，目标为杀手或【弃明投暗】后的共犯时
显示为【黑】；其他身份显示为【白】」 (``reads: colour``, the board's ``colours``; R-XXXII-06: each
living detective checks one piece, separately: a skill with no ``team`` is each holder's own
pick); 预女猎白's 查验 「好人/狼人」. bs46's 查证 is a team's: 「当晚的实际查证对象按情况1–3确定，其真实身份私下发送给
警察团成员」 (``chosen_by`` a ``ring_team`` skill: its pick is the team's choice, R-BS46-03, and every
member taking part that night is told, the undercover included, R-BS46-05); its uses keep the word
answered, which a recovered undercover is told again (R-BS46-07, :meth:`Check.retell`).
"""

from __future__ import annotations

from dataclasses import dataclass

from bansha import texts
from bansha.engine.context import Ctx
from bansha.engine.errors import SetupError
from bansha.engine.ruleset import LegalAct
from bansha.engine.state import State, Use
from bansha.mechanics import ring_team
from bansha.mechanics.about import NOTICE, TELL, About, Need, Param
from bansha.mechanics.base import LIST_SEP, TRACE_LINE_SEP, Board, Mechanic, Resolution, SkillSpec
from bansha.mechanics.params import Raw

READS = ("faction", "role", "colour")
"""What a check looks at: the current faction, the role, or the colour (``colours`` of the board)."""


@dataclass(frozen=True, slots=True)
class CheckParams:
    """``reads``: what is looked at (faction, role or colour); ``answers``: the word key answered
    for each faction, role or colour (``"*"``: every other); ``self``: the checker may pick himself (R-ALL-12); ``tell``:
    ``now`` (at its ``do:`` step) or ``later`` (the ``do:`` step fixes the pick, a ``resolve:``
    step answers it, if the checker still holds the skill then: R-ALL-09); ``notice``: the text
    key of the answer (default ``result_<skill>``); ``chosen_by``: the ``ring_team`` skill whose
    choice is the team's pick (every member taking part is told)."""

    reads: str
    answers: dict[str, str]
    self_: bool
    tell: str
    notice: str
    chosen_by: str | None


class Check(Mechanic):
    """A night pick answered privately at its resolution step."""

    kind = "check"
    hint = "inform"
    about = About(
        params=(
            Param("reads", "choice", "faction", READS),
            Param("answers", "table", {}),
            Param("self", "flag", True),
            TELL,
            NOTICE,
            Param(
                "chosen_by",
                "skill",
                None,
            ),
        ),
        texts=(Need("{notice}", ("p", "word")),),
        emits=("skill_used", "result", "notice"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        self.p = CheckParams(
            raw.choice("reads", READS, "faction"),
            raw.table("answers"),
            raw.flag("self", True),
            raw.choice("tell", ("now", "later"), "now"),
            raw.text("notice", None) or f"result_{self.key}",
            ring_team.chooser(
                board, raw.text("chosen_by", None), f"skills.{self.key}.params.chosen_by"
            ),
        )
        raw.done()
        if self.p.chosen_by is not None and self.p.tell == "later":
            where = f"skills.{self.key}.params.tell"
            raise SetupError(texts.CHECK_LATER_CHOSEN.format(where=where))
        stages = set(spec.stages)
        timetable = dict(board.data.get("timetable") or {})
        self.phase = next(
            (str(ph) for ph, specs in timetable.items() if any(x["key"] in stages for x in specs)),
            "night",
        )
        """The phase of the skill's stages (an earlier answer told again names it)."""
        if self.p.reads == "faction" and "*" not in self.p.answers:
            missing = [f for f in board.factions if f not in self.p.answers]
            if missing:
                where = f"skills.{self.key}.params.answers"
                listed = LIST_SEP.join(missing)
                raise SetupError(texts.CHECK_ANSWERS_MISSING.format(where=where, factions=listed))
        for word in self.p.answers.values():
            board.word_of(word, f"skills.{self.key}.params.answers")

    def values(self) -> dict[str, str]:
        """The text key of the answer."""
        return {"notice": self.p.notice}

    def legal(self, s: State, seat: int) -> LegalAct | None:
        """Any living player (himself only if the board allows it)."""
        if self.p.self_:
            return self.living_form(s)
        return self.pick_form(tuple(t for t in s.living() if t != seat))

    def refuse_target(self, s: State, seat: int, target: int) -> str | None:
        """Himself, where the board forbids it."""
        return "refuse_self"

    def answer(self, s: State, target: int) -> str:
        """The word the check answers for ``target`` (its current faction, role or colour)."""
        p = s.players[target]
        reads = self.p.reads
        looked = (
            p.faction
            if reads == "faction"
            else p.role
            if reads == "role"
            else self.board.colour(s, target)
        )
        if self.p.reads == "role" and not self.p.answers:
            return self.board.role_name(p.role)
        key = self.p.answers.get(looked, self.p.answers.get("*", ""))
        return self.board.word(key)

    def do(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """Each holder's standing pick (the team's one, for a team's skill) becomes the check's
        use; answered now, or at a later ``resolve:`` step."""
        if self.p.chosen_by is not None:
            return self._team_check(ctx)
        s = ctx.state
        picks: list[tuple[int, int]] = []
        if self.spec.team is not None:
            pick = self.use_pick(ctx)
            picks = [] if pick is None else [pick]
        else:
            key = self.key
            for (seat, skill), rec in s.acts.items():  # read first: recording folds events
                if skill == key and rec.targets and self.counts(s, seat):
                    picks.append((seat, rec.targets[0]))
            for seat, target in picks:
                self.record_use(ctx, seat, (target,))
        if not picks:
            return self.board.say("trace_none")
        if self.p.tell == "later":
            return TRACE_LINE_SEP.join(s.players[t].name for _, t in picks)
        return TRACE_LINE_SEP.join(self._tell(ctx, seat, t) for seat, t in picks)

    def _team_check(self, ctx: Ctx) -> str:
        """A ring team's check (``chosen_by``): the team's choice, recorded with its answer, told to
        every member taking part tonight (R-BS46-03/05)."""
        s = ctx.state
        ring = self.board.mechs[self.p.chosen_by or ""]
        assert isinstance(ring, ring_team.RingTeam)
        members = ring.members(s, self.key)
        pick = ring.choose(ctx, self.key, members)
        if pick is None:
            return self.board.say("trace_none")
        by, target = pick
        word = self.answer(s, target)
        self.record_use(ctx, by, (target,), word)
        notice = {"key": self.p.notice, "params": {"p": target, "word": word}}
        for seat in members:
            self.tell_result(ctx, seat, (target,), word, notice)
        return f"{s.players[target].name} → {word}"

    def retell(self, ctx: Ctx, seat: int, u: Use) -> None:
        """Tell ``seat`` an earlier use's answer as it was given (its night, its word): the police
        team's checks handed over to a recovered undercover (R-BS46-07)."""
        target = u.targets[0]
        word = str(u.choice)
        result = {
            "seat": seat,
            "skill": self.key,
            "value": word,
            "targets": [target],
            "day": u.day,
            "phase": self.phase,
        }
        ctx.emit("result", result, (seat,))
        notice = {"key": self.p.notice, "params": {"p": target, "word": word}}
        ctx.emit("notice", notice, (seat,))

    def team(self, s: State, seat: int) -> tuple[int, ...]:
        """A ring team's skill (``chosen_by``) is every member's who takes part."""
        if self.p.chosen_by is None:
            return super().team(s, seat)
        return ring_team.team(self, s, self.p.chosen_by)

    def steps(self) -> tuple[str, ...]:
        """``do``, and the ``resolve`` step that tells the answer when it is told later."""
        return ("do", "resolve") if self.p.tell == "later" else ("do",)

    def resolve(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """``tell: later``: tonight's checks are answered, if the checker's act still resolves
        (R-ALL-09; R-ALL-04: also when he died in this resolution), or whatever befell him since
        once the pick was final (R-M103-22)."""
        s = ctx.state
        out = [
            self._tell(ctx, u.seat, u.targets[0])
            for u in self.tonight(s)
            if self.resolves_for(s, u.seat, res)
        ]
        return TRACE_LINE_SEP.join(out) or self.board.say("trace_none")

    def _tell(self, ctx: Ctx, seat: int, target: int) -> str:
        """Tell the checker the answer (a result and a notice), privately."""
        s = ctx.state
        word = self.answer(s, target)
        notice = {"key": self.p.notice, "params": {"p": target, "word": word}}
        self.tell_result(ctx, seat, (target,), word, notice)
        return f"{s.players[target].name} → {word}"
