"""Versions without side channels: a page's version is a digest of its viewer's view, so its
socket hears of a change only when that view changed. Closing a night into M103's private 遗言
stage (someone died with a right to last words) tells the public page nothing, and in 公示审核
mode results the director has not published move nobody's version, and a director's own command
(published as it lands) moves each page only by what it shows."""

import asyncio

import pytest
from django.test import Client

from bansha.engine import Act, Close, Director, Post, Vote
from bansha.engine.views import digest, version, view
from bansha.rulesets import find_ruleset
from bansha.service.games import SERVICE
from tests.helpers import M103_DEAL
from tests.web.sockets import on_the_layer, open_socket, pushed, rest, socket

pytestmark = pytest.mark.django_db(transaction=True, databases="__all__")
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
RS = find_ruleset("m103")
ROLES = {i: RS.role_key(r) for i, r in enumerate(M103_DEAL)}
ASSASSIN, SPY, CUPID, CONSORT = 0, 4, 8, 13  # 甲 卧底刺客, 戊 大内密探, 壬 牵线红娘, 卯 绝色宠妃


def _night_one(**options: object) -> str:
    gid = SERVICE.create("m103", NAMES, seed=5, roles=ROLES, options=dict(options)).record.id
    if SERVICE.load(gid).state.awaiting is not None:  # 公示审核: the opening's announcements
        SERVICE.submit(gid, Director("发布", {"edits": {}}), actor="director")
    SERVICE.submit(gid, Act(CUPID, "red_thread", (10, 11)))
    SERVICE.submit(gid, Close())
    if SERVICE.load(gid).state.awaiting is not None:
        SERVICE.submit(gid, Director("发布", {"edits": {}}), actor="director")
    assert SERVICE.load(gid).state.stage_key == "night"
    return gid


def _to_the_last_public_night_stage(gid: str) -> None:
    """The assassins kill 戊 (who gets the first right to last words); the night goes on to its
    last public stage (the physician's window, R-M103-18)."""
    SERVICE.submit(gid, Act(ASSASSIN, "kill", (SPY,)))
    SERVICE.submit(gid, Close())
    assert SERVICE.load(gid).state.stage_key == "physician"


def test_a_night_closing_into_a_private_last_words_stage_sends_the_public_page_nothing() -> None:
    gid = _night_one()

    async def watch() -> tuple[dict, list[dict], list[dict]]:
        public = socket(gid, "public")
        first = await open_socket(public)
        await asyncio.to_thread(_to_the_last_public_night_stage, gid)
        await rest(public)  # the night's public stages, as everyone sees them
        await asyncio.to_thread(SERVICE.submit, gid, Close())
        stage = await asyncio.to_thread(lambda: SERVICE.load(gid).state.stage_key)
        assert stage == "last_words"  # private to 戊
        during = await rest(public)
        await asyncio.to_thread(SERVICE.submit, gid, Close())  # the day opens
        after = await rest(public)
        return first, during, after

    first, during, after = on_the_layer(watch())
    assert during == []  # not even a push with the same view: nothing tells a death tonight
    game = SERVICE.load(gid)
    assert pushed(after) == [version(game, "public")] != [first["seq"]]
    assert view(game, "public")["stage"] == "讨论日"


def test_a_seat_without_a_night_part_hears_nothing_of_the_private_stage_either() -> None:
    """卯 (绝色宠妃) has nothing to do at night: her view before and after the close is the
    same, so her page is not even refreshed."""
    gid = _night_one()
    _to_the_last_public_night_stage(gid)
    before = view(SERVICE.load(gid), CONSORT)
    SERVICE.submit(gid, Close())
    game = SERVICE.load(gid)
    assert game.state.stage_key == "last_words"
    assert view(game, CONSORT) == before and version(game, CONSORT) == digest(before)
    assert version(game, SPY) != digest(view(game, CONSORT))  # 戊 sees the stage open


def test_unpublished_results_move_no_version_until_the_director_publishes() -> None:
    gid = _night_one(review=True)
    game = SERVICE.load(gid)
    before = {v: version(game, v) for v in ("public", CONSORT)}

    def public_now() -> tuple[str, dict]:
        game = SERVICE.load(gid)
        return version(game, "public"), view(game, "public")

    async def watch() -> list[tuple[list[dict], tuple[str, dict]]]:
        public = socket(gid, "public")
        await open_socket(public)
        await asyncio.to_thread(SERVICE.submit, gid, Act(ASSASSIN, "kill", (SPY,)))
        for _ in range(3):  # the night's stages, the private one among them
            await asyncio.to_thread(SERVICE.submit, gid, Close())
        closed = (await rest(public), await asyncio.to_thread(public_now))
        drafts = await asyncio.to_thread(
            lambda: view(SERVICE.load(gid), "director")["review"]["drafts"]
        )
        assert drafts, "the night's results wait for the director"
        await asyncio.to_thread(SERVICE.submit, gid, Director("撤销", {}), actor="director")
        await asyncio.to_thread(SERVICE.submit, gid, Close())
        undone = (await rest(public), await asyncio.to_thread(public_now))
        await asyncio.to_thread(
            SERVICE.submit, gid, Director("发布", {"edits": {}}), actor="director"
        )
        published = (await rest(public), await asyncio.to_thread(public_now))
        return [closed, undone, published]

    (closed, (at_closed, closed_view)), undone, published = on_the_layer(watch())
    # the night's private steps proceed as without review (公示审核 holds only what is public):
    # the public sees 太医行动 open, then nothing of the private 遗言 nor of the dawn awaiting
    # 发布, and nothing says 结算中
    assert pushed(closed) == [at_closed] and closed_view["stage"] == "太医行动"
    for sent, (seq, shown) in ((closed, (at_closed, closed_view)), undone):
        assert set(pushed(sent)) <= {seq}
        assert all("戊" not in a["text"] for a in shown["announcements"])
    game = SERVICE.load(gid)
    assert version(game, CONSORT) != before[CONSORT]  # published: the day and its news
    sent, (seq, shown) = published
    assert pushed(sent) == [seq] and any("戊" in a["text"] for a in shown["announcements"])


def test_a_blue_card_mid_day_moves_each_version_only_by_its_announcement() -> None:
    """公示审核 on, a 蓝牌 given mid-day: the director's own command is published as it lands.
    Every player's page hears of it once, for the card's public announcement (the carded
    player's also for his own notice), its forms stay, and the players go on voting and posting
    (nothing says 导演正在结算)."""
    created = SERVICE.create("m103", NAMES, seed=5, roles=ROLES, options={"review": True})
    gid = created.record.id
    SERVICE.submit(gid, Director("发布", {"edits": {}}), actor="director")  # the opening's
    SERVICE.submit(gid, Act(CUPID, "red_thread", (10, 11)))
    while SERVICE.load(gid).state.stage_key != "day":
        SERVICE.submit(gid, Close())
        if SERVICE.load(gid).state.awaiting is not None:
            SERVICE.submit(gid, Director("发布", {"edits": {}}), actor="director")
    carded, watching = 1, (CONSORT, ASSASSIN, 1)
    browsers = {}
    for seat in watching:
        browsers[seat] = Client()
        browsers[seat].get(f"/g/{gid}/join/{created.tokens[seat]}")
    game = SERVICE.load(gid)
    before = {v: view(game, v) for v in (*watching, "public")}
    legal = {seat: game.legal(seat) for seat in range(len(NAMES))}

    async def watch() -> dict[int | str, list[dict]]:
        sockets = {v: socket(gid, "me", browsers[v]) for v in watching}
        sockets["public"] = socket(gid, "public")
        for ws in sockets.values():
            await open_socket(ws)
        await asyncio.to_thread(
            SERVICE.submit,
            gid,
            Director("蓝牌", {"seat": carded, "reason": "刷屏"}),
            actor="director",
        )
        return {v: await rest(ws) for v, ws in sockets.items()}

    heard = on_the_layer(watch())
    game = SERVICE.load(gid)
    assert game.state.awaiting is None
    for v, sent in heard.items():
        after = view(game, v)
        assert pushed(sent) == [version(game, v)], v  # once, for what it now shows
        changed = {k for k in after if after[k] != before[v].get(k)}
        assert changed - {"notices", "penalties", "record"} == {"announcements"}, (v, changed)
        assert v == carded or changed == {"announcements"}, (v, changed)
        new = [a["text"] for a in after["announcements"] if a not in before[v]["announcements"]]
        assert new == [f"{NAMES[carded]}获得一张【蓝牌】。"], v
    assert {seat: game.legal(seat) for seat in legal} == legal
    SERVICE.submit(gid, Vote(CONSORT, ASSASSIN))  # the players keep acting
    SERVICE.submit(gid, Post(CONSORT, "继续讨论"))
    assert len(view(SERVICE.load(gid), "public")["votes"]) == 1
