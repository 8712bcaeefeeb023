"""Reading vote posts the way players really write them, against the rule post's format.

M103 投票规则: 「明确说明投票对象和投票理由……改票时必须引用原投票帖，并明确说明改票对象和改票理由……允许弃权，弃权也需要发投票帖
……投票格式有误的投票将算作废票。」 with the example「投票对象：花千树 投票理由：砍树。」「改票对象：不见 改票理由：突然打居」.

The format is the rule set's data, not this module's: ``thread.vote_format`` names the labels of a
vote (``vote: {target, reason}``), of a change (``change``, optional), the words of an abstention
(``abstain``), whether a reason is required (``reason_required``), the look-alike labels players
write instead (``look_alikes``: label written → label meant) and the hint bansha's own thread box
shows (``hint``). A director whose rule post asks for 「票投：名字」 writes that and nothing else
changes. One reader serves bansha's own thread and imported forum threads alike
(docs/vote-posts.md lists every form and what becomes of it):

- the labels with 「:」 or 「：」, on one line or several, the value on the label's line or the next;
  BBCode bold/colour/size wrappers are not part of it; quoted posts and code boxes ([code]) are not
  the post's own words;
- the name loses trailing punctuation (「花千树。」), quotes and brackets (「『花千树』」) and a leading
  「@」; it is matched against the roster after folding full-width forms and spaces (NFKC) and
  traditional characters (OpenCC), a folded match carrying a warning for the director;
- look-alike labels (the typo 「投票对像」, the shorthand 「投票：」「票：」「改票：」 and a bare 「理由：」)
  are never dropped: by default they are 废票 with the reason (M103 「投票格式有误的投票将算作废票」);
  a rule set whose data says ``thread.near_miss_votes: count`` counts them with a warning instead;
- an unknown name or a missing field makes the post void (废票) with the reason in Chinese;
- a change (改票) that does not quote the voter's own original vote post (nothing, another
  player's post, a post of the voter's that is no counted vote) is void where the data says
  ``change_quotes_original``; a change is a post written as one (「改票对象」) or any vote post of a player who has already voted
  in the stage (「投票后，（只）有一次改票机会」: the second vote post is the change, whatever its
  labels). ``read_vote`` reads a post this way for bansha's own thread, an import and
  ``bansha thread read`` alike.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from bansha import texts

QUOTE = re.compile(r"\[quote(?:=[^\]]*)?\].*?\[/quote\]", re.S | re.I)
CODE = re.compile(r"\[code(?:=[^\]]*)?\].*?(?:\[/code\]|$)", re.S | re.I)
"""A code box: what it holds is shown, never read as the post's words (a format example)."""
WRAPPERS = re.compile(r"\[/?(?:b|i|u|s|color|size|font|align|backcolor|url)(?:=[^\]]*)?\]", re.I)
TRIM = texts.VOTE_POST_TRIM
CJK_BEFORE = r"(?<![\u4e00-\u9fff])"
"""A short look-alike that ends another label (「票」 of 「投票」, 「理由」 of 「投票理由」) is one only
where it starts a word: 「这一票：」 and 「他的理由：」 are no labels."""

Kind = Literal["vote", "change", "abstain", "void"]
"""What a vote post is: a vote, a change (改票), an abstention (弃权) or a void post (废票)."""
Field = tuple[str, str]
"""(``vote`` or ``change``, ``target`` or ``reason``): what a label stands for."""


class FormatError(ValueError):
    """A rule set's ``thread.vote_format`` that cannot be read (the message says why, in Chinese)."""


@dataclass(frozen=True)
class VoteFormat:
    """The rule post's vote-post format, read from the rule set's ``thread.vote_format``."""

    labels: dict[str, Field]
    """Each label as written in the rule post (simplified characters) → what it stands for."""
    look_alikes: dict[str, Field]
    """Each look-alike label → the label it stands for (a reason's goes with the label before it)."""
    abstain: tuple[str, ...]
    reason_required: bool
    hint: str
    pattern: re.Pattern[str]
    words: tuple[str, ...]
    """Every label and look-alike (simplified characters); :func:`forms` adds their traditional
    ones."""

    def label(self, kind: str, what: str) -> str:
        """The rule post's label for ``(kind, what)``; a change without labels of its own uses the
        vote's."""
        for text, meant in self.labels.items():
            if meant == (kind, what):
                return text
        return self.label("vote", what) if kind == "change" else ""

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> VoteFormat:
        """The format a ``thread.vote_format`` mapping gives."""
        if not isinstance(data, Mapping) or not isinstance(data.get("vote"), Mapping):
            raise FormatError(texts.VOTE_FORMAT_SHAPE)
        labels: dict[str, Field] = {}
        for kind in ("vote", "change"):
            part = data.get(kind) or {}
            for what in ("target", "reason"):
                text = str(part.get(what) or "").strip()
                if text:
                    labels[simplified(text)] = (kind, what)
        if ("vote", "target") not in labels.values():
            raise FormatError(texts.VOTE_FORMAT_TARGET)
        look_alikes: dict[str, Field] = {}
        for written, meant in dict(data.get("look_alikes") or {}).items():
            key = simplified(str(meant).strip())
            if key not in labels:
                text = texts.VOTE_FORMAT_LOOK_ALIKE.format(written=written, meant=meant)
                raise FormatError(text)
            look_alikes[simplified(str(written).strip())] = labels[key]
        words = [*labels, *look_alikes]
        alternatives = []
        for word in sorted(words, key=len, reverse=True):
            short = word in look_alikes and any(w != word and w.endswith(word) for w in words)
            alternatives.append((CJK_BEFORE if short else "") + re.escape(word))
        pattern = re.compile(f"({'|'.join(alternatives)})\\s*[{texts.VOTE_POST_COLONS}]")
        hint = str(data.get("hint") or "").strip()
        if not hint:
            raise FormatError(texts.VOTE_FORMAT_HINT)
        abstain = tuple(str(a) for a in data.get("abstain") or ())
        return cls(
            labels,
            look_alikes,
            abstain,
            bool(data.get("reason_required", True)),
            hint,
            pattern,
            tuple(words),
        )

    def note(self, written: str) -> str:
        """What the director is told of a look-alike: the label it should have been."""
        kind, what = self.look_alikes[written]
        meant = [self.label(kind, what)]
        if what == "reason" and kind == "vote" and self.label("change", "reason") != meant[0]:
            meant.append(self.label("change", "reason"))
        said = texts.VOTE_POST_LABEL_OR.join(texts.VOTE_POST_LABEL.format(label=m) for m in meant)
        return texts.VOTE_POST_WRITE_AS.format(written=written, meant=said)


_FORMATS: dict[int, tuple[object, VoteFormat]] = {}


def vote_format(rules: Mapping[str, Any]) -> VoteFormat:
    """The format of a rule set's ``thread`` data (read once per data mapping)."""
    data = rules.get("vote_format")
    if data is None:
        raise FormatError(texts.VOTE_FORMAT_MISSING)
    cached = _FORMATS.get(id(data))
    if cached is not None and cached[0] is data:
        return cached[1]
    fmt = VoteFormat.read(data)
    _FORMATS[id(data)] = (data, fmt)
    return fmt


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
    rule: str | None = None
    """Which rule voided it when not its format: ``quote`` (M103 「改票时必须引用原投票帖」)."""


_OPENCC: dict[str, Any] = {}


def _convert(config: str, text: str) -> str:
    if config not in _OPENCC:
        import opencc

        _OPENCC[config] = opencc.OpenCC(config)
    return str(_OPENCC[config].convert(text))


def simplified(text: str) -> str:
    """Traditional characters as simplified ones (OpenCC's t2s), so 「花千樹」 matches 「花千树」."""
    return _convert("t2s", text)


def traditional(text: str) -> str:
    """Simplified characters as traditional ones (OpenCC's s2t)."""
    return _convert("s2t", text)


@functools.lru_cache(maxsize=4096)
def fold(name: str) -> str:
    """The form names are compared in: NFKC (full-width → half-width), simplified characters,
    no spaces, lower case."""
    return simplified(re.sub(r"\s+", "", unicodedata.normalize("NFKC", name)).lower())


def own_text(text: str) -> str:
    """The post's own words: quoted posts, code boxes and BBCode wrappers removed."""
    return WRAPPERS.sub("", CODE.sub("", QUOTE.sub("", text)))


@functools.lru_cache(maxsize=64)
def forms(words: tuple[str, ...]) -> tuple[str, ...]:
    """Every label and look-alike in simplified and traditional characters: a post holding none
    of them is no vote post (checked before the slower conversion). Worked out when the first
    post is read, not when a rule set loads: OpenCC's s2t tables take a tenth of a second to
    load, which every process reading a rule set would pay."""
    return tuple(dict.fromkeys(f for w in words for f in (w, traditional(w))))


def is_vote_post(text: str, fmt: VoteFormat) -> bool:
    """Whether a post means to vote, look-alike labels included (so none is silently dropped)."""
    plain = own_text(text)
    if not any(form in plain for form in forms(fmt.words)):
        return False
    return bool(fmt.pattern.search(simplified(plain)))


def clean_name(value: str) -> str:
    """The name as written, without what players put around it: the first line that has words,
    trailing punctuation, quotes and brackets, a leading 「@」."""
    for line in value.splitlines():
        line = line.strip().strip(TRIM).lstrip(texts.VOTE_POST_AT).strip(TRIM)
        if line:
            return line
    return ""


PAIRS = texts.VOTE_POST_PAIRS
"""Quotes and brackets players put around a name."""
SENTENCE_END = texts.VOTE_POST_SENTENCE_END


def _as_written(value: str) -> list[str]:
    """The name's first line as written, then less and less of what players put around it (a
    leading 「@」, one pair of quotes or brackets, the sentence's end): a player whose name has
    punctuation of its own (「～星辰～」) is matched before it is trimmed away."""
    line = next((ln.strip() for ln in value.splitlines() if ln.strip()), "")
    out = [line]
    line = line.lstrip(texts.VOTE_POST_AT).strip()
    out.append(line)
    if len(line) > 2 and line[0] + line[-1] in PAIRS:
        line = line[1:-1].strip()
        out.append(line)
    for end in SENTENCE_END:
        if line.endswith(end) and line.rstrip(end):
            out.append(line.rstrip(end))
            break
    return out


def _fields(text: str, fmt: VoteFormat) -> tuple[dict[Field, str], list[str], list[str]]:
    """(kind, field) → value as written (the first), the look-alike labels' notes in order, and
    the names of a target field written twice with different names."""
    own = own_text(text)
    plain = simplified(own)  # labels are read in simplified characters; values as written
    if len(plain) != len(own):
        own = plain  # a conversion that changed the length: read everything simplified
    marks = list(fmt.pattern.finditer(plain))
    found: dict[Field, str] = {}
    notes: list[str] = []
    twice: list[str] = []
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(own)
        value = own[m.end() : end].strip()
        label = m.group(1)
        if label in fmt.labels:
            key = fmt.labels[label]
        else:
            key = fmt.look_alikes[label]
            if key[1] == "reason":  # a bare 「理由：」 goes with the label before it
                key = (next((k for k, _ in reversed(list(found))), key[0]), "reason")
            notes.append(fmt.note(label))
        if (
            key in found
            and key[1] == "target"
            and fold(clean_name(value)) != fold(clean_name(found[key]))
        ):
            twice = [clean_name(found[key]), clean_name(value)]
        found.setdefault(key, value)
    return found, notes, twice


def parse(text: str, roster: list[str], fmt: VoteFormat, near_miss: str = "void") -> VotePost:
    """Read one post against the roster of players still in the game in the rule set's format;
    ``near_miss`` is the rule set's choice for look-alike labels (``void``: 废票 with the reason,
    ``count``: counted with a warning)."""
    found, notes, twice = _fields(text, fmt)
    read = _read(found, roster, fmt)
    if twice and read.kind != "void":  # M103 「每人一票」: a post naming two is no vote for either
        error = texts.VOTE_POST_TWO.format(first=twice[0], second=twice[1])
        read = VotePost("void", None, read.reason, read.change, read.warnings, error)
    if not notes:
        return read
    note = texts.REASONS_SEP.join(dict.fromkeys(notes))
    if near_miss == "count" and read.kind != "void":
        warning = texts.VOTE_POST_NEAR_MISS_COUNTED.format(note=note)
        return replace(read, warnings=[warning, *read.warnings], near_miss=True)
    error = texts.VOTE_POST_NEAR_MISS_VOID.format(note=note)
    if read.kind == "void" and read.error:
        error += texts.VOTE_POST_ALSO.format(error=read.error)
    return VotePost("void", read.target, read.reason, read.change, read.warnings, error, True)


def _read(found: dict[Field, str], roster: list[str], fmt: VoteFormat) -> VotePost:
    change = ("change", "target") in found
    kind_key = "change" if change else "vote"
    fields = {what: value for (k, what), value in found.items() if k == kind_key}
    target_label = fmt.label(kind_key, "target")
    if "target" not in fields:
        return VotePost("void", error=texts.VOTE_POST_NO_TARGET.format(label=target_label))
    raw = clean_name(fields["target"])
    reason = fields.get("reason", "").strip()
    if not raw:
        error = texts.VOTE_POST_EMPTY_TARGET.format(label=target_label)
        return VotePost("void", change=change, error=error)
    if not reason and fmt.reason_required:
        words = texts.VOTE_POST_CHANGE if change else texts.VOTE_POST_VOTE
        label = fmt.label(kind_key, "reason")
        error = texts.VOTE_POST_NO_REASON.format(words=words, label=label)
        return VotePost("void", change=change, error=error)
    if fold(raw) in {fold(a) for a in fmt.abstain}:
        return VotePost("abstain", None, reason, change)
    kind: Kind = "change" if change else "vote"
    written = [*_as_written(fields["target"]), raw]
    exact = next((n for n in written if n in roster), None)
    if exact is not None:
        return VotePost(kind, exact, reason, change)
    folded = {fold(n): n for n in roster}
    match = next((folded[fold(n)] for n in written if fold(n) in folded), None)
    if match is not None:
        warning = texts.VOTE_POST_FOLDED.format(written=raw, name=match)
        return VotePost(kind, match, reason, change, [warning])
    return VotePost("void", change=change, error=texts.VOTE_POST_NOT_LIVING.format(written=raw))


@dataclass(frozen=True, slots=True)
class QuoteRef:
    """A post a vote post quotes: by its floor (bansha's own thread), by its pid (a forum page that
    links it), or by its author and words (a page or pasted text that shows only those)."""

    floor: int | None = None
    pid: str | None = None
    author: str | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class OwnVote:
    """One of the voter's earlier vote posts of this vote stage that counted (the original a change
    must quote)."""

    floor: int
    pid: str | None = None
    text: str = ""


def _squeezed(text: str) -> str:
    """A post's own words without spaces and line breaks, a quote's trailing 「...」 dropped (Discuz!
    cuts a long quoted post short)."""
    return re.sub(r"\s+", "", own_text(text)).rstrip(".…")


def _by(q: QuoteRef, voter: str) -> bool:
    """Whether the quoted post is the voter's (a quote whose head names nobody may be)."""
    return not q.author or fold(q.author) == fold(voter)


def _quotes(q: QuoteRef, original: OwnVote, voter: str) -> bool:
    if q.floor is not None:
        return q.floor == original.floor
    if q.pid is not None and original.pid is not None:
        return q.pid == original.pid
    words = _squeezed(q.text)
    return _by(q, voter) and bool(words) and words in _squeezed(original.text)


def original_unquoted(
    quotes: Sequence[QuoteRef],
    voter: str,
    originals: Sequence[OwnVote] | None,
    fmt: VoteFormat,
) -> str | None:
    """Why a change does not quote the voter's own original vote post (None: it does), M103
    「改票时必须引用原投票帖」: a quote of another player's post, of the voter's post that is no vote
    (or a 废票) or of nothing does not do. ``originals``: the voter's earlier vote posts of this
    stage that counted; None when the voter's vote so far has no post among those read (cast on
    bansha's vote page, or on a forum page not imported): then a quote of the voter's own post
    that is a vote post does (new reading), and in bansha's own thread, which keeps no floor's
    author, any quote."""
    if not quotes:
        return texts.VOTE_POST_NO_QUOTE
    for q in quotes:
        if originals is None:  # bansha's own thread shows no words of a quoted floor
            if not q.text or (_by(q, voter) and is_vote_post(q.text, fmt)):
                return None
        elif any(_quotes(q, o, voter) for o in originals):
            return None
    q = quotes[0]
    if q.floor is not None:
        what = texts.THREAD_FLOOR.format(floor=q.floor)
    elif q.author and not _by(q, voter):
        what = texts.VOTE_POST_QUOTED_AUTHOR.format(author=q.author)
    else:
        what = texts.VOTE_POST_QUOTED_POST
    return texts.VOTE_POST_NOT_OWN.format(what=what)


def unquoted_change(
    read: VotePost,
    quotes: Sequence[QuoteRef],
    voter: str,
    originals: Sequence[OwnVote] | None,
    rules: Mapping[str, Any],
) -> VotePost:
    """M103 「改票时必须引用原投票帖」 (data: ``change_quotes_original``): a change that does not quote
    the voter's own original vote post is void (``original_unquoted``), in bansha's own thread and
    in an imported one alike."""
    if read.change and read.kind != "void" and rules.get("change_quotes_original"):
        why = original_unquoted(quotes, voter, originals, vote_format(rules))
        if why is not None:
            return replace(read, kind="void", error=why, rule="quote")
    return read


def read_vote(
    text: str,
    roster: list[str],
    rules: Mapping[str, Any],
    *,
    voter: str,
    quotes: Sequence[QuoteRef],
    originals: Sequence[OwnVote] | None,
    voted_before: bool,
) -> VotePost:
    """A vote post read the one way bansha reads them (its own thread, an import, ``bansha thread
    read``): the post against the roster of players still in the game, under the rule set's
    ``thread`` data (``vote_format``, ``near_miss_votes``, ``change_quotes_original``). ``voter``:
    the post's author; ``quotes``: the posts it quotes; ``originals``: the author's earlier vote
    posts of this stage that counted (``original_unquoted``); ``voted_before``: its author already
    has a vote in this stage, so this post is the change (改票) whatever its labels, and must quote
    its original where the rules say so."""
    fmt = vote_format(rules)
    read = parse(text, roster, fmt, str(rules.get("near_miss_votes", "void")))
    if voted_before and not read.change and read.kind != "void":
        read = replace(read, kind="change" if read.kind == "vote" else read.kind, change=True)
    return unquoted_change(read, quotes, voter, originals, rules)
