"""Assassinate: a declaration the holder may make at any time; then more Lancelot draws, the
list of one faction published, one day of open talk and one name that decides the game.

M186 刺客 【刺杀】 「[限定]——任何时候，刺客可刺杀一人，若成功刺杀梅林，红方胜利，若刺杀错误，蓝方胜利。」; 【刺客拍刀流程】
「刺客可在任何时候拍刀，选择拍刀之后，蓝方自动算作任务成功3轮，然后抽取3-X张阵营转变卡（X为当前任务成功次数）决定兰斯洛特最终
的阵营。决定完成之后，公布所有红方名单，可公聊一天进行拍刀，最终决定完成之后，刺客需提交刺杀名单，决定最终胜负。」 (R-M186-07: a
third successful mission runs the same procedure with X = 3; R-M186-09: the day lasts until the
same clock time the next day; R-M186-10: the declaration ends the stage it interrupts; R-ALL-12:
he may name himself.)

The mechanic's memory is the strike owed once the procedure began (``State.pending[due]``:
``{successes: X}``); the game ends with the strike.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bansha import texts
from bansha.engine import draws
from bansha.engine.commands import Act
from bansha.engine.context import Ctx
from bansha.engine.errors import SetupError
from bansha.engine.events import PUBLIC
from bansha.engine.ruleset import LegalAct
from bansha.engine.state import State
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import Board, Mechanic, Resolution, SkillSpec
from bansha.mechanics.lancelot_deck import LancelotDeck
from bansha.mechanics.mission_vote import MissionVote
from bansha.mechanics.params import Raw

MISSING = ("random", "blue_wins")
"""No name by the end of the day: a random player of ``missed`` is struck, or the strike is
void and ``missed`` wins."""


@dataclass(frozen=True, slots=True)
class AssassinateParams:
    """``declare``: the declaration's skill; ``target_role``: the role a hit names; ``hit`` and
    ``missed``: the factions that win on a hit and on a miss; ``counted``: the successes the
    declaration counts (3 − X draws); ``missions``: the mission skill; ``deck``: the deck's
    skill; ``listed``: the faction whose players are published; ``missing``: what a day without a
    name does; ``due``: the pending key of the strike owed; the texts."""

    declare: str
    target_role: str
    hit: str
    missed: str
    counted: int
    missions: str
    deck: str
    listed: str
    missing: str
    due: str
    declared: str
    completed: str
    drawn: str
    listed_text: str
    struck: str
    struck_hit: str
    struck_missed: str


class Assassinate(Mechanic):
    """The declaration, the procedure it starts and the strike."""

    kind = "assassinate"
    validates = True
    about = About(
        params=(
            Param("declare", "skill", "declare"),
            Param("target_role", "text", "merlin"),
            Param("hit", "text", "red"),
            Param("missed", "text", "blue"),
            Param("counted", "number", 3),
            Param("missions", "skill", "mission"),
            Param("deck", "skill", "waver"),
            Param("listed", "text", "red"),
            Param(
                "missing",
                "choice",
                "random",
                MISSING,
            ),
            Param("due", "text", "due:{skill}"),
            Param("declared", "text", "declared_{skill}"),
            Param("completed", "text", "completed_{skill}"),
            Param("drawn", "text", "drawn_{skill}"),
            Param("listed_text", "text", "listed_{skill}"),
            Param("struck", "text", "struck_{skill}"),
            Param("struck_hit", "text", "hit_{skill}"),
            Param("struck_missed", "text", "missed_{skill}"),
        ),
        texts=(
            Need("{declared}", ("n",)),
            Need("{completed}", ("n",)),
            Need("{drawn}", ("day", "card")),
            Need("{listed_text}", ("ps",)),
            Need("{struck}", ("p",)),
            Need("{struck_hit}", ("p",)),
            Need("{struck_missed}", ("p",)),
            Need("refuse_target_{skill}", ()),
            Need("trace_random_strike", (), False),
            Need("trace_random_strike_line", ("p",), False),
        ),
        steps=(Param("successes", "number", 3),),
        emits=("pending", "announcement", "deck", "stage_opened", "acted", "trace", "game_ended"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params"
        a = self.about
        factions = {}
        for key in ("hit", "missed", "listed"):
            factions[key] = str(raw.text(key, a.default(key)))
            if factions[key] not in board.factions:
                raise SetupError(
                    texts.DATA_NOT_FACTION.format(where=f"{where}.{key}", value=factions[key])
                )
        target_role = str(raw.text("target_role", a.default("target_role")))
        board.role_refs((target_role,), f"{where}.target_role")
        if not spec.stages:
            raise SetupError(texts.ASSASSINATE_NO_STAGE.format(where=f"skills.{self.key}.stages"))
        self.p = AssassinateParams(
            board.skill_ref(raw.text("declare", a.default("declare")), f"{where}.declare"),
            target_role,
            factions["hit"],
            factions["missed"],
            int(raw.number("counted", a.default("counted")) or 0),
            board.skill_ref(raw.text("missions", a.default("missions")), f"{where}.missions"),
            board.skill_ref(raw.text("deck", a.default("deck")), f"{where}.deck"),
            factions["listed"],
            raw.choice("missing", MISSING, a.default("missing")),
            self.text_key(raw, "due"),
            self.text_key(raw, "declared"),
            self.text_key(raw, "completed"),
            self.text_key(raw, "drawn"),
            self.text_key(raw, "listed_text"),
            self.text_key(raw, "struck"),
            self.text_key(raw, "struck_hit"),
            self.text_key(raw, "struck_missed"),
        )
        raw.done()
        self._declare_form = LegalAct(self.p.declare, (), 0, rare=True)

    def values(self) -> dict[str, str]:
        """The text keys of the procedure."""
        p = self.p
        return {
            "declared": p.declared,
            "completed": p.completed,
            "drawn": p.drawn,
            "listed_text": p.listed_text,
            "struck": p.struck,
            "struck_hit": p.struck_hit,
            "struck_missed": p.struck_missed,
        }

    def due(self, s: State) -> tuple[int, ...]:
        """Once the procedure began: the holders of the strike (its stage is held)."""
        if not self.begun(s):
            return ()
        return tuple(p.seat for p in s.players if self.key in p.skills)

    def begun(self, s: State) -> bool:
        """Whether the procedure has begun (declared, or a third success): the strike is owed."""
        return self.p.due in s.pending

    # ------------------------------------------------------------------ acts
    def declaration(self, s: State, seat: int) -> LegalAct | None:
        """「刺客可在任何时候拍刀」: the declaration, until the procedure began (not in its own
        stage)."""
        p = s.players[seat]
        if self.p.declare not in p.skills or s.stage_key in self.spec.stages or self.begun(s):
            return None
        return self._declare_form

    def declare(self, ctx: Ctx, cmd: Act) -> None:
        """拍刀: the procedure begins, its day from now."""
        self.begin(ctx, True, cmd.at)

    def legal(self, s: State, seat: int) -> LegalAct | None:
        """In its stage, one living player (R-ALL-12: himself too)."""
        return self.living_form(s) if self.holds(s, seat) else None

    def validate(self, s: State, cmd: Act) -> str | None:
        """One living player."""
        t = cmd.targets
        if len(t) != 1 or not 0 <= t[0] < len(s.players) or not s.players[t[0]].alive:
            return f"refuse_target_{self.key}"
        return None

    def submit(self, ctx: Ctx, cmd: Act) -> None:
        """The name recorded, and the game decided."""
        super().submit(ctx, cmd)
        self.strike(ctx, cmd.targets[0])

    # ------------------------------------------------------------------ the procedure
    def begin(self, ctx: Ctx, declared: bool, at: datetime | None) -> None:
        """刺客拍刀流程: announced (``declared``, or ``completed`` by the missions), counted − X
        more draws, the listed faction's
        players published (each shown as of it), then its stage (one day, from ``at``)."""
        s = ctx.state
        board, p = self.board, self.p
        missions = board.declared(p.missions, MissionVote)
        deck = board.declared(p.deck, LancelotDeck)
        x = missions.results(s).count(board.word(missions.p.success))
        n = min(max(0, p.counted - x), len(s.deck))
        ctx.emit("pending", {"key": p.due, "value": {"successes": x}})
        key = p.declared if declared else p.completed
        ctx.emit("announcement", {"key": key, "params": {"n": n}}, PUBLIC)
        for _ in range(n):
            deck.draw(ctx, p.drawn)
        listed = [pl.seat for pl in s.players if pl.faction == p.listed]
        name = board.faction_name(p.listed)
        data = {"ps": listed}
        shown = [[x, name] for x in listed]
        ctx.emit("announcement", {"key": p.listed_text, "params": data, "revealed": shown}, PUBLIC)
        stage = self.spec.stages[0]
        for phase in board.data["cycle"]:
            spec = next((sp for sp in board.stage_specs(phase) if sp["key"] == stage), None)
            if spec is not None:
                board.open_stage(ctx, phase, s.day + 1, spec, at)
                return

    def prepare(self, verb: str, raw: Raw) -> object:
        """A ``resolve:`` step's number of successful missions."""
        if verb != "resolve":
            return super().prepare(verb, raw)
        n = raw.number("successes", self.about.default("successes"))
        raw.done()
        return int(n or 0)

    def resolve(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """「任务成功3次」: the procedure begins (X = the successes), its day from the close."""
        s = ctx.state
        missions = self.board.declared(self.p.missions, MissionVote)
        success = self.board.word(missions.p.success)
        if isinstance(params, int) and missions.results(s).count(success) >= params:
            self.begin(ctx, False, s.closed_at)
        return ""

    def strike(self, ctx: Ctx, target: int) -> None:
        """The name published: the target role → ``hit`` wins, anyone else → ``missed``."""
        s = ctx.state
        board, p = self.board, self.p
        ctx.emit("announcement", {"key": p.struck, "params": {"p": target}}, PUBLIC)
        if s.players[target].role == p.target_role:
            shown = [[target, board.role_name(p.target_role)]]
            data = {"key": p.struck_hit, "params": {"p": target}, "revealed": shown}
            ctx.emit("announcement", data, PUBLIC)
            board.end_game(ctx, [p.hit])
        else:
            ctx.emit("announcement", {"key": p.struck_missed, "params": {"p": target}}, PUBLIC)
            board.end_game(ctx, [p.missed])

    def do(self, ctx: Ctx, res: Resolution, params: object) -> str:
        """Its stage closes with no name: a random living player of ``missed`` is struck, or
        (``missing: blue_wins``, or none left) ``missed`` wins."""
        s = ctx.state
        p = self.p
        pool = [pl.seat for pl in s.players if pl.alive and pl.faction == p.missed]
        if p.missing == "blue_wins" or not pool:
            self.board.end_game(ctx, [p.missed])
            return ""
        target = draws.choice(ctx.rng(), pool)
        title = self.board.say("trace_random_strike")
        line = self.board.say("trace_random_strike_line", p=s.players[target].name)
        trace = {"random_strike": target, "title": title, "lines": [line]}
        ctx.emit("trace", trace, chance=True)
        self.strike(ctx, target)
        return ""
