"""Red cards that count against a faction: a red card removes the player; enough of them on one
faction, or the director's decision, and the faction loses, the other winning.

M186 【判罚制度】【红牌】 「玩家受到红牌判罚时出局（称为“红牌罚下”）。……判罚红牌时，导演视情况决定是否判负该玩家所在阵营。
同一阵营的角色累计获得两张或以上红牌时，阵营判负。 已出局角色仍可被判罚。」 (R-M186-08: removed, no more votes or
proposals, skipped in seat order).

The mechanic's memory is each red card, a use of the skill (seat: the carded player, choice: the
faction it counts against, his faction then).
"""

from __future__ import annotations

from dataclasses import dataclass

from bansha.engine.context import Ctx
from bansha.engine.events import PUBLIC
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import Board, Mechanic, SkillSpec
from bansha.mechanics.params import Raw


@dataclass(frozen=True, slots=True)
class RedCardParams:
    """``cause``: the exit's cause; ``lost_at``: the red cards on one faction that sink it;
    ``out``: the announcement of the removal; ``lost``: of the faction's loss."""

    cause: str
    lost_at: int
    out: str
    lost: str


class RedCards(Mechanic):
    """The director's red card (``red_card``), and a faction ruled lost (``concede``)."""

    kind = "red_cards"
    about = About(
        params=(
            Param("cause", "cause", "red_card"),
            Param("lost_at", "number", 2),
            Param("out", "text", "out_{skill}"),
            Param("lost", "text", "lost_{skill}"),
        ),
        texts=(
            Need("{out}", ("p",)),
            Need("{lost}", ("faction",)),
        ),
        causes=("{cause}",),
        emits=("exited", "announcement", "skill_used", "faction_lost", "game_ended"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        a = self.about
        self.p = RedCardParams(
            str(raw.text("cause", a.default("cause"))),
            int(raw.number("lost_at", a.default("lost_at")) or 0),
            self.text_key(raw, "out"),
            self.text_key(raw, "lost"),
        )
        raw.done()

    def values(self) -> dict[str, str]:
        """The cause and the text keys."""
        p = self.p
        return {"cause": p.cause, "out": p.out, "lost": p.lost}

    def red_card(self, ctx: Ctx, seat: int, faction_loses: bool) -> None:
        """The player removed (if still in), the card counted against his faction; ``lost_at``
        of them, or the director's decision, and it loses."""
        s = ctx.state
        p = s.players[seat]
        faction = p.faction
        if p.alive:
            data = {"seat": seat, "cause": self.p.cause, "day": s.day, "phase": s.phase}
            ctx.emit("exited", data, (seat,))
            out = {"key": self.p.out, "params": {"p": seat}, "exits": [seat]}
            ctx.emit("announcement", out, PUBLIC)
        self._count(ctx, seat, faction)
        reds = sum(1 for u in s.uses[self.key] if u.choice == faction)
        if reds >= self.p.lost_at or faction_loses:
            if reds >= self.p.lost_at:
                params = {"faction": self.board.faction_name(faction)}
                ctx.emit("announcement", {"key": self.p.lost, "params": params}, PUBLIC)
            self.concede(ctx, faction)

    def _count(self, ctx: Ctx, seat: int, faction: str) -> None:
        """The card, a use: its choice the faction it counts against."""
        data = {"skill": self.key, "seat": seat, "targets": [], "choice": faction}
        ctx.emit("skill_used", {**data, "day": ctx.state.day})

    def concede(self, ctx: Ctx, faction: str) -> None:
        """The faction loses in public; the other factions win."""
        ctx.emit("faction_lost", {"faction": faction, "why": "director"}, PUBLIC)
        self.board.end_game(ctx, [f for f in self.board.factions if f != faction])
