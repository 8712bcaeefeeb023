"""Every row of docs/vote-posts.md: posted in bansha's own thread (M103), imported from a saved
Discuz! 7 page (GBK, the markup the forum prints) and read from that page by ``bansha thread read``,
with the same result in all three and the one the table gives."""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from lxml import html as lxml_html

from bansha.engine import Game, Post
from bansha.forum.charset import decode
from bansha.forum.cli import read_votes
from bansha.forum.imports import read_thread
from bansha.forum.threads import Thread, parse_any
from tests.forum.thread_pages import d7_thread, discuz7_pages
from tests.helpers import M103_NAMES, m103_day

DOC = Path(__file__).parents[2] / "docs" / "vote-posts.md"
NAMES = ["花千树", "不见", "白芷", "tkzc", "～星辰～", *M103_NAMES[5:]]
VOTED = ("花千树", "不见", "白芷", "tkzc", "～星辰～")
KINDS = {"vote": "投票", "change": "改票", "abstain": "弃权", "void": "废票"}


@dataclass
class Row:
    form: str
    text: str
    quoted: bool
    voted: bool
    """The author voted before this post (a quoted change quotes that vote)."""
    other: bool
    """The post quotes the thread's first floor, someone else's post, instead."""
    result: str
    note: str


def rows() -> list[Row]:
    out = []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 5 or not cells[1].startswith("`"):
            continue
        out.append(
            Row(
                cells[0],
                cells[1].strip("`").replace("⏎", "\n"),
                cells[2] == "是",
                cells[2] != "否",
                cells[2].startswith("引用别人"),
                cells[3],
                cells[4],
            )
        )
    return out


ROWS = rows()


def test_the_table_has_every_form() -> None:
    assert len(ROWS) >= 25
    assert {r.result.split()[0] for r in ROWS} == {"投票", "改票", "弃权", "废票", "不是投票帖"}


def _voter(g: Game) -> int:
    return next(s for s in g.state.living() if NAMES[s] not in VOTED)


def _quoted(row: Row) -> int | None:
    """The floor the row's post quotes: the voter's earlier post (2), someone else's (1)."""
    return 2 if row.quoted else 1 if row.other else None


def own_thread(row: Row) -> tuple[str, str]:
    """(result, note) of the post in bansha's own thread: floor 1 another player's, floor 2 the
    voter's earlier post, floor 3 the row's (as on the page)."""
    g = m103_day(NAMES)
    seat = _voter(g)
    g.handle(Post(next(s for s in g.state.living() if s != seat), "第1天讨论帖"))
    g.handle(Post(seat, "投票对象：tkzc\n投票理由：先投一票" if row.voted else "先听听大家怎么说"))
    g.handle(Post(seat, row.text, _quoted(row)))
    vote = next(ev.data["vote"] for ev in reversed(g.events) if ev.kind == "posted")
    if vote is None:
        return "不是投票帖", ""
    return _result(vote["kind"], vote["target"]), vote.get("error") or "；".join(vote["warnings"])


def _html(text: str) -> str:
    """A post body as the forum renders the BBCode a player typed."""
    out = escape(text)
    out = re.sub(r"\[b\](.*?)\[/b\]", r"<strong>\1</strong>", out)
    out = re.sub(r"\[color=(\w+)\](.*?)\[/color\]", r'<font color="\1">\2</font>', out)
    out = re.sub(r"\[size=(\d)\](.*?)\[/size\]", r'<font size="\1">\2</font>', out)
    out = re.sub(
        r"\[code\](.*?)\[/code\]",
        lambda m: (
            '<div class="blockcode"><h5>代码:</h5><code id="code0">'
            + m.group(1).replace("\n", "<br />")
            + "</code><em onclick=\"copycode($('code0'));\">复制内容到剪贴板</em></div>"
        ),
        out,
        flags=re.S,
    )
    return out.replace("\n", "<br />\r\n")


def real_page(voter: str, row: Row) -> str:
    """A saved Discuz! 7 page, its first three floors made the test's: the director's opening
    post, the voter's earlier vote (quoted by a change; otherwise a post that is no vote) and the
    post of the row, as in bansha's own thread."""
    saved = discuz7_pages(d7_thread(7))[0].encode("gbk")
    root = lxml_html.fromstring(decode(saved))
    tables = root.xpath("//table[starts-with(@id,'pid')]")[:3]
    bodies = [
        "第1天讨论帖",
        "投票对象：tkzc<br />投票理由：先投一票" if row.voted else "先听听大家怎么说",
        _html(row.text),
    ]
    floor = _quoted(row)
    if floor is not None:
        pid = tables[floor - 1].get("id")[3:]
        author, words = (voter, bodies[1]) if floor == 2 else ("导演", bodies[0])
        bodies[2] = (
            '<div class="quote"><blockquote>原帖由 <i>'
            f"{escape(author)}</i> 于 2010-7-15 15:27 发表 "
            f'<a href="redirect.php?goto=findpost&amp;pid={pid}&amp;ptid=52914">›</a><br />'
            f"{words}</blockquote></div>" + bodies[2]
        )
    for table, author, body in zip(tables, ["导演", voter, voter], bodies, strict=True):
        table.xpath(".//td[contains(@class,'postauthor')]//cite//a")[0].text = author
        message = table.xpath(".//*[starts-with(@id,'postmessage_')]")[0]
        for child in list(message):
            message.remove(child)
        fragment = lxml_html.fragment_fromstring(body, create_parent="div")
        message.text = fragment.text
        for child in fragment:
            message.append(child)
    return lxml_html.tostring(root, encoding="unicode")


def imported(row: Row) -> tuple[str, str]:
    """(result, note) of the post imported from the real page."""
    g = m103_day(NAMES)
    voter = NAMES[_voter(g)]
    posts = parse_any([real_page(voter, row)])
    report, _ = read_thread(g, Thread(posts[:3]), ZoneInfo("Asia/Shanghai"))
    line = next((v for v in report.votes if v.floor == 3), None)
    if line is None:
        return "不是投票帖", ""
    note = line.outcome.removeprefix("废票：") if line.kind == "void" else "；".join(line.warnings)
    return _result(line.kind, line.target), note


def by_command(row: Row) -> tuple[str, str]:
    """(result, note) of the post read by ``bansha thread read`` from the same page."""
    g = m103_day(NAMES)
    voter = NAMES[_voter(g)]
    posts = parse_any([real_page(voter, row)])[:3]
    for p in posts:
        p.time = p.time.replace(tzinfo=ZoneInfo("Asia/Shanghai")) if p.time else None
    lines, _, _ = read_votes(posts, "m103", NAMES, None, "Asia/Shanghai")
    line = next((v for v in lines if v.floor == 3), None)
    if line is None:
        return "不是投票帖", ""
    return _result(line.kind, line.target), line.void or "；".join(line.warnings)


def _result(kind: str, target: str | None) -> str:
    return f"{KINDS[kind]} {target}" if target and kind in ("vote", "change") else KINDS[kind]


@pytest.mark.parametrize("row", ROWS, ids=[r.form for r in ROWS])
def test_each_form_reads_the_same_in_bansha_and_in_an_import(row: Row) -> None:
    own, mine, command = own_thread(row), imported(row), by_command(row)
    assert own[0] == row.result, (row.form, own)
    assert mine[0] == row.result, (row.form, mine)
    if row.note != "—" and row.result != "不是投票帖":
        assert row.note in own[1], (row.form, own)
        assert row.note in mine[1], (row.form, mine)
    assert own == mine == command
