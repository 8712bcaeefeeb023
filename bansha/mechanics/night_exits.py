"""Night exits: the day opens with the list of the night's exits, no identity told.

XXXII 注意事项3 宵禁 and R-ALL-11: what the night has to announce waits for the next day. The day
opens with 「【第N天】昨夜死亡：…」 (``text``, with ``day``, ``ps_night``: the exits not yet
announced, in exit order, and ``ps_vote``), then what else the night held back (a drowning: its
own announcement, said when the director drowned the piece, ``out_<cause>``), then the last words
are published; no dawn before day ``from_day`` (day 1 opens the game). When the game ends with
exits not yet announced, they go out as the next day's opening, before the result.

A board with this mechanic has its day start said by it: the pipeline asks it instead of saying
its own (``day_start`` hook), at the day's start, at a director's removal and at the end.
"""

from __future__ import annotations

from dataclasses import dataclass

from bansha import texts
from bansha.engine.context import Ctx
from bansha.engine.errors import SetupError
from bansha.engine.events import PUBLIC
from bansha.engine.state import State
from bansha.mechanics import announce, last_words
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import Board, Mechanic, SkillSpec
from bansha.mechanics.params import Raw


@dataclass(frozen=True, slots=True)
class NightExitsParams:
    """``from_day``: the first day with a dawn; ``text``: the opening announcement's key."""

    from_day: int
    text: str


class NightExits(Mechanic):
    """Passive: the day's opening announcement, the night's exits listed."""

    kind = "night_exits"
    plain = False
    hooks = frozenset({"day_start"})
    about = About(
        params=(
            Param("from_day", "number", 2),
            Param("text", "text", "day_start"),
        ),
        texts=(Need("{text}", ("day", "ps_night", "ps_vote")),),
        emits=("announcement",),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        first = raw.number("from_day", self.about.default("from_day"))
        if first is None or first < 1:
            where = f"skills.{self.key}.params.from_day"
            raise SetupError(texts.PARAM_POSITIVE.format(where=where))
        self.p = NightExitsParams(first, self.text_key(raw, "text"))
        raw.done()

    def holds(self, s: State, seat: int) -> bool:
        """Nobody uses it."""
        return False

    def values(self) -> dict[str, str]:
        """The text key of the opening announcement."""
        return {"text": self.p.text}

    def day_start(self, ctx: Ctx, phase: str, day: int) -> None:
        """「【第N天】昨夜死亡」; what else the night held back (R-ALL-11); the last words."""
        if phase != "day" or day < self.p.from_day:
            return
        self.announce(ctx, day)
        announce.release(ctx)
        last_words.publish_and_close(ctx)

    def announce(self, ctx: Ctx, day: int) -> None:
        """The exits not yet announced, in exit order (``ps_night``), as day ``day`` opens."""
        params = announce.day_start_params(ctx.state, day)
        data = {"key": self.p.text, "params": params, "exits": params["ps_night"]}
        ctx.emit("announcement", data, PUBLIC)

    def at_end(self, ctx: Ctx) -> None:
        """The game ends: exits not yet announced go out as the next day's opening, then what
        else the night held back."""
        s = ctx.state
        if any(x not in s.announced for x in s.exit_order):
            self.announce(ctx, s.day + 1)
        announce.release(ctx)

    def remove(self, ctx: Ctx, seat: int, cause: str, hold: bool) -> None:
        """A director's removal (淹死, R-XXXII-17): announced (``out_<cause>``) as it is made, held at
        night for the next day (R-ALL-11), then the exit is told."""
        data = {"key": f"out_{cause}", "params": {"p": seat}, "exits": [seat]}
        announce.announce(ctx, data, hold)
        self.board.exit(ctx, seat, cause, announce_now=False)
