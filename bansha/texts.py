"""The platform's own words to its users, in one place: page errors, form refusals, the command
line's messages about the installation. Rule words (roles, skills, announcements) come from each
rule set's data file instead; the engine's refusals are its own.

Texts with ``{placeholders}`` are filled with ``str.format``.
"""

NO_GAME = "没有这局游戏"
"""Every page a viewer may not load answers like a game that does not exist (404)."""

NO_SEAT = "这局游戏没有这个座位"

NOT_FOUND_TITLE = "找不到这个页面"
NOT_FOUND = "链接可能写错了，或者这个页面不对你开放。私密链接请从导演发给你的原始链接打开。"
FORBIDDEN_TITLE = "不能这样操作"
FORBIDDEN = "这个操作不对你开放。"
CSRF_TITLE = "页面已过期"
CSRF = "表单已过期或来自别的网站，请返回刷新页面后再提交一次。"
SERVER_ERROR_TITLE = "服务器出错了"
SERVER_ERROR = "这次操作没有完成，游戏没有任何改变。请稍后再试；一直出错请告诉导演。"
BAD_REQUEST_TITLE = "请求有误"
BAD_REQUEST = "请求的格式不对，请返回刷新页面后再试。"
BACK_HOME = "回到首页"

# ---------------------------------------------------------------- archives (存档, 归档, 删除)
ARCHIVE_NOT_JSON = "这不是 bansha 的游戏存档：文件不是 UTF-8 编码的 JSON"
ARCHIVE_NOT_ARCHIVE = "这不是 bansha 的游戏存档：缺少存档的格式标记、设置或事件记录"
ARCHIVE_VERSION = "存档的版本是 {version}，本程序只能读取版本 {known}"
ARCHIVE_DAMAGED = "存档已损坏或被改动：校验值与内容不符，没有导入任何内容"
ARCHIVE_TAMPERED = (
    "存档的事件记录被改动过：无法按规则重放，或发牌与发牌时公布的承诺不符，没有导入任何内容"
)
ARCHIVE_BAD_EVENT = "存档第{number}条事件的格式不对，没有导入任何内容"
ARCHIVE_RULESET = "存档的规则无法载入：{reason}"
ARCHIVE_NOT_ENDED = "只能归档已经结束的游戏"
ARCHIVED = "已归档：「我的游戏」中单独列出，页面、揭秘和聊天记录照常可以查看"
UNARCHIVED = "已取消归档"
DELETED = "已删除：这局游戏不再出现在任何列表中（记录仍然保留）"
DELETE_CONFIRM = "删除"
"""What the director types to confirm 删除 (a click alone deletes nothing)."""
DELETE_UNCONFIRMED = "请在框中输入「删除」两个字确认"
CHATS_NOT_ENDED = "游戏结束后才能导出聊天记录"
CHATS_FILENAME = "聊天记录-{game}.txt"
CHATS_EMPTY = "（没有聊天记录）"
CHAT_FILE_LINE = "[{at}] {by}：{text}"
ARCHIVE_FILENAME = "存档-{game}.json"
CLI_GAME_HELP = "游戏：建局、列出、导出存档、导入存档"
CLI_GAME_NEW_HELP = "按规则建一局游戏并发牌，打印游戏编号（各座位的私密链接在导演控制台查看）"
CLI_GAME_LIST_HELP = "列出数据库中的全部游戏"
CLI_GAME_EXPORT_HELP = "把一局游戏（设置与全部事件记录）导出为 JSON 存档"
CLI_GAME_IMPORT_HELP = "从 JSON 存档导入一局游戏（新的编号与新的私密链接），打印新游戏编号"
CLI_GAME_ID = "游戏编号"
CLI_GAME_PLAYERS = "玩家名字（按座位顺序）"
CLI_GAME_PLAYERS_METAVAR = "名字..."
CLI_GAME_DIRECTOR = "导演账号（先用 bansha director 创建）"
CLI_GAME_TITLE = "导演自己给这局起的名字（显示在「我的游戏」）"
CLI_GAME_START = "开始时间，如 2026-12-05T20:00（不带时差时按游戏时区）；不给则不计时，由导演推进"
CLI_GAME_ZONE = "游戏时区，如 Asia/Shanghai"
CLI_GAME_OUT = "存档文件"
CLI_GAME_FILE = "存档文件"
CLI_GAME_NO_DIRECTOR = "没有导演账号「{name}」：先运行 bansha director {name}"
CLI_GAME_NO_GAME = "没有编号为 {game} 的游戏"
CLI_GAME_EXPORTED = "已导出 {count} 条事件到 {path}"
CLI_GAME_IMPORT_REFUSED = "导入失败：{reason}"
CLI_GAME_CANNOT_READ = "无法读取文件 {path}"
CLI_GAME_NONE = "数据库中还没有游戏"
CLI_GAME_COLUMNS = ("编号", "名字", "规则", "导演", "创建时间", "状态")
CLI_GAME_STATE_ENDED = "已结束"
CLI_GAME_STATE_RUNNING = "进行中"
CLI_GAME_STATE_PAUSED = "已暂停"
CLI_GAME_STATE_ARCHIVED = "已归档"
CLI_GAME_STATE_DELETED = "已删除"
CLI_GAME_STATE_DEMO = "演示局"

# ---------------------------------------------------------------- sign-ups (报名)
SIGNUP_DONE = "已用「{name}」报名，等待导演确认"
SIGNUP_TWICE = "「{name}」已经报过名了"
SIGNUP_DEALT = "已经发身份开局，不能再改报名"
SIGNUP_NO_ENTRY = "报名名单里没有这一项，请刷新页面"
SIGNUP_UNKNOWN = "没有报名的马甲：{names}"
SIGNUP_ORDER_TWICE = "座位顺序里有马甲写了两次"
SIGNUP_COUNT = "这局需要{need}名已确认的玩家，现在确认了{have}名"
SIGNUP_SHUFFLED = "座位已随机打乱（种子与结果记在报名记录里）"
SIGNUP_FROM_THREAD = "从报名帖加入：{added}；此前已报名：{known}"
SIGNUP_DEALT_NOW = "已发身份开局：报名的玩家打开自己的报名页面就会进入身份页面"
SIGNUP_LOG_WORDS = {
    "opened": "开放报名",
    "registered": "报名",
    "confirmed": "确认",
    "unconfirmed": "取消确认",
    "removed": "移除",
    "restored": "恢复",
    "ordered": "排座",
    "shuffled": "随机打乱座位",
    "thread": "读取论坛报名帖",
    "dealt": "发身份开局",
}
"""The sign-up log's kinds of rows, as the director's console names them."""
SIGNUP_OPEN_LABEL = "开放报名：不填玩家，发出报名链接，玩家自己登记马甲；导演确认、排座后再发身份"

# ---------------------------------------------------------------- director team, assistants
TEAM_ROLES = {"lead": "主导演", "co": "副导演", "read": "只读"}
TEAM_NO_ACCOUNT = "没有导演账号「{name}」：先用 bansha director {name} 创建"
TEAM_OWNER = "这个账号是这局的创建者，已经是主导演"
TEAM_CHANGED = "已更新"
TEAM_REVEAL = "导演组"
ASSISTANT_CONSENT = "请先取得这名玩家的同意，再勾选「这名玩家同意」"
ACTOR_WORDS = {
    "director": "导演",
    "clock": "到时自动",
    "forum": "论坛帖导入",
    "demo": "演示局",
    "seat": "玩家",
}
"""Who issued a logged command, as the console's 指令记录 names them (a director by login)."""
COMMAND_KINDS = {
    "Close": "关闭阶段",
    "Act": "行动",
    "Vote": "投票",
    "Say": "群聊发言",
    "Post": "发帖",
    "Director": "导演指令",
}
"""A logged command's kind, as 指令记录 names it (a director command by its own name)."""

TOO_MANY_TITLE = "操作太频繁"
TOO_MANY = "操作太频繁，请稍后再试"
"""A rate limit refused the request (429)."""

LOGIN_LOCKED = "登录失败次数太多，请{minutes}分钟后再试"
"""The login form after too many wrong passwords from one address or for one name."""

FORM_REUSED = "此表单已提交过，请刷新页面"
"""A form key that already carried a different command (the page was stale or copied)."""

FORM_BROKEN = "表单已损坏，请刷新页面后重新提交"
"""A form key no store could keep (too long, not printable)."""
STAGE_OVER = "该阶段已经结束"
"""A director's close or other stage-bound command from a page rendered for an earlier stage
(another tab, or the deadline closed it first): refused, nothing changed."""

ABSENCE_REASON_VOTE = "{phase}{stage}未投票（{clause}）"
ABSENCE_REASON_ACT = "{phase}{stage}未使用「{what}」（{clause}）"
"""The reason a card for an absence carries (told to the player, shown in the reveal)."""
ABSENCE_WAIVED = "已免罚"
ABSENCE_GIVEN = "已判{card}"
"""How the console marks an absence the director settled (免罚, or the card given for it)."""
LEDGER_TITLE = "判罚记录"
LEDGER_COLUMNS = ("玩家", "判罚")
"""The forum post's penalty ledger: its title and columns."""

SUBMITTED = "已提交"
SUBMITTED_BEFORE = "已提交（这份表单此前已提交过）"

BUSY = "系统繁忙，请重试"

CONTROL_CHARACTERS = "{field}含有不能显示的控制字符，请删掉后重试"
"""Text with NUL or other control characters (anything but line breaks and tabs)."""
TOO_LONG = "{field}太长：最多{limit}个字"
EMPTY = "{field}不能为空"
FIELD_TEXT = "内容"
FIELD_NAME = "名字"

REISSUED = "{name}的新私密链接（旧链接已失效；导演台「私密链接」里随时可以再次查看）：{link}"
SUBSTITUTE_LINK = "替补的私密链接（导演台「私密链接」里随时可以再次查看）：{link}"

BURNT_KEY = (
    "这个密钥已经公开（曾随代码一起发布），不能再用：任何人都能用它伪造登录和会话。\n"
    "修复：删除 {path}（bansha 下次启动会生成新的密钥，只有本机可读），"
    "或用环境变量 BANSHA_SECRET_KEY 设置一个新的随机密钥。\n"
    "之后导演需要重新登录，玩家需要重新打开各自的私密链接。"
)
"""``bansha serve`` refuses a secret key that was ever published."""

KEY_ROTATED = (
    "已生成新密钥 {path}；旧密钥移到 {previous}，在你运行 bansha rotate-key --drop-previous "
    "之前仍然有效（已登录的导演和玩家不受影响）。请重启服务。"
)
KEY_DROPPED = "旧密钥 {previous} 已删除：用它签名的会话全部失效。请重启服务。"
KEY_FROM_ENVIRONMENT = (
    "密钥来自环境变量 BANSHA_SECRET_KEY，不生成密钥文件。换密钥：给 BANSHA_SECRET_KEY 设一个新值，"
    "把旧值放进 BANSHA_SECRET_KEY_FALLBACKS，再运行一次 bansha rotate-key（把所有链接用新值重新加密），"
    "然后删掉 BANSHA_SECRET_KEY_FALLBACKS 并重启服务。"
)

PASSWORD_REFUSED = "密码不符合要求：{reasons}"
PASSWORD_RULES = {
    "password_too_short": "密码长度太短，至少要10个字符",
    "password_too_common": "这个密码太常见了",
    "password_entirely_numeric": "密码不能全都是数字",
    "password_too_similar": "密码和账号名太相似",
}
"""Why Django's password validators refused a director's password, by their error code."""
DIRECTOR_READY = "导演账号已就绪：{username}"

# ---------------------------------------------------------------------- forum threads
THREAD_SUPPORTED = (
    "bansha 能读取：Discuz! X2.5/X3（电脑版和触屏版）、Discuz! 6/7 的 viewthread.php 帖子页（含 7.2）、"
    "phpwind 8/9 的帖子页（在浏览器里“另存为网页”），以及按「12楼 作者 2026-11-28 21:03」"
    "一行一个楼层标题粘贴的文字。"
)
THREAD_UNKNOWN_PAGE = "第{n}页没有找到任何楼层：这是{found}。" + THREAD_SUPPORTED
THREAD_FORUM_SAYS = "论坛的提示页（{message}）：可能需要登录，或者填写论坛 Cookie 后再试"
THREAD_PAGE_TITLED = "标题为「{title}」的{generator}网页"
THREAD_NO_HEADERS = "没有找到楼层标题行。" + THREAD_SUPPORTED
THREAD_NOTHING = "请上传帖子页面、填写帖子地址或粘贴帖子内容"
THREAD_UNTITLED = "（无标题）"
THREAD_ANONYMOUS = "匿名"
"""The author of a post the forum prints without a name."""
THREAD_IMAGE = "[图片]"
"""An image in a post body, where the forum showed a picture."""
QUOTE_NOT_A_NUMBER = "引用的楼层必须是数字"
THREAD_POST_HINT = "写下你的发言；引用某一楼请在上面填楼层"
"""The post box of a thread whose rule set votes elsewhere (no vote format to show)."""
THREAD_FLOOR = "{floor}楼"
"""A floor of bansha's own thread, by its number (a post's heading, the 电梯楼's links)."""
THREAD_QUOTE = "引用"
"""The link under a floor that quotes it in the post box."""
THREAD_QUOTED = "引用 {floor}楼 {by}：{text}"
"""Above a post that quotes another floor: its author and the start of its text."""
THREAD_QUOTE_CUT = "……"
"""After a quoted floor's text cut short."""
THREAD_TODAY_EMPTY = "今天还没有人发帖"
"""The thread's page on today, before anyone posted."""
THREAD_DAY_EMPTY = "这一天没有人发帖"
"""The thread's page on an earlier day that has no floors (every day so far is listed)."""
THREAD_LIFT_COUNT = "（{count}帖）"
"""After a player's name in the 电梯楼: how many floors they posted that day."""
THREAD_FILE_EMPTY = "「{name}」是空文件"
THREAD_FILE_BINARY = (
    "「{name}」不是网页或文字（可能是图片或压缩包）：请上传在浏览器里“另存为网页”保存的帖子页"
)
THREAD_FILE_MISSING = "找不到文件「{name}」"
THREAD_FILE_IS_FOLDER = "「{name}」是文件夹：请给出保存的帖子页文件"
THREAD_FILE_UNREADABLE = "读不了文件「{name}」：没有读取权限，或者文件已损坏"

# ---------------------------------------------------------------------- bansha thread read
THREAD_READ_NEEDS_BOTH = (
    "要读投票帖，请同时给出 --ruleset（规则集）和 --players（存活玩家，用逗号分开，例如 甲,乙,丙）"
)
THREAD_READ_NO_SHERIFF = "「{ruleset}」没有警长，不能用 --sheriff"
THREAD_READ_NOT_A_PLAYER = "「{name}」不在 --players 的玩家名单里"
THREAD_READ_WEIGHTS_NEED_RULESET = "--sheriff 和 --no-vote 要和 --ruleset、--players 一起用"
THREAD_READ_PLAYER_TWICE = "--players 里「{name}」写了两次"
THREAD_READ_NO_THREAD_VOTES = "「{ruleset}」没有在帖子里投票的阶段，没有投票帖可读"
THREAD_READ_FLOORS_TITLE = "共 {n} 楼"
THREAD_READ_FLOOR_COLUMNS = ("楼层", "作者", "时间", "内容")
THREAD_READ_VOTES_TITLE = "投票帖"
THREAD_READ_VOTE_COLUMNS = ("楼层", "投票者", "类别", "对象", "理由 / 废票原因", "提醒")
THREAD_READ_KINDS = {"vote": "投票", "change": "改票", "abstain": "弃权", "void": "废票"}
"""What each kind of vote post is called (the JSON's ``kind``)."""
THREAD_READ_ABSTAIN = "弃权"
"""The tally's key for abstentions."""
THREAD_READ_TALLY = "票型：{counts}"
THREAD_READ_COUNT = "{name} {n}票"
THREAD_READ_NO_VOTES = "没有有效的投票"
THREAD_READ_UNCLOSED = "没有给出 --close（关门时间）：截止前不得改票和截止后的投票没有检查"
FETCH_SCHEME = "只能读取 http:// 或 https:// 开头的帖子地址"
FETCH_NO_HOST = "找不到论坛服务器：{host}"
FETCH_PRIVATE = "不能读取内网地址：{host}（{address}）"
FETCH_FAILED = "读取帖子失败：{url}（{reason}）"
FETCH_STATUS = "读取帖子失败：{url}（论坛返回 {status}）"
FETCH_REDIRECTS = "读取帖子失败：跳转次数太多（超过 {limit} 次）"
FETCH_TOO_BIG = "读取帖子失败：页面太大（超过 {limit} MB）"
FETCH_TOO_SLOW = "读取帖子失败：超过 {limit:g} 秒还没有读完"
FETCH_TOO_MANY_PAGES = "帖子超过 {limit} 页，没有读取：请把要看的页“另存为网页”后上传"

# ---------------------------------------------------------------- the player's forms
CHOOSE = "请选择"
"""The first entry of every target or choice list: nothing is chosen until the player picks."""
NOTHING_CHOSEN = "请先选择再提交"
"""A form submitted with its list left on 「请选择」."""
NO_SUCH_TARGET = "选择的目标不存在"
CONFIRM_FINAL = "「{skill}」提交后不能更改，确定提交吗？"
"""Asked before an act the rule set marks final (投降, 拍刀, 刺杀, 王车易位, 遗言 ...)."""
TIME_LEFT = "（还剩{h}小时{m}分）"
TIME_LEFT_MINUTES = "（还剩{m}分钟）"
TIME_LEFT_UNDER_MINUTE = "（不到1分钟）"
"""The time left before a deadline less than a minute away (never 「还剩0分钟」)."""
TIME_UP = "（已到截止时间）"

# ---------------------------------------------------------------- a seat's own page
PHASE_DAY = "第{n}天"
PHASE_NIGHT = "第{n}夜"
PHASE_START = "开局"
"""When something happened, as a seat's page and its record say it."""
PHASE_ENDED = "已结束"
PHASE_SETUP = "准备"
"""A game's phase before its first stage and after its end."""
THREAD_LIFT_FLOORS = "：{links}"
"""Before the links to a poster's floors on this page of the thread, in the 电梯楼."""
NO_RULESET = "没有这个规则"
"""The demo's 404 for a rule set that is not built in."""
DEMO_SELF = "我"
"""The demo player's own seat name (the bots take the default seat names)."""
LIST_SEP = "、"
"""How a list of names or words is joined on every page (never an ASCII comma)."""
RESULT_LINE = "{when}【{skill}】{subject}：{value}"
"""A private result with its subject: 「第1夜【查证】戊：杀手」「第2夜【演员试镜】甲、乙：异」."""
RESULT_LINE_BARE = "{when}【{skill}】{value}"
"""A result whose answer is its subject (通灵 answers the victim's name, or 平安夜)."""
RECORD_ACT = "你提交【{skill}】：{what}"
RECORD_ACT_PLAIN = "你提交【{skill}】"
ACT_TARGETS_CHOICE = "{targets}（{choice}）"
"""What an act chose, when it names players and words both."""
ACT_SLOT = "{subject}的方案：{choice}"
ACT_SLOT_SEP = "；"
"""One part of an act that answers each of several proposals (M186's approval votes), and
what separates the parts."""
RECORD_WITHDRAWN = "你撤回了【{skill}】"
RECORD_VOTE = "你投票给{target}"
RECORD_CHANGE = "你改票为{target}"
RECORD_ABSTAIN = "你投了弃权票"
RECORD_CHANGE_ABSTAIN = "你改投弃权票"
RECORD_LAST_WORDS = "你提交了遗言：{text}"
RECORD_CARD = "判罚：{card}"
RECORD_CARD_UPGRADE = "判罚：{card}（升级）"
ABSTAIN = "弃权"
VOTE_CHANGE_MARK = "（改票）"
"""Marks a vote that changes an earlier one, in every list of votes and in forum output."""
VOTE_USED_UP = "改票次数已用完"
VOTE_LOST = "你已失去投票权"
VOTE_ACCELERATED = "进程已加速，不允许改票"
VOTE_CHANGES = "改票：本阶段已改票{n}次，共可改票{limit}次"
VOTE_CHANGES_ANY = "改票：本阶段已改票{n}次，改票次数不限，以最后一票为准"
VOTE_FREEZE = "投票截止前{minutes}分钟内不允许改票：{moment}起不能再改票"
CARD_OUT = "你已出局（{cause}）"
CARD_OUT_PLAIN = "你已出局"
CARD_LAST_WORDS_DUE = "你可以留下遗言（在下方提交）"
CARD_LAST_WORDS_DONE = "你的遗言：{text}"
CARD_DECLARED = "你的{skill}：{choice}"
CLOSE_WHILE_AWAITING = (
    "还有待发布的公示：玩家还没看到当前阶段开始，不能关闭它。请先发布公示（或撤销上一条指令）"
)
"""公示审核: a stage closed while drafts wait would end a stage the players never saw open (every
living player then counted absent): refused until the director publishes or takes back."""
SETTLING = "导演正在结算，公示发布后才能继续提交"
"""公示审核: a player's act, vote or post while a close's drafts wait."""
NOTHING_TO_PUBLISH = "没有待发布的公示"
EDIT_UNPUBLISHED_ONLY = "只能修改尚未发布的公示"
DRAFT_LENGTH = "公示内容不能为空，也不能超过{limit}字"
OPENING_NOT_UNDONE = "开局的公示不能撤销：可以修改文字后发布"
NOTHING_TO_UNDO = (
    "没有可撤销的指令：撤销只能收回还在等待发布的结果（公示审核下有公示的关门结算，"
    "以及等待期间给出的导演指令）；其他导演指令执行后立即发布，不能撤销"
)
"""撤销 with nothing awaiting publication: what can be taken back, and that a director command given
with nothing waiting was published at once."""
CARD_COUNTS_AS = "你的身份算作{category}（算入阵营判负条件）"
"""A seat that counts as another kind of role for its faction's loss condition (M103's 红娘 of
two 特 or two 妃子, R-M103-08)."""
CARD_STILL = "出局后仍可发动：{skills}"
UNAVAILABLE = "不可选：{name}（{why}）"
"""A player the form does not offer, and the post's reason."""
SLOT_PROPOSAL = "第{n}个方案：{by}的方案（{team}）"
SLOT_MISSING = "第{n}个方案：{by}未提交方案，视为不通过"
SLOT_NUMBER = "第{n}个方案"

# ---------------------------------------------------------------- the director's console
REMIND_VOTE = "【提醒】{stage}将于{deadline}截止，尚未投票：{names}。请尽快投票。"
"""A public reminder, ready to paste into the thread or the QQ group (votes are public)."""
REMIND_ACT = "{name}：{stage}将于{deadline}截止，你还没有提交：{acts}。"
"""A private reminder to one player (a night act must not be named in public)."""
REMIND_WINDOW = "规则贴要求在截止前{early}至{late}分钟之间提醒：{start}至{end}。"
ALL_DONE = "所有人都已行动。"
AWAITING_PUBLISH = "结算结果等待发布：玩家暂时看不到，也不能行动，请在「公示审核」中检查后发布。"
"""The console's summary while a close's drafts wait (nobody is offered a form then, so 「所有人都已
行动」 would be untrue)."""
COMMAND_CONFIRM = "确定执行「{name}」吗？执行后立即发布：玩家马上就能看到，不能撤销。"
"""Asked before a director command that others will see is sent, with nothing awaiting
publication (a director's own command is published as it lands)."""
COMMAND_CONFIRM_JOINS = (
    "确定执行「{name}」吗？还有待发布的公示：本指令将和它们一起发布，发布之前可以撤销。"
)
"""Asked before a director command is sent while a close's drafts wait (it joins them)."""
LINK_LINE = "{name}：{link}"
"""One line of 「复制全部」: a seat's name and private link, as pasted to QQ or a forum message."""
LINK_LOST = "这个链接是用旧密钥保存的，无法再显示：请重新生成链接。"
LINK_REISSUED = "已为{name}重新生成链接，旧链接已失效。"
SEAT_LABEL = "{n}号（{name}）"
"""A seat as a player reads it: its number and its player's name."""
SWITCH_SEAT_TITLE = "切换座位"
SWITCH_SEAT = "你当前是{current}，要切换为{new}吗？"
SWITCH_SEAT_YES = "切换为{new}"
SWITCH_SEAT_NO = "不切换，留在{current}"
SWITCH_SEAT_NOTE = "这个浏览器一局只能坐一个座位：切换后，这里打开的是新链接的座位。"
"""A browser holding one seat opens another seat's private link of the same game: asked first."""
SUBSTITUTED_TITLE = "你已被替补"
SUBSTITUTED = (
    "你在本局的座位{seat}已由替补「{by}」接替：你的私密链接已经失效，"
    "不能再以这个座位行动，也看不到它的私密信息。本局仍可以在公开页面观看。"
)
SUBSTITUTED_PUBLIC = "打开本局公开页面"
"""A substituted-out player's old link or page: told so plainly (the substitution is public)."""
SIGNED_OUT_TITLE = "这台设备已退出座位"
SIGNED_OUT = (
    "导演已让这台设备退出本局的座位{seat}。如果这是你本人的设备，请重新打开导演发给你的私密链接；"
    "如果不是，请告诉导演，请导演重新生成链接。"
)
"""A device the director signed out of a seat opens one of its pages again."""
DEVICE_UNKNOWN = "未知设备"
"""A browser that says nothing known of itself, as the console lists it."""
DEVICE_SIGNED_OUT = "已让{name}的一台设备（{label}）退出"
"""The console after signing a device out of a seat."""
DEVICES_COUNT = "已在{n}台设备上打开："
DEVICES_NONE = "还没有设备打开过这个链接"
DEVICE_OPENED = "打开{n}次"
DEVICE_SEEN = "最近访问 "
DEVICE_SIGN_OUT = "退出此设备"
DEVICE_SIGN_OUT_CONFIRM = "让{player}的这台设备退出本局座位吗？链接本身仍然有效。"
DEVICES_NOTE = (
    "每个链接下列出打开过它的设备（系统与浏览器、打开次数、最近访问）。「退出此设备」后，那台设备上的页面"
    "立即关闭；链接仍然有效，本人可重新打开。怀疑链接被别人拿到时，请「重新生成链接」。"
)
"""The console's list of the devices that opened each seat's link."""
BAD_LINK_TITLE = "链接已失效"
BAD_LINK = "这个私密链接不对或已经失效（导演可能重新生成了链接，或这个座位换了替补）。请联系导演，让导演把新的链接发给你。"
DONE = "已执行：{name}"
BAD_PLAYER_OR_NUMBER = "玩家或数字不对"
COPIED = "已复制"
LIVE_HELD = "页面有新内容：发送或清空你正在填写的内容后显示"
"""Shown while a live update waits for what the viewer is typing or has chosen, unsent."""

# ---------------------------------------------------------------- creating a game
DUPLICATE_NAMES = "玩家名字不能重复：{names}"
OPTION_NOT_NUMBER = "选项「{label}」必须是整数，而不是「{value}」"
OPTION_NOT_CLOCK = "选项「{label}」必须是「时:分」形式的时间（如22:00），而不是「{value}」"
OPTION_NOT_CHOICE = "选项「{label}」只能是：{choices}"
LABEL_TOO_LONG = "游戏名称最多60个字"
OPTION_DEFAULT = "（默认）"

# ---------------------------------------------------------------- bansha verify (R-ALL-02)
VERIFY_FILE_HELP = "揭秘文件：游戏结束后在公开页下载的 JSON"
VERIFY_COMMITMENT_HELP = "开局时记下的承诺哈希（不填则用文件里写的那个）"
VERIFY_HELP = (
    "核对揭秘文件：由文件里的发牌、种子和随机数重新计算 SHA-256，看它是否等于开局公布的承诺哈希。"
)
VERIFY_UNREADABLE = "无法读取揭秘文件 {path}：{reason}"
VERIFY_NO_FILE = "文件不存在"
VERIFY_CANNOT_READ = "无法读取文件（权限不足或不是 UTF-8 文本）"
VERIFY_NOT_JSON = "不是合法的 JSON（第{line}行第{column}列）"
VERIFY_NOT_REVEAL = '这不是 bansha 的揭秘文件（缺少 "format": "bansha-reveal" 或格式不对）'
VERIFY_MISSING = "揭秘文件缺少「{key}」，无法核对"
VERIFY_MISMATCH = (
    "核对失败：重新计算的哈希 {computed} 与承诺哈希 {commitment} 不一致。"
    "揭秘文件的发牌、种子或随机数被改过，或者它不是这局游戏的文件。"
)
VERIFY_INCONSISTENT = "核对失败：文件里的「committed」文本与文件自己的座位表不一致，文件被改过。"
VERIFY_OK = "核对通过：发牌、种子和随机数重新计算出的哈希 {computed} 等于承诺哈希。"
VERIFY_COMPARE = (
    "请确认它就是开局时公布的承诺哈希（公开页、开局帖），或用 --commitment 传入你记下的哈希。"
)
VERIFY_LEGACY = "这局游戏用旧的承诺格式（只含身份代号和随机数），身份名称和种子不在承诺内。"
VERIFY_DEAL = "开局发牌（承诺所保证的内容）"
VERIFY_SEAT = "座位"
VERIFY_PLAYER = "玩家"
VERIFY_ROLE = "身份"
VERIFY_KEY = "代号"
VERIFY_END_NOTE = (
    "游戏中身份可能变化：文件里的终局身份、阵营和出局顺序不在承诺内，只有发牌受承诺保证。"
)

# ---------------------------------------------------------------- the reveal's download
REVEAL_FILENAME = "bansha-{game}-揭秘.json"

# ---------------------------------------------------------------------- the command line
CLI_HELP = "bansha：版杀导演平台——严格按规则帖主持论坛版杀"
CLI_SCENARIO_HELP = "场景文件：重放一局游戏、核对一条裁定、报告问题"
CLI_THREAD_HELP = "论坛帖子：读取保存的帖子页面或帖子地址"
CLI_OPTIONS_METAVAR = "[选项]"
CLI_COMMAND_METAVAR = "命令 [参数]..."
CLI_RULESET_ARG = "规则集：编号、别名或变体文件"
CLI_RULESET_METAVAR = "规则集"
CLI_SEED = "发牌和每次随机抽取用的种子"
CLI_FIRST_SEED = "第一局的种子"
CLI_GAMES = "完整对局的局数"
CLI_DATABASE = "postgresql://…（默认：SQLite）"
CLI_FILE_METAVAR = "文件"
CLI_NAME_METAVAR = "名称"
CLI_VERIFY_COMMITMENT_METAVAR = "承诺哈希"

CLI_DEMO_HELP = "用随机玩家打完一整局：显示公开公告和揭秘"
CLI_DEMO_SEED_TITLE = "{title}  种子 {seed}\n承诺哈希 {commitment}"
CLI_DEMO_REVEAL = "揭秘"
CLI_DEMO_COLUMNS = ("玩家", "身份", "阵营", "出局顺序")
CLI_DEMO_ALIVE = "存活"
CLI_DEMO_WINNER = "获胜：{winners}"
CLI_PHASE_DAY = "第{n}天"
CLI_PHASE_NIGHT = "第{n}夜"
CLI_PHASE_START = "游戏开始"
CLI_PHASE_ENDED = "游戏结束"

CLI_SCENARIO_RUN_HELP = "运行场景文件；第一个不符合预期的地方出错退出（非零）"
CLI_SCENARIO_FILES = "场景 YAML 文件"
CLI_SCENARIO_JSON = "以 JSON 输出最终状态（出错时：出错那一步的状态）"
CLI_SCENARIO_OK = "通过"
CLI_SCENARIO_FAILED = "失败"
CLI_RUN_ERROR = "运行出错（{kind}: {error}）"
UPLOADED_NAMES = "（{names}）"
PLAYERS_COUNT = "{n}人"
LISTED_TITLE = "{title}（{count}）"
"""A rule set in the new game's list: its title and its player count (「……（16人）」)."""
CHOOSE_RULESET = "请选择规则"
"""The new game's list of rule sets before one is chosen (none is chosen for the director)."""
NEW_GAME_NO_RULESET = "请选择规则，或上传变体文件"
UPLOADED_UNKNOWN = "找不到你上传过的这个规则文件，请重新选择或上传"
CLI_MECHANICS_HELP = "列出机制目录：每个机制的参数与默认值、需要的文字（及占位符）、出局原因、增加或跳过的阶段、产生的事件。"
CLI_MECHANICS_NAME = "只列出这个机制"
CLI_MECHANICS_MARKDOWN = "以文档格式输出（机制文档中机制目录一节的原文）"
CLI_MECHANICS_UNKNOWN = "机制目录中没有「{name}」；可用：{known}"
MECHANICS_ACT = "行动"
MECHANICS_PARAMS = "参数"
MECHANICS_STEPS = "结算步骤的参数"
MECHANICS_TEXTS = "需要的文字"
MECHANICS_CAUSES = "出局原因（causes 中要有说法）"
MECHANICS_STAGES = "阶段"
MECHANICS_EMITS = "事件"
MECHANICS_DEFAULT = "默认"
MECHANICS_GIVEN = "无默认值，规则文件须写明"
MECHANICS_NONE = "无占位符"
MECHANICS_REQUIRED = "必需"
MECHANICS_OPTIONAL = "可省略"
CLI_CHECK_HELP = "检查规则变体文件：每个问题都写明键的路径和原因。"
CLI_CHECK_FILES = "规则文件或变体文件"
CLI_CHECK_OK = "{title}，{players}人"
CLI_NO_FILE = "文件不存在"
CLI_UNREADABLE = "无法读取文件"

CLI_BENCH_HELP = "随机玩家下每秒完整对局数、每局动作数和内存峰值"
CLI_BENCH_MEMORY = "同时记录内存峰值（较慢）"
CLI_BENCH_TITLE = "bansha 性能测试 {ruleset}"
CLI_BENCH_COLUMNS = ("指标", "数值")
CLI_BENCH_METRICS = {
    "games": "局数",
    "seconds": "用时（秒）",
    "games_per_second": "每秒对局数",
    "actions_per_game": "每局动作数",
    "us_per_action": "每个动作（微秒）",
    "events_per_game": "每局事件数",
    "kib_after_10pct": "10% 局数后内存（KiB）",
    "kib_after_100pct": "全部局数后内存（KiB）",
    "peak_kib": "内存峰值（KiB）",
    "max_rss_mib": "进程最大常驻内存（MiB）",
    "compiled_engine": "已编译的引擎",
}
CLI_BENCH_COMPILED = "是"
CLI_BENCH_NOT_COMPILED = "否（运行 bansha compile）"

CLI_SIMULATE_HELP = "模拟大量对局：胜率（95% 区间）、对局长度、出局情况、技能影响"
CLI_SIMULATE_AGENTS = "random（随机）或 heuristic（启发式）"
CLI_SIMULATE_JOBS = "进程数（报告与它无关）"
CLI_SIMULATE_IMPACT = "去掉每个技能后重放的局数（0：不做这张表）"
CLI_SIMULATE_COMPARE = "第二个规则集或变体，并排比较"
CLI_SIMULATE_JSON = "把报告写成 JSON 文件"
CLI_SIMULATE_HTML = "把报告写成 HTML 网页"
CLI_SIMULATE_PROGRESS = "模拟 {ruleset}"
SIM_UNKNOWN_AGENTS = "没有「{kind}」这种玩家程序（可选 random 或 heuristic）"
SIM_TOO_FEW_GAMES = "局数至少为 1"
CLI_WROTE_JSON = "JSON：{path}"
CLI_WROTE_HTML = "HTML：{path}"

CLI_COMPILE_HELP = "用 mypyc 编译引擎、机制、规则集和玩家程序（对局快约一倍）"
CLI_COMPILE_FORCE = "即使编译结果已是最新也重新编译"
CLI_COMPILE_CLEAN = "删除编译结果，改为运行源代码"
CLI_COMPILE_OPTIONAL = "编译失败只提醒（没有编译器时）"
CLI_COMPILE_CLEANED = "已删除编译结果：运行源代码"
CLI_COMPILING = (
    "正在编译引擎（源代码每次改动后一次；视机器快慢要一到几分钟，下面显示进度和已用时间）…"
)
CLI_COMPILE_STEPS = {
    "generate": "检查类型并生成 C 代码",
    "compile": "编译 C 代码（已编译 {files} 个文件）",
    "link": "链接扩展模块",
    "train": "用训练对局测量编译出的代码",
    "tuned": "按测量结果再编译 C 代码（已编译 {files} 个文件）",
}
"""What the build is doing, beside the time it has taken (``native.BuildSteps``' steps: a build
guided by a profile has five, a plain one three)."""
CLI_COMPILE_FAILED = "无法编译（{error}）；改为运行源代码"
CLI_COMPILE_PLAIN = "按训练对局优化的编译没有成功（{reason}），已改用普通编译（对局会慢几个百分点）"
CLI_COMPILED = "编译完成，用时{minutes}分{seconds}秒"
CLI_COMPILE_CURRENT = "编译结果已是最新"

CLI_SERVE_HELP = "在 http://HOST:PORT 运行网页平台（先执行数据库迁移）"
CLI_SERVE_HOST = "监听的地址"
CLI_SERVE_PORT = "端口"
CLI_SERVE_DATABASE = "postgresql://…（默认：./.bansha 里的 SQLite）"
CLI_SERVE_WORKERS = "服务器进程数"
CLI_SERVE_THREADS = "每个进程同时处理的请求数（其余排队）"
CLI_SERVE_CLOCK = "到截止时间自动结束阶段"
CLI_SERVE_HTTPS = (
    "浏览器通过 HTTPS 访问（前面的 TLS 代理设置 X-Forwarded-Proto）：Cookie 只走 HTTPS、启用 HSTS、"
    "普通 HTTP 跳转到 HTTPS"
)
CLI_SERVING = "bansha 正在运行：http://{host}:{port}/"

CLI_DIRECTOR_HELP = "创建导演账号（或重设密码）"
CLI_DIRECTOR_USERNAME = "登录名"
CLI_DIRECTOR_PASSWORD = "密码"
CLI_DIRECTOR_PASSWORD_AGAIN = "再输入一次密码"
CLI_ROTATE_KEY_HELP = "生成新的密钥；旧密钥在 --drop-previous 之前仍然有效"
CLI_ROTATE_KEY_DROP = (
    "不再接受旧密钥（用它签名的会话失效）：先把所有链接用新密钥重新加密，再删除旧密钥"
)
CLI_WORKER_HELP = "只运行截止时间处理进程（配合用 --no-clock 启动的服务器）"

CLI_THREAD_READ_HELP = "按顺序读取帖子的各页：列出每一楼；给出规则集和玩家时，还列出每个投票帖和按规则集改票规则得出的票型"
CLI_THREAD_SOURCES = "保存的帖子页面（文件）或帖子地址"
CLI_THREAD_SOURCES_METAVAR = "文件或地址..."
CLI_THREAD_RULESET = "规则集编号：读取投票帖"
CLI_THREAD_PLAYERS = "存活玩家，如 甲,乙,丙"
CLI_THREAD_PLAYERS_METAVAR = "玩家"
CLI_THREAD_TZ = "页面没有写时区时用的游戏时区"
CLI_THREAD_TZ_METAVAR = "时区"
CLI_THREAD_CLOSE = "当天关门（投票截止）时间，如 2026-06-01 22:00，游戏时区"
CLI_THREAD_CLOSE_METAVAR = "时间"
CLI_THREAD_JSON = "以 JSON 输出"
CLI_THREAD_SHERIFF = "警长：他的票按规则集的权重计（如 M103「带队」1.5票）"
CLI_THREAD_PLAYER_METAVAR = "名字"
CLI_THREAD_NO_VOTE = "已失去投票权的玩家（如 M103 用过「谁敢动我」的太子），他们的投票帖算作废票"

CLI_FRAMEWORK = {
    "Options": "选项",
    "Arguments": "参数",
    "Commands": "命令",
    "Error": "错误",
    "Aborted!": "已中止！",
    "Aborted.": "已中止。",
    "Try [blue]'{command_path} {help_option}'[/] for help.": (
        "运行 [blue]'{command_path} {help_option}'[/] 查看说明。"
    ),
    "[default: {}]": "[默认：{}]",
    "[env var: {}]": "[环境变量：{}]",
    "[required]": "[必填]",
    "(deprecated) ": "（已弃用）",
    "(dynamic)": "（动态）",
    "default: {default}": "默认：{default}",
    "env var: {var}": "环境变量：{var}",
    "required": "必填",
    "Missing command.": "缺少命令。",
    "No such command {name!r}.": "没有命令 {name!r}。",
}
"""The command line library's (Typer's) own words it passes through ``gettext``, English as it
writes them → Chinese."""
CLI_USAGE = "用法："
CLI_HELP_HINT = "运行 '{command} {option}' 查看说明。"
CLI_HELP_OPTION = "显示这份说明并退出。"
CLI_TYPE_LABELS = {"int": "整数", "float": "小数", "str": "文字", "Path": "路径", "bool": ""}
"""The placeholder help shows for an option's value, by its Python type (a switch shows none)."""
CLI_ERRORS = (
    (r"^Missing argument '(.+)'\.", r"缺少参数「\1」。"),
    (r"^Missing option '(.+)'\.", r"缺少选项「\1」。"),
    (r"^Missing parameter: (.+)", r"缺少参数：\1"),
    (r"^No such option: (\S+)", r"没有选项 \1。"),
    (r"\s*\(?Did you mean one of: (.+)\?\)?", r"是不是想写其中之一：\1？"),
    (r"\s*Did you mean (.+)\?", r"是不是想写 \1？"),
    (r"\s*\(Possible options: (.+)\)", r"可用的选项：\1。"),
    (r"^No such command '(.+)'\.", r"没有命令「\1」。"),
    (r"^Got unexpected extra arguments? \((.+)\)", r"多出的参数（\1）"),
    (r"^Got unexpected extra argument\(s\) \((.+)\)", r"多出的参数（\1）"),
    (r"^Option '(.+)' requires an argument\.", r"选项 \1 需要一个值。"),
    (r"^Option '(.+)' requires (\d+) arguments\.", r"选项 \1 需要 \2 个值。"),
    (r"^Option '(.+)' does not take a value\.", r"选项 \1 不带值。"),
    (r"^Invalid value for (.+?): ", r"\1 的值不对："),
    (r"^Invalid value: ", r"值不对："),
    (r"(?:Value )?(\S+) is not a valid (?:int|integer)\.", r"\1 不是整数。"),
    (r"(?:Value )?(\S+) is not a valid float\.", r"\1 不是小数。"),
    (r"(\S+) is not in the range (.+)\.", r"\1 不在范围 \2 内。"),
    (r"Input should be a valid integer.*", "应当是整数"),
    (r"Input should be a valid number.*", "应当是数字"),
    (r"Input should be a valid boolean.*", "应当是 true 或 false"),
    (r"Input should be greater than or equal to (\S+)", r"应当不小于 \1"),
    (r"Input should be less than or equal to (\S+)", r"应当不大于 \1"),
)
"""The library's error messages (pattern → Chinese, applied in order to the whole message)."""

# ---------------------------------------------------------------------- data files
DATA_FILE: dict[str, str] = {
    # reading the file
    "too_large": "文件过大：{size}字节，上限为{limit}字节",
    "not_utf8": "文件不是UTF-8编码的文本（第{offset}字节起无法解码）",
    "empty": "文件是空的",
    "not_mapping": "文件的顶层必须是映射（键: 值），而不是{kind}",
    "yaml_syntax": "第{line}行第{column}列：YAML格式错误：{problem}",
    "yaml_syntax_nowhere": "YAML格式错误：{problem}",
    "too_deep": "第{line}行：嵌套超过{limit}层",
    "too_many_aliases": "别名（*引用）超过{limit}个",
    "too_big_expanded": "展开别名后超过{limit}个节点",
    "duplicate_key": "键「{key}」重复出现（第{line}行）",
    "many_documents": "文件只能包含一个YAML文档",
    # keys and values
    "unknown_key": "未知的键，是否应为 {suggestion}？",
    "unknown_key_plain": "未知的键；可用的键：{known}",
    "unknown_ref": "未知的{what}「{value}」，是否应为 {suggestion}？",
    "unknown_ref_plain": "未知的{what}「{value}」；可用的{what}：{known}",
    "missing": "缺少必需的键",
    "text": "必须是文字",
    "text_number": "必须是文字（数字或 yes/no 这类的词请加引号）",
    "text_empty": "不能为空",
    "text_long": "不能超过{limit}个字",
    "text_control": "不能包含控制字符",
    "integer": "必须是整数",
    "count": "必须是不小于{low}的整数",
    "count_range": "必须是{low}到{high}之间的整数",
    "at_most": "不能大于{limit}",
    "boolean": "必须是 true 或 false",
    "mapping": "必须是映射（键: 值）",
    "list": "必须是列表",
    "list_short": "至少需要{limit}项",
    "list_long": "最多{limit}项",
    "list_length": "必须正好有{limit}项",
    "choice": "只能是：{choices}",
    "clock": "必须是“时:分”形式的时刻，例如 12:00",
    "datetime": "必须是ISO 8601时间，例如 2026-06-03T14:00:00+08:00",
    "datetime_naive": "必须带时区，例如 2026-06-03T14:00:00+08:00",
    "invalid": "取值无效",
    "duplicate_value": "「{value}」重复出现",
    "more": "……另有{count}处错误",
    # rule-set files
    "extends_missing": "变体文件必须用 extends 指明所基于的规则（内置规则：{known}）",
    "extends_unknown": "找不到 extends 所指的规则「{name}」（内置规则：{known}，或变体文件的路径）",
    "extends_upload": "上传的变体文件只能 extends 内置规则或已收录的变体：{known}",
    "extends_deep": "extends 层数过多（最多{limit}层）",
    "extends_cycle": "extends 形成循环：{chain}",
    "role_required": "本规则的程序需要至少1名此身份（{role}）",
    "no_players": "所有身份的人数之和为0，没有玩家",
    "too_many_players": "所有身份的人数之和为{count}，超过上限{limit}",
    "same_name": "名称「{name}」与 {other} 相同：名称必须互不相同",
    "name_taken": "名称「{name}」已被规则「{other}」使用",
    "not_a_cycle_phase": "「{phase}」不是 cycle 中的阶段（cycle：{cycle}）",
    "no_stage": "cycle 中的阶段都没有不带 when 的时段，游戏无法推进",
    "no_stage_for_phase": "cycle 中的「{phase}」在 timetable 中没有任何时段",
    "deadline_both": "minutes 与 until 只能二选一",
    "choices_default": "默认值「{value}」不在 choices 中（可用：{known}）",
    "choices_new": "「{value}」不是本规则的程序能处理的取值；可用：{known}",
    "template_syntax": "模板格式错误（{problem}）；花括号请写成 {{{{ 与 }}}}",
    "template_field": "占位符只能是 {{名字}} 的形式，不能带“{part}”",
    "template_unknown": "未知的占位符 {{{field}}}，是否应为 {{{suggestion}}}？",
    "template_unknown_plain": "未知的占位符 {{{field}}}；可用：{known}",
    "template_render": "用示例值渲染模板失败：{problem}",
    "team_size": "第{round}轮的出征人数{size}超过玩家人数{players}",
    "fails_size": "第{round}轮需要的失败票数{fails}超过出征人数{size}",
    "range_order": "下限{low}不能大于上限{high}",
    "players_bound": "不能超过玩家人数{players}",
    "option_unknown": "未知的选项「{key}」，是否应为 {suggestion}？",
    "cause_needed": "缺少出局原因「{cause}」的说法（skills.{skill} 的机制 {mechanic} 会让玩家因此出局，玩家将读到「你已出局（…）」）",
    "step_no_mechanic": "技能「{skill}」没有 mechanic，不能在结算步骤中使用",
    "text_unused": "没有机制或流程使用这个文字键，是否应为 {suggestion}？",
    "text_needed": "缺少文字（{who} 需要它；可用的占位符：{fields}），否则玩家将读到文字键本身",
    "due_never": "技能「{skill}」的机制从不欠下行动（只有开枪、移交警徽这类出局后的行动会），when: due: 不能用它",
    "faction_entry": "缺少阵营「{faction}」（身份 {role} 持有此技能）",
    "count_title": "「{title}」写的是{said}人，所有身份的人数之和却是{count}",
    "option_unknown_plain": "未知的选项「{key}」；可用的选项：{known}",
    # scenario files
    "scenario_step": "步骤必须是 next，或只有一个键的 act、vote、next、director、expect",
    "no_file": "文件不存在",
    "unreadable": "无法读取文件",
    "scenario_player": "「{name}」不是 players 中的玩家",
    "scenario_phase": "必须是 start、ended、day N 或 night N（可再跟阶段名）",
    "scenario_timezone": "未知的时区「{value}」，例如 Asia/Shanghai",
    "scenario_duplicate_player": "玩家「{name}」重复出现",
    "scenario_roles_players": "「{name}」不是 players 中的玩家",
    "scenario_director": "导演指令必须写成一个键，例如 {{红牌: 丁}}",
}
"""Why a data file (a rule-set variant, a scenario) was refused, by kind of problem; filled by
``bansha.datafiles.messages.message``."""

# ---------------------------------------------------------------------- forum threads, 2nd round
FETCH_BAD_PORT = "帖子地址的端口「{port}」不对：端口必须是 1 到 65535 之间的数字"
FETCH_BAD_ADDRESS = "帖子地址里有控制字符（如换行），请从浏览器地址栏重新复制"
FETCH_COOKIE_LINES = "论坛 Cookie 里有换行或控制字符：请只复制 Cookie 的值（一行，形如 a=1; b=2）"
FETCH_COOKIE_CHARACTERS = (
    "论坛 Cookie 里有中文或其他不能放进请求头的字符：请只复制 Cookie 的值（一行，形如 a=1; b=2）"
)
THREAD_CHARSET_NOT_TEXT = (
    "{source}声明的字符编码「{name}」不是网页文字的编码，bansha 不用它解码："
    "请在浏览器里重新“另存为网页”，或把帖子内容直接粘贴进来"
)
THREAD_CHARSET_PAGE = "页面"
THREAD_CHARSET_SERVER = "论坛服务器"
THREAD_PAGE_EMPTY = "第{n}页没有可读的内容（空白页，或整页只是注释）。" + THREAD_SUPPORTED
THREAD_FLOOR_TOO_HIGH = (
    "楼层号「{shown}」不可能是真的楼层（超过 9999999 楼）：这个页面不是论坛保存的帖子页"
)
THREAD_NO_AUTHOR = "（不明）"
"""The author of a floor the forum prints without one (a deleted floor)."""
THREAD_GAP_PAGE = "缺少第{floors}楼，可能少读了一页"
THREAD_GAP_FLOORS = "缺少第{floors}楼，可能已被删除或屏蔽"
THREAD_ORDER_FROM_PAGE = "由本页的日期判断"
THREAD_ORDER_TOLD = "按导演指定的日期顺序"
THREAD_ORDER_FROM_OTHERS = "按同一帖子其他页的日期顺序"
THREAD_ORDER_FROM_SEQUENCE = "按楼层先后判断"
THREAD_ORDER_BOTH = "本页既有日/月/年又有月/日/年的日期，无法判断"
THREAD_ORDER_UNKNOWN = "本页的日期分不出是日/月/年还是月/日/年，请指定日期顺序（--date-order 或导入表单的「日期顺序」）"
THREAD_ORDERS = {"dmy": "日/月/年", "mdy": "月/日/年"}
"""The orders a year-last date can be written in, as the director reads them."""
THREAD_ORDER_LINE = "{page}的日期按{order}读（{how}）"
THREAD_ORDER_NONE = "{page}的日期无法读取：{how}"
THREAD_PAGE_NUMBER = "第{n}页"
THREAD_PASTED_TEXT = "粘贴的帖子文字"
TIME_AMBIGUOUS = "「{shown}」的日期分不出是日/月/年还是月/日/年"
TIME_SHORT_YEAR = "「{shown}」的年份不是四位数"
TIME_NO_DATE = "「{shown}」不是真实的日期"
TIME_NO_CLOCK = "「{shown}」不是真实的时间"
TIME_UNKNOWN_FORM = "「{shown}」不是 bansha 认得的时间写法"
TIME_NO_PAGE_CLOCK = "「{shown}」是相对时间，但页面上没有论坛的当前时间可以对照"
TIME_MISSING = "没有写时间"
CHECK_NO_TIME = "（没有时间）"
CHECK_RULE_CLOSE = "关门"
CHECK_RULE_FREEZE = "截止前{minutes}分钟不得改票"
CHECK_UNJUDGED = "时间「{shown}」无法判断是否在{rule}（{moment}）之后：按楼层先后计入，请导演核对"
CHECK_LATE_EDIT = "关门（{close}）后编辑过帖子（{edited}）：修改错别字不算改票，请导演核对"
CHECK_VOID_FOR = "{reason}（本想投「{name}」）"
CHECK_RULE_OPENED = "本投票阶段开始"
THREAD_UNKNOWN_TIME = "{floor}楼 {author}：时间读不出（页面上写的是「{shown}」：{why}）"
THREAD_HIDDEN_FLOOR = "{floor}楼 {author}：论坛隐藏了这一楼（{notice}），不计为投票或引用"
THREAD_UNCOUNTED = "{floor}楼 {author}：时间「{shown}」无法确定属于哪一天，没有计入发帖数"
THREAD_LINE_VOID = "废票：{why}"
THREAD_LINE_UNJUDGED = "未计票：时间无法判断（见「需要导演核对」）"
THREAD_READ_BAD_ORDER = "--date-order 只能是 dmy（日/月/年）或 mdy（月/日/年），不是「{value}」"
THREAD_READ_NO_TIME = "时间不明（页面上是「{shown}」）"
THREAD_READ_WINDOW = "{earliest} 至 {latest}（页面上是「{shown}」）"
THREAD_READ_HIDDEN = "（论坛已隐藏：{notice}）"
THREAD_READ_INTENDED = "（本想投 {name}）"
THREAD_READ_CHECKS_TITLE = "需要导演核对："
THREAD_READ_CHECK = "  {floor}楼 {author}：{reason}"
THREAD_READ_UNKNOWN_EXIT = (
    "{floors}的时间读不出或无法判断，票型里的时间规则没有用在这些楼层上。"
    "请用 --date-order 指定日期顺序，或核对后加 --allow-unknown-times 照常退出"
)
CLI_THREAD_DATE_ORDER = (
    "页面上的「12/7/2009」这类日期分不出日月时按哪种顺序读：dmy（日/月/年）或 mdy（月/日/年）"
)
CLI_THREAD_ORDER_METAVAR = "顺序"
CLI_THREAD_ALLOW_UNKNOWN = "有楼层的时间读不出时也照常退出（退出码 0）"
THREAD_LINE_PREVIEW = "预览（未计票）"
THREAD_LINE_BEFORE = "此前已导入"
THREAD_LINE_COUNTED = "已计票"
THREAD_LINE_REFUSED = "不计：{why}"
THREAD_CHANGED_SINCE = "上次导入后帖子内容被修改"
WATCH_BAD_EVERY = "自动读取的间隔只能选 {choices} 分钟"
WATCH_BAD_INTERVAL = "--every 写作 10m、30s、1h 或分钟数，不是「{value}」"
WATCH_FLOOR_HIDDEN = "{floor}楼 {author}：上次读到后被论坛隐藏或删除（{notice}）"
WATCH_FLOOR_EDITED = "{floor}楼 {author}：上次读到后被编辑：「{before}」→「{after}」"
WATCH_READ_FAILED = "{when} 读取失败，下次再试：{why}"
WATCH_READ_DONE = "{when} 读取完成：共 {pages} 页，新楼层 {new} 个，有变化的楼层 {changed} 个"
WATCH_NEW_FLOOR = "  新 {floor}楼 {author} {time}：{body}"
CLI_THREAD_WATCH_HELP = (
    "定时读取论坛帖子：每次列出新楼层和有变化的楼层；给出规则集和玩家时，列出读到的所有楼层的票型"
)
CLI_WATCH_URL = "帖子地址"
CLI_WATCH_URL_METAVAR = "地址"
CLI_WATCH_EVERY = "多久读一次：10m、30s、1h 或分钟数"
CLI_WATCH_EVERY_METAVAR = "间隔"
CLI_WATCH_ROUNDS = "读这么多次后退出（0：一直读，按 Ctrl+C 结束）"
CLI_WATCH_ROUNDS_METAVAR = "次数"
WATCH_SET = "已设置自动读取：每 {every} 分钟读一次论坛帖（马上先读一次）"
WATCH_STOPPED = "已停止自动读取（读到的楼层都保留）"
WATCH_NONE = "还没有设置自动读取：请先填写帖子地址"
WATCH_READ_FAILED_CONSOLE = "读取论坛帖失败（下次按时再试）：{why}"

# ---------------------------------------------------------------------- trust (docs/security.md)
CLI_DIRECTOR_PASSWORD_FILE = (
    "从文件读取密码（文件的第一行；- 表示从标准输入读取）。不给时：在终端里提示输入，"
    "或从标准输入读取第一行"
)
CLI_DIRECTOR_PASSWORD_FILE_METAVAR = "文件"
PASSWORD_IN_ARGV = (
    "密码不能写在命令行上（其他用户用 ps 能看到，也会留在 shell 历史里）。"
    "请不带 --password 运行 bansha director，按提示输入密码；"
    "或用 --password-file 文件 / 从标准输入传入密码，例如：bansha director 名字 --password-file -"
)
PASSWORD_NOT_READ = "没有读到密码：{where}是空的"
PASSWORD_FILE_UNREADABLE = "无法读取密码文件 {path}（文件不存在、没有读取权限，或不是 UTF-8 文本）"
PASSWORD_FROM_STDIN = "标准输入"
HOME_TOO_OPEN = (
    "警告：{path} 的权限是 {mode}，本机其他用户可能读到它（数据库里有会话、私密链接和全部游戏记录）；"
    "已改为 {wanted}（只有本账号可读写）。如果它曾被别人读过，请运行 bansha rotate-key --reissue-links。"
)
"""A file or folder under the installation's home was readable by others at start."""
CLI_ROTATE_KEY_REISSUE = (
    "同时为所有未结束的游戏重新生成全部私密链接（密钥或数据库可能泄露时）：旧链接立即失效，"
    "需要把新链接重新发给每位玩家"
)
LINKS_RESEALED = "已用当前密钥重新加密 {resealed} 个私密链接；删除了 {removed} 个已失效或无法再解密的旧链接副本。"
LINKS_REISSUED_ALL = (
    "已为 {games} 局未结束的游戏重新生成 {links} 个私密链接，旧链接全部失效："
    "请在各局导演台「私密链接」里把新链接发给玩家。"
)
LINKS_REISSUED_GAME = "已重新生成全部 {links} 个私密链接，旧链接全部失效：请把新链接发给每位玩家。"
REISSUE_ALL = "重新生成全部链接"
REISSUE_ALL_CONFIRM = "所有玩家的旧链接将立即失效，需要把新链接重新发给每一位玩家。确定吗？"
REISSUE_ALL_HELP = (
    "链接清单、密钥或数据库可能被别人看到时使用：每个座位换一个新链接，旧链接全部失效。"
)
CLI_SERVE_TRUSTED_PROXY = (
    "前面的反向代理的地址或网段，可写多次：只采信来自这些地址的请求所转发的客户端地址和协议"
    "（默认一个也不采信）"
)
CLI_SERVE_TRUSTED_PROXY_METAVAR = "地址"
CLI_SERVING_PROXIES = "只采信这些代理转发的客户端地址：{proxies}"
TRUSTED_PROXY_BAD = "「{value}」不是 IP 地址或网段（例如 127.0.0.1、10.0.0.0/8）"
SPECTATOR_MARK = "（观众）"
"""After a spectator's name on a room's message."""

# ---------------------------------------------------------------------- director commands
DIRECTOR_LABELS = {
    "red_card": "红牌",
    "yellow_card": "黄牌",
    "blue_card": "蓝牌",
    "warning": "警告",
    "concede": "判负",
    "substitute": "替补",
    "accelerate": "加速",
    "proxy": "代投",
    "drown": "淹死",
    "execute": "判死",
    "declare_for": "代为声明",
    "publish": "发布",
    "undo": "撤销",
    "extend": "延期",
    "waive": "免罚",
    "close_stage": "结束阶段",
    "pause": "暂停",
    "resume": "继续",
}
"""Director commands by id (``bansha/engine/director.py``) → the name the director gives them:
the console's buttons, the scenario files' ``director:`` keys, a rule set's ``director_commands``
and the records of what was done."""
DIRECTOR_ALIASES = {"关闭阶段": "close_stage"}
"""Other names a command came in by (the console's close button before the ids)."""
SCENARIO_DIRECTOR_EXPECTED = "one command such as {红牌: 丁}"
"""What a scenario's failed ``director:`` step expected (the runner's report of a broken file)."""
SIGNUP_WORD = "【报名】"
"""What a floor of the forum thread replies to sign up (XXXII)."""
STORE_APP = "事件存储"
"""The event store's name in Django's own pages."""
SEAT_NAMES = "甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉"
"""Default seat names of a demo table, one character each: the heavenly stems, then the earthly
branches."""
CLI_CHECKED_FILE = " {file}：{verdict}"
"""After the mark of a checked file (bansha check): the file and what was found."""
SEAT_NAME_NUMBERED = "玩家{n}"
"""A demo table's seat name past the twentieth."""
LIST_MORE = "……"
"""After a list cut short."""
COMMA_SEP = "，"
"""What separates the parts of a line in the terminal (a tally's counts, a report's shares)."""
"""After a list cut short."""
NONE_KNOWN = "（无）"
"""In place of an empty list of what a data file may name."""
PROBLEM_AT = "{path}：{text}"
"""One problem of a data file with where it is."""
PROBLEMS_SEP = "；"
"""What separates the problems (a data file's, a password's) in one message."""
PROBLEM_KEYS = "{problem}（{keys}）"
"""A problem with the keys it is about (「缺少必需的键（seat、by）」)."""
YAML_PROBLEMS: tuple[tuple[str, str], ...] = (
    ("mapping values are not allowed", "此处不能出现“键: 值”（冒号后的值含有“: ”时请加引号）"),
    ("could not find expected ':'", "找不到预期的冒号“:”"),
    ("did not find expected key", "缩进不一致，找不到预期的键"),
    ("did not find expected ',' or ']'", "列表缺少“,”或“]”"),
    ("did not find expected ',' or '}'", "映射缺少“,”或“}”"),
    ("did not find expected '-' indicator", "列表缩进不一致，找不到预期的“-”"),
    ("found unexpected end of stream", "文件意外结束（引号或括号没有闭合）"),
    ("found undefined alias", "引用了未定义的锚点（*别名）"),
    ("found duplicate anchor", "锚点（&名字）重复定义"),
    ("found character that cannot start any token", "出现了不能用在此处的字符（例如用制表符缩进）"),
    ("found a tab character", "制表符破坏了缩进，请用空格缩进"),
    ("found unknown escape character", "引号中有未知的转义字符"),
    ("could not determine a constructor", "不支持的类型标签（!!…）"),
    ("expected a single document", "文件只能包含一个YAML文档"),
    ("found unhashable key", "键不能是列表或映射"),
    ("expected <block end>", "缩进不一致"),
    ("node content", "缺少内容"),
    ("maximum nesting depth", "嵌套层数过多"),
    ("unacceptable character", "含有不允许的字符（控制字符或二进制数据）"),
    ("control characters are not allowed", "含有不允许的字符（控制字符或二进制数据）"),
)
"""The YAML library's problems (a phrase of its message → Chinese), the first that matches."""
YAML_PROBLEM_OTHER = "无法解析此处的内容"
"""A YAML problem none of ``YAML_PROBLEMS`` names."""
YAML_KINDS = {
    "list": "列表",
    "str": "一段文字",
    "int": "一个数",
    "float": "一个数",
    "bool": "true/false",
    "NoneType": "空值",
    "other": "其他内容",
}
"""What a file's top level is instead of a mapping, by the type it was read as."""

# ---------------------------------------------------------------------- the simulator
SIM_LAST_WORDS = ("我是好人，大家加油。", "相信我的判断。", "没什么好说的。", "注意看投票。")
"""The last words a simulated player leaves (one drawn at random)."""
SIM_AGREE = "同意"
SIM_REJECT = "反对"
SIM_FAIL = "失败"
SIM_SUCCESS = "成功"
SIM_ACCEPT = "是"
"""A simulated player's answers when the rule set's words name none of its own."""
SIM_AGENTS = {"random": "随机玩家", "heuristic": "启发式玩家"}
"""The simulated players' kinds, as the report names them."""
SIM_NOBODY_KILLED = "无人被杀"
"""The first-night table's row of the nights nobody died."""
SIM_TITLE = "{title}：{games} 局（{agents}）"
SIM_WIN_COLUMNS = ("阵营", "胜局", "胜率", "95% 区间")
SIM_RANGE = "{low} ～ {high}"
SIM_LENGTH = (
    "游戏长度：平均 {mean} 天，中位数 {median} 天，{low}–{high} 天；每局决定 {decisions} 次"
)
SIM_SHARE = "{role} {share}"
SIM_FIRST_NIGHT = "第一夜被杀：{top}"
SIM_COMPARE_TITLE = "对比（对比规则 − 本规则）"
SIM_COMPARE_COLUMNS = ("阵营", "本规则", "对比规则", "差", "95% 区间", "p 值")
SIM_IMPACT_TITLE = "技能改变结局的频率（前 {games} 局重玩，不使用该技能）"
SIM_IMPACT_COLUMNS = ("技能", "改变结局", "95% 区间")
SIM_IMPACT_SHIFT = "{faction}胜率变化"
SIM_IMPACT_CHANGED = "{changed}/{games}（{rate}）"
SIM_IMPACT_STALLED = "，{stalled} 局未结束"
SIM_RUN = "用时 {seconds} 秒，{jobs} 个进程，每秒 {rate} 局"
SIM_CHART_WIN_RATE = "胜率（%）"
SIM_CHART_ENDED_ON = "结束于第几天"
SIM_CHART_GAMES_SHARE = "局数占比（%）"
SIM_CHART_SURVIVED = "存活"
SIM_CHART_ROLE_SHARE = "占该身份人次（%）"
"""The simulation report's words: its tables' titles, columns and lines, and its charts' axes."""
CARD_YELLOW = "黄牌"
CARD_WARNING = "警告"
"""The penalties a lurking rule proposes, by the director command that gives them."""

# ---------------------------------------------------------------------- forum code (bansha.forum.bbcode)
FORUM_DIALECTS = {"discuz": "Discuz! 代码", "phpwind": "phpwind 代码", "text": "纯文本"}
"""The forum codes a director may paste the pieces in."""
FORUM_PIECES = {
    "announcements": "公示",
    "morning": "晨报",
    "tally": "票型",
    "reveal": "揭秘",
}
"""The pieces a director pastes into the thread, by the names the page shows them under."""
FORUM_OPEN_BRACKET = "［"
FORUM_CLOSE_BRACKET = "］"
"""What a user's square brackets become, so his text never turns into forum code."""
FORUM_COLUMN_SEP = "\u3000"
"""Between a plain-text table's columns, and between a title and its phase."""
FORUM_PHASE_HEADING = "【{phase}】"
FORUM_MORNING_TITLE = "{title}\u3000{phase}晨报"
FORUM_MORNING_LATER = "晨报在天亮（讨论帖开门）后生成，现在不是白天"
"""The console's 晨报 outside a day (at night, before the first day, after the end)."""
FORUM_LIVING = "存活玩家（{count}人）："
FORUM_STAGE = "当前阶段：{stage}"
FORUM_DEADLINE = "，截止：{deadline}"
FORUM_TALLY_COLUMNS = ("对象", "票数", "投票者")
FORUM_TALLY_HEAD = "【{stage}·当前票型】"
FORUM_TALLY_STAGE = "投票"
"""The tally's heading when the view names no stage."""
FORUM_NO_VOTES = "暂无投票"
FORUM_HISTORY_TITLE = "投票记录："
FORUM_REVEAL_COLUMNS = ("玩家", "身份", "阵营")
FORUM_REVEAL_TITLE = "{title}\u3000揭秘"
FORUM_WINNERS = "获胜：{winners}"
FORUM_EXIT_ORDER = "出局顺序：{names}"
FORUM_DEAL_CHECK = "承诺哈希：{commitment}\u3000随机数：{nonce}\u3000种子：{seed}"
"""The pieces' words: the morning report (晨报), the vote tally (票型) and the reveal (揭秘)."""

# ---------------------------------------------------------------------- forum tools
LURKING_FEW_POSTS = "第{day}天发帖{n}帖，不足五帖"
LURKING_FEW_POSTS_THREE_DAYS = "连续三个讨论日发帖{counts}，均不足十帖"
LURKING_NO_VOTE = "第{day}天未投票"
LURKING_MISSED_ACTION = "必须行使特权的角色未在规定时间内行使"
LURKING_FEW_POSTS_STAGE = "{stage}发帖{n}帖，少于5帖且少于当天平均发帖数{average:.1f}的20%"
LURKING_NO_POST_TODAY = "当天未发言"
LURKING_NO_VOTE_TODAY = "当天未投票"
"""The evidence of each lurking penalty proposed (M103 违规判定5, bs46 3.1, XXXII 注意事项2)."""
FLAG_POST_AFTER_EXIT = "已出局后在帖中发言（诈尸）"
FLAG_POST_AFTER_CURFEW = "宵禁后发言（两次累计一次警告）"
FLAG_BLUE_OVER_LIMIT = "限制发言阶段第{n}条蓝字（只有{times}次机会）"
"""A floor against the post's forum rules, flagged for the director (M186 6(2), XXXII 注意事项3)."""
CHINESE_NUMERALS = "一二三四五六七八九"
"""One to nine as written in words (「只有三次机会」)."""
TIME_PROBLEM_WHY = "{problem}（{why}）"
"""A floor's unread time with why the page's dates could not be read."""
FLOOR_NAMED = "{n}楼"
"""A floor named in a message of the forum tools (「12楼」)."""
ROSTER_SEPARATORS = ",，、"
"""What may separate the names of a roster given on the command line."""
WATCH_UNITS = {"s": 1, "秒": 1, "m": 60, "分": 60, "分钟": 60, "h": 3600, "小时": 3600}
"""The units ``--every`` may be given in (seconds each; a bare number is minutes)."""
FORUM_WORDS_INVALID = "论坛词表 {file} 有误：{problems}"
"""The thread reader's vocabulary (``bansha/forum/words.yaml``) was refused."""

# ---------------------------------------------------------------- the engine's own words
OPENING_COMMAND = "开局公示"
"""The review marker of a game's opening announcements (stored in the game's events as the
command's name: never reworded)."""
DEADLINE_PASSED = "本阶段已于{moment}截止"
ROOM_UNKNOWN = "没有这个讨论区"
ROOM_CLOSED = "现在不能在{room}发言"
MESSAGE_EMPTY = "消息不能为空"
MESSAGE_TOO_LONG = "消息不能超过{limit}字"
AUDIENCE_NAME_MISSING = "请先填写观众的名字"
THREAD_ACCELERATE_NOTE = "申请加速"
"""How a thread floor that asks for 进程加速 is marked."""
VOTE_NOTE_VOID = "废票：{error}{meant}"
VOTE_NOTE_MEANT = "（本想投「{target}」）"
VOTE_NOTE_VOTE = "投票：{target}"
VOTE_NOTE_CHANGE = "改票：{target}"
"""How a vote post was read, beside its floor: 「投票：甲」「改票：乙」「弃权」 (ABSTAIN) or
「废票：原因」."""
REVEAL_IS = "{who}：{what}"
"""The reveal's line for a role dealt or a card given."""
REVEAL_ACT = "{who}【{skill}】{what}{how}"
REVEAL_RANDOM = "（随机）"
"""An act the game drew at random for its player."""
REVEAL_RESULT = "{who}得知{line}"
REVEAL_TRACE = "· {line}"
TRACE_STEP = "{label}：{text}"
"""A line of the director's trace: a resolution step's label and what it did."""
TRACE_SKILL = "{skill}：{text}"
"""One skill's part of a step that resolves several skills together."""
TRACE_SKILL_SEP = "；"
"""Between the parts of a step that resolves several skills."""
REVEAL_EXIT = "{who}出局（{cause}）"
REVEAL_BECAME = "{who}变为{what}"
REVEAL_NO_VOTE = "{who}未投票"
REVEAL_NO_SKILL = "{who}未使用【{skill}】"
REVEAL_ABSENCE = "{who}的缺席：{decision}"
OPTION_UNKNOWN = "未知的选项「{key}」；可用的选项：{known}"
OPTION_CHOICES = "选项「{key}」只能是：{known}，而不是「{value}」"
LOOKUP_UNKNOWN = "没有名为「{name}」的{what}；本规则的{what}：{known}"
LOOKUP_ROLE = "身份"
LOOKUP_SKILL = "技能"
LOOKUP_FACTION = "阵营"
LOOKUP_STATUS = "状态"
NOBODY = "无"
"""A seat or a list of seats left empty in a rule set's text, when its data file has no word."""
PLAYER_COUNT_WRONG = "{title}需要{want}名玩家，实际{got}名"
FIXED_DEAL_INCOMPLETE = "固定身份必须为每名玩家各指定一个身份"
FIXED_DEAL_COUNTS = "固定身份的数量与规则不符：{counts}"
FIXED_DEAL_COUNT = "{role}应为{want}人，实为{got}人"
FIXED_DEAL_SEP = "；"
GAME_OVER_REFUSED = "游戏已经结束"
CHAT_NOT_MEMBER = "你不在这个群里"
CHAT_OUT = "已出局的角色不能在群里发言"
NOT_VOTING = "现在不是投票阶段"
DIRECTOR_UNKNOWN = "未知的导演指令「{name}」；本规则可用：{known}"
DIRECTOR_BEFORE_DEAL = "身份发放之前不能判罚或罚下玩家"
DIRECTOR_NO_SEAT = "没有这个座位"
CONCEDE_NOT_IN_PLAY = "该阵营不在游戏中或已被判负"
ACCELERATE_NOT_VOTING = "只能在投票阶段加速"
CARD_REASON_TOO_LONG = "判罚理由不能超过{limit}字"
SUBSTITUTE_NAME_TAKEN = "「{name}」已经在游戏中或名字为空"
PROXY_TOO_LATE = "投票截止前{minutes}分钟内的代投作废"
ALREADY_OUT = "{name}已经出局"
ABSENCE_UNKNOWN = "缺席记录不对，请刷新页面"
EXTEND_RANGE = "延期的分钟数须在1到{limit}之间"
EXTEND_NO_DEADLINE = "本阶段没有截止时间"
CHATS_FILE_GROUP = "【{name}】"
"""A group's heading in the chats' text file."""
REASONS_SEP = "；"
"""What separates several reasons in one refusal."""
PRODUCT_NAME = "版杀"
"""What the site calls itself in Django's own screens."""
# ---------------------------------------------------------------------- declared mechanics' data
DECLARATION_SHAPE = "规则文件中「declaration」应为 {{skill: 技能, stage: 时段, answers: [词, …], keep: 选择, mark: 标记}}"
"""A board's pre-deal declaration (``declaration:``, XXXII 信仰声明) is malformed."""
DECLARATION_SKILL = "规则文件中「declaration.skill」的「{skill}」不是 skills 中的技能"
DECLARATION_STAGE = "规则文件中「declaration.stage」的「{stage}」不是开局阶段（timetable.start）"
DECLARATION_ANSWERS = "规则文件中「declaration.answers」应为至少两个 words 中的词键"
DECLARATION_ANSWER = "规则文件中「declaration.answers[{i}]」的「{word}」不是 words 中的词"
DECLARE_NO_PLAYER = "declare：没有玩家「{name}」"
"""A scenario's ``declare`` names a player the game does not have."""
RECORDED_SHAPE = (
    "规则文件中「{where}」应为 {{faction: 阵营, when: 条件, notice: 文字键, then: {{announce: 文字键, "
    "exit_roles: [身份, …], cause: 出局原因}}}}"
)
"""A win recorded without ending the game (``outcome.recorded``, XXXII 魔女) is malformed."""
RECORDED_FACTION = "规则文件中「{where}.faction」的「{faction}」不是 factions 中的阵营"
RECORDED_ROLE = "规则文件中「{where}.then.exit_roles」的「{role}」不是 roles 中的身份"
CONDITION_MARK_MISSING = "规则文件中「{where}」应写明 mark（要全部带有的标记）"
"""An ``all_marked`` condition names no mark."""
HOOK_TWICE = (
    "规则文件中「resolution.{stage}」的结算表两次写了「{verb}: {skill}」：同一次结算会执行两次"
)
"""A stage's resolution table names one step hook twice (the schema's 「exactly once」)."""
HOOK_MISSING = "规则文件中「skills.{skill}」的机制需要结算步骤「{verb}: {skill}」，但 resolution 中没有：它的行动不会被结算"
"""A mechanic's step hook is named in no resolution table."""
LAST_WORDS_QUOTA_ROLE = "规则文件中「last_words.quota_role」的「{role}」不是身份"
"""A last-words quota counts the players of a role the file does not have."""
# ---------------------------------------------------------------------- mechanics' parameters
PARAM_NOT_TABLE = "规则文件中「{where}」应为键值表，而不是「{value}」"
"""A skill's ``params`` (or a nested table of them) is not a mapping."""
PARAM_NO_OPTION = "规则文件中「{where}」引用了不存在的选项「{name}」"
"""A parameter names a rule-set option the board does not have (``{option: …}``)."""
PARAM_BAD = "规则文件中「{where}」应为{want}，而不是「{value}」"
"""A parameter's value is not of its kind (``want``: one of the ``PARAM_WANT`` words)."""
PARAM_MISSING = "规则文件中「{where}」缺少参数「{key}」"
"""A parameter the mechanic has no default for is missing."""
PARAM_UNKNOWN = "规则文件中「{where}」有未知的参数「{keys}」；可用的参数：{known}"
"""Keys no parameter of the mechanic reads."""
PARAM_WANT: dict[str, str] = {
    "flag": "true 或 false",
    "number": "整数或 null",
    "real": "数字",
    "choice": "其中之一：{choices}",
    "text": "文字",
    "words": "列表",
    "tables": "列表",
    "table": "键值表",
    "numbers": "正整数的列表",
    "counts": "键值表（词键: 张数）",
}
"""What a parameter of each kind should be, as a refusal says it."""
# ---------------------------------------------------------------------- conditions, colours, the catalogue
SELECTOR_SHAPE = "规则文件中「{where}」应为一个选择（{keys}），而不是「{value}」"
SELECTOR_UNKNOWN = "规则文件中「{where}」的「{value}」不存在；可用：{known}"
CONDITION_SHAPE = "规则文件中「{where}」应为一个条件（{kinds}），而不是「{value}」"
CONDITION_LIST = "规则文件中「{where}」应为条件的列表"
CONDITION_UNKNOWN = "规则文件中「{where}」有未知的条件「{kind}」"
"""A win or loss condition (``outcome``) or one of its selectors is malformed."""
COLOURS_SHAPE = "规则文件中「{where}」应为 颜色: [选择…] 的键值表，而不是「{value}」"
COLOURS_LIST = '规则文件中「{where}」应为选择的列表（或 "*"）'
"""A board's ``colours`` is malformed."""
MECHANIC_UNKNOWN = "规则文件中「{where}」的「{kind}」不在机制目录中；可用：{known}"
"""A skill declares a mechanic the catalogue does not have."""
DATA_NOT_GROUP = "规则文件中「{where}」的「{value}」不是 groups 中的群"
DATA_NOT_FACTION = "规则文件中「{where}」的「{value}」不是 factions 中的阵营"
DATA_NOT_SKILL = "规则文件中「{where}」的「{value}」不是 skills 中的技能"
DATA_NOT_ROLE = "规则文件中「{where}」的「{value}」不是 roles 中的身份"
DATA_NOT_STATUS = "规则文件中「{where}」的「{value}」不是 statuses 中的状态"
DATA_NOT_WORD = "规则文件中「{where}」的「{value}」不是 words 中的词"
"""A key of the data file names a group, faction, skill, role, status or word it does not have."""
DATA_CHOICE = "规则文件中「{where}」应为其中之一：{choices}"
"""A key of the data file is not one of its choices."""
# ---------------------------------------------------------------------- votes, the thread, last words
VOTE_NO_CHANGE = "本局不允许改票，你已经投过票了"
VOTE_CHANGES_USED = "每人只有{limit}次改票机会，你已经改过票了"
VOTE_FREEZE_REFUSED = "投票截止前{minutes}分钟内不得改票"
"""A vote the change rules refuse (R-ALL-03, R-XXXII-18)."""
THREAD_OUT = "已出局的玩家不能在讨论帖发言"
THREAD_CLOSED = "宵禁中：讨论帖已关闭，天亮后再发言"
THREAD_EMPTY = "帖子不能为空"
THREAD_TOO_LONG = "帖子不能超过{limit}字"
THREAD_NO_FLOOR = "今天的讨论帖没有{floor}楼"
THREAD_BLUE_USED = "本阶段的{limit}次蓝字推理发言已经用完"
"""A thread post refused."""
THREAD_BLUE_PATTERN = r"蓝字\s*[1-9一二三四五六七八九]"
"""A reasoning post of XXXII's restricted phase, numbered 「蓝字1」…「蓝字3」 (a regular expression)."""
THREAD_ACCELERATE_PATTERN = r"申请(?:进程)?加速"
"""M103: a post asking that the day be accelerated (「在进程帖中申请加速」; a regular expression)."""
TALLY_NOT_LIVING = "「{name}」不在存活玩家名单中，不能投票"
TALLY_LOST_VOTE = "「{name}」已失去投票权"
"""A vote post of the thread voided: its author is not a living player, or has lost the vote."""
LAST_WORDS_EMPTY = "遗言不能为空"
LAST_WORDS_TOO_LONG = "遗言不能超过{limit}字"
LAST_WORDS_CODE = "遗言中禁止使用Discuz!代码（发现「{code}」）"
LAST_WORDS_NO_RIGHT = "你没有留下遗言的权利，或遗言已经提交"
"""Last words refused (R-ALL-04)."""
SURRENDER_NOBODY = "没有可以询问的角色，投降无效"
"""投降 proposed with nobody to ask."""
SURRENDER_ASKED_SHAPE = "规则文件中「{where}」应为 阵营: group:<群> 或 mark:<标记>"
"""A surrender's ``asked`` is malformed."""
# ---------------------------------------------------------------------- vote posts of the thread
VOTE_FORMAT_MISSING = "规则文件没有写明投票帖的格式（thread.vote_format）"
VOTE_FORMAT_SHAPE = "规则文件的 thread.vote_format 必须写明 vote: {target: …, reason: …}"
VOTE_FORMAT_TARGET = "规则文件的 thread.vote_format.vote 必须写明投票对象的标签（target）"
VOTE_FORMAT_LOOK_ALIKE = (
    "thread.vote_format.look_alikes 的「{written}」对应的「{meant}」不是格式里的标签"
)
VOTE_FORMAT_HINT = "规则文件的 thread.vote_format 必须写明讨论帖里显示的投票格式提示（hint）"
"""A rule set's vote-post format (``thread.vote_format``) is malformed."""
VOTE_POST_LABEL = "「{label}：」"
VOTE_POST_LABEL_OR = "或"
VOTE_POST_WRITE_AS = "「{written}：」应写作{meant}"
"""A look-alike label, and the label(s) it should have been."""
VOTE_POST_TWO = "一个帖子里写了两个投票对象（「{first}」和「{second}」）"
VOTE_POST_NEAR_MISS_COUNTED = "投票格式不规范（{note}），按规则集设置计票，请导演核对"
VOTE_POST_NEAR_MISS_VOID = "投票格式有误（{note}），按规则算作废票"
VOTE_POST_ALSO = "；另外{error}"
VOTE_POST_NO_TARGET = "没有写明投票对象（格式：{label}：名字）"
VOTE_POST_EMPTY_TARGET = "投票对象是空的（格式：{label}：名字）"
VOTE_POST_NO_REASON = "没有写明{words}理由（格式：{label}：……）"
VOTE_POST_VOTE = "投票"
VOTE_POST_CHANGE = "改票"
VOTE_POST_FOLDED = "投票对象「{written}」按「{name}」计（全角/半角、繁简或空格不同）"
VOTE_POST_NOT_LIVING = "投票对象「{written}」不在存活玩家名单中"
VOTE_POST_NO_QUOTE = "改票时必须引用原投票帖"
VOTE_POST_QUOTED_AUTHOR = "「{author}」的帖子"
VOTE_POST_QUOTED_POST = "帖子"
VOTE_POST_NOT_OWN = "改票引用的{what}不是自己的原投票帖"
"""How a vote post of the thread was read: 废票's reasons and the director's warnings."""
VOTE_POST_TRIM = " \t\r\n。．.，,、！!？?；;：:~～…\"'“”‘’「」『』【】《》()（）[]"
VOTE_POST_AT = "@＠"
VOTE_POST_PAIRS = ("「」", "『』", "【】", "《》", "“”", "‘’", '""', "''", "()", "（）", "[]")
VOTE_POST_SENTENCE_END = "。．.，,、！!？?；;~～…"
VOTE_POST_COLONS = ":："
"""What players put around a name in a vote post (trimmed: punctuation, quotes and brackets, a
leading 「@」), and the colons after a label."""
# ---------------------------------------------------------------------- declared mechanics' parameters
DATA_NOT_MECHANIC = "规则文件中「{where}」的「{value}」应为 {kind} 机制的技能"
"""A parameter names a skill whose mechanic is not the one it must be."""
DATA_NOT_CARD = "规则文件中「{where}」的「{value}」不是 cards 中的牌"
DATA_INTEGERS = "规则文件中「{where}」的 {keys} 应为整数"
DATA_DAYS = "规则文件中「{where}」应为天数的列表"
DATA_EITHER_NOT = "规则文件中「{where}」应为 {choices}，而不是「{value}」"
DATA_TWO_ROLES = "规则文件中「{where}」应为两个身份"
DUEL_NO_FACTION = "规则文件中「{where}」至少要有一个阵营"
KNOWLEDGE_TO = "规则文件中「{where}」应有 to 或 group 之一"
ASSASSINATE_NO_STAGE = "规则文件中「{where}」缺少刺杀的阶段"
CHECK_LATER_CHOSEN = "规则文件中「{where}」的 later 不用于 chosen_by"
CHECK_ANSWERS_MISSING = "规则文件中「{where}」缺少阵营「{factions}」或「*」"
STORED_FLAGS_SHAPE = "规则文件中「{where}」应为 {kinds} 的键值表"
STORED_FLAGS_ENTRY = "规则文件中「{where}」应为含 {fields} 的键值表"
TABLE_STEP_SHAPE = "规则文件中「{where}」应有 step 与 {verbs} 之一"
TABLE_NO_MECHANIC = "规则文件中「{where}」的「{skill}」没有机制"
ROUNDS_WHEN = "规则文件中「{where}」应为 due:<技能> 或 not_due:<技能>"
VICTIM_STAGE = "规则文件中「{where}」的「{value}」不是该时段的阶段"
"""A mechanic's parameters are malformed (each names the key's full path)."""
DATA_FACTION_NEEDED = "规则文件中「{where}」应为 factions 中的阵营"
"""A parameter that must name a faction names none, or one the file does not have."""
MECHANICS_FULL_STOP = "。"
"""What ends a mechanic's summary in the catalogue's documentation."""
# ---------------------------------------------------------------------- the data files' schema
DATA_NOUNS: dict[str, str] = {
    "skill": "技能",
    "role": "身份",
    "faction": "阵营",
    "status": "状态",
    "word": "词",
    "group": "群",
    "category": "类别",
    "text": "文字",
    "stage": "时段",
    "option": "选项",
    "vote_stage": "投票时段",
    "director_command": "导演指令",
    "cause": "出局原因",
    "mechanic": "机制",
    "condition": "条件",
}
"""What a key of a data file names, as a refusal says it (「未知的技能」)."""
DATA_IN_ORDER = "（按此顺序）"
"""After a list of choices that must come in that order (``cycle``)."""
DATA_MISSING_KEY = "：{key}"
"""After 「缺少必需的键」, the key a stage lacks."""
PROGRESS_ONE_SOURCE = "必须正好给出 known、results、announcements 之一"
PROGRESS_ROLE = "known 和 results 须给出 role；announcements 不给 role"
"""A ``progress`` line of the data file is malformed."""
TEMPLATE_SAMPLE_NAMES = ("甲", "乙", "丙")
TEMPLATE_SAMPLE_TEXT = "示例"
"""The sample values a text is rendered with when the file is checked."""
TEMPLATE_BRACES: dict[str, str] = {
    "Single '}' encountered in format string": "多余的“}”",
    "Single '{' encountered in format string": "多余的“{”",
    "expected '}' before end of string": "缺少“}”",
}
TEMPLATE_BRACES_OTHER = "花括号不成对"
"""A text's braces, as Python's formatter reports them, in Chinese."""
TEMPLATE_NAME_WORD = "词"
"""What a name inside a text (``{skill:check}``) stands for when its placeholders are checked."""
TITLE_PLAYERS = r"(\d+)\s*人"
"""How a title states its player count (「16人」; a regular expression)."""
RULESET_NOT_FOUND = "找不到规则「{name}」；内置规则：{known}，或给出变体文件的路径，或把文件放在 {env} 所指的文件夹中"
"""A rule set asked for by a name that is neither built in nor a variant file."""
DATA_FILE_IN = "{file}：{path}"
"""A problem of a file a variant extends: the file's name, then where in it."""
MECHANICS_COLON = "："
"""After a heading of a mechanic's entry (「参数：」) and before a parameter's choices."""
# ---------------------------------------------------------------------- consequences
CONSEQUENCES_SHAPE = "规则文件中「consequences」应为以下表的键值表：{known}"
CONSEQUENCE_SHAPE = "规则文件中「{where}」应为 {{step: 步骤名称, skill: 技能}}"
CONSEQUENCE_NO_HOOK = (
    "规则文件中「{where}.skill」的「{skill}」的机制在这一时刻没有行动，不能写在这张表中"
)
CONSEQUENCE_TWICE = "规则文件中「consequences.{table}」两次写了技能「{skill}」：同一时刻会执行两次"
CONSEQUENCE_MISSING = (
    "规则文件中「consequences.{table}」缺少技能「{skills}」：它们的机制在这一时刻行动，顺序要写明"
)
"""What follows an exit, a vote-out or a faction's loss (``consequences``) is malformed, or leaves
out a mechanic that acts then (:mod:`bansha.mechanics.consequences`)."""
PARAM_POSITIVE = "规则文件中「{where}」应为正整数"
"""A mechanic's parameter that counts (cards to drown, the first day with a dawn) is not positive."""
PARAM_ONLY_FOR = "规则文件中「{where}」只用于 {trigger}"
"""A mechanic's parameter is given with a trigger it does not serve."""
OUTCOME_CHOICE = "规则文件中「outcome.{key}」应为其中之一：{choices}"
"""``outcome.concede`` or ``outcome.checked`` names no known way."""
# ---------------------------------------------------------------------- more of the mechanics' data-file errors
CONVERSION_NIGHTS = "规则文件中「{where}」应为夜晚的数字"
CONVERSION_FIXED = "规则文件中「{where}」应为两个键"
CONVERSION_NEEDS = "规则文件中「{where}」缺少：{what}"
CONVERSION_NEEDS_OF_NAMED = "all_named 要指明哪项告知"
CONVERSION_NEEDS_OF_KILL = "kill_on 要指明哪项袭击"
CONVERSION_TRIGGER_NEEDS = "规则文件中「{where}」的 {trigger} 需要 {keys}"
"""A conversion's parameters are malformed."""
PROPHECY_WORD = "规则文件中「{where}」缺少：持有者得知名单时的词"
PROPHECY_RANGE = "规则文件中「{where}」的 min 与 max 应为整数，且 min 不大于 max"
"""A prophecy's parameters are malformed."""
WINDOW_MINUTES = "选项「window_minutes」须为正整数（分钟），而不是「{value}」"
"""R-M103-18: the action window's length is not a positive number of minutes."""
PLACEHOLDER_UNKNOWN = "规则文件中「{where}」引用了不存在的{placeholder}"
"""A text names a skill, role, faction ... (``{skill:check}``) the file does not have."""
WHEN_NO_OPTION = "规则文件中「{where}」引用了不存在的选项「{name}」"
WHEN_DAYS = "规则文件中「{where}」的 {kind}: 后应为天数"
WHEN_UNKNOWN = "规则文件中「{where}」的「{part}」不是已知的条件（{known}）"
"""A stage's or a step's ``when`` is malformed."""
OUTCOME_NO_WIN = "规则文件中「outcome.wins」至少要有一个胜利条件"
OUTCOME_ENTRY = "规则文件中「{where}」应为 {{faction: 阵营, when: 条件}}"
"""The win and loss conditions are malformed."""
MECHANIC_EXPECTED = "规则文件中「{where}」应为「{kind}」"
"""A skill the rule set needs runs another mechanic than the one it must."""
GROUP_UNKNOWN = "规则文件中「{where}」不是 groups 中的群"
"""A team names a group the file does not have."""
STEP_NO_NAME = "规则文件中「{where}」应有 step（结算步骤的名称）"
STEP_NO_VERB = "规则文件中「{where}」应有 do 或 resolve 之一"
"""A step of a resolution table is malformed."""
TRACE_LINE_SEP = "；"
"""What separates the parts of one line of the director's trace (two checks, two marks)."""
TRACE_NAME_WITH = "{name}（{what}）"
"""A player named in the director's trace with what befell him (a second protection's outcome)."""
