"""【版杀XXXII】海猫鸣泣之时: killers, detectives, a spectator, an inquisitor and a third-party witch.

结算阶段处理顺序: 「①宵禁，夜晚阶段开始：结算【弃明投暗】…②夜晚行动阶段结束，所有人已提交技能目标，结算阶段开始：
1.结算【审问官-红字结界】的守护效果和【魔女-契约标记】 2.如果魔女面临【杀手-无常之刃】的死亡效果结算，将会在告知魔女后，
由其决定是否发动【魔女-王车易位】 3.同时结算【杀手-无常之刃】【审问官-红字结界】【魔女-王车易位】造成的死亡效果，如果是第一晚
那么也结算【杀手-杀人诛心】产生共犯。 4.结算【侦探-侦探权限】【观剧-演员试镜】 ③结算阶段结束，遗言阶段开始：<仅限第一天，
结算【魔法传承】> 向魔女发送标记结果 向侦探和观剧发送查验结果 向当晚死者发送死者通知…」

Rulings followed: R-ALL-01..08, R-XXXII-01..21 (../shared/rulings.md).

Its memory is typed, the slices the catalogue's mechanics own (docs/mechanics.md, "Designed for
XXXII"): each skill's resolved uses (``State.uses``: the night's picks recorded when the night
closes, a 红字结界's outcome, a 演员试镜's answer, the 弃明投暗 name of the day, a 舞台特权 and the
王车易位), the believers, the marks and the accomplice's colour (``State.marks``), the decisions
owed (``State.pending``), the names told to the accomplice (``State.known``), the witch's win
recorded while the game goes on (``State.won``) and a scenario's pinned draws (``State.pinned``).
"""

from __future__ import annotations

from typing import Any, TypeVar

from bansha import texts
from bansha.engine.commands import Act, Vote
from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError, SetupError
from bansha.engine.events import PUBLIC
from bansha.engine.ruleset import LegalAct
from bansha.engine.state import Player, State
from bansha.mechanics import announce, last_words, recorded, resolution
from bansha.mechanics.base import Board, Mechanic
from bansha.mechanics.castling import Castling
from bansha.mechanics.catalogue import declare
from bansha.mechanics.colours import Colours
from bansha.mechanics.conversion import Conversion
from bansha.mechanics.day_vote import DayVote
from bansha.mechanics.declaration import Declaration
from bansha.mechanics.prophecy import Prophecy
from bansha.mechanics.resolution import When
from bansha.mechanics.stage_privilege import StagePrivilege

M = TypeVar("M", bound=Mechanic)

BELIEVER = "believer"
"""The mark of a civilian who declared belief in the witch (R-XXXII-02)."""


class XXXII(Board):
    """The XXXII rule set: the night's resolution table ①–③, colours, marks, castling, joint wins.

    The skills the data file declares with a mechanic of the catalogue (``mechanic:``) run on it:
    their legal acts, refusals and resolution (演员试镜: ``pair_check``; 舞台特权:
    ``stage_privilege``; 契约标记: ``mark``; 红字结界: ``protect``; 侦探权限: ``check``; 魔女预言:
    ``prophecy``; 杀人诛心, 弃明投暗's completion and 魔法传承: ``conversion``; 弃明投暗:
    ``name_to``; 无常之刃: ``team_kill``; 王车易位: ``castling``; the vote: ``day_vote``), each
    stage's close by the data file's resolution tables in the post's order (R-XXXII-16); the
    deal, exits, announcements and the outcome are still this module's."""

    def __init__(self, data: dict[str, Any], options: dict[str, Any] | None = None) -> None:
        super().__init__(data, options)
        known = {"role": set(self.roles), "faction": set(self.factions)}
        self.colours = Colours.read(self.data["colours"], "colours", known)
        """R-XXXII-01: the data file's colours (black: killers, the accomplice once black)."""
        self.categories = {}
        self.teams = self.read_teams()
        self.wins = self.read_conditions("wins")
        """R-XXXII-13: black when the detectives, the spectator and the inquisitor are all dead,
        white when every killer is; several at once, a joint win."""
        self.final_at_window_close = False
        """R-ALL-09: a removed piece's act is dropped until the night resolves."""
        self.mechs: dict[str, Mechanic] = {}
        for key, raw in self.skills.items():
            if "mechanic" in raw:
                self.mechs[key] = declare(self, key, raw)
        self.specs = {k: m.spec for k, m in self.mechs.items()}
        self._acting = tuple(m for m in self.mechs.values() if m.spec.stages)
        """The declared skills used by acts (each piece holds at most one of a stage's)."""
        self.privilege = self._declared("privilege", StagePrivilege)
        """R-XXXII-08: 舞台特权, the catalogue's stage privilege."""
        self.prophecy = self._declared("prophecy", Prophecy)
        self.turn = self._declared("turn", Conversion)
        """R-XXXII-05: 弃明投暗's completion, the catalogue's conversion ``all_named``."""
        self.castle = self._declared("castling", Castling)
        """R-XXXII-10/19: 王车易位, the catalogue's castling: offered as the night closes (the blade
        on her, not protected) and when the vote puts her out, each told in XXXII's words;
        decided in the 结算阶段 or the private 王车易位 stage; the substitute told to her group."""
        self.heart = self._declared("heart", Conversion)
        """R-XXXII-04: 杀人诛心, the catalogue's conversion of night 1's blade on a civilian (told at
        ③, with the killers, R-XXXII-21)."""
        self.vote = self._declared("vote", DayVote)
        """R-XXXII-14/18: the day vote, the catalogue's day_vote (from day 2, in the 投票阶段)."""
        self._on_phase_start = tuple(m for m in self.mechs.values() if "on_phase_start" in m.hooks)
        """弃明投暗 told at nightfall (name_to), its completion checked then (conversion)."""
        self.tables = resolution.read(self, self._read_when)
        """「结算阶段处理顺序」 ①–③ and each day stage's close, the data file's ``resolution``
        tables (R-XXXII-16), every hook of every mechanic named exactly once."""
        self.policy = last_words.Policy.read(self.data["last_words"], self.options, self.roles)
        """R-XXXII-15: last words for deaths on days and nights 1–3 only (the catalogue's policy)."""
        start = {str(spec["key"]) for spec in self.stage_specs("start")}
        self.declaration = Declaration.read(
            self.data["declaration"], self.skills, self.words, start, known
        )
        """「开局前需选择是否信仰魔女」 (R-XXXII-02): the catalogue's pre-deal declaration."""
        outcome = self.data["outcome"]
        self.recorded = recorded.read(
            outcome.get("recorded"), "outcome.recorded", self.factions, self.roles, known
        )
        """R-XXXII-12: the witch's win, recorded while the game goes on (魔女复苏 the next dawn)."""

    def _declared(self, key: str, cls: type[M]) -> M:
        """The mechanic the data file declares for ``key``, which must be ``cls``."""
        m = self.mechs.get(key)
        if not isinstance(m, cls):
            raise SetupError(f"规则文件中「skills.{key}.mechanic」应为「{cls.kind}」")
        return m

    # ================================================================== setup
    def setup(
        self, ctx: Ctx, roles: dict[int, str] | None, fixed: dict[str, Any], declare: dict[str, Any]
    ) -> None:
        """Deal; believers (R-XXXII-02); groups; the witch's prophecy list (R-XXXII-10).

        「开局前需选择是否信仰魔女」: declarations given with the game (a scenario's ``declare``) are
        used at once; otherwise the game opens with the 信仰声明 stage, in which every player
        declares on their page (or the director records the answer), and the deal waits for its
        close (R-XXXII-02: asked before roles are known; missing = does not believe)."""
        s = ctx.state
        names = {p.name: p.seat for p in s.players}
        declared = self.declaration.given(s, declare)
        draws: dict[str, Any] = {}
        for name in ("prophecy", "apprentice", "soul", self.castle.p.fixed):
            value = fixed.get(name)
            if value is None:
                continue
            try:
                draws[name] = (
                    [names[str(n)] for n in value]
                    if isinstance(value, list)
                    else [names[str(value)]]
                )
            except KeyError as e:
                raise RuleError(self._say(s, "fixed_no_player", key=name, name=str(e))) from e
        waits = declared is None and roles is not None
        if draws or waits:  # a fixed deal waits for the close with the declarations
            pinned: dict[str, Any] = {"draws": draws}
            if waits and roles is not None:
                pinned["deal"] = [roles[i] for i in sorted(roles)]
            ctx.emit("pinned", pinned)
        if declared is None:
            spec = self.stage_specs("start")[0]
            self.open_stage(ctx, "start", 0, spec, self.start_time(), phase_start=True)
            return
        self._begin(ctx, roles, declared)
        self.advance(ctx, self.start_time())

    def _close_declarations(self, ctx: Ctx) -> None:
        """The 信仰声明 stage closes: each player's last answer stands; then the deal."""
        s = ctx.state
        roles = dict(enumerate(s.pinned_deal)) if s.pinned_deal else None
        self._begin(ctx, roles, self.declaration.declared(s))
        ctx.emit("announcement", {"key": "declarations_closed", "params": {}}, PUBLIC)

    def _begin(self, ctx: Ctx, roles: dict[int, str] | None, declared: set[int]) -> None:
        """Deal, keep the civilians' declarations, form the groups, tell the witch her list."""
        dealt = self.deal(ctx, roles)
        self.declaration.keep_marks(ctx, declared, {})  # only civilians' answers count
        self.form_teams(ctx)  # 杀手群, 侦探群, 魔女群 at the deal
        self.prophecy.on_setup(ctx, dealt)  # 魔女预言 (R-XXXII-10), after the groups

    def _read_when(self, spec: dict[str, Any], where: str) -> When:
        """A resolution step's ``when``: ``day:<n>`` or ``from_day:<n>`` (「仅限第一天」)."""
        raw = spec.get("when")
        out: list[tuple[str, str]] = []
        for part in [] if raw is None else [raw] if isinstance(raw, str) else list(raw):
            kind, _, arg = str(part).partition(":")
            if kind not in ("day", "from_day") or not arg.isdigit():
                raise SetupError(texts.STEP_WHEN_DAYS.format(where=where, part=part))
            out.append((kind, arg))
        return tuple(out)

    @staticmethod
    def _step_holds(when: When, day: int) -> bool:
        """Whether a step's ``day:``/``from_day:`` conditions hold on ``day``."""
        return all(day == int(arg) if kind == "day" else day >= int(arg) for kind, arg in when)

    def stage_applies(self, state: State, spec: dict[str, Any], day: int) -> bool:
        """Day 1 has only 自由讨论阶段; 王车易位 only while the witch decides after a vote."""
        when = spec.get("when")
        if when == "after_day1":
            return day >= 2
        if when == "castle_vote":
            return self._castle_offer(state) == "vote"
        return True

    def stage_audience(self, state: State, spec: dict[str, Any]) -> tuple[int, ...] | None:
        """王车易位 is never named in public (R-XXXII-19): the decision after a vote is a stage only
        the witch's group sees open and close."""
        if not spec.get("private"):
            return None
        return self._witch_group(state)

    # ================================================================== colours and helpers
    def colour(self, s: State, seat: int) -> str:
        """R-XXXII-01: killers are black, the accomplice after 弃明投暗; every other piece white."""
        return self.colours.of(s, seat, {})

    def _accomplice(self, s: State) -> int | None:
        """The accomplice made by 杀人诛心 (R-XXXII-04, its one use), if any."""
        made = s.uses.get("heart")
        return made[0].targets[0] if made else None

    def _joined(self, s: State) -> bool:
        """Whether the accomplice is in the killers' group (弃明投暗 done, or at his death)."""
        accomplice = self._accomplice(s)
        return accomplice is not None and accomplice in s.groups.get("killers", ())

    def _castle_offer(self, s: State) -> str | None:
        """The 王车易位 decision the witch owes now: after the blade (``blade``) or a vote
        (``vote``), or none."""
        offer = s.pending.get(self.castle.pending)
        return None if offer is None else str(offer["cause"])

    def _believers(self, s: State) -> set[int]:
        """The civilians who declared they believe in the witch (R-XXXII-02)."""
        return s.marks.get(BELIEVER, set())

    def _witch_group(self, s: State) -> tuple[int, ...]:
        return tuple(s.groups.get("witch", []))

    def _seat_of(self, s: State, role: str) -> int | None:
        for p in s.players:  # a loop, not a generator: asked for every legal-act list
            if p.role == role:
                return p.seat
        return None

    # ================================================================== legal acts
    def legal(self, state: State, seat: int) -> list[LegalAct]:
        """What the piece may submit now."""
        if state.phase == "ended":
            return []
        key = state.stage_key
        if key == self.declaration.stage:  # 信仰声明: every player answers before roles are known
            return [self.declaration.legal()]
        out = last_words.legal(state, seat)
        for m in self._acting:  # each declared skill of the stage its holder holds, as offered
            if key in m.spec.stages and m.holds(state, seat):  # the witch's marks: dead too
                la = m.legal(state, seat)
                if la is not None:
                    out.append(la)
        return out

    # ================================================================== acts
    def on_act(self, ctx: Ctx, cmd: Act) -> None:
        """Validate against ``legal`` with the post's reason, then record."""
        s = ctx.state
        if cmd.skill == "last_words":
            if s.last_words.get(cmd.by, "") is not None:
                raise RuleError(self._say(s, "refuse_last_words"))
            last_words.submit(ctx, cmd.by, cmd.choice)
            return
        if cmd.skill == self.declaration.skill:
            reason = self.declaration.check(s, cmd)
            if reason is not None:
                raise RuleError(self.texts[reason])
            self.record_act(ctx, cmd, (cmd.by,), None)
            return
        allowed = {la.skill: la for la in self.legal(s, cmd.by)}
        if cmd.skill not in allowed:
            raise RuleError(self._why_not(s, cmd))
        la = allowed[cmd.skill]
        if cmd.skill == "castling":
            if cmd.choice not in la.choices:
                raise RuleError(self._say(s, "refuse_choice.castling"))
        elif len(cmd.targets) != la.picks or len(set(cmd.targets)) != la.picks:
            raise RuleError(self._say(s, "refuse_picks", skill=cmd.skill, n=la.picks))
        elif cmd.skill in self.mechs and self.mechs[cmd.skill].validates:
            reason = self.mechs[cmd.skill].validate(s, cmd)  # R-XXXII-07 ①–③, the post's reasons
            if reason is not None:
                raise RuleError(self.say(reason, skill=cmd.skill))
        else:
            for t in cmd.targets:
                if t not in la.targets:
                    raise RuleError(self._why_target(s, cmd, t))
        m = self.mechs.get(cmd.skill)
        if m is not None:
            m.submit(ctx, cmd)  # seen by its maker, or the killers' group for the blade
            return
        self.record_act(ctx, cmd, (cmd.by,), None)

    def team_of(self, state: State, skill: str, seat: int) -> tuple[int, ...]:
        """A declared skill's team is its mechanic's (the blade's and 弃明投暗's: the killers'
        group, one member's pick is the team's); else his alone."""
        m = self.mechs.get(skill)
        return (seat,) if m is None else m.team(state, seat)

    def _why_not(self, s: State, cmd: Act) -> str:
        skill = cmd.skill
        p = s.players[cmd.by]
        if self._drowned(p):  # R-XXXII-20, R-ALL-13: removed, refused when submitted
            return self._say(s, "refuse_drowned")
        if skill not in p.skills and skill != "castling":
            return self._say(s, "refuse_no_skill", skill=skill)
        if not p.alive and skill != "mark":
            return self._say(s, "refuse_out")
        m = self.mechs.get(skill)
        reason = None if m is None or s.stage_key not in m.spec.stages else m.refuse(s, cmd.by)
        if reason is not None:  # its mechanic's reason (R-XXXII-07: resting after 同, or ④)
            return self.say(reason, skill=skill)
        return self._say(
            s,
            f"refuse_now.{skill}" if f"refuse_now.{skill}" in self.texts else "refuse_now",
            skill=skill,
        )

    def _why_target(self, s: State, cmd: Act, t: int) -> str:
        if not 0 <= t < len(s.players) or not s.players[t].alive:
            return self._say(s, "refuse_target_out")  # R-ALL-03
        m = self.mechs.get(cmd.skill)
        reason = None if m is None else m.refuse_target(s, cmd.by, t)
        if reason is not None:  # its mechanic's reason (R-XXXII-09: two nights running, restricted)
            return self.say(reason, skill=cmd.skill, p=s.players[t].name)
        if cmd.skill == "reveal":
            return self._say(s, "refuse_target.reveal")
        return self._say(s, "refuse_target")

    def _say(self, s: State, text: str, skill: str | None = None, **params: Any) -> str:
        """A text of the data file filled in: ``p*`` seats and ``ps*`` lists of seats by their
        names, ``skill`` a skill key by its name."""
        if skill is not None:
            params["skill"] = self.skill_name(skill)
        return self.render(text, params, [p.name for p in s.players])

    # ================================================================== votes
    def on_vote(self, ctx: Ctx, cmd: Vote) -> None:
        """R-XXXII-14: from day 2, in 投票阶段 only; the catalogue's day vote checks and records it."""
        s = ctx.state
        if s.stage_key != "vote":
            raise RuleError(self._say(s, "refuse_no_vote_day1" if s.day == 1 else "refuse_no_vote"))
        self.vote.cast(ctx, cmd)

    # ================================================================== phases
    def on_phase_start(self, ctx: Ctx, phase: str, day: int) -> None:
        """At dawn: the night's deaths, 魔女复苏, last words; then each mechanic's phase hook: at
        nightfall (①) 弃明投暗's name of the day told to the accomplice (name_to, not once he is in
        the killers' group), and 「当棋盘上所有存活杀手均以此方式告知过共犯时」 checked against the
        killers alive then (conversion ``all_named``: also when the last unnamed killer died,
        with no new name that day)."""
        if phase == "day" and day >= 2:
            for r in self.recorded:  # 下一个天亮公示魔女复苏 (R-XXXII-12)
                for seat in r.then(ctx):
                    self._die(ctx, [seat], str(r.cause))
            self._day_start(ctx, day)
            announce.release(ctx)  # what else the night had to announce (R-ALL-11)
            last_words.publish_and_close(ctx)
        for m in self._on_phase_start:
            m.on_phase_start(ctx, phase, day)

    def _day_start(self, ctx: Ctx, day: int) -> None:
        """「【第N天】昨夜死亡」: the exits not yet announced, in exit order (R-ALL-11), in the
        pipeline's ``day_start`` (``ps_night``; ``ps_vote``, the post's text names none)."""
        params = announce.day_start_params(ctx.state, day)
        data = {"key": "day_start", "params": params, "exits": params["ps_night"]}
        ctx.emit("announcement", data, PUBLIC)

    def _night_exits(self, s: State) -> list[int]:
        """The exits not yet announced, in exit order: the night's (R-ALL-11)."""
        return [x for x in s.exit_order if x not in s.announced]

    def _accomplice_joins(self, ctx: Ctx) -> None:
        """The accomplice joins the killers' group at his death (在死亡时加入杀手群, still white)."""
        s = ctx.state
        accomplice = self._accomplice(s)
        assert accomplice is not None
        self.set_group(ctx, "killers", sorted({*s.groups.get("killers", []), accomplice}))

    # ================================================================== closing stages
    def on_close(self, ctx: Ctx, stage_key: str) -> None:
        """Resolve the stage, then check the win conditions (any stage's end, R-XXXII-13)."""
        s = ctx.state
        if stage_key == "declare":
            self._close_declarations(ctx)
            return
        steps = self.tables.get(stage_key)
        if steps:  # the post's order; the win conditions at the stage's end only (R-XXXII-13)
            title = f"{s.phase_label()} {s.stage}"
            day = s.day
            resolution.run(
                ctx, steps, title, lambda when: self._step_holds(when, day), lambda: False, ""
            )
        if stage_key == "resolve" and self.heart.tonight(s):
            # ③ 「并告知当天提交的杀手名字」 told (the last step): all living killers named (①)
            self.turn.when_named(ctx)
        if not s.ended:
            self._check_outcome(ctx)

    def counts(self, state: State, seat: int, skill: str) -> bool:
        """R-ALL-09: an act counts only while its player holds the power: alive with the skill, or
        for the witch's marks (无论是否存活) not removed by the director (淹死, R-XXXII-20); her
        王车易位 while she owes it, alive; a declaration (信仰魔女) always."""
        p = state.players[seat]
        if skill == "believe":
            return True
        m = self.mechs.get(skill)
        if m is not None:
            return m.counts(state, seat)
        return p.alive and skill in p.skills

    def exit(
        self, ctx: Ctx, seat: int, cause: str, announce_now: bool, by: int | None = None
    ) -> list[int]:
        """A mechanic's death: 红字结界's second use on a black piece (told at once, announced with
        the next day, R-ALL-11), or a vote's after 王车易位 (announced at once, 「被票死」)."""
        alive = ctx.state.players[seat].alive
        if announce_now and alive:
            data = {"key": f"out_{cause}", "params": {"p": seat}, "exits": [seat]}
            ctx.emit("announcement", data, PUBLIC)
        self._die(ctx, [seat], cause)
        return [seat] if alive else []

    def used_on_tonight(self, s: State, skill: str, target: int) -> bool:
        """Whether ``skill`` was used on ``target`` tonight and did what it does (a 红字结界 that
        protected, 杀人诛心's conversion): the night's picks are fixed when its actions close (②1)."""
        m = self.mechs[skill]
        return any(
            u.day == s.day and target in u.targets and m.took_effect(u)
            for u in s.uses.get(skill, ())
        )

    def instead(self, s: State, skill: str, target: int) -> int:
        """王车易位 (R-XXXII-10): tonight's blade on the witch hits her substitute (the catalogue's
        castling)."""
        return self.castle.instead(s, skill, target)

    def _die(self, ctx: Ctx, seats: list[int], cause: str) -> None:
        """Deaths: told at once to the dead, announced with the day (night) or at once (vote)."""
        s = ctx.state
        for x in seats:
            if not s.players[x].alive:
                continue
            ctx.emit("exited", {"seat": x, "cause": cause, "day": s.day, "phase": s.phase}, (x,))
            ctx.emit(
                "notice",
                {"key": "you_are_out", "params": {"cause": self.data["causes"][cause]}},
                (x,),
            )
            if self.policy.grants(s, cause):  # R-XXXII-15: days and nights 1–3 only
                last_words.grant(ctx, x, None)
            if x == self._accomplice(s) and not self._joined(s):
                self._accomplice_joins(ctx)  # 在死亡时加入杀手群

    # ------------------------------------------------------------------ votes
    def voted_out(self, ctx: Ctx, seat: int) -> bool:
        """Note c 「【魔女-王车易位】【观剧-舞台特权】的免死效果不会影响投票流程，仅在投票结束后进行出局结算时产生
        效果」: a piece 舞台特权 spares stays in (R-XXXII-08, announced); the witch decides on 王车易位
        first (R-XXXII-10, 「被投票出局」 announced alone); otherwise he exits, 「被票死」."""
        if self.privilege.on_voted_out(ctx, seat):
            return False
        return not self.castle.on_voted_out(ctx, seat)

    # ================================================================== win
    def _check_outcome(self, ctx: Ctx) -> bool:
        """R-XXXII-12/13 at the end of every stage: joint wins; the witch's win recorded, not ending."""
        s = ctx.state
        if s.ended:
            return True
        recorded.record(ctx, self.recorded, {})
        winners = [f for f, cond in self.wins if cond.holds(s, self.categories)]
        if winners:
            self._finish(ctx, recorded.with_recorded(s, self.recorded, winners))
            return True
        return False

    def _finish(self, ctx: Ctx, winners: list[str]) -> None:
        s = ctx.state
        if self._night_exits(s):
            self._day_start(ctx, s.day + 1)
        announce.release(ctx)
        self.end_game(ctx, winners)

    def director_draws(self, state: State) -> list[str]:
        """The believing civilians (R-XXXII-02) and the witch's prophecy list, drawn at the deal
        (R-XXXII-10)."""
        out = [self._say(state, "director_believers", ps=sorted(self._believers(state)))]
        witch = self._seat_of(state, "witch")
        for k in state.known.get(witch, []) if witch is not None else []:
            if k.get("word") == self.word("not_civilian"):
                out.append(self._say(state, "director_prophecy", ps=list(k["about"])))
        return out

    def factions_in_play(self, state: State) -> list[str]:
        """黑方, 白方 and the third party (the data file's factions)."""
        return list(self.factions)

    def concede(self, ctx: Ctx, faction: str) -> None:
        """The director rules a faction lost; of the two with a win condition (black and white),
        the other wins."""
        ctx.emit("faction_lost", {"faction": faction, "why": "director"}, PUBLIC)
        sides = [f for f, _ in self.wins]
        if faction in sides:
            winners = [f for f in sides if f != faction]
            self._finish(ctx, recorded.with_recorded(ctx.state, self.recorded, winners))

    def on_card(self, ctx: Ctx, seat: int, given: list[str], faction_loses: bool) -> None:
        """R-XXXII-17: 累计两次警告淹死. A witch who died in play still marks (无论是否存活); drowned,
        she acts no more (R-XXXII-20): she loses her marks, told privately (her acting after death
        is nobody else's to know)."""
        p = ctx.state.players[seat]
        if "warning" not in given or p.cards.get("warning", 0) < int(
            self.data["warnings_to_drown"]
        ):
            return
        if p.alive:
            self.remove(ctx, seat, "drown")
        elif "mark" in p.skills:
            ctx.emit("skill_lost", {"seat": seat, "skill": "mark"}, (seat,))
            ctx.emit("notice", {"key": "drowned_after_death", "params": {}}, (seat,))

    def _drowned(self, p: Player) -> bool:
        """淹死: removed by the director (R-XXXII-17), also after a death in play."""
        return bool(
            p.exit_cause == "drown"
            or p.cards.get("warning", 0) >= int(self.data["warnings_to_drown"])
        )

    def remove(self, ctx: Ctx, seat: int, cause: str) -> None:
        """淹死 (R-XXXII-17); at night announced with the next day's deaths (R-ALL-11)."""
        notice = {"key": "out_drown", "params": {"p": seat}, "exits": [seat]}
        announce.announce(ctx, notice, self.holds_announcements(ctx.state))
        self._die(ctx, [seat], "drown")
        self._check_outcome(ctx)

    def holds_announcements(self, state: State) -> bool:
        """The night's deaths are announced at the next day (R-ALL-11; 宵禁: the thread is closed):
        whatever the night has to announce (a drowning, 王车易位, a warning) waits for the day."""
        return state.phase == "night"
