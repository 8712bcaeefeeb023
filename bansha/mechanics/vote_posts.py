"""Reading vote posts written the way the rule posts ask.

M103 投票规则: 「明确说明投票对象和投票理由……改票时必须引用原投票帖，并明确说明改票对象和改票理由……允许弃权，弃权也需要发投票帖
……投票格式有误的投票将算作废票。」 with the example「投票对象：花千树 投票理由：砍树。」「改票对象：不见 改票理由：突然打居」.

Names are matched against the roster after folding full-width forms and spaces (NFKC) and
traditional characters into simplified ones (OpenCC); a post
that needed folding is accepted with a warning so the director can check it; an unknown name or a
missing field makes the post void (废票) with the reason in Chinese.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

ABSTAIN = ("弃权", "弃票")
FIELD = re.compile(r"(投票|改票)(对象|理由)\s*[:：]\s*(.*)")
QUOTE = re.compile(r"\[quote\].*?\[/quote\]", re.S | re.I)


@dataclass(frozen=True)
class VotePost:
    """What a post says: a vote, a change (改票), an abstention, or a void post (废票)."""

    kind: str
    """``vote``, ``change``, ``abstain`` or ``void``."""
    target: str | None = None
    reason: str = ""
    change: bool = False
    warnings: list[str] = field(default_factory=list)
    error: str | None = None


_TO_SIMPLIFIED: list[Any] = []


def simplified(text: str) -> str:
    """Traditional characters as simplified ones (OpenCC's t2s), so 「花千樹」 matches 「花千树」."""
    if not _TO_SIMPLIFIED:
        import opencc

        _TO_SIMPLIFIED.append(opencc.OpenCC("t2s"))
    return str(_TO_SIMPLIFIED[0].convert(text))


@functools.lru_cache(maxsize=4096)
def fold(name: str) -> str:
    """The form names are compared in: NFKC (full-width → half-width), simplified characters,
    no spaces, lower case."""
    return simplified(re.sub(r"\s+", "", unicodedata.normalize("NFKC", name)).lower())


def parse(text: str, roster: list[str]) -> VotePost:
    """Read one post against the roster of players still in the game."""
    found: dict[tuple[str, str], str] = {}
    own = QUOTE.sub("", text).splitlines()  # the quoted original vote is not this post
    # labels are read in simplified characters (「投票對象」 is 「投票对象」); values as written
    for line, plain in zip(own, simplified("\n".join(own)).splitlines(), strict=False):
        m = FIELD.search(plain.strip())
        if m:
            written = re.split(r"[:：]", line, maxsplit=1)
            value = written[1] if len(written) == 2 else m.group(3)
            found.setdefault((m.group(1), m.group(2)), value.strip())
    change = ("改票", "对象") in found
    kind = "改票" if change else "投票"
    fields = {what: value for (k, what), value in found.items() if k == kind}
    if "对象" not in fields:
        return VotePost("void", error="没有写明投票对象（格式：投票对象：名字）")
    if not fields.get("理由"):
        return VotePost("void", change=change, error="没有写明投票理由（格式：投票理由：……）")
    raw = fields["对象"]
    reason = fields["理由"]
    if fold(raw) in {fold(a) for a in ABSTAIN}:
        return VotePost("abstain", None, reason, change)
    if raw in roster:
        return VotePost("change" if change else "vote", raw, reason, change)
    folded = {fold(n): n for n in roster}
    if fold(raw) in folded:
        name = folded[fold(raw)]
        return VotePost(
            "change" if change else "vote",
            name,
            reason,
            change,
            [f"投票对象「{raw}」按「{name}」计（全角/半角、繁简或空格不同）"],
        )
    return VotePost("void", change=change, error=f"投票对象「{raw}」不在存活玩家名单中")
