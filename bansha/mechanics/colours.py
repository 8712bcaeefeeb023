"""Colours: what a check that reads colours sees of a piece, declared by the board.

XXXII 初始棋盘构成 「白棋: 2 侦探，1 观剧，1审问官，1 魔女，9 平民。黑棋: 4 杀手。」 and 【弃明投暗】 「自当晚起共犯棋子
颜色由【白】转为【黑】（身份仍为共犯）」 (R-XXXII-01). A board's ``colours`` lists each colour with the
players it covers, first match wins; ``"*"`` covers every other player::

    colours:
      black: [{role: killer}, {role: accomplice, mark: black}]
      white: ["*"]

A selector names players as the win conditions do (``faction``, ``category``, ``role``,
``status``, ``mark``: :mod:`bansha.mechanics.conditions`). A board without ``colours`` colours each
player by his current faction.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bansha import texts
from bansha.engine.errors import SetupError
from bansha.engine.state import State
from bansha.mechanics.conditions import Selector, selector

EVERY = "*"
"""The selector of every player no earlier colour covers."""


@dataclass(frozen=True, slots=True)
class Colours:
    """A board's colours in the order declared: (colour, selectors; None is ``"*"``)."""

    table: tuple[tuple[str, tuple[Selector | None, ...]], ...]

    @staticmethod
    def read(raw: Any, where: str, known: dict[str, set[str]]) -> Colours:
        """Read ``colours`` (empty: colours are factions), naming a wrong key in Chinese."""
        if raw is None:
            return Colours(())
        if not isinstance(raw, dict):
            raise SetupError(texts.COLOURS_SHAPE.format(where=where, value=raw))
        table: list[tuple[str, tuple[Selector | None, ...]]] = []
        for colour, sels in raw.items():
            here = f"{where}.{colour}"
            if not isinstance(sels, list) or not sels:
                raise SetupError(texts.COLOURS_LIST.format(where=here))
            table.append(
                (
                    str(colour),
                    tuple(
                        None if sel == EVERY else selector(sel, f"{here}[{i}]", known)
                        for i, sel in enumerate(sels)
                    ),
                )
            )
        return Colours(tuple(table))

    def of(self, s: State, seat: int, categories: dict[str, str]) -> str:
        """The colour of ``seat`` now: the first colour one of whose selectors covers him (his
        faction on a board without colours, or when none covers him)."""
        p = s.players[seat]
        for colour, sels in self.table:
            for sel in sels:
                if sel is None or sel.matches(s, p, categories):
                    return colour
        return p.faction
