"""The night in the post's order (1)–(6) (R-M103-02..05, 10): 「（1）侍卫行动……（6）毒药结算」"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha.engine.context import Ctx
from bansha.engine.state import State
from bansha.mechanics import omissions
from bansha.mechanics.team import team_target
from bansha.rulesets.m103 import exits, outcome
from bansha.rulesets.m103.keys import LOYAL

if TYPE_CHECKING:
    from bansha.rulesets.m103.rules import M103


# ------------------------------------------------------------------ night
def _act_of(self: M103, s: State, skill: str) -> tuple[int, int] | None:
    for (seat, sk), rec in s.acts.items():
        if sk == skill and rec.targets:
            return seat, rec.targets[0]
    return None


def _resolve_night(self: M103, ctx: Ctx) -> None:
    """R-M103-02: steps (1)–(6) of the post, in order; wins checked after each exit step."""
    s = ctx.state
    day = s.day
    trace: list[str] = []
    _night_steps(self, ctx, trace)
    ctx.emit("trace", {"title": f"第{day}夜结算（R-M103-02）", "lines": trace})


def _night_steps(self: M103, ctx: Ctx, trace: list[str]) -> None:
    s = ctx.state
    day = s.day

    def name(x: int | None) -> str:
        return s.players[x].name if x is not None else "无"

    # (1) 侍卫行动: each character can be guarded once per game (R-M103-03)
    guard = _act_of(self, s, "guard")
    guard_t = guard[1] if guard else None
    if guard is not None:
        ctx.emit("marked", {"mark": "guarded", "seat": guard[1]}, (guard[0],))
        ctx.emit("used", {"seat": guard[0], "skill": "guard"})
        trace.append(f"（1）横刀守卫：{name(guard[1])}（每名角色一局仅能被守卫一次，R-M103-03）")
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
        ctx.emit("result", {"seat": seat, "skill": "medium", "value": value, "day": day}, (seat,))
        if kill_t is None:
            ctx.emit("notice", {"key": "medium_none", "params": {}}, (seat,))
    save = _act_of(self, s, "save")
    poison = _act_of(self, s, "poison")
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
    check = _act_of(self, s, "check")
    if check is not None:
        word = (
            self.word("loyal") if s.players[check[1]].faction == LOYAL else self.word("not_loyal")
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
            exits._exit(self, ctx, kill_t, "kill", announce_now=False)
            if outcome._check_outcome(self, ctx, []):
                trace.append("胜负已分，停止结算（R-ALL-08）")
                return
    # (6) 毒药结算
    if poison_t is not None and s.players[poison_t].alive:
        trace.append(f"（6）毒药结算：{name(poison_t)}出局")
        exits._exit(self, ctx, poison_t, "poison", announce_now=False)
        if outcome._check_outcome(self, ctx, []):
            trace.append("胜负已分（R-ALL-08）")
