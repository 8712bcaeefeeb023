"""[M186]FHA: 14-player Avalon with Lancelot switching, Galahad, Vivian and the Lady of the Lake.

游戏流程: 「1、发放身份，知晓各自对应的信息。2、公布队长，阵营转变抽取情况，开始白天讨论 3、队长和队长下方4个角色需在
12:00前提出方案 4、所有角色在21:00前投票，决定哪一支队伍出征 5、天黑阶段，所有出征角色在21:30前私聊导演成功失败，并公布
出征是否成功或失败。6、如果这是第2、3、4轮，湖中仙女查验一名角色，并公布新的湖中仙女，随后转到第2步，直到出现3次任务成功
或3次任务失败。」 刺客拍刀流程 and 胜负条件 as written.

Rulings followed: R-ALL-01..08, R-M186-01..08 (../shared/rulings.md).

Its memory is typed state: the Lancelot deck still to be drawn (``State.deck``); the round's
proposers, their proposals to approve, the team that goes, the Lady's check after a mission, the
next day's recap and the assassin's strike are what is owed (``State.pending``); the missions'
results, the Grail and the red cards are uses (``State.uses``); the former Ladies are a mark
(``State.marks``). A stream stored while it sat in flags reads through the stored format its
data file names (``stored_formats: [m186_flags]``, ``bansha/engine/upcasts``).
"""

from __future__ import annotations

from typing import Any

from bansha.engine.commands import Act
from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError, SetupError
from bansha.engine.events import PUBLIC
from bansha.engine.ruleset import LegalAct
from bansha.engine.state import State
from bansha.mechanics import tables
from bansha.mechanics.approval_vote import ApprovalVote
from bansha.mechanics.assassinate import Assassinate
from bansha.mechanics.base import Board, Mechanic
from bansha.mechanics.catalogue import declare_all
from bansha.mechanics.colours import Colours
from bansha.mechanics.knowledge import Knowledge
from bansha.mechanics.lady_of_the_lake import LadyOfTheLake
from bansha.mechanics.lancelot_deck import LancelotDeck
from bansha.mechanics.mission_vote import MissionVote
from bansha.mechanics.proposal import Proposal
from bansha.mechanics.red_cards import RedCards


class M186(Board):
    """The M186 rule set: proposals, approval votes, missions, Lancelots, the Lady, the assassin.

    A :class:`~bansha.mechanics.base.Board`: the skills its data file declares with a mechanic of
    the catalogue (``mechanic:``) are built from their declarations and run on it."""

    def __init__(self, data: dict[str, Any], options: dict[str, Any] | None = None) -> None:
        super().__init__(data, options)
        self.colours = Colours.read(None, "colours", {})
        self.categories = {}
        self.final_at_window_close = False
        """R-ALL-09: a removed player's act is dropped until its stage resolves."""
        self.teams = self.read_teams()
        self.mechs: dict[str, Mechanic] = declare_all(self)
        self.specs = {k: m.spec for k, m in self.mechs.items()}
        self.knowledge = self.declared("knowledge", Knowledge)
        """R-M186-01: what each role is told at the deal, the catalogue's knowledge."""
        self.deck = self.declared("waver", LancelotDeck)
        """R-M186-02: the Lancelot deck (摇摆不定), the catalogue's lancelot_deck."""
        self.proposals = self.declared("propose", Proposal)
        """R-M186-03: 出征决议 and 队长轮换, the catalogue's proposal."""
        self.approvals = self.declared("approve", ApprovalVote)
        """R-M186-04: 出征决议投票, the catalogue's approval_vote."""
        self.mission = self.declared("mission", MissionVote)
        """R-M186-05: 任务执行投票 with 圣杯骑士 and 禁锢魔力, the catalogue's mission_vote."""
        self.lady = self.declared("lady", LadyOfTheLake)
        """R-M186-06: 花环, the catalogue's lady_of_the_lake."""
        self.cards = self.declared("red_card", RedCards)
        """R-M186-08: 红牌罚下 and two red cards on one faction, the catalogue's red_cards."""
        self.strike = self.declared("strike", Assassinate)
        """R-M186-07: 拍刀 and 刺杀, the catalogue's assassinate."""
        self._acting = tuple(m for m in self.mechs.values() if m.spec.stages)
        """The declared skills used by acts."""
        self._starts = tables.read(self, "phase_start")
        """游戏流程 2: the recap, the Lancelot draw and the proposers when a day begins."""
        self._steps = tables.read(self, "resolution")
        """游戏流程 3–6 and 刺客拍刀流程: each stage's close, in the post's order."""
        whens = [
            (f"timetable.{phase}[{i}].when", spec.get("when"))
            for phase, specs in self.data["timetable"].items()
            for i, spec in enumerate(specs)
        ] + [
            (f"phase_start.{phase}[{i}].when", step.when)
            for phase, steps in self._starts.items()
            for i, step in enumerate(steps)
        ]
        for where, when in whens:
            kind, _, skill = str(when).partition(":")
            if when is not None and (kind not in ("due", "not_due") or skill not in self.mechs):
                raise SetupError(f"规则文件中「{where}」应为 due:<技能> 或 not_due:<技能>")

    # ================================================================== setup
    def setup(
        self, ctx: Ctx, roles: dict[int, str] | None, fixed: dict[str, Any], declare: dict[str, Any]
    ) -> None:
        """Deal, tell each character what R-M186-01 says, shuffle the deck, pick the captain."""
        dealt = self.deal(ctx, roles)
        self.knowledge.on_setup(ctx, dealt)
        self.deck.shuffle(ctx, fixed.get("deck"))
        captain = self.proposals.first_captain(ctx, fixed.get("captain"))
        lady = self.lady.first_holder(ctx, captain)
        ctx.emit(
            "announcement",
            {
                "key": "captain_first",
                "params": {"p": captain, "p_lady": lady},
                "holders": {"captain": captain, "lady": lady},
            },
            PUBLIC,
        )
        self.advance(ctx, self.start_time())

    def stage_applies(self, state: State, spec: dict[str, Any], day: int) -> bool:
        """A stage's (or a table step's) ``when``: ``due:<skill>`` (its mechanic owes an act:
        拍刀 once the assassination began, 湖中仙女 after missions 2–4) or ``not_due:<skill>``."""
        when = spec.get("when")
        if when is None:
            return True
        kind, _, skill = str(when).partition(":")
        owed = bool(self.mechs[skill].due(state))
        return owed if kind == "due" else not owed

    # ================================================================== rounds
    def missions(self, s: State) -> list[str]:
        """The results of the missions so far, in order (成功/失败)."""
        return self.mission.results(s)

    def assassination_begun(self, s: State) -> bool:
        """Whether 刺客拍刀流程 has begun (declared, or a third success): the strike is owed."""
        return self.strike.begun(s)

    # ================================================================== phases
    def on_phase_start(self, ctx: Ctx, phase: str, day: int) -> None:
        """The phase's start table (the data file's ``phase_start``): before every round the
        recap, one public Lancelot draw, then the captain and the next 4 propose."""
        tables.run(self, ctx, self._starts.get(phase, ()), phase)

    # ================================================================== acts
    def legal(self, state: State, seat: int) -> list[LegalAct]:
        """What the player may submit now."""
        if state.ended:
            return []
        p = state.players[seat]
        if not p.alive:
            return []
        key = state.stage_key
        out: list[LegalAct] = []
        for m in self._acting:  # each declared skill of the stage, as its mechanic offers it
            if key in m.spec.stages and (la := m.legal(state, seat)) is not None:
                out.append(la)
        declaration = self.strike.declaration(state, seat)
        if declaration is not None:
            out.append(declaration)
        return out

    def on_act(self, ctx: Ctx, cmd: Act) -> None:
        """Validate against ``legal`` with a precise reason, then record or resolve."""
        s = ctx.state
        p = s.players[cmd.by]
        if not p.alive:
            raise RuleError(self.say("refuse_out"))
        if all(la.skill != cmd.skill for la in self.legal(s, cmd.by)):
            raise RuleError(self._why_not(s, cmd))
        if cmd.skill == "declare":
            self.strike.begin(ctx, True, cmd.at)
            return
        m = self.mechs.get(cmd.skill)
        if m is not None:  # its mechanic's reason, and its record
            reason = m.validate(s, cmd)
            if reason is not None:
                raise RuleError(m.refusal(s, cmd.by, reason))
            m.submit(ctx, cmd)
            return
        raise RuleError(self._why_not(s, cmd))

    def _why_not(self, s: State, cmd: Act) -> str:
        """The data file's reason, in the skill's own words where the file has them: a skill he
        does not hold (``refuse_no_skill.<skill>``), or not now (``refuse_now``)."""
        skill = cmd.skill
        t = self.texts
        text = t.get(f"refuse_no_skill.{skill}") if skill not in s.players[cmd.by].skills else None
        text = text or t.get(f"refuse_now.{skill}") or t["refuse_now"]
        return self.fill(text, {"skill": self.skill_name(skill) if skill in self.skills else skill})

    # ================================================================== closing stages
    def on_close(self, ctx: Ctx, stage_key: str) -> None:
        """The stage's resolution table (the data file's ``resolution``)."""
        tables.run(self, ctx, self._steps.get(stage_key, ()))

    # ================================================================== director
    def director_draws(self, state: State) -> list[str]:
        """The Lancelot deck still to be drawn, in drawing order (R-M186-02): shuffled at setup,
        hidden from everyone but the director."""
        return self.deck.left(state)

    def factions_in_play(self, state: State) -> list[str]:
        """The data file's factions (蓝方阵营 and 红方阵营)."""
        return list(self.factions)

    def concede(self, ctx: Ctx, faction: str) -> None:
        """The director rules a faction lost: the other wins (the catalogue's red_cards)."""
        self.cards.concede(ctx, faction)

    def red_card(self, ctx: Ctx, seat: int, faction_loses: bool) -> None:
        """R-M186-08: the catalogue's red_cards."""
        self.cards.red_card(ctx, seat, faction_loses)
