"""Last words for the victim of some exits, due when a stage of the timetable ends.

bs46 【遗言】: 「当杀手的行动完成后，进入死者遗言时间，被害人临终前拥有交待遗言的权利，交代完毕禁言。」
(R-BS46-14: the night kill's victim only; voted-out and drowned players leave none). At an exit by
one of ``causes`` the player gets a right, told with the time the ``stage`` that opens after it
ends, as it actually falls (after an early close too: ``notice`` with ``{deadline}``), or, in a
game without a clock, that it is due when that stage ends (``notice_open``). Asked at every exit
after the mechanics declared before it (bs46: the undercovers' recovery comes first).
"""

from __future__ import annotations

from dataclasses import dataclass

from bansha import texts
from bansha.engine import clock
from bansha.engine.context import Ctx
from bansha.engine.errors import SetupError
from bansha.engine.state import State
from bansha.mechanics import last_words
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import Board, Mechanic, SkillSpec
from bansha.mechanics.params import Raw


@dataclass(frozen=True, slots=True)
class VictimLastWordsParams:
    """See the module docstring."""

    causes: tuple[str, ...]
    phase: str
    stage: str
    notice: str
    notice_open: str


class VictimLastWords(Mechanic):
    """Passive: a last-words right at an exit by one of its causes."""

    kind = "victim_last_words"
    plain = False
    hooks = frozenset({"on_exit"})
    about = About(
        params=(
            Param("causes", "causes", None, required=True),
            Param("phase", "choice", None, ("day", "night"), required=True),
            Param("stage", "text", None, required=True),
            Param("notice", "text", None, required=True),
            Param("notice_open", "text", None, required=True),
        ),
        texts=(
            Need("{notice}", ("p", "deadline")),
            Need("{notice_open}", ("p",)),
        ),
        emits=("last_words_right", "notice"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params"
        raw.require(self.about.required())  # every parameter is the board's to give
        self.p = VictimLastWordsParams(
            raw.words("causes"),
            raw.need("phase", ("day", "night")),
            raw.need("stage"),
            raw.need("notice"),
            raw.need("notice_open"),
        )
        raw.done()
        keys = {str(x["key"]) for x in board.stage_specs(self.p.phase)}
        if self.p.stage not in keys:
            raise SetupError(texts.VICTIM_STAGE.format(where=f"{where}.stage", value=self.p.stage))

    def holds(self, s: State, seat: int) -> bool:
        """Nobody uses it."""
        return False

    def values(self) -> dict[str, str]:
        """The text keys of the notices."""
        return {"notice": self.p.notice, "notice_open": self.p.notice_open}

    def on_exit(self, ctx: Ctx, seat: int, cause: str, chain: list[tuple[int, str]]) -> None:
        """An exit by one of ``causes``: the right, due when ``stage`` ends."""
        if cause not in self.p.causes:
            return
        s = ctx.state
        board = self.board
        spec = next(x for x in board.stage_specs(self.p.phase) if x["key"] == self.p.stage)
        due = clock.stage_deadline(spec, s.day, s.closed_at, board.zone, board.options)
        if due is None:  # a game without a clock: the stage ends when the director closes it
            last_words.grant(ctx, seat, None, key=self.p.notice_open)
        else:
            last_words.grant(ctx, seat, None, {"deadline": due.isoformat()}, key=self.p.notice)
