"""A seat's own page tells the whole truth of that seat: the card follows the role, every result
names its subject and its night, the record (我的记录) has every act, vote, result and notice with
its time, and the forms say what is being decided and what the player can still do."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from bansha.engine import Act, Close, Director, Game, RuleError, Vote
from bansha.engine.views import view
from bansha.rulesets import find_ruleset
from tests.helpers import BS46_DEAL, BS46_FIXED, BS46_NAMES, M186_DEAL, M186_NAMES

BJ = ZoneInfo("Asia/Shanghai")
XXXII_NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未")
XXXII_DEAL = ["侦探", "侦探", "观剧", "审问官", "魔女"] + ["平民"] * 9 + ["杀手"] * 4


def bs46(options: dict[str, object] | None = None) -> Game:
    rs = find_ruleset("bs46", options)
    deal = {i: rs.role_key(r) for i, r in enumerate(BS46_DEAL)}
    return Game.create(rs, BS46_NAMES, 0, deal, BS46_FIXED)


def xxxii(believers: list[str]) -> Game:
    rs = find_ruleset("xxxii")
    deal = {i: rs.role_key(r) for i, r in enumerate(XXXII_DEAL)}
    return Game.create(rs, XXXII_NAMES, 0, deal, declare={"信仰魔女": believers})


def m186(deck: list[str], options: dict[str, object] | None = None) -> Game:
    rs = find_ruleset("m186", options)
    deal = {i: rs.role_key(r) for i, r in enumerate(M186_DEAL)}
    return Game.create(rs, M186_NAMES, 0, deal, {"captain": "甲", "deck": deck})


def skills(v: dict[str, object]) -> dict[str, str]:
    me = v["me"]
    assert isinstance(me, dict)
    return {s["name"]: s["text"] for s in me["skill_texts"]}


# ---------------------------------------------------------------------- bs46
def test_bs46_check_result_names_its_subject_and_night_everywhere() -> None:
    g = bs46()
    g.handle(Close())  # night 1
    g.handle(Act(0, "check", (4,)))
    g.handle(Act(4, "assassinate", (15,)))
    g.handle(Close())
    line = "第1夜【查证】戊：杀手"
    v = view(g, 0)
    assert [r["text"] for r in v["results"]] == [line]
    assert v["results"][0]["targets"] == ["戊"]
    assert line in [r["text"] for r in v["record"]]
    god = view(g, "director")["god"]
    assert line in next(p for p in god["players"] if p["name"] == "甲")["results"]
    assert any("戊是“杀手”" in n["text"] for n in v["notices"])


def test_bs46_recovered_undercover_card_is_the_killers_and_the_other_loses_the_kill_text() -> None:
    # 三：当3位杀手均出局，且杀手卧底存活时……杀手卧底，自动转化为杀手 (R-BS46-07)
    g = bs46()
    for killer in (4, 5, 6):
        g.handle(Director("判死", {"seat": killer}))
    undercover = view(g, 3)["me"]
    assert undercover["role"] == "杀手"
    assert undercover["skills"] == ["暗杀"]
    assert set(skills(view(g, 3))) == {"暗杀"}
    assert "混迹于警察当中" not in undercover["text"]
    assert undercover["text"] == find_ruleset("bs46").roles["killer"]["text"]
    assert "3名警察及1名警察卧底" in undercover["win"]
    other = view(g, 7)["me"]  # 警察卧底: 不再参与杀人，也不参与查证
    assert other["role"] == "警察卧底" and other["skills"] == [] and skills(view(g, 7)) == {}
    assert any("身份恢复" in r["name"] for r in other["rules"])
    god = view(g, "director")["god"]
    assert next(p for p in god["players"] if p["name"] == "丁")["dealt"] == "杀手卧底"


def test_bs46_a_dead_seat_shows_what_remains_and_nothing_else() -> None:
    g = bs46({"start_at": "2026-07-01T12:00:00+08:00"})
    g.handle(Close(at=datetime(2026, 7, 1, 15, 0, tzinfo=BJ)))  # round 1 closed early
    g.handle(Act(4, "assassinate", (15,)))
    g.handle(Act(0, "check", (8,)))
    g.handle(Close(at=datetime(2026, 7, 1, 16, 0, tzinfo=BJ)))  # the night closed early too
    me = view(g, 15)["me"]
    assert me["out"] and me["skills"] == [] and me["skill_texts"] == []
    assert "text" not in me and "win" not in me and "rules" not in me
    assert me["exit"] == "你已出局（被暗杀）"
    assert "你可以留下遗言（在下方提交）" in me["remains"]
    assert any("亡灵不可继续在游戏室一发言" in line for line in me["remains"])
    # the notice names the deadline as it falls after the early close: 20:00 the same day
    (notice,) = [n for n in view(g, 15)["notices"] if "遗言" in n["text"]]
    assert "7月1日 20:00（北京时间）" not in notice["text"]
    assert view(g, 15)["deadline"] == "2026-07-02T12:00:00+08:00"
    assert "7月2日 12:00（北京时间）" in notice["text"]
    g.handle(Act(15, "last_words", (), "我是水民"))
    assert "你的遗言：我是水民" in view(g, 15)["me"]["remains"]
    assert "你提交了遗言：我是水民" in [r["text"] for r in view(g, 15)["record"]]


def test_bs46_vote_changes_are_marked_and_the_used_up_change_is_said() -> None:
    # 说明2–3: 每次投票只允许改票1次；投票时间结束前1小时内不允许改票
    g = bs46({"start_at": "2026-07-01T12:00:00+08:00"})
    at = datetime(2026, 7, 1, 13, 0, tzinfo=BJ)
    (form,) = [la for la in view(g, 8)["legal"] if la["key"] == "vote"]
    assert "改票：本阶段已改票0次，共可改票1次" in form["rules"]
    assert any("7月2日 11:00（北京时间）起不能再改票" in r for r in form["rules"])
    assert "每次投票只允许改票1次" in form["about"]
    g.handle(Vote(8, 4, at))
    g.handle(Vote(8, 5, at + timedelta(minutes=5)))
    v = view(g, 8)
    assert [b["change"] for b in view(g, "public")["votes"]] == [False, True]
    assert not any(la["key"] == "vote" for la in v["legal"])
    assert v["vote_status"] == ["改票次数已用完"]
    record = [r["text"] for r in v["record"] if r["kind"] == "vote"]
    assert record == ["你投票给戊", "你改票为己"]


def test_bs46_director_sees_rings_ranks_and_whose_submission_won() -> None:
    g = bs46()
    g.handle(Close())
    for member, target in ((0, 8), (1, 9), (2, 10), (3, 11)):  # 情况2: all different
        g.handle(Act(member, "check", (target,)))
    g.handle(Act(4, "assassinate", (15,)))
    g.handle(Close())
    god = view(g, "director")["god"]
    assert "警察团环形顺序：甲→乙→丙→丁→甲" in god["draws"]
    assert "警察团级别（高→低，卧底最低）：甲、乙、丙、丁" in god["draws"]
    police = next(t for t in god["trace"] if "警察团" in t["title"])
    assert "采用甲的提交" in police["lines"]


# ---------------------------------------------------------------------- xxxii
def test_xxxii_accomplice_and_apprentice_cards_follow_their_new_roles() -> None:
    g = xxxii(["己"])
    g.handle(Act(14, "reveal", (15,)))  # day 1: the killers name 巳
    g.handle(Close())
    g.handle(Act(15, "blade", (9,)))  # 癸, a civilian: 杀人诛心
    g.handle(Act(4, "mark", (10,)))
    g.handle(Act(2, "audition", (0, 14)))
    g.handle(Close())
    g.handle(Close())
    accomplice = view(g, 9)["me"]
    assert accomplice["role"] == "共犯" and accomplice["faction"] == "黑方阵营"
    assert "普通棋子" not in accomplice["text"]
    assert [r["name"] for r in accomplice["rules"]] == ["杀人诛心", "弃明投暗"]
    assert accomplice["win"].startswith("侦探、观剧和审问官全灭")
    assert accomplice["progress"] == [
        "弃明投暗：杀手已告知你1名杀手：巳；当棋盘上所有存活杀手均告知过你时，你加入杀手群。"
    ]
    apprentice = view(g, 5)["me"]
    assert apprentice["role"] == "见习魔女" and "所有存活的平民被标记" in apprentice["win"]
    witch = view(g, 4)
    assert [r["text"] for r in witch["results"]] == ["第1夜【契约标记】子：成功"]
    assert witch["me"]["progress"] == ["契约标记：标记成功1次（子），标记失败0次（无）。"]
    spectator = view(g, 2)
    assert [r["text"] for r in spectator["results"]] == ["第1夜【演员试镜】甲、辰：异"]


def test_xxxii_a_dead_witch_keeps_her_marks_and_nothing_else() -> None:
    g = xxxii([])
    g.handle(Close())
    g.handle(Act(15, "blade", (4,)))  # the witch, with no marked civilian: no castling
    g.handle(Close())
    g.handle(Close())
    me = view(g, 4)["me"]
    assert me["out"] and me["skills"] == ["契约标记"]
    assert "无论是否存活" in skills(view(g, 4))["契约标记"]


def test_xxxii_a_vote_is_announced_once() -> None:
    g = xxxii([])
    while g.state.stage_key != "vote":
        g.handle(Close())
    for voter in range(10):
        g.handle(Vote(voter, 12))
    g.handle(Close())
    texts = [a["text"] for a in view(g, "public")["announcements"]]
    assert "寅被票死。" in texts
    assert not any("寅被投票出局" in t for t in texts)


def test_xxxii_a_repeat_barrier_target_is_explained() -> None:
    g = xxxii([])
    g.handle(Close())
    g.handle(Act(3, "barrier", (6,)))
    g.handle(Close())
    while g.state.stage_key != "night":  # to night 2
        g.handle(Close())
    (form,) = [la for la in view(g, 3)["legal"] if la["key"] == "barrier"]
    assert "庚" not in form["targets"]
    assert "不可选：庚（审问官不能连续两天对同一棋子使用【红字结界】）" in form["unavailable"]


# ---------------------------------------------------------------------- m186
def test_m186_lancelot_cards_use_the_posts_words_and_follow_the_swap() -> None:
    g = m186(["转变"])  # the first draw swaps the Lancelots (R-M186-02)
    good_text = find_ruleset("m186").roles["good_lancelot"]["skill_texts"]["waver"]
    assert "和坏兰斯洛特交换身份与阵营" in good_text
    now_bad = view(g, 3)["me"]  # dealt 好兰斯洛特
    assert now_bad["role"] == "坏兰斯洛特" and now_bad["faction"] == "红方阵营"
    assert "只能投出任务失败的结果" in skills(view(g, 3))["摇摆不定"]
    assert "和好兰斯洛特交换身份与阵营" in skills(view(g, 3))["摇摆不定"]
    assert now_bad["win"] == "任务失败3次；或刺客成功刺杀梅林。"
    now_good = view(g, 13)["me"]
    assert now_good["role"] == "好兰斯洛特"
    assert "和坏兰斯洛特交换身份与阵营" in skills(view(g, 13))["摇摆不定"]


def test_m186_approval_form_names_each_proposal_and_keeps_each_choice() -> None:
    g = m186(["不变"] * 5)
    for seat, team in ((0, (0, 1, 2, 3)), (1, (4, 5, 6, 7)), (2, (0, 4, 8, 12))):
        g.handle(Act(seat, "propose", team))
    g.handle(Close())  # 丁 and 戊 proposed nothing
    (form,) = [la for la in view(g, 5)["legal"] if la["key"] == "approve"]
    labels = [row["label"] for row in form["slot_rows"]]
    assert labels == [
        "第1个方案：甲的方案（甲、乙、丙、丁）",
        "第2个方案：乙的方案（戊、己、庚、辛）",
        "第3个方案：丙的方案（甲、戊、壬、寅）",
        "第4个方案：丁未提交方案，视为不通过",
    ]
    g.handle(Act(5, "approve", (), "反对,同意,反对,反对"))
    g.handle(Act(5, "approve", (0,), "同意"))  # changing one proposal's answer changes only it
    (form,) = [la for la in view(g, 5)["legal"] if la["key"] == "approve"]
    assert [row["mine"] for row in form["slot_rows"]] == ["同意", "同意", "反对", "反对"]
    words = form["mine"]["words"]
    assert words == "甲的方案：同意；乙的方案：同意；丙的方案：反对；丁的方案：反对"
    assert "," not in words


def test_m186_mission_score_is_on_every_page() -> None:
    g = m186(["不变"] * 5)
    for seat in range(5):
        g.handle(Act(seat, "propose", (0, 1, 2, 3)))
    g.handle(Close())
    for seat in range(14):
        g.handle(Act(seat, "approve", (), "同意,同意,同意,同意"))
    g.handle(Close())
    g.handle(Close())  # the mission: everyone on it is blue, so it succeeds
    for viewer in ("public", 0, 9, "director"):
        assert view(g, viewer)["progress"] == ["任务：成功1次，失败0次。"]


def test_m186_opening_announcements_wait_for_review() -> None:
    g = m186(["不变"] * 5, {"review": True})
    public = view(g, "public")
    assert public["announcements"] == [] and public["holders"] == {}
    assert view(g, 0)["me"]["role"] == "梅林"  # role cards are delivered at once
    with_drafts = view(g, "director")["review"]
    assert with_drafts["awaiting"] and with_drafts["drafts"]
    try:
        g.handle(Director("撤销", {}))
        raise AssertionError("the opening was taken back")
    except RuleError as e:
        assert "开局的公示不能撤销" in e.message
    g.handle(Director("发布", {}))
    assert any("开局队长：甲" in a["text"] for a in view(g, "public")["announcements"])


# ---------------------------------------------------------------------- a seat's record
def test_a_substitute_reads_the_seats_whole_history() -> None:
    g = bs46()
    g.handle(Close())
    g.handle(Act(0, "check", (4,)))
    g.handle(Act(4, "assassinate", (15,)))
    g.handle(Close())
    g.handle(Director("替补", {"seat": 0, "by": "新人"}))
    v = view(g, 0)
    texts = [r["text"] for r in v["record"]]
    assert "你所在的警察团中，你知道乙是警察。" in texts
    assert "你提交【查证】：戊" in texts
    assert "第1夜【查证】戊：杀手" in texts
    assert v["viewer"] == "甲（替补：新人）"


M103_DEAL = ["卧底刺客"] * 4 + ["大内密探", "妙手太医", "御前侍卫", "东宫太子", "牵线红娘"]
M103_DEAL += ["至尊帝王"] + ["绝色宠妃"] * 4


def test_a_cupid_of_two_consorts_reads_on_her_card_that_she_counts_as_one() -> None:
    """R-M103-08: 「若情侣身份为双特或双妃子，红娘身份变特或妃子（算入阵营判负条件）」: her card says so, as
    her notice does (it used to show the 红娘 card alone)."""
    rs = find_ruleset("m103")
    names = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
    g = Game.create(rs, names, 0, {i: rs.role_key(r) for i, r in enumerate(M103_DEAL)})
    cupid, a, b = 8, 10, 11
    assert "counts_as" not in view(g, cupid)["me"]
    g.handle(Act(cupid, rs.skill_key("红线"), (a, b)))
    g.handle(Close())
    card = view(g, cupid)["me"]
    assert card["role"] == "牵线红娘"
    assert card["counts_as"] == "你的身份算作妃子（算入阵营判负条件）"
    assert "counts_as" not in view(g, a)["me"]
