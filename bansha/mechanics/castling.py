"""Castling: once a game, a player who would exit may have a random marked player exit instead.

XXXII 【王车易位】 「整局游戏一次，当魔女被投票出局死亡或受到【无常之刃】效果影响死亡时可以发动，随机一名存活的被标记
平民（优先信仰魔女者）将会替代魔女死亡（死亡形式保持一致）。」; 结算阶段 ②2 「如果魔女面临【杀手-无常之刃】的死亡
效果结算，将会在告知魔女后，由其决定是否发动【魔女-王车易位】」; 补充说明 c 「免死效果不会影响投票流程，仅在投票
结束后进行出局结算时产生效果」 (R-XXXII-10: no living marked civilian, no castling; R-XXXII-19: never
named in public, the substitute exits in the same form).

Flow: when the holder is the target of tonight's ``of`` kill, not blocked (a ``do:`` step of
this skill after the kill's), or is voted out (``vote`` in ``causes``), the decision is due: a
stage ``when: due:<skill>`` (private) is held, where he answers ``accept`` or ``decline``; its
``resolve:`` step draws the substitute if he accepted. A voted-out holder then exits (or the
substitute, by vote, announced); a kill's ``resolve:`` step after it hits the substitute instead
(:meth:`instead`). The mechanic's memory: the decision owed (``State.pending``) and the skill's
use (``State.uses``: the holder and his substitute).

XXXII tells the offer as it is made, in its own words by cause (「告知魔女后」: at the
night's close, ``offer``, and when the vote puts her out, ``offer_vote``), decides the blade's in its 结算阶段 (the skill's
``stages``), tells the substitute to her group (``told``: 「魔女群」) and pins the draw under its own
key (``fixed``: a scenario's ``castling_substitute``, checked against who could be drawn).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bansha import texts
from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError, SetupError
from bansha.engine.events import PUBLIC
from bansha.engine.ruleset import LegalAct
from bansha.engine.state import State
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import LIST_SEP, Board, Mechanic, Resolution, SkillSpec
from bansha.mechanics.params import Raw


def pool(s: State, mark: str, roles: tuple[str, ...], first: str | None) -> list[int]:
    """Who may die instead: the living players marked ``mark`` (of ``roles``, if any), those also
    marked ``first`` only, if there are any (「优先信仰魔女者」)."""
    marked = s.marks.get(mark, set())
    out = [
        p.seat for p in s.players if p.alive and p.seat in marked and (not roles or p.role in roles)
    ]
    if first is not None:
        preferred = s.marks.get(first, set())
        firsts = [x for x in out if x in preferred]
        if firsts:
            return firsts
    return out


@dataclass(frozen=True, slots=True)
class CastlingParams:
    """``of``: the kill whose hit offers it; ``blocked_by``: skills that, used on the holder
    tonight, leave nothing to escape; ``causes``: when it may be used (``vote`` and the kill's
    key); ``mark``, ``roles``, ``first``: who may die instead; ``accept``, ``decline``: the
    answer words; ``offer``, ``offer_vote``: the text told to the holder as the kill's or the
    vote's offer is made (None: nothing then); ``due``: the text told to the holder when his
    decision's stage opens (None: nothing then); ``told``: the group told the substitute
    (None: the holder); ``castled``, ``held``: the text keys of that notice and of the vote's
    announcement; ``fixed``: the key of a scenario's pinned draw."""

    of: str | None
    blocked_by: tuple[str, ...]
    causes: tuple[str, ...]
    mark: str
    roles: tuple[str, ...]
    first: str | None
    accept: str
    decline: str
    offer: str | None
    offer_vote: str | None
    due: str | None
    told: str | None
    castled: str
    held: str
    fixed: str


class Castling(Mechanic):
    """Due when the holder faces an exit; answered in its own private stage."""

    kind = "castling"
    plain = False
    by_due = True
    hooks = frozenset({"on_voted_out", "on_stage_open", "instead"})
    about = About(
        params=(
            Param("of", "skill", None),
            Param("blocked_by", "skills", ()),
            Param("causes", "causes", ("vote",)),
            Param("mark", "text", "marked"),
            Param("roles", "words", ()),
            Param("first", "text", None),
            Param("accept", "text", "accept"),
            Param("decline", "text", "decline"),
            Param("offer", "text", None),
            Param("offer_vote", "text", None),
            Param("due", "text", "due_{skill}"),
            Param("told", "group", None),
            Param("castled", "text", "castled_{skill}"),
            Param("held", "text", "held_{skill}"),
            Param("fixed", "text", None),
        ),
        texts=(
            Need("{due}", ()),
            Need("{offer}", ()),
            Need("{offer_vote}", ()),
            Need("{castled}", ("p",)),
            Need("{held}", ("p",)),
            Need(
                "fixed_not_in_pool",
                ("key", "p", "ps"),
                False,
            ),
        ),
        emits=("pending", "notice", "skill_used", "trace", "exited", "announcement"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params"
        of = raw.text("of", None)
        accept = raw.text("accept", "accept") or "accept"
        decline = raw.text("decline", "decline") or "decline"
        told = raw.text("told", None)
        if told is not None and told not in board.data.get("groups", {}):
            raise SetupError(texts.DATA_NOT_GROUP.format(where=f"{where}.told", value=told))
        self.p = CastlingParams(
            None if of is None else board.skill_ref(of, f"{where}.of"),
            tuple(board.skill_ref(k, f"{where}.blocked_by") for k in raw.words("blocked_by")),
            raw.words("causes", ("vote",)),
            raw.text("mark", "marked") or "marked",
            board.role_refs(raw.words("roles"), f"{where}.roles"),
            raw.text("first", None),
            board.word_of(accept, f"{where}.accept"),
            board.word_of(decline, f"{where}.decline"),
            raw.text("offer", None),
            raw.text("offer_vote", None),
            raw.text("due", f"due_{self.key}"),
            told,
            raw.text("castled", None) or f"castled_{self.key}",
            raw.text("held", None) or f"held_{self.key}",
            raw.text("fixed", None) or self.key,
        )
        raw.done()
        self.pending = f"due:{self.key}"
        self.decision = LegalAct(self.key, (), 0, (self.p.accept, self.p.decline))
        """The form of his decision: 是 or 否."""

    def values(self) -> dict[str, str]:
        """The text keys it says."""
        p = self.p
        out = {"castled": p.castled, "held": p.held}
        if p.offer is not None:
            out["offer"] = p.offer
        if p.offer_vote is not None:
            out["offer_vote"] = p.offer_vote
        if p.due is not None:
            out["due"] = p.due
        return out

    def _offer_text(self, cause: str) -> str | None:
        """The text told as the offer is made for ``cause`` (None: nothing then)."""
        return self.p.offer_vote if cause == "vote" else self.p.offer

    # ------------------------------------------------------------------ who, when
    def candidates(self, s: State) -> list[int]:
        """Who may die instead now."""
        return pool(s, self.p.mark, self.p.roles, self.p.first)

    def available(self, s: State, seat: int) -> bool:
        """He has the skill, has not used it, and somebody may die instead."""
        return (
            self.key in s.players[seat].skills
            and not self.used_by(s, seat)
            and bool(self.candidates(s))
        )

    def due(self, s: State) -> tuple[int, ...]:
        """The holder who owes his decision."""
        offer = s.pending.get(self.pending)
        return () if offer is None else (int(offer["seat"]),)

    def holds(self, s: State, seat: int) -> bool:
        """Only the holder who owes his decision, while he is in (R-ALL-09: removed before it,
        淹死, he decides nothing)."""
        pending = s.pending
        if not pending:  # asked of every seat at every close: nothing pending, nobody owes it
            return False
        offer = pending.get(self.pending)
        return offer is not None and seat == int(offer["seat"]) and s.players[seat].alive

    def legal(self, s: State, seat: int) -> LegalAct | None:
        """是 or 否."""
        return self.decision

    def on_stage_open(self, ctx: Ctx, key: str) -> None:
        """His decision's stage has opened: he is told it is his to make (``due``)."""
        if self.p.due is None:
            return
        for seat in self.due(ctx.state):
            ctx.emit("notice", {"key": self.p.due, "params": {}}, (seat,))

    # ------------------------------------------------------------------ offers
    def _offer(self, ctx: Ctx, seat: int, cause: str) -> None:
        ctx.emit("pending", {"key": self.pending, "value": {"seat": seat, "cause": cause}})

    def _tell_offer(self, ctx: Ctx, seat: int, cause: str) -> None:
        """「告知魔女后」: the offer told as it is made, when the board words it so."""
        text = self._offer_text(cause)
        if text is not None:
            ctx.emit("notice", {"key": text, "params": {}}, (seat,))

    def do(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """After the kill's ``do:``: a holder hit by it tonight, not blocked, is offered it."""
        s = ctx.state
        of = self.p.of
        if of is None or of not in self.p.causes:
            return self.board.say("trace_none")
        for u in s.uses.get(of, ()):
            if u.day != s.day or not u.targets:
                continue
            seat = u.targets[0]
            blocked = any(self.board.used_on_tonight(s, k, seat) for k in self.p.blocked_by)
            if s.players[seat].alive and not blocked and self.available(s, seat):
                self._offer(ctx, seat, of)
                self._tell_offer(ctx, seat, of)
                return s.players[seat].name
        return self.board.say("trace_none")

    def on_voted_out(self, ctx: Ctx, seat: int) -> bool:
        """Voted out, he may decide first: he stays in until his decision's stage closes."""
        s = ctx.state
        if "vote" not in self.p.causes or not self.available(s, seat):
            return False
        self._offer(ctx, seat, "vote")
        ctx.emit("announcement", {"key": self.p.held, "params": {"p": seat}}, PUBLIC)
        self._tell_offer(ctx, seat, "vote")
        return True

    # ------------------------------------------------------------------ the decision
    def resolve(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """His decision: accepted, a random candidate is the substitute (told to him, or to his
        ``told`` group); a vote's exit follows at once (the substitute's or his own), a kill's at
        its own step. Accepted with nobody left to draw (R-XXXII-10), it is spent to no effect."""
        s = ctx.state
        offer: dict[str, Any] | None = s.pending.get(self.pending)
        if offer is None:
            return self.board.say("trace_none")
        seat, cause = int(offer["seat"]), str(offer["cause"])
        sub = self.submitted(s)
        ctx.emit("pending", {"key": self.pending, "value": None})
        out = seat
        if sub is not None and sub[2] == self.p.accept:
            pool = self.candidates(s)
            if not pool:
                self.record_use(ctx, seat, (), cause)
            else:
                out = self._substitute(ctx, pool)
                self.record_use(ctx, seat, (out,), cause)
                told = s.groups.get(self.p.told, ()) if self.p.told is not None else (seat,)
                for x in told:
                    ctx.emit("notice", {"key": self.p.castled, "params": {"p": out}}, (x,))
        if cause == "vote":
            self.board.exit(ctx, out, "vote", announce_now=True)
        return s.players[out].name

    def _substitute(self, ctx: Ctx, pool: list[int]) -> int:
        """The substitute drawn from ``pool``, or the one a scenario pinned (``fixed``), checked
        against who could be drawn."""
        s = ctx.state
        pins = s.pinned.get(self.p.fixed)
        if not pins:
            return self.draw_one(ctx, pool)
        seat = int(pins[0])
        if seat not in pool:
            names = [q.name for q in s.players]
            text = self.board.texts.get("fixed_not_in_pool", "fixed_not_in_pool")
            params = {
                "key": self.p.fixed,
                "p": names[seat],
                "ps": LIST_SEP.join(names[x] for x in pool),
            }
            raise RuleError(self.board.fill(text, params))
        return seat

    def instead(self, s: State, skill: str, target: int) -> int:
        """Who a ``skill`` kill on ``target`` hits tonight: his substitute, if he castled."""
        for u in self.tonight(s):
            if u.seat == target and u.choice == skill and u.targets:
                return u.targets[0]
        return target
