"""Sign-ups (报名): players register their own names and reach their seat's page once the game
is dealt, with no link passed by hand; the director confirms, removes, orders, shuffles (a
recorded random draw) and deals; a forum thread's floors replying 【报名】 sign up too (XXXII:
「报名的小伙伴请使用参赛ID在本楼下回复【报名】」)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from bansha import texts
from bansha.engine.views import view
from bansha.service import signups
from bansha.service.games import SERVICE
from bansha.store.models import EntryRecord, GameRecord, SignupRecord
from tests.web.directors import director_client

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = [f"马甲{i}" for i in range(1, 17)]


def opened(director: Client) -> str:
    """A M103 game opened for sign-ups from the new-game form."""
    page = director.post(
        reverse("game_new"),
        {"ruleset": "m103", "signup": "on", "label": "报名局", "timezone": "Asia/Shanghai"},
    )
    assert page.status_code == 302, page.content.decode()[:2000]
    sheet = SignupRecord.objects.get()
    assert page["Location"] == reverse("signup_console", args=[sheet.id])
    assert sheet.label == "报名局"
    return sheet.id


def signed_up(sid: str, name: str) -> Client:
    """A player's browser that signed up ``name``."""
    c = Client()
    page = c.post(reverse("signup_register", args=[sid]), {"name": name})
    assert page.status_code == 302 and page["Location"] == reverse("signup_me", args=[sid])
    return c


def test_players_sign_up_and_reach_their_seat_when_dealt() -> None:
    director = director_client()
    sid = opened(director)
    players = {name: signed_up(sid, name) for name in NAMES[:15]}
    me = players["马甲1"].get(reverse("signup_me", args=[sid])).content.decode()
    assert "等待导演确认" in me and "马甲1" in me
    public = Client().get(reverse("signup", args=[sid])).content.decode()
    assert all(n in public for n in NAMES[:15])
    assert "/e/" not in public  # no entry's link on the public page
    # the same name twice is refused; nothing changes
    again = Client().post(reverse("signup_register", args=[sid]), {"name": "马甲1"}, follow=True)
    assert texts.SIGNUP_TWICE.format(name="马甲1") in again.content.decode()
    assert EntryRecord.objects.filter(signup_id=sid).count() == 15
    # the director removes one, confirms the rest, and deals only with 14 confirmed
    extra = EntryRecord.objects.get(signup_id=sid, name="马甲15")
    director.post(reverse("signup_command", args=[sid]), {"action": "remove", "entry": extra.id})
    director.post(reverse("signup_command", args=[sid]), {"action": "confirm_all"})
    assert not EntryRecord.objects.get(id=extra.id).confirmed
    director.post(reverse("signup_command", args=[sid]), {"action": "shuffle"})
    shuffled = next(r for r in signups.log(sid) if r.kind == "shuffled")
    assert (
        signups.shuffled_order(shuffled.data["before"], shuffled.data["seed"])
        == shuffled.data["order"]
    )
    order = [e.name for e in signups.entries(sid)]
    assert order == shuffled.data["order"] and sorted(order) == sorted(NAMES[:14])
    dealt = director.post(reverse("signup_command", args=[sid]), {"action": "deal"})
    gid = SignupRecord.objects.get(id=sid).game_id
    assert gid and dealt["Location"] == reverse("director", args=[gid])
    with SERVICE.reading(gid) as game:
        assert [p.name for p in game.state.players] == order  # dealt in the shuffled order
        for seat, name in enumerate(order):
            page = players[name].get(reverse("signup_me", args=[sid]))
            assert page["Location"] == reverse("player", args=[gid])
            mine = players[name].get(reverse("player", args=[gid]))
            assert mine.status_code == 200
            assert view(game, seat)["me"]["role"] in mine.content.decode()
    # the removed entry has no seat; the sign-up is closed
    out = players["马甲15"].get(reverse("signup_me", args=[sid]))
    assert out.status_code == 200 and "移除" in out.content.decode()
    assert players["马甲15"].get(reverse("player", args=[gid])).status_code == 404
    late = Client().post(reverse("signup_register", args=[sid]), {"name": "迟到"}, follow=True)
    assert texts.SIGNUP_DEALT in late.content.decode()
    assert GameRecord.objects.get(id=gid).label == "报名局"


def test_the_deal_wants_exactly_the_games_seats_confirmed() -> None:
    director = director_client()
    sid = opened(director)
    for name in NAMES[:13]:
        signed_up(sid, name)
    director.post(reverse("signup_command", args=[sid]), {"action": "confirm_all"})
    page = director.post(reverse("signup_command", args=[sid]), {"action": "deal"}, follow=True)
    assert texts.SIGNUP_COUNT.format(need=14, have=13) in page.content.decode()
    assert SignupRecord.objects.get(id=sid).game_id is None


def test_the_director_sets_the_order() -> None:
    director = director_client()
    sid = opened(director)
    for name in NAMES[:4]:
        signed_up(sid, name)
    director.post(
        reverse("signup_command", args=[sid]), {"action": "order", "order": "马甲3\n马甲1"}
    )
    assert [e.name for e in signups.entries(sid)] == ["马甲3", "马甲1", "马甲2", "马甲4"]
    page = director.post(
        reverse("signup_command", args=[sid]), {"action": "order", "order": "谁"}, follow=True
    )
    assert texts.SIGNUP_UNKNOWN.format(names="谁") in page.content.decode()


THREAD = """1楼 导演组 2026-06-23 10:00
报名的小伙伴请使用参赛ID在本楼下回复【报名】
2楼 贝阿朵莉切 2026-06-23 10:05
【报名】
3楼 战人 2026-06-23 10:06
来了 【报名】
4楼 路人 2026-06-23 10:07
围观
5楼 贝阿朵莉切 2026-06-23 10:08
【报名】 顶
"""


def test_sign_ups_read_from_the_forum_thread() -> None:
    director = director_client()
    sid = opened(director)
    signed_up(sid, "战人")
    page = director.post(
        reverse("signup_command", args=[sid]), {"action": "thread", "text": THREAD}, follow=True
    )
    assert (
        texts.SIGNUP_FROM_THREAD.format(added="贝阿朵莉切", known="战人") in page.content.decode()
    )
    entry = EntryRecord.objects.get(signup_id=sid, name="贝阿朵莉切")
    assert entry.source == "forum" and entry.floor == 2 and not entry.confirmed
    # a forum sign-up has no browser yet: the director sends its link, which opens its page
    console = director.get(reverse("signup_console", args=[sid])).content.decode()
    token = signups.link_token(entry)
    assert token and reverse("signup_join", args=[sid, token]) in console
    c = Client()
    assert c.get(reverse("signup_join", args=[sid, token]))["Location"] == reverse(
        "signup_me", args=[sid]
    )
    assert "贝阿朵莉切" in c.get(reverse("signup_me", args=[sid])).content.decode()
    assert [e.name for e in signups.entries(sid)] == ["战人", "贝阿朵莉切"]


def test_only_the_director_runs_the_sign_up() -> None:
    director = director_client()
    sid = opened(director)
    signed_up(sid, "马甲1")
    other = director_client("other")
    assert other.get(reverse("signup_console", args=[sid])).status_code == 404
    assert (
        other.post(reverse("signup_command", args=[sid]), {"action": "shuffle"}).status_code == 404
    )
    assert Client().get(reverse("signup_me", args=[sid])).status_code == 404
    assert Client().get(reverse("signup_join", args=[sid, "nope"])).status_code == 404
    assert not any(r.kind == "shuffled" for r in signups.log(sid))
