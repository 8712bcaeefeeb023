"""Knowledge at the deal: players of some roles are told, privately, which players are of some
roles or of a faction, by a word that does not say which is which; a group forms whose members
are told its members (and, each, what the group knows).

M186 梅林 【真实之眼】 「[强制]——游戏开始，得知除了莫德雷德外所有红方角色，但不知道具体身份。」; 派西维尔 【领队】
「[强制]——游戏开始，得知梅林和莫甘娜的角色，但不知道具体是谁。」; 莫甘娜、刺客、莫德雷德 【组织】 「[强制]——持有此技能
的角色共群，并且知晓初始红兰斯洛特是谁。」; 薇薇安 【偏心】 「[强制]——游戏开始，知晓莫德雷德是谁。」 (R-M186-01: a
variant may leave some of these roles out; a told pair needs both of its roles dealt).

The mechanic's memory is what each player was told (``State.known``) and the group
(``State.groups``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bansha import texts
from bansha.engine.context import Ctx
from bansha.engine.errors import SetupError
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import Board, Mechanic, SkillSpec
from bansha.mechanics.params import Raw


@dataclass(frozen=True, slots=True)
class Told:
    """One rule: ``to`` (a role) is told ``about`` (the players of ``roles``, or of ``faction``
    but ``except``) by ``word`` with ``notice`` (``{p}`` when ``one`` and a single player, else
    ``{ps}``); with ``group`` instead, the players of ``roles`` form it, each told its members
    (``notice``), then ``then`` for each member."""

    to: str | None
    group: str | None
    roles: tuple[str, ...]
    faction: str | None
    excepted: tuple[str, ...]
    word: str | None
    notice: str
    one: bool
    then: Told | None


class Knowledge(Mechanic):
    """Passive: what each role is told at the deal, in the data file's order."""

    kind = "knowledge"
    hooks = frozenset({"on_setup"})
    about = About(
        params=(
            Param(
                "told",
                "tables",
                (),
            ),
        ),
        texts=(Need("{notice}", ("p", "ps")),),
        emits=("known", "notice", "group_set"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        self.told = tuple(self._rule(r) for r in raw.tables("told"))
        raw.done()

    def _rule(self, r: Raw, nested: bool = False) -> Told:
        """One rule (``nested``: a group's ``then``, told to each member: no ``to``)."""
        b = self.board
        to = r.text("to", None)
        group = r.text("group", None)
        if (to is None) == (group is None) and not (nested and to is None and group is None):
            raise SetupError(texts.KNOWLEDGE_TO.format(where=r.where))
        if to is not None:
            b.role_refs((to,), f"{r.where}.to")
        if group is not None and group not in b.data.get("groups", {}):
            raise SetupError(texts.DATA_NOT_GROUP.format(where=f"{r.where}.group", value=group))
        roles = b.role_refs(r.words("roles"), f"{r.where}.roles")
        faction = r.text("faction", None)
        if faction is not None and faction not in b.factions:
            raise SetupError(
                texts.DATA_NOT_FACTION.format(where=f"{r.where}.faction", value=faction)
            )
        excepted = b.role_refs(r.words("except"), f"{r.where}.except")
        word = r.text("word", None)
        if word is not None:
            b.word_of(word, f"{r.where}.word")
        notice = r.text("notice", None)
        if notice is None:
            raise SetupError(texts.PARAM_MISSING.format(where=r.where, key="notice"))
        then_raw = r.raw.get("then")
        r.read.add("then")
        then = (
            None
            if then_raw is None
            else self._rule(Raw(then_raw, f"{r.where}.then", r.options), nested=True)
        )
        told = Told(to, group, roles, faction, excepted, word, notice, r.flag("one", False), then)
        r.done()
        return told

    def values(self) -> dict[str, str]:
        """No text is named after a parameter but the rules' own notices."""
        return {}

    def on_setup(self, ctx: Ctx, dealt: list[str]) -> None:
        """Each rule in order, on the roles as dealt."""
        seat_of = {role: seat for seat, role in enumerate(dealt)}
        for rule in self.told:
            self._apply(ctx, dealt, seat_of, rule, None)

    def _about(self, dealt: list[str], seat_of: dict[str, int], rule: Told) -> list[int] | None:
        """The players a rule names (None: one of its roles was not dealt)."""
        if rule.faction is not None:
            roles = self.board.roles
            return sorted(
                s
                for s, r in enumerate(dealt)
                if roles[r]["faction"] == rule.faction and r not in rule.excepted
            )
        if any(r not in seat_of for r in rule.roles):
            return None
        return sorted(seat_of[r] for r in rule.roles)

    def _apply(
        self, ctx: Ctx, dealt: list[str], seat_of: dict[str, int], rule: Told, member: int | None
    ) -> None:
        if rule.group is not None:
            group = sorted(seat_of[r] for r in rule.roles if r in seat_of)
            if group:
                ctx.emit("group_set", {"group": rule.group, "members": group}, tuple(group))
            for seat in group:
                ctx.emit("notice", {"key": rule.notice, "params": {"ps": group}}, (seat,))
                if rule.then is not None:
                    self._apply(ctx, dealt, seat_of, rule.then, seat)
            return
        told = member if member is not None else seat_of.get(str(rule.to))
        about = self._about(dealt, seat_of, rule)
        if told is None or about is None:
            return
        word = self.board.word(str(rule.word)) if rule.word is not None else ""
        ctx.emit("known", {"seat": told, "about": about, "word": word}, (told,))
        params: dict[str, Any] = {"p": about[0]} if rule.one and len(about) == 1 else {"ps": about}
        ctx.emit("notice", {"key": rule.notice, "params": params}, (told,))
