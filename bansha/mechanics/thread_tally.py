"""The standing vote of a discussion thread read without a game (``bansha thread read``): every
vote post in floor order, read as bansha's own thread reads it (``vote_posts.read_vote``) and
decided by the rule set's change rules as its votes are (``votes.check_ballot``).

Clauses served (M103 投票规则, bs46 说明 2–4): 「投票后，（只）有一次改票机会」 (option
``max_changes``; none: no limit, R-XXXII-18), 「白天结束前一个小时不得改票」 (option
``change_freeze_minutes``, with the day's close when it is known), 「投票截止时间是当天白天结束」,
「每人一票，允许弃权，弃权也需要发投票帖，并计为一次投票（或一次改票）」, and where the data file's
``thread.acceleration`` says so, 「如果在进程帖中申请加速的玩家超过所有存活玩家的二分之一则游戏进程加速……
进程加速后不允许改票，所有改票作废」. Each player's standing vote is counted from the vote history
(R-ALL-07). What a thread cannot tell (who holds the sheriff's 1.5 votes, who lost the vote) the
director says (``Weights``, from the rule set's own ``vote_weight`` and ``may_vote``, the ones its
day tally counts with), and the standing votes are summed by the day tally's ``votes.tally``.

Forum times are windows (``WrittenPost.at`` to ``latest``): a post shown as 「3 小时前」 may lie on
either side of the close. A time rule (the close, the last hour's freeze) is applied only where the
window lies wholly on one side; otherwise the post is counted by its floor's place and marked
``unjudged`` with the reason, for the director, and never silently decided (a time that could not
be read at all is such a window).

One set of checks (``thread_checks``) serves bansha's own thread, the console's import and
``bansha thread read``, each with the floor and the reason: the fonts the rule post bans (data:
``thread.banned_fonts``; M103 违规9 「禁止使用红色字体」「禁止使用放大字体」, M186 6(1)), a post edited
after the close (M103 「修改错别字不算做改票」: the director judges the edit), a change that does not
quote its original (M103 「改票时必须引用原投票帖」), a change in the last hour (「白天结束前一个小时不得
改票」), a vote after the close, and a time no rule could be applied to.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from bansha import texts
from bansha.engine import clock
from bansha.engine.errors import RuleError
from bansha.engine.state import Ballot, Player, State, current_ballots
from bansha.mechanics import vote_posts, votes
from bansha.mechanics.thread import ACCELERATE

if TYPE_CHECKING:
    from bansha.engine.ruleset import RuleSet


@dataclass(frozen=True, slots=True)
class ChangeRules:
    """The rule set's change rules, from its options, and the stage's close if known."""

    max_changes: int | None
    freeze_minutes: int
    deadline: datetime | None
    zone_name: str
    accelerates: bool
    """The data file's ``thread.acceleration``: 「申请加速」 posts count."""

    @classmethod
    def of(
        cls,
        options: Mapping[str, Any],
        thread_rules: Mapping[str, Any],
        deadline: datetime | None,
        zone_name: str,
    ) -> ChangeRules:
        """The change rules a rule set's options and ``thread`` data give."""
        limit = options.get("max_changes")
        return cls(
            None if limit is None else int(limit),
            int(options.get("change_freeze_minutes") or 0),
            deadline,
            zone_name,
            bool(thread_rules.get("acceleration")),
        )


def _one(seat: int) -> float:
    return 1.0


def _everyone(seat: int) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Weights:
    """How each seat's ballot counts, as the rule set's day tally counts it: ``weight`` (the
    sheriff's 1.5, ``RuleSet.vote_weight``) and ``may_vote`` (``RuleSet.may_vote``)."""

    weight: Callable[[int], float] = _one
    may_vote: Callable[[int], bool] = _everyone

    @classmethod
    def of(
        cls, rs: RuleSet, roster: list[str], sheriff: int | None, barred: Iterable[int]
    ) -> Weights:
        """The rule set's own weights at a table the director describes: ``sheriff`` holds every
        status the rule set weighs (``weighted_statuses``), ``barred`` have lost their vote."""
        state = State(players=[Player(seat, name) for seat, name in enumerate(roster)])
        if sheriff is not None:
            for status in rs.weighted_statuses():
                state.holders[status] = sheriff
        out = frozenset(barred)

        def weight(seat: int) -> float:
            return rs.vote_weight(state, seat)

        def may_vote(seat: int) -> bool:
            return seat not in out and rs.may_vote(state, seat)

        return cls(weight, may_vote)


EQUAL = Weights()
"""One vote each, everyone voting (a rule set without weights, or nobody named)."""


@dataclass(frozen=True, slots=True)
class WrittenPost:
    """A floor as the thread shows it."""

    floor: int
    author: str
    at: datetime | None
    text: str
    """The body with the quoted posts in ``[quote]`` (``vote_posts.own_text`` drops them)."""
    quotes: tuple[vote_posts.QuoteRef, ...] = ()
    """The posts it quotes (M103: a change quotes the voter's own vote post)."""
    pid: str | None = None
    latest: datetime | None = None
    """The latest instant the post can have been made, when the page gives a window (``at`` the
    earliest); None: ``at`` is exact (or unknown)."""
    shown: str = ""
    """Its time as the page shows it (for the director, when a rule cannot be applied)."""
    fonts: tuple[str, ...] = ()
    """Banned formatting in its body (``red``, ``enlarged``)."""
    edited_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class CountedPost:
    """A vote post and what became of it."""

    floor: int
    by: str
    kind: vote_posts.Kind
    target: str | None
    reason: str
    void: str | None
    """Why it is 废票 (None: it counts)."""
    warnings: tuple[str, ...]
    intended: str | None = None
    """Whom a void post was for (the name it gave, when it gave one of the roster)."""
    unjudged: str | None = None
    """Why a time rule could not be applied to it (it is counted by its floor's place)."""
    rule: str | None = None
    """Which rule voided it: ``quote``, ``freeze``, ``deadline``, ``changes``, ``accelerated``,
    ``format``, ``voter`` (None: it counts)."""


def tally_thread(
    posts: Iterable[WrittenPost],
    roster: list[str],
    thread_rules: Mapping[str, Any],
    rules: ChangeRules,
    weights: Weights = EQUAL,
) -> tuple[list[CountedPost], dict[str | None, float]]:
    """Every vote post and the standing votes per candidate (None: 弃权, by ballots), most
    first, each ballot counted as ``weights`` say."""
    seat_of = {vote_posts.fold(n): i for i, n in enumerate(roster)}
    lines: list[CountedPost] = []
    ballots: list[Ballot] = []
    cast: dict[int, int] = {}
    originals: dict[int, list[vote_posts.OwnVote]] = {}
    asked: set[int] = set()
    accelerated = False
    fmt = vote_posts.vote_format(thread_rules)
    for p in posts:
        seat = seat_of.get(vote_posts.fold(p.author))
        if vote_posts.is_vote_post(p.text, fmt):
            line = _decide(p, seat, roster, thread_rules, rules, cast, originals, accelerated)
            if line.void is None and seat is not None and not weights.may_vote(seat):
                lost = texts.TALLY_LOST_VOTE.format(name=p.author)
                line = replace(
                    line, kind="void", target=None, void=lost, intended=line.target, rule="voter"
                )
            lines.append(line)
            if line.void is None and seat is not None:
                cast[seat] = cast.get(seat, 0) + 1
                originals.setdefault(seat, []).append(vote_posts.OwnVote(p.floor, p.pid, p.text))
                target = None if line.target is None else roster.index(line.target)
                ballots.append(Ballot(seat, target, p.at))
        own = vote_posts.own_text(p.text)
        if rules.accelerates and seat is not None and not accelerated and ACCELERATE.search(own):
            asked.add(seat)
            accelerated = len(asked) * 2 > len(roster)
    standing = current_ballots(ballots, accelerated)
    counted = votes.tally(standing, weights.weight, weights.may_vote, _everyone)
    counts: dict[str | None, float] = {roster[t]: n for t, n in counted.items()}
    abstain = sum(1 for v, t in standing.items() if t is None and weights.may_vote(v))
    if abstain:
        counts[None] = float(abstain)
    return lines, dict(sorted(counts.items(), key=lambda kv: _order(kv, roster)))


def _order(item: tuple[str | None, float], roster: list[str]) -> tuple[bool, float, int]:
    """Most votes first, ties in seat order, 弃权 last."""
    name, n = item
    return (name is None, -n, roster.index(name) if name is not None else 0)


def after(at: datetime | None, latest: datetime | None, moment: datetime) -> bool | None:
    """Whether a post made between ``at`` and ``latest`` (``latest`` None: exactly at ``at``) was
    made after ``moment``: True, False, or None when its time cannot tell (unknown, or a window
    around ``moment``)."""
    if at is None:
        return None
    if at > moment:
        return True
    if (latest or at) <= moment:
        return False
    return None


def _window(p: WrittenPost) -> str:
    return p.shown or texts.CHECK_NO_TIME


def _decide(
    p: WrittenPost,
    seat: int | None,
    roster: list[str],
    thread_rules: Mapping[str, Any],
    rules: ChangeRules,
    cast: dict[int, int],
    originals: dict[int, list[vote_posts.OwnVote]],
    accelerated: bool,
) -> CountedPost:
    earlier = cast.get(seat, 0) if seat is not None else 0
    read = vote_posts.read_vote(
        p.text,
        roster,
        thread_rules,
        voter=p.author,
        quotes=p.quotes,
        originals=originals.get(seat, []) if seat is not None else [],
        voted_before=earlier > 0,
    )
    why = read.error if read.kind == "void" else None
    rule: str | None = None
    if why is not None:
        rule = read.rule or "format"
    if why is None and seat is None:
        why, rule = texts.TALLY_NOT_LIVING.format(name=p.author), "voter"
    unjudged: str | None = None
    if why is None and seat is not None:
        at, unjudged = rule_time(p, rules, earlier)
        try:
            clock.check_deadline(at, rules.deadline, rules.zone_name)
        except RuleError as e:
            why, rule = e.message, e.code
        if why is None:
            try:
                votes.check_ballot(
                    earlier,
                    seat,
                    at,
                    rules.deadline,
                    max_changes=rules.max_changes,
                    freeze_minutes=rules.freeze_minutes,
                    accelerated=accelerated,
                )
            except RuleError as e:
                why, rule = e.message, e.code
    return CountedPost(
        p.floor,
        p.author,
        "void" if why is not None else read.kind,
        read.target if why is None else None,
        read.reason,
        why,
        tuple(read.warnings),
        intended=read.target if why is not None else None,
        unjudged=unjudged if why is None else None,
        rule=rule,
    )


def rule_time(
    p: WrittenPost, rules: ChangeRules, earlier: int
) -> tuple[datetime | None, str | None]:
    """The time the change rules are applied at, and why none could be (None: one could): the
    earliest instant where the post is surely after a rule's moment, the latest where it is surely
    before every one; no time (the rules that need one are not applied) where its window holds a
    rule's moment, or it has no time at all."""
    if rules.deadline is None:
        return p.at, None
    moments = [(rules.deadline, texts.CHECK_RULE_CLOSE)]
    if earlier and rules.freeze_minutes:
        freeze = rules.deadline - timedelta(minutes=rules.freeze_minutes)
        moments.append((freeze, texts.CHECK_RULE_FREEZE.format(minutes=rules.freeze_minutes)))
    verdicts = [(after(p.at, p.latest, m), m, name) for m, name in moments]
    open_ = [(m, name) for v, m, name in verdicts if v is None]
    if open_:
        m, name = open_[0]
        when = clock.format_moment(m, rules.zone_name)
        return None, texts.CHECK_UNJUDGED.format(shown=_window(p), rule=name, moment=when)
    if any(v for v, _, _ in verdicts):
        return p.at, None
    return p.latest or p.at, None


# ---------------------------------------------------------------------- the checks
@dataclass(frozen=True, slots=True)
class Check:
    """A floor the director should look at, and why (the rule's words)."""

    floor: int
    author: str
    kind: str
    """``font``, ``late_edit``, ``quote``, ``freeze``, ``deadline``, ``unjudged``."""
    reason: str


RED_NAMES = frozenset({"red", "darkred", "crimson", "firebrick", "orangered"})
HEX = re.compile(r"#([0-9a-f]{3}|[0-9a-f]{6})")
RGB = re.compile(r"rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)")
SIZE = re.compile(r"([\d.]+)\s*(px|pt|em|%)?")
BBCODE_COLOR = re.compile(r"\[color=([^\]]+)\]", re.I)
BBCODE_SIZE = re.compile(r"\[size=([^\]]+)\]", re.I)
SIZE_LIMITS = {"px": 16.0, "pt": 12.0, "em": 1.2, "%": 120.0}
RED = "red"
ENLARGED = "enlarged"
"""The kinds of banned formatting (``thread.banned_fonts`` gives each its rule's words)."""


def is_red(color: str) -> bool:
    """Red, or a colour a director would call close to #FF0000 (M186 6(1) 「或导演认为与 #FF0000 相近
    颜色的字体」: strong red, little green and blue)."""
    c = color.strip().lower().strip("'\"")
    if c in RED_NAMES:
        return True
    rgb = RGB.fullmatch(c)
    if rgb is not None:
        r, g, b = (int(x) for x in rgb.groups())
    else:
        h = HEX.fullmatch(c)
        if h is None:
            return False
        digits = h.group(1)
        digits = "".join(ch * 2 for ch in digits) if len(digits) == 3 else digits
        r, g, b = int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)
    return r >= 180 and g <= 90 and b <= 90


def is_enlarged(size: str) -> bool:
    """A font size above the forum's normal text: ``<font size>`` (and BBCode ``[size]``) 4–7 or
    ``+1`` and up, or over 16px / 12pt / 1.2em / 120%."""
    size = size.strip().lower()
    if size.lstrip("+").isdigit():
        n = int(size.lstrip("+"))
        return n >= 1 if size.startswith("+") else n >= 4
    m = SIZE.fullmatch(size)
    if m is None:
        return False
    return float(m.group(1)) > SIZE_LIMITS[m.group(2) or "px"]


def font_problems(colors: Iterable[str], sizes: Iterable[str]) -> list[str]:
    """The kinds of banned formatting among a post's colours and sizes (``enlarged``, ``red``)."""
    found = set()
    if any(is_red(c) for c in colors):
        found.add(RED)
    if any(is_enlarged(x) for x in sizes):
        found.add(ENLARGED)
    return sorted(found)


def bbcode_fonts(text: str) -> list[str]:
    """The banned formatting of a post written in BBCode ([color=red], [size=5]): bansha's own
    thread and pasted text."""
    return font_problems(BBCODE_COLOR.findall(text), BBCODE_SIZE.findall(text))


VOTE_RULES = ("quote", "freeze", "deadline")
"""Why a vote post was void that the checks list (the rule post's time and quote rules)."""


def thread_checks(
    posts: Sequence[WrittenPost],
    lines: Sequence[CountedPost],
    thread_rules: Mapping[str, Any],
    close: datetime | None,
    zone_name: str,
) -> list[Check]:
    """The floors the director should look at, each with its reason, in floor order: banned
    fonts, edits after the close, a change that does not quote its original, a change in the last
    hour, a vote after the close, and a vote whose time no rule could be applied to."""
    banned: Mapping[str, str] = thread_rules.get("banned_fonts") or {}
    out: list[Check] = []
    for p in posts:
        for kind in p.fonts:
            if kind in banned:
                out.append(Check(p.floor, p.author, "font", str(banned[kind])))
        if close is not None and _edited_after(p, close):
            assert p.edited_at is not None
            edited = clock.format_moment(p.edited_at, zone_name)
            closed = clock.format_moment(close, zone_name)
            reason = texts.CHECK_LATE_EDIT.format(edited=edited, close=closed)
            out.append(Check(p.floor, p.author, "late_edit", reason))
    for v in lines:
        if v.rule in VOTE_RULES and v.void is not None:
            out.append(Check(v.floor, v.by, str(v.rule), _void_reason(v)))
        elif v.unjudged is not None:
            out.append(Check(v.floor, v.by, "unjudged", v.unjudged))
    return sorted(out, key=lambda c: c.floor)


def _edited_after(p: WrittenPost, close: datetime) -> bool:
    """Made before the close (or when unknown) and edited at or after it."""
    return p.edited_at is not None and p.edited_at >= close and (p.at is None or p.at < close)


def _void_reason(v: CountedPost) -> str:
    if v.intended is None:
        return str(v.void)
    return texts.CHECK_VOID_FOR.format(reason=v.void, name=v.intended)


def posted_checks(
    posts: Sequence[Mapping[str, Any]], thread_rules: Mapping[str, Any], zone_name: str
) -> list[Check]:
    """The same checks on bansha's own thread, from a view's floors of one day (``floor``, ``by``,
    ``text``, ``at`` and, for a vote post, ``reading``: how bansha read and decided it): banned
    fonts in the BBCode a player wrote, changes that did not quote their original, changes in the
    last hour. A floor of bansha's thread is never edited, so no edit is after a close."""
    written: list[WrittenPost] = []
    lines: list[CountedPost] = []
    for p in posts:
        at = datetime.fromisoformat(p["at"]) if p.get("at") else None
        text = str(p.get("text") or "")
        written.append(
            WrittenPost(int(p["floor"]), str(p["by"]), at, text, fonts=tuple(bbcode_fonts(text)))
        )
        reading = p.get("reading")
        if reading and reading.get("kind") == "void":
            target = reading.get("target")
            lines.append(
                CountedPost(
                    int(p["floor"]),
                    str(p["by"]),
                    "void",
                    None,
                    "",
                    reading.get("error"),
                    tuple(reading.get("warnings") or ()),
                    intended=str(target) if target else None,
                    rule=reading.get("rule"),
                )
            )
    return thread_checks(written, lines, thread_rules, None, zone_name)
