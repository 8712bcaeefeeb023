"""Forum thread pages for the importer tests, in each forum's own markup: Discuz! X3 desktop and
touch, Discuz! 6/7 (as the server sends it and as Internet Explorer saves it, upper case, GBK),
phpwind 8 and 9.

``make_thread`` writes a deterministic day of discussion (vote posts, changes quoting the original,
abstentions, chatter, late edits, relative times); the ``*_pages`` functions print it as the forums
do, page by page, and the truth is kept beside it for the tests to compare. The markup follows the
forums' templates (Discuz! X ``forum/viewthread_node.htm`` and ``touch/forum/viewthread.htm``,
Discuz! 7 ``viewthread.htm``, phpwind 8 ``wind/read.htm``) and the saved pages of real boards; the
words are the project's own.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from html import escape
from http.server import BaseHTTPRequestHandler

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


def _deleted_post(p: TruePost) -> str:
    """A floor Discuz! X3.4 shows after its post was deleted (``viewthread_node``'s else branch)."""
    return f"""<div id="post_{p.pid}"><table id="pid{p.pid}" summary="pid{p.pid}" cellspacing="0" cellpadding="0">
<tbody><tr><td class="pls"></td><td class="plc">
<div class="pi"><strong><a><em>{p.floor}</em>#</a></strong></div>
<div class="pct">无效楼层，该帖已经被删除</div>
</td></tr><tr class="ad"><td class="pls"></td><td class="plc"></td></tr></tbody></table></div>"""


def _discuz_post(p: TruePost, tid: int) -> str:
    if p.extra.get("deleted"):
        return _deleted_post(p)
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
{edit}{quote}{p.extra.get("html") or _br(p.body)}</td></tr></table>
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


# ---------------------------------------------------------------------- Discuz! 6/7
def _twelve(t: datetime, words: tuple[str, str]) -> str:
    return f"{words[0] if t.hour < 12 else words[1]} {(t.hour % 12) or 12:02d}:{t:%M}"


DATE_FORMATS: dict[str, Callable[[datetime], str]] = {
    "y-m-d": lambda t: f"{t:%Y-%-m-%-d %H:%M}",
    "y/m/d": lambda t: f"{t:%Y/%-m/%-d %H:%M}",
    "y.m.d": lambda t: f"{t:%Y.%m.%d %H:%M}",
    "年月日": lambda t: f"{t:%Y年%-m月%-d日 %H:%M}",
    "ISO": lambda t: f"{t:%Y-%m-%dT%H:%M:%S}+08:00",
    "d/m/y": lambda t: f"{t:%-d/%-m/%Y %H:%M}",
    "m/d/y": lambda t: f"{t:%-m/%-d/%Y %H:%M}",
    "d-m-y 上午/下午": lambda t: f"{t:%-d-%-m-%Y} {_twelve(t, ('上午', '下午'))}",
    "m/d/y AM/PM": lambda t: (
        f"{t:%-m/%-d/%Y} {_twelve(t, ('AM', 'PM')).split()[1]} " + ("AM" if t.hour < 12 else "PM")
    ),
}
"""The date formats a Discuz! board may be set to print (its ``dateformat`` and ``timeformat``)."""


def _d7_post(
    p: TruePost, tid: int, page: int, upper: bool, shown: Callable[[datetime], str] | None = None
) -> str:
    """One post as Discuz! 7's ``viewthread.php`` prints it; with ``upper``, as Internet Explorer
    saves it (upper-case tags, unquoted attributes, the time on its own line)."""
    quote = ""
    if p.quote:
        qpid, qauthor, qtime, qtext = p.quote
        quote = (
            '<div class="quote"><h5>引用:</h5><blockquote>原帖由 <i>'
            f"{escape(qauthor)}</i> 于 {shown(qtime) if shown else f'{qtime:%Y/%-m/%-d %H:%M}'} 发表 "
            f'<a href="redirect.php?goto=findpost&amp;pid={qpid}&amp;ptid={tid}" target="_blank">'
            '<img src="images/common/back.gif" border="0" onclick="zoom(this, this.src)" /></a><br />'
            f"{escape(qtext)}</blockquote></div>"
        )
    edit = (
        f"<br />\r\n<br />\r\n[<i> 本帖最后由 {escape(p.author)} 于 "
        f"{shown(p.edited) if shown else f'{p.edited:%Y-%-m-%-d %H:%M}'} 编辑 </i>]"
        if p.edited
        else ""
    )
    code = ""
    if p.extra.get("code"):
        code = (
            '<div class="blockcode"><em onclick="copycode($(\'code0\'));">复制内容到剪贴板</em>'
            f'<h5>代码:</h5><code id="code0">{escape(p.extra["code"])}</code></div>'
        )
    if p.extra.get("masked"):
        message = (
            f'<div class="notice" style="width: 500px">提示: <em>{p.extra["masked"]}</em></div>'
        )
    else:
        message = f'<div id="postmessage_{p.pid}" class="t_msgfont">{quote}{_br(p.body)}{code}{edit}</div>'
    sign = (
        f'<div class="signatures" style="maxHeightIE: 100px;">{escape(p.extra["sign"])}</div>'
        if p.extra.get("sign")
        else ""
    )
    when = shown(p.time) if shown else f"{p.time:%Y-%-m-%-d %H:%M}"
    html = f"""<div class="mainbox viewthread">
<table id="pid{p.pid}" summary="pid{p.pid}" cellspacing="0" cellpadding="0">
<tr>
<td class="postauthor">
<cite><a href="space.php?uid=7" target="_blank" id="userinfo{p.pid}" class="dropmenu" onmouseover="showMenu(this.id)">{escape(p.author)}</a></cite>
<p><em></em></p>
</td>
<td class="postcontent">
<div class="postinfo">
<strong title="复制帖子链接到剪贴板" id="postnum{p.pid}" onclick="setcopy('viewthread.php?tid={tid}&amp;page={page}#pid{p.pid}', '帖子链接已经复制到剪贴板')">{p.floor}楼</strong>
<em onclick="$('postmessage_{p.pid}').className='t_bigfont'">大</em> <em onclick="$('postmessage_{p.pid}').className='t_msgfont'">中</em> <em onclick="$('postmessage_{p.pid}').className='t_smallfont'">小</em>
发表于 {when}&nbsp; <a href="viewthread.php?tid={tid}&amp;page={page}&amp;authorid=7" rel="nofollow">只看该作者</a>
</div>
<div class="postmessage defaultpost">
{message}
{sign}
<div id="post_rate_div_{p.pid}"></div>
</div>
</td>
</tr>
</table>
</div>"""
    if not upper:
        return html
    # Internet Explorer's "save as": upper-case tags and attribute names, unquoted values, the
    # time broken onto its own line
    html = re.sub(r"</?([a-z0-9]+)", lambda m: m.group(0).upper(), html)
    html = re.sub(r' (id|class|summary|cellspacing|cellpadding|title)="([\w_]+)"', r" \1=\2", html)
    html = html.replace(f"发表于 {when}", f"发表于 \r\n      {when}")
    return html


def discuz7_pages(
    posts: list[TruePost],
    per_page: int = 50,
    tid: int = 52688,
    upper: bool = False,
    date_format: str | None = None,
) -> list[str]:
    """The thread as saved Discuz! 7 pages: GBK's meta, a pager of page links and no 「共 N 页」;
    times in one of ``DATE_FORMATS`` (the board's setting) if given."""
    shown = DATE_FORMATS[date_format] if date_format else None
    pages = []
    total = (len(posts) + per_page - 1) // per_page
    for start in range(0, len(posts), per_page):
        current = start // per_page + 1
        links = _d7_pager(f"viewthread.php?tid={tid}&amp;extra=page%3D1&amp;", current, total)
        chunk = "\n".join(
            _d7_post(p, tid, current, upper, shown) for p in posts[start : start + per_page]
        )
        saved = (
            "<!-- saved from url=(0059)https://bbs.example.com/viewthread.php -->\n"
            if upper
            else ""
        )
        page = f"""<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
{saved}<html xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=gbk" />
<title>第1天讨论帖 - 版杀 - Powered by Discuz!</title>
</head>
<body onkeydown="if(event.keyCode==27) return false;">
<div class="wrap">
<div class="pages_btns"><div class="pages"><em>&nbsp;{len(posts)}&nbsp;</em>{links}</div></div>
<form method="post" name="modactions">
{chunk}
</form>
</div>
<div id="footer"><div class="wrap s_clear"><div id="footlinks"><p>Powered by <strong><a href="http://www.discuz.net" target="_blank">Discuz!</a></strong> <em>7.2</em></p></div></div></div>
</body>
</html>"""
        if upper:
            page = page.replace("<html", "<HTML").replace("</html>", "</HTML>")
        pages.append(page)
    return pages


def _d7_pager(url: str, current: int, total: int, shown: int = 10) -> str:
    """Discuz! 7's pager (``multi()``): at most ``shown`` page links, from two before the current
    page; 「1 ...」 and 「... N」 to the first and last pages when they fall outside, 「‹‹」 and 「››」 to
    the pages before and after, and a box to type a page number in when the pages do not all show."""
    if total <= shown:
        first, last = 1, total
    else:
        first = current - 2
        last = first + shown - 1
        if first < 1:
            first, last = 1, shown
        elif last > total:
            first, last = total - shown + 1, total
    out = []
    if current - 2 > 1 and total > shown:
        out.append(f'<a href="{url}page=1" class="first">1 ...</a>')
    if current > 1:
        out.append(f'<a href="{url}page={current - 1}" class="prev">&lsaquo;&lsaquo;</a>')
    for n in range(first, last + 1):
        out.append(f"<strong>{n}</strong>" if n == current else f'<a href="{url}page={n}">{n}</a>')
    if current < total:
        out.append(f'<a href="{url}page={current + 1}" class="next">&rsaquo;&rsaquo;</a>')
    if last < total:
        out.append(f'<a href="{url}page={total}" class="last">... {total}</a>')
    if total > shown:
        out.append('<kbd><input type="text" name="custompage" size="3" /></kbd>')
    return "".join(out)


def d7_thread(floors: int = 108, seed: int = 4) -> list[TruePost]:
    """A Discuz! 7 day: the generated thread with code boxes, signatures and screened posts."""
    posts = make_thread(floors, seed)
    for p in posts:
        p.time = p.time.replace(second=0)  # Discuz! 7 prints no seconds
        if p.floor % 17 == 5:
            p.extra["code"] = "wikipedia.org"
        if p.floor % 11 == 3:
            p.extra["sign"] = "签名：好人一生平安"
        if p.floor % 23 == 7:
            p.extra["masked"] = "作者被禁止或删除 内容自动屏蔽"
    return posts


# ---------------------------------------------------------------------- Discuz! X touch
def touch_pages(posts: list[TruePost], per_page: int = 10, tid: int = 4242) -> list[str]:
    """The thread as Discuz! X3's touch pages (``mobile=2``) print it."""
    pages = []
    for start in range(0, len(posts), per_page):
        items = []
        for p in posts[start : start + per_page]:
            floor = FLOOR_WORDS.get(p.floor, f"{p.floor}#")
            shown = (
                f'<span title="{p.time:%Y-%-m-%-d %H:%M:%S}">{p.relative}</span>'
                if p.relative and p.titled
                else f"{p.time:%Y-%-m-%-d %H:%M}"
            )
            items.append(f"""<div class="plc cl" id="pid{p.pid}">
<span class="avatar"><img src="uc_server/avatar.php?uid=7&size=small" style="width:32px;height:32px;" /></span>
<div class="display pi" href="#replybtn_{p.pid}">
<ul class="authi">
<li class="grey">
<em>{floor}</em>
<b><a href="home.php?mod=space&amp;uid=7" class="blue">{escape(p.author)}</a></b>
</li>
<li class="grey rela">{shown}</li>
</ul>
<div class="message">{_br(p.body)}</div>
</div>
</div>""")
        pages.append(
            '<!DOCTYPE html><html><head><meta charset="utf-8" />'
            "<title>第1天讨论帖 - 手机版 - Powered by Discuz!</title></head><body>"
            '<div class="postlist">' + "\n".join(items) + "</div>"
            f'<div class="footer"><p>GMT+8, {PAGE_TIME:%Y-%-m-%-d %H:%M}</p></div></body></html>'
        )
    return pages


# ---------------------------------------------------------------------- phpwind 8
def phpwind8_pages(posts: list[TruePost], per_page: int = 20) -> list[str]:
    """The thread as phpwind 8's ``read.php`` prints it (template ``wind/read.htm``): 楼主, 沙发,
    板凳, 地板, then 「N楼」 counting replies."""
    pages = []
    for start in range(0, len(posts), per_page):
        items = []
        for p in posts[start : start + per_page]:
            pid = "tpc" if p.floor == 1 else str(p.pid)
            floor = FLOOR_WORDS.get(p.floor, f"{p.floor - 1}楼")
            edit = (
                f"<br /><br />[此帖被{escape(p.author)}在{p.edited:%Y-%m-%d %H:%M}重新编辑]"
                if p.edited
                else ""
            )
            quote = ""
            if p.quote:
                qpid, qauthor, qtime, qtext = p.quote
                lou = next((x.floor - 1 for x in posts if x.pid == qpid), 0)
                quote = (
                    f'<blockquote class="blockquote">引用第{lou}楼{escape(qauthor)}于'
                    f"{qtime:%Y-%m-%d %H:%M}发表的  :<br />{escape(qtext)}</blockquote>"
                )
            items.append(f"""<div class="read_t" id="readfloor_{pid}">
<table width="100%" class="floot"><tr class="vt">
<td rowspan="2" class="floot_left"><div class="floot_leftdiv">
<div class="r_name cc mb5"><a href="u.php?uid=7" class="b fl" target="_blank">{escape(p.author)}</a></div>
</div></td>
<td class="floot_right" id="td_{pid}"><a name="post_{pid}"></a>
<div style="padding:8px 15px 15px;">
<div class="tipTop">
<span class="fr"><a onclick="fontsize('small','{pid}')" class="cp">小</a></span>
<a class="s2 b cp" onclick="copyUrl('{pid}')" title="复制此楼地址">{floor}</a>&nbsp;&nbsp;<span title="{p.time:%Y-%m-%d %H:%M}">发表于: {p.time:%Y-%m-%d %H:%M}</span>
</div>
<div class="tpc_content"><div id="p_{pid}" class="c"></div>
<div class="f14 mb10" id="read_{pid}">{quote}{_br(p.body)}{edit}</div>
</div></div></td></tr></table></div>""")
        pages.append(
            '<!doctype html><html><head><meta charset="gbk" /><title>第1天讨论帖 - 版杀</title>'
            '<meta name="generator" content="phpwind v8.7" /></head><body><div id="pw_content">'
            '<form name="delatc" method="post">' + "\n".join(items) + "</form></div></body></html>"
        )
    return pages


def send_page(handler: BaseHTTPRequestHandler, data: bytes) -> None:
    """Answer a test forum's request with one UTF-8 page."""
    handler.send_response(200)
    handler.send_header("Content-Type", "text/html; charset=utf-8")
    handler.send_header("Content-Length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)
