"""Rooms outside the teams: the chats a post keeps beside the game for spectators and the dead,
and who may write in each, as the rule set's data file declares it (``rooms:``).

bs46: 「亡灵不可继续在游戏室一发言，旁观灌水帖中的发言不得涉及游戏秘密」: the dead leave the game
room (the discussion thread refuses them, ``mechanics/thread.py``) and write in the 旁观灌水帖
with the spectators. XXXII: 「禁止版杀玩家在观剧楼回复观剧者的推理」: the 观剧楼 is the
spectators' alone. M103 §11: 「游戏开始之后，联谊群禁言……游戏正式结束后……所有玩家可以重新在联谊群
发言……替补玩家、场外助理以及本次版杀的观众都可以进入联谊群一起讨论」: no one writes in the 联谊群
while the game runs, everyone after it ended. (The dead of a team keep their team's chat and read
it, M103: 「已经出局的狼群中的角色仍然留在狼群」; that is the team chat's rule, ``RuleSet.on_say``.)

Every message is a public event (``room_said``): a room is a thread everyone may read, so it
holds nothing secret by construction; the post's conduct rules (no game secrets in it) stay the
director's to enforce.
"""

from __future__ import annotations

from typing import Any, Final

from bansha import texts
from bansha.engine.commands import Speak
from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError
from bansha.engine.events import PUBLIC
from bansha.engine.state import State

TEXT_LIMIT: Final = 2000
"""The longest message, as in a team chat."""


def rooms(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The rule set's rooms, by key (its data file's ``rooms:``)."""
    found = data.get("rooms") or {}
    return {str(k): dict(v) for k, v in found.items()}


def writers(room: dict[str, Any], ended: bool) -> list[str]:
    """Who may write in ``room`` now: ``after_end`` once the game ended (when declared), else
    ``write``."""
    if ended and room.get("after_end") is not None:
        return [str(w) for w in room["after_end"]]
    return [str(w) for w in room.get("write", [])]


def may_write(data: dict[str, Any], state: State, key: str, seat: int | None) -> bool:
    """Whether ``seat`` (None: a spectator) may write in the room ``key`` now. A seat counts as
    out once its exit was announced (``state.announced``), never before: a night's death must
    not show in what its player may do until the morning's 公示."""
    room = rooms(data).get(key)
    if room is None:
        return False
    allowed = writers(room, state.ended)
    if seat is None:
        return "spectators" in allowed
    if not 0 <= seat < len(state.players):
        return False
    return ("dead" if seat in state.announced else "living") in allowed


def speak(data: dict[str, Any], ctx: Ctx, cmd: Speak) -> None:
    """A message in a room, if its writer may write there now; RuleError (Chinese) otherwise."""
    s = ctx.state
    room = rooms(data).get(cmd.room)
    if room is None:
        raise RuleError(texts.ROOM_UNKNOWN)
    if not may_write(data, s, cmd.room, cmd.by):
        raise RuleError(texts.ROOM_CLOSED.format(room=room["name"]))
    text = cmd.text.strip()
    if not text:
        raise RuleError(texts.MESSAGE_EMPTY)
    if len(text) > TEXT_LIMIT:
        raise RuleError(texts.MESSAGE_TOO_LONG.format(limit=TEXT_LIMIT))
    name = cmd.name.strip()
    if cmd.by is None and not name:
        raise RuleError(texts.AUDIENCE_NAME_MISSING)
    ctx.emit(
        "room_said",
        {
            "room": cmd.room,
            "seat": cmd.by,
            "name": name if cmd.by is None else "",
            "text": text,
            "at": cmd.at.isoformat() if cmd.at else None,
        },
        PUBLIC,
    )
