"""Conversion: a player's role, faction, powers or group change when the post says so.

XXXII 【杀人诛心】 「仅限第一晚，被【无常之刃】选为目标的平民不会死亡，其身份转变为共犯」 (R-XXXII-04: protected or
not; ``trigger: kill_on``); bs46 身份恢复 「当杀手全部出局，而杀手卧底仍然存活时，潜伏在警察团中的杀手卧底，自动转化为
杀手」 (R-BS46-07; ``trigger: all_out``); XXXII 【弃明投暗】's 「共犯加入杀手群，自当晚起…由【白】转为【黑】」 is the
same change (``joins``, ``mark``) on another trigger, and 【魔法传承】 one with a draw.

Triggers: ``kill_on`` (at its ``do:`` step, before the kill's ``resolve:``: tonight's ``of`` kill on
a living player of ``roles``, on the nights of ``nights``; the player is converted instead of
hit, by listing this skill in the kill step's ``blocked_by``), ``all_out`` (after any exit: no
living player matches ``when``; every living player matching ``subject`` converts),
``all_named`` (when a night begins: every living member of the ``of`` naming (``name_to``) has been
named to its told player, who converts: 弃明投暗, checked against the members alive then,
R-XXXII-05), ``draw`` (at its ``do:`` step, on the nights of ``nights``: a random living player
matching ``subject``, those also marked ``first`` only if there are any, converts; with
``otherwise_exit``, one drawn when nobody was marked ``first`` exits by that cause, converted:
XXXII 【魔法传承】 「随机一名存活且相信魔女的平民升变为见习魔女并进入魔女群。假如存活平民之中无人相信魔女，则随机
一名平民死亡，成为见习魔女（的灵魂）并加入魔女群」, R-XXXII-11). Effects, in
this order: ``to_role``, ``to_faction``, ``lose`` and ``gain`` (skills), ``mark``, ``joins`` (a
group: its members are told who joined and know him as his new role, R-XXXII-21), the subject's
``notice``, and the members of ``tells`` (a group he does not join) told ``told`` and knowing him
as his new role (XXXII's killers when 杀人诛心 makes the accomplice, R-XXXII-21). With ``tell:
later`` (``kill_on``, ``draw``) the subject and ``tells`` are told at a later ``resolve:`` step
(XXXII ③: 「结算阶段结束…」, after the night's results). ``times``: how many conversions in a game
(null: no limit). bs46's 身份恢复 adds, after the subject's notice: ``hand_over_results`` (「当第三名
警察出局的时候，法官将会即时的，将警察之前全部的查证以及结果告知警察卧底」: every earlier answer of that
``check`` skill, as it was given), then ``others``: each living player matching that selector who
holds a skill of ``others_lose`` loses it and is told ``others_notice`` (「杀手卧底不再参与查证，也不参与
杀人」); ``identity``: ``converted`` (the role becomes ``to_role``) or ``original`` (only the powers
change: the option ``recovered_identity`` of R-BS46-07). The mechanic's memory is the skill's uses (``State.uses``: the player
converted).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bansha import texts
from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError, SetupError
from bansha.engine.state import State
from bansha.mechanics.about import TELL, About, Need, Param
from bansha.mechanics.base import LIST_SEP, Board, Mechanic, Resolution, SkillSpec
from bansha.mechanics.check import Check
from bansha.mechanics.conditions import Selector, selector
from bansha.mechanics.name_to import NameTo, named
from bansha.mechanics.params import Raw

TRIGGERS = ("kill_on", "all_out", "all_named", "draw")
IDENTITY = ("converted", "original")
"""Whether the role changes (``to_role``) or only the powers (bs46 ``recovered_identity``)."""


@dataclass(frozen=True, slots=True)
class ConversionParams:
    """See the module docstring; ``when`` and ``subject`` are selectors (``all_out``)."""

    trigger: str
    of: str | None
    roles: tuple[str, ...]
    nights: tuple[int, ...]
    when: Selector | None
    subject: Selector | None
    to_role: str | None
    to_faction: str | None
    gain: tuple[str, ...]
    lose: tuple[str, ...]
    mark: str | None
    joins: str | None
    times: int | None
    first: str | None
    otherwise_exit: str | None
    tell: str
    notice: str
    tells: str | None
    told: str
    join_told: str
    exit_notice: str | None
    fixed: tuple[str, str] | None
    hand_over_results: str | None
    others: Selector | None
    others_lose: tuple[str, ...]
    others_notice: str | None
    identity: str
    checked_after: str | None = None
    """``all_named``: a conversion whose use tonight has the naming checked again at this
    skill's ``do:`` step (XXXII: 杀人诛心 made the accomplice, told ③'s names)."""


class Conversion(Mechanic):
    """Passive: a change of role, faction, powers or group at its trigger."""

    kind = "conversion"
    plain = False
    hooks = frozenset({"on_exit", "on_phase_start"})
    about = About(
        params=(
            Param("trigger", "choice", "kill_on", TRIGGERS),
            Param("of", "skill", None),
            Param("roles", "words", ()),
            Param("nights", "words", ()),
            Param("when", "table", {}),
            Param("subject", "table", {}),
            Param("to_role", "text", None),
            Param("to_faction", "text", None),
            Param("gain", "skills", ()),
            Param("lose", "skills", ()),
            Param("mark", "text", None),
            Param("joins", "group", None),
            Param("times", "number", 1),
            Param("first", "text", None),
            Param("otherwise_exit", "cause", None),
            TELL,
            Param("notice", "text", "converted_{skill}"),
            Param("tells", "group", None),
            Param("told", "text", None),
            Param(
                "join_told",
                "choice",
                "known",
                ("known", "members"),
            ),
            Param(
                "exit_notice",
                "text",
                None,
            ),
            Param(
                "fixed",
                "words",
                (),
            ),
            Param("hand_over_results", "skill", None),
            Param("others", "table", {}),
            Param("others_lose", "skills", ()),
            Param("others_notice", "text", None),
            Param(
                "identity",
                "choice",
                "converted",
                IDENTITY,
            ),
            Param(
                "checked_after",
                "skill",
                None,
            ),
        ),
        causes=("{exit_cause}",),
        texts=(
            Need("{notice}", ()),
            Need("joined_{skill}", ("p",), False),
            Need("{told}", ("p",)),
            Need("{exit_notice}", ()),
            Need("{others_notice}", ()),
            Need(
                "fixed_not_in_pool",
                ("key", "p", "ps"),
                False,
            ),
        ),
        emits=("skill_used", "role_set", "faction_set", "skill_gained", "skill_lost", "marked"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params"
        trigger = raw.choice("trigger", TRIGGERS, "kill_on")
        known = board.selector_keys()

        def sel(key: str) -> Selector | None:
            value = raw.table(key)
            return selector(value, f"{where}.{key}", known) if value else None

        of = raw.text("of", None)
        nights = raw.words("nights")
        if any(not n.isdigit() for n in nights):
            raise SetupError(texts.CONVERSION_NIGHTS.format(where=f"{where}.nights"))
        to_role, to_faction = raw.text("to_role", None), raw.text("to_faction", None)
        joins, tells = raw.text("joins", None), raw.text("tells", None)
        self.p = ConversionParams(
            trigger,
            None if of is None else board.skill_ref(of, f"{where}.of"),
            board.role_refs(raw.words("roles"), f"{where}.roles"),
            tuple(int(n) for n in nights),
            sel("when"),
            sel("subject"),
            None if to_role is None else board.role_refs((to_role,), f"{where}.to_role")[0],
            to_faction,
            tuple(board.skill_ref(k, f"{where}.gain") for k in raw.words("gain")),
            tuple(board.skill_ref(k, f"{where}.lose") for k in raw.words("lose")),
            raw.text("mark", None),
            joins,
            raw.number("times", 1),
            raw.text("first", None),
            raw.text("otherwise_exit", None),
            raw.choice("tell", ("now", "later"), "now"),
            raw.text("notice", None) or f"converted_{self.key}",
            tells,
            raw.text("told", None) or f"told_{self.key}",
            raw.choice("join_told", ("known", "members"), "known"),
            raw.text("exit_notice", None),
            None,
            self._check_skill(board, raw.text("hand_over_results", None)),
            sel("others"),
            tuple(board.skill_ref(k, f"{where}.others_lose") for k in raw.words("others_lose")),
            raw.text("others_notice", None),
            raw.choice("identity", IDENTITY, "converted"),
        )
        after = raw.text("checked_after", None)
        if after is not None:
            after = board.skill_ref(after, f"{where}.checked_after")
            if trigger != "all_named":
                where_after = f"{where}.checked_after"
                raise SetupError(
                    texts.PARAM_ONLY_FOR.format(where=where_after, trigger="all_named")
                )
            self.p = replace(self.p, checked_after=after)
        fixed = raw.words("fixed")
        if fixed:
            if len(fixed) != 2:
                raise SetupError(texts.CONVERSION_FIXED.format(where=f"{where}.fixed"))
            self.p = replace(self.p, fixed=(fixed[0], fixed[1]))
        raw.done()
        for key, group in (("joins", joins), ("tells", tells)):
            if group is not None and group not in board.data.get("groups", {}):
                raise SetupError(texts.DATA_NOT_GROUP.format(where=f"{where}.{key}", value=group))
        if self.p.tell == "later" and trigger not in ("kill_on", "draw"):
            raise SetupError(
                texts.PARAM_ONLY_FOR.format(where=f"{where}.tell", trigger="kill_on, draw")
            )
        if to_faction is not None and to_faction not in board.factions:
            raise SetupError(
                texts.DATA_NOT_FACTION.format(where=f"{where}.to_faction", value=to_faction)
            )
        if trigger == "all_named" and self.p.of is None:
            raise SetupError(
                texts.CONVERSION_NEEDS.format(
                    where=f"{where}.of", what=texts.CONVERSION_NEEDS_OF_NAMED
                )
            )
        if trigger == "kill_on" and self.p.of is None:
            raise SetupError(
                texts.CONVERSION_NEEDS.format(
                    where=f"{where}.of", what=texts.CONVERSION_NEEDS_OF_KILL
                )
            )
        if trigger == "draw" and self.p.subject is None:
            raise SetupError(
                texts.CONVERSION_TRIGGER_NEEDS.format(where=where, trigger="draw", keys="subject")
            )
        if trigger == "all_out" and (self.p.when is None or self.p.subject is None):
            raise SetupError(
                texts.CONVERSION_TRIGGER_NEEDS.format(
                    where=where, trigger="all_out", keys="when, subject"
                )
            )

    def _check_skill(self, board: Board, key: str | None) -> str | None:
        """``hand_over_results``: a skill of the board declared with the ``check`` mechanic."""
        if key is None:
            return None
        where = f"skills.{self.key}.params.hand_over_results"
        board.skill_ref(key, where)
        if board.skills[key].get("mechanic") != Check.kind:
            raise SetupError(
                texts.DATA_NOT_MECHANIC.format(where=where, value=key, kind=Check.kind)
            )
        return key

    def _spent(self, s: State) -> bool:
        times = self.p.times
        return times is not None and len(self.uses(s)) >= times

    def convert(self, ctx: Ctx, seat: int) -> None:
        """The change itself, in the declared order; recorded as the skill's use."""
        s = ctx.state
        p = self.p
        self.record_use(ctx, seat, (seat,))
        if p.to_role is not None and p.identity == "converted":
            ctx.emit("role_set", {"seat": seat, "role": p.to_role}, (seat,))
        if p.to_faction is not None:
            ctx.emit("faction_set", {"seat": seat, "faction": p.to_faction}, (seat,))
        for skill in p.lose:
            if skill in s.players[seat].skills:
                ctx.emit("skill_lost", {"seat": seat, "skill": skill}, (seat,))
        for skill in p.gain:
            ctx.emit("skill_gained", {"seat": seat, "skill": skill}, (seat,))
        if p.mark is not None:
            ctx.emit("marked", {"mark": p.mark, "seat": seat})
        if p.tell == "now":
            self._tell(ctx, seat)
        if p.hand_over_results is not None:
            self._hand_over(ctx, seat, p.hand_over_results)
        if p.others is not None:
            self._strip_others(ctx, p.others)
        if p.joins is not None:
            self._join(ctx, seat, p.joins)

    def _hand_over(self, ctx: Ctx, seat: int, skill: str) -> None:
        """Every earlier answer of the check ``skill`` is told to ``seat`` as it was given
        (R-BS46-07: the police team's checks, to the recovered police undercover)."""
        check = self.board.mechs[skill]
        assert isinstance(check, Check)
        for u in ctx.state.uses.get(skill, ()):
            check.retell(ctx, seat, u)

    def _strip_others(self, ctx: Ctx, others: Selector) -> None:
        """Each living player of ``others`` holding a skill of ``others_lose`` loses it and is
        told ``others_notice`` (R-BS46-07: the other undercover stops taking part)."""
        s = ctx.state
        cats = self.board.categories
        for q in s.players:
            if not (q.alive and others.matches(s, q, cats)):
                continue
            lost = [k for k in self.p.others_lose if k in q.skills]
            for skill in lost:
                ctx.emit("skill_lost", {"seat": q.seat, "skill": skill}, (q.seat,))
            if lost and self.p.others_notice is not None:
                ctx.emit("notice", {"key": self.p.others_notice, "params": {}}, (q.seat,))

    def _tell(self, ctx: Ctx, seat: int) -> None:
        """The subject is told; then each member of ``tells``, who knows him by his new role."""
        s = ctx.state
        p = self.p
        exited = p.exit_notice is not None and s.players[seat].exit_cause == p.otherwise_exit
        notice = p.exit_notice if exited and p.exit_notice is not None else p.notice
        ctx.emit("notice", {"key": notice, "params": {}}, (seat,))
        if p.tells is None:
            return
        word = self.board.role_name(s.players[seat].role)
        for x in s.groups.get(p.tells, ()):
            ctx.emit("notice", {"key": p.told, "params": {"p": seat}}, (x,))
            ctx.emit("known", {"seat": x, "about": [seat], "word": word}, (x,))

    def steps(self) -> tuple[str, ...]:
        """With ``tell: later``, the ``resolve:`` step that tells tonight's conversions; with
        ``checked_after``, the ``do:`` step that checks the naming again."""
        base = super().steps()
        if self.p.checked_after is not None:
            base = (*base, "do")
        return (*base, "resolve") if self.p.tell == "later" else base

    def resolve(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """``tell: later``: tonight's conversions are told now."""
        s = ctx.state
        done = [u.targets[0] for u in self.tonight(s) if u.targets]
        for seat in done:
            self._tell(ctx, seat)
        return LIST_SEP.join(s.players[x].name for x in done) or self.board.say("trace_none")

    def _join(self, ctx: Ctx, seat: int, group: str) -> None:
        """He joins ``group``; its members are told and know him by his role (R-XXXII-21), or
        (``join_told: members``) each member is told the group's members."""
        s = ctx.state
        before = list(s.groups.get(group, ()))
        members = sorted({*before, seat})
        if self.p.join_told == "members":
            self.board.set_group(ctx, group, members)
            return
        ctx.emit("group_set", {"group": group, "members": members}, tuple(members))
        word = self.board.role_name(s.players[seat].role)
        joined = f"joined_{self.key}"
        for x in before:
            ctx.emit("known", {"seat": x, "about": [seat], "word": word}, (x,))
            if joined in self.board.texts:
                ctx.emit("notice", {"key": joined, "params": {"p": seat}}, (x,))

    def values(self) -> dict[str, str]:
        """The text keys of the telling; the exit cause of a ``draw`` with ``otherwise_exit``."""
        out = {"notice": self.p.notice}
        if self.p.tells is not None:
            out["told"] = self.p.told
        if self.p.otherwise_exit is not None:
            out["exit_cause"] = self.p.otherwise_exit
        if self.p.exit_notice is not None:
            out["exit_notice"] = self.p.exit_notice
        if self.p.others_notice is not None:
            out["others_notice"] = self.p.others_notice
        return out

    def _draw(self, ctx: Ctx) -> str:
        """``draw``: one living subject at random (``first`` ones only, if any) converts."""
        s = ctx.state
        p = self.p
        cats = self.board.categories
        subject = p.subject
        assert subject is not None
        pool = [q.seat for q in s.players if q.alive and subject.matches(s, q, cats)]
        firsts = [x for x in pool if p.first is not None and x in s.marks.get(p.first, ())]
        if not pool:
            return self.board.say("trace_none")
        pick = self._fixed(s, firsts) if p.fixed is not None else None
        if pick is None:
            pick = self.draw_one(ctx, firsts or pool)
        self.convert(ctx, pick)
        if not firsts and p.otherwise_exit is not None:
            self.board.exit(
                ctx, pick, p.otherwise_exit, announce_now=not self.board.holds_announcements(s)
            )
        return s.players[pick].name

    def _fixed(self, s: State, firsts: list[int]) -> int | None:
        """A scenario's pinned draw (``fixed``: its key among the ``first`` ones, or among all),
        checked against who could be drawn; None when nothing is pinned for this draw."""
        assert self.p.fixed is not None and self.p.subject is not None
        key = self.p.fixed[0] if firsts else self.p.fixed[1]
        pins = s.pinned.get(key)
        if not pins:
            return None
        cats = self.board.categories
        pool = firsts or [
            q.seat for q in s.players if q.alive and self.p.subject.matches(s, q, cats)
        ]
        seat = int(pins[0])
        if seat not in pool:
            names = [q.name for q in s.players]
            text = self.board.texts.get("fixed_not_in_pool", "fixed_not_in_pool")
            params = {
                "key": key,
                "p": names[seat],
                "ps": LIST_SEP.join(names[x] for x in pool),
            }
            raise RuleError(self.board.fill(text, params))
        return seat

    def do(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """``kill_on``: tonight's kill on a player of ``roles`` converts him (the kill step lists
        this skill in ``blocked_by``: he is not hit); ``draw``: a random subject converts."""
        s = ctx.state
        p = self.p
        if p.checked_after is not None:
            return self._named_after(ctx, p.checked_after)
        if self._spent(s) or (p.nights and s.day not in p.nights):
            return self.board.say("trace_none")
        if p.trigger == "draw":
            return self._draw(ctx)
        if p.trigger != "kill_on":
            return self.board.say("trace_none")
        names: list[str] = []
        for u in s.uses.get(p.of or "", ()):
            if u.day != s.day:
                continue
            for t in u.targets:
                target = self.board.instead(s, p.of or "", t)
                if s.players[target].alive and s.players[target].role in p.roles:
                    self.convert(ctx, target)
                    names.append(s.players[target].name)
                    if self._spent(s):
                        return LIST_SEP.join(names)
        return LIST_SEP.join(names) or self.board.say("trace_none")

    def on_exit(self, ctx: Ctx, seat: int, cause: str, chain: list[tuple[int, str]]) -> None:
        """``all_out``: nobody matching ``when`` is left: each living ``subject`` converts."""
        s = ctx.state
        p = self.p
        if p.trigger != "all_out" or self._spent(s) or p.when is None or p.subject is None:
            return
        cats = self.board.categories
        for q in s.players:
            if q.alive and p.when.matches(s, q, cats):
                return  # somebody matching ``when`` is left
        for q in list(s.players):
            if q.alive and p.subject.matches(s, q, cats) and not self._spent(s):
                self.convert(ctx, q.seat)

    def on_phase_start(self, ctx: Ctx, phase: str, day: int) -> None:
        """``all_named``: a night has begun and every living member has been named (after the
        naming's own telling, declared before this skill)."""
        if phase == "night":
            self.when_named(ctx)

    def _named_after(self, ctx: Ctx, after: str) -> str:
        """``checked_after``: the conversion ``after`` happened tonight (XXXII: 杀人诛心 made the
        accomplice, and ③ 「并告知当天提交的杀手名字」 told him day 1's name): the naming is checked
        now, against the members alive now (R-XXXII-05); who converted, or nothing."""
        s = ctx.state
        m = self.board.mechs.get(after)
        before = len(self.uses(s))
        if m is not None and m.tonight(s):
            self.when_named(ctx)
        done = [u.targets[0] for u in self.uses(s)[before:] if u.targets]
        return LIST_SEP.join(s.players[x].name for x in done) or self.board.say("trace_none")

    def when_named(self, ctx: Ctx) -> None:
        """``all_named``: the told player converts once every living member has been named to
        him (checked against the members alive now: R-XXXII-05), unless he is in ``joins``
        already (XXXII: a dead accomplice joined the killers' group at his death)."""
        s = ctx.state
        p = self.p
        if p.trigger != "all_named" or self._spent(s):
            return
        naming = self.board.mechs.get(p.of or "")
        if not isinstance(naming, NameTo):
            return
        to = naming.recipient(s)
        if to is None or (p.joins is not None and to in s.groups.get(p.joins, ())):
            return
        members = set(naming.members(s))
        if members and members <= named(s, to, self.board.word(naming.p.word)):
            self.convert(ctx, to)
