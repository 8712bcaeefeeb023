"""A forum thread imported into a running game: its vote posts become the players' votes under
the rule set's own rules (one change, deadline), void posts are listed, a second import adds
nothing, and the director sees post counts per day."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from bansha.engine import Close
from bansha.service.games import SERVICE
from bansha.service.threads import import_thread

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
TZ = ZoneInfo("Asia/Shanghai")
T0 = datetime(2026, 12, 1, 12, 0, tzinfo=TZ)


def _game_at_the_day_vote(director: str = "dir") -> tuple[str, Client]:
    """An M103 game at its first day vote, and its director's logged-in client."""
    user = get_user_model().objects.create_user(director, password="a-long-password-1")
    gid = SERVICE.create("m103", NAMES, seed=3, options={"start_at": T0.isoformat()}, owner=user)
    gid = gid.record.id
    at = T0
    for _ in range(10):
        game = SERVICE.load(gid)
        if game.state.stage_key == "day":
            break
        at = game.state.deadline or at + timedelta(hours=1)
        SERVICE.submit(gid, Close(at=at), actor="clock")
    assert SERVICE.load(gid).state.stage_key == "day"
    c = Client()
    c.force_login(user)
    return gid, c


def _thread(opened: datetime, deadline: datetime, living: list[str]) -> str:
    a, b, c, d = living[:4]
    t = opened.astimezone(TZ).replace(tzinfo=None)
    late = deadline.astimezone(TZ).replace(tzinfo=None) + timedelta(minutes=5)

    def at(minutes: int) -> str:
        return f"{t + timedelta(minutes=minutes):%Y-%m-%d %H:%M}"

    return f"""楼主 导演 {at(0)}
第1天讨论帖，请按格式投票。
2楼 {a} {at(10)}
投票对象：{b}
投票理由：发言太少
3楼 {b} {at(20)}
投票对象：{c}
4楼 {a} {at(30)}
引用 {a} 发表于 {at(10)}
> 投票对象：{b}
改票对象：{c}
改票理由：重新考虑
5楼 {a} {at(40)}
引用 {a} 发表于 {at(30)}
> 改票对象：{c}
改票对象：{d}
改票理由：再改一次
6楼 {c} {at(50)}
投票对象：弃权
投票理由：信息不够
7楼 {d} {late:%Y-%m-%d %H:%M}
投票对象：{a}
投票理由：晚了
8楼 {c} {at(55)}
改票对象：{a}
改票理由：没有引用原投票帖
"""


def test_vote_posts_become_votes_under_the_rule_sets_rules() -> None:
    gid, director = _game_at_the_day_vote()
    game = SERVICE.load(gid)
    s = game.state
    living = [s.players[x].name for x in s.living()]
    text = _thread(s.opened_at, s.deadline, living)  # type: ignore[arg-type]
    report = import_thread(gid, [text], count_votes=True)
    a, b, c, d = living[:4]
    outcome = {(line.floor, line.author): line.outcome for line in report.votes}
    assert outcome[(2, a)] == "已计票"
    assert outcome[(3, b)].startswith("废票") and "理由" in outcome[(3, b)]
    assert outcome[(4, a)] == "已计票"  # the one change allowed
    assert outcome[(5, a)].startswith("不计") and "改票" in outcome[(5, a)]
    assert outcome[(6, c)] == "已计票"  # abstention
    assert outcome[(7, d)].startswith("不计") and "截止" in outcome[(7, d)]
    # M103 「改票时必须引用原投票帖」, exactly as in bansha's own thread
    assert outcome[(8, c)] == "废票：改票时必须引用原投票帖"
    assert report.outsiders == ["导演"]
    ballots = [(x.voter, x.target) for x in SERVICE.load(gid).state.ballots]
    seat = {n: i for i, n in enumerate(NAMES)}
    assert ballots == [(seat[a], seat[b]), (seat[a], seat[c]), (seat[c], None)]
    again = import_thread(gid, [text], count_votes=True)
    assert {line.outcome for line in again.votes if line.floor in (2, 4, 6)} == {"此前已导入"}
    assert len(SERVICE.load(gid).state.ballots) == 3

    page = director.post(f"/g/{gid}/director/thread", {"text": text}).content.decode()
    assert "投票帖" in page and "预览（未计票）" in page and "第1天" in page  # no box: a preview
    page = director.post(
        f"/g/{gid}/director/thread", {"text": text, "count_votes": "on"}
    ).content.decode()
    assert "此前已导入" in page and "废票" in page


def test_a_floor_whose_time_cannot_be_read_is_named_on_the_console() -> None:
    """Never silently dropped: the console lists the floor with the page's own words and the
    reason, and the vote post is not judged by the close (the same as ``thread read``'s exit 3)."""
    gid, director = _game_at_the_day_vote()
    s = SERVICE.load(gid).state
    a, b = [s.players[x].name for x in s.living()][:2]
    t = s.opened_at.astimezone(TZ).replace(tzinfo=None)  # type: ignore[union-attr]
    text = (
        f"楼主 导演 {t + timedelta(minutes=1):%Y-%m-%d %H:%M}\n第1天讨论帖\n"
        f"2楼 {a} 不久之前\n投票对象：{b}\n投票理由：砍\n"
    )
    page = director.post(f"/g/{gid}/director/thread", {"text": text}).content.decode()
    section = page[page.index('id="pages"') :]
    assert f"2楼 {a}：时间读不出" in section and "不久之前" in section
    votes = page[page.index('id="votes"') : page.index("</section>", page.index('id="votes"'))]
    # not counted on a time it may not have: the director is told which floor and why
    assert "未计票：时间无法判断" in votes and "时间「不久之前」无法判断是否在" in votes


def test_a_page_that_is_not_a_thread_is_refused_with_a_reason() -> None:
    gid, director = _game_at_the_day_vote()
    r = director.post(f"/g/{gid}/director/thread", {"text": "随便写点什么"}, follow=True)
    assert "没有找到楼层标题行" in r.content.decode()


def test_the_director_reads_a_thread_from_its_address(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading
    from http.server import ThreadingHTTPServer

    from tests.forum.test_fetch import COOKIE, Forum

    server = ThreadingHTTPServer(("127.0.0.1", 0), Forum)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/forum.php?mod=viewthread&tid=4242"
    gid, director = _game_at_the_day_vote()
    try:
        refused = director.post(
            f"/g/{gid}/director/thread", {"url": url, "cookie": COOKIE}, follow=True
        )
        assert "不能读取内网地址" in refused.content.decode()  # no reaching inside by default
        monkeypatch.setenv("BANSHA_FETCH_LOOPBACK", "1")
        page = director.post(
            f"/g/{gid}/director/thread", {"url": url, "cookie": COOKIE}
        ).content.decode()
        assert "共读到 130 楼" in page
    finally:
        server.shutdown()


def test_a_post_changed_since_the_last_import_is_flagged() -> None:
    gid, _ = _game_at_the_day_vote()
    s = SERVICE.load(gid).state
    living = [s.players[x].name for x in s.living()]
    text = _thread(s.opened_at, s.deadline, living)  # type: ignore[arg-type]
    first = import_thread(gid, [text], count_votes=False)
    assert not any("修改" in f.why for f in first.flags)
    edited = text.replace("投票理由：发言太少", "投票理由：发言太少（已编辑）")
    again = import_thread(gid, [edited], count_votes=False)
    assert [(f.floor, f.why) for f in again.flags if "修改" in f.why] == [
        (2, "上次导入后帖子内容被修改")
    ]


def test_bs46_lurkers_of_a_stage_are_proposed_for_a_warning() -> None:
    names = [f"玩家{i}" for i in range(16)]
    gid = SERVICE.create("bs46", names, seed=2, options={"start_at": T0.isoformat()}).record.id
    opened = SERVICE.load(gid).state.opened_at
    assert opened is not None
    t = opened.astimezone(TZ).replace(tzinfo=None)
    lines = []
    floor = 0
    for i, name in enumerate(names[:15]):  # 玩家15 never posts; the others post 6 times
        for k in range(6):
            floor += 1
            lines.append(f"{floor}楼 {name} {t + timedelta(minutes=i * 6 + k):%Y-%m-%d %H:%M}")
            lines.append("发言")
    report = import_thread(gid, ["\n".join(lines)], count_votes=False)
    lurkers = {p.player for p in report.proposals}
    assert lurkers == {"玩家15"}
    assert all(p.penalty == "警告" and "第一轮投票" in p.evidence for p in report.proposals)


def test_uploaded_gbk_pages_are_decoded_like_fetched_ones() -> None:
    """Three saved Discuz! 7 pages in GBK (browser-saved, upper case), uploaded out of order: all
    108 floors read, names not garbled."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tests.forum.thread_pages import d7_thread, discuz7_pages

    saved = [p.encode("gbk") for p in discuz7_pages(d7_thread(108), upper=True)]
    gid, director = _game_at_the_day_vote()
    files = [SimpleUploadedFile(f"p{n}.htm", saved[n - 1]) for n in (3, 1, 2)]
    page = director.post(f"/g/{gid}/director/thread", {"pages": files}).content.decode()
    assert "共读到 108 楼" in page
    assert "导演" in page and "癸" in page


@pytest.mark.parametrize(
    ("content", "message"),
    [(b"", "「empty.htm」是空文件"), (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "不是网页或文字")],
    ids=["empty", "binary"],
)
def test_an_empty_or_binary_upload_is_refused_by_name(content: bytes, message: str) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    gid, director = _game_at_the_day_vote()
    name = "empty.htm" if not content else "picture.png"
    before = len(SERVICE.load(gid).events)
    r = director.post(
        f"/g/{gid}/director/thread",
        {"pages": [SimpleUploadedFile(name, content)], "count_votes": "on"},
        follow=True,
    )
    assert r.status_code == 200 and message in r.content.decode()
    assert len(SERVICE.load(gid).events) == before
