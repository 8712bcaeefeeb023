"""Spectators and the rooms outside the teams on the web: the director's spectator link opens
the public view only; who may write in a room is the rule set's (bs46's 旁观灌水帖: spectators and
the dead, 「亡灵不可继续在游戏室一发言」; M103's 联谊群: nobody while the game runs)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from bansha.service.games import SERVICE
from bansha.store import events as store
from tests.web.directors import director_client

pytestmark = pytest.mark.django_db(transaction=True)


def spectator_for(director: Client, gid: str) -> Client:
    """A browser that opened the spectator link the console shows."""
    console = director.get(reverse("director", args=[gid])).content.decode()
    found = re.findall(r'value="http://testserver(/g/[^"]*/watch/[^"]+)"', console)
    assert found
    c = Client()
    assert c.get(found[0])["Location"] == reverse("watch", args=[gid])
    return c


def test_a_spectator_sees_the_public_view_and_writes_where_the_post_lets_them() -> None:
    director = director_client()
    owner = get_user_model().objects.get(username="dir")
    created = SERVICE.create("bs46", [f"玩家{i}" for i in range(16)], seed=4, owner=owner)
    gid = created.record.id
    watcher = spectator_for(director, gid)
    page = watcher.get(reverse("watch", args=[gid])).content.decode()
    assert "旁观灌水帖" in page and 'name="name"' in page
    assert watcher.get(reverse("player", args=[gid])).status_code == 404  # no seat
    assert watcher.get(reverse("director", args=[gid])).status_code in (302, 404)
    with SERVICE.reading(gid) as game:
        roles = {game.ruleset.role_name(r) for r in game.events[2].data["roles"]}
    public = Client().get(reverse("public", args=[gid])).content.decode()
    assert all(page.count(r) == public.count(r) for r in roles)  # nothing the public lacks
    before = store.head(gid)
    watcher.post(
        reverse("room_say", args=[gid]), {"room": "onlookers", "name": "路人甲", "text": "围观一下"}
    )
    assert store.head(gid) == before + 1
    assert "围观一下" in Client().get(reverse("public", args=[gid])).content.decode()
    # a living player may not write there (「存活玩家不得使用版杀ID在除游戏一室外任何版块发言」)
    player = Client()
    player.get(reverse("join", args=[gid, created.tokens[0]]))
    mine = player.get(reverse("player", args=[gid])).content.decode()
    assert "围观一下" in mine and 'name="room"' not in mine
    player.post(reverse("room_say", args=[gid]), {"room": "onlookers", "text": "我还活着"})
    assert store.head(gid) == before + 1
    # a stranger without the link, or with a forged one, writes nothing
    assert (
        Client()
        .post(reverse("room_say", args=[gid]), {"room": "onlookers", "name": "x", "text": "y"})
        .status_code
        == 404
    )
    assert Client().get(reverse("watch_join", args=[gid, "forged"])).status_code == 404
    assert Client().get(reverse("watch", args=[gid])).status_code == 404


def test_m103s_social_group_is_muted_while_the_game_runs() -> None:
    director = director_client()
    owner = get_user_model().objects.get(username="dir")
    gid = SERVICE.create(
        "m103", list("甲乙丙丁戊己庚辛壬癸子丑寅卯"), seed=4, owner=owner
    ).record.id
    watcher = spectator_for(director, gid)
    page = watcher.get(reverse("watch", args=[gid])).content.decode()
    assert "联谊群" in page and 'name="name"' not in page
    before = store.head(gid)
    watcher.post(
        reverse("room_say", args=[gid]), {"room": "social", "name": "路人甲", "text": "嗨"}
    )
    assert store.head(gid) == before
