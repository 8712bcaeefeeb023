"""Team kill: the members of a group pick one victim together.

M103 「杀人—— 游戏日夜晚，该阵营共群的角色可以共同指杀一名角色」 (R-M103-10: any member may submit, the
last submission before the deadline stands, no submission = no kill, own members may be picked);
XXXII 【⽆常之刃】 (R-XXXII-03); 预女猎白's 袭击. Whether the kill takes effect is a later ``resolve:``
step of the resolution table (:mod:`bansha.mechanics.deaths`): guards and saves are checked there.
bs46's 暗杀 「夜晚每位杀手团成员向法官发送一个被杀者名字」 is a ring team's (``chosen_by`` a ``ring_team``
skill: the pick is the team's choice by 情况1–3, R-BS46-03), its victim out 被暗杀 (``cause``).
"""

from __future__ import annotations

from dataclasses import dataclass

from bansha.engine.commands import Act
from bansha.engine.context import Ctx
from bansha.engine.ruleset import LegalAct
from bansha.engine.state import State
from bansha.mechanics import deaths, ring_team
from bansha.mechanics.about import About, Param
from bansha.mechanics.base import Board, Mechanic, Resolution, SkillSpec
from bansha.mechanics.params import Raw


@dataclass(frozen=True, slots=True)
class TeamKillParams:
    """``self``: a member may pick himself; ``teammates``: a member may pick a teammate;
    ``chosen_by``: the ``ring_team`` skill whose choice is the team's pick; ``cause``: the exit
    cause of its victims (the skill's key when not given)."""

    self_: bool
    teammates: bool
    chosen_by: str | None
    cause: str | None


class TeamKill(Mechanic):
    """One pick per night for the team; the last submission of any member stands."""

    kind = "team_kill"
    hint = "harm"
    about = About(
        params=(
            Param("self", "flag", True),
            Param("teammates", "flag", True),
            Param("chosen_by", "skill", None),
            Param("cause", "cause", None),
        ),
        steps=(
            Param("blocked_by", "skills", ()),
            Param("guard_and_save", "choice", "lives", ("dies", "lives")),
        ),
        causes=("{cause}",),
        emits=("acted", "skill_used", "exited"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params.chosen_by"
        self.p = TeamKillParams(
            raw.flag("self", True),
            raw.flag("teammates", True),
            ring_team.chooser(board, raw.text("chosen_by", None), where),
            raw.text("cause", None),
        )
        raw.done()

    def values(self) -> dict[str, str]:
        """The exit cause of its victims."""
        return {"cause": self.p.cause or self.key}

    def legal(self, s: State, seat: int) -> LegalAct | None:
        """Any living player (R-ALL-03), himself and teammates unless the board says otherwise."""
        if self.p.self_ and self.p.teammates:
            return self.living_form(s)
        living = s.living()
        team = set(s.groups.get(self.spec.team or "", ())) if not self.p.teammates else set()
        targets = tuple(
            t for t in living if (t != seat or self.p.self_) and (t == seat or t not in team)
        )
        return self.pick_form(targets) if targets else None

    def submit(self, ctx: Ctx, cmd: Act) -> None:
        """Record the pick as the team's (``team_acts[<skill>]``), seen by the team; a ring
        team's member sends his own (「每位杀手团成员向法官发送一个被杀者名字」), seen by him alone."""
        if self.p.chosen_by is not None:
            self.board.record_act(ctx, cmd, (cmd.by,))
            return
        self.board.record_act(ctx, cmd, self.audience(ctx.state, cmd.by), self.key)

    def audience(self, s: State, seat: int) -> tuple[int, ...]:
        """Who sees a submission: the declared team's group, else every living holder of the
        skill and every member of a group one of them is in (M103: the assassins' group, the
        lovers after 寡妇刀, a 可接刀 cupid alone)."""
        if self.spec.team is not None:
            return super().audience(s, seat)
        key = self.key
        seen = [p.alive and key in p.skills for p in s.players]  # by seat
        seen[seat] = True
        for members in s.groups.values():
            for member in members:
                if seen[member]:  # a group one of them is in: all its members
                    for other in members:
                        seen[other] = True
                    break
        out: list[int] = []
        for x, found in enumerate(seen):
            if found:
                out.append(x)
        return tuple(out)

    def refuse_target(self, s: State, seat: int, target: int) -> str | None:
        """Himself or a teammate, where the board forbids it."""
        return "refuse_self" if target == seat else "refuse_teammate"

    def do(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """The team's standing pick becomes tonight's victim; no pick: no kill, recorded."""
        s = ctx.state
        pick = ring_team.pick(self, ctx, self.p.chosen_by)
        if pick is None:
            return self.board.say("trace_none")
        if self.p.chosen_by is not None:  # the ring team's choice, recorded as the skill's use
            self.record_use(ctx, pick[0], pick[1:])
        return s.players[pick[1]].name

    def prepare(self, verb: str, raw: Raw) -> object:
        """A ``resolve:`` step names what blocks the kill (see :mod:`bansha.mechanics.deaths`)."""
        if verb == "resolve":
            return deaths.KillParams.read(raw)
        return super().prepare(verb, raw)

    def team(self, s: State, seat: int) -> tuple[int, ...]:
        """A ring team's skill (``chosen_by``) is every member's who takes part."""
        if self.p.chosen_by is None:
            return super().team(s, seat)
        return ring_team.team(self, s, self.p.chosen_by)

    def steps(self) -> tuple[str, ...]:
        """The kill's pick (``do``) and its deaths (``resolve``)."""
        return ("do", "resolve")

    def resolve(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """Tonight's victims exit unless blocked (guard, save, the guard-and-save rule)."""
        assert isinstance(params, deaths.KillParams)
        uses = self.tonight(ctx.state)
        return deaths.resolve_kill(self.board, ctx, self.key, uses, params, self.p.cause)
