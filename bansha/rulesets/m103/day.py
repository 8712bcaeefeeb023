"""Day votes: 竞岗 on day 1, exile from day 2, 谁敢动我, 殉职 (R-M103-06/12/13, R-ALL-06/07)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bansha.engine.context import Ctx
from bansha.engine.events import PUBLIC
from bansha.engine.state import State
from bansha.mechanics import omissions, votes
from bansha.mechanics.announce import announce
from bansha.rulesets.m103 import exits

if TYPE_CHECKING:
    from bansha.rulesets.m103.rules import M103


# ------------------------------------------------------------------ day vote
def _vote_rules(self: M103, s: State) -> tuple[Any, Any, Any, bool]:
    def weight(v: int) -> float:
        return self.vote_weight(s, v)  # 带队<强制>

    def counts_voter(v: int) -> bool:
        return s.players[v].alive and self.may_vote(s, v)

    def counts_target(t: int) -> bool:
        return s.players[t].alive  # 白天红牌罚下在被投票出局之前

    return weight, counts_voter, counts_target, s.flags.get("accelerated") == s.day


def _close_day_vote(self: M103, ctx: Ctx) -> None:
    """Day 1 elects the sheriff (R-M103-12); days ≥ 2 exile the top, a tie puts nobody out."""
    s = ctx.state
    weight, counts_voter, counts_target, accelerated = _vote_rules(self, s)
    standing = votes.current_ballots(s.ballots, accelerated)
    no_vote = s.flags.get("prince_no_vote")
    # 没有投票（或弃票）的玩家将记作一张黄牌: recorded for the director
    omissions.record(ctx, (x for x in s.living() if x not in standing and x != no_vote), "vote")
    counts = votes.tally(standing, weight, counts_voter, counts_target)
    abstain = sum(1 for v, t in standing.items() if t is None and counts_voter(v))
    parts = [
        f"{s.players[c].name}{_num(n)}票" for c, n in sorted(counts.items(), key=lambda kv: -kv[1])
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
            votes.first_to_reach(s.ballots, tied, accelerated, weight, counts_voter, counts_target)
        ]
    if len(tied) != 1:
        ctx.emit("announcement", {"key": "nobody_out", "params": {}}, PUBLIC)  # 平票则无人出局
        return
    out = tied[0]
    # 谁敢动我<强制> (R-M103-06): unlimited by default; option once
    survives = self.options["prince"] == "unlimited" or not s.flags.get("prince_used")
    if "prince" in s.players[out].skills and survives:
        # the public record says 谁敢动我 triggered: that shows who the prince is (R-M103-06)
        word = self.role_name(s.players[out].role)
        ctx.emit(
            "announcement",
            {"key": "prince_triggered", "params": {"p": out}, "revealed": [[out, word]]},
            PUBLIC,
        )
        if self.options["prince"] == "once":
            ctx.emit("flag", {"key": "prince_used", "value": True})
            ctx.emit("flag", {"key": "prince_no_vote", "value": out})
        return
    ctx.emit("flag", {"key": "vote_exits", "value": [*s.flags.get("vote_exits", []), out]})
    exits._exit(self, ctx, out, "vote", announce_now=True)


# ------------------------------------------------------------------ succession
def _name_successor(self: M103, ctx: Ctx, old: int, heir: int) -> None:
    """殉职<强制> (R-M103-13): the dead sheriff names a successor, in effect at once; at night
    the heir is told at once and everyone else when the day begins (R-M103-19). Naming a player
    who died the same night (not yet announced) gives a random living successor."""
    s = ctx.state
    ctx.emit("pending", {"key": "succession", "value": None})
    if not s.players[heir].alive:
        exits._random_successor(self, ctx)
        return
    hold = self.holds_announcements(s)
    ctx.emit("holder_set", {"status": "sheriff", "seat": heir}, (heir,) if hold else PUBLIC)
    if hold:
        ctx.emit("notice", {"key": "you_are_sheriff", "params": {}}, (heir,))
    announce(
        ctx,
        {"key": "sheriff_succession", "params": {"p": heir}, "holders": {"sheriff": heir}},
        hold,
    )


def _close_succession(self: M103, ctx: Ctx) -> None:
    """殉职 not named in time (R-M103-13, R-M103-18: 关门30分钟后仍未与法官取得联系): the badge goes
    to a random living player, and the omission is recorded."""
    s = ctx.state
    old = s.pending.get("succession")
    if old is None:
        return
    ctx.emit("pending", {"key": "succession", "value": None})
    omissions.record(ctx, [old], "succession")
    exits._random_successor(self, ctx)


def _num(n: float) -> str:
    return str(int(n)) if n == int(n) else f"{n:g}"
