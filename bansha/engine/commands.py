"""Commands: what a player or the director asks for. Time arrives inside a command, never from a clock."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Final

from bansha.engine.records import FrozenRecord


class Act(FrozenRecord):
    """A player uses a skill (技能) by its key, with targets (seats) and an optional choice or text."""

    FIELDS = ("by", "skill", "targets", "choice", "at")

    def __init__(
        self,
        by: int,
        skill: str,
        targets: tuple[int, ...] = (),
        choice: str | None = None,
        at: datetime | None = None,
    ) -> None:
        self.by: Final = by
        self.skill: Final = skill
        self.targets: Final = targets
        self.choice: Final = choice
        self.at: Final = at


class Vote(FrozenRecord):
    """A day vote; ``target`` None is an abstention (弃权)."""

    FIELDS = ("by", "target", "at")

    def __init__(self, by: int, target: int | None, at: datetime | None = None) -> None:
        self.by: Final = by
        self.target: Final = target
        self.at: Final = at


class Close(FrozenRecord):
    """Close the current stage, as when its deadline passes."""

    FIELDS = ("at",)

    def __init__(self, at: datetime | None = None) -> None:
        self.at: Final = at


class Director(FrozenRecord):
    """A director's command (红牌, 黄牌, 蓝牌, 警告, 替补, 加速, 判负 ...) with its arguments."""

    FIELDS = ("name", "args", "at")

    def __init__(
        self, name: str, args: dict[str, Any] | None = None, at: datetime | None = None
    ) -> None:
        self.name: Final = name
        self.args: Final[dict[str, Any]] = {} if args is None else args
        self.at: Final = at


class Say(FrozenRecord):
    """A message in a team chat (QQ群): only living members of the group may speak."""

    FIELDS = ("by", "group", "text", "at")

    def __init__(self, by: int, group: str, text: str, at: datetime | None = None) -> None:
        self.by: Final = by
        self.group: Final = group
        self.text: Final = text
        self.at: Final = at


class Speak(FrozenRecord):
    """A message in one of the post's rooms outside the teams (旁观灌水帖, 观剧楼, 联谊群): from a
    seat (``by``), or from a spectator (``by`` None) who signs with ``name``."""

    FIELDS = ("room", "by", "name", "text", "at")

    def __init__(
        self, room: str, by: int | None, name: str, text: str, at: datetime | None = None
    ) -> None:
        self.room: Final = room
        self.by: Final = by
        self.name: Final = name
        self.text: Final = text
        self.at: Final = at


class Post(FrozenRecord):
    """A post (楼) in the game's discussion thread, optionally quoting an earlier floor of the
    same day; a vote post (投票对象：… 投票理由：…) in a vote stage is also the player's vote."""

    FIELDS = ("by", "text", "quote", "at")

    def __init__(
        self, by: int, text: str, quote: int | None = None, at: datetime | None = None
    ) -> None:
        self.by: Final = by
        self.text: Final = text
        self.quote: Final = quote
        self.at: Final = at


Command = Act | Vote | Close | Director | Say | Speak | Post
