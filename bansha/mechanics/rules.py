"""The rule-set base every post's rules run on: the engine's rule set with the forum's pieces.

The engine's :class:`~bansha.engine.ruleset.RuleSet` knows no mechanic: it asks its rule set to
decide a floor of the discussion thread (``on_post``) and to give a card (``give_card``). Here
both are the mechanics every post shares: the thread's forum rules and vote posts
(:mod:`bansha.mechanics.thread`, R-M103 投票规则) and the cards with their upgrades
(:mod:`bansha.mechanics.penalties`). Every rule set subclasses this class, or the board the
pipeline runs (:class:`bansha.mechanics.base.Board`), which is one.
"""

from __future__ import annotations

from bansha.engine.commands import Post
from bansha.engine.context import Ctx
from bansha.engine.ruleset import RuleSet
from bansha.mechanics import penalties, thread


class PostRules(RuleSet):
    """A rule set with the discussion thread and the cards of every post."""

    def on_post(self, ctx: Ctx, cmd: Post) -> None:
        """A floor of the thread; a vote post also votes (``mechanics/thread.py``)."""
        thread.post(self, ctx, cmd)

    def give_card(self, ctx: Ctx, seat: int, color: str, hold: bool) -> list[str]:
        """A card and its upgrades (``mechanics/penalties.py``)."""
        return penalties.give(ctx, seat, color, hold=hold)
