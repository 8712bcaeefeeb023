"""The witch's potions: save (解药/救药) and poison (毒药), each limited, never both the same night.

M103 「救药 —— 游戏日夜晚，太医可以选择一名角色，对其使用救药。该角色当晚不会因被指杀而出局。<救药>发动后，在该夜晚不可
发动技能<毒药>。<救药>使用后，太医失去技能<救药><通灵>。」「毒药 —— ……该角色在夜晚结束前出局。<毒药>发动后，太医失去技能
<毒药>，且在该夜晚不可发动技能<救药>。」 (R-M103-05: the save may target anyone, ``target: any``);
预女猎白's 女巫 「解药：救活当晚被袭击的玩家，整局一次，默认不能自救」 (``target: victim``, ``self:
never|first_night|always``) and 「毒药：毒死一名玩家，整局一次，不能与解药同一晚使用」.
"""

from __future__ import annotations

from dataclasses import dataclass

from bansha.engine.context import Ctx
from bansha.engine.ruleset import LegalAct
from bansha.engine.state import State
from bansha.mechanics.about import About, Param
from bansha.mechanics.base import LIST_SEP, Board, Mechanic, Resolution, SkillSpec
from bansha.mechanics.params import Raw


@dataclass(frozen=True, slots=True)
class PotionParams:
    """``uses``: how many times a game (null: no limit); ``exclusive_with``: skills that may not
    be used the same night; ``loses``: skills lost with the last use (M103: 救药 takes 通灵);
    ``self``: whether the holder may pick himself (save: ``never``, ``first_night``, ``always``);
    ``target``: the save picks tonight's ``victim`` of ``of`` only, or ``any`` living player."""

    uses: int | None
    exclusive_with: tuple[str, ...]
    loses: tuple[str, ...]
    self_: str
    target: str
    of: str | None


class Potion(Mechanic):
    """What save and poison share: a limited night pick, exclusive with the other potion."""

    kind = ""

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        save = self.kind == "save"
        where = f"skills.{self.key}.params"
        of = raw.text("of", None) if save else None
        self.p = PotionParams(
            raw.number("uses", 1),
            tuple(
                board.skill_ref(k, f"{where}.exclusive_with") for k in raw.words("exclusive_with")
            ),
            tuple(board.skill_ref(k, f"{where}.loses") for k in raw.words("loses")),
            raw.choice("self", ("never", "first_night", "always"), "always"),
            raw.choice("target", ("victim", "any"), "any") if save else "any",
            board.skill_ref(of, f"{where}.of") if of is not None else None,
        )
        raw.done()

    def _spent(self, s: State, seat: int) -> bool:
        uses = self.p.uses
        return uses is not None and self.used_by(s, seat) >= uses

    def _exclusive(self, s: State, seat: int) -> bool:
        acts = s.acts
        return any(
            (seat, k) in acts and bool(acts[seat, k].targets) for k in self.p.exclusive_with
        )  # a potion given up (放弃) leaves the other one

    def _self_allowed(self, s: State) -> bool:
        rule = self.p.self_
        return rule == "always" or (rule == "first_night" and s.day == 1)

    def candidates(self, s: State) -> tuple[int, ...]:
        """Whom the potion may be used on before the self rule."""
        return s.living()

    def legal(self, s: State, seat: int) -> LegalAct | None:
        """Not used up, not after the other potion tonight, on its candidates."""
        if self._spent(s, seat) or self._exclusive(s, seat):
            return None
        own = self._self_allowed(s)
        targets = tuple(t for t in self.candidates(s) if own or t != seat)
        return self.pick_form(targets) if targets else None

    def refuse(self, s: State, seat: int) -> str | None:
        """Used up, after the other potion tonight, or nobody to use it on."""
        if self._spent(s, seat):
            return "refuse_used_up"
        if self._exclusive(s, seat):
            return "refuse_exclusive"
        return "refuse_self" if seat in self.candidates(s) else "refuse_no_victim"

    def refuse_target(self, s: State, seat: int, target: int) -> str | None:
        """Himself where the board forbids it, or not tonight's victim."""
        if target == seat and not self._self_allowed(s):
            return "refuse_self"
        return "refuse_not_victim"

    def do(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """The potion is used: recorded, and the skill (and ``loses``) lost when used up."""
        s = ctx.state
        pick = self.use_pick(ctx)
        if pick is None:
            return self.board.say("trace_none")
        seat, target = pick
        if self._spent(s, seat):
            for skill in (self.key, *self.p.loses):
                if skill in s.players[seat].skills:
                    ctx.emit("skill_lost", {"seat": seat, "skill": skill}, (seat,))
        return s.players[target].name


class Save(Potion):
    """The antidote: blocks tonight's kill on its target (the kill's ``blocked_by``)."""

    kind = "save"
    hint = "protect"
    about = About(
        params=(
            Param("uses", "number", 1),
            Param("of", "skill", None),
            Param("target", "choice", "any", ("victim", "any")),
            Param("self", "choice", "always", ("never", "first_night", "always")),
            Param("exclusive_with", "skills", ()),
            Param("loses", "skills", ()),
        ),
        emits=("acted", "skill_used", "skill_lost"),
    )

    def candidates(self, s: State) -> tuple[int, ...]:
        """Tonight's victim only (``target: victim``), or any living player."""
        if self.p.target == "any" or self.p.of is None:
            return s.living()
        day = s.day
        return tuple(
            t
            for u in s.uses.get(self.p.of, ())
            if u.day == day
            for t in u.targets
            if s.players[t].alive
        )


class Poison(Potion):
    """The poison: its target exits at its ``resolve:`` step (「该角色在夜晚结束前出局」)."""

    kind = "poison"
    hint = "foes_only"
    about = About(
        params=(
            Param("uses", "number", 1),
            Param("self", "choice", "always", ("never", "first_night", "always")),
            Param("exclusive_with", "skills", ()),
            Param("loses", "skills", ()),
        ),
        causes=("{skill}",),
        emits=("acted", "skill_used", "exited"),
    )

    def steps(self) -> tuple[str, ...]:
        """The poison's use (``do``) and its death (``resolve``)."""
        return ("do", "resolve")

    def resolve(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """Tonight's poisoned players exit (cause: this skill)."""
        s = ctx.state
        names: list[str] = []
        for u in self.tonight(s):
            for t in u.targets:
                if s.players[t].alive:
                    names.append(s.players[t].name)
                    self.board.exit(
                        ctx, t, self.key, announce_now=not self.board.holds_announcements(s)
                    )
        return LIST_SEP.join(names) or self.board.say("trace_none")
