"""Last words (遗言).

M103: 「遗言数量等于狼人的数量，靠前出局且可以留下遗言的角色会收到可以留下遗言的通知。放弃遗言不会使留遗言的权利
留给以后出局的角色。遗言中禁止使用Discuz!代码。」 (R-M103-15). Rights go to the first entitled exits
in exit order; an unused right lapses when the last words are published.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

from bansha import texts
from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError, SetupError
from bansha.engine.events import PUBLIC
from bansha.engine.ruleset import LegalAct
from bansha.engine.state import LAST_WORDS_GIVEN, State
from bansha.mechanics.params import Raw

DISCUZ_CODE = re.compile(
    r"\[/?(?:b|i|u|s|color|size|font|url|img|quote|code|align|hide|list|\*|table|tr|td|email|"
    r"media|flash|audio|backcolor|float|indent|p|hr|attach|attachimg|free|sup|sub)\b[^\]]*\]",
    re.IGNORECASE,
)
"""Discuz! code tags: any of these in last words is refused."""

GRANTS = ("all", "first_night_and_vote", "none")


@dataclass(frozen=True, slots=True)
class Policy:
    """Who may leave last words (遗言), a data file's ``last_words``: ``grant`` ``all``,
    ``first_night_and_vote`` or ``none``; ``days``: only exits on days or nights 1..n (XXXII
    「只有前三日死亡的玩家可以留下遗言」, R-XXXII-15; null: any day); ``quota`` rights in all (null:
    no limit; ``quota_role``: as many as that role's players at the deal, M103's 「遗言数量等于狼人的
    数量」); never after an exit by a cause of ``never``; ``due_minutes`` before the 遗言 stage
    ends, at the latest."""

    grant: str
    quota: int | None
    quota_role: str | None
    never: tuple[str, ...]
    due_minutes: int | None
    """Due this many minutes before the 遗言 stage ends (M103 「在次日开门30分钟前」, R-M103-18)."""
    days: int | None = None
    """Only exits on days (and nights) up to this number grant one (R-XXXII-15)."""

    @classmethod
    def read(cls, raw: Any, options: dict[str, Any], roles: dict[str, Any]) -> Policy:
        """``last_words`` of a data file, or a Chinese error naming the key."""
        r = Raw(raw, "last_words", options)
        policy = cls(
            r.choice("grant", GRANTS, "all"),
            r.number("quota", None),
            r.text("quota_role", None),
            r.words("never", ("red_card",)),
            r.number("due_minutes", None),
            r.number("days", None),
        )
        r.done()
        if policy.quota_role is not None and policy.quota_role not in roles:
            raise SetupError(texts.LAST_WORDS_QUOTA_ROLE.format(role=policy.quota_role))
        return policy

    def grants(self, s: State, cause: str) -> bool:
        """Whether an exit by ``cause`` now grants a right (before the quota)."""
        if self.grant == "none" or cause in self.never:
            return False
        if self.days is not None and s.day > self.days:
            return False
        return self.grant != "first_night_and_vote" or (
            cause == "vote" or (s.phase == "night" and s.day == 1)
        )


MAX_LENGTH = 5000
LAST_WORDS = LegalAct("last_words", (), 0, text=True)


def grant(
    ctx: Ctx,
    seat: int,
    quota: int | None,
    params: dict[str, Any] | None = None,
    key: str = "last_words_right",
) -> bool:
    """Give ``seat`` a last-words right if the quota (None: no limit) allows; return whether it did.

    ``params`` fill the notice's template (``key``) beside the player (M103: how early they are
    due; bs46: the deadline of the stage they are due in, as it actually falls).
    """
    given = ctx.state.last_words_given
    if quota is not None and given >= quota:
        return False
    ctx.emit("flag", {"key": LAST_WORDS_GIVEN, "value": given + 1})
    ctx.emit("last_words_right", {"seat": seat}, (seat,))
    ctx.emit("notice", {"key": key, "params": {"p": seat, **(params or {})}}, (seat,))
    return True


ONLY_LAST_WORDS: Final = (LAST_WORDS,)
"""What :func:`legal` offers a holder (one tuple: it is asked of every seat at every poll)."""


def legal(state: State, seat: int) -> tuple[LegalAct, ...]:
    """The last-words form, for a holder of a right not yet used."""
    rights = state.last_words
    if rights and rights.get(seat, "") is None:
        return ONLY_LAST_WORDS
    return ()


def check_text(text: str | None) -> str:
    """Refuse empty text, over-long text and Discuz! code."""
    if text is None or not text.strip():
        raise RuleError(texts.LAST_WORDS_EMPTY)
    if len(text) > MAX_LENGTH:
        raise RuleError(texts.LAST_WORDS_TOO_LONG.format(limit=MAX_LENGTH))
    m = DISCUZ_CODE.search(text)
    if m:
        raise RuleError(texts.LAST_WORDS_CODE.format(code=m.group(0)))
    return text.strip()


def publish_and_close(
    ctx: Ctx, key: str = "last_words_published", phase: str | None = None
) -> None:
    """At the start of a day: publish the submitted last words in exit order, close every right.

    ``phase`` labels the announcements when the day opens on a stage the public does not see.
    """
    s = ctx.state
    for seat in s.exit_order:
        text = s.last_words.get(seat)
        if text is not None:
            data: dict[str, Any] = {"key": key, "params": {"p": seat, "text": text}}
            if phase is not None:
                data["phase"] = phase
            ctx.emit("announcement", data, PUBLIC)
    if s.last_words:
        ctx.emit("last_words_closed", {"seats": sorted(s.last_words)})


def submit(ctx: Ctx, seat: int, text: str | None) -> None:
    """Record a holder's last words (once), refusing Discuz! code."""
    if ctx.state.last_words.get(seat, "") is not None:
        raise RuleError(texts.LAST_WORDS_NO_RIGHT)
    ctx.emit("last_words", {"seat": seat, "text": check_text(text)}, (seat,))
