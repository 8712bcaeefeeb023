"""M103's private stages (遗言, 殉职) hide inside the public night: 「杀了狗皇帝阵营、皇帝算什么阵营均可以
由阵营中的某一角色发起投降」 holds there too, so an assassin's page offers 投降 in a 遗言 stage as in every
other stage (a page that lost its button when a 遗言 stage opened would tell him somebody died with a
last-words right)."""

from bansha.engine import Game
from bansha.rulesets import find_ruleset
from bansha.sim.play import play_random

NAMES = [f"p{i}" for i in range(14)]


def test_surrender_is_offered_in_every_stage_of_m103() -> None:
    seen: dict[str, int] = {}

    def check(game: Game) -> None:
        s = game.state
        for seat, p in enumerate(s.players):
            proposed = any(k.startswith("surrender") for k in s.pending)  # then: answers only
            if p.alive and p.faction == "assassins" and "assassins" not in s.lost and not proposed:
                assert any(la.skill == "surrender" for la in game.legal(seat)), (s.stage_key, seat)
                seen[s.stage_key] = seen.get(s.stage_key, 0) + 1

    for seed in range(40):
        play_random(Game.create(find_ruleset("m103"), NAMES, seed=seed), seed, on_stage=check)
    assert "last_words" in seen and "night" in seen, seen
