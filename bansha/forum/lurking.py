"""Lurking (潜水) rules of each post, proposed to the director as penalties with their evidence.

- M103 违规判定5: 「在未加快进程的单个讨论日不足五帖、或连续三个讨论日均不足十帖」「在未加快进程的任一讨论日未投票」
  「必须行使特权的角色未在规定时间内行使」 → 黄牌.
- bs46 3.1 (R-BS46-11): 「一个游戏环节的发贴数量少于5，并且少于当天平均发贴数量20%的玩家，认为是潜水一天」 → 警告.
- XXXII 注意事项2 (R-XXXII-17): 「当天未发言或未投票的玩家，将会被警告」 → 警告.

The engine records missed votes and actions (``omission`` events); the post counts come from the
discussion thread. Nothing here changes a game: it proposes, the director decides.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bansha import texts

YELLOW = texts.CARD_YELLOW
WARNING = texts.CARD_WARNING
"""The penalties proposed: a yellow card (M103), a warning (bs46, XXXII)."""


@dataclass(frozen=True)
class Proposal:
    """A penalty the rules call for, with the facts behind it (in Chinese, for the director)."""

    player: str
    penalty: str
    evidence: str


def m103(
    posts_by_day: Sequence[Mapping[str, int]],
    players: Sequence[str],
    voted_by_day: Sequence[set[str]],
    missed_actions: Sequence[str] = (),
    accelerated_days: set[int] | frozenset[int] = frozenset(),
) -> list[Proposal]:
    """M103: the last day (index -1) under the three rules; accelerated days are exempt."""
    out: list[Proposal] = []
    day = len(posts_by_day)
    if day == 0:
        return out
    today = posts_by_day[-1]
    exempt = day in accelerated_days
    for name in players:
        n = today.get(name, 0)
        if not exempt and n < 5:
            out.append(Proposal(name, YELLOW, texts.LURKING_FEW_POSTS.format(day=day, n=n)))
        if day >= 3 and not (set(range(day - 2, day + 1)) & set(accelerated_days)):
            last3 = [posts_by_day[i].get(name, 0) for i in range(day - 3, day)]
            if all(x < 10 for x in last3):
                why = texts.LURKING_FEW_POSTS_THREE_DAYS.format(counts=last3)
                out.append(Proposal(name, YELLOW, why))
        if not exempt and voted_by_day and name not in voted_by_day[-1]:
            out.append(Proposal(name, YELLOW, texts.LURKING_NO_VOTE.format(day=day)))
    for name in missed_actions:
        out.append(Proposal(name, YELLOW, texts.LURKING_MISSED_ACTION))
    return out


def bs46(posts_by_stage: Mapping[str, Mapping[str, int]], players: Sequence[str]) -> list[Proposal]:
    """bs46: in a stage, fewer than 5 posts and under 20% of the day's average posts per player."""
    total: dict[str, int] = {}
    for counts in posts_by_stage.values():
        for name, n in counts.items():
            total[name] = total.get(name, 0) + n
    average = sum(total.get(p, 0) for p in players) / max(len(players), 1)
    out: list[Proposal] = []
    for name in players:
        for stage, counts in posts_by_stage.items():
            n = counts.get(name, 0)
            if n < 5 and n < 0.2 * average:
                why = texts.LURKING_FEW_POSTS_STAGE.format(stage=stage, n=n, average=average)
                out.append(Proposal(name, WARNING, why))
                break
    return out


def xxxii(
    posts: Mapping[str, int], players: Sequence[str], voted: set[str], vote_day: bool
) -> list[Proposal]:
    """XXXII: a day without a post, or (from day 2) without a vote, is a warning."""
    out: list[Proposal] = []
    for name in players:
        if posts.get(name, 0) == 0:
            out.append(Proposal(name, WARNING, texts.LURKING_NO_POST_TODAY))
        if vote_day and name not in voted:
            out.append(Proposal(name, WARNING, texts.LURKING_NO_VOTE_TODAY))
    return out
