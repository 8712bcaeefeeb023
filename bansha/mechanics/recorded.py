"""A win recorded while the game goes on: the faction wins with whoever ends the game.

XXXII 第三方: 「胜利条件：所有存活的平民被标记，第三方无需有人存活。达成胜利条件时游戏不结束，下一个天亮公示魔女复苏，
存活的魔女与见习魔女进入上位世界，表现为夜晚死亡。」 (R-XXXII-12); 「在任何阶段结束时，如有（除魔女外的）一方达成胜利条件，
则游戏结束」. A board declares it under its outcome:

    outcome:
      recorded:
        - faction: third
          when: {all_marked: {role: civilian, mark: marked}}
          notice: witch_win                    # told to the faction's members, alive or not
          then: {announce: witch_revival, exit_roles: [witch, apprentice], cause: revival}

Checked with the other conditions (R-ALL-08); once it holds the win is recorded (``faction_won``,
``State.won``: the day it held), never undone. ``then`` is owed from then on
(``State.pending["won:<faction>"]``) and happens at the next day's start, whatever the board's
cycle: the announcement, then the living players of ``exit_roles``, in that order, exit by ``cause`` as the
night's deaths (named in that morning's list). When the game ends, every recorded faction is among
the winners (R-XXXII-13: several at once, a joint win).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bansha import texts
from bansha.engine.context import Ctx
from bansha.engine.errors import SetupError
from bansha.engine.events import PUBLIC
from bansha.engine.state import State
from bansha.mechanics import conditions

KEYS = {"faction", "when", "notice", "then"}
THEN_KEYS = {"announce", "exit_roles", "cause"}


@dataclass(frozen=True, slots=True)
class Recorded:
    """One win recorded without ending the game (see the module docstring)."""

    faction: str
    when: conditions.Condition
    notice: str | None
    """The text its members are told when it is recorded (privately: the game goes on)."""
    announce: str | None
    """The announcement at the next day's start (魔女复苏)."""
    exit_roles: tuple[str, ...]
    """Whose living players then exit, in this order (存活的魔女与见习魔女)."""
    cause: str | None
    """Their exit's cause (``causes``: 魔女复苏)."""

    @property
    def owed(self) -> str:
        """The key of its ``then`` in ``State.pending``, from the recording to the next day."""
        return f"won:{self.faction}"

    def then(self, ctx: Ctx) -> list[int]:
        """At a day's start: if its ``then`` is owed, the announcement, and the seats that are
        to exit now (the caller's exit chain takes them, as the night's deaths)."""
        s = ctx.state
        if not s.pending.get(self.owed):
            return []
        ctx.emit("pending", {"key": self.owed, "value": None})
        if self.announce is not None:
            ctx.emit("announcement", {"key": self.announce, "params": {}}, PUBLIC)
        return self.leaving(s)

    def leaving(self, s: State) -> list[int]:
        """The living players who exit at its next day, by ``exit_roles``' order, then seat."""
        return [p.seat for role in self.exit_roles for p in s.players if p.alive and p.role == role]


def read(
    raw: Any,
    where: str,
    factions: dict[str, str],
    roles: dict[str, Any],
    known: dict[str, set[str]],
) -> tuple[Recorded, ...]:
    """``outcome.recorded`` of a data file, or a Chinese error naming the key."""
    out: list[Recorded] = []
    for i, entry in enumerate(raw or []):
        here = f"{where}[{i}]"
        if (
            not isinstance(entry, dict)
            or not {"faction", "when"} <= set(entry) <= KEYS
            or not isinstance(entry.get("then") or {}, dict)
            or not set(entry.get("then") or {}) <= THEN_KEYS
        ):
            raise SetupError(texts.RECORDED_SHAPE.format(where=here))
        faction = str(entry["faction"])
        if faction not in factions:
            raise SetupError(texts.RECORDED_FACTION.format(where=here, faction=faction))
        then = entry.get("then") or {}
        exit_roles = tuple(str(r) for r in then.get("exit_roles") or [])
        for role in exit_roles:
            if role not in roles:
                raise SetupError(texts.RECORDED_ROLE.format(where=here, role=role))
        notice, announce, cause = entry.get("notice"), then.get("announce"), then.get("cause")
        out.append(
            Recorded(
                faction,
                conditions.parse(entry["when"], f"{here}.when", known),
                None if notice is None else str(notice),
                None if announce is None else str(announce),
                exit_roles,
                None if cause is None else str(cause),
            )
        )
    return tuple(out)


def record(ctx: Ctx, recorded: tuple[Recorded, ...], categories: dict[str, str]) -> None:
    """Record each win that holds now and was not recorded yet; its members are told."""
    s = ctx.state
    for r in recorded:
        if r.faction in s.won or not r.when.holds(s, categories):
            continue
        ctx.emit("faction_won", {"faction": r.faction, "day": s.day})
        if r.announce is not None or r.exit_roles:
            ctx.emit("pending", {"key": r.owed, "value": True})
        if r.notice is not None:  # recorded, not announced: the game goes on
            for p in s.players:
                if p.faction == r.faction:
                    ctx.emit("notice", {"key": r.notice, "params": {}}, (p.seat,))


def with_recorded(s: State, recorded: tuple[Recorded, ...], winners: list[str]) -> list[str]:
    """The game's winners: ``winners``, then each faction whose win was recorded."""
    return winners + [
        r.faction for r in recorded if r.faction in s.won and r.faction not in winners
    ]
