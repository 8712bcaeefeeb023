"""One set of checks for every way a thread is read: the same floors of an M103 day, posted in
bansha's own thread, imported on the console from the forum's page and read by ``bansha thread
read`` from that page, give the same list of floors to check, each with its reason: M103 违规9
「禁止使用红色字体」「禁止使用放大字体」, a change that does not quote its original (「改票时必须引用原投票帖」),
a change in the last hour (「白天结束前一个小时不得改票」), each void post naming whom it was for; and
on the forum's page (bansha's own thread has no edits) a vote post edited after the close."""

from __future__ import annotations

from datetime import datetime, timedelta
from html import escape
from zoneinfo import ZoneInfo

import pytest

from bansha.engine import Post
from bansha.engine.views import Window, view
from bansha.forum.cli import read_votes
from bansha.forum.imports import localize
from bansha.forum.threads import read_pages
from bansha.mechanics.thread_tally import posted_checks
from bansha.service.games import SERVICE
from bansha.service.threads import import_thread
from tests.forum.thread_pages import TruePost, discuz_pages
from tests.web.test_thread_import import _game_at_the_day_vote

pytestmark = pytest.mark.django_db(transaction=True)
TZ = ZoneInfo("Asia/Shanghai")


def _floors(names: list[str], opened: datetime, deadline: datetime) -> list[dict[str, object]]:
    """The day's floors: (author, time, text in BBCode, its HTML on the forum, quoted floor)."""
    a, b, c, d, x, y, z = names[:7]
    return [
        {"by": a, "at": opened + timedelta(minutes=1), "text": "大家好", "html": "大家好"},
        {
            "by": a,
            "at": opened + timedelta(minutes=2),
            "text": f"[color=red]投票对象：{x}[/color]\n投票理由：砍",
            "html": f'<font color="red">投票对象：{x}</font><br />\n投票理由：砍',
        },
        {"by": b, "at": opened + timedelta(minutes=3), "text": f"投票对象：{y}\n投票理由：砍"},
        {"by": b, "at": opened + timedelta(minutes=4), "text": f"改票对象：{z}\n改票理由：没引用"},
        {
            "by": c,
            "at": opened + timedelta(minutes=5),
            "text": f"[size=5]投票对象：{x}[/size]\n投票理由：砍",
            "html": f'<font size="5">投票对象：{x}</font><br />\n投票理由：砍',
        },
        {
            "by": c,
            "at": deadline - timedelta(minutes=30),
            "text": f"改票对象：{y}\n改票理由：最后一小时",
            "quote": 5,
        },
        {
            "by": d,
            "at": deadline - timedelta(minutes=20),
            "text": f"投票对象：{z}\n投票理由：砍",
            "edited": deadline + timedelta(minutes=10),
        },
    ]


def _forum_page(floors: list[dict[str, object]]) -> str:
    posts: list[TruePost] = []
    for n, f in enumerate(floors, 1):
        at = f["at"].astimezone(TZ).replace(tzinfo=None)  # type: ignore[attr-defined]
        post = TruePost(n, 610000 + n, str(f["by"]), at, str(f["text"]), relative="")
        if "html" in f:
            post.extra["html"] = str(f["html"])
        if "quote" in f:
            q = posts[int(f["quote"]) - 1]  # type: ignore[call-overload]
            post.quote = (q.pid, q.author, q.time, q.body.split("\n")[0])
        if "edited" in f:
            post.edited = f["edited"].astimezone(TZ).replace(tzinfo=None)  # type: ignore[attr-defined]
        posts.append(post)
    return discuz_pages(posts)[0]


def _checks(found: object) -> list[tuple[int, str, str]]:
    return [(c.floor, c.kind, c.reason) for c in found]  # type: ignore[attr-defined]


def test_the_same_checks_in_bansha_s_thread_an_import_and_thread_read() -> None:
    gid, _ = _game_at_the_day_vote()
    s = SERVICE.load(gid).state
    names = [s.players[x].name for x in s.living()]
    assert s.opened_at is not None and s.deadline is not None
    floors = _floors(names, s.opened_at, s.deadline)
    page = _forum_page(floors)

    # the forum's page, read by bansha thread read
    thread = read_pages([page])
    localize(thread.posts, TZ)
    _, _, by_command = read_votes(thread.posts, "m103", names, s.deadline, "Asia/Shanghai")
    # the same page imported on the console, its votes submitted to the game
    imported = import_thread(gid, [page], count_votes=True).checks
    assert _checks(imported) == _checks(by_command)

    # the same floors posted in bansha's own thread of a fresh game
    own_gid, own_director = _game_at_the_day_vote("dir2")
    seat = {p.name: p.seat for p in SERVICE.load(own_gid).state.players}
    for f in floors:
        quote = f.get("quote")
        SERVICE.submit(
            own_gid,
            Post(seat[str(f["by"])], str(f["text"]), int(quote) if quote else None, f["at"]),  # type: ignore[arg-type]
            actor="test",
        )
    with SERVICE.reading(own_gid) as game:
        day = game.state.day
        v = view(game, "director", Window(thread_day=day))
        rules = game.ruleset.data["thread"]
    own = posted_checks(v["thread"][day], rules, "Asia/Shanghai")

    late_edit = [c for c in _checks(by_command) if c[1] == "late_edit"]
    assert _checks(own) == [c for c in _checks(by_command) if c[1] != "late_edit"]
    assert [(c[0], c[1]) for c in _checks(by_command)] == [
        (2, "font"),
        (4, "quote"),
        (5, "font"),
        (6, "freeze"),
        (7, "late_edit"),
    ]
    y, z = names[5:7]
    reasons = {floor: reason for floor, _, reason in _checks(by_command)}
    assert reasons[2] == "违规9（1）禁止使用红色字体"
    assert reasons[5] == "违规9（2）禁止使用放大字体"
    assert reasons[4] == f"改票时必须引用原投票帖（本想投「{z}」）"
    assert reasons[6] == f"投票截止前60分钟内不得改票（本想投「{y}」）"
    assert "关门" in late_edit[0][2] and "修改错别字不算改票" in late_edit[0][2]

    # the console lists the same checks of bansha's own thread, with the day and the floor
    console = own_director.get(f"/g/{own_gid}/director").content.decode()
    section = console[console.index('id="own-checks"') :]
    for floor, _, reason in _checks(own):
        assert f"{floor}楼" in section and escape(reason) in section

    # a floor posted after the console was shown is checked on the next showing
    voter = next(x for x in names if x not in {str(f["by"]) for f in floors})
    SERVICE.submit(
        own_gid,
        Post(seat[voter], f"[color=red]投票对象：{names[0]}[/color]", None, floors[-1]["at"]),  # type: ignore[arg-type]
        actor="test",
    )
    console = own_director.get(f"/g/{own_gid}/director").content.decode()
    section = console[console.index('id="own-checks"') :]
    assert f"{len(floors) + 1}楼 {voter}：违规9（1）禁止使用红色字体" in section
