"""The director's console: every seat's private link (again, at any time), 「重新生成链接」, the
Chinese page for an old or wrong link, one form per command, reminders and 「我的游戏」."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from bansha import texts
from bansha.engine import Close, Director, Vote
from bansha.service.games import SERVICE
from bansha.store.models import SeatRecord
from tests.web.directors import director_client

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


def _new_game(c: Client, **extra: str) -> str:
    r = c.post("/new", {"ruleset": "m103", "players": "\n".join(NAMES), **extra}, follow=True)
    assert r.status_code == 200, r.content.decode()[:500]
    return re.findall(r"/g/([0-9a-f]+)/director", r.content.decode())[0]


def _links(html: str) -> list[str]:
    return re.findall(r'value="http://testserver(/g/[0-9a-f]+/join/[^"]+)"', html)


def test_the_console_lists_every_link_again_with_a_qr_code_and_copy_all() -> None:
    d = director_client()
    gid = _new_game(d)
    page = d.get(f"/g/{gid}/director").content.decode()
    links = _links(page)
    assert len(links) == 14
    assert page.count("<svg") >= 14 and "复制全部" in page
    everything = re.search(r'<textarea id="all-links"[^>]*>([^<]*)</textarea>', page)
    assert everything is not None
    lines = everything.group(1).strip().splitlines()
    assert lines[0].startswith("甲：http://testserver/g/") and len(lines) == 14
    player = Client()
    assert player.get(links[3])["Location"] == f"/g/{gid}/me"
    assert "丁的身份" in player.get(f"/g/{gid}/me").content.decode()


def test_a_reissued_link_works_and_the_old_one_gets_the_chinese_page() -> None:
    d = director_client()
    gid = _new_game(d)
    old = _links(d.get(f"/g/{gid}/director").content.decode())[4]
    holder = Client()
    holder.get(old)
    r = d.post(f"/g/{gid}/director/reissue", {"seat": "4"}, follow=True)
    page = r.content.decode()
    assert "已为戊重新生成链接" in page
    new = _links(page)[4]
    assert new != old
    stale = Client().get(old)
    assert stale.status_code == 404 and "请联系导演" in stale.content.decode()
    assert holder.get(f"/g/{gid}/me").status_code == 404  # the old session no longer holds it
    fresh = Client()
    assert fresh.get(new)["Location"] == f"/g/{gid}/me"
    assert "戊的身份" in fresh.get(f"/g/{gid}/me").content.decode()
    assert SeatRecord.objects.filter(game_id=gid, seat=4, revoked=False).count() == 1
    wrong = Client().get(f"/g/{gid}/join/not-a-token")
    assert wrong.status_code == 404 and "请联系导演" in wrong.content.decode()


def test_only_the_games_director_may_reissue() -> None:
    d = director_client("d1")
    gid = _new_game(d)
    other = director_client("d2")
    assert other.post(f"/g/{gid}/director/reissue", {"seat": "4"}).status_code == 404
    assert Client().post(f"/g/{gid}/director/reissue", {"seat": "4"}).status_code in (302, 404)
    assert SeatRecord.objects.filter(game_id=gid, seat=4).count() == 1


def test_a_link_sealed_with_a_lost_key_is_not_shown(settings: object) -> None:
    d = director_client()
    gid = _new_game(d)
    settings.SECRET_KEY = "another-key-" + "x" * 40  # type: ignore[attr-defined]
    d.force_login(get_user_model().objects.get(username="dir"))
    page = d.get(f"/g/{gid}/director").content.decode()
    assert _links(page) == [] and "无法再显示" in page
    assert [t for _, _, t in SERVICE.seat_links(gid)] == [None] * 14


def test_a_card_with_a_reason_reaches_the_carded_player_and_notices_show_recipients() -> None:
    d = director_client()
    gid = _new_game(d)
    links = _links(d.get(f"/g/{gid}/director").content.decode())
    r = d.post(
        f"/g/{gid}/director/command",
        {"command": "黄牌", "player": "2", "reason": "刷屏", "nonce": "y1"},
        follow=True,
    )
    assert "已执行：黄牌" in r.content.decode()
    carded = Client()
    carded.get(links[2])
    assert "判罚：黄牌（刷屏）" in carded.get(f"/g/{gid}/me").content.decode()
    other = Client()
    other.get(links[3])
    assert "刷屏" not in other.get(f"/g/{gid}/me").content.decode()
    assert "刷屏" not in Client().get(f"/g/{gid}/").content.decode()
    console = d.get(f"/g/{gid}/director").content.decode()
    assert "发给丙：</span>判罚：黄牌（刷屏）" in console


def test_concede_is_a_select_of_the_factions_in_play() -> None:
    d = director_client()
    gid = _new_game(d)
    page = d.get(f"/g/{gid}/director").content.decode()
    form = re.search(r'name="faction".*?</select>', page, re.S)
    assert form is not None
    assert '<option value="assassins">杀了狗皇帝阵营</option>' in form.group(0)
    assert "皇帝算什么阵营" not in form.group(0)  # not in play before the lovers elope


def test_reminders_name_who_has_not_voted_in_public_and_the_post_s_window() -> None:
    d = director_client()
    gid = _new_game(d)
    for i in range(12):  # to the first 讨论日
        if SERVICE.load(gid).state.stage_key == "day":
            break
        d.post(f"/g/{gid}/director/command", {"command": "关闭阶段", "nonce": f"c{i}"})
    page = d.get(f"/g/{gid}/director").content.decode()
    public = re.search(r'<textarea id="remind-public"[^>]*>([^<]*)</textarea>', page)
    assert public is not None and "尚未投票：" in public.group(1) and "甲" in public.group(1)
    assert "规则贴要求在截止前120至90分钟之间提醒" in page
    assert 'id="remind-private"' not in page or "杀人" not in public.group(1)


def _form_value(page: str, form_id: str, name: str) -> str:
    form = re.search(rf'<form[^>]*id="{form_id}".*?</form>', page, re.S)
    assert form is not None, form_id
    found = re.search(rf'name="{name}" value="([^"]*)"', form.group(0))
    assert found is not None, name
    return found.group(1)


def test_a_stale_close_is_refused_and_closes_nothing() -> None:
    """Close with identity: the form carries the stage's position; a close rendered before the
    stage ended (another tab, the deadline worker first) is refused with 「该阶段已经结束」."""
    d = director_client()
    gid = _new_game(d)
    page = d.get(f"/g/{gid}/director").content.decode()
    stage = _form_value(page, "cmd-close", "stage")
    tab_a = {"command": "关闭阶段", "stage": stage, "nonce": "tab-a"}
    tab_b = {"command": "关闭阶段", "stage": stage, "nonce": "tab-b"}
    d.post(f"/g/{gid}/director/command", tab_a)
    with SERVICE.reading(gid) as game:
        after, head = game.state.stage, len(game.events)
    assert after == "夜晚"
    r = d.post(f"/g/{gid}/director/command", tab_b, follow=True)
    assert "该阶段已经结束" in r.content.decode()
    with SERVICE.reading(gid) as game:
        assert (game.state.stage, len(game.events)) == (after, head)  # nothing closed
    # the same form sent twice (a double tap) is the one close, acknowledged, not refused
    again = d.post(f"/g/{gid}/director/command", tab_a, follow=True).content.decode()
    assert "该阶段已经结束" not in again
    # a 延期 rendered for the earlier stage is refused too
    stale = {"command": "延期", "minutes": "30", "stage": stage, "nonce": "tab-c"}
    assert (
        "该阶段已经结束"
        in d.post(f"/g/{gid}/director/command", stale, follow=True).content.decode()
    )
    # the page now carries the new stage, and its close lands
    fresh = _form_value(d.get(f"/g/{gid}/director").content.decode(), "cmd-close", "stage")
    assert fresh != stage
    d.post(f"/g/{gid}/director/command", {"command": "关闭阶段", "stage": fresh, "nonce": "n"})
    with SERVICE.reading(gid) as game:
        assert game.state.stage != after


def _absence_forms(page: str) -> list[dict[str, str]]:
    forms = []
    for body in re.findall(r'<li class="absence".*?</li>', page, re.S):
        fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', body))
        if "absence" in fields:
            forms.append(fields)
    return forms


def _vote_absences(section: str) -> list[dict[str, str]]:
    clause = "第1天讨论日未投票（没有投票（或弃票）的玩家将记作一张黄牌）"
    return [f for f in _absence_forms(section) if f.get("reason") == clause]


def test_a_long_game_s_absences_are_paged_newest_stage_first() -> None:
    """R-ALL-05 over a long game: eight stages with absences a page, the newest first, every
    older one a page link away; the heading counts them all and the ledger every absence."""
    d = director_client()
    gid = _new_game(d)
    for n in range(14):
        SERVICE.submit(gid, Close(), key=f"close-{n}", actor="director")
    page = d.get(f"/g/{gid}/director").content.decode()
    section = page.split('id="absences"')[1].split("</details>")[0]
    stages = re.findall(r'<section class="absence-stage"><h3>([^<]+)</h3>', section)
    total = int(re.search(r"（(\d+)个阶段有缺席）", section).group(1))  # type: ignore[union-attr]
    assert total > 8 and len(stages) == 8
    pages = -(-total // 8)
    assert (
        f'href="?absences={pages}#absences">{pages}</a>' in section
        and "<strong>1</strong>" in section
    )
    last = d.get(f"/g/{gid}/director?absences={pages}").content.decode()
    older = last.split('id="absences"')[1].split("</details>")[0]
    shown = re.findall(r'<section class="absence-stage"><h3>([^<]+)</h3>', older)
    assert len(shown) == total - 8 * (pages - 1) and shown[-1].startswith("开局")
    assert f"<strong>{pages}</strong>" in older and 'id="absences" class="fold" open' in last
    # a decision on an older stage's absence comes back to that page of the list
    form = _absence_forms(older)[0]
    after = d.post(f"/g/{gid}/director/command", {**form, "command": "免罚"})
    assert after["Location"] == f"/g/{gid}/director?absences={pages}#absences"
    with SERVICE.reading(gid) as game:
        # one absence per seat and closed stage, whatever number of skills it left unused
        closes = [i for i, e in enumerate(game.events) if e.kind == "stage_closed"]
        missed = len(
            {
                (max(c for c in closes if c < i), seat)
                for i, e in enumerate(game.events)
                if e.kind == "omission"
                for seat in e.data["seats"]
            }
        )
    ledger = section.split('class="ledger"')[1]
    counts = [int(x) for x in re.findall(r"<td>(\d+)</td></tr>", ledger)]
    assert sum(counts) == missed


def test_a_day_s_absences_are_listed_and_a_yellow_card_is_one_click() -> None:
    """R-ALL-05: after the close, who was due and submitted nothing stays on the console by
    stage; M103's 「没有投票（或弃票）的玩家将记作一张黄牌」 is drafted for each, given in one click or
    waived (免罚), and the ledger counts the cards."""
    d = director_client()
    gid = _new_game(d)
    with SERVICE.reading(gid) as game:
        while game.state.stage_key != "day":
            SERVICE.submit(gid, Close(), actor="director")
    SERVICE.submit(gid, Vote(0, 1), actor="seat0")
    SERVICE.submit(gid, Close(), actor="director")  # the day closes: thirteen did not vote
    page = d.get(f"/g/{gid}/director").content.decode()
    section = page.split('id="absences"')[1].split("</details>")[0]
    assert "第1天 讨论日" in section and "甲：未投票" not in section
    forms = _vote_absences(section)
    assert len(forms) == 13  # every living player but 甲, who voted
    first, second = forms[0], forms[1]
    card = {**first, "command": "黄牌"}
    d.post(f"/g/{gid}/director/command", card)
    d.post(f"/g/{gid}/director/command", card)  # a double tap: one card
    d.post(f"/g/{gid}/director/command", {**first, "command": "免罚"})  # refused: decided
    d.post(f"/g/{gid}/director/command", {**second, "command": "免罚"})
    with SERVICE.reading(gid) as game:
        seat = int(first["player"])
        assert game.state.players[seat].cards.get("yellow") == 1
        assert not game.state.players[int(second["player"])].cards
    page = d.get(f"/g/{gid}/director").content.decode()
    section = page.split('id="absences"')[1].split("</details>")[0]
    assert "已判黄牌" in section and "已免罚" in section
    assert len(_vote_absences(section)) == len(forms) - 2
    ledger = section.split('class="ledger"')[1]
    assert "黄牌×1" in ledger
    # the forum post's 判罚记录 reads the public's events only: a card given at night is
    # announced when the next day begins (R-ALL-11, R-M103-19), so it is not there yet
    assert "[td]黄牌×1[/td]" not in page
    with SERVICE.reading(gid) as game:
        while game.state.stage_key != "day":
            SERVICE.submit(gid, Close(), actor="director")
    assert "[td]黄牌×1[/td]" in d.get(f"/g/{gid}/director").content.decode()


def _section(page: str, anchor: str) -> str:
    return page.split(f'id="{anchor}"')[1].split("</details>")[0]


def test_the_physician_s_one_absence_is_one_row() -> None:
    """M103: 「收到通灵反馈后30分钟内女巫仍未给法官答复，视为放弃夜晚行动」 and 「必须行使特权的角色
    未在规定时间内行使，将直接判作黄牌」: a 太医 who answered nothing in 太医行动 left 救药 and 毒药
    unused (two ``omission`` events, one per skill, R-ALL-05) but is absent once: one row, one
    判黄牌, one absence in the ledger."""
    d = director_client()
    gid = _new_game(d)
    for n in range(8):
        with SERVICE.reading(gid) as game:
            if game.state.stage_key == "physician":
                physician = next(p for p in game.state.players if p.role == "witch")
                break
        SERVICE.submit(gid, Close(), key=f"close-{n}", actor="director")
    else:
        raise AssertionError("no 太医行动")
    SERVICE.submit(gid, Close(), key="close-physician", actor="director")
    with SERVICE.reading(gid) as game:
        last = max(i for i, e in enumerate(game.events) if e.kind == "stage_closed")
        skills = [
            e.data["skill"]
            for e in game.events[last:]
            if e.kind == "omission" and physician.seat in e.data["seats"]
        ]
    assert sorted(skills) == ["poison", "save"]  # the engine records each skill
    section = _section(d.get(f"/g/{gid}/director").content.decode(), "absences")
    stage = section.split("<section")[1]  # the newest stage first: 太医行动
    assert "太医行动" in stage
    rows = re.findall(rf'<li class="absence" data-seat="{physician.seat}">.*?</li>', stage, re.S)
    assert len(rows) == 1 and "未使用「救药、毒药」" in rows[0]
    assert rows[0].count('value="yellow_card"') == 1
    ledger = section.split('class="ledger"')[1]
    row = re.search(rf"<td>{physician.name}</td><td>.*?</td><td>(\d+)</td></tr>", ledger)
    assert row is not None and row.group(1) == "1"


def test_the_console_asks_before_a_command_others_see_and_says_when_results_wait() -> None:
    """A director's own command is published at once: the console asks first, in the
    catalogue's words; while a close's drafts wait it says the command joins them, and the
    summary says the results await 发布 (nobody can act then), never 「所有人都已行动」."""
    d = director_client()
    gid = _new_game(d, review="on")
    page = d.get(f"/g/{gid}/director").content.decode()
    if "有待发布的公示" in page:  # the opening's announcement (至尊帝王)
        SERVICE.submit(gid, Director("发布", {"edits": {}}), actor="director")
        page = d.get(f"/g/{gid}/director").content.decode()
    asks = re.findall(
        r'<details class="cmd" data-command="([^"]+)">.*?data-confirm="([^"]+)"', page, re.S
    )
    assert {name for name, _ in asks} >= {"红牌", "黄牌", "蓝牌", "替补", "代投"}
    assert all(ask == texts.COMMAND_CONFIRM.format(name=name) for name, ask in asks)
    for n in range(8):  # close until a close drafts an announcement
        SERVICE.submit(gid, Close(), key=f"close-{n}", actor="director")
        with SERVICE.reading(gid) as game:
            if game.state.awaiting is not None:
                break
    page = d.get(f"/g/{gid}/director").content.decode()
    summary = page.split('id="summary"')[1].split("</section>")[0]
    assert texts.AWAITING_PUBLISH in summary and texts.ALL_DONE not in summary
    asks = re.findall(r'data-command="([^"]+)">.*?data-confirm="([^"]+)"', page, re.S)
    assert asks and all(ask == texts.COMMAND_CONFIRM_JOINS.format(name=n) for n, ask in asks)


def test_the_morning_report_is_offered_in_the_morning_and_headed_by_its_day() -> None:
    """晨报 「在讨论帖开门时发布」: at night the console offers none (it used to head the night's
    announcements 「第1夜晨报」) and says it comes at daybreak; in the day it is that day's."""
    d = director_client()
    gid = _new_game(d)
    SERVICE.submit(gid, Close())  # 红线 closes: the first night
    night = d.get(f"/g/{gid}/director").content.decode().split('id="bbcode"')[1]
    assert "晨报（discuz）" not in night and "夜晨报" not in night
    assert texts.FORUM_MORNING_LATER in night
    while SERVICE.load(gid).state.phase != "day":
        SERVICE.submit(gid, Close())
    day = d.get(f"/g/{gid}/director").content.decode().split('id="bbcode"')[1]
    report = day.split('aria-label="晨报（discuz）">')[1].split("</textarea>")[0]
    assert "第1天晨报" in report and texts.FORUM_MORNING_LATER not in day
