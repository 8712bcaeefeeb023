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
