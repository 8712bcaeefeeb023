"""Floors missing between the pages read are reported (「缺少第51–100楼，可能少读了一页」), and the
posts a forum hides (banned author, screened, visible to its author only, deleted) are listed as
hidden floors, never read as a quote or a vote, in an import and in ``bansha thread read``."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from bansha.cli import app
from bansha.forum.cli import read_votes
from bansha.forum.posts import Gap
from bansha.forum.threads import read_pages
from tests.forum.thread_pages import PLAYERS, discuz_pages, make_thread

TYPED = Path(__file__).parent / "fixtures" / "typed"


def test_pages_not_read_leave_a_gap_that_is_reported(tmp_path: Path) -> None:
    pages = discuz_pages(make_thread(150), per_page=50)
    thread = read_pages([pages[0], pages[2]])
    assert len(thread.posts) == 100
    assert thread.missing == [Gap(51, 100)]
    assert thread.missing[0].describe() == "缺少第51–100楼，可能少读了一页"
    files = []
    for n in (0, 2):
        f = tmp_path / f"p{n + 1}.htm"
        f.write_text(pages[n], encoding="utf-8")
        files.append(str(f))
    result = CliRunner().invoke(app, ["thread", "read", *files])
    assert result.exit_code == 0 and "缺少第51–100楼，可能少读了一页" in result.stdout
    only_late = read_pages([pages[1]])
    assert only_late.missing == [Gap(1, 50)]  # the first page was not given


def test_a_floor_or_two_missing_reads_as_deleted_posts() -> None:
    pages = discuz_pages(make_thread(40), per_page=20)
    page = pages[0].split('<div id="post_')
    kept = [part for part in page if not part.startswith(("900035", "900042"))]  # floors 5, 6
    thread = read_pages(['<div id="post_'.join(kept), pages[1]])
    assert [g.describe() for g in thread.missing] == ["缺少第5–6楼，可能已被删除或屏蔽"]


def test_hidden_floors_are_never_votes_or_quotes() -> None:
    thread = read_pages([(TYPED / "discuzx34_tc_big5.htm").read_bytes().decode("big5hkscs")])
    hidden = {p.floor: p.hidden for p in thread.posts if p.hidden}
    assert hidden == {
        6: "提示: 作者被禁止或刪除 內容自動屏蔽",
        7: "無效樓層，該帖已經被刪除",
        8: "此帖僅作者可見",
    }
    assert thread.missing == []  # a deleted floor keeps its number: no gap
    lines, _, _ = read_votes(
        thread.posts,
        "m103",
        [*PLAYERS, "花千樹", "不見", "白芷", "tkzc", "青衫", "落雪", "孤城"],
        None,
        "Asia/Shanghai",
    )
    assert not {line.floor for line in lines} & set(hidden)


def test_the_json_lists_what_is_missing_and_hidden(tmp_path: Path) -> None:
    f = tmp_path / "tc.htm"
    f.write_bytes((TYPED / "discuzx34_tc_big5.htm").read_bytes())
    out = json.loads(CliRunner().invoke(app, ["thread", "read", str(f), "--json"]).stdout)
    assert out["missing"] == []
    assert [x["floor"] for x in out["floors"] if x["hidden"]] == [6, 7, 8]
