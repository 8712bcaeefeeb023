"""Prophecy: at the deal, the holder is told a random list of players who are not of some roles.

XXXII 【魔女预言】 「游戏开局时，魔女将获得一份随机产生的非平民棋子名单，名单人数等同于信仰魔女的平民数量（为防止极端
情况，数量超出6人时视为6人，小于3人时视为3人），魔女仅知道名单上的棋子不是平民，不会获知具体身份。」 (R-XXXII-10:
random pieces of other roles than the civilians', the witch excluded; size = the believers,
clamped to [3, 6]).

The mechanic's memory is what the holder was told (``State.known``): the list, with the word it
knows them by. A scenario may pin the list (``fixed: {<skill>: [...]}``, ``State.pinned``): it is
told as it is, if it is a list the post could have drawn (``fixed_<skill>`` says why not).
"""

from __future__ import annotations

from dataclasses import dataclass

from bansha import texts
from bansha.engine import draws
from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError, SetupError
from bansha.engine.state import State
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import Board, Mechanic, SkillSpec
from bansha.mechanics.params import Raw


def size(counted: int, low: int, high: int) -> int:
    """The list's length: ``counted`` clamped to [low, high] (「超出6人时视为6人，小于3人时视为3人」)."""
    return min(max(counted, low), high)


def tell(
    ctx: Ctx,
    holder: int,
    pool: list[int],
    n: int,
    word: str,
    notice: str,
    pinned: list[int] | None = None,
) -> list[int]:
    """Draw ``n`` of ``pool`` (all, if fewer) and tell ``holder`` privately that they are
    ``word``; a list a scenario pinned is told as it is, drawing nothing."""
    if pinned is not None:
        listed = sorted(pinned)
    else:
        listed = sorted(draws.sample(ctx.rng(), pool, min(n, len(pool))))
    ctx.emit("known", {"seat": holder, "about": listed, "word": word}, (holder,))
    data = {"key": notice, "params": {"ps": listed}}
    ctx.emit("notice", data, (holder,), chance=pinned is None)
    return listed


@dataclass(frozen=True, slots=True)
class ProphecyParams:
    """``not_roles``: the roles the listed players are not of; ``size_by``: the mark whose
    players count the list's length (null: ``min``); ``min`` and ``max``: its bounds;
    ``word``: the word key the holder knows them by; ``notice``: the text that tells him;
    ``draws``: the text the director's god view lists the list by."""

    not_roles: tuple[str, ...]
    size_by: str | None
    low: int
    high: int
    word: str
    notice: str
    draws: str


class Prophecy(Mechanic):
    """Passive: a list told to each holder at the deal."""

    kind = "prophecy"
    hooks = frozenset({"on_setup"})
    about = About(
        params=(
            Param("not_roles", "words", ()),
            Param("size_by", "text", None),
            Param("min", "number", 3),
            Param("max", "number", 6),
            Param("word", "text", None),
            Param("notice", "text", "told_{skill}"),
            Param("draws", "text", "draws_{skill}"),
        ),
        texts=(
            Need("{notice}", ("ps",)),
            Need("fixed_{skill}", ("n",), False),
            Need("{draws}", ("ps",), False),
        ),
        emits=("known", "notice"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params"
        roles = board.role_refs(raw.words("not_roles"), f"{where}.not_roles")
        word = raw.text("word", None)
        if word is None:
            raise SetupError(texts.PROPHECY_WORD.format(where=f"{where}.word"))
        board.word_of(word, f"{where}.word")
        low, high = raw.number("min", 3), raw.number("max", 6)
        if low is None or high is None or low > high:
            raise SetupError(texts.PROPHECY_RANGE.format(where=where))
        self.p = ProphecyParams(
            roles,
            raw.text("size_by", None),
            low,
            high,
            word,
            raw.text("notice", None) or f"told_{self.key}",
            self.text_key(raw, "draws"),
        )
        raw.done()

    def values(self) -> dict[str, str]:
        """The text keys of the list."""
        return {"notice": self.p.notice, "draws": self.p.draws}

    def on_setup(self, ctx: Ctx, dealt: list[str]) -> None:
        """Each holder is told his list (random, of the others not of ``not_roles``), or the list a
        scenario pinned, if the post could have drawn it."""
        s = ctx.state
        p = self.p
        counted = len(s.marks.get(p.size_by, ())) if p.size_by is not None else p.low
        word = self.board.word(p.word)
        pinned = s.pinned.get(self.key)
        for holder in (x for x, r in enumerate(dealt) if self.key in self.board.roles[r]["skills"]):
            pool = [x for x, r in enumerate(dealt) if r not in p.not_roles and x != holder]
            n = size(counted, p.low, p.high)
            if pinned is not None and (
                not set(pinned) <= set(pool) or len(pinned) != min(n, len(pool))
            ):
                raise RuleError(self.board.say(f"fixed_{self.key}", n=min(n, len(pool))))
            tell(ctx, holder, pool, n, word, p.notice, None if pinned is None else list(pinned))

    def draws(self, s: State) -> list[str]:
        """Each holder's list, as the director's god view lists it beside the deal (R-XXXII-10:
        the pieces the witch knows are not civilians), if the board has the text."""
        board, p = self.board, self.p
        if p.draws not in board.texts:
            return []
        word = board.word(p.word)
        names = [q.name for q in s.players]
        roles = board.roles
        holders = [q.seat for q in s.players if q.role and self.key in roles[q.role]["skills"]]
        return [
            board.render(p.draws, {"ps": list(k["about"])}, names)
            for holder in holders
            for k in s.known.get(holder, [])
            if k.get("word") == word
        ]
