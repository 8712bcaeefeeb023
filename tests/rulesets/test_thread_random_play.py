"""Random play with a busy discussion thread: posts (vote posts, changes with and without quotes,
abstentions, malformed ones, 申请加速, 蓝字, chatter) at random moments never break an invariant."""

from __future__ import annotations

import random
from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from bansha.engine import Game, Post, RuleError
from bansha.rulesets import find_ruleset
from bansha.sim.play import play_random
from tests.rulesets.invariants import check_replay, check_views

RULESETS = {"m103": 14, "bs46": 16, "xxxii": 18}


def _random_post(rng: random.Random, g: Game) -> Post | None:
    s = g.state
    if not s.living():
        return None
    names = [p.name for p in s.players]
    by = rng.choice(range(len(names)))  # sometimes a player who is out
    target = rng.choice(names)
    floors = s.floors.get(s.day, 0)
    quote = rng.randint(1, floors + 1) if floors and rng.random() < 0.4 else None
    text = rng.choice(
        [
            f"投票对象：{target}\n投票理由：随机",
            f"改票对象：{target}\n改票理由：随机",
            "投票对象：弃权\n投票理由：不知道",
            f"投票对象：{target}",
            "申请加速",
            f"蓝字{rng.randint(1, 4)} 推理",
            "水一帖",
            "",
        ]
    )
    return Post(by, text, quote)


@settings(max_examples=150)
@given(seed=st.integers(min_value=0, max_value=2**31), rid=st.sampled_from(sorted(RULESETS)))
def test_random_games_with_a_busy_thread_keep_invariants(seed: int, rid: str) -> None:
    rng = random.Random(seed)
    game = Game.create(find_ruleset(rid), [f"p{i}" for i in range(RULESETS[rid])], seed)

    def midway(g: Game) -> None:
        for _ in range(rng.randint(0, 6)):
            cmd = _random_post(rng, g)
            if cmd is None or g.state.ended:
                return
            out_before = not g.state.players[cmd.by].alive
            before = len(g.events)
            try:
                g.handle(cmd)
            except RuleError:
                assert len(g.events) == before  # refused: nothing changed
                continue
            assert not out_before, "a player who is out posted"

    play_random(game, seed, on_stage=midway)
    assert game.state.ended
    check_replay(game)
    check_views(game)
    floors: dict[int, list[int]] = defaultdict(list)
    blue: dict[tuple[int, int], int] = defaultdict(int)
    stage = 0
    phase = ""
    ballots_by_post = 0
    for i, ev in enumerate(game.events):
        if ev.kind == "stage_opened":
            stage, phase = i, ev.data["phase"]
        elif ev.kind == "posted":
            d = ev.data
            floors[d["day"]].append(d["floor"])
            assert d["quote"] is None or 1 <= d["quote"] < d["floor"]
            if rid == "xxxii":
                assert phase != "night", "a post after curfew"
                if d["blue"]:
                    blue[(stage, d["seat"])] += 1
                    assert blue[(stage, d["seat"])] <= 3, "a fourth 蓝字"
            vote = d.get("vote")
            if vote and not vote.get("error"):
                ballots_by_post += 1
                prev = game.events[i - 1]  # the vote a post casts is recorded just before it
                assert prev.kind == "voted" and prev.data["seat"] == d["seat"]
    for numbers in floors.values():
        assert numbers == list(range(1, len(numbers) + 1)), "floors are numbered 1, 2, 3…"
