"""R-ALL-10 through the web, on the server's real clock: for each rule set the director creates a
game with a start time in Beijing time, closes stages early through the console (the director's
browser runs in UTC: every close is a UTC moment, the present one), and every page and the 晨报's
BBCode shows the post's next clock time in Beijing time, named as such; a viewer whose browser is
in another zone also reads the deadline in their own time.

The expected deadlines are worked out here from the posts' timetables with zoneinfo alone. A close
happens at a moment between the click and the page that follows; near a minute's edge both are
accepted."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from tests.browser.conftest import shot, watch_policy

BEIJING = ZoneInfo("Asia/Shanghai")
BERLIN = ZoneInfo("Europe/Berlin")

Rule = Callable[[datetime, dict[str, datetime]], datetime]
"""A stage's deadline from the moment it opened and the deadlines of the stages before it."""


def clock(hhmm: str, count: int = 1) -> Rule:
    """The ``count``-th ``hhmm`` on Beijing's clock strictly after the opening."""
    hour, minute = map(int, hhmm.split(":"))

    def rule(opened: datetime, past: dict[str, datetime]) -> datetime:
        day, found = opened.astimezone(BEIJING).date(), 0
        while True:
            at = datetime(day.year, day.month, day.day, hour, minute, tzinfo=BEIJING)
            if at > opened:
                found += 1
                if found == count:
                    return at
            day += timedelta(days=1)

    return rule


def minutes(n: int) -> Rule:
    """``n`` minutes after the opening."""
    return lambda opened, past: opened + timedelta(minutes=n)


def m103_day(opened: datetime, past: dict[str, datetime]) -> datetime:
    """第一个讨论日为两个自然日，此后一天一关门 (关门 22:00, R-M103-20): day 1 ends at 22:00 of the
    second calendar day after the one it opens on; each later day at the first 22:00 at least
    ``min_day_hours`` (12) after it opens."""
    if "讨论日" not in past:
        day = opened.astimezone(BEIJING).date() + timedelta(days=2)
        return datetime(day.year, day.month, day.day, 22, 0, tzinfo=BEIJING)
    earliest = opened + timedelta(hours=12)
    return clock("22:00")(earliest - timedelta(microseconds=1), past)


GAMES: dict[str, tuple[int, dict[str, Rule], int]] = {
    # rule set: players, each stage's deadline as the post gives it, closes to make
    "bs46": (
        16,  # 2.4 时间分配 (R-BS46-12)
        {"第一轮投票": clock("12:00"), "夜晚": clock("20:00"), "遗言": clock("12:00")},
        4,
    ),
    "m186": (
        14,  # 12:00 前提出方案, 21:00 前投票, 21:30 前私聊导演成功失败
        {"出征决议": clock("12:00"), "出征决议投票": clock("21:00"), "任务执行": clock("21:30")},
        4,
    ),
    "xxxii": (
        18,  # 开局前需选择是否信仰魔女 (until day 1 opens at 18:00); 完整的版杀一天时间表; day 1 18:00-22:00
        {
            "信仰声明": clock("18:00"),
            "自由讨论阶段": lambda o, p: clock("21:00" if "夜晚行动阶段" in p else "22:00")(o, p),
            "夜晚行动阶段": clock("11:30"),
            "结算阶段": clock("12:00"),
            "遗言阶段": clock("13:00"),
            "限制发言阶段": clock("18:00"),
        },
        6,
    ),
    "m103": (
        14,  # 红线 and the night's windows (行动时限, R-M103-18) in minutes, the 讨论日 to the 关门
        {"红线": minutes(60), "夜晚": minutes(30), "太医行动": minutes(30), "讨论日": m103_day},
        7,
    ),
}


def shown(at: datetime) -> str:
    """How the pages write a deadline: 「12月3日 12:00（北京时间）」."""
    t = at.astimezone(BEIJING)
    return f"{t.month}月{t.day}日 {t:%H:%M}（北京时间）"


def shown_in(at: datetime, zone: ZoneInfo, name: str) -> str:
    t = at.astimezone(zone)
    return f"即你的时间 {t.month}月{t.day}日 {t:%H:%M}（{name}）"


def _context(browser: object, zone: str) -> object:
    ctx = browser.new_context(  # type: ignore[attr-defined]
        viewport={"width": 390, "height": 844}, locale="zh-CN", timezone_id=zone
    )
    ctx.on("page", watch_policy)
    return ctx


def _create(page: object, server: str, rid: str, players: int, start: datetime) -> list[str]:
    page.goto(server + "/accounts/login/")  # type: ignore[attr-defined]
    if page.locator("input[name=username]").count():  # type: ignore[attr-defined]
        page.fill("input[name=username]", "director")  # type: ignore[attr-defined]
        page.fill("input[name=password]", "a-long-password-1")  # type: ignore[attr-defined]
        page.click("button[type=submit]")  # type: ignore[attr-defined]
    page.goto(server + "/new")  # type: ignore[attr-defined]
    page.select_option("select[name=ruleset]", rid)  # type: ignore[attr-defined]
    page.fill("textarea[name=players]", "\n".join(f"{rid}玩家{i}" for i in range(players)))  # type: ignore[attr-defined]
    page.check("input[name=clock]")  # type: ignore[attr-defined]
    local = start.astimezone(BEIJING)
    page.fill("input[name=start_date]", local.strftime("%Y-%m-%d"))  # type: ignore[attr-defined]
    page.fill("input[name=start_time]", local.strftime("%H:%M"))  # type: ignore[attr-defined]
    page.select_option("select[name=timezone]", "Asia/Shanghai")  # type: ignore[attr-defined]
    page.click("text=发身份并开局")  # type: ignore[attr-defined]
    links = page.locator("input[readonly]").evaluate_all("els => els.map(e => e.value)")  # type: ignore[attr-defined]
    assert links, page.content()  # type: ignore[attr-defined]
    page.click("text=进入导演台")  # type: ignore[attr-defined]
    return list(links)


def _stage(page: object) -> str:
    """The current stage's name, from the console's header (导演台 · title · 第N天 stage)."""
    return str(page.locator("header .sub").inner_text()).split()[-1]  # type: ignore[attr-defined]


def _deadline_text(page: object) -> str:
    # the console keeps it in the folded 提醒 section: its text, shown or folded
    return str(page.locator("#deadline").text_content())  # type: ignore[attr-defined]


def _close(page: object) -> tuple[datetime, datetime]:
    """立即关闭本阶段 in the console (confirmed); the close happened between the two moments
    returned."""
    before = datetime.now(UTC)
    page.click("#cmd-close button[type=submit]")  # type: ignore[attr-defined]
    page.wait_for_load_state()  # type: ignore[attr-defined]
    return before, datetime.now(UTC)


@pytest.mark.parametrize("rid", list(GAMES))
def test_the_post_clock_in_beijing_time_on_every_page(
    server: str, browser: object, rid: str
) -> None:
    players, rules, closes = GAMES[rid]
    director_ctx = _context(browser, "UTC")  # the director closes at UTC moments
    player_ctx = _context(browser, "Asia/Shanghai")
    public_ctx = _context(browser, "Europe/Berlin")
    d = director_ctx.new_page()  # type: ignore[attr-defined]
    d.on("dialog", lambda dialog: dialog.accept())  # 确定立即关闭本阶段并结算吗？
    start = datetime.now(UTC).replace(second=0, microsecond=0)
    links = _create(d, server, rid, players, start)
    console = d.url
    me = player_ctx.new_page()  # type: ignore[attr-defined]
    me.goto(links[0])
    public = public_ctx.new_page()  # type: ignore[attr-defined]
    public.goto(console.replace("/director", "/"))

    past: dict[str, datetime] = {}
    opened: tuple[datetime, datetime] = (start, start)
    for step in range(closes + 1):
        d.goto(console)
        stage = _stage(d)
        assert stage in rules, f"{rid}: unexpected stage {stage}"
        candidates = {rules[stage](at, past) for at in opened}
        text = _deadline_text(d)
        due = next((c for c in candidates if shown(c) in text), None)
        assert due is not None, f"{rid} {stage}: {text!r}, expected one of {candidates}"
        # the director's browser is in UTC: the page adds the time there
        assert shown_in(due, ZoneInfo("UTC"), "协调世界时") in text
        # 晨报 (BBCode for the forum) names Beijing time; it is a day's (none at night)
        report = d.locator('#bbcode textarea[aria-label^="晨报"]')
        day = "天" in str(d.locator("header .sub").inner_text()).split()[-2]  # type: ignore[attr-defined]
        assert report.count() == int(day)  # type: ignore[attr-defined]
        if day:
            assert f"截止：{shown(due)}" in report.input_value()  # type: ignore[attr-defined]
        me.reload()
        mine = _deadline_text(me)
        assert shown(due) in mine and "即你的时间" not in mine  # a Beijing browser: nothing more
        public.reload()
        theirs = _deadline_text(public)
        assert shown(due) in theirs and shown_in(due, BERLIN, "柏林时间") in theirs
        if step == 1:
            me.click("#thread-link")
            assert shown(due) in _deadline_text(me)
            shot(me, f"clock-{rid}-player")
            shot(d, f"clock-{rid}-director")
        if step == closes:
            break
        past[stage] = due
        opened = _close(d)  # early: every deadline here is hours away
    for ctx in (director_ctx, player_ctx, public_ctx):
        ctx.close()  # type: ignore[attr-defined]
