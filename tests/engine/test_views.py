"""Views: each viewer sees exactly what the rules let them see."""

import json

from bansha.engine import Act, Close, Director, Game, Vote
from bansha.engine.views import view
from bansha.rulesets import find_ruleset
from tests.helpers import M103_NAMES, m103_game


def _night_one():
    g = m103_game()
    g.handle(Act(8, "red_thread", (10, 11)))  # 壬 makes 子 and 丑 lovers
    g.handle(Close())
    return g


def _until(g: Game, key: str) -> None:
    """Close stages until the stage ``key`` is open."""
    for _ in range(8):
        if g.state.stage_key == key:
            return
        g.handle(Close())
    raise AssertionError(f"never reached {key}")


def test_role_card_has_the_posts_skill_texts() -> None:
    g = m103_game()
    me = view(g, 5)["me"]  # 己, 妙手太医
    assert me["role"] == "妙手太医"
    assert me["faction"] == "我爱皇帝阵营"
    assert me["skills"] == ["通灵", "救药", "毒药"]
    assert any("太医失去技能<救药><通灵>" in s["text"] for s in me["skill_texts"])


def test_assassins_see_their_group_and_nobody_else_does() -> None:
    g = _night_one()
    assert view(g, 0)["groups"] == {"狗皇帝群": ["甲", "乙", "丙", "丁"]}
    assert view(g, 10)["groups"] == {"情侣群": ["子", "丑"]}
    assert view(g, 4)["groups"] == {}
    assert "狗皇帝群" not in json.dumps(view(g, 4), ensure_ascii=False)


def test_kill_target_is_seen_by_the_group_and_the_physician_only() -> None:
    g = _night_one()
    g.handle(Act(0, "kill", (12,)))
    assert view(g, 1)["acts"][0]["targets"] == ["寅"]  # a fellow assassin
    # R-M103-18: 通灵 comes when the assassins' window ends, not with each submission
    assert not any(n["key"] == "medium" for n in view(g, 5)["notices"])
    g.handle(Close())
    assert g.state.stage == "太医行动"
    assert any("寅" in n["text"] for n in view(g, 5)["notices"] if n["key"] == "medium")
    for seat in (4, 6, 12, 13):
        v = json.dumps(view(g, seat), ensure_ascii=False)
        assert "杀人" not in [a["skill"] for a in view(g, seat)["acts"]]
        assert "通灵" not in v or seat == 5


def test_night_death_is_not_public_until_the_morning() -> None:
    g = _night_one()
    g.handle(Act(0, "kill", (12,)))  # 寅: entitled to last words, so a 遗言 stage follows
    _until(g, "last_words")
    public = view(g, "public")
    assert not any(p["out"] for p in public["players"])
    assert view(g, 12)["me"].get("out") is True  # the victim knows
    assert not view(g, 3)["players"][12]["out"]  # an assassin does not see it as public yet
    g.handle(Act(12, "last_words", (), "我是好人"))
    g.handle(Close())
    public = view(g, "public")
    assert [p["name"] for p in public["players"] if p["out"]] == ["寅"]
    texts = [a["text"] for a in public["announcements"]]
    assert any("夜晚出局（按出局顺序）：寅" in t for t in texts)
    assert "寅的遗言：我是好人" in texts


def test_private_results_reach_only_their_owner() -> None:
    g = _night_one()
    g.handle(Act(4, "check", (0,)))
    _until(g, "day")
    assert [r["value"] for r in view(g, 4)["results"]] == ["非我爱皇帝阵营"]
    for seat in range(14):
        if seat not in (4, 5):
            assert view(g, seat)["results"] == []


def test_public_view_has_votes_and_no_roles() -> None:
    g = _night_one()
    _until(g, "day")
    g.handle(Vote(0, 4))
    public = view(g, "public")
    assert public["votes"] == [{"by": "甲", "for": "戊", "at": None, "change": False}]
    assert "god" not in public and "me" not in public
    text = json.dumps(public, ensure_ascii=False)
    for role in ("卧底刺客", "大内密探", "妙手太医", "御前侍卫", "牵线红娘"):
        assert role not in text


def test_sheriff_vote_out_announces_martyrdom_at_once() -> None:
    g = _night_one()
    _until(g, "day")  # day 1
    g.handle(Vote(0, 4))
    g.handle(Close())  # 戊 sheriff; night 2
    _until(g, "day")  # day 2
    g.handle(Vote(0, 4))
    g.handle(Close())
    texts = [a["text"] for a in view(g, "public")["announcements"]]
    assert "戊被投票出局。" in texts
    assert any("触发<殉职>" in t for t in texts)
    # R-M103-18: he names a successor within the window after 关门, the night's first stage
    assert g.state.stage == "夜晚"
    assert any(la["key"] == "succession" for la in view(g, 4)["legal"])


def test_director_view_is_the_god_view() -> None:
    g = _night_one()
    god = view(g, "director")["god"]
    assert god["players"][0]["role"] == "卧底刺客"
    assert god["groups"]["assassins"] == ["甲", "乙", "丙", "丁"]


def test_reveal_only_after_the_end() -> None:
    from bansha.engine import Director

    g = _night_one()
    assert "reveal" not in view(g, "public")
    g.handle(Director("红牌", {"seat": 0, "faction_loses": True}))
    reveal = view(g, "public")["reveal"]
    assert reveal["roles"]["甲"] == "卧底刺客"
    assert view(g, "public")["winner"] == ["我爱皇帝阵营"]


def test_the_emperor_is_known_before_the_red_thread() -> None:
    """红线 excludes the emperor, so the cupid's form must not be the first to reveal him."""
    public = m103_game()
    assert "至尊帝王：癸。" in [a["text"] for a in view(public, "public")["announcements"]]
    private = m103_game(emperor="cupid")
    assert not any("至尊帝王" in a["text"] for a in view(private, "public")["announcements"])
    assert view(private, 8)["knows"] == [{"players": ["癸"], "word": "至尊帝王"}]
    assert view(private, 4)["knows"] == []


def test_a_player_sees_their_own_penalty_record_and_not_others() -> None:
    g = Game.create(find_ruleset("m103"), M103_NAMES, 1)
    for _ in range(3):
        g.handle(Director("蓝牌", {"seat": 2}))
    g.handle(Director("蓝牌", {"seat": 5}))
    mine = view(g, 2)["penalties"]
    assert [c["card"] for c in mine] == ["蓝牌", "蓝牌", "蓝牌", "黄牌"]
    assert [c["upgrade"] for c in mine] == [False, False, False, True]
    assert [c["card"] for c in view(g, 5)["penalties"]] == ["蓝牌"]
    assert view(g, 7)["penalties"] == []


def test_a_night_succession_stage_is_seen_only_by_the_dead_sheriff() -> None:
    """R-M103-13 at night: that a 殉职 stage is held would tell everyone the sheriff died."""
    g = m103_game()
    n = {name: i for i, name in enumerate(M103_NAMES)}
    g.handle(Act(n["壬"], "red_thread", (n["子"], n["丑"])))
    for _ in range(6):
        if g.state.phase == "day":
            break
        g.handle(Close())
    g.handle(Vote(n["甲"], n["寅"]))  # day 1 elects 寅 sheriff
    for _ in range(6):
        if g.state.phase == "night":
            break
        g.handle(Close())
    g.handle(Act(n["甲"], "kill", (n["寅"],)))
    g.handle(Close())
    g.handle(Act(n["己"], "poison", (n["卯"],)))
    g.handle(Close())
    assert g.state.stage_key == "succession"
    sheriff, other = view(g, n["寅"]), view(g, n["戊"])
    assert sheriff["stage"] == "殉职"
    assert other["stage"] == "太医行动" and other["legal"] == []  # the last public stage
    public = view(g, "public")
    assert public["stage"] == "太医行动"
    succession = next(la for la in sheriff["legal"] if la["key"] == "succession")
    assert "卯" in succession["targets"]  # poisoned tonight: not revealed by the list


def test_a_page_version_moves_only_with_what_its_viewer_may_see() -> None:
    """Live updates send a page news only when its own version moved: a team chat at night
    must not even make an outsider's page refresh."""
    from bansha.engine import Say
    from bansha.engine.views import version

    g = _night_one()
    members = g.state.groups["assassins"]
    outsider = next(p.seat for p in g.state.players if p.seat not in members)
    before = (version(g, members[1]), version(g, outsider), version(g, "public"))
    g.handle(Say(members[0], "assassins", "今晚刀谁"))
    assert version(g, members[1]) != before[0]
    assert (version(g, outsider), version(g, "public")) == before[1:]


def test_standing_votes_count_the_first_vote_once_the_day_is_accelerated() -> None:
    """「进程加速后不允许改票，所有改票作废」: the view's standing votes (and the forum tally)
    follow the rule, not simply the latest ballot."""
    from bansha.engine import Director
    from bansha.forum import bbcode

    g = m103_game()
    for _ in range(6):
        if g.state.stage_key == "day":
            break
        g.handle(Close())
    a, b, c = list(g.state.living())[:3]
    g.handle(Vote(a, b))
    g.handle(Vote(a, c))  # a change before the acceleration
    assert view(g, "public")["standing"] == {M103_NAMES[a]: M103_NAMES[c]}
    g.handle(Director("加速"))
    public = view(g, "public")
    assert public["standing"] == {M103_NAMES[a]: M103_NAMES[b]}
    assert view(g, "director")["god"]["tally"] == {M103_NAMES[b]: 1}
    assert f"[td]{M103_NAMES[b]}[/td][td]1[/td]" in bbcode.vote_tally(public)


def test_the_physician_reads_the_kill_beside_her_potions() -> None:
    """M103 「收到通灵反馈后……」: the 通灵 she was told tonight stands beside 救药 and 毒药 on her
    form (her own result, nothing more); nobody else's form carries it."""
    g = _night_one()
    g.handle(Act(0, "kill", (13,)))  # 甲 (卧底刺客) picks 卯
    _until(g, "physician")
    legal = {la["key"]: la for la in view(g, 5)["legal"]}  # 己, 妙手太医
    assert legal["save"]["beside"] == {"skill": "通灵", "value": "卯"}
    assert legal["poison"]["beside"] == {"skill": "通灵", "value": "卯"}
    assert all(la["beside"] is None for seat in (0, 4, 6) for la in view(g, seat)["legal"])


def test_the_witch_reads_the_attack_beside_her_antidote() -> None:
    """预女猎白 女巫: 刀口 beside 解药 (and 毒药) in her 女巫行动 stage."""
    rs = find_ruleset("standard12")
    g = Game.create(rs, M103_NAMES[:12], 4)
    wolf = next(p.seat for p in g.state.players if p.role == "werewolf")
    witch = next(p.seat for p in g.state.players if p.role == "witch")
    victim = next(p.seat for p in g.state.players if p.role == "villager")
    g.handle(Act(wolf, "attack", (victim,)))
    _until(g, "witch")
    save = next(la for la in view(g, witch)["legal"] if la["key"] == "save")
    assert save["beside"] == {"skill": "刀口", "value": M103_NAMES[victim]}
