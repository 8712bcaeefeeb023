"""Name to: a team tells one player, by day, the name of one of its members.

XXXII 【弃明投暗】 「杀手每天入夜前提交一名杀手的名字告知给共犯（第一天将会在结算阶段产生共犯时通知共犯，之后都在入夜
时通知）。」 (R-XXXII-05: the day's last name stands, R-ALL-09; R-XXXII-21: the accomplice knows whom he
was told). The team's pick is recorded at the close of each of the skill's stages (``do:``);
each day's last name is told to the living or dead player of ``to_role`` when a night begins,
or at a ``resolve:`` step (XXXII's day 1: told when the accomplice is made), if he exists then.
When every living member has been named, ``conversion``'s ``all_named`` trigger may follow.

The mechanic's memory: the skill's uses (``State.uses``: who named whom, each day) and what the
player was told (``State.known``, with ``word``): a day is told once.
"""

from __future__ import annotations

from dataclasses import dataclass

from bansha import texts
from bansha.engine.commands import Act
from bansha.engine.context import Ctx
from bansha.engine.errors import SetupError
from bansha.engine.ruleset import LegalAct
from bansha.engine.state import State
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import LIST_SEP, Board, Mechanic, Resolution, SkillSpec
from bansha.mechanics.params import Raw


def named(s: State, seat: int, word: str) -> set[int]:
    """Whom ``seat`` has been told the names of (as ``word``)."""
    return {x for k in s.known.get(seat, ()) if k["word"] == word for x in k["about"]}


@dataclass(frozen=True, slots=True)
class NameToParams:
    """``to_role``: who is told; ``word``: the word key he knows the named by; ``notice``: the
    text that tells him; ``until_joined``: the naming and its telling stop once he is in the
    team's group;
    ``unmade_days``: the days the team names before anybody is of ``to_role`` (null: every day)."""

    to_role: str
    word: str
    notice: str
    until_joined: bool
    unmade_days: tuple[int, ...] | None


class NameTo(Mechanic):
    """A team pick of one living teammate by day, told to another player at nightfall."""

    kind = "name_to"
    hint = "never"
    hooks = frozenset({"on_phase_start"})
    about = About(
        params=(
            Param("to_role", "text", None),
            Param("word", "text", None),
            Param("notice", "text", "told_{skill}"),
            Param("until_joined", "flag", True),
            Param(
                "unmade_days",
                "words",
                None,
            ),
        ),
        texts=(Need("{notice}", ("p",)),),
        emits=("acted", "skill_used", "known", "notice"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params"
        to_role = board.role_refs((raw.text("to_role", None) or "",), f"{where}.to_role")[0]
        word = raw.text("word", None) or ""
        board.word_of(word, f"{where}.word")
        unmade = raw.words("unmade_days", ()) if "unmade_days" in raw.raw else None
        if unmade is not None and any(not d.isdigit() for d in unmade):
            raise SetupError(texts.DATA_DAYS.format(where=f"{where}.unmade_days"))
        self.p = NameToParams(
            to_role,
            word,
            raw.text("notice", None) or f"told_{self.key}",
            raw.flag("until_joined", True),
            None if unmade is None else tuple(int(d) for d in unmade),
        )
        raw.done()

    def values(self) -> dict[str, str]:
        """The text key of the telling."""
        return {"notice": self.p.notice}

    def recipient(self, s: State) -> int | None:
        """The player of ``to_role``, if there is one."""
        role = self.p.to_role
        for p in s.players:
            if p.role == role:
                return p.seat
        return None

    def members(self, s: State) -> list[int]:
        """The living members of the team who hold the skill (whose names may be told)."""
        key = self.key
        return [p.seat for p in s.players if p.alive and key in p.skills]

    _asked: tuple[State, int, LegalAct | None] | None = None
    """What :meth:`legal` last answered: the state, at which of its events, and the form (one
    object, so that two games asking at once never read each other's)."""

    def legal(self, s: State, seat: int) -> LegalAct | None:
        """One living teammate, while the told player has not joined the team's group (and,
        before he exists, on the ``unmade_days`` only): the same form for every member, worked
        out once for each state of the game (its events so far)."""
        asked = self._asked
        if asked is not None and asked[0] is s and asked[1] == s.seq:
            return asked[2]
        answer = self._form(s)
        self._asked = (s, s.seq, answer)
        return answer

    def _form(self, s: State) -> LegalAct | None:
        to = self.recipient(s)
        if to is None and self.p.unmade_days is not None and s.day not in self.p.unmade_days:
            return None
        if self.p.until_joined and to is not None and to in s.groups.get(self.spec.team or "", ()):
            return None
        return self.pick_form(tuple(self.members(s)))

    def submit(self, ctx: Ctx, cmd: Act) -> None:
        """Record the pick as the team's (``team_acts[<skill>]``), seen by the team."""
        self.board.record_act(ctx, cmd, self.audience(ctx.state, cmd.by), self.key)

    def do(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """The stage's standing name is the day's (a later stage's replaces it when told)."""
        pick = self.use_pick(ctx)
        return self.board.say("trace_none") if pick is None else ctx.state.players[pick[1]].name

    def tell(self, ctx: Ctx) -> list[int]:
        """Tell the player every day's last name not told yet, in order; the names told."""
        s = ctx.state
        to = self.recipient(s)
        if to is None or (self.p.until_joined and to in s.groups.get(self.spec.team or "", ())):
            return []  # nobody to tell, or (until_joined) he is in the team's group already
        word = self.board.word(self.p.word)
        last: dict[int, int] = {}
        for u in self.uses(s):
            if u.targets:
                last[u.day] = u.targets[0]
        told = sum(1 for k in s.known.get(to, ()) if k["word"] == word)
        out = []
        for day in sorted(last)[told:]:
            ctx.emit("known", {"seat": to, "about": [last[day]], "word": word}, (to,))
            ctx.emit("notice", {"key": self.p.notice, "params": {"p": last[day]}}, (to,))
            out.append(last[day])
        return out

    def resolve(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """The names not told yet are told now (XXXII's day 1: when the accomplice is made)."""
        s = ctx.state
        return LIST_SEP.join(s.players[x].name for x in self.tell(ctx)) or self.board.say(
            "trace_none"
        )

    def on_phase_start(self, ctx: Ctx, phase: str, day: int) -> None:
        """入夜时通知: a night has begun."""
        if phase == "night":
            self.tell(ctx)
