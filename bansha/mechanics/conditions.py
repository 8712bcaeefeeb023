"""Win and loss conditions written in a board's data file, over factions and role categories.

M103 胜负判定 「此阵营存活的人数占总存活人数的一半或一半以上」 (``at_least_half_of_living``) 「此阵营的角色全部出局」
(``all_out``) 「此阵营的大内密探、妙手太医、御前侍卫、东宫太子出局；此阵营的妃子（包括皇帝）全部出局」 (``any`` of two
``all_out`` by category); 预女猎白's 屠边 「狼人阵营：所有神民出局或所有村民出局」; bs46 「3名警察及1名警察卧底，共4人
均出局；或者8名水民均出局」. A selector names players by current ``faction``, role ``category`` (a
cupid who counts as one, R-M103-08, included), ``role``, ``status`` or ``mark`` (players a
mechanic marked: M103's lovers); all of its keys must hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bansha import texts
from bansha.engine.errors import SetupError
from bansha.engine.state import Player, State

SELECTOR_KEYS = ("faction", "category", "role", "status", "mark")


@dataclass(frozen=True, slots=True)
class Selector:
    """Which players a condition counts (every key given must match)."""

    faction: str | None
    category: str | None
    role: str | None
    status: str | None
    mark: str | None = None
    """Players a mechanic marked so (M103's 情侣: the two lovers, not the cupid)."""

    def matches(self, s: State, p: Player, categories: dict[str, str]) -> bool:
        """Whether player ``p`` is one of these."""
        if self.faction is not None and p.faction != self.faction:
            return False
        if self.category is not None and (p.counts_as or categories.get(p.role)) != self.category:
            return False
        if self.role is not None and p.role != self.role:
            return False
        if self.mark is not None and p.seat not in s.marks.get(self.mark, ()):
            return False
        return self.status is None or s.holders.get(self.status) == p.seat


class Condition:
    """A condition over the state; subclasses are the kinds a data file may write."""

    def holds(self, s: State, categories: dict[str, str]) -> bool:
        """Whether the condition is true now."""
        raise NotImplementedError


class AllOut(Condition):
    """No living player matches (true also when nobody ever did)."""

    def __init__(self, sel: Selector) -> None:
        self.sel = sel

    def holds(self, s: State, categories: dict[str, str]) -> bool:
        """See the class."""
        sel = self.sel
        for p in s.players:  # noqa: SIM110 - a loop: mypyc compiles it, not a generator
            if p.alive and sel.matches(s, p, categories):
                return False
        return True


class AllMarked(Condition):
    """Every living player the selector names but for its mark holds the mark (true also when
    none lives): XXXII 第三方 「所有存活的平民被标记，第三方无需有人存活」 (R-XXXII-12),
    ``all_marked: {role: civilian, mark: marked}``."""

    def __init__(self, sel: Selector) -> None:
        self.sel = Selector(sel.faction, sel.category, sel.role, sel.status)
        self.mark = sel.mark or ""

    def holds(self, s: State, categories: dict[str, str]) -> bool:
        """See the class."""
        sel = self.sel
        marked = s.marks.get(self.mark, ())
        for p in s.players:
            if p.alive and p.seat not in marked and sel.matches(s, p, categories):
                return False
        return True


class HalfOfLiving(Condition):
    """The matching players are at least (or more than) half of the living."""

    def __init__(self, sel: Selector, strict: bool) -> None:
        self.sel = sel
        self.strict = strict

    def holds(self, s: State, categories: dict[str, str]) -> bool:
        """See the class."""
        living = n = 0
        sel = self.sel
        for p in s.players:
            if p.alive:
                living += 1
                if sel.matches(s, p, categories):
                    n += 1
        if not living:
            return False
        return n * 2 > living if self.strict else n * 2 >= living


class AnyOf(Condition):
    """At least one of the conditions (``any``), or every one of them (``all``)."""

    def __init__(self, parts: list[Condition], every: bool) -> None:
        self.parts = parts
        self.every = every

    def holds(self, s: State, categories: dict[str, str]) -> bool:
        """See the class."""
        every = self.every
        for c in self.parts:
            if c.holds(s, categories) != every:
                return not every
        return every


def selector(raw: Any, where: str, known: dict[str, set[str]]) -> Selector:
    """Read a selector (``{faction: …, role: …}``); ``known`` lists the keys each part may name."""
    if not isinstance(raw, dict) or not raw or not set(raw) <= set(SELECTOR_KEYS):
        keys = texts.LIST_SEP.join(SELECTOR_KEYS)
        raise SetupError(texts.SELECTOR_SHAPE.format(where=where, keys=keys, value=raw))
    for key, value in raw.items():
        if key != "mark" and str(value) not in known[key]:
            listed = texts.LIST_SEP.join(sorted(known[key]))
            here = f"{where}.{key}"
            raise SetupError(texts.SELECTOR_UNKNOWN.format(where=here, value=value, known=listed))

    def get(k: str) -> str | None:
        v = raw.get(k)
        return None if v is None else str(v)

    return Selector(get("faction"), get("category"), get("role"), get("status"), get("mark"))


CONDITION_KINDS = (
    "all_out",
    "all_marked",
    "at_least_half_of_living",
    "more_than_half_of_living",
    "any",
    "all",
)
"""The kinds of condition :func:`parse` reads."""


def parse(raw: Any, where: str, known: dict[str, set[str]]) -> Condition:
    """Read a condition: ``all_out``, ``all_marked``, ``at_least_half_of_living``, ``more_than_half_of_living``,
    ``any`` or ``all``; ``known`` lists the keys each selector may name."""
    if not isinstance(raw, dict) or len(raw) != 1:
        kinds = texts.LIST_SEP.join(CONDITION_KINDS)
        raise SetupError(texts.CONDITION_SHAPE.format(where=where, kinds=kinds, value=raw))
    kind, body = next(iter(raw.items()))
    here = f"{where}.{kind}"
    if kind == "all_out":
        return AllOut(selector(body, here, known))
    if kind == "all_marked":
        sel = selector(body, here, known)
        if sel.mark is None:
            raise SetupError(texts.CONDITION_MARK_MISSING.format(where=here))
        return AllMarked(sel)
    if kind in ("at_least_half_of_living", "more_than_half_of_living"):
        return HalfOfLiving(selector(body, here, known), kind.startswith("more"))
    if kind in ("any", "all"):
        if not isinstance(body, list) or not body:
            raise SetupError(texts.CONDITION_LIST.format(where=here))
        return AnyOf([parse(c, f"{here}[{i}]", known) for i, c in enumerate(body)], kind == "all")
    raise SetupError(texts.CONDITION_UNKNOWN.format(where=where, kind=kind))
