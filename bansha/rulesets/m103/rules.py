"""[M103]『菁华浮梦』: harem-themed werewolf for 14 players.

The post's flow (游戏流程):
「0、分发身份。1、游戏开始时，红娘选择情侣。2、所有角色的阵营确定，单身刺客共群，情侣共群。3、直接入夜……
（1）侍卫行动（2）刺客/黑情侣选择杀人对象（3）太医行动，收到通灵反馈，可以发动救药、毒药……（4）密探行动
（5）指杀结算（6）毒药结算（7）开始第一天讨论日……最先高票者当选警长。同时出人投票结束，高票者出局，平票则另计」

Rulings followed: R-ALL-01..08, R-M103-01..17 (see ../shared/rulings.md). Each method names the
clause and the ruling it implements. Words users read come from ``data.yaml``.
"""

from __future__ import annotations

from typing import Any

from bansha.engine.commands import Act, Vote
from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError
from bansha.engine.events import PUBLIC
from bansha.engine.ruleset import LegalAct, RuleSet
from bansha.engine.state import State
from bansha.mechanics import last_words, omissions, surrender, votes
from bansha.mechanics.outcome import all_out, last_standing, members
from bansha.mechanics.team import team_target

ASSASSINS, LOYAL, LOVERS, UNDETERMINED = "assassins", "loyal", "lovers", "undetermined"
NIGHT_SKILLS = ("guard", "kill", "save", "poison", "check")
SURRENDERING = (ASSASSINS, LOVERS)  # 杀了狗皇帝阵营、皇帝算什么阵营均可以……发起投降
PROPOSE_SURRENDER = LegalAct("surrender", (), 0, rare=True)


class M103(RuleSet):
    """The M103 rule set: deal, 红线, the night table (1)–(6), sheriff and exile votes, win/loss."""

    def __init__(self, data: dict[str, Any], options: dict[str, Any] | None = None) -> None:
        super().__init__(data, options)
        self._categories: dict[str, str] = {
            k: str(r["category"]) for k, r in self.roles.items() if r.get("category")
        }

    # ================================================================== setup
    def setup(
        self, ctx: Ctx, roles: dict[int, str] | None, fixed: dict[str, Any], declare: dict[str, Any]
    ) -> None:
        """「游戏开始之前，法官将会随机生成玩家的角色与身份……私下发给玩家」; then 红线 or straight to night."""
        dealt = self.deal(ctx, roles)
        quota = self.options["last_words"]
        if quota is None:
            quota = sum(1 for r in dealt if r == "werewolf")  # R-M103-15
        ctx.emit("flag", {"key": "last_words_quota", "value": int(quota)})
        for seat, role in enumerate(dealt):
            r = self.roles[role]
            ctx.emit(
                "role_card",
                {"seat": seat, "role": role, "faction": r["faction"], "skills": list(r["skills"])},
                (seat,),
            )
        self._reveal_emperor(ctx, dealt)
        at = self.start_time()
        for spec in self.stage_specs("start"):
            if self.stage_applies(ctx.state, spec, 0):
                self.open_stage(ctx, "start", 0, spec, at, phase_start=True)
                return
        self._form_groups(ctx)
        self.advance(ctx, at)

    def _reveal_emperor(self, ctx: Ctx, dealt: list[str]) -> None:
        """红线 excludes the emperor (「红娘须选择两名角色（不含皇帝）」), so the cupid must know who he is.

        Option ``emperor``: ``public`` (default; 至尊帝王「说话比较好使，比较权威」 reads as a known figure)
        announces him to everyone at the start; ``cupid`` tells only the cupid. Either way the cupid's
        form never reveals him by refusing a pick.
        """
        if "emperor" not in dealt or "cupid" not in dealt:
            return
        emperor = dealt.index("emperor")
        if self.options["emperor"] == "public":
            ctx.emit("announcement", {"key": "emperor_public", "params": {"p": emperor}}, PUBLIC)
        else:
            cupid = dealt.index("cupid")
            word = self.role_name("emperor")
            ctx.emit("known", {"seat": cupid, "about": [emperor], "word": word}, (cupid,))
            ctx.emit("notice", {"key": "emperor_told", "params": {"p": emperor}}, (cupid,))

    def stage_applies(self, state: State, spec: dict[str, Any], day: int) -> bool:
        """Optional stages: 红线 when a cupid is dealt, 殉职 while a successor is due, 遗言 while rights are open."""
        when = spec.get("when")
        if when == "has_cupid":
            return any("red_thread" in p.skills for p in state.players)
        if when == "succession_pending":
            return "succession" in state.pending
        if when == "last_words_open":
            return any(t is None for t in state.last_words.values())
        return True

    # ================================================================== acts
    def on_act(self, ctx: Ctx, cmd: Act) -> None:
        """Validate a skill use completely, then record it (the last submission of a skill stands)."""
        s = ctx.state
        if cmd.skill == "last_words":
            self._submit_last_words(ctx, cmd)
            return
        if cmd.skill == "surrender":
            self._surrender(ctx, cmd)
            return
        p = s.players[cmd.by]
        if not p.alive and cmd.skill != "succession":
            raise RuleError("你已出局，不能再发动技能")  # 出局: 不能继续参与讨论、投票、行使特权
        allowed = {la.skill: la for la in self.legal(s, cmd.by)}
        if cmd.skill not in allowed:
            raise RuleError(self._why_not(s, cmd))
        la = allowed[cmd.skill]
        if len(cmd.targets) != la.picks or len(set(cmd.targets)) != la.picks:
            raise RuleError(f"<{self.skill_name(cmd.skill)}>需要选择{la.picks}名不同的角色")
        for t in cmd.targets:
            if not 0 <= t < len(s.players) or not s.players[t].alive:
                raise RuleError("目标必须是未出局的角色")  # R-ALL-03
            if t not in la.targets:
                raise RuleError(self._why_target(s, cmd, t))
        team = "kill" if cmd.skill == "kill" else None
        to = tuple(self._kill_team(s)) if team else (cmd.by,)
        ctx.emit(
            "acted",
            {
                "seat": cmd.by,
                "skill": cmd.skill,
                "targets": list(cmd.targets),
                "choice": cmd.choice,
                "at": cmd.at.isoformat() if cmd.at else None,
                "team": team,
            },
            to,
        )
        if cmd.skill == "kill":
            # 通灵<强制>: the physician is told the standing kill target (R-M103-05).
            for seat in self._holders(s, "medium"):
                ctx.emit("notice", {"key": "medium", "params": {"p": cmd.targets[0]}}, (seat,))

    def _why_not(self, s: State, cmd: Act) -> str:
        name = self.skill_name(cmd.skill)
        p = s.players[cmd.by]
        if cmd.skill == "succession":
            return "现在不需要你选择继任警长"
        if cmd.skill not in p.skills:
            return f"你没有技能<{name}>"
        if cmd.skill == "red_thread":
            return "<红线>只能在游戏开始时发动"
        if cmd.skill in NIGHT_SKILLS and s.stage_key != "night":
            return f"<{name}>只能在夜晚发动"
        if cmd.skill == "save" and (cmd.by, "poison") in s.acts:
            return "<毒药>发动后，在该夜晚不可发动技能<救药>"
        if cmd.skill == "poison" and (cmd.by, "save") in s.acts:
            return "<救药>发动后，在该夜晚不可发动技能<毒药>"
        return f"现在不能发动<{name}>"

    def _why_target(self, s: State, cmd: Act, t: int) -> str:
        name = s.players[t].name
        if cmd.skill == "red_thread" and s.players[t].role == "emperor":
            return "红娘选择情侣时不能选择皇帝"  # R-M103-07
        if cmd.skill == "guard":
            return f"{name}已经被守卫过，每名角色一局游戏仅能被守卫一次"  # R-M103-03
        return f"不能选择{name}"

    def legal(self, state: State, seat: int) -> list[LegalAct]:
        """What the player may submit now; the web forms and the random agents offer exactly this."""
        if state.ended:
            return []
        p = state.players[seat]
        out: list[LegalAct] = []
        if state.last_words and state.last_words.get(seat, "") is None:
            out.append(LegalAct("last_words", (), 0, text=True))
        key = state.stage_key
        if key == "succession" and state.pending.get("succession") == seat:
            # 殉职: the sheriff who just exited names a successor
            out.append(LegalAct("succession", state.living(), 1))
        if p.faction in SURRENDERING:
            out.extend(self._surrender_acts(state, seat))
        if not p.alive or (key == "night" and not p.skills):
            return out
        living = state.living()
        if key == "red_thread" and "red_thread" in p.skills:
            out.append(
                LegalAct(
                    "red_thread", tuple(x for x in living if state.players[x].role != "emperor"), 2
                )
            )
        elif key == "night":
            sk = p.skills
            if "guard" in sk:
                guarded = state.marks.get("guarded", set())
                targets = tuple(x for x in living if x not in guarded)
                if targets:
                    out.append(LegalAct("guard", targets, 1))
            if "kill" in sk:
                out.append(LegalAct("kill", living, 1))
            if "save" in sk and (seat, "poison") not in state.acts:
                out.append(LegalAct("save", living, 1))
            if "poison" in sk and (seat, "save") not in state.acts:
                out.append(LegalAct("poison", living, 1))
            if "check" in sk:
                out.append(LegalAct("check", living, 1))
        elif key == "day" and self._may_vote(state, seat):
            out.append(LegalAct("vote", living, 1, choices=("弃权",)))
        return out

    def _surrender_acts(self, s: State, seat: int) -> list[LegalAct]:
        """投降 (R-M103-16): a living member may propose; each asked character answers once."""
        p = s.players[seat]
        faction = p.faction
        if faction not in (ASSASSINS, LOVERS) or faction in s.lost:
            return []
        pending = s.pending.get(f"surrender:{faction}")
        if pending is None:
            return [PROPOSE_SURRENDER] if p.alive else []
        if seat in self._surrender_asked(s, faction) and str(seat) not in pending:
            return [LegalAct("surrender", (), 0, choices=(self.word("agree"), self.word("refuse")))]
        return []

    def _holders(self, s: State, skill: str) -> list[int]:
        return [p.seat for p in s.players if p.alive and skill in p.skills]

    def _kill_team(self, s: State) -> list[int]:
        """Who sees the team's kill submissions: the living holders of 杀人 and their group."""
        holders = set(self._holders(s, "kill"))
        for g in ("assassins", "lovers"):
            members_ = s.groups.get(g, [])
            if holders & set(members_):
                holders |= set(members_)
        return sorted(holders)

    # ================================================================== last words, surrender
    def _submit_last_words(self, ctx: Ctx, cmd: Act) -> None:
        """R-M103-15: only a holder of an unused right; no Discuz! code."""
        last_words.submit(ctx, cmd.by, cmd.choice)

    def _surrender(self, ctx: Ctx, cmd: Act) -> None:
        """R-M103-16: a member proposes; every asked character (out ones included) must agree."""
        s = ctx.state
        p = s.players[cmd.by]
        faction = p.faction
        if faction not in (ASSASSINS, LOVERS):
            raise RuleError("只有杀了狗皇帝阵营和皇帝算什么阵营可以投降")
        if faction in s.lost:
            raise RuleError("本阵营已经被判负")
        asked = self._surrender_asked(s, faction)
        key = f"surrender:{faction}"
        proposing = key not in s.pending
        if proposing and not p.alive:
            raise RuleError("已出局的角色不能发起投降")
        if not proposing and cmd.by not in asked:
            raise RuleError("投降只询问" + ("狗皇帝群中的角色" if faction == ASSASSINS else "情侣"))
        agree = (cmd.choice or self.word("agree")) == self.word("agree")
        if cmd.choice not in (None, self.word("agree"), self.word("refuse")):
            raise RuleError("请回复「同意」或「反对」")
        if proposing and not agree:
            raise RuleError("发起投降时不能反对")
        if surrender.propose_or_answer(ctx, faction, cmd.by, asked, agree):
            for seat in members(s, faction):
                ctx.emit("notice", {"key": "surrender_done", "params": {}}, (seat,))
            self._lose(ctx, faction, "surrender")
            self._check_outcome(ctx, [faction])

    def _surrender_asked(self, s: State, faction: str) -> list[int]:
        """Who must agree: 狗皇帝群中所有角色 (out ones included), or the two lovers.

        Before the 红线 resolves there is no group yet: every 卧底刺客 is asked.
        """
        if faction == ASSASSINS:
            if "assassin_group_all" in s.flags:
                return list(s.flags["assassin_group_all"])
            return [p.seat for p in s.players if p.role == "werewolf"]
        return list(s.flags.get("lovers", []))

    # ================================================================== votes
    def _may_vote(self, s: State, seat: int) -> bool:
        p = s.players[seat]
        if not p.alive or s.flags.get("prince_no_vote") == seat:
            return False
        earlier = s.ballot_counts.get(seat, 0)
        if earlier and s.flags.get("accelerated") == s.day:
            return False
        return earlier <= int(self.options["max_changes"])

    def on_vote(self, ctx: Ctx, cmd: Vote) -> None:
        """「每天白天，所有角色均可参与投票」 with the change rules of 投票规则 (R-ALL-07)."""
        s = ctx.state
        if s.stage_key != "day":
            raise RuleError("现在不是投票时间")
        p = s.players[cmd.by]
        if not p.alive:
            raise RuleError("已出局的角色不能投票")
        if s.flags.get("prince_no_vote") == cmd.by:
            raise RuleError("太子已被投票出局过一次，失去投票权")  # R-M103-06 option once
        if cmd.target is not None and (
            not 0 <= cmd.target < len(s.players) or not s.players[cmd.target].alive
        ):
            raise RuleError("不能投票给已出局的角色")  # R-ALL-03
        votes.cast(
            ctx,
            cmd.by,
            cmd.target,
            cmd.at,
            max_changes=int(self.options["max_changes"]),
            freeze_minutes=int(self.options["change_freeze_minutes"]),
            accelerated=s.flags.get("accelerated") == s.day,
        )

    # ================================================================== closing stages
    def on_close(self, ctx: Ctx, stage_key: str) -> None:
        """Resolve the stage being closed, applying the post's defaults for missing actions."""
        if stage_key == "red_thread":
            self._close_red_thread(ctx)
        elif stage_key == "night":
            self._resolve_night(ctx)
        elif stage_key == "day":
            self._close_day_vote(ctx)
        elif stage_key == "succession":
            self._close_succession(ctx)
        elif stage_key == "last_words":
            pass
        if not ctx.state.ended:
            self._check_outcome(ctx, [])  # R-ALL-08: end of every phase

    # ------------------------------------------------------------------ 红线
    def _close_red_thread(self, ctx: Ctx) -> None:
        """红线<强制> with R-M103-07 (random pick at the deadline), R-M103-08 and R-M103-09."""
        s = ctx.state
        cupid = next(p.seat for p in s.players if "red_thread" in p.skills)
        rec = s.acts.get((cupid, "red_thread"))
        if rec is not None:
            pair = list(rec.targets)
        else:
            omissions.record(ctx, [cupid], "red_thread")
            pool = [x for x in s.living() if s.players[x].role != "emperor"]
            pair = sorted(ctx.rng().sample(pool, 2))
            ctx.emit(
                "acted",
                {"seat": cupid, "skill": "red_thread", "targets": pair, "random": True},
                (cupid,),
                chance=True,
            )
        ctx.emit("skill_lost", {"seat": cupid, "skill": "red_thread"}, (cupid,))
        self._form_lovers(ctx, cupid, pair[0], pair[1])
        self._form_groups(ctx)

    def _form_lovers(self, ctx: Ctx, cupid: int, a: int, b: int) -> None:
        """R-M103-08: the lovers' faction and the cupid's new faction, role or category."""
        s = ctx.state
        pa, pb = s.players[a], s.players[b]
        ctx.emit("flag", {"key": "lovers", "value": [a, b]})
        ctx.emit("flag", {"key": "cupid", "value": cupid})
        for x, y in ((a, b), (b, a)):
            ctx.emit("notice", {"key": "lovers_formed", "params": {"p": y}}, (x,))
        if cupid in (a, b):
            other = b if cupid == a else a
            faction = s.players[other].faction
            self._set_faction(ctx, cupid, faction)
            if s.players[other].role == "werewolf":
                # exactly one assassin among the lovers: loses 杀人, leaves the group (恋爱)
                ctx.emit("skill_lost", {"seat": other, "skill": "kill"}, (other,))
                ctx.emit("notice", {"key": "lose_kill_lover", "params": {}}, (other,))
            ctx.emit("flag", {"key": "lovers_group", "value": True})
            ctx.emit(
                "notice",
                {
                    "key": "cupid_done",
                    "params": {"ps": [a, b], "faction": self.faction_name(faction)},
                },
                (cupid,),
            )
            return
        fa, fb = pa.faction, pb.faction
        if fa == fb == ASSASSINS:
            ctx.emit("role_set", {"seat": cupid, "role": "werewolf"}, (cupid,))
            self._set_faction(ctx, cupid, ASSASSINS, notify=False)
            ctx.emit("flag", {"key": "cupid_assassin", "value": cupid})
            ctx.emit(
                "notice",
                {
                    "key": "cupid_becomes_assassin",
                    "params": {"faction": self.faction_name(ASSASSINS)},
                },
                (cupid,),
            )
            return
        if fa == fb:
            ca = self.roles[pa.role].get("category")
            cb = self.roles[pb.role].get("category")
            self._set_faction(ctx, cupid, fa, notify=False)
            if ca == cb and ca is not None:
                ctx.emit("counts_as", {"seat": cupid, "category": ca}, (cupid,))
                ctx.emit(
                    "notice",
                    {
                        "key": "cupid_counts_as",
                        "params": {
                            "category": self.data["categories"][ca],
                            "faction": self.faction_name(fa),
                        },
                    },
                    (cupid,),
                )
            else:
                ctx.emit(
                    "notice",
                    {
                        "key": "cupid_done",
                        "params": {"ps": [a, b], "faction": self.faction_name(fa)},
                    },
                    (cupid,),
                )
            ctx.emit("flag", {"key": "lovers_group", "value": True})
            return
        # 私奔<强制>: lovers of different factions form 皇帝算什么
        ctx.emit("flag", {"key": "lovers_faction", "value": True})
        ctx.emit("flag", {"key": "lovers_group", "value": True})
        for x in (a, b):
            if s.players[x].role == "werewolf":
                ctx.emit("skill_lost", {"seat": x, "skill": "kill"}, (x,))
                ctx.emit("notice", {"key": "lose_kill_lover", "params": {}}, (x,))
            self._set_faction(ctx, x, LOVERS)
            ctx.emit(
                "notice",
                {"key": "lovers_faction", "params": {"faction": self.faction_name(LOVERS)}},
                (x,),
            )
        self._set_faction(ctx, cupid, LOVERS, notify=False)
        ctx.emit(
            "notice",
            {"key": "cupid_done", "params": {"ps": [a, b], "faction": self.faction_name(LOVERS)}},
            (cupid,),
        )

    def _set_faction(self, ctx: Ctx, seat: int, faction: str, notify: bool = True) -> None:
        ctx.emit("faction_set", {"seat": seat, "faction": faction}, (seat,))

    def _form_groups(self, ctx: Ctx) -> None:
        """R-M103-09: 单身刺客共群，情侣共群 (double-assassin lovers use the assassins' group)."""
        s = ctx.state
        lovers = s.flags.get("lovers") or []
        assassins = [p.seat for p in s.players if p.role == "werewolf" and "kill" in p.skills]
        ctx.emit("flag", {"key": "assassin_group_all", "value": assassins})
        if assassins:
            ctx.emit("group_set", {"group": "assassins", "members": assassins}, tuple(assassins))
            for x in assassins:
                ctx.emit(
                    "notice",
                    {
                        "key": "group_formed",
                        "params": {"group": self.data["groups"]["assassins"], "ps": assassins},
                    },
                    (x,),
                )
        if lovers and s.flags.get("lovers_group") and not all(x in assassins for x in lovers):
            ctx.emit("group_set", {"group": "lovers", "members": list(lovers)}, tuple(lovers))
            for x in lovers:
                ctx.emit(
                    "notice",
                    {
                        "key": "group_formed",
                        "params": {"group": self.data["groups"]["lovers"], "ps": list(lovers)},
                    },
                    (x,),
                )

    # ------------------------------------------------------------------ night
    def _act_of(self, s: State, skill: str) -> tuple[int, int] | None:
        for (seat, sk), rec in s.acts.items():
            if sk == skill and rec.targets:
                return seat, rec.targets[0]
        return None

    def _resolve_night(self, ctx: Ctx) -> None:
        """R-M103-02: steps (1)–(6) of the post, in order; wins checked after each exit step."""
        s = ctx.state
        day = s.day
        trace: list[str] = []
        self._night_steps(ctx, trace)
        ctx.emit("trace", {"title": f"第{day}夜结算（R-M103-02）", "lines": trace})

    def _night_steps(self, ctx: Ctx, trace: list[str]) -> None:
        s = ctx.state
        day = s.day

        def name(x: int | None) -> str:
            return s.players[x].name if x is not None else "无"

        # (1) 侍卫行动: each character can be guarded once per game (R-M103-03)
        guard = self._act_of(s, "guard")
        guard_t = guard[1] if guard else None
        if guard is not None:
            ctx.emit("marked", {"mark": "guarded", "seat": guard[1]}, (guard[0],))
            ctx.emit("used", {"seat": guard[0], "skill": "guard"})
            trace.append(
                f"（1）横刀守卫：{name(guard[1])}（每名角色一局仅能被守卫一次，R-M103-03）"
            )
        else:
            trace.append("（1）横刀守卫：无")
        # (2) 刺客/黑情侣选择杀人对象 (R-M103-10): the last submission stands; none = no kill
        kill_t = team_target(s, "kill")
        if kill_t is None:
            omissions.record(ctx, self._holders(s, "kill"), "kill")
        trace.append(f"（2）杀人：{name(kill_t)}（最后一次提交为准，R-M103-10）")
        # (3) 太医: 通灵 feedback (R-M103-05), then save/poison, spent when used
        for seat in self._holders(s, "medium"):
            value = s.players[kill_t].name if kill_t is not None else self.word("no_kill")
            ctx.emit(
                "result", {"seat": seat, "skill": "medium", "value": value, "day": day}, (seat,)
            )
            if kill_t is None:
                ctx.emit("notice", {"key": "medium_none", "params": {}}, (seat,))
        save = self._act_of(s, "save")
        poison = self._act_of(s, "poison")
        save_t = save[1] if save else None
        poison_t = poison[1] if poison else None
        if save is not None:
            ctx.emit("used", {"seat": save[0], "skill": "save"})
            for sk in ("save", "medium"):
                ctx.emit("skill_lost", {"seat": save[0], "skill": sk}, (save[0],))
        trace.append(
            f"（3）通灵：{name(kill_t)}；救药：{name(save_t)}；毒药：{name(poison_t)}（R-M103-05）"
        )
        if poison is not None:
            ctx.emit("used", {"seat": poison[0], "skill": "poison"})
            ctx.emit("skill_lost", {"seat": poison[0], "skill": "poison"}, (poison[0],))
        # (4) 密探: the target's current faction
        check = self._act_of(s, "check")
        if check is not None:
            word = (
                self.word("loyal")
                if s.players[check[1]].faction == LOYAL
                else self.word("not_loyal")
            )
            ctx.emit(
                "result",
                {"seat": check[0], "skill": "check", "value": word, "day": day, "target": check[1]},
                (check[0],),
            )
            ctx.emit(
                "notice",
                {"key": "check_result", "params": {"p": check[1], "word": word}},
                (check[0],),
            )
            trace.append(f"（4）深夜探秘：{name(check[1])} → {word}（按当前阵营）")
        # (5) 指杀结算: guard first (R-M103-04: no 奶穿, the save is still spent), then save, then exit
        if kill_t is not None and s.players[kill_t].alive:
            if kill_t == guard_t:
                trace.append(
                    f"（5）指杀结算：{name(kill_t)}被守卫，指杀无效，救药照常消耗（R-M103-04）"
                )
            elif kill_t == save_t:
                trace.append(f"（5）指杀结算：{name(kill_t)}被救药救下")
            else:
                trace.append(f"（5）指杀结算：{name(kill_t)}出局")
                self._exit(ctx, kill_t, "kill", announce_now=False)
                if self._check_outcome(ctx, []):
                    trace.append("胜负已分，停止结算（R-ALL-08）")
                    return
        # (6) 毒药结算
        if poison_t is not None and s.players[poison_t].alive:
            trace.append(f"（6）毒药结算：{name(poison_t)}出局")
            self._exit(ctx, poison_t, "poison", announce_now=False)
            if self._check_outcome(ctx, []):
                trace.append("胜负已分（R-ALL-08）")

    # ------------------------------------------------------------------ exits
    def _exit(self, ctx: Ctx, seat: int, cause: str, announce_now: bool) -> list[int]:
        """出局 with 殉情<强制> chained at once; sheriff badge and last-words rights follow."""
        s = ctx.state
        queue = [(seat, cause)]
        gone: list[int] = []
        random_badge = False
        lovers = s.flags.get("lovers") or []
        quota = int(s.flags.get("last_words_quota", 0))
        while queue:
            x, c = queue.pop(0)
            if not s.players[x].alive:
                continue
            ctx.emit("exited", {"seat": x, "cause": c, "day": s.day, "phase": s.phase}, (x,))
            ctx.emit(
                "notice", {"key": "you_are_out", "params": {"cause": self.data["causes"][c]}}, (x,)
            )
            gone.append(x)
            if c != "red_card":
                last_words.grant(ctx, x, quota)  # R-M103-15: red cards have no last words
            if s.holders.get("sheriff") == x:
                ctx.emit("holder_set", {"status": "sheriff", "seat": None})
                if c == "red_card":
                    random_badge = True  # 红牌罚下的警长警徽随机移交 (R-M103-13)
                else:
                    ctx.emit("pending", {"key": "succession", "value": x})
                    ctx.emit("notice", {"key": "succession_due", "params": {}}, (x,))
            if x in lovers:
                partner = lovers[1] if lovers[0] == x else lovers[0]
                if s.players[partner].alive:
                    queue.append((partner, "martyr"))
        if announce_now:
            for x in gone:
                key = {"red_card": "red_card_exit", "vote": "voted_out", "martyr": "martyr"}.get(
                    s.players[x].exit_cause or "", "martyr"
                )
                ctx.emit("announcement", {"key": key, "params": {"p": x}, "exits": [x]}, PUBLIC)
            heir_due = s.pending.get("succession")
            if heir_due in gone:
                # 投票结束后，因投票而触发的警长<殉职>……立即公示
                ctx.emit(
                    "announcement", {"key": "sheriff_martyr", "params": {"p": heir_due}}, PUBLIC
                )
        else:
            ctx.emit(
                "flag", {"key": "night_exits", "value": [*s.flags.get("night_exits", []), *gone]}
            )
        if random_badge:
            self._random_successor(ctx, announce_now=True)
        self._cupid_takes_blade(ctx)
        return gone

    def _random_successor(self, ctx: Ctx, announce_now: bool) -> None:
        s = ctx.state
        living = s.living()
        if not living:
            return
        heir = ctx.rng().choice(living)
        ctx.emit(
            "holder_set",
            {"status": "sheriff", "seat": heir, "random": True},
            PUBLIC if announce_now else (heir,),
            chance=True,
        )
        if announce_now:
            ctx.emit(
                "announcement",
                {"key": "sheriff_random", "params": {"p": heir}, "holders": {"sheriff": heir}},
                PUBLIC,
            )

    def _cupid_takes_blade(self, ctx: Ctx) -> None:
        """R-M103-08 「可接刀」: the double-assassins' cupid gains 杀人 once every other member is out."""
        s = ctx.state
        c = s.flags.get("cupid_assassin")
        if c is None or not s.players[c].alive or "kill" in s.players[c].skills:
            return
        if ASSASSINS in s.lost:
            return
        others = [x for x in members(s, ASSASSINS, alive_only=True) if x != c]
        if not others:
            ctx.emit("skill_gained", {"seat": c, "skill": "kill"}, (c,))
            ctx.emit("notice", {"key": "cupid_takes_blade", "params": {}}, (c,))

    # ------------------------------------------------------------------ day vote
    def _vote_rules(self, s: State) -> tuple[Any, Any, Any, bool]:
        sheriff = s.holders.get("sheriff")
        no_vote = s.flags.get("prince_no_vote")

        def weight(v: int) -> float:
            return 1.5 if v == sheriff else 1.0  # 带队<强制>

        def counts_voter(v: int) -> bool:
            return s.players[v].alive and v != no_vote

        def counts_target(t: int) -> bool:
            return s.players[t].alive  # 白天红牌罚下在被投票出局之前

        return weight, counts_voter, counts_target, s.flags.get("accelerated") == s.day

    def _close_day_vote(self, ctx: Ctx) -> None:
        """Day 1 elects the sheriff (R-M103-12); days ≥ 2 exile the top, a tie puts nobody out."""
        s = ctx.state
        weight, counts_voter, counts_target, accelerated = self._vote_rules(s)
        standing = votes.current_ballots(s.ballots, accelerated)
        no_vote = s.flags.get("prince_no_vote")
        # 没有投票（或弃票）的玩家将记作一张黄牌: recorded for the director
        omissions.record(ctx, (x for x in s.living() if x not in standing and x != no_vote), "vote")
        counts = votes.tally(standing, weight, counts_voter, counts_target)
        abstain = sum(1 for v, t in standing.items() if t is None and counts_voter(v))
        parts = [
            f"{s.players[c].name}{_num(n)}票"
            for c, n in sorted(counts.items(), key=lambda kv: -kv[1])
        ]
        if abstain:
            parts.append(f"弃权{abstain}票")
        tally_text = "，".join(parts) or "无人投票"
        ctx.emit(
            "announcement",
            {
                "key": "vote_result",
                "params": {"day": s.day, "tally": tally_text},
                "counts": {str(k): v for k, v in counts.items()},
            },
            PUBLIC,
        )
        tied = votes.top(counts)
        rule = (
            "R-M103-12 竞岗：最高票当选警长，平票取最先达到该票数者"
            if s.day == 1
            else ("R-M103-12：最高票出局，平票无人出局（R-ALL-06）；警长1.5票")
        )
        ctx.emit(
            "trace",
            {
                "title": f"第{s.day}天投票（R-ALL-07 按投票记录计票）",
                "lines": [
                    f"计票：{tally_text}",
                    f"规则：{rule}",
                    "最高票：" + ("、".join(s.players[c].name for c in tied) or "无"),
                ],
            },
        )
        if s.day == 1:
            if not tied:
                ctx.emit("announcement", {"key": "no_sheriff", "params": {}}, PUBLIC)
                return
            winner = (
                tied[0]
                if len(tied) == 1
                else votes.first_to_reach(
                    s.ballots, tied, accelerated, weight, counts_voter, counts_target
                )
            )
            ctx.emit("holder_set", {"status": "sheriff", "seat": winner}, PUBLIC)
            ctx.emit(
                "announcement",
                {"key": "sheriff_elected", "params": {"p": winner}, "holders": {"sheriff": winner}},
                PUBLIC,
            )
            return
        if len(tied) > 1 and self.options["day_tie"] == "first_to_reach":
            tied = [
                votes.first_to_reach(
                    s.ballots, tied, accelerated, weight, counts_voter, counts_target
                )
            ]
        if len(tied) != 1:
            ctx.emit("announcement", {"key": "nobody_out", "params": {}}, PUBLIC)  # 平票则无人出局
            return
        out = tied[0]
        # 谁敢动我<强制> (R-M103-06): unlimited by default; option once
        survives = self.options["prince"] == "unlimited" or not s.flags.get("prince_used")
        if "prince" in s.players[out].skills and survives:
            ctx.emit("announcement", {"key": "prince_triggered", "params": {"p": out}}, PUBLIC)
            if self.options["prince"] == "once":
                ctx.emit("flag", {"key": "prince_used", "value": True})
                ctx.emit("flag", {"key": "prince_no_vote", "value": out})
            return
        ctx.emit("flag", {"key": "vote_exits", "value": [*s.flags.get("vote_exits", []), out]})
        self._exit(ctx, out, "vote", announce_now=True)

    # ------------------------------------------------------------------ succession
    def _close_succession(self, ctx: Ctx) -> None:
        """殉职<强制> (R-M103-13): the named successor, or a random one when none was named in time."""
        s = ctx.state
        old = s.pending.get("succession")
        if old is None:
            return
        at_night = s.phase == "night"
        rec = s.acts.get((old, "succession"))
        ctx.emit("pending", {"key": "succession", "value": None})
        if rec is not None and s.players[rec.targets[0]].alive:
            heir = rec.targets[0]
            ctx.emit(
                "holder_set", {"status": "sheriff", "seat": heir}, (heir,) if at_night else PUBLIC
            )
            if not at_night:
                ctx.emit(
                    "announcement",
                    {
                        "key": "sheriff_succession",
                        "params": {"p": heir},
                        "holders": {"sheriff": heir},
                    },
                    PUBLIC,
                )
        else:
            omissions.record(ctx, [old], "succession")
            self._random_successor(ctx, announce_now=not at_night)

    # ================================================================== phases
    def on_phase_start(self, ctx: Ctx, phase: str, day: int) -> None:
        """Day start: 公示 vote exits, night exits in order, the sheriff, and last words."""
        s = ctx.state
        if phase == "night":
            for seat in s.flags.get("widow_pending", []) or []:
                if s.players[seat].alive:
                    ctx.emit("skill_gained", {"seat": seat, "skill": "kill"}, (seat,))
            if s.flags.get("widow_pending"):
                ctx.emit("flag", {"key": "widow_pending", "value": []})
            ctx.emit("announcement", {"key": "start_night", "params": {"day": day}}, PUBLIC)
            return
        if phase != "day":
            return
        night_exits = list(s.flags.get("night_exits", []))
        vote_exits = list(s.flags.get("vote_exits", []))
        sheriff = s.holders.get("sheriff")
        ctx.emit(
            "announcement",
            {
                "key": "day_start",
                "params": {
                    "day": day,
                    "ps_vote": vote_exits,
                    "ps_night": night_exits,
                    "p_sheriff": sheriff,
                },
                "exits": night_exits,
                "holders": {"sheriff": sheriff},
            },
            PUBLIC,
        )
        last_words.publish_and_close(ctx)
        ctx.emit("flag", {"key": "night_exits", "value": []})
        ctx.emit("flag", {"key": "vote_exits", "value": []})

    # ================================================================== win and loss
    def _factions(self, s: State) -> list[str]:
        out = [ASSASSINS, LOYAL]
        if s.flags.get("lovers_faction"):
            out.append(LOVERS)
        return out

    def _loses(self, s: State, faction: str) -> bool:
        """The loss conditions of 胜负判定 (R-M103-14).

        我爱皇帝 loses when every 特 (密探, 太医, 侍卫, 太子) of the faction is out, or every 妃子
        (宠妃 and the 帝王); a cupid who counts as 特 or 妃子 (R-M103-08) is counted there.
        """
        if faction == ASSASSINS:
            return not any(p.alive and p.faction == ASSASSINS for p in s.players)
        if faction == LOVERS:
            return all_out(s, list(s.flags.get("lovers", [])))  # 不含红娘
        alive: set[str] = set()
        for p in s.players:
            if p.alive and p.faction == LOYAL:
                category = p.counts_as or self._categories.get(p.role)
                if category:
                    alive.add(category)
        return "special" not in alive or "consort" not in alive

    def _lose(self, ctx: Ctx, faction: str, why: str) -> None:
        """优先判负: private to the faction; members stay in the game."""
        s = ctx.state
        if faction in s.lost:
            return
        ctx.emit("faction_lost", {"faction": faction, "why": why}, tuple(members(s, faction)))
        if faction == ASSASSINS:
            # 杀了狗皇帝阵营优先判负后，杀了狗皇帝阵营失去杀人技能。此事件发生时会通知杀了狗皇帝阵营。
            for p in s.players:
                if p.faction == ASSASSINS and "kill" in p.skills:
                    ctx.emit("skill_lost", {"seat": p.seat, "skill": "kill"}, (p.seat,))
            for seat in members(s, ASSASSINS):
                ctx.emit("notice", {"key": "assassins_lost_kill", "params": {}}, (seat,))
            if LOVERS in self._factions(s) and LOVERS not in s.lost:
                # 寡妇刀<强制> (R-M103-11): from the next night, and the lovers are told
                lovers = [x for x in s.flags.get("lovers", []) if s.players[x].alive]
                ctx.emit("flag", {"key": "widow_pending", "value": lovers})
                for x in s.flags.get("lovers", []):
                    ctx.emit("notice", {"key": "widow_blade", "params": {}}, (x,))

    def _check_outcome(self, ctx: Ctx, already: list[str]) -> bool:
        """R-M103-14 / R-ALL-08: losses, the assassins' win, then the last faction standing."""
        s = ctx.state
        if s.ended:
            return True
        # nothing that decides the outcome changed since the last check: skip the work
        basis = (len(s.exit_order), len(s.lost), bool(s.flags.get("lovers")))
        if not already and s.outcome_basis == basis:
            return False
        s.outcome_basis = basis
        factions = self._factions(s)
        newly = list(already)
        for f in factions:
            if f not in s.lost and self._loses(s, f):
                self._lose(ctx, f, "condition")
                newly.append(f)
        living = s.living()
        if ASSASSINS not in s.lost and living:
            a = sum(1 for x in living if s.players[x].faction == ASSASSINS)
            if a * 2 >= len(living):
                self._end(ctx, [ASSASSINS])
                return True
        winners = last_standing(s, factions, newly, list(self.data.get("tie_priority", factions)))
        if winners:
            self._end(ctx, winners)
            return True
        return False

    def _end(self, ctx: Ctx, winners: list[str]) -> None:
        s = ctx.state
        pending = list(s.flags.get("night_exits", []))
        if pending:  # night exits not yet announced are published with the result
            ctx.emit(
                "announcement",
                {"key": "final_exits", "params": {"ps": pending}, "exits": pending},
                PUBLIC,
            )
        self.end_game(ctx, winners)

    # ================================================================== director
    def factions_in_play(self, state: State) -> list[str]:
        """杀了狗皇帝 and 我爱皇帝, plus 皇帝算什么 once the lovers eloped."""
        return self._factions(state)

    def concede(self, ctx: Ctx, faction: str) -> None:
        """判负 by the director's decision: the faction loses privately, then the usual checks."""
        self._lose(ctx, faction, "director")
        self._check_outcome(ctx, [faction])

    def red_card(self, ctx: Ctx, seat: int, faction_loses: bool) -> None:
        """See ``_red_card``."""
        self._red_card(ctx, seat, faction_loses)

    def _red_card(self, ctx: Ctx, seat: int, faction_loses: bool) -> None:
        """红牌罚下: out at once, no last words, badge passed at random, lovers still follow."""
        s = ctx.state
        faction = s.players[seat].faction
        if s.players[seat].alive:
            self._exit(ctx, seat, "red_card", announce_now=True)
        if faction_loses and faction in self._factions(s):
            self._lose(ctx, faction, "red_card")
            self._check_outcome(ctx, [faction])
        else:
            self._check_outcome(ctx, [])


def _num(n: float) -> str:
    return str(int(n)) if n == int(n) else f"{n:g}"
