"""红线 and the lovers (R-M103-07/08/09): 「游戏开始时，红娘须选择两名角色（不含皇帝）。这两名角色成为情侣……」"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha.engine.context import Ctx
from bansha.mechanics import omissions
from bansha.rulesets.m103.keys import ASSASSINS, LOVERS

if TYPE_CHECKING:
    from bansha.rulesets.m103.rules import M103


# ------------------------------------------------------------------ 红线
def _close_red_thread(self: M103, ctx: Ctx) -> None:
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
    _form_lovers(self, ctx, cupid, pair[0], pair[1])
    _form_groups(self, ctx)


def _form_lovers(self: M103, ctx: Ctx, cupid: int, a: int, b: int) -> None:
    """R-M103-08: the lovers' faction and the cupid's new faction, role or category."""
    s = ctx.state
    pa, pb = s.players[a], s.players[b]
    ctx.emit("flag", {"key": "lovers", "value": [a, b]})
    ctx.emit("flag", {"key": "cupid", "value": cupid})
    for x, y in ((a, b), (b, a)):
        ctx.emit("notice", {"key": "lovers_formed", "params": {"p": y}}, (x,))
    # the cupid made them: she knows who the lovers are (a single cupid is not in their group)
    chosen = [x for x in (a, b) if x != cupid]
    ctx.emit("known", {"seat": cupid, "about": chosen, "word": self.status_name("lover")}, (cupid,))
    if cupid in (a, b):
        other = b if cupid == a else a
        faction = s.players[other].faction
        _set_faction(self, ctx, cupid, faction)
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
        _set_faction(self, ctx, cupid, ASSASSINS, notify=False)
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
        _set_faction(self, ctx, cupid, fa, notify=False)
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
        _set_faction(self, ctx, x, LOVERS)
        ctx.emit(
            "notice",
            {"key": "lovers_faction", "params": {"faction": self.faction_name(LOVERS)}},
            (x,),
        )
    _set_faction(self, ctx, cupid, LOVERS, notify=False)
    ctx.emit(
        "notice",
        {"key": "cupid_done", "params": {"ps": [a, b], "faction": self.faction_name(LOVERS)}},
        (cupid,),
    )


def _set_faction(self: M103, ctx: Ctx, seat: int, faction: str, notify: bool = True) -> None:
    ctx.emit("faction_set", {"seat": seat, "faction": faction}, (seat,))


def _form_groups(self: M103, ctx: Ctx) -> None:
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
