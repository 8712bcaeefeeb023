"""The director's routine on a phone (390×844): creating a game survives a reload (no second
deal), the console opens on its summary, a close from a stale tab is refused, and the day's
absences are on the console with a 黄牌 one click away; with 公示审核 a director's own command
holds no player."""

from __future__ import annotations

from bansha import texts
from tests.browser.conftest import (
    SHOTS,
    close_stage,
    close_to_first_day,
    open_console,
    phone,
    shot,
)


def test_reloading_the_created_page_deals_no_second_game(server: str, browser: object) -> None:
    c = open_console(browser, server)
    page = c.page
    home = c.context.new_page()  # type: ignore[attr-defined]
    home.goto(server + "/")
    before = home.locator("#my-games li").count()  # other tests' games are listed too
    assert before >= 1
    page.go_back()  # 已开局, reached by a redirect: a reload is a GET of the same links
    page.reload()
    assert "已开局" in page.content()
    again = page.locator("input[readonly]").evaluate_all("els => els.map(e => e.value)")  # type: ignore[attr-defined]
    assert sorted(again) == sorted(c.links)
    home.reload()
    newest = home.locator("#my-games li a").first.get_attribute("href")
    assert c.url.endswith(str(newest)), (newest, c.url)  # this game is still the newest
    assert home.locator("#my-games li").count() == before  # and no second game came
    c.context.close()  # type: ignore[attr-defined]


def test_the_console_opens_on_its_summary_and_a_stale_close_is_refused(
    server: str, browser: object
) -> None:
    c = open_console(browser, server)
    page = c.page
    summary = page.locator("#summary")  # type: ignore[attr-defined]
    assert summary.is_visible() and "红线" in summary.inner_text()
    assert summary.bounding_box()["y"] < 300  # first on the screen
    shot(page, "console-summary")
    other = c.context.new_page()  # type: ignore[attr-defined]
    # a second tab whose live socket misses the close (a phone's background tab): it still
    # shows the 红线 stage's form when clicked
    other.route_web_socket("**/ws/g/**", lambda ws: None)
    other.goto(c.url)  # a second tab, rendered for the same stage
    close_stage(page, c.url)  # 红线 closes in the first tab
    other.click("#cmd-close button[type=submit]")  # the second tab's close is stale
    other.wait_for_load_state()
    assert "该阶段已经结束" in other.locator(".msg-error").inner_text()
    assert "夜晚" in other.locator("header").inner_text()  # the night was not closed with it
    c.context.close()  # type: ignore[attr-defined]


def test_a_day_s_absences_are_on_the_console_and_a_yellow_card_is_one_click(
    server: str, browser: object
) -> None:
    c = open_console(browser, server)
    page = c.page
    close_to_first_day(page, c.url)
    close_stage(page, c.url)  # nobody voted on the first day
    page.goto(c.url + "#absences")  # type: ignore[attr-defined]
    section = page.locator("#absences")  # type: ignore[attr-defined]
    if not section.evaluate("d => d.open"):
        section.locator("summary").click()
    day = section.locator("section.absence-stage", has_text="讨论日").first
    assert (
        "未投票" in day.inner_text()
        and "没有投票（或弃票）的玩家将记作一张黄牌" in day.inner_text()
    )
    first = day.locator("li.absence").first
    name = first.locator("strong").inner_text()
    first.locator("button", has_text="判黄牌").click()
    page.wait_for_load_state()  # type: ignore[attr-defined]
    page.goto(c.url + "#absences")  # type: ignore[attr-defined]
    done = page.locator("#absences li.absence", has_text=name).first  # type: ignore[attr-defined]
    assert "已判黄牌" in done.inner_text()
    ledger = page.locator("#absences table.ledger tr", has_text=name).inner_text()  # type: ignore[attr-defined]
    assert "黄牌×1" in ledger
    shot(page, "console-absences")
    c.context.close()  # type: ignore[attr-defined]


def _version(page: object) -> str:
    """The page's version (a digest of its viewer's view) as it is now."""
    page.reload()  # type: ignore[attr-defined]
    return str(page.locator("#live").get_attribute("data-seq"))  # type: ignore[attr-defined]


def _awaiting(console: object) -> bool:
    return "有待发布的公示" in console.locator("#summary").inner_text()  # type: ignore[attr-defined]


def _publish(console: object) -> None:
    """发布 what the last close drafted, if it drafted anything public."""
    if _awaiting(console):
        console.click("#review button[value=publish]")  # type: ignore[attr-defined]
        console.wait_for_load_state()  # type: ignore[attr-defined]


def test_a_reviewed_m103_night_runs_to_dawn_alone_and_nobody_sees_it_early(
    server: str, browser: object
) -> None:
    """公示审核 holds only what is public: with review on, M103's night steps (夜晚 → 太医行动 →
    遗言) close with no 发布 between them (the physician is told the 刀口 at once, the victim
    their 遗言 right), and until the director publishes the dawn's drafts, all at once, the
    public page and a seat not involved move not at all from the close into the private 遗言
    stage on: no 结算中, no death, no version change."""
    c = open_console(browser, server, review=True)
    d = c.page
    close_stage(d, c.url)  # 红线 (the cupid did not pick: a random pair, drafted)
    _publish(d)
    for _ in range(4):  # the first night (no kill before a game day) and the first day
        assert not _awaiting(d), d.locator("header").inner_text()  # type: ignore[attr-defined]
        close_stage(d, c.url)
        _publish(d)
        if "第2夜" in d.locator("header").inner_text():  # type: ignore[attr-defined]
            break
    assert "第2夜 夜晚" in d.locator("header").inner_text()  # type: ignore[attr-defined]
    rows = d.locator("#god table tr").all_inner_texts()  # type: ignore[attr-defined]
    lovers = {n for n in c.roles if any(r.startswith(n) and "情侣" in r for r in rows)}
    plain = [
        n
        for n, r in c.roles.items()
        # not the 东宫太子 either: his role card names 讨论日, which the watcher's page must not
        if r not in ("卧底刺客", "妙手太医", "御前侍卫", "牵线红娘", "东宫太子") and n not in lovers
    ]
    victim, watcher = plain[0], plain[1]
    names = list(c.roles)
    # an assassin the cupid's random pair did not take (a lover leaves the assassins' side)
    killer = next(n for n, r in c.roles.items() if r == "卧底刺客" and n not in lovers)
    witch = next(n for n, r in c.roles.items() if r == "妙手太医")
    pages = {}
    for who in (killer, witch, watcher, victim):
        ctx = phone(browser)
        pages[who] = ctx.new_page()  # type: ignore[attr-defined]
        pages[who].goto(c.links[names.index(who)])
    public = phone(browser).new_page()  # type: ignore[attr-defined]
    public.goto(c.url.replace("/director", "/"))
    kill = pages[killer].locator("form.act[data-skill=kill]")
    kill.locator("select[name=targets]").select_option(label=victim)
    kill.locator("button[type=submit]").click()
    pages[killer].wait_for_load_state()

    close_stage(d, c.url)  # 夜晚 closes: the 刀口 goes to the physician, nothing to publish
    assert not _awaiting(d) and "太医行动" in d.locator("header").inner_text()  # type: ignore[attr-defined]
    pages[witch].reload()
    assert victim in pages[witch].locator("form.act[data-skill=save]").inner_text()
    seen = {"public": _version(public), "watcher": _version(pages[watcher])}

    close_stage(d, c.url)  # 太医行动 closes into the private 遗言 stage: still nothing public
    assert not _awaiting(d) and "遗言" in d.locator("header").inner_text()  # type: ignore[attr-defined]
    pages[victim].reload()
    assert pages[victim].locator("form.act[data-skill=last_words]").count() == 1  # told on time
    close_stage(d, c.url)  # 遗言 closes: the dawn, with the night's news, waits for 发布
    assert _awaiting(d)
    drafts = d.locator("#review textarea").evaluate_all("els => els.map(e => e.value)")  # type: ignore[attr-defined]
    assert any(victim in t for t in drafts), drafts  # the whole night's drafts at once
    SHOTS.mkdir(parents=True, exist_ok=True)
    d.locator("#review").screenshot(path=str(SHOTS / "console-dawn-review.png"))  # type: ignore[attr-defined]
    assert {"public": _version(public), "watcher": _version(pages[watcher])} == seen
    for p in (public, pages[watcher]):
        text = p.content()
        assert "结算中" not in text and "讨论日" not in text and "遗言" not in text

    d.click("#review button[value=publish]")  # type: ignore[attr-defined]
    d.wait_for_load_state()  # type: ignore[attr-defined]
    public.reload()
    assert "讨论日" in public.locator("header").inner_text() or "讨论日" in public.content()
    assert victim in public.locator("main").inner_text()
    for p in (*pages.values(), public, d):
        p.context.close()  # type: ignore[attr-defined]


def test_a_reviewed_blue_card_mid_day_holds_no_player(server: str, browser: object) -> None:
    """公示审核 on, the first 讨论日: the director gives a 蓝牌 from the console (asked first, in the
    catalogue's words, that it is published at once). No player is held: a player who had typed
    a thread post meanwhile posts it, his vote form is still there, and the card's announcement
    is on the public page at once, with no 发布."""
    c = open_console(browser, server, review=True)
    d = c.page
    for _ in range(10):  # to the first 讨论日, publishing what each close drafted
        d.goto(c.url)  # type: ignore[attr-defined]
        _publish(d)
        if "讨论日" in d.locator("header").inner_text() and not _awaiting(d):  # type: ignore[attr-defined]
            break
        close_stage(d, c.url)
    assert "讨论日" in d.locator("header").inner_text()  # type: ignore[attr-defined]
    names = list(c.roles)
    carded = names[1]
    player = phone(browser).new_page()  # type: ignore[attr-defined]
    player.goto(c.links[3])
    assert player.locator("form.act[data-skill=vote]").count() == 1
    thread = player.context.new_page()
    thread.goto(c.url.replace("/director", "/thread"))
    thread.fill("textarea[name=text]", "蓝牌之前写下的发言")

    asked: list[str] = []
    d.on("dialog", lambda dialog: asked.append(dialog.message))  # type: ignore[attr-defined]  # (accepted by the phone)
    d.goto(c.url + "#commands")  # type: ignore[attr-defined]
    card = d.locator("details.cmd[data-command=蓝牌]")  # type: ignore[attr-defined]
    card.locator("summary").click()
    card.locator("select[name=player]").select_option(label=carded)
    card.locator("input[name=reason]").fill("刷屏")
    card.locator("button[type=submit]").click()
    d.wait_for_load_state()  # type: ignore[attr-defined]
    assert asked == [texts.COMMAND_CONFIRM.format(name="蓝牌")]
    assert not _awaiting(d)

    thread.click("#post-form button[type=submit]")  # typed before the card: it lands
    thread.wait_for_load_state()
    assert "蓝牌之前写下的发言" in thread.locator("main").inner_text()
    assert "导演正在结算" not in thread.content()
    player.reload()
    assert player.locator("form.act[data-skill=vote]").count() == 1  # the vote form stays
    public = phone(browser).new_page()  # type: ignore[attr-defined]
    public.goto(c.url.replace("/director", "/"))
    assert f"{carded}获得一张【蓝牌】。" in public.locator("main").inner_text()
    for p in (player, public, d):
        p.context.close()  # type: ignore[attr-defined]
