"""A vote's tally text (「甲3票，乙1.5票，弃权1票」): the words read once per board fill as the
data file's template would, whatever the template, and the count's top is every tied candidate."""

from __future__ import annotations

import pytest

from bansha.engine.state import Player, State
from bansha.mechanics import votes
from bansha.mechanics.base import Board, TallyWords, _fill, _num, _pieces
from bansha.rulesets import find_ruleset


@pytest.mark.parametrize(
    "text",
    ["{p}{n}票", "{n}票投{p}", "{p}：{n}", "{p}{p}{n}", "票", "", "{{p}}{p}{n}"],
)
def test_pieces_fill_as_the_template(text: str) -> None:
    pieces = _pieces(text, ("p", "n"))
    assert pieces is not None
    for p, n in (("甲", "3"), ("{n}", "1.5"), ("", "0")):
        assert _fill(pieces, p, n) == text.format(p=p, n=n)


@pytest.mark.parametrize("text", ["{p}{n:.1f}票", "{p}{x}", "{0}{p}", "{p!r}{n}", "{p"])
def test_other_templates_are_filled_as_any_text(text: str) -> None:
    assert _pieces(text, ("p", "n")) is None


def test_words_default_to_their_keys() -> None:
    words = TallyWords({})
    assert (words.part, words.abstain, words.join, words.empty) == (
        "tally_part",
        "tally_abstain",
        "tally_join",
        "tally_empty",
    )


def _reference(
    board_texts: dict[str, str], names: list[str], counts: dict[int, float], abstain: int
) -> str:
    ranked = sorted(counts.items(), key=lambda cn: -cn[1])
    part = board_texts.get("tally_part", "tally_part")
    parts = [part.format(p=names[c], n=_num(n)) for c, n in ranked]
    if abstain:
        parts.append(board_texts.get("tally_abstain", "tally_abstain").format(n=abstain))
    return board_texts.get("tally_join", "tally_join").join(parts) or board_texts.get(
        "tally_empty", "tally_empty"
    )


@pytest.mark.parametrize("post", ["m103", "bs46", "xxxii"])
def test_tally_text_on_the_boards(post: str) -> None:
    board = find_ruleset(post)
    assert isinstance(board, Board)
    game_state = State()
    game_state.players = [Player(i, f"玩家{i}") for i in range(6)]
    names = [p.name for p in game_state.players]
    cases: list[tuple[dict[int, float], int]] = [
        ({}, 0),
        ({}, 2),
        ({3: 2.0, 1: 2.0, 0: 1.5}, 0),
        ({5: 1.0, 2: 3.0, 4: 3.0, 0: 0.5}, 1),
    ]
    for counts, abstain in cases:
        got = board.tally_text(game_state, counts, abstain)
        assert got == _reference(board.texts, names, counts, abstain)


def test_top_is_every_tied_candidate_in_seat_order() -> None:
    assert votes.top({}) == []
    assert votes.top({4: 1.0}) == [4]
    assert votes.top({4: 2.0, 1: 1.5, 2: 2.0}) == [2, 4]
    assert votes.top({7: 1.0, 3: 1.5, 0: 1.5, 9: 1.0}) == [0, 3]
