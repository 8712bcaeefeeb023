"""Reading vote posts the way players really write them, against the rule post's format.

M103 投票规则: 「明确说明投票对象和投票理由……改票时必须引用原投票帖，并明确说明改票对象和改票理由……允许弃权，弃权也需要发投票帖
……投票格式有误的投票将算作废票。」 with the example「投票对象：花千树 投票理由：砍树。」「改票对象：不见 改票理由：突然打居」.

One reader serves bansha's own thread and imported forum threads alike (docs/vote-posts.md lists
every form and what becomes of it):

- the labels 「投票对象」「投票理由」「改票对象」「改票理由」, with 「:」 or 「：」, on one line or several,
  the value on the label's line or the next; BBCode bold/colour/size wrappers are not part of it;
- the name loses trailing punctuation (「花千树。」), quotes and brackets (「『花千树』」) and a leading
  「@」; it is matched against the roster after folding full-width forms and spaces (NFKC) and
  traditional characters (OpenCC), a folded match carrying a warning for the director;
- look-alike labels (the typo 「投票对像」, the shorthand 「投票：」「票：」「改票：」 and a bare 「理由：」)
  are never dropped: by default they are 废票 with the reason (M103 「投票格式有误的投票将算作废票」);
  a rule set whose data says ``thread.near_miss_votes: count`` counts them with a warning instead;
- an unknown name or a missing field makes the post void (废票) with the reason in Chinese;
- a change (改票) that quotes nothing is void where the data says ``change_quotes_original``; a
  change is a post written as one (「改票对象」) or any vote post of a player who has already voted
  in the stage (「投票后，（只）有一次改票机会」: the second vote post is the change, whatever its
  labels). ``read_vote`` reads a post this way for bansha's own thread, an import and
  ``bansha thread read`` alike.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

ABSTAIN = ("弃权", "弃票")
QUOTE = re.compile(r"\[quote\].*?\[/quote\]", re.S | re.I)
WRAPPERS = re.compile(r"\[/?(?:b|i|u|s|color|size|font|align|backcolor|url)(?:=[^\]]*)?\]", re.I)
EXACT = {"投票对象", "投票理由", "改票对象", "改票理由"}
LABEL = re.compile(
    r"(投票对象|投票理由|改票对象|改票理由|投票对像|改票对像|投票|改票|(?<![\u4e00-\u9fff])票"
    r"|(?<![\u4e00-\u9fff])理由)\s*[:：]"
)
"""Every label a vote post may carry, longest first; shorthand only where it starts a word."""
NEAR = {
    "投票对像": ("对象", "投票", "「投票对像」应写作「投票对象」"),
    "改票对像": ("对象", "改票", "「改票对像」应写作「改票对象」"),
    "投票": ("对象", "投票", "「投票：」应写作「投票对象：」"),
    "改票": ("对象", "改票", "「改票：」应写作「改票对象：」"),
    "票": ("对象", "投票", "「票：」应写作「投票对象：」"),
    "理由": ("理由", "", "「理由：」应写作「投票理由：」或「改票理由：」"),
}
"""Look-alike label → (field, kind it stands for, what the director is told)."""
TRIM = " \t\r\n。．.，,、！!？?；;：:~～…\"'“”‘’「」『』【】《》()（）[]"


Kind = Literal["vote", "change", "abstain", "void"]
"""What a vote post is: a vote, a change (改票), an abstention (弃权) or a void post (废票)."""


@dataclass(frozen=True)
class VotePost:
    """What a post says: a vote, a change (改票), an abstention, or a void post (废票)."""

    kind: Kind
    target: str | None = None
    reason: str = ""
    change: bool = False
    warnings: list[str] = field(default_factory=list)
    error: str | None = None
    near_miss: bool = False
    """Written with a look-alike label (「投票对像」, 「投票：」): never dropped, void or warned."""


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


def own_text(text: str) -> str:
    """The post's own words: quoted posts and BBCode wrappers removed."""
    return WRAPPERS.sub("", QUOTE.sub("", text))


def is_vote_post(text: str) -> bool:
    """Whether a post means to vote, look-alike labels included (so none is silently dropped)."""
    plain = own_text(text)
    if "票" not in plain and "理由" not in plain and "對" not in plain:
        return False
    return bool(LABEL.search(simplified(plain)))


def clean_name(value: str) -> str:
    """The name as written, without what players put around it: the first line that has words,
    trailing punctuation, quotes and brackets, a leading 「@」."""
    for line in value.splitlines():
        line = line.strip().strip(TRIM).lstrip("@＠").strip(TRIM)
        if line:
            return line
    return ""


PAIRS = ("「」", "『』", "【】", "《》", "“”", "‘’", '""', "''", "()", "（）", "[]")
"""Quotes and brackets players put around a name."""
SENTENCE_END = "。．.，,、！!？?；;~～…"


def _as_written(value: str) -> list[str]:
    """The name's first line as written, then less and less of what players put around it (a
    leading 「@」, one pair of quotes or brackets, the sentence's end): a player whose name has
    punctuation of its own (「～星辰～」) is matched before it is trimmed away."""
    line = next((ln.strip() for ln in value.splitlines() if ln.strip()), "")
    out = [line]
    line = line.lstrip("@＠").strip()
    out.append(line)
    if len(line) > 2 and line[0] + line[-1] in PAIRS:
        line = line[1:-1].strip()
        out.append(line)
    for end in SENTENCE_END:
        if line.endswith(end) and line.rstrip(end):
            out.append(line.rstrip(end))
            break
    return out


def _fields(text: str) -> tuple[dict[tuple[str, str], str], list[str], list[str]]:
    """(kind, field) → value as written (the first), the look-alike labels' notes in order, and
    the names of a target field written twice with different names."""
    own = own_text(text)
    plain = simplified(own)  # labels are read in simplified characters; values as written
    if len(plain) != len(own):
        own = plain  # a conversion that changed the length: read everything simplified
    marks = list(LABEL.finditer(plain))
    found: dict[tuple[str, str], str] = {}
    notes: list[str] = []
    twice: list[str] = []
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(own)
        value = own[m.end() : end].strip()
        label = m.group(1)
        if label in EXACT:
            key = (label[:2], label[2:])
        else:
            what, kind, note = NEAR[label]
            if not kind:  # a bare 「理由：」 goes with the label before it
                kind = next((k for k, _ in reversed(list(found))), "投票")
            key = (kind, what)
            notes.append(note)
        if (
            key in found
            and key[1] == "对象"
            and fold(clean_name(value)) != fold(clean_name(found[key]))
        ):
            twice = [clean_name(found[key]), clean_name(value)]
        found.setdefault(key, value)
    return found, notes, twice


def parse(text: str, roster: list[str], near_miss: str = "void") -> VotePost:
    """Read one post against the roster of players still in the game; ``near_miss`` is the rule
    set's choice for look-alike labels (``void``: 废票 with the reason, ``count``: counted with a
    warning)."""
    found, notes, twice = _fields(text)
    read = _read(found, roster)
    if twice and read.kind != "void":  # M103 「每人一票」: a post naming two is no vote for either
        error = f"一个帖子里写了两个投票对象（「{twice[0]}」和「{twice[1]}」）"
        read = VotePost("void", None, read.reason, read.change, read.warnings, error)
    if not notes:
        return read
    note = "；".join(dict.fromkeys(notes))
    if near_miss == "count" and read.kind != "void":
        warning = f"投票格式不规范（{note}），按规则集设置计票，请导演核对"
        return replace(read, warnings=[warning, *read.warnings], near_miss=True)
    error = f"投票格式有误（{note}），按规则算作废票"
    if read.kind == "void" and read.error:
        error += f"；另外{read.error}"
    return VotePost("void", read.target, read.reason, read.change, read.warnings, error, True)


def _read(found: dict[tuple[str, str], str], roster: list[str]) -> VotePost:
    change = ("改票", "对象") in found
    label = "改票" if change else "投票"
    fields = {what: value for (k, what), value in found.items() if k == label}
    if "对象" not in fields:
        return VotePost("void", error="没有写明投票对象（格式：投票对象：名字）")
    raw = clean_name(fields["对象"])
    reason = fields.get("理由", "").strip()
    if not raw:
        return VotePost("void", change=change, error="投票对象是空的（格式：投票对象：名字）")
    if not reason:
        return VotePost(
            "void", change=change, error=f"没有写明{label}理由（格式：{label}理由：……）"
        )
    if fold(raw) in {fold(a) for a in ABSTAIN}:
        return VotePost("abstain", None, reason, change)
    kind: Kind = "change" if change else "vote"
    written = [*_as_written(fields["对象"]), raw]
    exact = next((n for n in written if n in roster), None)
    if exact is not None:
        return VotePost(kind, exact, reason, change)
    folded = {fold(n): n for n in roster}
    match = next((folded[fold(n)] for n in written if fold(n) in folded), None)
    if match is not None:
        warning = f"投票对象「{raw}」按「{match}」计（全角/半角、繁简或空格不同）"
        return VotePost(kind, match, reason, change, [warning])
    return VotePost("void", change=change, error=f"投票对象「{raw}」不在存活玩家名单中")


def unquoted_change(read: VotePost, quoted: bool, rules: Mapping[str, Any]) -> VotePost:
    """M103 「改票时必须引用原投票帖」 (data: ``change_quotes_original``): a change quoting nothing
    is void, in bansha's own thread and in an imported one alike."""
    if read.change and read.kind != "void" and not quoted and rules.get("change_quotes_original"):
        return replace(read, kind="void", error="改票时必须引用原投票帖")
    return read


def read_vote(
    text: str,
    roster: list[str],
    rules: Mapping[str, Any],
    *,
    quoted: bool,
    voted_before: bool,
) -> VotePost:
    """A vote post read the one way bansha reads them (its own thread, an import, ``bansha thread
    read``): the post against the roster of players still in the game, under the rule set's
    ``thread`` data (``near_miss_votes``, ``change_quotes_original``). ``quoted``: the post quotes
    another; ``voted_before``: its author already has a vote in this stage, so this post is the
    change (改票) whatever its labels, and must quote where the rules say so."""
    read = parse(text, roster, str(rules.get("near_miss_votes", "void")))
    if voted_before and not read.change and read.kind != "void":
        read = replace(read, kind="change" if read.kind == "vote" else read.kind, change=True)
    return unquoted_change(read, quoted, rules)
