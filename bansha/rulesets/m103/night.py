"""The night in the post's order (1)–(6) (R-M103-02..05, 10) within its time limits (R-M103-18).

「（1）侍卫行动……（6）毒药结算」; 行动时限: 「关门后30分钟内，密探未与法官取得联系，均视为放弃夜晚行动。刺客/黑情侣在
关门后30分钟内仍未提交刀人目标，视为放弃出刀。」「收到通灵反馈后30分钟内女巫仍未给法官答复，视为放弃夜晚行动。」
The night's first stage (夜晚) is the window after 关门 for the guard, the spy and the assassins; its
close gives the physician 通灵 and opens her window (太医行动), whose close resolves steps (1)–(6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha.engine.context import Ctx
from bansha.engine.state import State
from bansha.mechanics import omissions
from bansha.mechanics.team import own_act, team_target
from bansha.rulesets.m103 import exits, outcome
from bansha.rulesets.m103.keys import LOYAL

if TYPE_CHECKING:
    from bansha.rulesets.m103.rules import M103


# ------------------------------------------------------------------ night
PLAN = "night_plan"
"""The first window's acts, kept (director-only) for the resolution after the physician's window."""


def _close_first_window(self: M103, ctx: Ctx) -> None:
    """R-M103-18: the window after 关门 ends: the guard's, the spy's and the kill are final.

    (2) 刺客/黑情侣选择杀人对象 (R-M103-10): the last submission by a current holder of 杀人 stands
    (R-ALL-09); none = no kill. (3) 通灵<强制>: the physician receives the kill target now (even if
    guarded, or 无人被指杀; R-M103-05) and her own window begins.
    """
    s = ctx.state
    kill_t = team_target(s, "kill")
    if kill_t is None:
        omissions.record(ctx, self._holders(s, "kill"), "kill")
    guard = own_act(s, "guard")
    check = own_act(s, "check")
    plan = {
        "guard": list(guard) if guard else None,
        "kill": kill_t,
        "check": list(check) if check else None,
    }
    ctx.emit("flag", {"key": PLAN, "value": plan})
    for seat in self._holders(s, "medium"):
        value = s.players[kill_t].name if kill_t is not None else self.word("no_kill")
        ctx.emit("result", {"seat": seat, "skill": "medium", "value": value, "day": s.day}, (seat,))
        if kill_t is None:
            ctx.emit("notice", {"key": "medium_none", "params": {}}, (seat,))
        else:
            ctx.emit("notice", {"key": "medium", "params": {"p": kill_t}}, (seat,))


def _resolve_night(self: M103, ctx: Ctx) -> None:
    """R-M103-02: steps (1)–(6) of the post, in order; wins checked after each exit step."""
    s = ctx.state
    day = s.day
    trace: list[str] = []
    _night_steps(self, ctx, trace)
    ctx.emit("flag", {"key": PLAN, "value": None})
    ctx.emit("trace", {"title": f"第{day}夜结算（R-M103-02）", "lines": trace})


def _still_holds(s: State, act: list[int] | None, skill: str) -> tuple[int, int] | None:
    """R-ALL-09: an act counts only if its player still holds the power when the night resolves
    (a red card during the physician's window drops the guard's or the spy's act)."""
    if act is None:
        return None
    seat, target = act
    p = s.players[seat]
    return (seat, target) if p.alive and skill in p.skills else None


def _night_steps(self: M103, ctx: Ctx, trace: list[str]) -> None:
    s = ctx.state
    day = s.day
    plan = s.flags.get(PLAN) or {}

    def name(x: int | None) -> str:
        return s.players[x].name if x is not None else "无"

    # (1) 侍卫行动: each character can be guarded once per game (R-M103-03)
    guard = _still_holds(s, plan.get("guard"), "guard")
    guard_t = guard[1] if guard else None
    if guard is not None:
        ctx.emit("marked", {"mark": "guarded", "seat": guard[1]}, (guard[0],))
        ctx.emit("used", {"seat": guard[0], "skill": "guard"})
        trace.append(f"（1）横刀守卫：{name(guard[1])}（每名角色一局仅能被守卫一次，R-M103-03）")
    else:
        trace.append("（1）横刀守卫：无")
    # (2) the kill, final since the assassins' window ended (R-M103-10, R-M103-18)
    kill_t = plan.get("kill")
    trace.append(f"（2）杀人：{name(kill_t)}（关门后时限内最后一次提交为准，R-M103-10/18）")
    # (3) 太医: 通灵 was given when the assassins' window ended; save/poison, spent when used
    save = own_act(s, "save")
    poison = own_act(s, "poison")
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
    check = _still_holds(s, plan.get("check"), "check")
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
