"""公示审核 (option ``review``): what the machine resolves (a stage close that drafts an
announcement) stays a draft until the director publishes it, edited if need be, and the last
unpublished command can be taken back (撤销). A director's own command is published as it lands
(the director is awake and chose it): it never holds the players; given while a close's drafts
wait, it joins them."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from bansha.engine import Act, Close, Director, Event, Game, Post, RuleError, Vote
from bansha.engine.state import fold
from bansha.engine.views import view
from bansha.rulesets import find_ruleset
from bansha.sim.agents import random_command
from tests.helpers import M103_DEAL, M103_NAMES

BS46_NAMES = [f"玩家{i}" for i in range(16)]
START = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def _bs46(review: bool = True) -> Game:
    options = {"review": review, "start_at": START.isoformat()}
    return Game.create(find_ruleset("bs46", options), BS46_NAMES, 3)


def _texts(v: dict[str, object]) -> list[str]:
    return [a["text"] for a in v["announcements"]]  # type: ignore[index, union-attr]


def test_results_stay_drafts_until_published() -> None:
    g = _bs46()
    before = _texts(view(g, 0))
    g.handle(Close(at=START + timedelta(hours=24)))  # day 1 vote closes: a result is drafted
    player, public, director = view(g, 0), view(g, "public"), view(g, "director")
    assert _texts(player) == before and _texts(public) == before
    # nothing tells the waiting: the stage as it was (no 结算中), only the forms are gone
    assert player["legal"] == [] and player["stage"] == public["stage"] == "第一轮投票"
    drafts = director["review"]["drafts"]
    assert director["review"]["awaiting"] and drafts
    assert all(d["text"] in _texts(director) for d in drafts)


def test_players_cannot_act_while_results_await_publication() -> None:
    g = _bs46()
    g.handle(Close(at=START + timedelta(hours=24)))
    with pytest.raises(RuleError, match="公示发布后"):
        g.handle(Act(0, "check", (1,)))


def test_publishing_with_an_edit_shows_the_edited_text() -> None:
    g = _bs46()
    g.handle(Close(at=START + timedelta(hours=24)))
    draft = view(g, "director")["review"]["drafts"][0]
    g.handle(Director("发布", {"edits": {str(draft["position"]): "今日公示（导演修改）"}}, START))
    texts = _texts(view(g, 5))
    assert "今日公示（导演修改）" in texts and draft["text"] not in texts
    acting = [p.seat for p in g.state.players if p.alive and p.role != "civilian"]
    assert acting and all(view(g, seat)["legal"] for seat in acting), "the night is open again"
    assert g.state.awaiting is None


def test_a_stage_timed_in_minutes_gets_back_the_minutes_it_waited() -> None:
    rs = find_ruleset("m103", {"review": True, "start_at": START.isoformat()})
    g = Game.create(rs, M103_NAMES, 3, {i: rs.role_key(r) for i, r in enumerate(M103_DEAL)})
    g.handle(Director("发布", {}, START))  # the opening's announcements, at once
    closed = START + timedelta(minutes=60)
    g.handle(Close(at=closed))  # 红线 closes: the night opens, a 30-minute window (R-M103-18)
    assert g.state.deadline == closed + timedelta(minutes=30)
    g.handle(Director("发布", {}, closed + timedelta(minutes=90)))
    assert g.state.deadline == closed + timedelta(minutes=30 + 90)


def test_a_stage_at_a_clock_time_keeps_it_after_the_wait() -> None:
    # R-BS46-12: 夜晚 12:00–20:00; publishing late does not move 20:00 (R-ALL-10)
    g = _bs46()
    closed = START + timedelta(hours=24)  # 20:00 Beijing time
    g.handle(Close(at=closed))
    deadline = g.state.deadline
    assert deadline is not None and deadline.astimezone(UTC).hour == 12  # 次日20:00 Beijing
    g.handle(Director("发布", {}, closed + timedelta(minutes=90)))
    assert g.state.deadline == deadline


def test_undo_takes_back_the_last_unpublished_command() -> None:
    """A command given while a close's drafts wait joins them: 撤销 takes it back first (the
    close's drafts still wait), then the close."""
    g = _bs46()
    g.handle(Close(at=START + timedelta(hours=24)))  # day 1's vote: its result is a draft
    assert g.state.awaiting is not None
    stored = len(g.events)
    fingerprint = g.state.fingerprint()
    seat = next(p.seat for p in g.state.players if p.alive)
    g.handle(Director("判死", {"seat": seat}, START + timedelta(hours=25)))
    assert not g.state.players[seat].alive and len(g.state.commands) == 2  # it joined the drafts
    assert view(g, "director")["review"]["undo"] == "判死"
    g.handle(Director("撤销"))
    assert g.state.players[seat].alive  # back as it was
    assert len(g.events) > stored  # nothing deleted: the store only grows
    assert g.state.fingerprint()[:-1] == fingerprint[:-1]  # all but the event count
    replayed = Game.replay(g.ruleset, [Event.from_json(e.to_json()) for e in g.events])
    assert replayed.state.fingerprint() == g.state.fingerprint()
    assert g.state.awaiting is not None  # the close's drafts still wait
    assert view(g, "director")["review"]["undo"] == "结束阶段"
    g.handle(Director("撤销"))
    assert g.state.awaiting is None and g.state.stage == "第一轮投票"  # nothing left to publish
    with pytest.raises(RuleError, match="没有可撤销") as refused:
        g.handle(Director("撤销"))
    assert "立即发布" in refused.value.message  # what can be taken back, and what cannot


def test_published_results_cannot_be_undone() -> None:
    g = _bs46()
    g.handle(Close(at=START + timedelta(hours=24)))
    g.handle(Director("发布", {}, START + timedelta(hours=24)))
    with pytest.raises(RuleError, match="没有可撤销"):
        g.handle(Director("撤销"))
    with pytest.raises(RuleError, match="没有待发布"):
        g.handle(Director("发布"))


def test_without_review_results_are_public_at_once_and_nothing_is_undone() -> None:
    g = _bs46(review=False)
    before = len(_texts(view(g, 0)))
    g.handle(Close(at=START + timedelta(hours=24)))
    assert len(_texts(view(g, 0))) > before
    with pytest.raises(RuleError, match="没有可撤销"):
        g.handle(Director("撤销"))


def test_undoing_a_close_and_closing_again_gives_the_same_draws() -> None:
    g = Game.create(find_ruleset("m103", {"review": True}), M103_NAMES, 11)
    g.handle(Director("发布"))  # the opening's announcements
    g.handle(Close())
    first = [e.to_json() for e in g.events[-20:] if e.chance]
    g.handle(Director("撤销"))
    g.handle(Close())
    again = [e.to_json() for e in g.events[-20:] if e.chance]
    assert first == again  # taking back a close cannot re-roll the dice


def _play_reviewed(g: Game, rng: random.Random, undo_rate: float, stop_unpublished: bool) -> None:
    """Random players; the director publishes every result (and sometimes takes one back first).
    With ``stop_unpublished`` the game's last result is left unpublished."""
    for _ in range(400):
        if g.state.ended and (stop_unpublished or g.state.awaiting is None):
            return
        if g.state.awaiting is not None:
            # the opening's announcements are published, never taken back
            if g.state.commands[-1:] != [g.state.opening] and rng.random() < undo_rate:
                g.handle(Director("撤销"))
            else:
                g.handle(Director("发布"))
                assert g.state.published == len(g.events) - 1 and not g.state.commands
            continue
        for seat in range(len(M103_NAMES)):
            cmd = random_command(rng, seat, g.legal(seat), 0.2)
            if cmd is not None:
                g.handle(cmd)
                if g.state.awaiting is not None or g.state.ended:
                    break
        if g.state.awaiting is None and not g.state.ended:
            g.handle(Close())


def test_the_opening_announcements_wait_and_cannot_be_taken_back() -> None:
    g = Game.create(find_ruleset("m103", {"review": True}), M103_NAMES, 3)
    assert view(g, "public")["announcements"] == [] and g.state.awaiting is not None
    assert view(g, 0)["me"]["role"]  # the deal reaches every player at once
    assert view(g, "director")["review"]["undo"] is None  # no 撤销 button offered for it
    with pytest.raises(RuleError, match="开局的公示不能撤销"):
        g.handle(Director("撤销"))
    g.handle(Director("发布"))
    assert view(g, "public")["announcements"] and g.state.awaiting is None


def test_random_games_with_publishing_and_undo_keep_replay_equal_to_live() -> None:
    for seed in range(40):
        g = Game.create(find_ruleset("m103", {"review": True}), M103_NAMES, seed)
        _play_reviewed(g, random.Random(seed), undo_rate=0.2, stop_unpublished=False)
        assert g.state.ended
        assert fold(g.events).fingerprint() == g.state.fingerprint()


def test_the_reveal_carries_the_whole_timeline_only_once_published() -> None:
    for seed in range(5, 40):  # a game whose end comes from a stage close (not a surrender)
        g = Game.create(find_ruleset("m103", {"review": True}), M103_NAMES, seed)
        _play_reviewed(g, random.Random(seed), undo_rate=0.0, stop_unpublished=True)
        if g.state.awaiting is not None:
            break
    assert g.state.ended and g.state.awaiting is not None
    assert "reveal" not in view(g, 0)  # the end is not public before the director publishes it
    g.handle(Director("发布"))
    timeline = view(g, 0)["reveal"]["timeline"]
    text = "\n".join(line for t in timeline for line in t["lines"])
    assert timeline[0]["phase"] == "start" and "【红线】" in text
    assert any("出局" in line for t in timeline for line in t["lines"])


def _m103_night(review: bool = True) -> Game:
    rs = find_ruleset("m103", {"review": review, "start_at": START.isoformat()})
    g = Game.create(rs, M103_NAMES, 3, {i: rs.role_key(r) for i, r in enumerate(M103_DEAL)})
    if g.state.awaiting is not None:  # the opening's announcements, before its first close
        g.handle(Director("发布", {}, START + timedelta(minutes=60)))
    g.handle(Close(at=START + timedelta(minutes=60)))  # 红线 closes, the first night opens
    if g.state.awaiting is not None:
        g.handle(Director("发布", {}, START + timedelta(minutes=60)))
    assert g.state.stage_key == "night"
    return g


def test_a_close_with_nothing_public_is_published_as_it_lands() -> None:
    """公示审核 holds only what is public: M103's night steps before dawn draft no announcement,
    so each close proceeds at once (private results on time, the next stage open), exactly as
    without review; the dawn close, with the night's announcements, waits for 发布."""
    reviewed, plain = _m103_night(), _m103_night(review=False)
    at = START + timedelta(minutes=90)
    while plain.state.stage_key != "day":
        for g in (reviewed, plain):
            g.handle(Close(at=at))
        if plain.state.stage_key != "day":
            assert reviewed.state.awaiting is None, reviewed.state.stage
            assert reviewed.state.stage_key == plain.state.stage_key
            for seat in range(len(M103_NAMES)):
                assert view(reviewed, seat)["notices"] == view(plain, seat)["notices"]
    assert reviewed.state.awaiting is not None and view(reviewed, "director")["review"]["drafts"]
    assert view(reviewed, "public")["stage"] != "讨论日"  # the public sees no dawn yet


def test_a_director_command_is_published_as_it_lands() -> None:
    """Whoever sees it (免罚: the director alone; 警告: the player and the table), a director's
    command given with nothing waiting is published at once: the players keep their forms."""
    g = _bs46()
    g.handle(Close(at=START + timedelta(hours=24)))
    g.handle(Director("发布", {}, START + timedelta(hours=24)))
    legal = {seat: g.legal(seat) for seat in range(len(BS46_NAMES))}
    g.handle(Director("免罚", {"seat": 1, "absence": 3}, START + timedelta(hours=25)))
    assert g.state.awaiting is None and g.events[-1].data.get("auto") is True
    told = len(view(g, 1)["record"])
    g.handle(Director("警告", {"seat": 1}, START + timedelta(hours=25)))  # reaches the player
    assert g.state.awaiting is None and g.events[-1].data.get("auto") is True
    assert len(view(g, 1)["record"]) > told  # told at once
    assert {seat: g.legal(seat) for seat in legal} == legal
    with pytest.raises(RuleError, match="没有可撤销"):  # published: it stays
        g.handle(Director("撤销"))


def _m103_day(review: bool) -> Game:
    """M103's first 讨论日, every result before it published."""
    g = _m103_night(review)
    at = START + timedelta(minutes=90)
    while g.state.stage_key != "day":
        g.handle(Close(at=at))
        if g.state.awaiting is not None:
            g.handle(Director("发布", {}, at))
    return g


def test_a_blue_card_mid_day_holds_nobody() -> None:
    """A 蓝牌 given mid-day with 公示审核 on: every seat and the public see exactly what they see
    without review, at once; each player's page changes only by the card's public announcement
    (the carded player's also by his own notice and record), and every form stays: the players
    go on voting and posting."""
    reviewed, plain = _m103_day(True), _m103_day(False)
    viewers: list[int | str] = [*range(len(M103_NAMES)), "public"]
    before = {v: view(reviewed, v) for v in viewers}
    legal = {seat: reviewed.legal(seat) for seat in range(len(M103_NAMES))}
    at = START + timedelta(days=1, hours=2)
    for g in (reviewed, plain):
        g.handle(Director("蓝牌", {"seat": 1, "reason": "刷屏"}, at))
    assert reviewed.state.awaiting is None
    for v in viewers:
        after = view(reviewed, v)
        assert after == view(plain, v), v
        changed = {k for k in after if after[k] != before[v].get(k)}
        assert changed == (
            {"announcements", "notices", "penalties", "record"} if v == 1 else {"announcements"}
        ), (v, changed)
        new = [a for a in after["announcements"] if a not in before[v]["announcements"]]
        assert [a["text"] for a in new] == ["乙获得一张【蓝牌】。"], v
    assert {seat: reviewed.legal(seat) for seat in legal} == legal
    voter = next(s for s, acts in legal.items() if any(la.skill == "vote" for la in acts))
    reviewed.handle(Vote(voter, 2, at + timedelta(minutes=1)))  # the players keep acting
    reviewed.handle(Post(voter, "继续讨论", at=at + timedelta(minutes=2)))
    assert view(reviewed, "public")["votes"] and reviewed.state.awaiting is None


def test_a_card_given_at_night_is_told_at_once_and_announced_at_dawn() -> None:
    """R-ALL-11, R-M103-19: a card given at night is told to its player at once and announced
    when the day begins. The director's command is published as it lands (nobody is held); the
    dawn close drafts the card's announcement with the rest of the night's, reviewed at once."""
    g = _m103_night()
    at = START + timedelta(minutes=80)
    g.handle(Director("黄牌", {"seat": 13, "reason": "昨日未投票"}, at))
    assert g.state.awaiting is None  # the director's own command holds nobody
    assert any("昨日未投票" in n["text"] for n in view(g, 13)["notices"])
    assert "黄牌" not in " ".join(a["text"] for a in view(g, "public")["announcements"])
    while g.state.stage_key != "day":
        assert g.state.awaiting is None, g.state.stage  # the night's steps need nobody
        g.handle(Close(at=at))
    drafts = [d["text"] for d in view(g, "director")["review"]["drafts"]]
    assert "卯获得一张【黄牌】。" in drafts and len(drafts) > 1  # with the night's other news
    public = " ".join(a["text"] for a in view(g, "public")["announcements"])
    assert "黄牌" not in public and view(g, 13)["stage"] != "讨论日"
    g.handle(Director("发布", {}, at))
    assert "卯获得一张【黄牌】。" in [a["text"] for a in view(g, "public")["announcements"]]


def test_a_stage_the_players_have_not_seen_open_cannot_be_closed() -> None:
    """While drafts wait (here the opening's), the players see neither the stage nor a form:
    closing it would end a stage nobody could act in and count every living player absent."""
    g = Game.create(find_ruleset("m103", {"review": True}), M103_NAMES, 11)
    assert g.state.awaiting is not None and g.legal(0) == []
    stored = len(g.events)
    with pytest.raises(RuleError, match="还有待发布的公示"):
        g.handle(Close())
    assert len(g.events) == stored
    g.handle(Director("发布"))
    g.handle(Close())  # published: the stage may close
