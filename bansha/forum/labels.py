"""Every label, unit and phrase a thread reader looks for, in simplified and traditional characters,
from one table: Taiwanese and Hong Kong boards (and users who write traditional characters) print
「樓主」「發表於」「本帖最後由 … 於 … 編輯」「分鐘前」 where mainland boards print 「楼主」「发表于」
「本帖最后由 … 于 … 编辑」「分钟前」.

The table is fixed (``PHRASES``): each phrase in simplified characters with every traditional form
forums print. Readers never convert a page's text; they match either form (``alt``), so a post's own
words and its author's name stay exactly as written. ``tests/forum/test_labels.py`` checks the table
against OpenCC's conversions (mainland, Taiwanese and Hong Kong standards).
"""

from __future__ import annotations

import re

PHRASES: tuple[tuple[str, ...], ...] = (
    # floors (Discuz! ``postno``, phpwind): 楼主, 沙发, 板凳, 地板, then N楼 / N# / 第N楼
    ("楼", "樓"),
    ("楼主", "樓主"),
    ("沙发", "沙發"),
    ("板凳",),
    ("地板",),
    ("第",),
    # when a post was made
    ("发表于", "發表於"),
    ("发布于", "發佈於", "發布於"),
    ("发表", "發表"),
    # edit notes: Discuz! 「本帖最后由 X 于 T 编辑」, phpwind 9 「X于T编辑了帖子」,
    # phpwind 8 「此帖被X在T重新编辑」
    ("本帖最后由", "本帖最後由"),
    ("于", "於"),
    ("编辑", "編輯"),
    ("编辑了帖子", "編輯了帖子"),
    ("此帖被",),
    ("在",),
    ("重新编辑", "重新編輯"),
    # quote heads: X 「发表于」 T; 「原帖由」 X 「于」 T 「发表」; 「引用」第N楼X于T发表的
    ("原帖由",),
    ("引用",),
    # relative times (Discuz! lang_core 'date'; phpwind prints the same words)
    ("秒",),
    ("分钟", "分鐘"),
    ("小时", "小時"),
    ("半",),
    ("天",),
    ("前",),
    ("今天",),
    ("昨天",),
    ("前天",),
    ("刚刚", "剛剛"),
    # a 12-hour clock
    ("上午",),
    ("下午",),
    ("凌晨",),
    ("早上",),
    ("中午",),
    ("晚上",),
    # dates
    ("年",),
    ("月",),
    ("日",),
    # posts the forum hides (Discuz! lang_template: message_banned, message_single_banned,
    # message_ishidden_hiddenreplies, post_deleted, message_password_exists)
    ("提示",),
    ("作者被禁止或删除", "作者被禁止或刪除"),
    ("内容自动屏蔽", "內容自動屏蔽", "內容自動遮蔽"),
    ("该帖被管理员或版主屏蔽", "該帖被管理員或版主屏蔽", "該帖被管理員或版主遮蔽"),
    ("此帖仅作者可见", "此帖僅作者可見"),
    ("无效楼层，该帖已经被删除", "無效樓層，該帖已經被刪除"),
    ("该帖已被删除", "該帖已被刪除"),
    ("本帖为密码帖", "本帖為密碼帖", "本帖爲密碼帖"),
    ("屏蔽", "遮蔽"),
    ("删除", "刪除"),
    ("禁止",),
    # code boxes: Discuz! X 「复制代码」, 6/7 「复制内容到剪贴板」 and 「代码:」
    ("复制代码", "複製代碼", "複製程式碼"),
    ("复制内容到剪贴板", "複製內容到剪貼板", "複製內容到剪貼簿"),
    ("代码", "代碼", "程式碼"),
    # the pager and the footer
    ("共",),
    ("页", "頁"),
    ("当前时区", "當前時區"),
    ("现在时间是", "現在時間是"),
    ("只看该作者", "只看該作者"),
    # phpwind 8's floor link
    ("复制此楼地址", "複製此樓地址"),
)
"""Each phrase (simplified first) and the traditional forms forums print."""

FORMS: dict[str, tuple[str, ...]] = {forms[0]: forms for forms in PHRASES}


def forms(phrase: str) -> tuple[str, ...]:
    """Every form of a phrase of the table, simplified first."""
    return FORMS[phrase]


def alt(phrase: str) -> str:
    """A pattern (a non-capturing group) matching any form of a phrase of the table."""
    return "(?:" + "|".join(re.escape(f) for f in forms(phrase)) + ")"


def has(text: str, phrase: str) -> bool:
    """Whether ``text`` holds any form of ``phrase``."""
    return any(f in text for f in forms(phrase))


FLOOR_WORDS: dict[str, int] = {
    form: n
    for phrase, n in (("楼主", 1), ("沙发", 2), ("板凳", 3), ("地板", 4))
    for form in forms(phrase)
}
"""Floor names both forums print instead of numbers for the first four posts, both scripts."""

HIDDEN = re.compile(
    "|".join(
        alt(p)
        for p in (
            "作者被禁止或删除",
            "该帖被管理员或版主屏蔽",
            "此帖仅作者可见",
            "无效楼层，该帖已经被删除",
            "该帖已被删除",
            "本帖为密码帖",
        )
    )
)
"""The notices a forum prints instead of a post it hides (banned author, screened, author-only,
deleted, password)."""
