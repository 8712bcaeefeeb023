"""The console's folds kept current are the folds read from scratch: random games of every rule
set, with 公示审核 on and off, team chats, thread posts, 发布 and 撤销, substitutes, cards given
for recorded absences and 免罚 in play; after every round of commands and after a random quarter
of the single commands, the 「缺席记录」 (every page of it), the penalty ledger's absence counts,
the forum post's 判罚记录 and each day's floors of the director's thread, as the console reads
them from the kept folds (``viewcache.folded``, ``viewcache.day_floors``), equal the same read
from the game's events at once."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bansha.engine import Close, Director, Game, Post, Say
from bansha.engine.events import DIRECTOR, PUBLIC
from bansha.engine.incremental import KeptFold
from bansha.engine.views import Window, seat_names, shown, view
from bansha.service import viewcache
from bansha.web import console
from tests.helpers import chatter, play_checked, random_game, seat_acts

RULESETS = ("m103", "bs46", "m186", "xxxii")


def _director(game: Game, rng: random.Random) -> list[object]:
    """Now and then the director's decision on a recorded absence (the post's card, or 免罚),
    a substitute, a close, a publication or a take-back."""
    s, rs = game.state, game.ruleset
    out: list[object] = []
    undecided = [
        (i, seat)
        for i in shown(game, DIRECTOR)
        if game.events[i].kind == "omission"
        for seat in game.events[i].data["seats"]
    ]
    if undecided and rng.random() < 0.5:
        position, seat = rng.choice(undecided)
        card = ((rs.data.get("absence_penalty") or {}).get("vote") or {}).get("card")
        name = card if card and rng.random() < 0.5 else "免罚"
        out.append(Director(name, {"seat": seat, "absence": position}))
    if "substitute" in rs.director_commands() and rng.random() < 0.1:
        seat = rng.randrange(len(s.players))
        out.append(Director("替补", {"seat": seat, "by": f"替补{len(game.events)}"}))
    if s.awaiting is not None:
        out.append(Director("撤销", {}) if rng.random() < 0.35 else Director("发布", {"edits": {}}))
    if rng.random() < 0.5:
        out.append(Close())
    return out


def _commands(game: Game, rng: random.Random) -> list[object]:
    return chatter(game, rng) + seat_acts(game, rng) + _director(game, rng)


def _check(game: Game, gid: str, kept: KeptFold[console.AbsenceFold]) -> None:
    fresh = console.absences(game)
    pages = max(1, fresh["page"].paginator.num_pages)
    for page in range(1, pages + 1):
        mine = console.absences(game, kept.current(game), page)
        scratch = console.absences(game, None, page)
        assert mine["stages"] == scratch["stages"], (page, len(game.events))
        assert (mine["count"], mine["missed"]) == (scratch["count"], scratch["missed"])
    cached = console.absences(game, viewcache.folded(gid, game, DIRECTOR, console.AbsenceFold))
    assert cached["stages"] == fresh["stages"]
    assert console.ledger(game, cached["missed"]) == console.ledger(game, fresh["missed"])
    cards = viewcache.folded(gid, game, PUBLIC, console.CardFold)
    assert console.public_ledger(game, cards) == console.public_ledger(game)
    for day in range(game.state.day + 1):
        floors, _ = viewcache.day_floors(gid, game, DIRECTOR, day)
        whole = view(game, DIRECTOR, Window(thread_day=day))["thread"].get(day, [])
        assert floors == whole, day


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), review=st.booleans())
def test_the_console_s_folds_kept_current_equal_the_folds_from_scratch(
    ruleset: str, seed: int, review: bool
) -> None:
    game = random_game(ruleset, seed, review)
    gid = f"folds-{ruleset}-{seed}-{review}"
    rng = random.Random(seed)
    kept = KeptFold(DIRECTOR, console.AbsenceFold)
    _check(game, gid, kept)
    play_checked(game, rng, _commands, lambda: _check(game, gid, kept))


def test_decided_absences_and_a_substitute_read_on_equal_the_same_read_at_once() -> None:
    """Over three game days of M103: cards given for absences, 免罚, a substitute's name, and
    more than one page of stages with absences."""
    game = random_game("m103", 11)
    kept = KeptFold(DIRECTOR, console.AbsenceFold)
    while game.state.day < 4:
        game.handle(Close())
        _check(game, "decided-game", kept)
        rows = [r for st in console.absences(game)["stages"] for r in st["rows"]]
        for k, row in enumerate(r for r in rows if r["decision"] is None):
            if k < 2:
                name = "黄牌" if k == 0 else "免罚"
                game.handle(Director(name, {"seat": row["seat"], "absence": row["position"]}))
        _check(game, "decided-game", kept)
    game.handle(Director("替补", {"seat": 0, "by": "新来的"}))
    _check(game, "decided-game", kept)
    listed = console.absences(game)
    assert listed["page"].paginator.num_pages > 1
    decisions = [r["decision"] for st in listed["stages"] for r in st["rows"]]
    assert "黄牌" in decisions and "免罚" in decisions
    every = [console.absences(game, None, n) for n in listed["page"].paginator.page_range]
    seat = seat_names(game)[0]  # the seat's name as every page gives it: 「原名（替补：新来的）」
    assert seat.endswith("新来的）")
    assert any(r["name"] == seat for a in every for st in a["stages"] for r in st["rows"])


def test_a_day_s_checks_are_worked_out_again_only_when_its_floors_changed() -> None:
    """The token of a day's floors stays while they do, and moves with a new floor."""
    game = random_game("m103", 5)
    while game.state.stage_key != "day":
        game.handle(Close())
    day = game.state.day
    _, before = viewcache.day_floors("token-game", game, DIRECTOR, day)
    group, members = next(iter(game.state.groups.items()))
    seat = members[0]
    game.handle(Say(seat, group, "群聊一句"))
    assert viewcache.day_floors("token-game", game, DIRECTOR, day)[1] == before
    game.handle(Post(seat, "一楼", None, None))
    floors, after = viewcache.day_floors("token-game", game, DIRECTOR, day)
    assert after != before and [f["text"] for f in floors] == ["一楼"]
