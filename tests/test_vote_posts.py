"""Vote posts in the rule post's format (each rule set's ``thread.vote_format``): valid, change,
abstain, malformed, near-miss names, and a director's own format."""

import pytest

from bansha.mechanics.vote_posts import (
    FormatError,
    OwnVote,
    QuoteRef,
    VoteFormat,
    is_vote_post,
    original_unquoted,
    parse,
    read_vote,
    unquoted_change,
    vote_format,
)
from bansha.rulesets import find_ruleset
from tests.helpers import M103_FORMAT

ROSTER = ["花千树", "不见", "Ｔｏｍ", "阿 狸"]
M103 = find_ruleset("m103").data["thread"]


def test_the_posts_own_example() -> None:
    post = parse("投票对象：花千树\n投票理由：砍树。", ROSTER, M103_FORMAT)
    assert (post.kind, post.target, post.reason) == ("vote", "花千树", "砍树。")


def test_change_with_a_quote_above() -> None:
    text = "[quote]投票对象：花千树\n投票理由：砍树。[/quote]\n改票对象：不见\n改票理由：突然打居"
    post = parse(text, ROSTER, M103_FORMAT)
    assert post.kind == "change" and post.target == "不见" and post.reason == "突然打居"


def test_abstain_is_a_vote_post() -> None:
    post = parse("投票对象: 弃权\n投票理由: 没有可疑的人", ROSTER, M103_FORMAT)
    assert post.kind == "abstain" and post.target is None


def test_missing_reason_or_target_is_void() -> None:
    post = parse("投票对象：花千树", ROSTER, M103_FORMAT)
    assert post.error == "没有写明投票理由（格式：投票理由：……）"
    assert parse("我投花千树", ROSTER, M103_FORMAT).kind == "void"


def test_unknown_name_is_void() -> None:
    post = parse("投票对象：花千数\n投票理由：砍", ROSTER, M103_FORMAT)
    assert post.kind == "void" and "不在存活玩家名单中" in (post.error or "")


def test_full_width_and_spaces_are_accepted_with_a_warning() -> None:
    post = parse("投票对象：Tom\n投票理由：x", ROSTER, M103_FORMAT)
    assert post.target == "Ｔｏｍ" and post.warnings
    post = parse("投票对象：阿狸\n投票理由：x", ROSTER, M103_FORMAT)
    assert post.target == "阿 狸" and post.warnings
    assert parse("投票对象：花千树\n投票理由：x", ROSTER, M103_FORMAT).warnings == []


def test_traditional_characters_match_the_simplified_roster_with_a_warning() -> None:
    post = parse("投票對象：花千樹\n投票理由：砍樹", ["花千树", "不见"], M103_FORMAT)
    assert (post.kind, post.target) == ("vote", "花千树")
    assert post.warnings and "繁简" in post.warnings[0]


def test_look_alikes_are_void_with_the_reason_or_counted_with_a_warning() -> None:
    """Never dropped: 废票 by default (M103 「投票格式有误的投票将算作废票」), counted with a warning
    when the rule set's data says ``thread.near_miss_votes: count``."""
    for text in ("投票对像：花千树\n投票理由：砍", "投票：花千树 理由：砍", "票：不见\n理由：x"):
        assert is_vote_post(text, M103_FORMAT)
        void = parse(text, ROSTER, M103_FORMAT)
        assert void.kind == "void" and void.near_miss and "应写作" in (void.error or "")
        counted = parse(text, ROSTER, M103_FORMAT, near_miss="count")
        assert counted.kind == "vote" and counted.near_miss and "请导演核对" in counted.warnings[0]
    assert not is_vote_post("我觉得花千树很可疑，理由是他跳得太早", M103_FORMAT)
    assert not is_vote_post("我觉得他的理由：不成立，这一票：不好说", M103_FORMAT)


def test_an_unquoted_change_is_void_where_the_rules_say_so() -> None:
    change = parse("改票对象：不见\n改票理由：x", ROSTER, M103_FORMAT)
    rules = {"change_quotes_original": True, "vote_format": M103["vote_format"]}
    mine = [OwnVote(2, "1002", "投票对象：花千树\n投票理由：砍树。")]
    assert unquoted_change(change, [], "阿 狸", mine, rules).error == "改票时必须引用原投票帖"
    assert unquoted_change(change, [QuoteRef(2)], "阿 狸", mine, rules).kind == "change"
    assert unquoted_change(change, [], "阿 狸", mine, {}).kind == "change"


def _why(quote: QuoteRef, originals: list[OwnVote] | None = None) -> str | None:
    mine = [OwnVote(2, "1002", "投票对象：花千树\n投票理由：砍树。")]
    return original_unquoted(
        [quote], "阿 狸", mine if originals is None else originals, M103_FORMAT
    )


def test_a_change_must_quote_the_voters_own_vote_post() -> None:
    """M103 「改票时必须引用原投票帖」: the original is the voter's own vote post that counted; it is
    found by floor (bansha's own thread, a page whose quote links a post read), by pid, or by the
    quote's author and words (a long post cut short with 「...」)."""
    assert _why(QuoteRef(2)) is None
    assert _why(QuoteRef(3)) == "改票引用的3楼不是自己的原投票帖"
    assert _why(QuoteRef(None, "1002", "阿 狸", "投票对象：花千树")) is None
    assert _why(QuoteRef(None, "1003", "阿狸", "投票对象：花千树\n投票理由：砍树。")) == (
        "改票引用的帖子不是自己的原投票帖"
    )
    assert _why(QuoteRef(None, None, "阿狸", "投票对象：花千树 投票理由：砍 ...")) is None
    assert _why(QuoteRef(None, None, None, "投票对象：花千树 投票理由：砍树。")) is None
    assert _why(QuoteRef(None, None, "不见", "投票对象：花千树 投票理由：砍树。")) == (
        "改票引用的「不见」的帖子不是自己的原投票帖"
    )
    assert _why(QuoteRef(None, None, "阿狸", "我再想想")) == "改票引用的帖子不是自己的原投票帖"


def test_an_original_outside_the_posts_read_is_known_by_its_words() -> None:
    """A vote whose post is not among those read (another page, bansha's vote page): a quote of
    the voter's own post that is a vote post will do; bansha's own thread, which shows no quoted
    floor's words, takes any quote (new reading)."""
    assert original_unquoted([QuoteRef(5)], "阿 狸", None, M103_FORMAT) is None
    own = QuoteRef(None, None, "阿 狸", "投票对象：不见\n投票理由：x")
    assert original_unquoted([own], "阿 狸", None, M103_FORMAT) is None
    other = QuoteRef(None, None, "不见", "投票对象：阿 狸\n投票理由：x")
    assert original_unquoted([other], "阿 狸", None, M103_FORMAT) is not None
    talk = QuoteRef(None, None, "阿 狸", "我再想想")
    assert original_unquoted([talk], "阿 狸", None, M103_FORMAT) is not None
    assert original_unquoted([], "阿 狸", None, M103_FORMAT) == "改票时必须引用原投票帖"


# ---------------------------------------------------------------- the format is the rule set's data
PIAO_TOU = {
    "vote": {"target": "票投"},
    "abstain": ["弃权"],
    "reason_required": False,
    "look_alikes": {"投票": "票投", "投票对象": "票投"},
    "hint": "投票格式：票投：名字",
}
"""A director whose rule post asks for 「票投：名字」 and nothing else."""


def test_a_directors_own_format_is_read_from_the_data() -> None:
    fmt = VoteFormat.read(PIAO_TOU)
    post = parse("票投：花千树", ROSTER, fmt)
    assert (post.kind, post.target) == ("vote", "花千树")
    assert parse("票投：弃权", ROSTER, fmt).kind == "abstain"
    # M103's labels are this format's look-alikes: listed as 废票, never dropped
    post = parse("投票对象：花千树\n投票理由：砍", ROSTER, fmt)
    assert post.kind == "void" and "「投票对象：」应写作「票投：」" in (post.error or "")
    assert parse("票投：花千数", ROSTER, fmt).error == "投票对象「花千数」不在存活玩家名单中"
    assert parse("票投：", ROSTER, fmt).error == "投票对象是空的（格式：票投：名字）"
    # without change labels, a second vote post is the change
    rules = {"vote_format": PIAO_TOU, "change_quotes_original": True}
    again = read_vote(
        "票投：不见",
        ROSTER,
        rules,
        voter="阿 狸",
        quotes=[QuoteRef(1)],
        originals=[OwnVote(1)],
        voted_before=True,
    )
    assert (again.kind, again.target) == ("change", "不见")


def test_m103s_labels_in_another_format_are_no_votes_of_their_own() -> None:
    """「票投：」 is the format: a post that only says 「投票对象」 without any label of the format
    or a look-alike of it would be dropped, so the look-alikes the director lists decide."""
    fmt = VoteFormat.read({**PIAO_TOU, "look_alikes": {}})
    assert not is_vote_post("投票对象：花千树\n投票理由：砍", fmt)
    assert is_vote_post("票投：花千树", fmt)


@pytest.mark.parametrize("rid", ["m103", "bs46", "xxxii", "standard12", "guard12"])
def test_every_rule_set_that_votes_in_the_thread_states_its_format(rid: str) -> None:
    """The labels, the hint the thread box shows (naming each label) and the look-alikes."""
    rs = find_ruleset(rid)
    assert rs.data["vote_stages"]
    fmt = vote_format(rs.data["thread"])
    for label in fmt.labels:
        assert label in fmt.hint, (rid, label)
    assert fmt.abstain and fmt.look_alikes
    assert rs.data["thread"].get("near_miss_votes", "void") in ("void", "count")


def test_m186_votes_outside_the_thread_and_has_no_format() -> None:
    """M186's 出征决议投票 is secret (仅作者可见): no vote posts in its thread."""
    rs = find_ruleset("m186")
    assert not rs.data["vote_stages"] and "vote_format" not in rs.data.get("thread", {})


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "必须写明 vote"),
        ({"vote": {"reason": "理由"}, "hint": "x"}, "投票对象的标签"),
        ({"vote": {"target": "票投"}}, "hint"),
        ({"vote": {"target": "票投"}, "look_alikes": {"投票": "改票"}, "hint": "x"}, "「投票」"),
    ],
)
def test_a_format_that_cannot_be_read_says_why_in_chinese(
    data: dict[str, object], message: str
) -> None:
    with pytest.raises(FormatError, match=message):
        VoteFormat.read(data)
    with pytest.raises(FormatError, match=r"thread\.vote_format"):
        vote_format({})
