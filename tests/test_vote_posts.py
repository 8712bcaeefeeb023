"""Vote posts in the M103 format: valid, change, abstain, malformed, near-miss names."""

from bansha.mechanics.vote_posts import parse

ROSTER = ["花千树", "不见", "Ｔｏｍ", "阿 狸"]


def test_the_posts_own_example() -> None:
    post = parse("投票对象：花千树\n投票理由：砍树。", ROSTER)
    assert (post.kind, post.target, post.reason) == ("vote", "花千树", "砍树。")


def test_change_with_a_quote_above() -> None:
    text = "[quote]投票对象：花千树\n投票理由：砍树。[/quote]\n改票对象：不见\n改票理由：突然打居"
    post = parse(text, ROSTER)
    assert post.kind == "change" and post.target == "不见" and post.reason == "突然打居"


def test_abstain_is_a_vote_post() -> None:
    post = parse("投票对象: 弃权\n投票理由: 没有可疑的人", ROSTER)
    assert post.kind == "abstain" and post.target is None


def test_missing_reason_or_target_is_void() -> None:
    assert parse("投票对象：花千树", ROSTER).error == "没有写明投票理由（格式：投票理由：……）"
    assert parse("我投花千树", ROSTER).kind == "void"


def test_unknown_name_is_void() -> None:
    post = parse("投票对象：花千数\n投票理由：砍", ROSTER)
    assert post.kind == "void" and "不在存活玩家名单中" in (post.error or "")


def test_full_width_and_spaces_are_accepted_with_a_warning() -> None:
    post = parse("投票对象：Tom\n投票理由：x", ROSTER)
    assert post.target == "Ｔｏｍ" and post.warnings
    post = parse("投票对象：阿狸\n投票理由：x", ROSTER)
    assert post.target == "阿 狸" and post.warnings
    assert parse("投票对象：花千树\n投票理由：x", ROSTER).warnings == []


def test_traditional_characters_match_the_simplified_roster_with_a_warning() -> None:
    post = parse("投票對象：花千樹\n投票理由：砍樹", ["花千树", "不见"])
    assert (post.kind, post.target) == ("vote", "花千树")
    assert post.warnings and "繁简" in post.warnings[0]


def test_look_alikes_are_void_with_the_reason_or_counted_with_a_warning() -> None:
    """Never dropped: 废票 by default (M103 「投票格式有误的投票将算作废票」), counted with a warning
    when the rule set's data says ``thread.near_miss_votes: count``."""
    from bansha.mechanics.vote_posts import is_vote_post

    for text in ("投票对像：花千树\n投票理由：砍", "投票：花千树 理由：砍", "票：不见\n理由：x"):
        assert is_vote_post(text)
        void = parse(text, ROSTER)
        assert void.kind == "void" and void.near_miss and "应写作" in (void.error or "")
        counted = parse(text, ROSTER, near_miss="count")
        assert counted.kind == "vote" and counted.near_miss and "请导演核对" in counted.warnings[0]
    assert not is_vote_post("我觉得花千树很可疑，理由是他跳得太早")


def test_an_unquoted_change_is_void_where_the_rules_say_so() -> None:
    from bansha.mechanics.vote_posts import unquoted_change

    change = parse("改票对象：不见\n改票理由：x", ROSTER)
    rules = {"change_quotes_original": True}
    assert unquoted_change(change, False, rules).error == "改票时必须引用原投票帖"
    assert unquoted_change(change, True, rules).kind == "change"
    assert unquoted_change(change, False, {}).kind == "change"
