"""Forum output: announcements, the morning report (晨报), vote tallies and the reveal, ready to
paste as Discuz! BBCode, phpwind code or plain text.

Everything is rendered from a *public* view (``view(game, "public")``): what goes to the thread is
what the public may see, never the director's.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bansha import texts
from bansha.engine import clock
from bansha.engine.clock import DEFAULT_ZONE

PHASES = {"day": texts.PHASE_DAY, "night": texts.PHASE_NIGHT}
DIALECTS = texts.FORUM_DIALECTS
"""The forum codes a director may paste the pieces in."""


def phase_title(label: str) -> str:
    """``day 2`` → 第2天."""
    parts = label.split()
    if len(parts) == 2 and parts[0] in PHASES:
        return PHASES[parts[0]].format(n=parts[1])
    return {"start": texts.PHASE_START, "ended": texts.CLI_PHASE_ENDED}.get(label, label)


def escape(text: str, dialect: str = "discuz") -> str:
    """Keep user text from turning into forum code: brackets become full-width."""
    if dialect == "text":
        return text
    return text.replace("[", texts.FORUM_OPEN_BRACKET).replace("]", texts.FORUM_CLOSE_BRACKET)


def _bold(text: str, dialect: str) -> str:
    return text if dialect == "text" else f"[b]{text}[/b]"


def _title(text: str, dialect: str) -> str:
    if dialect == "text":
        return f"==== {text} ===="
    return f"[size=4][b]{text}[/b][/size]"


def _table(rows: list[list[str]], dialect: str) -> str:
    """A table: [table] in both forums' code (phpwind 9 reads the same tags), columns in text."""
    if dialect == "text":
        return "\n".join(texts.FORUM_COLUMN_SEP.join(r) for r in rows)
    body = "".join("[tr]" + "".join(f"[td]{c}[/td]" for c in r) + "[/tr]" for r in rows)
    return f"[table]{body}[/table]"


def announcements(items: Iterable[dict[str, Any]], title: str = "", dialect: str = "discuz") -> str:
    """Announcements grouped by phase: a bold phase heading, then one line each."""
    out: list[str] = []
    if title:
        out.append(_title(escape(title, dialect), dialect))
    current = None
    for a in items:
        if a.get("phase") != current:
            current = a.get("phase")
            heading = texts.FORUM_PHASE_HEADING.format(phase=phase_title(str(current)))
            out.append("\n" + _bold(heading, dialect))
        out.append(escape(str(a["text"]), dialect))
    return "\n".join(out).strip()


def morning_report(v: dict[str, Any], title: str, dialect: str = "discuz") -> str:
    """晨报: the latest phase's announcements, who is still in, and the stage's deadline, headed
    by the day it opens (「晨报在讨论帖开门时发布」: on a first day that has announced nothing yet,
    bs46's and XXXII's, the opening's announcements under 「第1天晨报」, never 「开局晨报」)."""
    phase = v["announcements"][-1]["phase"] if v["announcements"] else "start"
    today = [a for a in v["announcements"] if a["phase"] == phase]
    living = [p["name"] for p in v["players"] if not p["out"]]
    current = str(v.get("phase") or "")
    day = current if current.startswith("day ") else str(phase)
    heading = texts.FORUM_MORNING_TITLE.format(title=title, phase=phase_title(day))
    out = [_title(escape(heading, dialect), dialect)]
    out += [escape(str(a["text"]), dialect) for a in today]
    out.append(
        _bold(texts.FORUM_LIVING.format(count=len(living)), dialect)
        + escape(texts.LIST_SEP.join(living), dialect)
    )
    if v.get("stage"):
        line = texts.FORUM_STAGE.format(stage=v["stage"])
        if v.get("deadline"):
            # R-ALL-10: in the game's zone, with the zone named (forum readers are anywhere)
            when = clock.format_moment(v["deadline"], v.get("timezone", DEFAULT_ZONE))
            line += texts.FORUM_DEADLINE.format(deadline=when)
        out.append(escape(line, dialect))
    return "\n".join(out)


def vote_tally(v: dict[str, Any], dialect: str = "discuz") -> str:
    """The current stage's public votes: each candidate with the standing voters (as the view
    counts them), then abstentions; the rule set's weights and thresholds decide the result."""
    by_target: dict[str, list[str]] = {}
    for voter, target in v.get("standing", {}).items():
        by_target.setdefault(target or texts.ABSTAIN, []).append(voter)
    rows = [list(texts.FORUM_TALLY_COLUMNS)]
    ordered = sorted(by_target.items(), key=lambda kv: (kv[0] == texts.ABSTAIN, -len(kv[1])))
    for target, voters in ordered:
        names = escape(texts.LIST_SEP.join(voters), dialect)
        rows.append([escape(target, dialect), str(len(voters)), names])
    stage = v.get("stage") or texts.FORUM_TALLY_STAGE
    head = _bold(texts.FORUM_TALLY_HEAD.format(stage=stage), dialect)
    if len(rows) == 1:
        return head + "\n" + texts.FORUM_NO_VOTES
    return head + "\n" + _table(rows, dialect) + "\n" + vote_history(v, dialect)


def vote_history(v: dict[str, Any], dialect: str = "discuz") -> str:
    """Every vote of the stage in order, each change (改票) marked: who counted is the standing
    table's business, what was posted is this list's."""
    lines = [_bold(texts.FORUM_HISTORY_TITLE, dialect)]
    for b in v.get("votes", []):
        mark = texts.VOTE_CHANGE_MARK if b.get("change") else ""
        lines.append(escape(f"{b['by']} → {b['for'] or texts.ABSTAIN}{mark}", dialect))
    return "\n".join(lines)


def reveal(v: dict[str, Any], title: str, dialect: str = "discuz") -> str:
    """揭秘: the winners, every player's role and faction, and the deal's check values."""
    r = v.get("reveal")
    if not r:
        return ""
    rows = [list(texts.FORUM_REVEAL_COLUMNS)]
    for name, role in r["roles"].items():
        rows.append([escape(name, dialect), role, r["factions"].get(name, "")])
    exits = escape(texts.LIST_SEP.join(r.get("exit_order", [])), dialect)
    check = texts.FORUM_DEAL_CHECK.format(
        commitment=v.get("commitment"), nonce=r.get("nonce"), seed=r.get("seed")
    )
    out = [
        _title(escape(texts.FORUM_REVEAL_TITLE.format(title=title), dialect), dialect),
        _bold(
            texts.FORUM_WINNERS.format(winners=texts.LIST_SEP.join(v.get("winner", []))), dialect
        ),
        _table(rows, dialect),
        texts.FORUM_EXIT_ORDER.format(names=exits),
        check,
    ]
    return "\n".join(out)


def everything(v: dict[str, Any], title: str, dialect: str = "discuz") -> dict[str, str]:
    """Every piece the director may paste, in one dialect: 公示, 晨报, 票型, 揭秘."""
    pieces = texts.FORUM_PIECES
    out = {
        pieces["announcements"]: announcements(v["announcements"], title, dialect),
        pieces["morning"]: morning_report(v, title, dialect),
        pieces["tally"]: vote_tally(v, dialect),
    }
    if v.get("reveal"):
        out[pieces["reveal"]] = reveal(v, title, dialect)
    return out


def ledger(rows: list[list[str]], dialect: str = "discuz") -> dict[str, str]:
    """「判罚记录」: each carded player and the cards and warnings announced so far (the rows come
    from the public's events only); nothing when nobody has been penalised."""
    if not rows:
        return {}
    table = [list(texts.LEDGER_COLUMNS), *([escape(c, dialect) for c in r] for r in rows)]
    return {texts.LEDGER_TITLE: _table(table, dialect)}
