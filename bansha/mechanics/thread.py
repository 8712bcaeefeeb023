"""The game's discussion thread (讨论帖): one thread per game day, numbered floors (楼层).

Rules every post shares: only players still in the game post (M186 6(2) 「已出局角色……发言（即
“诈尸”）」), as far as the player knows (``engine/speech.py``: a night's victim not told yet
posts as a living player, R-ALL-11); a quote names an earlier floor of the same day. From the
data file's ``thread``: ``closed_phases`` (XXXII 「宵禁后任何人不得再发言」: the thread is closed at
night) and ``blue_stage``/``blue_limit`` (XXXII 注意事项3: 「在限制发言时段内……只有三次推理发言机会」, a fourth
「蓝字」 post is refused rather than posted, removed and warned). A vote post (the post's own
format, R-M103 投票规则) in a vote stage is the player's vote, decided by the rule set's vote
rules; a malformed or refused one leaves the post standing, marked void with the reason (M103,
``change_quotes_original``: 「改票时必须引用原投票帖」, a change must quote the floor of the player's
own vote post of the stage that counted). With
``acceleration`` (M103 「如果在进程帖中申请加速的玩家超过所有存活玩家的二分之一则游戏进程加速」), a post
asking 「申请加速」 in a vote stage counts; more than half of the living accelerates the day.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from bansha import texts
from bansha.engine import speech
from bansha.engine.commands import Post, Vote
from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError
from bansha.engine.events import PUBLIC
from bansha.engine.state import ACCELERATION_ASKED
from bansha.mechanics import vote_posts

if TYPE_CHECKING:
    from bansha.engine.ruleset import RuleSet

MAX_LENGTH = 5000
BLUE_WORD = re.compile(texts.THREAD_BLUE_PATTERN)
"""A reasoning post of XXXII's restricted phase, numbered 「蓝字1」…「蓝字3」."""
ACCELERATE = re.compile(texts.THREAD_ACCELERATE_PATTERN)
"""M103: a post asking that the day be accelerated (「在进程帖中申请加速」)."""


def is_vote_post(text: str, rules: dict[str, Any]) -> bool:
    """Whether a post means to vote (and so is read as a vote post) in the format of the rule
    set's ``thread`` data (``vote_format``), look-alikes included."""
    return vote_posts.is_vote_post(text, vote_posts.vote_format(rules))


def post(rs: RuleSet, ctx: Ctx, cmd: Post) -> None:
    """Decide a post; a vote post also votes."""
    s = ctx.state
    rules: dict[str, Any] = rs.data.get("thread", {})
    if speech.knows_own_exit(s, cmd.by):
        raise RuleError(texts.THREAD_OUT)
    if s.phase in rules.get("closed_phases", []):
        raise RuleError(texts.THREAD_CLOSED)
    text = cmd.text.strip()
    if not text:
        raise RuleError(texts.THREAD_EMPTY)
    if len(text) > MAX_LENGTH:
        raise RuleError(texts.THREAD_TOO_LONG.format(limit=MAX_LENGTH))
    floors = s.floors.get(s.day, 0)
    if cmd.quote is not None and not 1 <= cmd.quote <= floors:
        raise RuleError(texts.THREAD_NO_FLOOR.format(floor=cmd.quote))
    blue = s.stage_key == rules.get("blue_stage") and bool(BLUE_WORD.search(text))
    if blue and s.blue.get(cmd.by, 0) >= int(rules.get("blue_limit", 3)):
        raise RuleError(texts.THREAD_BLUE_USED.format(limit=rules.get("blue_limit", 3)))
    vote: dict[str, Any] | None = None
    voting = s.stage_key in rs.data.get("vote_stages", [])
    if voting and is_vote_post(text, rules):
        vote = _vote(rs, ctx, cmd, text)
    accel = voting and bool(rules.get("acceleration")) and bool(ACCELERATE.search(text))
    if accel:
        _request_acceleration(rs, ctx, cmd.by)
    ctx.emit(
        "posted",
        {
            "seat": cmd.by,
            "day": s.day,
            "floor": floors + 1,
            "text": text,
            "quote": cmd.quote,
            "blue": blue,
            "vote": vote,
            "accelerate": accel,
            "at": cmd.at.isoformat() if cmd.at else None,
        },
        PUBLIC,
    )


def _request_acceleration(rs: RuleSet, ctx: Ctx, seat: int) -> None:
    """M103 「如果在进程帖中申请加速的玩家超过所有存活玩家的二分之一则游戏进程加速」."""
    s = ctx.state
    if s.accelerated == s.day:
        return
    asked = sorted({*s.acceleration_asked.get(s.day, ()), seat})
    ctx.emit("flag", {"key": f"{ACCELERATION_ASKED}{s.day}", "value": asked}, PUBLIC)
    if len(asked) * 2 > len(s.living()):
        rs.accelerate(ctx)


def _vote(rs: RuleSet, ctx: Ctx, cmd: Post, text: str) -> dict[str, Any]:
    """Read the vote post and, if well formed, vote; the outcome is kept with the post."""
    s = ctx.state
    names = [p.name for p in s.players]
    rules: dict[str, Any] = rs.data.get("thread", {})
    voted_before = s.ballot_counts.get(cmd.by, 0) > 0
    originals = [vote_posts.OwnVote(f) for f, seat in s.vote_floors.items() if seat == cmd.by]
    read = vote_posts.read_vote(
        text,
        [names[x] for x in s.living()],
        rules,
        voter=names[cmd.by],
        quotes=[] if cmd.quote is None else [vote_posts.QuoteRef(floor=cmd.quote)],
        # a vote cast on bansha's vote page has no post to quote
        originals=None if voted_before and not originals else originals,
        voted_before=voted_before,
    )
    out: dict[str, Any] = {"kind": read.kind, "target": read.target, "warnings": read.warnings}
    if read.kind == "void":
        out["error"], out["rule"] = read.error, read.rule or "format"
        return out
    target = None if read.target is None else names.index(read.target)
    try:
        rs.check_time(s, cmd.at)
        rs.on_vote(ctx, Vote(cmd.by, target, cmd.at))  # validates fully before it records
    except RuleError as e:
        out["kind"], out["error"], out["rule"] = "void", e.message, e.code
    return out
