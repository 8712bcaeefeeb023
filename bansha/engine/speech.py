"""Who may still speak: a player's own exit ends their right to post in the discussion thread and
to speak in their team chat, from the moment the player knows of it, never earlier.

M103: 「角色出局结算结束后，不能继续参与讨论、投票、行使特权」「禁止已出局角色在讨论帖、投票帖、进程帖或规则帖中
发言」「已经出局的狼群中的角色仍然留在狼群」 (the dead keep their chat and read it, but say nothing);
bs46: 「亡灵不可继续在游戏室一发言」; M186 6(2): 「已出局角色……发言（即“诈尸”）」.

R-ALL-11 (「夜晚出局的角色将在白天开始时公示」, 「天亮时，统一公布死者及其身份」, XXXII
「以上所有行动结果以及死亡通知会在12点发送给相应玩家」): everyone else learns a night's exit at the
next day, and the player learns it when it is told to them: every rule set tells the player
privately as the exit is resolved (the ``exited`` event addressed to the seat, with its notice
你已出局/你已死亡, or a last-words notice), or, with 公示审核 (option ``review``), once the director
publishes that result. So the right is decided from what the player may know, the events of
their own view, not from the true state (``alive``): a refusal that named an exit the player's
page does not show yet would tell them of their death before the post does, and a post or chat
line made in between is accepted as from a living player, which is what the player was told
they still are (R-ALL-13: once they know, a submission is refused when made, with the reason).

The rooms outside the teams (``engine/rooms.py``) are public, so there a seat counts as out
only once everyone was told (its exit announced): a message from the dead before then would tell
the whole table.
"""

from __future__ import annotations

from bansha.engine.state import State


def knows_own_exit(state: State, seat: int) -> bool:
    """Whether the player in ``seat`` has been told of their own exit: the event that told them
    (``state.told_out``) is one their view shows, that is, not a draft the director has yet to
    publish (公示审核; views stop at the first unpublished command, ``views.shown``)."""
    told = state.told_out.get(seat)
    if told is None:
        return False
    unpublished = bool(state.options.get("review")) and bool(state.commands)
    return not (unpublished and told >= state.commands[0])
