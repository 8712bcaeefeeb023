"""Mission vote: the team that goes votes success or fail in secret, some choices forced by
faction or role; the number of fail cards decides, unless a team member's power overrides it.

M186 【任务执行投票】 「每天夜晚，成功加入出征队伍的角色需在出征贴秘密投票（仅作者可见）决定出征结果如何，会公布有多少失败票，但不
公布投票情况。蓝方只能投成功投票，红方除兰斯洛特以外可投成功或失败投票，红方兰斯洛特只能投失败投票。」; 【任务成功/失败】 「出征有
任意数量张失败票，则本次计为任务失败，否则计为任务成功。」; 加拉哈德 【圣杯骑士】 「[强制][限定]——当加拉哈德在出征队伍中，且该
出征队伍只有1张失败票时触发：公示[加拉哈德保护了任务免于破坏]，本次任务视为成功。」; 薇薇安 【禁锢魔力】 「[强制]——当薇薇安在
出征队伍中，且该出征队伍没有失败票时触发：公示[薇薇安使用魔力破坏了任务]，本次任务视为失败。」 (R-M186-05: a missing vote is
the forced one, else success; the fail cards are published before the overrides.)

The mechanic's memory: the mission owed (``State.pending[due]``: ``{by, team}``, written by the
approval vote), each mission a use of the skill (seat: whose proposal went, targets: the team
members still in, choice: the result), the override that saves a use of its skill (once), the
next day's recap owed (``recap_due``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bansha import texts
from bansha.engine.commands import Act
from bansha.engine.context import Ctx
from bansha.engine.errors import SetupError
from bansha.engine.events import PUBLIC
from bansha.engine.ruleset import LegalAct, form
from bansha.engine.state import State
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import LIST_SEP, Board, Mechanic, Resolution, SkillSpec
from bansha.mechanics.params import Raw


@dataclass(frozen=True, slots=True)
class MissionParams:
    """``success``/``fail``: the two words; ``by_faction``/``by_role``: the one word a faction's
    (first) or a role's members may vote; ``fails_needed``: fail cards that fail each round;
    ``saves``: the skill whose holder on the team turns exactly ``saves_at`` fails into a
    success, ``saves_times`` in the game, announcing ``saved``; ``spoils``: the skill whose holder
    on the team turns ``spoils_at`` fails into a fail, announcing ``spoiled``; ``due``: the
    pending key of the mission owed; ``recap_due``: of the next day's recap; the texts
    (``announce``: the announcement that carries ``saved`` or ``spoiled``)."""

    success: str
    fail: str
    by_faction: dict[str, str]
    by_role: dict[str, str]
    fails_needed: tuple[int, ...]
    saves: str | None
    saves_at: int
    saves_times: int | None
    saved: str
    spoils: str | None
    spoils_at: int
    spoiled: str
    due: str
    recap_due: str
    result: str
    recap: str
    announce: str


@dataclass(frozen=True, slots=True)
class MissionEnd:
    """A ``resolve:`` step's keys: ``wins`` wins once ``fails`` missions failed."""

    wins: str
    fails: int


class MissionVote(Mechanic):
    """The team's secret votes; the close counts the fail cards and the overrides."""

    kind = "mission_vote"
    validates = True
    about = About(
        params=(
            Param("success", "text", "success"),
            Param("fail", "text", "fail"),
            Param("by_faction", "table", {}),
            Param("by_role", "table", {}),
            Param("fails_needed", "numbers", (1, 1, 1, 1, 1)),
            Param("saves", "skill", None),
            Param("saves_at", "number", 1),
            Param("saves_times", "number", 1),
            Param("saved", "text", "saved_{skill}"),
            Param("spoils", "skill", None),
            Param("spoils_at", "number", 0),
            Param("spoiled", "text", "spoiled_{skill}"),
            Param("due", "text", "due:{skill}"),
            Param("recap_due", "text", "due:recap"),
            Param("result", "text", "result_{skill}"),
            Param("recap", "text", "recap_{skill}"),
            Param("announce", "text", "plain"),
        ),
        texts=(
            Need("{result}", ("round", "fails", "result")),
            Need("{recap}", ("day", "ps", "p", "result", "fails")),
            Need("{saved}", ()),
            Need("{spoiled}", ()),
            Need("{announce}", ("text",)),
            Need("refuse_mission_one", ("a",)),
            Need("refuse_mission_two", ("a", "b")),
            Need("trace_mission", ("round",), False),
            Need("trace_mission_team", ("ps",), False),
            Need("trace_mission_fails", ("fails", "needed"), False),
            Need("trace_mission_override", ("text",), False),
            Need("trace_mission_result", ("result",), False),
        ),
        steps=(
            Param("wins", "text", None),
            Param("fails", "number", 3),
        ),
        emits=("acted", "skill_used", "announcement", "pending", "trace"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params"
        a = self.about
        success = str(raw.text("success", a.default("success")))
        fail = str(raw.text("fail", a.default("fail")))
        by_faction = raw.table("by_faction")
        by_role = raw.table("by_role")
        for word in (success, fail, *by_faction.values(), *by_role.values()):
            board.word_of(word, where)
        for faction in by_faction:
            if faction not in board.factions:
                raise SetupError(
                    texts.DATA_NOT_FACTION.format(where=f"{where}.by_faction", value=faction)
                )
        board.role_refs(tuple(by_role), f"{where}.by_role")
        saves, spoils = (
            raw.text("saves", a.default("saves")),
            raw.text("spoils", a.default("spoils")),
        )
        self.p = MissionParams(
            success,
            fail,
            by_faction,
            by_role,
            raw.numbers("fails_needed", a.default("fails_needed")),
            None if saves is None else board.skill_ref(saves, f"{where}.saves"),
            int(raw.number("saves_at", a.default("saves_at")) or 0),
            raw.number("saves_times", a.default("saves_times")),
            self.text_key(raw, "saved"),
            None if spoils is None else board.skill_ref(spoils, f"{where}.spoils"),
            int(raw.number("spoils_at", a.default("spoils_at")) or 0),
            self.text_key(raw, "spoiled"),
            self.text_key(raw, "due"),
            str(raw.text("recap_due", a.default("recap_due"))),
            self.text_key(raw, "result"),
            self.text_key(raw, "recap"),
            self.text_key(raw, "announce"),
        )
        raw.done()
        w = board.word
        self._both = (w(success), w(fail))
        self._forced = {k: (w(v),) for k, v in by_faction.items()}
        self._forced_role = {k: (w(v),) for k, v in by_role.items()}
        build = self._form
        self._both_form = build(self._both)
        self._forms = {k: build(v) for k, v in self._forced.items()}
        self._role_forms = {k: build(v) for k, v in self._forced_role.items()}
        """Each vote's form, built once: a faction's forced one, a role's, or both words."""
        self._team: tuple[dict[str, Any], frozenset[int]] | None = None
        """The mission owed as the state holds it (its own value, until the next) and its team as
        a set."""

    def values(self) -> dict[str, str]:
        """The text keys of the result, the recap and the overrides."""
        p = self.p
        return {
            "result": p.result,
            "recap": p.recap,
            "saved": p.saved,
            "spoiled": p.spoiled,
            "announce": p.announce,
        }

    # ------------------------------------------------------------------ the missions
    def round(self, s: State) -> int:
        """The round being played: the missions so far plus one."""
        return len(self.uses(s)) + 1

    def results(self, s: State) -> list[str]:
        """The results of the missions so far, in order (their words)."""
        return [str(u.choice) for u in self.uses(s)]

    def choices(self, s: State, seat: int) -> tuple[str, ...]:
        """「蓝方只能投成功投票，红方除兰斯洛特以外可投成功或失败投票，红方兰斯洛特只能投失败投票」."""
        p = s.players[seat]
        return self._forced.get(p.faction) or self._forced_role.get(p.role) or self._both

    def team(self, s: State, seat: int) -> tuple[int, ...]:
        """Each member votes for himself."""
        return (seat,)

    # ------------------------------------------------------------------ acts
    def legal(self, s: State, seat: int) -> LegalAct | None:
        """A member of the team that goes votes one of his choices."""
        due: dict[str, Any] | None = s.pending.get(self.p.due)
        if not due:
            return None
        team = self._team
        if team is None or team[0] is not due:
            team = self._team = (due, frozenset(due.get("team", ())))
        if seat not in team[1]:
            return None
        p = s.players[seat]
        return self._forms.get(p.faction) or self._role_forms.get(p.role) or self._both_form

    def _form(self, choices: tuple[str, ...]) -> LegalAct:
        """The vote's form with ``choices``."""
        return form(self.key, (), 0, choices)

    def validate(self, s: State, cmd: Act) -> str | None:
        """Only his choices."""
        allowed = self.choices(s, cmd.by)
        if cmd.choice in allowed:
            return None
        return "refuse_mission_one" if len(allowed) == 1 else "refuse_mission_two"

    def refusal(self, s: State, seat: int, reason: str) -> str:
        """A refusal's words, his choices filled in."""
        allowed = self.choices(s, seat)
        return self.board.say(reason, a=allowed[0], b=allowed[-1])

    # ------------------------------------------------------------------ resolution
    def do(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """The fail cards counted (a missing vote the forced one, else success), the overrides,
        the result recorded and published with the number of fail cards; the recap owed."""
        s = ctx.state
        p, board = self.p, self.board
        due = s.pending.get(p.due)
        if not due:
            return ""  # no team went (an approval vote whose last proposal does not pass)
        team = [x for x in due["team"] if s.players[x].alive]
        success, fail = self._both
        fails = 0
        for x in team:
            rec = s.acts.get((x, self.key))
            if rec is None:
                vote = self._forced_role.get(s.players[x].role, (success,))[0]
            else:
                vote = rec.choice or success
            fails += vote == fail
        rnd = self.round(s)
        needed = p.fails_needed[min(rnd, len(p.fails_needed)) - 1]
        result = fail if fails >= needed else success
        extra: list[str] = []
        saver = self._holder(s, team, p.saves)
        spoiler = self._holder(s, team, p.spoils)
        if fails == p.saves_at and saver is not None and self._may_save(s):
            result = success
            assert p.saves is not None
            ctx.emit("skill_used", {"skill": p.saves, "seat": saver, "targets": [], "day": s.day})
            extra.append(board.texts[p.saved])
        elif fails == p.spoils_at and spoiler is not None:
            result = fail
            extra.append(board.texts[p.spoiled])
        names = LIST_SEP.join(s.players[x].name for x in team)
        lines = [
            board.say("trace_mission_team", ps=names),
            board.say("trace_mission_fails", fails=fails, needed=needed),
            *(board.say("trace_mission_override", text=t) for t in extra),
            board.say("trace_mission_result", result=result),
        ]
        ctx.emit("trace", {"title": board.say("trace_mission", round=rnd), "lines": lines})
        self.record_use(ctx, due["by"], tuple(team), result)
        recap: dict[str, Any] = {"ps": team, "p": due["by"], "result": result, "fails": fails}
        ctx.emit("pending", {"key": p.recap_due, "value": recap})
        for text in extra:
            ctx.emit("announcement", {"key": p.announce, "params": {"text": text}}, PUBLIC)
        data = {"round": rnd, "fails": fails, "result": result}
        ctx.emit("announcement", {"key": p.result, "params": data}, PUBLIC)
        ctx.emit("pending", {"key": p.due, "value": None})
        return ""

    def _holder(self, s: State, team: list[int], skill: str | None) -> int | None:
        """The team member who holds ``skill``, if any."""
        if skill is None:
            return None
        return next((x for x in team if skill in s.players[x].skills), None)

    def _may_save(self, s: State) -> bool:
        """The saving power has uses left ([限定]: once)."""
        times = self.p.saves_times
        return times is None or len(s.uses.get(str(self.p.saves), ())) < times

    def on_phase_start(self, ctx: Ctx, phase: str, day: int) -> None:
        """Its ``start`` step: the recap owed, told."""
        self.tell_recap(ctx, day)

    def prepare(self, verb: str, raw: Raw) -> object:
        """A ``resolve:`` step's faction and number of failed missions."""
        if verb != "resolve":
            return super().prepare(verb, raw)
        a = self.about
        wins = raw.text("wins", a.default("wins"))
        if wins is None or wins not in self.board.factions:
            raise SetupError(texts.DATA_FACTION_NEEDED.format(where=f"{raw.where}.wins"))
        fails = raw.number("fails", a.default("fails"))
        raw.done()
        return MissionEnd(wins, int(fails or 0))

    def resolve(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """「任务失败3次」: the faction wins at once."""
        assert isinstance(params, MissionEnd)
        if self.results(ctx.state).count(self._both[1]) >= params.fails:
            self.board.end_game(ctx, [params.wins])
        return ""

    def tell_recap(self, ctx: Ctx, day: int) -> None:
        """「每个游戏日白天开始时，公示前一天出征队伍组建的情况和出征任务执行情况」: the recap owed, told."""
        s = ctx.state
        last = s.pending.get(self.p.recap_due)
        if last:
            params = {"day": day, **last}
            ctx.emit("announcement", {"key": self.p.recap, "params": params}, PUBLIC)
            ctx.emit("pending", {"key": self.p.recap_due, "value": None})
