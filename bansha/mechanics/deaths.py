"""A kill's resolution: who is blocked, who exits (the resolution table's ``resolve:`` step).

M103 「（5）指杀结算：一、被指杀的角色如果是守护的目标，指杀无效，否则有效。二、被指杀的角色如果是<救药>的目标，此次有效
指杀不会导致角色的当前身份出局。三、被指杀的角色的当前身份出局。」 (R-M103-04: guard first, the save is still
spent, no 奶穿: ``guard_and_save: lives``); 预女猎守's 同守同救: a player both guarded and saved the
same night dies (``guard_and_save: dies``); XXXII 【红字结界】 blocks the blade.
"""

from __future__ import annotations

from dataclasses import dataclass

from bansha.engine.context import Ctx
from bansha.engine.state import Use
from bansha.mechanics.base import TRACE_LINE_SEP, Board
from bansha.mechanics.params import Raw


@dataclass(frozen=True, slots=True)
class KillParams:
    """``blocked_by``: skills whose use on the victim tonight stops the kill;
    ``guard_and_save``: what happens when two of them protect the same victim."""

    blocked_by: tuple[str, ...]
    guard_and_save: str

    @staticmethod
    def read(raw: Raw) -> KillParams:
        """Read the step's keys."""
        out = KillParams(
            raw.words("blocked_by"), raw.choice("guard_and_save", ("dies", "lives"), "lives")
        )
        raw.done()
        return out


def resolve_kill(
    board: Board,
    ctx: Ctx,
    cause: str,
    uses: list[Use],
    params: KillParams,
    exit_cause: str | None = None,
) -> str:
    """Resolve tonight's uses of the kill ``cause`` (its skill key); its victims exit by
    ``exit_cause`` (the skill's key when not given: bs46's 暗杀 is 被暗杀, ``kill``); return the
    trace text of what happened."""
    s = ctx.state
    lines: list[str] = []
    for use in uses:
        for aimed in use.targets:
            target = board.instead(s, cause, aimed)  # 王车易位: another dies in the same way
            name = s.players[target].name
            if not s.players[target].alive:
                continue
            blocked = [k for k in params.blocked_by if board.used_on_tonight(s, k, target)]
            if len(blocked) > 1 and params.guard_and_save == "dies":
                lines.append(board.say("trace_both_die", p=name))
            elif blocked:
                lines.append(board.say("trace_blocked", skill=blocked[0], p=name))
                continue
            else:
                lines.append(board.say("trace_exit", p=name))
            out = exit_cause or cause
            board.exit(ctx, target, out, announce_now=not board.holds_announcements(s))
    return TRACE_LINE_SEP.join(lines) or board.say("trace_none")
