"""Forum thread pages for the importer tests, in Discuz! X3's and phpwind 9's own markup.

``make_thread`` writes a deterministic day of discussion (vote posts, changes quoting the original,
abstentions, chatter, late edits, relative times); ``discuz_pages`` and ``phpwind_pages`` print it
as the forums do, page by page, and the truth is kept beside it for the tests to compare.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from html import escape

PLAYERS = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
PAGE_TIME = datetime(2026, 11, 30, 10, 12)
FLOOR_WORDS = {1: "楼主", 2: "沙发", 3: "板凳", 4: "地板"}


@dataclass
class TruePost:
    """What the generator wrote for one floor."""

    floor: int
    pid: int
    author: str
    time: datetime
    body: str
    quote: tuple[int, str, datetime, str] | None = None  # pid, author, time, text
    edited: datetime | None = None
    relative: str = ""  # how the page shows a recent time ("" = absolute)
    titled: bool = True  # Discuz! puts the exact time in a title
    extra: dict[str, str] = field(default_factory=dict)


def _relative(t: datetime) -> tuple[str, bool]:
    age = PAGE_TIME - t
    if age < timedelta(hours=1):
        return f"{max(1, int(age.total_seconds() // 60))}&nbsp;分钟前", True
    if age < timedelta(days=1) and t.date() == PAGE_TIME.date():
        return f"{int(age.total_seconds() // 3600)}&nbsp;小时前", True
    if t.date() == (PAGE_TIME - timedelta(days=1)).date():
        return f"昨天&nbsp;{t:%H:%M}", False  # the day word, no title: dated by the footer
    if age < timedelta(days=7):
        return f"{age.days}&nbsp;天前", True
    return "", True


def make_thread(floors: int, seed: int = 1) -> list[TruePost]:
    """``floors`` posts from 12 days before the page time to its last hour."""
    rng = random.Random(seed)
    start = PAGE_TIME - timedelta(days=12)
    step = (PAGE_TIME - timedelta(minutes=5) - start) / floors
    posts: list[TruePost] = []
    last_vote: dict[str, TruePost] = {}
    for i in range(1, floors + 1):
        t = (start + step * (i - 1)).replace(second=i % 60, microsecond=0)
        author = "导演" if i == 1 else rng.choice(PLAYERS)
        kind = rng.random()
        quote = None
        if i == 1:
            body = "第1天讨论帖，请按格式投票。"
        elif author in last_vote and kind < 0.1:
            orig = last_vote[author]
            body = f"改票对象：{rng.choice(PLAYERS)}\n改票理由：重新考虑"
            quote = (orig.pid, orig.author, orig.time, orig.body.split("\n")[0])
        elif kind < 0.3:
            target = "弃权" if kind < 0.05 else rng.choice(PLAYERS)
            body = f"投票对象：{target}\n投票理由：发言有问题"
        elif kind < 0.4 and posts:
            q = rng.choice(posts[-20:])
            body = "同意楼上的看法"
            quote = (q.pid, q.author, q.time, q.body.split("\n")[0])
        else:
            body = rng.choice(["我是好人", "你们怎么看", "今天先观察", "这个发言很可疑", "跟票"])
        post = TruePost(i, 900000 + i * 7, author, t, body, quote)
        if body.startswith("投票对象"):
            last_vote[author] = post
        if rng.random() < 0.05:
            post.edited = t + timedelta(minutes=rng.randint(5, 600))
        post.relative, post.titled = _relative(t)
        posts.append(post)
    return posts


def _br(text: str) -> str:
    return "<br />\r\n".join(escape(line) for line in text.split("\n"))


def _discuz_post(p: TruePost, tid: int) -> str:
    floor = FLOOR_WORDS.get(p.floor, f"<em>{p.floor}</em><sup>#</sup>")
    exact = f"{p.time:%Y-%-m-%-d %H:%M:%S}"
    if not p.relative:
        shown = f"发表于 {p.time:%Y-%-m-%-d %H:%M}"
    elif p.titled:
        shown = f'发表于 <span title="{exact}">{p.relative}</span>'
    else:
        shown = f"发表于 {p.relative}"
    edit = (
        f'<i class="pstatus"> 本帖最后由 {escape(p.author)} 于 {p.edited:%Y-%-m-%-d %H:%M} 编辑 </i><br />\r\n'
        if p.edited
        else ""
    )
    quote = ""
    if p.quote:
        qpid, qauthor, qtime, qtext = p.quote
        quote = (
            '<div class="quote"><blockquote><font size="2">'
            f'<a href="forum.php?mod=redirect&amp;goto=findpost&amp;pid={qpid}&amp;ptid={tid}" '
            'target="_blank"><font color="#999999">'
            f"{escape(qauthor)} 发表于 {qtime:%Y-%-m-%-d %H:%M}</font></a></font><br />\r\n"
            f"{escape(qtext)}</blockquote></div><br />\r\n"
        )
    pid = p.pid
    return f"""<div id="post_{pid}">
<table id="pid{pid}" class="plhin" summary="pid{pid}" cellspacing="0" cellpadding="0">
<tr>
<td class="pls" rowspan="2">
<div id="favatar{pid}" class="pls favatar">
<div class="pi">
<div class="authi"><a href="home.php?mod=space&amp;uid={100 + PLAYERS.index(p.author) if p.author in PLAYERS else 1}" target="_blank" class="xw1">{escape(p.author)}</a>
</div>
</div>
</div>
</td>
<td class="plc">
<div class="pi">
<strong>
<a href="forum.php?mod=redirect&amp;goto=findpost&amp;ptid={tid}&amp;pid={pid}" id="postnum{pid}" onclick="setCopy(this.href, '帖子地址复制成功');return false;">
{floor}</a>
</strong>
<div class="pti">
<div class="pdbt">
</div>
<div class="authi">
<img class="authicn vm" id="authicon{pid}" src="static/image/common/online_member.gif" />
<em id="authorposton{pid}">{shown}</em>
<span class="pipe">|</span>
<a href="forum.php?mod=viewthread&amp;tid={tid}&amp;page=1&amp;authorid=1" rel="nofollow">只看该作者</a>
</div>
</div>
</div><div class="pct"><div class="pcb">
<div class="t_fsz">
<table cellspacing="0" cellpadding="0"><tr><td class="t_f" id="postmessage_{pid}">
{edit}{quote}{_br(p.body)}</td></tr></table>
</div>
<div id="comment_{pid}" class="cm">
</div>
<div id="post_rate_div_{pid}"></div>
</div>
</div>
</td></tr>
<tr id="_postposition{pid}"></tr>
</table>
</div>"""


def discuz_pages(posts: list[TruePost], per_page: int = 20, tid: int = 4242) -> list[str]:
    """The thread as saved Discuz! X3 pages (``forum.php?mod=viewthread&tid=…&page=N``)."""
    pages = []
    total = (len(posts) + per_page - 1) // per_page
    for start in range(0, len(posts), per_page):
        chunk = "\n".join(_discuz_post(p, tid) for p in posts[start : start + per_page])
        current = start // per_page + 1
        pager = (
            '<div class="pgs mtm mbm cl"><div class="pg">'
            f'<strong>{current}</strong><label><input type="text" name="custompage" class="px" '
            f'size="2" title="输入页码，按回车快速跳转" value="{current}" />'
            f'<span title="共 {total} 页"> / {total} 页</span></label></div></div>'
        )
        pages.append(
            f"""<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml">
<head><meta http-equiv="Content-Type" content="text/html; charset=utf-8" />
<title>【版杀】第1天讨论帖 - 版杀 -  Powered by Discuz!</title></head>
<body id="nv_forum" class="pg_viewthread">
<div id="wp" class="wp">
<div id="ct" class="wp cl">
{pager}
<div id="postlist" class="pl bm">
{chunk}
<div id="postlistreply" class="pl"><div id="post_new" class="viewthread_table" style="display: none"></div></div>
</div>
</div>
</div>
<div id="ft" class="wp cl">
<div id="frt">
<p>Powered by <strong><a href="http://www.discuz.net" target="_blank">Discuz!</a></strong> <em>X3.4</em></p>
<p class="xs0">GMT+8, {PAGE_TIME:%Y-%-m-%-d %H:%M}<span id="debuginfo">, Processed in 0.062500 second(s), 21 queries.</span></p>
</div>
</div>
</body>
</html>"""
        )
    return pages


def _phpwind_post(p: TruePost) -> str:
    floor = FLOOR_WORDS.get(p.floor, f"{p.floor}楼")
    shown = f"{p.time:%Y-%m-%d %H:%M}"
    quote = ""
    if p.quote:
        _, qauthor, qtime, qtext = p.quote
        quote = (
            f'<blockquote class="blockquote">{escape(qauthor)} 发表于 {qtime:%Y-%m-%d %H:%M}<br />'
            f"{escape(qtext)}</blockquote>"
        )
    edit = (
        f'<div class="edit_log">[{escape(p.author)}于{p.edited:%Y-%m-%d %H:%M}编辑了帖子]</div>'
        if p.edited
        else ""
    )
    return f"""<a name="{p.pid}"></a>
<div id="cloudwind_read_readfloor_{p.pid}"></div>
<div class="floor cc J_read_floor" id="read_{p.pid}">
<table width="100%" style="table-layout:fixed;" class="floor_table">
<tr>
<td rowspan="2" class="floor_left">
<div class="floor_info">
<div class="face"><a href="/index.php?m=space&uid=7" class="J_user_card_show" data-uid="7" target="_blank"><img src="/avatar/7.jpg" class="J_avatar" data-type="middle" width="100" height="100" alt="{escape(p.author)}"></a></div>
<div class="name">
<span class="man_ol" title="在线"></span><a href="/index.php?m=space&uid=7" class="J_user_card_show mr5" data-uid="7">{escape(p.author)}</a>
</div>
</div>
</td>
<td class="box_wrap floor_right">
<div class="fl"><div class="floor_arrow"><em></em><span></span></div></div>
<div class="c"></div>
<div class="floor_top_tips cc">
<div style="position:relative;"><span class="lou J_floor_copy" title="复制此楼地址" data-hash="read_{p.pid}">{floor}<sup>#</sup></span></div>
<span class="fl">发布于：{shown}</span>
</div>
<div id="J_read_main">
<div class="fr"></div>
<div class="editor_content">
{quote}{_br(p.body)}
</div>
{edit}
</div>
</td>
</tr>
</table>
</div>"""


def phpwind_pages(posts: list[TruePost], per_page: int = 25) -> list[str]:
    """The thread as saved phpwind 9 pages (``read.php?tid=…&page=N``)."""
    pages = []
    for start in range(0, len(posts), per_page):
        chunk = "\n".join(_phpwind_post(p) for p in posts[start : start + per_page])
        pages.append(
            f"""<!doctype html>
<html><head><meta charset="UTF-8" /><title>第1天讨论帖 - Powered by phpwind</title>
<meta name="generator" content="phpwind v9.0" /></head>
<body><div class="wrap"><div id="main"><div class="main_body">
<div class="read_page">
{chunk}
</div></div></div></div></body></html>"""
        )
    return pages
