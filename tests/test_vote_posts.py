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
