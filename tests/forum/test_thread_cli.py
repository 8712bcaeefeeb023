"""``bansha thread read``: GBK pages of several files, the floors and, with a rule set and players,
every vote post and the standing tally, in the JSON shape the director's scripts read."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from bansha.cli import app
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
    assert set(out) == {"floors", "votes", "tally"}
    assert [f["floor"] for f in out["floors"]] == list(range(1, 109))
    first = out["floors"][0]
    assert set(first) == {"floor", "author", "time", "body", "quotes", "edited"}
    assert first["author"] == truth[0].author and first["time"].endswith("+08:00")
    assert out["votes"] and set(out["votes"][0]) == {
        "floor",
        "by",
        "kind",
        "for",
        "reason",
        "void",
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
