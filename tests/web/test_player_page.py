"""A player's page, the small things a real game showed missing: each team-chat message with its
time, the 女巫's 刀口 beside her 解药, and an act before the game's start time refused with the
start time named."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from bansha.engine import Act, Close, Director, Say, clock
from bansha.engine.views import view
from bansha.rulesets import find_ruleset
from bansha.service.games import SERVICE
from tests.helpers import M103_DEAL

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
M103 = find_ruleset("m103")


def _seated(gid: str, token: str) -> Client:
    c = Client()
    assert c.get(f"/g/{gid}/join/{token}").status_code == 302
    return c


def test_every_team_chat_message_shows_its_time() -> None:
    roles = {i: M103.role_key(r) for i, r in enumerate(M103_DEAL)}
    created = SERVICE.create("m103", NAMES, seed=1, roles=roles)
    gid = created.record.id
    SERVICE.submit(gid, Close())  # the first night: the assassins' group is open
    speaker, reader, *_ = SERVICE.load(gid).state.groups["assassins"]
    said = timezone.now().replace(second=0, microsecond=0)
    SERVICE.submit(gid, Say(speaker, "assassins", "今晚刀谁", said))
    page = _seated(gid, created.tokens[reader]).get(f"/g/{gid}/me").content.decode()
    shown = clock.format_local(said, "Asia/Shanghai")  # 12月3日 21:05, in the game's zone
    line = next(p for p in page.split('<p class="said">')[1:] if "今晚刀谁" in p)
    assert f'<time class="muted">{shown}</time>' in line.split("</p>")[0]


def test_the_witch_reads_the_attack_beside_her_antidote() -> None:
    created = SERVICE.create("standard12", NAMES[:12], seed=4)
    gid = created.record.id
    state = SERVICE.load(gid).state
    wolf = next(p.seat for p in state.players if p.role == "werewolf")
    witch = next(p.seat for p in state.players if p.role == "witch")
    victim = next(p.seat for p in state.players if p.role == "villager")
    SERVICE.submit(gid, Act(wolf, "attack", (victim,)))
    SERVICE.submit(gid, Close())  # 女巫行动
    page = _seated(gid, created.tokens[witch]).get(f"/g/{gid}/me").content.decode()
    form = next(f for f in page.split("<form")[1:] if 'data-skill="save"' in f)
    assert f'<p class="told">刀口：<strong>{NAMES[victim]}</strong></p>' in form


def test_an_act_before_the_start_time_is_refused_naming_it() -> None:
    start = timezone.now() + timedelta(days=1)
    created = SERVICE.create(
        "m103", NAMES, seed=1, options={"start_at": start.isoformat(), "timezone": "Asia/Shanghai"}
    )
    gid = created.record.id
    cupid = next(p.seat for p in SERVICE.load(gid).state.players if p.role == "cupid")
    player = _seated(gid, created.tokens[cupid])
    r = player.post(
        f"/g/{gid}/act",
        {"skill": "red_thread", "targets": ["10", "11"], "nonce": "n1"},
        follow=True,
    )
    named = clock.format_moment(start, "Asia/Shanghai")
    assert f"本局于{named}开始，开始前不能行动或投票" in r.content.decode()
    assert not SERVICE.load(gid).state.acts  # nothing recorded


def test_an_act_the_post_lets_a_player_give_up_has_its_own_give_up_button() -> None:
    """The legal act says whether the post lets it be given up (declinable, in the data file);
    the page shows 「放弃」 beside it, one tap records it (the player answered: the last
    submission stands), and an act the post makes compulsory (<强制>) has none."""
    roles = {i: M103.role_key(r) for i, r in enumerate(M103_DEAL)}
    created = SERVICE.create("m103", NAMES, seed=1, roles=roles)
    gid = created.record.id
    state = SERVICE.load(gid).state
    witch = next(p.seat for p in state.players if p.role == "witch")
    killer = state.players[next(p.seat for p in state.players if p.role == "werewolf")]
    SERVICE.submit(gid, Close())  # 红线 closes: the first night
    SERVICE.submit(gid, Act(killer.seat, "kill", (0 if witch else 1,)))
    SERVICE.submit(gid, Close())  # 太医行动: 救药 and 毒药 are hers, 通灵 told
    player = _seated(gid, created.tokens[witch])
    page = player.get(f"/g/{gid}/me").content.decode()
    give_up = [f for f in page.split("<form")[1:] if 'class="give-up"' in f]
    assert {f.split('data-skill="')[1].split('"')[0] for f in give_up} == {"save", "poison"}
    assert all("放弃" in f.split("</form>")[0] for f in give_up)
    r = player.post(f"/g/{gid}/act", {"skill": "save", "nonce": "g1"}, follow=True)
    assert "已提交" in r.content.decode() or "你的选择" in r.content.decode()
    form = next(f for f in r.content.decode().split("<form")[1:] if 'data-skill="save"' in f)
    assert "你的选择：<strong>放弃</strong>" in form
    rec = SERVICE.load(gid).state.acts[witch, "save"]
    assert rec.targets == () and rec.choice is None
    god = view(SERVICE.load(gid), "director")["god"]["acts"]
    assert {"by": NAMES[witch], "skill": "救药", "targets": [], "choice": "放弃"} in god
    # 毒药 is still hers tonight: a potion given up leaves the other one
    r = player.post(
        f"/g/{gid}/act", {"skill": "poison", "targets": [str(killer.seat)], "nonce": "g2"}
    )
    assert SERVICE.load(gid).state.acts[witch, "poison"].targets == (killer.seat,)


def test_an_act_with_no_give_up_refuses_an_empty_submission() -> None:
    created = SERVICE.create("standard12", NAMES[:12], seed=4)
    gid = created.record.id
    state = SERVICE.load(gid).state
    seer = next(p.seat for p in state.players if p.role == "seer")
    player = _seated(gid, created.tokens[seer])
    page = player.get(f"/g/{gid}/me").content.decode()
    assert 'class="give-up"' not in page  # the seer's check has no 放弃 on this board
    r = player.post(f"/g/{gid}/act", {"skill": "check", "nonce": "c1"}, follow=True)
    assert r.status_code == 200 and (seer, "check") not in SERVICE.load(gid).state.acts


def _form(page: str, skill: str) -> str:
    """The act form of one skill on a player's page."""
    return next(f for f in page.split("<form")[1:] if f'data-skill="{skill}"' in f).split(
        "</form>"
    )[0]


def test_every_act_form_shows_the_standing_choice_after_submitting() -> None:
    """A form submitted comes back with what was chosen: the 红线's two seats ticked (M103's
    two-target form), a night target and a vote selected, not 「请选择」 and empty boxes."""
    roles = {i: M103.role_key(r) for i, r in enumerate(M103_DEAL)}
    created = SERVICE.create("m103", NAMES, seed=1, roles=roles)
    gid = created.record.id
    cupid = _seated(gid, created.tokens[8])
    fresh = _form(cupid.get(f"/g/{gid}/me").content.decode(), "red_thread")
    assert " checked" not in fresh
    post = {"skill": "red_thread", "targets": ["2", "11"], "nonce": "red"}
    assert cupid.post(f"/g/{gid}/act", post).status_code == 302
    form = _form(cupid.get(f"/g/{gid}/me").content.decode(), "red_thread")
    ticked = re.findall(r'value="(\d+)" checked', form)
    assert ticked == ["2", "11"], form

    SERVICE.submit(gid, Close())  # the first night
    assassin = _seated(gid, created.tokens[0])
    fresh = _form(assassin.get(f"/g/{gid}/me").content.decode(), "kill")
    assert (
        '<option value="" selected>' in fresh and "selected>" not in fresh.split("</option>", 1)[1]
    )
    assassin.post(f"/g/{gid}/act", {"skill": "kill", "targets": "5", "nonce": "k"})
    form = _form(assassin.get(f"/g/{gid}/me").content.decode(), "kill")
    assert re.findall(r'<option value="(\d*)" selected>', form) == ["5"]

    for _ in range(8):  # on to the day's vote
        page = assassin.get(f"/g/{gid}/me").content.decode()
        if 'data-skill="vote"' in page:
            break
        SERVICE.submit(gid, Close())
    voter = next(s for s in SERVICE.load(gid).state.living() if s != 0)
    voting = _seated(gid, created.tokens[voter])
    voting.post(f"/g/{gid}/act", {"skill": "vote", "target": "abstain", "nonce": "v"})
    form = _form(voting.get(f"/g/{gid}/me").content.decode(), "vote")
    assert re.findall(r'<option value="(\w*)" selected>', form) == ["abstain"]


def test_a_consort_out_reads_the_rules_for_the_dead_without_the_assassins_chat() -> None:
    """M103 「已经出局的狼群中的角色仍然留在狼群」 is the assassins' group's rule: an out 宠妃 reads
    the rules every out seat reads, and an out assassin reads his group's besides."""
    roles = {i: M103.role_key(r) for i, r in enumerate(M103_DEAL)}
    created = SERVICE.create("m103", NAMES, seed=1, roles=roles)
    gid = created.record.id
    SERVICE.submit(gid, Close())  # the first night
    for seat in (0, 10):  # an assassin, a 宠妃
        SERVICE.submit(gid, Director("红牌", {"seat": seat, "reason": "测试"}))
    every = M103.texts["out_rules"]
    team = M103.texts["out_rules_assassins"]
    consort = _seated(gid, created.tokens[10]).get(f"/g/{gid}/me").content.decode()
    assert "已出局" in consort and every in consort and "狼群" not in consort
    assassin = _seated(gid, created.tokens[0]).get(f"/g/{gid}/me").content.decode()
    assert every in assassin and team in assassin


def test_only_a_civilian_s_card_shows_the_belief_declared_before_the_deal() -> None:
    """R-XXXII-02: every seat answers 信仰魔女 before the deal, and only the civilians' answers
    are kept: a civilian's card reads 「你的信仰魔女：信仰」, a detective's says nothing of it."""
    names = [f"棋子{i}" for i in range(1, 19)]
    created = SERVICE.create("xxxii", names, seed=3)
    gid = created.record.id
    for seat in range(18):
        SERVICE.submit(gid, Act(seat, "believe", (), "信仰"))
    SERVICE.submit(gid, Close())  # 信仰声明 ends: the deal
    players = SERVICE.load(gid).state.players
    civilian = next(p.seat for p in players if p.role == "civilian")
    detective = next(p.seat for p in players if p.role == "detective")
    mine = _seated(gid, created.tokens[civilian]).get(f"/g/{gid}/me").content.decode()
    assert "你的信仰魔女：信仰" in mine
    theirs = _seated(gid, created.tokens[detective]).get(f"/g/{gid}/me").content.decode()
    assert "侦探" in theirs and "你的信仰魔女" not in theirs


def test_the_day_one_vote_form_says_it_elects_the_sheriff() -> None:
    """M103 「第一天白天，获得投票最多的角色将成为警长。第二天及以后的白天，获得投票最多的角色将出局」
    (R-M103-12): the vote form of day 1 says it elects the sheriff; day 2's says nothing of it. A
    board's 竞选警长 says so too."""
    roles = {i: M103.role_key(r) for i, r in enumerate(M103_DEAL)}
    created = SERVICE.create("m103", NAMES, seed=1, roles=roles)
    gid = created.record.id
    elects = M103.texts["vote_elects"]
    seen: dict[int, str] = {}
    voter = _seated(gid, created.tokens[9])  # the emperor: no night act, never the kill's target
    for _ in range(12):
        state = SERVICE.load(gid).state
        if state.phase == "day" and state.stage_key == "day":
            seen[state.day] = _form(voter.get(f"/g/{gid}/me").content.decode(), "vote")
        if len(seen) == 2 or state.ended:
            break
        SERVICE.submit(gid, Close())
    assert elects in seen[1] and "警长" not in seen[2]
    board = SERVICE.create("standard12", NAMES[:12], seed=2, options={"sheriff": "election"})
    while SERVICE.load(board.record.id).state.stage_key != "election":
        SERVICE.submit(board.record.id, Close())
    page = _seated(board.record.id, board.tokens[0]).get(f"/g/{board.record.id}/me")
    words = find_ruleset("standard12").texts["vote_elects"]
    assert words in _form(page.content.decode(), "vote")
