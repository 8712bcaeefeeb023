"""Unit tests of shared mechanics: vote counting, last words text, card upgrades."""

from datetime import datetime, timedelta

import pytest

from bansha.engine import Director, RuleError
from bansha.engine.state import Ballot, current_ballots
from bansha.mechanics import last_words, votes
from tests.helpers import m103_game


def one(_: int) -> float:
    return 1.0


def yes(_: int) -> bool:
    return True


def test_first_to_reach_uses_history_not_final_ballots() -> None:
    history = [Ballot(0, 5, None), Ballot(1, 6, None), Ballot(2, 6, None), Ballot(3, 5, None)]
    assert votes.first_to_reach(history, [5, 6], False, one, yes, yes) == 6


def test_change_moves_the_count_back() -> None:
    history = [
        Ballot(0, 5, None),
        Ballot(1, 5, None),
        Ballot(0, 6, None),
        Ballot(2, 6, None),
        Ballot(3, 5, None),
    ]
    assert votes.tally(current_ballots(history, False), one, yes, yes) == {5: 2.0, 6: 2.0}
    # 5 first had 2 at step 2; 6 reached 2 at step 4
    assert votes.first_to_reach(history, [5, 6], False, one, yes, yes) == 5


def test_acceleration_voids_changes() -> None:
    history = [Ballot(0, 5, None), Ballot(0, 6, None)]
    assert current_ballots(history, True) == {0: 5}
    assert current_ballots(history, False) == {0: 6}


def test_change_rules() -> None:
    deadline = datetime(2026, 6, 1, 20, 0)
    assert (
        votes.check_ballot(
            0, 1, None, deadline, max_changes=1, freeze_minutes=60, accelerated=False
        )
        is False
    )
    assert (
        votes.check_ballot(
            1,
            1,
            deadline - timedelta(minutes=61),
            deadline,
            max_changes=1,
            freeze_minutes=60,
            accelerated=False,
        )
        is True
    )
    with pytest.raises(RuleError, match="不得改票"):
        votes.check_ballot(
            1,
            1,
            deadline - timedelta(minutes=59),
            deadline,
            max_changes=1,
            freeze_minutes=60,
            accelerated=False,
        )
    with pytest.raises(RuleError, match="改过票"):
        votes.check_ballot(
            2, 1, None, deadline, max_changes=1, freeze_minutes=60, accelerated=False
        )
    with pytest.raises(RuleError, match="加速"):
        votes.check_ballot(1, 1, None, deadline, max_changes=1, freeze_minutes=60, accelerated=True)


@pytest.mark.parametrize(
    "text",
    [
        "[b]x[/b]",
        "[color=red]x[/color]",
        "[size=5]x",
        "[url=http://a]a[/url]",
        "[img]a.png[/img]",
        "[quote]x[/quote]",
        "[COLOR=#FF0000]x",
    ],
)
def test_discuz_code_refused(text: str) -> None:
    with pytest.raises(RuleError, match="Discuz"):
        last_words.check_text(text)


@pytest.mark.parametrize("text", ["我是好人", "数组[0]不是代码", "[哭]", "a [ b ] c"])
def test_plain_text_accepted(text: str) -> None:
    assert last_words.check_text(text) == text


def test_empty_last_words_refused() -> None:
    with pytest.raises(RuleError, match="不能为空"):
        last_words.check_text("   ")


def test_cards_upgrade_three_blue_to_yellow_three_yellow_to_red() -> None:
    g = m103_game()
    for _ in range(2):
        g.handle(Director("蓝牌", {"seat": 13}))
    assert g.state.players[13].cards == {"blue": 2}
    g.handle(Director("蓝牌", {"seat": 13}))
    assert g.state.players[13].cards == {"blue": 3, "yellow": 1}
    g.handle(Director("黄牌", {"seat": 13}))
    assert g.state.players[13].alive
    g.handle(Director("黄牌", {"seat": 13}))
    assert g.state.players[13].cards == {"blue": 3, "yellow": 3, "red": 1}
    assert not g.state.players[13].alive
    assert g.state.players[13].exit_cause == "red_card"
