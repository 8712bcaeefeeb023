"""Drowning: enough cards of one colour and the director removes the player; one out of the game
already acts no more.

XXXII 注意事项2 「当天未发言或未投票的玩家，将会被警告。累计两次警告淹死。」 (R-XXXII-17: the director's
warnings count; at the ``count``-th the living piece is drowned, the board's removal by ``cause``,
announced as any removal is). A piece who died in play may still act (the witch's 【契约标记】
「无论是否存活」); drowned, she acts no more (R-XXXII-20): she loses the skills ``after_death``
names, told privately (``notice``: what she does after her death is nobody else's to know). A
drowned piece's act is refused as drowned (``refusal``: R-ALL-13, refused when submitted), also
one who died in play first.

The mechanic's memory is the cards themselves (``Player.cards``) and the exit's cause; no flag.
"""

from __future__ import annotations

from dataclasses import dataclass

from bansha import texts
from bansha.engine.context import Ctx
from bansha.engine.errors import SetupError
from bansha.engine.state import Player, State
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import Board, Mechanic, SkillSpec
from bansha.mechanics.params import Raw


@dataclass(frozen=True, slots=True)
class DrowningParams:
    """``card``: the card counted; ``count``: how many drown; ``cause``: the removal's cause;
    ``after_death``: the skills a player out of the game loses when drowned; ``notice``: the text
    that tells him; ``refusal``: the text key refusing a drowned player's act."""

    card: str
    count: int
    cause: str
    after_death: tuple[str, ...]
    notice: str
    refusal: str


class Drowning(Mechanic):
    """Passive: the director's cards drown a player."""

    kind = "drowning"
    plain = False
    hooks = frozenset({"on_card", "refusal_out"})
    about = About(
        params=(
            Param("card", "text", "warning"),
            Param("count", "number", 2),
            Param("cause", "cause", "drown"),
            Param("after_death", "skills", ()),
            Param("notice", "text", "drowned_{skill}"),
            Param("refusal", "text", "refuse_drowned"),
        ),
        texts=(
            Need("{notice}", (), False),
            Need("{refusal}", ("skill",)),
        ),
        causes=("{cause}",),
        emits=("skill_lost", "notice"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params"
        about = self.about
        count = raw.number("count", about.default("count"))
        if count is None or count < 1:
            raise SetupError(texts.PARAM_POSITIVE.format(where=f"{where}.count"))
        self.p = DrowningParams(
            str(raw.text("card", about.default("card"))),
            count,
            str(raw.text("cause", about.default("cause"))),
            tuple(board.skill_ref(k, f"{where}.after_death") for k in raw.words("after_death")),
            self.text_key(raw, "notice"),
            self.text_key(raw, "refusal"),
        )
        raw.done()

    def holds(self, s: State, seat: int) -> bool:
        """Nobody uses it."""
        return False

    def values(self) -> dict[str, str]:
        """The text keys and the cause."""
        p = self.p
        return {"notice": p.notice, "refusal": p.refusal, "cause": p.cause}

    def drowned(self, p: Player) -> bool:
        """淹死: removed by the director, or (out of the game first) given enough cards since."""
        return p.exit_cause == self.p.cause or p.cards.get(self.p.card, 0) >= self.p.count

    def on_card(self, ctx: Ctx, seat: int, given: list[str]) -> None:
        """「累计两次警告淹死」: the living player is removed (R-XXXII-17); one out of the game loses
        the skills he still used (R-XXXII-20), told privately."""
        p = ctx.state.players[seat]
        if self.p.card not in given or p.cards.get(self.p.card, 0) < self.p.count:
            return
        if p.alive:
            self.board.remove(ctx, seat, self.p.cause)
            return
        lost = [k for k in self.p.after_death if k in p.skills]
        for k in lost:
            ctx.emit("skill_lost", {"seat": seat, "skill": k}, (seat,))
        if lost:
            ctx.emit("notice", {"key": self.p.notice, "params": {}}, (seat,))

    def refusal_out(self, s: State, seat: int) -> str | None:
        """A drowned player's act is refused as drowned (R-XXXII-20, R-ALL-13); else None."""
        return self.p.refusal if self.drowned(s.players[seat]) else None
