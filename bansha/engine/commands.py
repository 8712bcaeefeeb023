"""Commands: what a player or the director asks for. Time arrives inside a command, never from a clock."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass(slots=True, frozen=True)
class Act:
    """A player uses a skill (技能) by its key, with targets (seats) and an optional choice or text."""

    by: int
    skill: str
    targets: tuple[int, ...] = ()
    choice: str | None = None
    at: datetime | None = None


@dataclass(slots=True, frozen=True)
class Vote:
    """A day vote; ``target`` None is an abstention (弃权)."""

    by: int
    target: int | None
    at: datetime | None = None


@dataclass(slots=True, frozen=True)
class Close:
    """Close the current stage, as when its deadline passes."""

    at: datetime | None = None


@dataclass(slots=True, frozen=True)
class Director:
    """A director's command (红牌, 黄牌, 蓝牌, 警告, 替补, 加速, 判负 ...) with its arguments."""

    name: str
    args: dict[str, Any] = field(default_factory=dict)
    at: datetime | None = None


@dataclass(slots=True, frozen=True)
class Say:
    """A message in a team chat (QQ群): only living members of the group may speak."""

    by: int
    group: str
    text: str
    at: datetime | None = None


@dataclass(slots=True, frozen=True)
class Post:
    """A post (楼) in the game's discussion thread, optionally quoting an earlier floor of the
    same day; a vote post (投票对象：… 投票理由：…) in a vote stage is also the player's vote."""

    by: int
    text: str
    quote: int | None = None
    at: datetime | None = None


Command = Act | Vote | Close | Director | Say | Post
