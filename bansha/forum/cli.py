"""``bansha thread read``: a forum thread read from saved pages or addresses, for directors who keep
the game on the forum. The same reader as the director's console (``parse_any``, ``decode``,
``fetch``, ``vote_posts``)."""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import typer
from rich.console import Console
from rich.table import Table

from bansha.engine.errors import RuleError
from bansha.forum.charset import decode
from bansha.forum.fetching import fetch
from bansha.forum.threads import Post, ThreadError, parse_any
from bansha.mechanics import vote_posts

thread_app = typer.Typer(help="Forum threads: read saved pages or addresses.", no_args_is_help=True)
console = Console()
KINDS = {"vote": "投票", "change": "改票", "abstain": "弃权", "void": "废票"}


def _pages(sources: list[str]) -> list[str]:
    pages: list[str] = []
    for source in sources:
        if source.startswith(("http://", "https://")):
            loopback = os.environ.get("BANSHA_FETCH_LOOPBACK") == "1"
            pages += fetch(source, os.environ.get("BANSHA_FORUM_COOKIE", ""), loopback)
        else:
            pages.append(decode(Path(source).read_bytes()))
    return pages


def _iso(t: datetime | None) -> str | None:
    return t.isoformat() if t is not None else None


def votes_and_tally(
    posts: list[Post], roster: list[str], rules: dict[str, Any], max_changes: int | None
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """Every vote post and the standing tally: each player's latest counted vote; a change
    needs an earlier vote, and beyond ``max_changes`` (the rule set's option) it is void."""
    lines: list[dict[str, Any]] = []
    standing: dict[str, str | None] = {}
    changes: dict[str, int] = {}
    for p in posts:
        if p.masked or not vote_posts.is_vote_post(p.body):
            continue
        read = vote_posts.parse(p.text, roster, rules.get("near_miss_votes", "void"))
        read = vote_posts.unquoted_change(read, bool(p.quotes), rules)
        kind, why = read.kind, read.error
        by = vote_posts.fold(p.author)
        voter = next((n for n in roster if vote_posts.fold(n) == by), None)
        if kind != "void" and voter is None:
            kind, why = "void", f"「{p.author}」不在存活玩家名单中，不能投票"
        elif kind != "void" and voter is not None and read.change:
            if voter not in standing:
                kind, why = "void", "还没有投票，不能改票"
            elif max_changes is not None and changes.get(voter, 0) >= max_changes:
                kind, why = "void", f"改票次数已用完（只有{max_changes}次改票机会）"
        if kind != "void" and voter is not None:
            changes[voter] = changes.get(voter, 0) + (1 if read.change else 0)
            standing[voter] = read.target
        lines.append(
            {
                "floor": p.floor,
                "by": p.author,
                "kind": KINDS[kind],
                "for": read.target if kind != "void" else None,
                "reason": read.reason,
                "void": why if kind == "void" else None,
                "warnings": list(read.warnings),
            }
        )
    tally: dict[str, int] = {}
    for target in standing.values():
        key = target or "弃权"
        tally[key] = tally.get(key, 0) + 1
    return lines, dict(sorted(tally.items(), key=lambda kv: (kv[0] == "弃权", -kv[1], kv[0])))


@thread_app.command("read")
def read(
    sources: Annotated[list[str], typer.Argument(help="Saved pages (files) or thread addresses")],
    ruleset: Annotated[str | None, typer.Option(help="Rule set id: read the vote posts")] = None,
    players: Annotated[str | None, typer.Option(help="Living players, A,B,C")] = None,
    tz: Annotated[str, typer.Option(help="The game's zone for pages that state none")] = (
        "Asia/Shanghai"
    ),
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON")] = False,
) -> None:
    """Read a thread's pages in order: the floors, and with a rule set and players every vote
    post and the standing tally under the rule set's change rules."""
    try:
        zone = ZoneInfo(tz)
        posts = parse_any(_pages(sources))
    except (ThreadError, OSError, ZoneInfoNotFoundError, ValueError) as e:
        console.print(f"[red]{e}[/red]")
        raise typer.Exit(2) from e
    for p in posts:
        p.time = p.time.replace(tzinfo=zone) if p.time and p.time.tzinfo is None else p.time
        if p.edited_at and p.edited_at.tzinfo is None:
            p.edited_at = p.edited_at.replace(tzinfo=zone)
    lines: list[dict[str, Any]] = []
    tally: dict[str, int] = {}
    if ruleset and players:
        from bansha.rulesets import find_ruleset

        try:
            rs = find_ruleset(ruleset)
        except RuleError as e:
            console.print(f"[red]{e.message}[/red]")
            raise typer.Exit(2) from e
        roster = [n.strip() for n in players.replace("，", ",").split(",") if n.strip()]
        limit = rs.options.get("max_changes")
        lines, tally = votes_and_tally(
            posts, roster, rs.data.get("thread", {}), int(limit) if limit is not None else None
        )
    floors: list[dict[str, Any]] = [
        {
            "floor": p.floor,
            "author": p.author,
            "time": _iso(p.time),
            "body": p.body,
            "quotes": [
                {"author": q.author, "time": _iso(q.time), "text": q.text, "pid": q.pid}
                for q in p.quotes
            ],
            "edited": {"by": p.edited_by, "at": _iso(p.edited_at)} if p.edited_by else None,
        }
        for p in posts
    ]
    if as_json:
        out = {"floors": floors, "votes": lines, "tally": tally}
        typer.echo(json.dumps(out, ensure_ascii=False, indent=2))
        return
    table = Table(title=f"共 {len(posts)} 楼")
    for col in ("楼层", "作者", "时间", "内容"):
        table.add_column(col)
    for f in floors:
        table.add_row(str(f["floor"]), f["author"], f["time"] or "", f["body"][:80])
    console.print(table)
    if lines:
        votes = Table(title="投票帖")
        for col in ("楼层", "投票者", "类别", "对象", "理由 / 废票原因", "提醒"):
            votes.add_column(col)
        for v in lines:
            votes.add_row(
                str(v["floor"]),
                v["by"],
                v["kind"],
                v["for"] or "",
                v["void"] or v["reason"],
                "；".join(v["warnings"]),
            )
        console.print(votes)
        console.print("票型：" + "，".join(f"{k} {n}票" for k, n in tally.items()))
