"""Announcements as Discuz! BBCode."""

from bansha.forum import bbcode


def test_grouped_by_phase_and_escaped() -> None:
    text = bbcode.announcements(
        [
            {"phase": "night 1", "text": "【第1夜】入夜。"},
            {"phase": "day 1", "text": "甲的遗言：[b]我是好人[/b]"},
            {"phase": "day 1", "text": "乙当选警长。"},
        ],
        title="[M103]『菁华浮梦』",
    )
    lines = text.splitlines()
    assert lines[0] == "[size=4][b]［M103］『菁华浮梦』[/b][/size]"
    assert "[b]【第1夜】[/b]" in lines
    assert "甲的遗言：［b］我是好人［/b］" in lines
    assert lines.count("[b]【第1天】[/b]") == 1


def _public_view() -> dict[str, object]:
    from bansha.engine import Close, Vote
    from bansha.engine.views import view
    from tests.helpers import m103_game

    g = m103_game()
    for _ in range(6):
        if g.state.stage_key == "day":
            break
        g.handle(Close())
    living = list(g.state.living())
    g.handle(Vote(living[0], living[1]))
    g.handle(Vote(living[2], living[1]))
    g.handle(Vote(living[3], None))
    return view(g, "public")


def test_morning_report_and_vote_tally_in_each_dialect() -> None:
    v = _public_view()
    names = [p["name"] for p in v["players"]]  # type: ignore[index]
    out = {d: bbcode.everything(v, "[M103]", d) for d in bbcode.DIALECTS}
    assert "[table]" in out["discuz"]["票型"] and "[table]" in out["phpwind"]["票型"]
    assert "[" not in out["text"]["票型"].replace("[M103]", "")
    tally = out["text"]["票型"]
    assert "弃权" in tally and tally.index("2") < tally.index("弃权")  # the leader first
    assert "存活玩家" in out["discuz"]["晨报"] and "[b]" in out["discuz"]["晨报"]
    assert "[b]" not in out["text"]["晨报"]
    assert "揭秘" not in out["discuz"]  # only once the game is over
    assert all(
        n in out["text"]["晨报"]
        for n in names
        if not any(
            p["name"] == n and p["out"]
            for p in v["players"]  # type: ignore[index]
        )
    )


def test_a_first_day_that_announced_nothing_yet_is_headed_by_its_day() -> None:
    """「晨报在讨论帖开门时发布」: bs46's first day opens with only the opening announced; its
    晨报 is the first day's, holding the opening's announcements."""
    v = {
        "phase": "day 1",
        "announcements": [{"phase": "start", "text": "游戏开始。"}],
        "players": [{"name": "甲", "out": False}],
    }
    report = bbcode.morning_report(v, "[版杀46]", "text")
    assert "第1天晨报" in report.splitlines()[0] and "游戏开始。" in report
    assert "开局晨报" not in report


def test_the_reveal_as_a_table_once_the_game_is_over() -> None:
    from bansha.engine import Game
    from bansha.engine.views import view
    from bansha.rulesets import find_ruleset
    from bansha.sim.play import play_random
    from tests.helpers import M103_NAMES

    g = Game.create(find_ruleset("m103"), M103_NAMES, 8)
    play_random(g, 8)
    out = bbcode.everything(view(g, "public"), "[M103]", "discuz")
    assert "[table]" in out["揭秘"] and "获胜" in out["揭秘"]
    assert all(name in out["揭秘"] for name in M103_NAMES)
