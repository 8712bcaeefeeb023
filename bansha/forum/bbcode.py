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

PHASES = {"day": "第{n}天", "night": "第{n}夜"}
DIALECTS = {"discuz": "Discuz! 代码", "phpwind": "phpwind 代码", "text": "纯文本"}


def phase_title(label: str) -> str:
    """``day 2`` → 第2天."""
    parts = label.split()
    if len(parts) == 2 and parts[0] in PHASES:
        return PHASES[parts[0]].format(n=parts[1])
    return {"start": "开局", "ended": "游戏结束"}.get(label, label)


def escape(text: str, dialect: str = "discuz") -> str:
    """Keep user text from turning into forum code: brackets become full-width."""
    if dialect == "text":
        return text
    return text.replace("[", "［").replace("]", "］")


def _bold(text: str, dialect: str) -> str:
    return text if dialect == "text" else f"[b]{text}[/b]"


def _title(text: str, dialect: str) -> str:
    if dialect == "text":
        return f"==== {text} ===="
    return f"[size=4][b]{text}[/b][/size]"


def _table(rows: list[list[str]], dialect: str) -> str:
    """A table: [table] in both forums' code (phpwind 9 reads the same tags), columns in text."""
    if dialect == "text":
        return "\n".join("　".join(r) for r in rows)
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
            out.append("\n" + _bold(f"【{phase_title(str(current))}】", dialect))
        out.append(escape(str(a["text"]), dialect))
    return "\n".join(out).strip()


def morning_report(v: dict[str, Any], title: str, dialect: str = "discuz") -> str:
    """晨报: the latest phase's announcements, who is still in, and the stage's deadline."""
    phase = v["announcements"][-1]["phase"] if v["announcements"] else "start"
    today = [a for a in v["announcements"] if a["phase"] == phase]
    living = [p["name"] for p in v["players"] if not p["out"]]
    out = [_title(escape(f"{title}　{phase_title(str(phase))}晨报", dialect), dialect)]
    out += [escape(str(a["text"]), dialect) for a in today]
    out.append(
        _bold(f"存活玩家（{len(living)}人）：", dialect) + escape("、".join(living), dialect)
    )
    if v.get("stage"):
        line = f"当前阶段：{v['stage']}"
        if v.get("deadline"):
            # R-ALL-10: in the game's zone, with the zone named (forum readers are anywhere)
            line += f"，截止：{clock.format_moment(v['deadline'], v.get('timezone', DEFAULT_ZONE))}"
        out.append(escape(line, dialect))
    return "\n".join(out)


def vote_tally(v: dict[str, Any], dialect: str = "discuz") -> str:
    """The current stage's public votes: each candidate with the standing voters (as the view
    counts them), then abstentions; the rule set's weights and thresholds decide the result."""
    by_target: dict[str, list[str]] = {}
    for voter, target in v.get("standing", {}).items():
        by_target.setdefault(target or "弃权", []).append(voter)
    rows = [["对象", "票数", "投票者"]]
    for target, voters in sorted(by_target.items(), key=lambda kv: (kv[0] == "弃权", -len(kv[1]))):
        rows.append([escape(target, dialect), str(len(voters)), escape("、".join(voters), dialect)])
    head = _bold(f"【{v.get('stage') or '投票'}·当前票型】", dialect)
    if len(rows) == 1:
        return head + "\n暂无投票"
    return head + "\n" + _table(rows, dialect) + "\n" + vote_history(v, dialect)


def vote_history(v: dict[str, Any], dialect: str = "discuz") -> str:
    """Every vote of the stage in order, each change (改票) marked: who counted is the standing
    table's business, what was posted is this list's."""
    lines = [_bold("投票记录：", dialect)]
    for b in v.get("votes", []):
        mark = texts.VOTE_CHANGE_MARK if b.get("change") else ""
        lines.append(escape(f"{b['by']} → {b['for'] or texts.ABSTAIN}{mark}", dialect))
    return "\n".join(lines)


def reveal(v: dict[str, Any], title: str, dialect: str = "discuz") -> str:
    """揭秘: the winners, every player's role and faction, and the deal's check values."""
    r = v.get("reveal")
    if not r:
        return ""
    rows = [["玩家", "身份", "阵营"]]
    for name, role in r["roles"].items():
        rows.append([escape(name, dialect), role, r["factions"].get(name, "")])
    out = [
        _title(escape(f"{title}　揭秘", dialect), dialect),
        _bold("获胜：" + "、".join(v.get("winner", [])), dialect),
        _table(rows, dialect),
        f"出局顺序：{escape('、'.join(r.get('exit_order', [])), dialect)}",
        f"承诺哈希：{v.get('commitment')}　随机数：{r.get('nonce')}　种子：{r.get('seed')}",
    ]
    return "\n".join(out)


def everything(v: dict[str, Any], title: str, dialect: str = "discuz") -> dict[str, str]:
    """Every piece the director may paste, in one dialect: 公示, 晨报, 票型, 揭秘."""
    out = {
        "公示": announcements(v["announcements"], title, dialect),
        "晨报": morning_report(v, title, dialect),
        "票型": vote_tally(v, dialect),
    }
    if v.get("reveal"):
        out["揭秘"] = reveal(v, title, dialect)
    return out


def ledger(rows: list[list[str]], dialect: str = "discuz") -> dict[str, str]:
    """「判罚记录」: each carded player and the cards and warnings announced so far (the rows come
    from the public's events only); nothing when nobody has been penalised."""
    if not rows:
        return {}
    table = [list(texts.LEDGER_COLUMNS), *([escape(c, dialect) for c in r] for r in rows)]
    return {texts.LEDGER_TITLE: _table(table, dialect)}
