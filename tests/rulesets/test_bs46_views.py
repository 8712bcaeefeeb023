"""bs46 views: ring knowledge, identities on exit, check results."""

import json

from bansha.engine import Act, Close, Director, Game, Vote
from bansha.engine.views import view
from bansha.rulesets import find_ruleset
from tests.helpers import BS46_DEAL, BS46_FIXED, BS46_NAMES

NAMES, DEAL, FIXED = BS46_NAMES, BS46_DEAL, BS46_FIXED


def game() -> Game:
    rs = find_ruleset("bs46")
    return Game.create(rs, NAMES, 0, {i: rs.role_key(r) for i, r in enumerate(DEAL)}, FIXED)


def test_each_member_knows_exactly_the_next_presented_as_their_team() -> None:
    g = game()
    assert view(g, 2)["knows"] == [{"players": ["丁"], "word": "警察"}]  # 丁 is really the 杀手卧底
    assert view(g, 3)["knows"] == [{"players": ["甲"], "word": "警察"}]
    assert view(g, 6)["knows"] == [{"players": ["辛"], "word": "杀手"}]  # 辛 is really the 警察卧底
    assert view(g, 7)["knows"] == [{"players": ["戊"], "word": "杀手"}]
    assert view(g, 8)["knows"] == []
    police = view(g, 2)
    assert "1名杀手卧底" in police["me"]["win"]  # the post's win condition names the role...
    police["me"].pop("win")
    text = json.dumps(police, ensure_ascii=False)
    assert "杀手卧底" not in text  # ...and nothing else does: not who it is


def test_vote_exit_reveals_identity_and_execution_does_not() -> None:
    g = game()
    for voter in range(8):
        g.handle(Vote(voter, 7))
    g.handle(Close())
    texts = [a["text"] for a in view(g, "public")["announcements"]]
    assert "辛被投票出局，身份：警察卧底。" in texts
    g.handle(Director("判死", {"seat": 4}))  # at night: announced when the day begins (R-ALL-11)
    texts = [a["text"] for a in view(g, "public")["announcements"]]
    assert "戊因故意违规被判死。" not in texts
    while g.state.phase != "day":
        g.handle(Close())
    texts = [a["text"] for a in view(g, "public")["announcements"]]
    assert "戊因故意违规被判死。" in texts
    assert not any("戊" in t and "杀手" in t for t in texts)


def test_night_victim_and_identity_announced_at_day_start() -> None:
    g = game()
    g.handle(Close())  # night 1
    g.handle(Act(4, "assassinate", (15,)))
    g.handle(Act(0, "check", (4,)))
    g.handle(Close())
    assert g.state.stage == "遗言"
    assert not view(g, "public")["players"][15]["out"]
    g.handle(Close())
    texts = [a["text"] for a in view(g, "public")["announcements"]]
    assert "【第2天】天亮了。昨夜巳死亡，身份：水民。" in texts
    assert [r["value"] for r in view(g, 3)["results"]] == ["杀手"]
    assert view(g, 7)["results"] == []


def test_a_quiet_night_keeps_its_last_words_stage_and_the_dawn_comes_at_12() -> None:
    # R-BS46-12: 遗言 20:00–次日12:00 every night; 天亮时，统一公布死者及其身份 (here: nobody) at 12:00
    rs = find_ruleset("bs46", {"start_at": "2026-07-01T12:00:00+08:00"})
    g = Game.create(rs, NAMES, 0, {i: rs.role_key(r) for i, r in enumerate(DEAL)}, FIXED)
    g.handle(Close())
    g.handle(Close())  # nobody was killed
    assert g.state.stage == "遗言"
    assert not any("天亮" in a["text"] for a in view(g, "public")["announcements"])
    g.handle(Close())
    assert g.state.opened_at is not None and g.state.opened_at.isoformat() == (
        "2026-07-03T12:00:00+08:00"
    )
    texts = [a["text"] for a in view(g, "public")["announcements"]]
    assert "【第2天】天亮了。昨夜平安，无人死亡。" in texts
