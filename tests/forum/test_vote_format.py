"""The vote-post format is the rule set's data (``thread.vote_format``): a director whose rule post
asks for 「票投：名字」 writes a variant file, and bansha's own thread and ``bansha thread read``
read votes in that format, with M103's labels as look-alikes (listed as 废票, never dropped)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from bansha.cli import app
from bansha.engine import Close, Game, Post
from bansha.rulesets import find_ruleset

VARIANT = """extends: m103
id: piaotou
title: 票投格式的菁华浮梦
thread:
  vote_format:
    vote: {target: 票投}
    abstain: [弃权]
    reason_required: false
    look_alikes: {投票对象: 票投, 投票: 票投}
    hint: 投票格式：票投：名字（改票请引用原投票帖，再写一次票投）
"""
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


def _variant(tmp_path: Path) -> Path:
    f = tmp_path / "piaotou.yaml"
    f.write_text(VARIANT, encoding="utf-8")
    return f


def test_the_variant_replaces_the_format_whole_and_keeps_the_rest(tmp_path: Path) -> None:
    rules = find_ruleset(str(_variant(tmp_path))).data["thread"]
    assert rules["vote_format"]["vote"] == {"target": "票投"}
    assert "change" not in rules["vote_format"]  # not merged with M103's labels
    assert rules["change_quotes_original"] is True  # M103's other thread rules stay


def test_bansha_s_own_thread_reads_the_directors_format(tmp_path: Path) -> None:
    g = Game.create(find_ruleset(str(_variant(tmp_path))), NAMES, 3)
    while g.state.stage_key != "day":
        g.handle(Close())
    a, b, c = list(g.state.living())[:3]
    g.handle(Post(a, f"票投：{NAMES[b]}"))
    g.handle(Post(c, f"投票对象：{NAMES[b]}\n投票理由：砍"))
    g.handle(Post(a, f"票投：{NAMES[c]}", 1))  # the change quotes the original
    votes = [ev.data["vote"] for ev in g.events if ev.kind == "posted"]
    assert [(v["kind"], v["target"]) for v in votes] == [
        ("vote", NAMES[b]),
        ("void", NAMES[b]),  # 废票: what it named is kept for the director
        ("change", NAMES[c]),
    ]
    assert "「投票对象：」应写作「票投：」" in votes[1]["error"]
    assert [(x.voter, x.target) for x in g.state.ballots] == [(a, b), (a, c)]


def test_bansha_thread_read_reads_the_directors_format(tmp_path: Path) -> None:
    page = tmp_path / "day.txt"
    page.write_text(
        "1楼 甲 2026-06-01 22:10\n票投：乙\n"
        "2楼 乙 2026-06-01 22:20\n投票对象：甲\n投票理由：反投\n"
        "3楼 丙 2026-06-01 22:30\n票投：弃权\n",
        encoding="utf-8",
    )
    args = ["thread", "read", str(page), "--ruleset", str(_variant(tmp_path))]
    result = CliRunner().invoke(app, [*args, "--players", "甲,乙,丙", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert [(v["by"], v["kind"], v["for"]) for v in out["votes"]] == [
        ("甲", "投票", "乙"),
        ("乙", "废票", None),
        ("丙", "弃权", None),
    ]
    assert "「投票对象：」应写作「票投：」" in out["votes"][1]["void"]
    assert out["tally"] == {"乙": 1, "弃权": 1}
