"""The director team (主导演/副导演/只读) and outside assistants (场外助理, M103 §10: 「场外助理不可
代替玩家本人发言或投票」「场外助理不允许进入任何游戏相关的QQ群」): who may command, that every
command names who issued it, that the reveal lists the team, and that an assistant reads their
player's page and is refused on every action route."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from bansha.engine import Close, Say
from bansha.engine.views import view
from bansha.service import team
from bansha.service.games import SERVICE
from bansha.store.models import CommandRecord, GameRecord
from tests.web.directors import director_client

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


def game_with_team(bots: bool = False) -> tuple[str, Client, Client, Client]:
    """A game (``bots``: a bot in every seat), its owner's client, a 副导演's and a 只读
    member's."""
    owner = director_client("owner")
    co = director_client("co")
    reader = director_client("reader")
    user = get_user_model().objects.get(username="owner")
    seats = tuple(range(14)) if bots else ()
    gid = SERVICE.create("m103", NAMES, seed=5, owner=user, bots=seats).record.id
    owner.post(reverse("director_team", args=[gid]), {"username": "co", "role": "co"})
    owner.post(reverse("director_team", args=[gid]), {"username": "reader", "role": "read"})
    return gid, owner, co, reader


def test_a_co_director_closes_a_stage_and_the_log_names_them() -> None:
    gid, owner, co, reader = game_with_team()
    before = SERVICE.load(gid).state.stage
    page = co.post(reverse("director_command", args=[gid]), {"command": "关闭阶段", "nonce": "n1"})
    assert page.status_code == 302
    assert SERVICE.load(gid).state.stage != before
    logged = CommandRecord.objects.get(game_id=gid, key__endswith="n1")
    assert logged.actor == "director:co"
    console = owner.get(reverse("director", args=[gid])).content.decode()
    assert "co：关闭阶段" in console  # the console's command log names the account
    # 只读 reads the god view and commands nothing
    assert reader.get(reverse("director", args=[gid])).status_code == 200
    assert 'id="cmd-close"' not in reader.get(reverse("director", args=[gid])).content.decode()
    refused = reader.post(
        reverse("director_command", args=[gid]), {"command": "关闭阶段", "nonce": "n2"}
    )
    assert refused.status_code == 404
    assert not CommandRecord.objects.filter(game_id=gid, key__endswith="n2").exists()
    # only the 主导演 manages the team
    assert (
        co.post(
            reverse("director_team", args=[gid]), {"username": "co", "role": "lead"}
        ).status_code
        == 404
    )
    co_user = get_user_model().objects.get(username="co")
    assert team.role_of(co_user, GameRecord.objects.get(id=gid)) == "co"


def test_the_reveal_lists_the_director_team() -> None:
    gid, *_ = game_with_team(bots=True)
    public = Client().get(reverse("public", args=[gid])).content.decode()
    assert 'id="director-team"' not in public  # not before the end
    for _ in range(200):
        SERVICE.run_bots(gid)
        SERVICE.submit(gid, Close(at=timezone.now()))
        if GameRecord.objects.get(id=gid).ended:
            break
    public = Client().get(reverse("public", args=[gid])).content.decode()
    assert 'id="director-team"' in public
    for word in ("主导演 owner", "副导演 co", "只读 reader"):
        assert word in public


def test_an_assistant_reads_their_players_page_and_is_refused_everywhere() -> None:
    gid, owner, *_ = game_with_team()
    with SERVICE.reading(gid) as game:
        seat = next(s for s in range(14) if game.legal(s))
    owner.post(reverse("director_assistant", args=[gid]), {"name": "小助手", "seat": str(seat + 1)})
    assert team.assistants(gid) == []  # not without the player's consent
    owner.post(
        reverse("director_assistant", args=[gid]),
        {"name": "小助手", "seat": str(seat + 1), "consent": "on"},
    )
    [(assistant, token)] = team.assistants(gid)
    assert assistant.seat == seat and token
    helper = Client()
    assert helper.get(reverse("assist_join", args=[gid, token]))["Location"] == reverse(
        "assist", args=[gid]
    )
    shown = helper.get(reverse("assist", args=[gid]))
    assert shown.status_code == 200
    text = shown.content.decode()
    with SERVICE.reading(gid) as game:
        v = view(game, seat)
    assert v["me"]["role"] in text
    assert "<form" not in text.split("</header>", 1)[-1]  # no form at all
    # every action route refuses the assistant's session like a stranger's
    for name, data in (
        ("act", {"skill": v["legal"][0]["key"], "nonce": "a1"}),
        ("say", {"group": "x", "text": "我来替他说", "nonce": "a2"}),
        ("advance", {"nonce": "a3"}),
        ("discussion", {"text": "替玩家发帖", "nonce": "a4"}),
        ("director_command", {"command": "关闭阶段", "nonce": "a5"}),
        ("director_assistant", {"name": "再来", "seat": "1", "consent": "on"}),
    ):
        answer = helper.post(reverse(name, args=[gid]), data)
        assert answer.status_code in (302, 404), name
        if answer.status_code == 302:  # login required: a redirect to the login page
            assert answer["Location"].startswith(reverse("login")), name
    for name in ("player", "chats_file", "director"):
        answer = helper.get(reverse(name, args=[gid]))
        assert answer.status_code in (302, 404), name
    assert not CommandRecord.objects.filter(game_id=gid, key__contains=":a").exists()
    # team chats never reach the assistant's page
    with SERVICE.reading(gid) as game:
        groups = dict(game.state.groups)
    for group, members in groups.items():
        if seat in members:
            SERVICE.submit(gid, Say(seat, group, "队内机密", timezone.now()))
    assert "队内机密" not in helper.get(reverse("assist", args=[gid])).content.decode()
    # a revoked assistant's link stops working
    owner.post(
        reverse("director_assistant", args=[gid]), {"action": "revoke", "assistant": assistant.id}
    )
    assert helper.get(reverse("assist", args=[gid])).status_code == 404
    assert Client().get(reverse("assist_join", args=[gid, token])).status_code == 404
