"""出局 with 殉情 chained, the sheriff's badge, last-words rights and 可接刀 (R-M103-08/13/15)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha.engine.context import Ctx
from bansha.engine.events import PUBLIC
from bansha.mechanics import last_words
from bansha.mechanics.announce import announce
from bansha.mechanics.outcome import members
from bansha.rulesets.m103.keys import ASSASSINS

if TYPE_CHECKING:
    from bansha.rulesets.m103.rules import M103


# ------------------------------------------------------------------ exits
def _exit(self: M103, ctx: Ctx, seat: int, cause: str, announce_now: bool) -> list[int]:
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
        if c != "red_card":  # R-M103-15: red cards have no last words; R-M103-18: due early
            last_words.grant(ctx, x, quota, {"minutes": self.window})
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
            ctx.emit("announcement", {"key": "sheriff_martyr", "params": {"p": heir_due}}, PUBLIC)
    else:
        ctx.emit("flag", {"key": "night_exits", "value": [*s.flags.get("night_exits", []), *gone]})
    if random_badge:
        _random_successor(self, ctx)
    _cupid_takes_blade(self, ctx)
    return gone


def _random_successor(self: M103, ctx: Ctx) -> None:
    """A random living successor (红牌罚下的警长警徽随机移交; a successor not named in time); at
    night the heir is told at once and everyone else when the day begins (R-M103-19)."""
    s = ctx.state
    living = s.living()
    if not living:
        return
    hold = self.holds_announcements(s)
    heir = ctx.rng().choice(living)
    ctx.emit(
        "holder_set",
        {"status": "sheriff", "seat": heir, "random": True},
        (heir,) if hold else PUBLIC,
        chance=True,
    )
    if hold:
        ctx.emit("notice", {"key": "you_are_sheriff", "params": {}}, (heir,))
    announce(
        ctx,
        {"key": "sheriff_random", "params": {"p": heir}, "holders": {"sheriff": heir}},
        hold,
    )


def _cupid_takes_blade(self: M103, ctx: Ctx) -> None:
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
