"""R-ALL-11 and the right to speak: a player's exit ends their posts in the discussion thread and
their words in the team chat from the moment they know of it, and a refusal never tells them of
their death earlier (``engine/speech.py``).

What each rule set does, established here: every rule set tells the player of their own exit
privately as it is resolved (M103 and the declared boards 「你已出局（被指杀）」, bs46 「你已出局」 with
the victim's 遗言, XXXII 「你已死亡」 at 12:00 as 「以上所有行动结果以及死亡通知会在12点发送给相应玩家」
says, M186's only exit, a red card, is public at once), while the table learns a night's exit at
the next day. So in an ordinary game the player's page says 已出局 exactly when the engine starts
refusing them. With 公示审核 the player is told only when the director publishes: until then a
night's victim still chats with their team as a living player does, and the thread, like every
other player's, answers that the director is settling the night.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from bansha.engine import Act, Close, Director, Game, Post, RuleError, Say
from bansha.engine.commands import Command
from bansha.engine.speech import knows_own_exit
from bansha.engine.views import view
from bansha.rulesets import find_ruleset
from bansha.sim.agents import random_command
from tests.helpers import m103_game

OUT_POST = "已出局的玩家不能在讨论帖发言"
OUT_CHAT = "已出局的角色不能在群里发言"
SETTLING = "导演正在结算，公示发布后才能继续提交"
"""公示审核: what every player's post meets while results wait."""
RULESETS = ["m103", "bs46", "m186", "xxxii", "standard12", "guard12"]


def refusal(game: Game, cmd: Command) -> str | None:
    """The refusal ``cmd`` meets now (None: it lands), leaving ``game`` as it was."""
    count = len(game.events)
    try:
        game.handle(cmd)
    except RuleError as e:
        return e.message
    game.rewind(count)
    return None


class Probe:
    """At every moment it is called: each seat's page shows 已出局 exactly when the engine refuses
    its posts and chat lines for that reason, and no other refusal names an exit."""

    def __init__(self) -> None:
        self.told_before_public = 0
        """Seats out and told of it while the table did not know yet (a night's victim)."""
        self.untold = 0
        """Seats out in truth but not told yet (公示审核: the director has not published)."""
        self.untold_chatted = 0

    def __call__(self, game: Game) -> None:
        if game.state.ended:
            return
        for seat in range(len(game.state.players)):
            s = game.state
            knows = knows_own_exit(s, seat)
            page = view(game, seat)
            assert bool(page["me"].get("out")) == knows, (seat, s.stage)
            if knows and seat not in s.announced:
                self.told_before_public += 1
            if not s.players[seat].alive and not knows:
                self.untold += 1
            said = refusal(game, Post(seat, "我还在"))
            if knows:
                assert said == (OUT_POST if s.awaiting is None else SETTLING), (seat, said)
            else:
                assert said is None or "出局" not in said, (seat, s.stage, said)
            for chat in page["chats"]:
                said = refusal(game, Say(seat, chat["key"], "我还在"))
                assert (said is None) == chat["can_speak"], (seat, chat["key"], said)
                assert (said == OUT_CHAT) == knows, (seat, chat["key"], said)
                self.untold_chatted += said is None and not s.players[seat].alive


def play_reviewed(game: Game, seed: int, probe: Probe) -> None:
    """Random players; the director publishes each result after the probe looked at it waiting."""
    rng = random.Random(seed)
    for _ in range(600):
        probe(game)  # (a refused or rewound probe folds the game again: read its state anew)
        if game.state.ended and game.state.awaiting is None:
            return
        if game.state.awaiting is not None:
            game.handle(Director("发布"))
            continue
        for seat in range(len(game.state.players)):
            cmd = random_command(rng, seat, game.legal(seat), 0.3)
            if cmd is not None:
                game.handle(cmd)
                if game.state.awaiting is not None or game.state.ended:
                    break
        if game.state.awaiting is None and not game.state.ended:
            game.handle(Close())
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("rid", RULESETS)
def test_r_all_11_every_rule_set_tells_the_player_of_their_exit_as_it_happens(rid: str) -> None:
    from bansha.sim.play import play_random

    rs = find_ruleset(rid)
    probe = Probe()
    for seed in (3, 5):
        game = play_random(
            Game.create(rs, [f"玩家{i}" for i in range(rs.player_count)], seed),
            seed,
            on_stage=probe,
        )
        assert game.state.ended
    assert probe.untold == 0  # nobody is out in truth and unaware of it
    if rid != "m186":  # M186 has no night exits: a red card is public at once
        assert probe.told_before_public  # the victim knows before the table does


@pytest.mark.parametrize("rid", RULESETS)
def test_r_all_11_under_review_the_right_to_speak_follows_what_is_published(rid: str) -> None:
    rs = find_ruleset(rid, {"review": True})
    probe = Probe()
    for seed in (1, 2, 3):
        play_reviewed(
            Game.create(rs, [f"玩家{i}" for i in range(rs.player_count)], seed), seed, probe
        )
    if rid != "m186":  # (M186's only exit, a red card, is not in random play)
        assert probe.untold  # an exit waited for 发布 ...
    if rid in ("m103", "xxxii", "standard12", "guard12"):  # rule sets with team chats
        assert probe.untold_chatted  # ... and its player chatted meanwhile as a living player


# ---------------------------------------------------------------------- each post, one night


def _m103_night(review: bool) -> Game:
    g = m103_game(**({"review": True} if review else {}))
    g.handle(Act(8, "red_thread", (10, 11)))
    g.handle(Close())
    if g.state.awaiting is not None:
        g.handle(Director("发布"))
    g.handle(Act(0, "kill", (1,)))  # 甲 names 乙, a fellow assassin (R-M103-10: own members too)
    g.handle(Close())  # the assassins' window
    if g.state.awaiting is not None:
        g.handle(Director("发布"))
    g.handle(Close())  # the physician's window: the kill resolves (step 5)
    assert not g.state.players[1].alive and g.state.phase == "night"
    return g


def test_r_all_11_m103_a_night_victim_is_told_at_once_and_speaks_no_more() -> None:
    g = _m103_night(review=False)
    mine, public = view(g, 1), view(g, "public")
    assert mine["me"]["out"] and any("你已出局（被指杀）" in n["text"] for n in mine["notices"])
    assert public["exits"] == []  # the table learns it when the day begins
    assert refusal(g, Post(2, "夜里也能发帖")) is None  # M103's thread stays open at night
    assert refusal(g, Post(1, "我还在")) == OUT_POST
    assert refusal(g, Say(1, "assassins", "我还在")) == OUT_CHAT
    assert (
        mine["chats"][0]["can_speak"] is False
    )  # 已经出局的狼群中的角色仍然留在狼群: reads, says nothing


def test_r_all_11_m103_under_review_a_carded_player_chats_until_the_card_is_published() -> None:
    """A red card given while the dawn's drafts still wait joins them: until 发布 乙 is not told,
    and speaks as a living player."""
    g = m103_game(review=True)
    g.handle(Director("发布"))  # the opening's announcement (至尊帝王)
    g.handle(Act(8, "red_thread", (10, 11)))
    g.handle(Close())
    if g.state.awaiting is not None:
        g.handle(Director("发布"))
    while g.state.awaiting is None:  # the night's private steps pass; the dawn drafts its news
        g.handle(Close())
    g.handle(Director("红牌", {"seat": 1}))  # joins the dawn's drafts
    assert not g.state.players[1].alive and len(g.state.commands) == 2
    mine = view(g, 1)
    assert not mine["me"].get("out") and mine["chats"][0]["can_speak"]
    g.handle(Say(1, "assassins", "天还没亮"))  # accepted as from a living player
    assert view(g, 0)["chats"][0]["messages"][-1]["by"] == "乙"
    assert refusal(g, Post(1, "我还在")) == refusal(g, Post(2, "我还在"))  # the same for everyone
    g.handle(Director("发布"))
    assert view(g, 1)["me"]["out"]
    assert refusal(g, Say(1, "assassins", "我还在")) == OUT_CHAT


def test_r_all_11_m103_under_review_a_red_card_at_night_is_told_at_once() -> None:
    """With nothing waiting, the director's red card is published as it lands: 乙 is told at once
    and speaks no more; the table learns it when the day begins (R-M103-19)."""
    g = m103_game(review=True)
    g.handle(Director("发布"))  # the opening's announcement
    g.handle(Act(8, "red_thread", (10, 11)))
    g.handle(Close())
    if g.state.awaiting is not None:
        g.handle(Director("发布"))
    g.handle(Director("红牌", {"seat": 1}))
    assert g.state.awaiting is None and view(g, 1)["me"]["out"]
    assert refusal(g, Say(1, "assassins", "天还没亮")) == OUT_CHAT
    assert refusal(g, Post(1, "我还在")) == OUT_POST
    assert view(g, "public")["exits"] == []  # announced at dawn


BS46_START = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def test_r_all_11_bs46_the_victim_leaves_last_words_and_posts_no_more() -> None:
    rs = find_ruleset("bs46", {"start_at": BS46_START.isoformat()})
    g = Game.create(rs, [f"玩家{i}" for i in range(16)], 5)
    g.handle(Close(at=BS46_START + timedelta(hours=24)))  # day 1's vote: nobody out
    assert g.state.phase == "night"
    killers = [p.seat for p in g.state.players if "assassinate" in p.skills]
    victim = next(p.seat for p in g.state.players if p.role == "civilian")
    for k in killers:
        g.handle(Act(k, "assassinate", (victim,), at=BS46_START + timedelta(hours=25)))
    g.handle(Close(at=BS46_START + timedelta(hours=32)))  # 20:00: the kill, then 遗言
    assert not g.state.players[victim].alive and g.state.phase == "night"
    mine = view(g, victim)
    assert mine["me"]["out"] and view(g, "public")["exits"] == []
    assert any(la["key"] == "last_words" for la in mine["legal"])
    living = next(x for x in g.state.living())
    at = BS46_START + timedelta(hours=33)
    assert refusal(g, Post(living, "夜里也能发帖", at=at)) is None  # the thread is open at night
    assert refusal(g, Post(victim, "我还在", at=at)) == OUT_POST


XXXII_START = datetime(2026, 6, 30, 10, 0, tzinfo=UTC)  # 18:00 in Beijing


def test_r_all_11_xxxii_the_dead_are_told_at_12_00_and_leave_the_killers_chat_then() -> None:
    rs = find_ruleset("xxxii", {"start_at": XXXII_START.isoformat()})
    g = Game.create(rs, [f"棋子{i}" for i in range(18)], 4)
    while g.state.stage_key != "night" or g.state.day != 2:
        g.handle(Close())
    killers = [p.seat for p in g.state.players if p.alive and "blade" in p.skills]
    first, second = killers[0], killers[1]
    g.handle(Act(first, "blade", (second,)))  # R-XXXII-03: any living piece, a killer too
    g.handle(Close())  # 夜晚行动阶段 ends: 结算阶段 until 12:00, nobody told anything yet
    assert g.state.players[second].alive
    assert refusal(g, Say(second, "killers", "还没天亮")) is None
    assert refusal(g, Post(second, "我还在")) == refusal(g, Post(first, "我还在"))  # 宵禁 for all
    g.handle(Close())  # 12:00: deaths and results sent
    assert not g.state.players[second].alive
    mine = view(g, second)
    assert mine["me"]["out"] and f"棋子{second}" not in view(g, "public")["exits"]
    assert refusal(g, Say(second, "killers", "我还在")) == OUT_CHAT
