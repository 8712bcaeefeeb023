"""Bad input gets a clear error in the user's language and changes nothing."""

import pytest

from bansha.engine import Act, Close, Game, RuleError, Vote
from bansha.engine.errors import SetupError
from bansha.rulesets import find_ruleset
from tests.helpers import M103_NAMES, m103_game


def test_refused_act_changes_nothing() -> None:
    g = m103_game()
    g.handle(Act(8, "red_thread", (10, 11)))
    g.handle(Close())
    before = (len(g.events), g.state.fingerprint())
    with pytest.raises(RuleError) as e:
        g.handle(Act(4, "kill", (10,)))
    assert "没有技能" in e.value.message
    assert (len(g.events), g.state.fingerprint()) == before


def test_refused_vote_message_is_chinese() -> None:
    g = m103_game()
    g.handle(Close())
    with pytest.raises(RuleError) as e:
        g.handle(Vote(0, 1))
    assert e.value.message == "现在不是投票时间"


def test_wrong_player_count() -> None:
    with pytest.raises(SetupError) as e:
        Game.create(find_ruleset("m103"), M103_NAMES[:10], 0)
    assert "需要14名玩家" in e.value.message


def test_unknown_option_and_value() -> None:
    with pytest.raises(SetupError, match="未知的选项"):
        find_ruleset("m103", {"princ": "once"})
    with pytest.raises(SetupError, match="只能是"):
        find_ruleset("m103", {"prince": "twice"})


def test_unknown_ruleset() -> None:
    with pytest.raises(SetupError, match="找不到规则"):
        find_ruleset("m999")


def test_fixed_deal_with_wrong_counts() -> None:
    rs = find_ruleset("m103")
    roles = {i: "werewolf" for i in range(14)}
    with pytest.raises(SetupError, match="数量与规则不符"):
        Game.create(rs, M103_NAMES, 0, roles)


def test_ended_game_refuses_commands() -> None:
    g = m103_game()
    from bansha.engine import Director

    g.handle(Director("红牌", {"seat": 0, "faction_loses": True}))
    assert g.state.ended
    with pytest.raises(RuleError, match="已经结束"):
        g.handle(Close())
