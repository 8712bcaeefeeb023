"""The director's commands are keyed by English ids; what a director reads and types is a label.

A command given by its label (a scenario file's 红牌, a page rendered before the ids, a command
stored by earlier code) reads as its id, and plays exactly as the command given by its id.
"""

from __future__ import annotations

import pytest

from bansha import texts
from bansha.engine import Director, Game, RuleError, director
from bansha.rulesets import find_ruleset
from tests.helpers import M103_DEAL, M103_NAMES


def m103() -> Game:
    """An M103 game dealt as the tests deal it."""
    rs = find_ruleset("m103")
    return Game.create(rs, M103_NAMES, 7, {i: rs.role_key(r) for i, r in enumerate(M103_DEAL)})


def test_every_label_reads_as_its_id_and_back() -> None:
    for key, label in texts.DIRECTOR_LABELS.items():
        assert director.command_id(label) == key
        assert director.command_id(key) == key
        assert director.label(key) == director.label(label) == label
    assert director.command_id("关闭阶段") == director.CLOSE_STAGE  # the console's old button


def test_every_command_a_data_file_may_list_has_a_label() -> None:
    assert set(director.KINDS) <= set(texts.DIRECTOR_LABELS)
    assert set(director.CARD_COLOURS) <= set(director.KINDS)


def test_a_data_files_labels_read_as_ids() -> None:
    rs = find_ruleset("m103")
    assert rs.director_commands() == (
        "red_card",
        "yellow_card",
        "blue_card",
        "warning",
        "concede",
        "substitute",
        "accelerate",
        "proxy",
    )


def test_a_command_by_its_label_plays_as_by_its_id() -> None:
    """A card given as 黄牌 (stored by earlier code) and as yellow_card: the same events, and the
    carded player is told the card by its name."""
    args = {"seat": 3, "reason": "未按时投票"}
    by_label, by_id = m103(), m103()
    by_label.handle(Director("黄牌", dict(args)))
    by_id.handle(Director("yellow_card", dict(args)))
    assert [e.to_json() for e in by_label.events] == [e.to_json() for e in by_id.events]
    told = [e.data for e in by_id.events if e.kind == "notice" and e.to == (3,)]
    assert told[-1]["params"]["card"] == "黄牌"


def test_a_command_the_rule_set_lacks_is_refused_by_its_labels() -> None:
    game = m103()
    with pytest.raises(RuleError) as refused:
        game.handle(Director("drown", {"seat": 3}))
    assert "「淹死」" in str(refused.value)
    assert "红牌、黄牌、蓝牌" in str(refused.value)
