"""What follows an exit, a vote-out and a faction's loss, in the order the post gives, as tables
of the data file (``consequences:``) a reader can check against the post.

M103: 「殉情<强制> —— 情侣中若有一人出局，另一人立即出局。」 and 「殉职<强制> —— 警长并非因为罚下而出局
后，须选择一名未出局的角色来继任警长。」 follow an exit; 「谁敢动我 <强制> —— 当太子在讨论日白天被投票
出局，将发动强制技能，不会因投票出局而死亡。」 a vote-out; 「寡妇刀<强制> —— 若情侣属于【皇帝算什么阵营】，
当【杀了狗皇帝阵营】优先判负后，情侣获得技能<杀人>。」 a faction's loss. The boards' hunter's shot and
the badge after an exit; bs46's 身份恢复 and the victim's last words; XXXII's conversions after an
exit and 舞台特权 before 王车易位 at a vote-out (note c).

Each table lists steps in the post's words, each naming the skill whose mechanic answers the
hook: ``exit`` (``on_exit``), ``voted_out`` (``on_voted_out``), ``faction_lost``
(``on_faction_lost``). Every mechanic of the board that answers a hook is named exactly once in
that hook's table, so nothing runs in an order the file does not state: a missing table, a skill
left out, a skill named twice or one whose mechanic does not answer the hook is a Chinese error
naming the key when the board loads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bansha import texts
from bansha.engine.errors import SetupError
from bansha.mechanics.base import LIST_SEP, Board, Mechanic

HOOKS = {"exit": "on_exit", "voted_out": "on_voted_out", "faction_lost": "on_faction_lost"}
"""Each table of ``consequences`` and the hook its steps answer."""


@dataclass(frozen=True, slots=True)
class Consequence:
    """One step of a table: its name in the post's words, and the mechanic that answers it."""

    step: str
    mechanic: Mechanic


def read(board: Board, mechs: dict[str, Mechanic]) -> dict[str, tuple[Consequence, ...]]:
    """The board's ``consequences`` tables, by table (``exit``, ``voted_out``,
    ``faction_lost``), each checked against the mechanics that answer its hook (see the module
    docstring)."""
    raw: Any = board.data.get("consequences") or {}
    if not isinstance(raw, dict) or not set(raw) <= set(HOOKS):
        known = LIST_SEP.join(HOOKS)
        raise SetupError(texts.CONSEQUENCES_SHAPE.format(known=known))
    out: dict[str, tuple[Consequence, ...]] = {}
    for table, hook in HOOKS.items():
        answering = [key for key, m in mechs.items() if hook in m.hooks]
        steps: list[Consequence] = []
        named: set[str] = set()
        for i, entry in enumerate(raw.get(table) or []):
            where = f"consequences.{table}[{i}]"
            if not isinstance(entry, dict) or set(entry) != {"step", "skill"}:
                raise SetupError(texts.CONSEQUENCE_SHAPE.format(where=where))
            key = board.skill_ref(str(entry["skill"]), f"{where}.skill")
            if key not in answering:
                raise SetupError(texts.CONSEQUENCE_NO_HOOK.format(where=where, skill=key))
            if key in named:
                raise SetupError(texts.CONSEQUENCE_TWICE.format(table=table, skill=key))
            named.add(key)
            steps.append(Consequence(str(entry["step"]), mechs[key]))
        missing = [key for key in answering if key not in named]
        if missing:
            skills = LIST_SEP.join(missing)
            raise SetupError(texts.CONSEQUENCE_MISSING.format(table=table, skills=skills))
        out[table] = tuple(steps)
    return out
