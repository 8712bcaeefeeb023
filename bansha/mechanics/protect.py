"""Protect: one player a night is shielded from a kill (the ``blocked_by`` of its resolution).

XXXII 【红字结界】 「当本局游戏对除自身外的同一棋子累计使用第二次【红字结界】时，若该棋子颜色为【黑】，则该棋子死亡；若该
棋子颜色为【白】，则该棋子不会受到保护，且审问官此后发动【红字结界】时，仅可选择审问官本身或未曾选过的棋子。」
(R-XXXII-09: ``second_use: {black: kill, white: void}``; the death at its ``resolve:`` step, the
blade's step of 同时结算). M103 「横刀守卫 —— 游戏日夜晚，可对任意角色发动技能守卫，使其当晚指杀免疫，每名角色一局游戏仅能被守卫一次。」
(R-M103-03: self allowed, ``once_per_target``); 预女猎守's 守卫 「守护：每晚守护一名玩家，可以守护自己，不能连续两晚
守护同一名玩家」 (``consecutive: false``); XXXII 【红字结界】 「审问官不能连续两天对同一棋子使用」 (R-XXXII-09).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from bansha import texts
from bansha.engine.context import Ctx
from bansha.engine.errors import SetupError
from bansha.engine.ruleset import LegalAct
from bansha.engine.state import State, Use
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import LIST_SEP, TRACE_NAME_WITH, Board, Mechanic, Resolution, SkillSpec
from bansha.mechanics.kept_forms import KeptForm
from bansha.mechanics.params import Raw

PROTECT: Final = "protect"
KILL: Final = "kill"
VOID: Final = "void"
"""What a use with a second-use rule did (its ``choice``): protected; the second use on the same
other player killed him; or it protected nobody and restricts the protector from then on."""
OUTCOMES: Final = (KILL, VOID)


def outcome(uses: list[Use], seat: int, target: int, colour: str, second: dict[str, str]) -> str:
    """What tonight's use on ``target`` does: the second use on the same other player follows
    ``second`` by his colour (kill or void); any other protects."""
    if not second or target == seat:
        return PROTECT
    before = 0
    for u in uses:
        if u.targets and u.targets[0] == target:
            before += 1
    return second.get(colour, PROTECT) if before == 1 else PROTECT


def restricted_to(uses: list[Use], seat: int) -> set[int] | None:
    """After a void second use, the players the protector may no longer pick (every one chosen
    before, but himself); None while unrestricted."""
    for u in uses:
        if u.choice == VOID:
            chosen = {v.targets[0] for v in uses if v.targets}
            chosen.discard(seat)
            return chosen
    return None


@dataclass(frozen=True, slots=True)
class ProtectParams:
    """``self``: the protector may pick himself (R-ALL-12); ``once_per_target``: nobody is
    protected twice in a game; ``consecutive``: the same player may be protected two nights
    running; ``second_use``: by the target's colour, what the second use on the same other
    player does (``kill``: he exits at the ``resolve:`` step; ``void``: no protection, and from
    then on only himself or never-chosen players); empty: nothing special."""

    self_: bool
    once_per_target: bool
    consecutive: bool
    second_use: dict[str, str]


class Protect(Mechanic):
    """A night pick that blocks tonight's kills on its target."""

    kind = "protect"
    hint = "protect"
    about = About(
        params=(
            Param("self", "flag", True),
            Param("once_per_target", "flag", False),
            Param("consecutive", "flag", True),
            Param(
                "second_use",
                "table",
                {},
            ),
        ),
        texts=(Need("refuse_protect_restricted", ("p",), False),),
        causes=("{kill_cause}",),
        emits=("acted", "skill_used", "exited"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        second = raw.table("second_use")
        for colour, what in second.items():
            if what not in OUTCOMES:
                where = f"skills.{self.key}.params.second_use.{colour}"
                choices = ", ".join(OUTCOMES)
                raise SetupError(
                    texts.DATA_EITHER_NOT.format(where=where, choices=choices, value=what)
                )
        self.p = ProtectParams(
            raw.flag("self", True),
            raw.flag("once_per_target", False),
            raw.flag("consecutive", True),
            second,
        )
        raw.done()
        self._kept = KeptForm()
        """The last form :meth:`legal` gave."""

    def values(self) -> dict[str, str]:
        """The exit cause of a ``second_use`` that kills (the skill's key), only if one does."""
        return {"kill_cause": self.key} if KILL in self.p.second_use.values() else {}

    def _last_night(self, s: State, seat: int) -> int | None:
        """Whom ``seat`` protected the night before (None: nobody, or not last night)."""
        for u in reversed(self.uses(s)):
            if u.seat == seat:
                return u.targets[0] if u.day == s.day - 1 and u.targets else None
        return None

    def legal(self, s: State, seat: int) -> LegalAct | None:
        """Living players, minus himself, the already protected or last night's, as declared
        (the answer kept while the uses, the day and the living stand: :mod:`kept_forms`)."""
        uses = self.uses(s)
        kept = self._kept.get(s, seat, len(uses))
        if kept is not None:
            return kept[5]
        return self._kept.keep(s, seat, len(uses), self._form(s, seat, uses))

    def _form(self, s: State, seat: int, uses: list[Use]) -> LegalAct | None:
        p = self.p
        ever: set[int] | None = None
        if p.once_per_target:
            ever = set()
            for u in uses:
                ever.update(u.targets)
        last = -1  # nobody: a protector may protect the same player nights running
        if not p.consecutive:
            night = self._last_night(s, seat)
            if night is not None:
                last = night
        if p.second_use:
            restricted = restricted_to(uses, seat)
            if restricted:
                ever = restricted if ever is None else ever | restricted
        himself = p.self_
        targets: list[int] = []
        for t in s.living():
            if (t == seat and not himself) or t == last or (ever is not None and t in ever):
                continue
            targets.append(t)
        return self.pick_form(tuple(targets)) if targets else None

    def refuse(self, s: State, seat: int) -> str | None:
        """Nobody left to protect."""
        return "refuse_protect_nobody"

    def refuse_target(self, s: State, seat: int, target: int) -> str | None:
        """Himself, a player protected before, or last night's player."""
        if target == seat and not self.p.self_:
            return "refuse_self"
        if self.p.once_per_target and any(target in u.targets for u in self.uses(s)):
            return "refuse_protect_once"
        if target != self._last_night(s, seat) and target in (
            restricted_to(self.uses(s), seat) or ()
        ):
            return "refuse_protect_restricted"
        return "refuse_protect_twice"

    def took_effect(self, u: Use) -> bool:
        """A use protects unless it was a second use that killed or protected nobody."""
        return u.choice not in OUTCOMES

    def do(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """The standing pick is tonight's protection (or, a second use, what ``second_use``
        makes of it)."""
        s = ctx.state
        if not self.p.second_use:
            pick = self.use_pick(ctx)
            if pick is None:
                return self.board.say("trace_none")
            return s.players[pick[1]].name
        sub = self.submitted(s)
        if sub is None or not sub[1]:
            return self.board.say("trace_none")
        seat, target = sub[0], sub[1][0]
        colour = self.board.colour(s, target)
        what = outcome(self.uses(s), seat, target, colour, self.p.second_use)
        self.record_use(ctx, seat, (target,), what)
        name = s.players[target].name
        return TRACE_NAME_WITH.format(name=name, what=what) if what != PROTECT else name

    def resolve(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """Tonight's second use on a player of a ``kill`` colour: he exits (by the skill)."""
        s = ctx.state
        out = []
        for u in self.tonight(s):
            t = u.targets[0] if u.targets else None
            if u.choice == KILL and t is not None and s.players[t].alive:
                out.append(s.players[t].name)
                self.board.exit(
                    ctx, t, self.key, announce_now=not self.board.holds_announcements(s)
                )
        return LIST_SEP.join(out) or self.board.say("trace_none")
