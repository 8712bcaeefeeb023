"""A form kept between polls is given again only while what it was worked out from stands: the
same game's state, the same seat, as many uses of the skill, the same day and the same players
still in (M103 横刀守卫 「每名角色一局游戏仅能被守卫一次」: a use moves the form; an exit moves it).
And R-M103-12's 「最先达到该票数者」, counted ballot by ballot as the vote history went."""

from __future__ import annotations

from bansha.engine.ruleset import LegalAct
from bansha.engine.state import Ballot, Player, State, current_ballots
from bansha.mechanics import votes
from bansha.mechanics.kept_forms import KeptForm


def _state(n: int = 4) -> State:
    s = State()
    s.players = [Player(seat=i, name=f"p{i}") for i in range(n)]
    s.day = 1
    return s


FORM = LegalAct("guard", (0, 1, 2), 1)


def test_the_form_is_given_again_while_nothing_moved() -> None:
    s, kept = _state(), KeptForm()
    assert kept.get(s, 0, 0) is None
    assert kept.keep(s, 0, 0, FORM) is FORM
    got = kept.get(s, 0, 0)
    assert got is not None and got[-1] is FORM


def test_a_use_a_new_day_an_exit_another_seat_or_game_moves_it() -> None:
    s, kept = _state(), KeptForm()
    kept.keep(s, 0, 0, FORM)
    assert kept.get(s, 1, 0) is None  # another seat
    assert kept.get(s, 0, 1) is None  # the skill was used since
    assert kept.get(_state(), 0, 0) is None  # another game's (or a replay's) state
    s.day = 2
    assert kept.get(s, 0, 0) is None  # a new day
    kept.keep(s, 0, 0, FORM)
    s.players[3].alive = False
    s.living_cache = None  # as an exit leaves it
    assert kept.get(s, 0, 0) is None


def test_nothing_to_offer_is_kept_too() -> None:
    s, kept = _state(), KeptForm()
    kept.keep(s, 2, 1, None)
    got = kept.get(s, 2, 1)
    assert got is not None and got[-1] is None


def _weight(voter: int) -> float:
    return 1.5 if voter == 0 else 1.0  # seat 0 holds the badge (警长 1.5 票)


def _anyone(seat: int) -> bool:
    return True


def _first_to_reach_by_prefixes(ballots: list[Ballot], tied: list[int], accelerated: bool) -> int:
    """The count of every prefix of the history built anew (how R-M103-12 reads)."""

    def tally(standing: dict[int, int | None]) -> dict[int, float]:
        return votes.tally(standing, _weight, _anyone, _anyone)

    goal = tally(current_ballots(ballots, accelerated))[tied[0]]
    for i in range(1, len(ballots) + 1):
        running = tally(current_ballots(ballots[:i], accelerated))
        reached = [c for c in tied if running.get(c, 0.0) >= goal]
        if reached:
            return min(reached, key=tied.index)
    return tied[0]


def test_first_to_reach_counts_the_history_ballot_by_ballot() -> None:
    histories = [
        [(1, 2), (2, 3), (3, 2), (4, 3)],  # tied: 2 reached two first
        [(1, 3), (2, 2), (3, 3), (4, 2)],  # tied: 3 reached two first
        [(1, 2), (2, 3), (3, 3), (1, 3), (4, 2), (5, 2)],  # a change; void once accelerated
        [(1, 3), (0, 2), (2, 3), (1, 2), (4, 3), (5, 2)],
        [(0, 3), (1, 2), (0, 2), (2, 3), (3, 3), (4, 2)],
        [(1, 2), (2, 3), (1, 3), (3, 2), (4, 2), (5, 3), (1, 2)],
    ]
    for history in histories:
        ballots = [Ballot(v, t, None) for v, t in history]
        for accelerated in (False, True):
            final = votes.tally(current_ballots(ballots, accelerated), _weight, _anyone, _anyone)
            tied = votes.top(final)
            got = votes.first_to_reach(ballots, tied, accelerated, _weight, _anyone, _anyone)
            assert got == _first_to_reach_by_prefixes(ballots, tied, accelerated)
