"""Dawn: the night's deaths announced together when the day opens, each with its identity.

bs46 「天亮时，统一公布死者及其身份。」「所有出局玩家均公布其真实身份。」 (R-ALL-11, R-BS46-09): the day
opens with the night's ``kill`` victim (「【第2天】天亮了。昨夜甲死亡，身份：警察。」) or a quiet night,
then what else the night held back, each in the order the deaths happened (R-BS46-13: a drowning
in the 遗言 stage after the kill comes after it; one before it first); no dawn before day
``from_day`` (a game that starts by day). A director's removal is announced with the identity
when ``reveal`` names its cause (淹死; 判死 「不显示其身份」), held at night for the dawn. When the
game ends, a night death not yet announced goes out with the result, in its place.

A board with this mechanic has its day start said by it: the pipeline asks it instead of saying
its own (``day_start`` hook), at the day's start, at a removal and at the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bansha.engine.context import Ctx
from bansha.engine.events import PUBLIC
from bansha.engine.state import State
from bansha.mechanics import announce, last_words
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import Board, Mechanic, SkillSpec
from bansha.mechanics.params import Raw


@dataclass(frozen=True, slots=True)
class DawnParams:
    """``kill``: the exit cause of the night death the day opens with; ``from_day``: the first
    day with a dawn; ``reveal``: removal causes announced with the identity; ``removed``: the
    text key of each removal cause's announcement."""

    kill: str
    from_day: int
    reveal: tuple[str, ...]
    removed: dict[str, str]


class Dawn(Mechanic):
    """Passive: the day's opening announcement and the exits' identities."""

    kind = "dawn"
    plain = False
    hooks = frozenset({"day_start"})
    about = About(
        params=(
            Param("kill", "cause", None, required=True),
            Param("from_day", "number", None, required=True),
            Param("reveal", "causes", None, required=True),
            Param("removed", "table", None, required=True),
        ),
        texts=(
            Need("day_start", ("day", "deaths")),
            Need("night_death", ("p", "role")),
            Need("no_death", ()),
        ),
        emits=("announcement",),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        raw.require(self.about.required())  # every parameter is the board's to give
        first = raw.number("from_day", None)
        self.p = DawnParams(
            raw.need("kill"),
            1 if first is None else first,
            raw.words("reveal"),
            raw.table("removed"),
        )
        raw.done()

    def holds(self, s: State, seat: int) -> bool:
        """Nobody uses it."""
        return False

    # ------------------------------------------------------------------ the day's start
    def day_start(self, ctx: Ctx, phase: str, day: int) -> None:
        """天亮时，统一公布死者及其身份; then the night victim's last words are published."""
        if phase != "day" or day < self.p.from_day:
            return
        self.announce(ctx, day, quiet_night=True)
        last_words.publish_and_close(ctx)

    def at_end(self, ctx: Ctx) -> None:
        """A night death not yet announced is published with the result, in order (R-BS46-13)."""
        self.announce(ctx, ctx.state.day + 1, quiet_night=False)

    def remove(self, ctx: Ctx, seat: int, cause: str, hold: bool) -> None:
        """A director's removal: the exit, then its announcement (:meth:`removed`)."""
        self.board.exit(ctx, seat, cause, announce_now=False)
        self.removed(ctx, seat, cause, hold)

    def removed(self, ctx: Ctx, seat: int, cause: str, hold: bool) -> None:
        """A director's removal (淹死, 判死) announced, with the identity if ``reveal`` names its
        cause, held at night for the dawn (R-ALL-11)."""
        board = self.board
        key = self.p.removed.get(cause, f"out_{cause}")
        data: dict[str, Any] = {"key": key, "params": {"p": seat}, "exits": [seat]}
        if cause in self.p.reveal:
            role = board.role_name(ctx.state.players[seat].role)
            data["params"]["role"] = role
            data["revealed"] = [[seat, role]]
        announce.announce(ctx, data, hold)

    def announce(self, ctx: Ctx, day: int, quiet_night: bool) -> None:
        """The day opens with the night's deaths in the order they happened, each with the true
        identity, or a quiet night; what else the night held (a warning) keeps its place. At the
        end of the game (``quiet_night`` false) only the deaths not yet announced go out."""
        s = ctx.state
        board = self.board
        held: list[dict[str, Any]] = list(s.held_announcements)
        victim = self._unannounced_kill(s)
        death: dict[str, Any] | None = None
        if victim is not None:
            role = board.role_name(s.players[victim].role)
            death = {
                "key": "night_death",
                "params": {"p": victim, "role": role},
                "exits": [victim],
                "revealed": [[victim, role]],  # 天亮时，统一公布死者及其身份
            }
            exits = s.exit_order
            at = _position(exits, victim)
            i = len(held)
            for j, d in enumerate(held):  # before the first held exit that came after his
                named = d.get("exits")
                if named and _position(exits, named[0]) > at:
                    i = j
                    break
            held.insert(i, death)
        if s.held_announcements:
            announce.drop_held(ctx)
        if not quiet_night and not held:
            return
        first = held[0] if held and held[0] is death else None
        if first is not None:  # one line: the day, the death and the identity (night_death)
            words = board.render("night_death", first["params"], [p.name for p in s.players])
            header = {**first, "key": "day_start", "params": {"day": day, "deaths": words}}
            held = held[1:]
        elif any(d.get("exits") for d in held) or victim is not None:
            header = {"key": "day_start", "params": {"day": day, "deaths": ""}}
        else:
            no_death = board.texts["no_death"]
            header = {"key": "day_start", "params": {"day": day, "deaths": no_death}}
        if quiet_night or first is not None:
            ctx.emit("announcement", header, PUBLIC)
        for data in held:
            ctx.emit("announcement", data, PUBLIC)

    def _unannounced_kill(self, s: State) -> int | None:
        """The night's victim not announced yet."""
        cause = self.p.kill
        for p in s.players:
            if p.exit_cause == cause and p.seat not in s.announced:
                return p.seat
        return None


def _position(exit_order: list[int], seat: int) -> int:
    """Where ``seat`` stands in the order of exits (his last place, were he listed twice)."""
    for i in range(len(exit_order) - 1, -1, -1):
        if exit_order[i] == seat:
            return i
    raise KeyError(seat)
