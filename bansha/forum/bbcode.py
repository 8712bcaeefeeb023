"""Announcements as Discuz! BBCode, ready to paste into the discussion thread."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

PHASES = {"day": "第{n}天", "night": "第{n}夜"}


def phase_title(label: str) -> str:
    """``day 2`` → 第2天."""
    parts = label.split()
    if len(parts) == 2 and parts[0] in PHASES:
        return PHASES[parts[0]].format(n=parts[1])
    return {"start": "开局", "ended": "游戏结束"}.get(label, label)


def escape(text: str) -> str:
    """Keep user text from turning into BBCode: brackets become full-width."""
    return text.replace("[", "［").replace("]", "］")


def announcements(items: Iterable[dict[str, Any]], title: str = "") -> str:
    """Announcements grouped by phase: a bold phase heading, then one line each."""
    out: list[str] = []
    if title:
        out.append(f"[size=4][b]{escape(title)}[/b][/size]")
    current = None
    for a in items:
        if a.get("phase") != current:
            current = a.get("phase")
            out.append(f"\n[b]【{phase_title(str(current))}】[/b]")
        out.append(escape(str(a["text"])))
    return "\n".join(out).strip()
