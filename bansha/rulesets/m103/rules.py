"""[M103]『菁华浮梦』: harem-themed werewolf for 14 players.

The post's flow (游戏流程):
「0、分发身份。1、游戏开始时，红娘选择情侣。2、所有角色的阵营确定，单身刺客共群，情侣共群。3、直接入夜……
（1）侍卫行动（2）刺客/黑情侣选择杀人对象（3）太医行动，收到通灵反馈，可以发动救药、毒药……（4）密探行动
（5）指杀结算（6）毒药结算（7）开始第一天讨论日……最先高票者当选警长。同时出人投票结束，高票者出局，平票则另计」

Rulings followed: R-ALL-01..12, R-M103-01..19 (see ../shared/rulings.md). Each method names the
clause and the ruling it implements. Words users read come from ``data.yaml``.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from bansha.engine.commands import Act, Vote
from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError, SetupError
from bansha.engine.events import PUBLIC
from bansha.engine.ruleset import LegalAct, RuleSet
from bansha.engine.state import State
from bansha.mechanics import announce, last_words, surrender, votes
from bansha.mechanics.outcome import members
from bansha.rulesets.m103 import day, exits, lovers, night, outcome
from bansha.rulesets.m103.keys import ASSASSINS, LOVERS

FIRST_WINDOW = ("guard", "kill", "check")
"""关门后30分钟内: the guard, the spy and the assassins (R-M103-18)."""
PHYSICIAN = ("save", "poison")
"""收到通灵反馈后30分钟内: the physician (R-M103-18)."""
SURRENDERING = (ASSASSINS, LOVERS)  # 杀了狗皇帝阵营、皇帝算什么阵营均可以……发起投降
PROPOSE_SURRENDER = LegalAct("surrender", (), 0, rare=True)


class M103(RuleSet):
    """The M103 rule set: deal, 红线, the night table (1)–(6), sheriff and exile votes, win/loss."""

    def __init__(self, data: dict[str, Any], options: dict[str, Any] | None = None) -> None:
        super().__init__(data, options)
        self._categories: dict[str, str] = {
            k: str(r["category"]) for k, r in self.roles.items() if r.get("category")
        }
        window = self.options["window_minutes"]
        if not isinstance(window, int) or isinstance(window, bool) or window <= 0:
            raise SetupError(f"选项「window_minutes」须为正整数（分钟），而不是「{window}」")
        self.window = window
        for specs in self.data["timetable"].values():  # R-M103-18: stages measured in windows
            for spec in specs:
                if "windows" in spec:
                    spec["minutes"] = int(spec["windows"]) * window
        self._has_physician = any(
            "medium" in r.get("skills", []) and int(r.get("count", 0)) > 0
            for r in self.roles.values()
        )

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
        self._reveal_emperor(ctx, dealt)
        at = self.start_time()
        for spec in self.stage_specs("start"):
            if self.stage_applies(ctx.state, spec, 0):
                self.open_stage(ctx, "start", 0, spec, at, phase_start=True)
                return
        lovers._form_groups(self, ctx)
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
            word = self.role_name("emperor")
            ctx.emit(
                "announcement",
                {"key": "emperor_public", "params": {"p": emperor}, "revealed": [[emperor, word]]},
                PUBLIC,
            )
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
        if when == "has_physician":
            # held every night whatever she has left: a shorter night would tell everyone
            return self._has_physician
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
            if t in la.targets:
                continue
            if not 0 <= t < len(s.players) or not s.players[t].alive:
                raise RuleError("目标必须是未出局的角色")  # R-ALL-03
            raise RuleError(self._why_target(s, cmd, t))
        if cmd.skill == "succession":
            day._name_successor(self, ctx, cmd.by, cmd.targets[0])  # 殉职: named, in effect at once
            return
        team = "kill" if cmd.skill == "kill" else None
        to = tuple(self._kill_team(s)) if team else (cmd.by,)
        self.record_act(ctx, cmd, to, team)

    def stage_audience(self, state: State, spec: dict[str, Any]) -> tuple[int, ...] | None:
        """The night's 殉职 and 遗言 stages are private to the dead sheriff and the holders of a
        last-words right: that they are held at all would tell everyone someone died tonight."""
        if not spec.get("private"):
            return None
        seats = set(state.last_words)
        heir_due = state.pending.get("succession")
        if heir_due is not None:
            seats.add(int(heir_due))
        return tuple(sorted(seats))

    def _publicly_in(self, s: State, seat: int) -> tuple[int, ...]:
        """Players the sheriff may name: everyone not yet announced out, himself excepted (a
        night exit not yet announced is not revealed by the list; R-M103-13 handles a dead heir)."""
        unannounced = set(s.flags.get("night_exits", []))
        return tuple(
            p.seat for p in s.players if p.seat != seat and (p.alive or p.seat in unannounced)
        )

    def _why_not(self, s: State, cmd: Act) -> str:
        name = self.skill_name(cmd.skill)
        p = s.players[cmd.by]
        if cmd.skill == "succession":
            return "现在不需要你选择继任警长"
        if cmd.skill not in p.skills:
            return f"你没有技能<{name}>"
        if cmd.skill == "red_thread":
            return "<红线>只能在游戏开始时发动"
        w = self.window
        if cmd.skill in FIRST_WINDOW and s.stage_key == "physician":
            return f"<{name}>须在关门后{w}分钟内发动，行动时限已过，视为放弃"  # R-M103-18
        if cmd.skill in PHYSICIAN and s.stage_key == "night":
            medium = self.skill_name("medium")
            return f"<{name}>在收到<{medium}>反馈后的{w}分钟内发动，现在还不能发动"  # R-M103-18
        night_skill = cmd.skill in FIRST_WINDOW or cmd.skill in PHYSICIAN
        if night_skill and s.stage_key not in ("night", "physician"):
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
        out.extend(last_words.legal(state, seat))
        key = state.stage_key
        if state.pending.get("succession") == seat and key in ("day", "night", "succession"):
            # 殉职: the sheriff who just exited names a successor among the players not yet
            # announced out: at night the others who died are still secret, so they stay on the
            # list. A sheriff voted out names one within the window after 关门 (R-M103-18).
            out.append(LegalAct("succession", self._publicly_in(state, seat), 1))
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
            if "check" in sk:
                out.append(LegalAct("check", living, 1))
        elif key == "physician":
            sk = p.skills
            if "save" in sk and (seat, "poison") not in state.acts:
                out.append(LegalAct("save", living, 1))
            if "poison" in sk and (seat, "save") not in state.acts:
                out.append(LegalAct("poison", living, 1))
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
        """R-M103-15: only a holder of an unused right; no Discuz! code. R-M103-18: due
        「在次日开门30分钟前」: the night's 遗言 stage ends when the day opens, so its last window
        refuses them."""
        s = ctx.state
        margin = timedelta(minutes=self.window)
        if cmd.at and s.stage_key == "last_words" and s.deadline and cmd.at > s.deadline - margin:
            raise RuleError(f"遗言须在次日开门{self.window}分钟前提交，已视为放弃遗言")
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
            outcome._lose(self, ctx, faction, "surrender")
            outcome._check_outcome(self, ctx, [faction])

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

    def vote_weight(self, state: State, voter: int) -> float:
        """带队<强制> 「计算投票数量时警长投出的票计为1.5票」."""
        return 1.5 if state.holders.get("sheriff") == voter else 1.0

    def may_vote(self, state: State, voter: int) -> bool:
        """R-M103-06: the 太子 voted out once by 谁敢动我 has lost his vote."""
        return state.flags.get("prince_no_vote") != voter

    def weighted_statuses(self) -> tuple[str, ...]:
        """The sheriff's 1.5 votes."""
        return ("sheriff",)

    def on_vote(self, ctx: Ctx, cmd: Vote) -> None:
        """「每天白天，所有角色均可参与投票」 with the change rules of 投票规则 (R-ALL-07)."""
        s = ctx.state
        if s.stage_key != "day":
            raise RuleError("现在不是投票时间")
        p = s.players[cmd.by]
        if not p.alive:
            raise RuleError("已出局的角色不能投票")
        if not self.may_vote(s, cmd.by):
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
            lovers._close_red_thread(self, ctx)
        elif stage_key == "night":
            day._close_succession(self, ctx)  # a sheriff voted out: 关门30分钟后 a random one
            night._close_first_window(self, ctx)
            if not self._has_physician:
                night._resolve_night(self, ctx)
        elif stage_key == "physician":
            night._resolve_night(self, ctx)
        elif stage_key == "day":
            day._close_day_vote(self, ctx)
        elif stage_key == "succession":
            day._close_succession(self, ctx)
        elif stage_key == "last_words":
            pass
        if not ctx.state.ended:
            outcome._check_outcome(self, ctx, [])  # R-ALL-08: end of every phase

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
        announce.release(ctx)  # R-M103-19: what the night had to announce, in order
        last_words.publish_and_close(ctx)
        ctx.emit("flag", {"key": "night_exits", "value": []})
        ctx.emit("flag", {"key": "vote_exits", "value": []})

    def holds_announcements(self, state: State) -> bool:
        """「夜晚期间需要公示的内容全部在下一个白天开始时公布」 (R-ALL-11, R-M103-19): from the start
        (直接入夜) until the next day begins, announcements wait for the day's start."""
        return state.phase in ("start", "night")

    # ================================================================== director
    def factions_in_play(self, state: State) -> list[str]:
        """杀了狗皇帝 and 我爱皇帝, plus 皇帝算什么 once the lovers eloped."""
        return outcome._factions(self, state)

    def statuses(self, state: State) -> dict[int, list[str]]:
        """The sheriff, and the two lovers (情侣 <非身份>) once the 红线 is tied."""
        out = super().statuses(state)
        for seat in state.flags.get("lovers") or []:
            out.setdefault(int(seat), []).append("lover")
        return out

    def concede(self, ctx: Ctx, faction: str) -> None:
        """判负 by the director's decision: the faction loses privately, then the usual checks."""
        outcome._lose(self, ctx, faction, "director")
        outcome._check_outcome(self, ctx, [faction])

    def red_card(self, ctx: Ctx, seat: int, faction_loses: bool) -> None:
        """See ``_red_card``."""
        self._red_card(ctx, seat, faction_loses)

    def _red_card(self, ctx: Ctx, seat: int, faction_loses: bool) -> None:
        """红牌罚下: out at once, no last words, badge passed at random, lovers still follow; at night
        the exit, its 殉情 and the badge are announced when the day begins (R-M103-19)."""
        s = ctx.state
        faction = s.players[seat].faction
        if s.players[seat].alive:
            hold = self.holds_announcements(s)
            if hold:
                announce.announce(ctx, {"key": "red_card_exit", "params": {"p": seat}}, hold=True)
            exits._exit(self, ctx, seat, "red_card", announce_now=not hold)
        if faction_loses and faction in outcome._factions(self, s):
            outcome._lose(self, ctx, faction, "red_card")
            outcome._check_outcome(self, ctx, [faction])
        else:
            outcome._check_outcome(self, ctx, [])
