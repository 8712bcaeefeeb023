"""The pages as a browser without JavaScript uses them, and who may load what."""

import re

import pytest
from django.test import Client

from bansha.engine import Director, Post, Say
from bansha.rulesets import find_ruleset
from bansha.service.games import SERVICE
from bansha.store.models import SeatRecord
from tests.web.directors import director_client

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


def _new_game(c: Client) -> tuple[str, list[str]]:
    r = c.post("/new", {"ruleset": "m103", "players": "\n".join(NAMES), "options": ""}, follow=True)
    assert r.status_code == 200, r.content.decode()[:500]
    html = r.content.decode()
    links = re.findall(r'value="(http://testserver/g/[0-9a-f]+/join/[^"]+)"', html)
    gid = links[0].split("/g/")[1].split("/")[0]
    return gid, [link.replace("http://testserver", "") for link in links]


def _to_the_first_day(d: Client, gid: str) -> None:
    """The director closes stages until the first discussion day (讨论日)."""
    for i in range(8):
        if "讨论日" in d.get(f"/g/{gid}/director").content.decode():
            return
        d.post(f"/g/{gid}/director/command", {"command": "关闭阶段", "nonce": f"c{i}"})


def test_home_and_demo_game_played_to_the_reveal() -> None:
    c = Client()
    assert "开始演示局" in c.get("/").content.decode()
    r = c.post("/demo/new", {"ruleset": "m103"})
    assert r.status_code == 302
    me = r["Location"]
    gid = me.split("/g/")[1].split("/")[0]
    page = c.get(me).content.decode()
    assert "的身份" in page and "现在可以做的事" in page
    for _ in range(200):
        page = c.get(me).content.decode()
        if "揭秘" in page:
            break
        c.post(f"/g/{gid}/advance", {"nonce": f"n{_}"})
    assert "揭秘" in page and "获胜" in page
    assert "揭秘" in c.get(f"/g/{gid}/").content.decode()


def test_join_link_is_exchanged_and_leaves_the_url() -> None:
    d = director_client()
    gid, links = _new_game(d)
    player = Client()
    r = player.get(links[3])
    assert r.status_code == 302 and r["Location"] == f"/g/{gid}/me"
    page = player.get(f"/g/{gid}/me").content.decode()
    assert "丁的身份" in page
    assert links[3].split("/join/")[1] not in page


def test_access_matrix() -> None:
    d = director_client("d1")
    gid, links = _new_game(d)
    gid2, links2 = _new_game(d)
    a = Client()
    a.get(links[0])
    stranger = Client()
    other_director = director_client("d2")
    # a player: own page yes; another game's page no (same answer as a missing game)
    assert a.get(f"/g/{gid}/me").status_code == 200
    assert a.get(f"/g/{gid2}/me").status_code == 404
    assert a.get("/g/nosuchgame/me").status_code == 404
    # the director console: only the game's director
    assert d.get(f"/g/{gid}/director").status_code == 200
    assert other_director.get(f"/g/{gid}/director").status_code == 404
    assert a.get(f"/g/{gid}/director").status_code == 302  # to login
    assert stranger.get(f"/g/{gid}/me").status_code == 404
    # forged or foreign tokens
    assert stranger.get(f"/g/{gid}/join/not-a-token").status_code == 404
    assert stranger.get(f"/g/{gid}/join/{links2[0].split('/join/')[1]}").status_code == 404
    # acting needs a seat; posting needs CSRF
    assert stranger.post(f"/g/{gid}/act", {"skill": "vote"}).status_code == 404
    strict = Client(enforce_csrf_checks=True)
    strict.get(links[1])
    assert strict.post(f"/g/{gid}/act", {"skill": "vote"}).status_code == 403
    # the public page shows no role
    public = stranger.get(f"/g/{gid}/").content.decode()
    assert "卧底刺客" not in public and "大内密探" not in public


def test_substitute_revokes_the_old_link() -> None:
    d = director_client()
    gid, links = _new_game(d)
    old = Client()
    old.get(links[5])
    assert old.get(f"/g/{gid}/me").status_code == 200
    r = d.post(
        f"/g/{gid}/director/command",
        {"command": "替补", "player": "5", "by": "新人", "nonce": "s1"},
        follow=True,
    )
    html = r.content.decode()
    assert "已执行：替补" in html
    assert old.get(f"/g/{gid}/me").status_code == 410  # told a substitute took it
    link = re.search(r"(http://testserver/g/[0-9a-f]+/join/[A-Za-z0-9_\-]+)", html).group(1)
    new = Client()
    new.get(link.replace("http://testserver", ""))
    assert "己（替补：新人）的身份" in new.get(f"/g/{gid}/me").content.decode()
    assert SeatRecord.objects.filter(game_id=gid, seat=5, revoked=False).count() == 1


def test_a_substitute_is_named_one_way_on_every_page() -> None:
    """After a 替补 the seat reads 「己（替补：新人）」 on the console's 判罚记录 and 缺席记录 and in
    the forum post's ledger too, as on the players' pages and in every announcement."""
    d = director_client()
    gid, _ = _new_game(d)
    d.post(f"/g/{gid}/director/command", {"command": "关闭阶段", "nonce": "c0"})  # 红线 closes
    d.post(
        f"/g/{gid}/director/command", {"command": "替补", "player": "5", "by": "新人", "nonce": "s"}
    )
    d.post(f"/g/{gid}/director/command", {"command": "黄牌", "player": "5", "nonce": "y"})
    page = d.get(f"/g/{gid}/director").content.decode()
    assert page.count("新人") > 3
    assert page.count("新人") == page.count("己（替补：新人）"), [
        page[m.start() - 30 : m.end()]
        for m in re.finditer("新人", page)
        if page[m.start() - 4 : m.start()] != "（替补："
    ]
    ledger = page.split('class="ledger"')[1].split("</table>")[0]
    assert "己（替补：新人）" in ledger


def test_refused_act_shows_the_reason() -> None:
    d = director_client("refuse")
    gid, links = _new_game(d)
    c = Client()
    c.get(links[0])
    assert SERVICE.load(gid).state.stage == "红线"
    r = c.post(f"/g/{gid}/act", {"skill": "vote", "target": "1", "nonce": "x"}, follow=True)
    assert "现在不是投票时间" in r.content.decode()


def test_tokens_never_reach_the_logs(caplog: pytest.LogCaptureFixture) -> None:
    d = director_client()
    gid, links = _new_game(d)
    token = links[0].split("/join/")[1]
    stranger = Client()
    with caplog.at_level("WARNING"):
        stranger.get(f"/g/{gid}/join/{token}x")
        stranger.get(links[0])
    assert caplog.records, "the 404 is logged"
    assert all(token not in r.getMessage() for r in caplog.records)


def test_guessing_links_is_rate_limited(one_rate_window: None) -> None:
    d = director_client()
    gid, _ = _new_game(d)
    guesser = Client()
    codes = [guesser.get(f"/g/{gid}/join/guess{i}").status_code for i in range(40)]
    assert codes[:30] == [404] * 30
    assert 429 in codes[30:]


def test_every_endpoint_checks_the_viewer() -> None:
    """For each route: the right viewer gets it; another seat, another game or nobody gets a 404
    (or the login page for director routes), and the page content is that viewer's own."""
    d = director_client("matrix")
    gid, links = _new_game(d)
    gid2, links2 = _new_game(d)
    p3 = Client()
    p3.get(links[3])  # seat 3 of game 1
    q0 = Client()
    q0.get(links2[0])  # seat 0 of game 2
    nobody = Client()
    seat_routes = [
        ("get", f"/g/{gid}/me", {}),
        ("post", f"/g/{gid}/act", {"skill": "vote"}),
        ("post", f"/g/{gid}/say", {"group": "assassins", "text": "x"}),
        ("post", f"/g/{gid}/advance", {}),
        ("post", f"/g/{gid}/thread", {"text": "x"}),  # posting (reading the thread is public)
    ]
    for method, path, data in seat_routes:
        for outsider in (q0, nobody):
            r = getattr(outsider, method)(path, data)
            assert r.status_code == 404, (path, r.status_code)
    assert p3.get(f"/g/{gid}/me").status_code == 200
    assert p3.post(f"/g/{gid}/advance", {}).status_code == 404  # not a demo game
    director_routes = [
        ("get", f"/g/{gid}/director", {}),
        ("post", f"/g/{gid}/director/command", {"command": "关闭阶段"}),
        ("post", f"/g/{gid}/director/thread", {"text": "1楼 甲 2026-11-30 10:00\n你好"}),
    ]
    other = director_client("matrix2")
    for method, path, data in director_routes:
        assert getattr(p3, method)(path, data).status_code == 302  # to the login page
        assert getattr(other, method)(path, data).status_code == 404
    assert d.get(f"/g/{gid}/director").status_code == 200
    assert nobody.get("/new").status_code == 302
    for path in (f"/g/{gid}/", f"/g/{gid2}/"):
        assert nobody.get(path).status_code == 200
    page = p3.get(f"/g/{gid}/me").content.decode()
    assert "丁的身份" in page and "甲的身份" not in page


def test_review_mode_director_edits_and_publishes_then_undoes() -> None:
    d = director_client()
    r = d.post(
        "/new",
        {"ruleset": "m103", "players": "\n".join(NAMES), "options": "", "review": "on"},
        follow=True,
    )
    links = re.findall(r'value="(http://testserver/g/[0-9a-f]+/join/[^"]+)"', r.content.decode())
    gid = links[0].split("/g/")[1].split("/")[0]
    player = Client()
    player.get(links[0].replace("http://testserver", ""))
    # the opening's announcements (至尊帝王) wait too, and cannot be taken back: published first
    page = d.get(f"/g/{gid}/director").content.decode()
    opening = [t for _, t in re.findall(r'name="draft-(\d+)"[^>]*>([^<]*)</textarea>', page)]
    assert opening
    waiting = player.get(f"/g/{gid}/me").content.decode()
    assert all(text not in waiting for text in opening) and "结算中" not in waiting
    d.post(f"/g/{gid}/director/command", {"command": "撤销", "nonce": "u0"})
    assert "开局的公示不能撤销" in d.get(f"/g/{gid}/director").content.decode()
    d.post(f"/g/{gid}/director/command", {"command": "发布", "nonce": "p0"})
    published = player.get(f"/g/{gid}/me").content.decode()
    assert all(text in published for text in opening)
    before = player.get(f"/g/{gid}/me").content.decode()
    d.post(f"/g/{gid}/director/command", {"command": "关闭阶段", "nonce": "c1"})
    page = d.get(f"/g/{gid}/director").content.decode()
    assert "以下结果尚未发布" in page
    drafts = re.findall(r'name="draft-(\d+)"[^>]*>([^<]*)</textarea>', page)
    assert drafts
    mine = player.get(f"/g/{gid}/me").content.decode()
    assert "结算中" not in mine  # the page says nothing of the waiting
    assert all(text not in mine or text in before for _, text in drafts)
    # take it back, close again, then publish with the first draft rewritten
    d.post(f"/g/{gid}/director/command", {"command": "撤销", "nonce": "u1"})
    assert "没有待发布的公示" in d.get(f"/g/{gid}/director").content.decode()
    d.post(f"/g/{gid}/director/command", {"command": "关闭阶段", "nonce": "c2"})
    page = d.get(f"/g/{gid}/director").content.decode()
    position, text = re.findall(r'name="draft-(\d+)"[^>]*>([^<]*)</textarea>', page)[0]
    d.post(
        f"/g/{gid}/director/command",
        {
            "command": "发布",
            "nonce": "p1",
            f"draft-{position}": "导演改写的公示",
            f"orig-{position}": text,
        },
    )
    mine = player.get(f"/g/{gid}/me").content.decode()
    assert "导演改写的公示" in mine and "结算中" not in mine
    assert "导演改写的公示" in Client().get(f"/g/{gid}/").content.decode()


def test_the_discussion_thread_reads_publicly_and_takes_posts_from_players() -> None:
    d = director_client()
    gid, links = _new_game(d)
    _to_the_first_day(d, gid)
    game = SERVICE.load(gid)
    a, b = list(game.state.living())[:2]
    player = Client()
    player.get(links[a])
    r = player.post(
        f"/g/{gid}/thread", {"text": f"投票对象：{NAMES[b]}\n投票理由：划水", "nonce": "p1"}
    )
    assert r.status_code == 302
    box = player.get(f"/g/{gid}/thread").content.decode()
    hint = find_ruleset("m103").data["thread"]["vote_format"]["hint"]  # the rule post's format
    assert f'placeholder="{hint}"' in box
    page = Client().get(f"/g/{gid}/thread").content.decode()  # anyone may read
    assert "1楼" in page and f"投票：{NAMES[b]}" in page and "发帖</button>" not in page
    assert Client().post(f"/g/{gid}/thread", {"text": "路人"}).status_code == 404
    lift = Client().get(f"/g/{gid}/thread?author={NAMES[a]}").content.decode()
    assert f"只看 <strong>{NAMES[a]}</strong>" in lift
    assert SERVICE.load(gid).state.ballots[-1].target == b


def test_the_thread_opens_on_today_and_lists_every_day_so_far() -> None:
    """A day nobody posted on is still a day of the thread: the page opens on the game's current
    day (not the last one with floors), lists every day so far, and an empty day says so."""
    d = director_client()
    gid, _ = _new_game(d)
    _to_the_first_day(d, gid)
    first = SERVICE.load(gid).state.day
    SERVICE.submit(gid, Post(next(iter(SERVICE.load(gid).state.living())), "第一天的发言"))
    for i in range(30):  # two days on, nobody posting
        state = SERVICE.load(gid).state
        if state.day == first + 2 and state.phase == "day":
            break
        d.post(f"/g/{gid}/director/command", {"command": "关闭阶段", "nonce": f"next{i}"})
    today = SERVICE.load(gid).state.day
    assert today == first + 2
    page = Client().get(f"/g/{gid}/thread").content.decode()
    assert f"讨论帖 · 第{today}天" in page and "第一天的发言" not in page
    days = page.split('id="live"')[1].split("</p>")[0]
    assert f"<strong>第{today}天</strong>" in days
    assert f'href="?day={first}"' in days and f'href="?day={first + 1}"' in days
    assert "今天还没有人发帖" in page
    assert "第一天的发言" in Client().get(f"/g/{gid}/thread?day={first}").content.decode()
    empty = Client().get(f"/g/{gid}/thread?day={first + 1}").content.decode()
    assert f"<strong>第{first + 1}天</strong>" in empty and "这一天没有人发帖" in empty


def test_a_quote_shows_the_quoted_floor_shortened() -> None:
    """「引用 1楼」 says whose floor and how it began, on one line and cut short."""
    d = director_client()
    gid, _ = _new_game(d)
    _to_the_first_day(d, gid)
    a, b = list(SERVICE.load(gid).state.living())[:2]
    long = "我觉得" + "很可疑" * 20
    SERVICE.submit(gid, Post(a, f"{long}\n第二行"))
    SERVICE.submit(gid, Post(b, "同意楼上", quote=1))
    page = Client().get(f"/g/{gid}/thread").content.decode()
    quote = page.split('id="floor-2"')[1].split("</blockquote>")[0].split("<blockquote>")[1]
    assert quote == f"引用 1楼 {NAMES[a]}：{long[:40]}……"


def test_the_thread_offers_no_box_to_a_player_told_of_their_exit() -> None:
    """R-ALL-11: the box goes once the player's own page says 已出局 (engine/speech.py)."""
    d = director_client()
    gid, links = _new_game(d)
    _to_the_first_day(d, gid)
    out = SERVICE.load(gid).state.living()[0]
    SERVICE.submit(gid, Director("红牌", {"seat": out, "reason": "测试"}), actor="director")
    living = SERVICE.load(gid).state.living()[0]  # not his lover, who follows him out (殉情)
    gone, here = Client(), Client()
    gone.get(links[out])
    here.get(links[living])
    page = gone.get(f"/g/{gid}/thread").content.decode()
    assert "已出局的玩家不能在讨论帖发言" in page and "发帖</button>" not in page
    assert "发帖</button>" in here.get(f"/g/{gid}/thread").content.decode()


def test_a_long_team_chat_shows_its_latest_messages_and_the_rest_on_request() -> None:
    d = director_client()
    gid, links = _new_game(d)
    d.post(f"/g/{gid}/director/command", {"command": "关闭阶段", "nonce": "night"})
    game = SERVICE.load(gid)
    seat = game.state.groups["assassins"][0]
    for i in range(130):
        SERVICE.submit(gid, Say(seat, "assassins", f"第{i}句"))
    player = Client()
    player.get(links[seat])
    page = player.get(f"/g/{gid}/me").content.decode()
    assert "较早的 30 条消息已折叠" in page
    assert "第129句" in page and "第30句" in page and "第29句" not in page
    everything = player.get(f"/g/{gid}/me?chats=all").content.decode()
    assert "第0句" in everything and "已折叠" not in everything


def test_a_long_day_in_the_thread_is_paged_like_a_forum_newest_page_first() -> None:
    d = director_client()
    gid, _ = _new_game(d)
    _to_the_first_day(d, gid)
    a, b = list(SERVICE.load(gid).state.living())[:2]
    for i in range(120):
        SERVICE.submit(gid, Post(a if i % 2 else b, f"第{i + 1}楼的发言"))

    def floors(html: str) -> list[int]:
        return [int(f) for f in re.findall(r'data-floor="(\d+)"', html)]

    reader = Client()
    newest = reader.get(f"/g/{gid}/thread").content.decode()
    assert floors(newest) == list(range(101, 121))  # 50 floors a page: page 3 of 3 opens first
    assert newest.count('&amp;page=1">1</a>') == 2  # page links above and below the floors
    assert floors(reader.get(f"/g/{gid}/thread?page=1").content.decode()) == list(range(1, 51))
    # the 电梯楼: each player's count of the day, and links to their floors on this page only
    day = SERVICE.load(gid).state.day
    lift = newest.split('id="lift"')[1].split("</section>")[0]
    assert f"{NAMES[a]}</a>（60帖）" in lift and f"{NAMES[b]}</a>（60帖）" in lift
    assert f'href="?day={day}&amp;page=3#floor-101"' in lift and "#floor-60" not in lift
    second = reader.get(f"/g/{gid}/thread?page=2").content.decode().split('id="lift"')[1]
    assert f'href="?day={day}&amp;page=2#floor-60"' in second.split("</section>")[0]
    only = reader.get(f"/g/{gid}/thread?author={NAMES[a]}&page=1").content.decode()
    assert floors(only) == list(range(2, 101, 2))  # that player's 60 floors, 50 a page
