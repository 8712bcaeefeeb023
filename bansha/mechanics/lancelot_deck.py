"""Lancelot deck: a shuffled deck of faction cards, one drawn in public before every round; a
「转变」 card swaps the two Lancelots' roles and factions.

M186 【阵营与身份】 「阵营转换 本局游戏会有阵营转换，每轮任务开始前公开随机抽取，共计9张阵营不变，2阵营转变，抽取后不
放回。当抽到阵营转变时，兰斯洛特的阵营和身份将会交换。」; 好兰斯洛特 / 坏兰斯洛特 【摇摆不定】 「每天开始前，抽出转变
阵营时触发此效果：和坏兰斯洛特交换身份与阵营。」 (R-M186-02: 9 + 2 cards shuffled at setup, drawn without
replacement, round 1 included; the swapped players are told their new role).

The mechanic's memory is the deck still to draw, in drawing order (``State.deck``, a ``deck``
event: the shuffle at setup is a chance event). A scenario may pin the first cards
(``fixed: {deck: [不变, 转变]}``, by their words).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bansha import texts
from bansha.engine import draws
from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError, SetupError
from bansha.engine.events import PUBLIC
from bansha.engine.state import State
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import LIST_SEP, Board, Mechanic, SkillSpec
from bansha.mechanics.params import Raw


@dataclass(frozen=True, slots=True)
class DeckParams:
    """``cards``: each card's word key (also its key in the deck) → how many the deck holds, in
    the data file's order; ``swap``: the card that swaps; ``roles``: the two roles swapped (each
    takes the other's role and its faction); ``notice``: the text telling a swapped player his
    new role; ``drawn``: the announcement of a draw before a round."""

    cards: tuple[tuple[str, int], ...]
    swap: str
    roles: tuple[str, str] | None
    notice: str
    drawn: str


class LancelotDeck(Mechanic):
    """Passive: the deck shuffled at setup, a public draw when the board says (before a round,
    and the assassin's 3 − X draws); the swap."""

    kind = "lancelot_deck"
    about = About(
        params=(
            Param("cards", "table", {"no_change": 9, "change": 2}),
            Param("swap", "text", "change"),
            Param("roles", "words", ()),
            Param("notice", "text", "swapped_{skill}"),
            Param("drawn", "text", "drawn_{skill}"),
        ),
        texts=(
            Need("{notice}", ("role", "faction")),
            Need("{drawn}", ("day", "card")),
            Need("fixed_deck", ("word",), False),
            Need("director_deck", ("cards",), False),
        ),
        emits=("deck", "announcement", "role_set", "faction_set", "notice"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params"
        a = self.about
        cards = list(raw.counts("cards", a.default("cards")).items())
        for word, _ in cards:
            board.word_of(word, f"{where}.cards")
        swap = str(raw.text("swap", a.default("swap")))
        if swap not in dict(cards):
            raise SetupError(texts.DATA_NOT_CARD.format(where=f"{where}.swap", value=swap))
        roles = board.role_refs(raw.words("roles", a.default("roles")), f"{where}.roles")
        if len(roles) not in (0, 2):
            raise SetupError(texts.DATA_TWO_ROLES.format(where=f"{where}.roles"))
        self.p = DeckParams(
            tuple(cards),
            swap,
            (roles[0], roles[1]) if roles else None,
            self.text_key(raw, "notice"),
            self.text_key(raw, "drawn"),
        )
        raw.done()

    def values(self) -> dict[str, str]:
        """The text keys of the swap's notice and of a draw."""
        return {"notice": self.p.notice, "drawn": self.p.drawn}

    def on_deal(self, ctx: Ctx, dealt: list[str], fixed: dict[str, Any]) -> None:
        """Its ``setup:`` step: the deck shuffled, a scenario's ``fixed.deck`` first."""
        self.shuffle(ctx, fixed.get("deck"))

    def shuffle(self, ctx: Ctx, pinned: list[str] | None) -> None:
        """The deck shuffled at setup (a chance event), a scenario's pinned cards (by their words)
        first."""
        counts = dict(self.p.cards)
        by_word = {self.board.word(k): k for k in counts}
        head: list[str] = []
        for word in pinned or []:
            key = by_word.get(str(word))
            if key is None or counts[key] == 0:
                raise RuleError(self.board.say("fixed_deck", word=word))
            counts[key] -= 1
            head.append(key)
        rest = [k for k, n in counts.items() for _ in range(n)]
        draws.shuffle(ctx.rng(), rest)
        ctx.emit("deck", {"cards": head + rest}, chance=True)

    def draw(self, ctx: Ctx, text: str | None = None) -> None:
        """One public draw (announced with ``text``, the round's ``drawn`` by default); the swap
        card swaps the two roles and factions, each swapped player told his new ones. Nothing
        when the deck is empty (a board without Lancelots)."""
        s = ctx.state
        if not s.deck:
            return
        card, *deck = s.deck
        ctx.emit("deck", {"cards": deck})
        params = {"day": s.day, "card": self.board.word(card)}
        ctx.emit("announcement", {"key": text or self.p.drawn, "params": params}, PUBLIC)
        if card != self.p.swap or self.p.roles is None:
            return
        first, second = self.p.roles
        a = next((p for p in s.players if p.role == first), None)
        b = next((p for p in s.players if p.role == second), None)
        if a is None or b is None:
            return
        roles = self.board.roles
        for p, role in ((a, second), (b, first)):
            ctx.emit("role_set", {"seat": p.seat, "role": role}, (p.seat,))
            ctx.emit("faction_set", {"seat": p.seat, "faction": roles[role]["faction"]}, (p.seat,))
        for p in (a, b):
            data = {
                "role": self.board.role_name(p.role),
                "faction": self.board.faction_name(p.faction),
            }
            ctx.emit("notice", {"key": self.p.notice, "params": data}, (p.seat,))

    def on_phase_start(self, ctx: Ctx, phase: str, day: int) -> None:
        """Its ``start`` step: the round's draw."""
        self.draw(ctx)

    def draws(self, s: State) -> list[str]:
        """The god view's line: the cards still to draw, in drawing order (none: no line)."""
        if not s.deck:
            return []
        words = LIST_SEP.join(self.board.word(c) for c in s.deck)
        return [self.board.say("director_deck", cards=words)]
