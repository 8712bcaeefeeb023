"""Lovers: the holder ties two players at the start; the pair changes factions, groups and powers
until the game ends (M103 红线, R-M103-07/08/09/11).

「红线<强制> —— 游戏开始时，红娘须选择两名角色（不含皇帝）。这两名角色成为情侣。情侣产生后，红娘的阵营转变为情侣所在阵营。
若情侣身份双刺客，红娘变刺客（不进群，可接刀）；若情侣身份为双特或双妃子，红娘身份变特或妃子（算入阵营判负条件）。」
「恋爱<强制> —— ……若情侣中有且只有一刺客，则其失去<杀人>技能，且不与其他杀了狗皇帝阵营的角色互知共群。」
「殉情<强制> —— 情侣中若有一人出局，另一人立即出局。」「私奔<强制> —— 情侣产生时，若情侣的身份不属于同一个阵营，情侣均
脱离各自的阵营，形成【皇帝算什么】。」「寡妇刀<强制> —— 若情侣属于【皇帝算什么阵营】，当【杀了狗皇帝阵营】优先判负后，
情侣获得技能<杀人>。此事件发生时会通知情侣。」

Every parameter is the board's to give (the mechanic has no defaults: M103's data file names its
emperor, its kill, its factions, its lovers' group, mark and exit cause). The mechanic's memory is
typed: the pair is the skill's use (``State.uses``), the lovers carry the mark ``mark`` (read by
the loss condition of the eloped faction), and a pending 寡妇刀 is ``pending["widow:<kill>"]``.
"""

from __future__ import annotations

from dataclasses import dataclass

from bansha import texts
from bansha.engine import draws
from bansha.engine.context import Ctx
from bansha.engine.errors import SetupError
from bansha.engine.events import PUBLIC
from bansha.engine.ruleset import LegalAct
from bansha.engine.state import State
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import LIST_SEP, Board, Mechanic, Resolution, SkillSpec
from bansha.mechanics.params import Raw

REVEAL = ("public", "cupid")
"""Who learns the excluded role's player: everyone at the start, or the holder alone."""


@dataclass(frozen=True, slots=True)
class LoversParams:
    """``exclude_role``: who may not be picked (the emperor), announced at the start or told to
    the cupid (``reveal``: ``public``, ``cupid``); ``kill``: the team kill a lone lover
    assassin loses and eloped lovers gain (寡妇刀); ``killers``: its faction and ``killer_role``
    its role; ``eloped``: the faction lovers of two factions form; ``group``: the lovers' group;
    ``mark``: the lovers' mark; ``cause``: the exit cause of the partner who follows (殉情)."""

    exclude_role: str
    reveal: str
    kill: str
    killers: str
    killer_role: str
    eloped: str
    group: str
    mark: str
    cause: str


class Lovers(Mechanic):
    """The cupid's pick at the start, and what the pair changes until the game ends."""

    kind = "lovers"
    hooks = frozenset({"on_setup", "on_exit", "on_faction_lost", "on_phase_start"})
    about = About(
        params=(
            Param("exclude_role", "text", None, required=True),
            Param(
                "reveal",
                "choice",
                None,
                REVEAL,
                True,
            ),
            Param(
                "kill",
                "skill",
                None,
                required=True,
            ),
            Param("killers", "text", None, required=True),
            Param("killer_role", "text", None, required=True),
            Param("eloped", "text", None, required=True),
            Param("group", "group", None, required=True),
            Param("mark", "status", None, required=True),
            Param("cause", "cause", None, required=True),
        ),
        texts=(
            Need("emperor_public", ("p",)),
            Need("emperor_told", ("p",)),
            Need("lovers_formed", ("p",)),
            Need("group_formed", ("group", "ps")),
            Need("lovers_faction", ("faction",)),
            Need("lose_kill_lover", ()),
            Need("cupid_done", ("ps", "faction")),
            Need("cupid_becomes_assassin", ("faction",)),
            Need("cupid_counts_as", ("category", "faction")),
            Need("cupid_takes_blade", ()),
            Need("widow_blade", ()),
            Need("refuse_target_excluded", (), False),
        ),
        causes=("{cause}",),
        emits=(
            "announcement",
            "known",
            "notice",
            "acted",
            "skill_used",
            "skill_lost",
            "skill_gained",
            "marked",
            "faction_set",
            "role_set",
            "counts_as",
            "group_set",
            "pending",
        ),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params"
        factions = (raw.need("killers"), raw.need("eloped"))
        for key, faction in zip(("killers", "eloped"), factions, strict=True):
            if faction not in board.factions:
                raise SetupError(
                    texts.DATA_NOT_FACTION.format(where=f"{where}.{key}", value=faction)
                )
        group = raw.need("group")
        if group not in board.data.get("groups", {}):
            raise SetupError(texts.DATA_NOT_GROUP.format(where=f"{where}.group", value=group))
        excluded, killer = raw.need("exclude_role"), raw.need("killer_role")
        board.role_refs((excluded, killer), where)
        self.p = LoversParams(
            excluded,
            raw.need("reveal", REVEAL),
            board.skill_ref(raw.need("kill"), f"{where}.kill"),
            factions[0],
            killer,
            factions[1],
            group,
            board.status_ref(raw.need("mark"), f"{where}.mark") or "",
            raw.need("cause"),
        )
        raw.done()
        self.widow = f"widow:{self.p.kill}"

    def values(self) -> dict[str, str]:
        """The partner's exit cause (殉情)."""
        return {"cause": self.p.cause}

    # ------------------------------------------------------------------ the pair
    def pair(self, s: State) -> tuple[int, int, int] | None:
        """(cupid, lover, lover) once the 红线 has resolved."""
        uses = self.uses(s)
        if not uses:
            return None
        u = uses[0]
        return u.seat, u.targets[0], u.targets[1]

    # ------------------------------------------------------------------ setup
    def on_setup(self, ctx: Ctx, dealt: list[str]) -> None:
        """红线 excludes the emperor (「不含皇帝」), so the cupid must know who he is (R-M103-07).

        ``reveal: public`` (至尊帝王「说话比较好使，比较权威」 reads as a known figure) announces him to
        everyone at the start; ``cupid`` tells only the cupid. Either way the cupid's form never
        reveals him by refusing a pick.
        """
        role = self.p.exclude_role
        cupid = next(
            (i for i, r in enumerate(dealt) if self.key in self.board.roles[r]["skills"]), None
        )
        if role not in dealt or cupid is None:
            return
        emperor = dealt.index(role)
        word = self.board.role_name(role)
        if self.p.reveal == "public":
            # the public record shows who the emperor is
            ctx.emit(
                "announcement",
                {"key": "emperor_public", "params": {"p": emperor}, "revealed": [[emperor, word]]},
                PUBLIC,
            )
        else:
            ctx.emit("known", {"seat": cupid, "about": [emperor], "word": word}, (cupid,))
            ctx.emit("notice", {"key": "emperor_told", "params": {"p": emperor}}, (cupid,))

    def legal(self, s: State, seat: int) -> LegalAct | None:
        """Two living players other than the emperor; herself allowed (R-M103-07)."""
        role = self.p.exclude_role
        return self.pick_form(tuple(x for x in s.living() if s.players[x].role != role), 2)

    def refuse_target(self, s: State, seat: int, target: int) -> str | None:
        """The emperor."""
        return "refuse_target_excluded"

    def do(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """红线<强制>: the pick, or a random pair at the deadline (R-M103-07); then the lovers'
        faction (R-M103-08) and the groups (R-M103-09)."""
        s = ctx.state
        cupid = next((p.seat for p in s.players if self.key in p.skills), None)
        if cupid is None:
            return self.board.say("trace_none")
        sub = self.submitted(s)
        if sub is not None:
            a, b = sub[1][0], sub[1][1]
        else:
            pool = [x for x in s.living() if s.players[x].role != self.p.exclude_role]
            a, b = sorted(draws.sample(ctx.rng(), pool, 2))
            ctx.emit(
                "acted",
                {"seat": cupid, "skill": self.key, "targets": [a, b], "random": True},
                (cupid,),
                chance=True,
            )
        self.record_use(ctx, cupid, (a, b))
        ctx.emit("skill_lost", {"seat": cupid, "skill": self.key}, (cupid,))
        lovers_group = self._form(ctx, cupid, a, b)
        self.board.form_teams(ctx)
        in_killers = set(s.groups.get(self.p.killers, ()))
        if lovers_group and not {a, b} <= in_killers:
            members = [a, b]
            ctx.emit("group_set", {"group": self.p.group, "members": members}, (a, b))
            name = self.board.data["groups"][self.p.group]
            for x in members:
                ctx.emit(
                    "notice",
                    {"key": "group_formed", "params": {"group": name, "ps": members}},
                    (x,),
                )
        return LIST_SEP.join((s.players[a].name, s.players[b].name))

    def _form(self, ctx: Ctx, cupid: int, a: int, b: int) -> bool:
        """R-M103-08: the lovers' faction and the cupid's new faction, role or category; return
        whether the lovers share a group of their own."""
        s = ctx.state
        board, p = self.board, self.p
        for x, y in ((a, b), (b, a)):
            ctx.emit("marked", {"mark": self.p.mark, "seat": x})
            ctx.emit("notice", {"key": "lovers_formed", "params": {"p": y}}, (x,))
        # the cupid made them: she knows who the lovers are (a single cupid is not in their group)
        chosen = [x for x in (a, b) if x != cupid]
        word = board.status_name(self.p.mark)
        ctx.emit("known", {"seat": cupid, "about": chosen, "word": word}, (cupid,))
        pa, pb = s.players[a], s.players[b]
        if cupid in (a, b):
            other = b if cupid == a else a
            faction = s.players[other].faction
            self._faction(ctx, cupid, faction)
            if s.players[other].role == p.killer_role:
                # exactly one assassin among the lovers: loses 杀人, leaves the group (恋爱)
                self._lose_kill(ctx, other)
            self._done(ctx, cupid, a, b, faction)
            return True
        fa, fb = pa.faction, pb.faction
        if fa == fb == p.killers:
            ctx.emit("role_set", {"seat": cupid, "role": p.killer_role}, (cupid,))
            self._faction(ctx, cupid, p.killers)
            ctx.emit(
                "notice",
                {"key": "cupid_becomes_assassin", "params": {"faction": board.faction_name(fa)}},
                (cupid,),
            )
            return False
        if fa == fb:
            ca, cb = board.categories.get(pa.role), board.categories.get(pb.role)
            self._faction(ctx, cupid, fa)
            if ca == cb and ca is not None:
                ctx.emit("counts_as", {"seat": cupid, "category": ca}, (cupid,))
                word = board.data["categories"][ca]
                params = {"category": word, "faction": board.faction_name(fa)}
                ctx.emit("notice", {"key": "cupid_counts_as", "params": params}, (cupid,))
            else:
                self._done(ctx, cupid, a, b, fa)
            return True
        # 私奔<强制>: lovers of different factions form 皇帝算什么
        for x in (a, b):
            if s.players[x].role == p.killer_role:
                self._lose_kill(ctx, x)
            self._faction(ctx, x, p.eloped)
            params = {"faction": board.faction_name(p.eloped)}
            ctx.emit("notice", {"key": "lovers_faction", "params": params}, (x,))
        self._faction(ctx, cupid, p.eloped)
        self._done(ctx, cupid, a, b, p.eloped)
        return True

    def _faction(self, ctx: Ctx, seat: int, faction: str) -> None:
        ctx.emit("faction_set", {"seat": seat, "faction": faction}, (seat,))

    def _lose_kill(self, ctx: Ctx, seat: int) -> None:
        ctx.emit("skill_lost", {"seat": seat, "skill": self.p.kill}, (seat,))
        ctx.emit("notice", {"key": "lose_kill_lover", "params": {}}, (seat,))

    def _done(self, ctx: Ctx, cupid: int, a: int, b: int, faction: str) -> None:
        params = {"ps": [a, b], "faction": self.board.faction_name(faction)}
        ctx.emit("notice", {"key": "cupid_done", "params": params}, (cupid,))

    # ------------------------------------------------------------------ afterwards
    def on_exit(self, ctx: Ctx, seat: int, cause: str, chain: list[tuple[int, str]]) -> None:
        """殉情<强制>: the partner follows at once; 可接刀 (R-M103-08): a double-assassins' cupid
        gains 杀人 once every other member of the faction is out."""
        s = ctx.state
        pair = self.pair(s)
        if pair is None:
            return
        cupid, a, b = pair
        if seat in (a, b):
            partner = b if seat == a else a
            if s.players[partner].alive:
                chain.append((partner, self.p.cause))
        c = s.players[cupid]
        kill, killers = self.p.kill, self.p.killers
        if c.role != self.p.killer_role or not c.alive or kill in c.skills or killers in s.lost:
            return
        if not any(p.alive and p.faction == killers and p.seat != cupid for p in s.players):
            ctx.emit("skill_gained", {"seat": cupid, "skill": kill}, (cupid,))
            ctx.emit("notice", {"key": "cupid_takes_blade", "params": {}}, (cupid,))

    def on_faction_lost(self, ctx: Ctx, faction: str) -> None:
        """寡妇刀<强制> (R-M103-11): the killers' faction lost and the eloped lovers have not:
        they gain 杀人 from the next night, and are told now."""
        s = ctx.state
        eloped = self.p.eloped
        pair = self.pair(s)
        if faction != self.p.killers or pair is None or eloped in s.lost:
            return
        if not any(p.faction == eloped for p in s.players):
            return
        lovers = [x for x in pair[1:] if s.players[x].alive]
        ctx.emit("pending", {"key": self.widow, "value": lovers})
        for x in pair[1:]:
            ctx.emit("notice", {"key": "widow_blade", "params": {}}, (x,))

    def on_phase_start(self, ctx: Ctx, phase: str, day: int) -> None:
        """The night after 寡妇刀: the living lovers gain 杀人."""
        s = ctx.state
        widows = s.pending.get(self.widow)
        if phase != "night" or widows is None:
            return
        for seat in widows:
            if s.players[int(seat)].alive:
                ctx.emit("skill_gained", {"seat": int(seat), "skill": self.p.kill}, (int(seat),))
        ctx.emit("pending", {"key": self.widow, "value": None})
