"""``bansha thread read``: GBK pages of several files, the floors and, with a rule set and players,
every vote post and the standing tally, in the JSON shape the director's scripts read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from bansha.cli import app
from bansha.engine.state import Player, State
from bansha.mechanics.thread_tally import Weights
from bansha.rulesets import find_ruleset
from tests.forum.thread_pages import d7_thread, discuz7_pages

PLAYERS = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


def test_reading_gbk_pages_with_votes_and_tally(tmp_path: Path) -> None:
    truth = d7_thread(108)
    files = []
    for n, page in enumerate(discuz7_pages(truth, upper=True), 1):
        f = tmp_path / f"p{n}.htm"
        f.write_bytes(page.encode("gbk"))
        files.append(str(f))
    args = ["thread", "read", files[2], files[0], files[1], "--ruleset", "m103"]
    result = CliRunner().invoke(app, [*args, "--players", ",".join(PLAYERS), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert set(out) == {"floors", "missing", "unknown_times", "votes", "checks", "tally"}
    assert out["missing"] == [] and out["unknown_times"] == []
    assert [f["floor"] for f in out["floors"]] == list(range(1, 109))
    first = out["floors"][0]
    assert set(first) == {
        "floor",
        "pid",
        "author",
        "time",
        "time_latest",
        "shown_time",
        "time_problem",
        "title",
        "body",
        "hidden",
        "code",
        "quotes",
        "edited",
        "fonts",
        "words",
    }
    assert first["author"] == truth[0].author and first["time"].endswith("+08:00")
    assert out["votes"] and set(out["votes"][0]) == {
        "floor",
        "by",
        "kind",
        "for",
        "intended",
        "reason",
        "void",
        "unjudged",
        "warnings",
    }
    kinds = {v["kind"] for v in out["votes"]}
    assert kinds <= {"投票", "改票", "弃权", "废票"} and "投票" in kinds
    standing = sum(out["tally"].values())
    voters = {v["by"] for v in out["votes"] if v["kind"] != "废票" and v["by"] in PLAYERS}
    assert standing == len(voters)
    plain = CliRunner().invoke(app, ["thread", "read", files[0]])
    assert plain.exit_code == 0 and "共 50 楼" in plain.output


def test_a_file_that_is_no_thread_fails_in_chinese(tmp_path: Path) -> None:
    f = tmp_path / "x.txt"
    f.write_text("随便写点什么", encoding="utf-8")
    result = CliRunner().invoke(app, ["thread", "read", str(f)])
    assert result.exit_code == 2 and "没有找到楼层标题行" in result.output


DAY = """1楼 导演 2026-06-01 22:00
第二天讨论帖，关门时间 2026-06-02 22:00
2楼 甲 2026-06-01 22:10
投票对象：乙
投票理由：发言少
3楼 乙 2026-06-01 22:20
投票对象：甲 投票理由：反投
4楼 甲 2026-06-02 10:00
引用 甲 发表于 2026-06-01 22:10
> 投票对象：乙
改票对象：丙
改票理由：想了想
5楼 甲 2026-06-02 11:00
引用 甲 发表于 2026-06-02 10:00
> 改票对象：丙
改票对象：乙
改票理由：再改一次
6楼 乙 2026-06-02 21:30
引用 乙 发表于 2026-06-01 22:20
> 投票对象：甲
改票对象：丙
改票理由：最后一小时
7楼 丙 2026-06-02 22:05
投票对象：甲
投票理由：截止以后
8楼 丁 2026-06-02 12:00
投票对象：乙
投票理由：第一次
9楼 丁 2026-06-02 12:30
投票对象：甲
投票理由：没引用就再投
"""


def _votes(tmp_path: Path, thread: str, *args: str) -> dict[str, object]:
    f = tmp_path / "day.txt"
    f.write_text(thread, encoding="utf-8")
    result = CliRunner().invoke(app, ["thread", "read", str(f), *args, "--json"])
    assert result.exit_code == 0, result.output
    out: dict[str, object] = json.loads(result.output)
    return out


def test_the_tally_follows_m103s_change_rules(tmp_path: Path) -> None:
    """投票规则: one change, quoting the original; none in the last hour; none after the close."""
    out = _votes(
        tmp_path,
        DAY,
        "--ruleset",
        "m103",
        "--players",
        "甲,乙,丙,丁",
        "--close",
        "2026-06-02 22:00",
    )
    votes = out["votes"]
    assert isinstance(votes, list)
    assert [(v["floor"], v["by"], v["kind"], v["for"]) for v in votes] == [
        (2, "甲", "投票", "乙"),
        (3, "乙", "投票", "甲"),
        (4, "甲", "改票", "丙"),
        (5, "甲", "废票", None),
        (6, "乙", "废票", None),
        (7, "丙", "废票", None),
        (8, "丁", "投票", "乙"),
        (9, "丁", "废票", None),
    ]
    assert votes[3]["void"] == "每人只有1次改票机会，你已经改过票了"
    assert votes[4]["void"] == "投票截止前60分钟内不得改票"
    assert votes[5]["void"] == "本阶段已于6月2日 22:00（北京时间）截止"
    assert votes[7]["void"] == "改票时必须引用原投票帖"
    assert out["tally"] == {"甲": 1, "乙": 1, "丙": 1}


def test_without_the_close_the_tally_says_what_it_could_not_check(tmp_path: Path) -> None:
    f = tmp_path / "day.txt"
    f.write_text(DAY, encoding="utf-8")
    result = CliRunner().invoke(
        app, ["thread", "read", str(f), "--ruleset", "m103", "--players", "甲,乙,丙,丁"]
    )
    assert result.exit_code == 0, result.output
    assert "票型：丙 2票，甲 1票，乙 1票" in result.output  # 乙's last-hour change, 丙's late vote
    assert "没有给出 --close" in result.output


def test_acceleration_voids_every_change(tmp_path: Path) -> None:
    """M103: 「进程加速后不允许改票，所有改票作废」 once more than half of the living ask."""
    thread = """1楼 甲 2026-06-01 22:10
投票对象：乙
投票理由：先投
2楼 甲 2026-06-01 22:20
引用 甲 发表于 2026-06-01 22:10
> 投票对象：乙
改票对象：丙
改票理由：改了
3楼 甲 2026-06-01 22:30
申请加速
4楼 乙 2026-06-01 22:40
投票对象：甲
投票理由：反投。申请加速
5楼 乙 2026-06-01 22:50
引用 乙 发表于 2026-06-01 22:40
> 投票对象：甲
改票对象：丙
改票理由：加速以后
"""
    out = _votes(tmp_path, thread, "--ruleset", "m103", "--players", "甲,乙,丙")
    votes = out["votes"]
    assert isinstance(votes, list)
    assert [v["kind"] for v in votes] == ["投票", "改票", "投票", "废票"]
    assert votes[3]["void"] == "进程已加速，不允许改票"
    assert out["tally"] == {"甲": 1, "乙": 1}  # 甲's first vote stands: 所有改票作废


def test_other_rule_sets_change_rules(tmp_path: Path) -> None:
    """bs46 说明2: 「每次投票只允许改票1次」 without M103's quote; XXXII sets no limit (R-XXXII-18)."""
    thread = "".join(
        f"{n}楼 甲 2026-06-01 13:0{n}\n投票对象：{who}\n投票理由：第{n}次\n"
        for n, who in enumerate("乙丙乙丙", 1)
    )
    bs46 = _votes(tmp_path, thread, "--ruleset", "bs46", "--players", "甲,乙,丙")
    assert [v["kind"] for v in bs46["votes"]] == ["投票", "改票", "废票", "废票"]  # type: ignore[attr-defined]
    assert bs46["tally"] == {"丙": 1}
    xxxii = _votes(tmp_path, thread, "--ruleset", "xxxii", "--players", "甲,乙,丙")
    assert [v["kind"] for v in xxxii["votes"]] == ["投票", "改票", "改票", "改票"]  # type: ignore[attr-defined]
    assert xxxii["tally"] == {"丙": 1}


@pytest.mark.parametrize(
    ("content", "args", "message"),
    [
        (None, [], "找不到文件"),
        (b"", [], "是空文件"),
        (b"\x7fELF\x02\x01\x01\x00\x00\x00", [], "不是网页或文字"),
        (
            "<html><head><title>提示信息</title></head><body><div id='messagetext'>"
            "<p>抱歉，本帖要求阅读权限高于 10 才能浏览</p></div></body></html>".encode(),
            [],
            "论坛的提示页（抱歉，本帖要求阅读权限高于 10 才能浏览）",
        ),
        (b"<html><body><div>news</div></body></html>", [], "没有找到任何楼层"),
        (DAY.encode(), ["--ruleset", "m999", "--players", "甲,乙"], "找不到规则「m999」"),
        (DAY.encode(), ["--ruleset", "m186", "--players", "甲,乙"], "没有在帖子里投票的阶段"),
        (DAY.encode(), ["--ruleset", "m103"], "请同时给出 --ruleset"),
        (DAY.encode(), ["--ruleset", "m103", "--players", "甲,甲"], "「甲」写了两次"),
        (DAY.encode(), ["--tz", "Mars/Base"], "未知的时区「Mars/Base」"),
        (
            DAY.encode(),
            ["--ruleset", "m103", "--players", "甲", "--close", "明天"],
            "时间「明天」不对",
        ),
    ],
    ids=[
        "missing",
        "empty",
        "binary",
        "forum notice",
        "other page",
        "rule set",
        "no thread votes",
        "no players",
        "player twice",
        "zone",
        "close",
    ],
)
def test_every_refusal_is_chinese_without_a_traceback(
    tmp_path: Path, content: bytes | None, args: list[str], message: str
) -> None:
    f = tmp_path / "page.htm"
    if content is not None:
        f.write_bytes(content)
    result = CliRunner().invoke(app, ["thread", "read", str(f), *args])
    assert result.exit_code == 2, result.output
    assert "".join(message.split()) in "".join(result.output.split())
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output


# ------------------------------------------------------------ the rule set's weights
WEIGHED = (
    "1楼 甲 2026-06-01 20:10\n投票对象：乙\n投票理由：划水\n"
    "2楼 丙 2026-06-01 20:20\n投票对象：乙\n投票理由：跟票\n"
    "3楼 乙 2026-06-01 20:30\n投票对象：甲\n投票理由：反投\n"
    "4楼 丁 2026-06-01 20:40\n投票对象：弃权\n投票理由：再看看\n"
)


def _weighed(tmp_path: Path, ruleset: str, *extra: str) -> Any:
    page = tmp_path / "day.txt"
    page.write_text(WEIGHED, encoding="utf-8")
    args = ["thread", "read", str(page), "--ruleset", ruleset, "--players", "甲,乙,丙,丁"]
    return CliRunner().invoke(app, [*args, *extra, "--json"])


def test_the_sheriffs_vote_weighs_as_in_the_game(tmp_path: Path) -> None:
    """M103 带队<强制> 「计算投票数量时警长投出的票计为1.5票」: the sheriff the director names counts
    1.5, by the rule set's own ``vote_weight`` (the one its day tally uses)."""
    plain = json.loads(_weighed(tmp_path, "m103").output)
    assert plain["tally"] == {"乙": 2, "甲": 1, "弃权": 1}
    result = _weighed(tmp_path, "m103", "--sheriff", "乙")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["tally"] == {"乙": 2, "甲": 1.5, "弃权": 1}
    args = ["thread", "read", str(tmp_path / "day.txt"), "--ruleset", "m103"]
    text = CliRunner().invoke(app, [*args, "--players", "甲,乙,丙,丁", "--sheriff", "乙"])
    assert "乙 2票，甲 1.5票，弃权 1票" in "".join(text.output.split("\n"))


def test_a_player_without_a_vote_is_void_and_not_counted(tmp_path: Path) -> None:
    """R-M103-06: the 太子 who used 谁敢动我 has lost his vote; the director names him."""
    result = _weighed(tmp_path, "m103", "--no-vote", "丙")
    out = json.loads(result.output)
    assert [(v["by"], v["kind"], v["void"]) for v in out["votes"]][1] == (
        "丙",
        "废票",
        "「丙」已失去投票权",
    )
    assert out["tally"] == {"甲": 1, "乙": 1, "弃权": 1}


@pytest.mark.parametrize("rid", ["m103", "standard12", "guard12"])
def test_the_weights_are_the_rule_sets_own(rid: str) -> None:
    """One code path: the command line's weights are the rule set's ``vote_weight`` and
    ``may_vote`` at a table whose sheriff the director names."""
    rs = find_ruleset(rid)
    roster = ["甲", "乙", "丙"]
    weights = Weights.of(rs, roster, 1, [2])
    state = State(players=[Player(i, n) for i, n in enumerate(roster)])
    state.holders.update({status: 1 for status in rs.weighted_statuses()})
    assert [weights.weight(s) for s in range(3)] == [rs.vote_weight(state, s) for s in range(3)]
    assert weights.weight(1) > 1 and weights.weight(0) == 1
    assert [weights.may_vote(s) for s in range(3)] == [True, True, False]


def test_a_rule_set_without_a_sheriff_refuses_one(tmp_path: Path) -> None:
    result = _weighed(tmp_path, "bs46", "--sheriff", "乙")
    assert result.exit_code == 2 and "没有警长" in result.output
    result = _weighed(tmp_path, "m103", "--sheriff", "戊")
    assert result.exit_code == 2 and "「戊」不在 --players 的玩家名单里" in result.output
