"""R-ALL-02, the deal's commitment: the seed and the nonce are inputs the game records for the
director only until the reveal; a replay reads them back and draws nothing; after the reveal the
committed text recomputes the published hash, and a changed deal, seed or nonce does not."""

from __future__ import annotations

import copy
import hashlib
import json
import random
import secrets
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bansha.engine import Event, Game
from bansha.engine.commitment import (
    FORMAT,
    SCHEME,
    canonical,
    check_file,
    committed,
    legacy_hash,
    practice_nonce,
    reveal_file,
)
from bansha.engine.events import DIRECTOR, PUBLIC
from bansha.engine.state import fold
from bansha.engine.views import view
from bansha.rulesets import find_ruleset
from bansha.sim.play import play_random

RULESETS = ("m103", "bs46", "m186", "xxxii")
SEED = 2**127 + 12345
NONCE = "5f" * 16


def _names(n: int) -> list[str]:
    return [f"玩家{i + 1}" for i in range(n)]


def _finished(rid: str = "m103", seed: int = SEED, nonce: str | None = NONCE) -> Game:
    rs = find_ruleset(rid)
    g = Game.create(rs, _names(rs.player_count), seed, nonce=nonce)
    play_random(g, 5)
    assert g.state.ended
    return g


@pytest.mark.parametrize("rid", RULESETS)
def test_the_seed_and_the_nonce_are_in_no_event_a_player_sees_before_the_reveal(rid: str) -> None:
    g = _finished(rid)
    inputs = [e for e in g.events if e.kind == "deal_inputs"]
    assert len(inputs) == 1 and inputs[0].to == DIRECTOR
    assert inputs[0].data == {"seed": str(SEED), "nonce": NONCE}
    end = [e.kind for e in g.events].index("reveal")
    for ev in g.events[:end]:
        if ev.to != DIRECTOR:
            text = json.dumps(ev.to_json(), ensure_ascii=False)
            assert str(SEED) not in text and NONCE not in text, ev
    reveal = g.events[end]
    assert reveal.to == PUBLIC
    assert reveal.data["seed"] == str(SEED) and reveal.data["nonce"] == NONCE


@pytest.mark.parametrize("rid", RULESETS)
def test_a_replay_reads_the_inputs_back_and_draws_nothing(
    rid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = _finished(rid)

    def boom(*args: object, **kwargs: object) -> Any:
        raise AssertionError("a replay must not draw")

    monkeypatch.setattr(random.Random, "seed", boom)
    for name in ("randbits", "token_hex", "token_bytes", "token_urlsafe"):
        monkeypatch.setattr(secrets, name, boom)
    raw = [e.to_json() for e in g.events]
    state = fold([Event.from_json(r) for r in json.loads(json.dumps(raw))])
    monkeypatch.undo()
    assert (state.seed, state.nonce) == (SEED, NONCE)
    assert (state.dealt, state.dealt_players) == (g.state.dealt, g.state.dealt_players)
    assert state.fingerprint() == g.state.fingerprint()


def test_the_deal_depends_on_the_seed_only_never_on_the_nonce() -> None:
    rs = find_ruleset("m103")
    a = Game.create(rs, _names(14), 77, nonce="00" * 16)
    b = Game.create(rs, _names(14), 77, nonce="ff" * 16)
    assert a.state.dealt == b.state.dealt
    assert view(a, "public")["commitment"] != view(b, "public")["commitment"]


def test_a_practice_game_takes_the_practice_nonce_of_its_seed() -> None:
    """Scenarios and simulations replay alike from their seed; the nonce is not the seed's
    generator's draw, and a real game never takes this one (tests/web/test_fair_deal.py)."""
    rs = find_ruleset("m103")
    g = Game.create(rs, _names(14), 3)
    assert g.state.nonce == practice_nonce(3) and len(g.state.nonce) == 32
    assert practice_nonce(3) != practice_nonce(4)


def test_the_committed_text_names_each_seat_and_recomputes_the_hash() -> None:
    g = _finished()
    public = view(g, "public")
    text = public["reveal"]["committed"]
    assert hashlib.sha256(text.encode("utf-8")).hexdigest() == public["commitment"]
    deal = json.loads(text)
    rs = g.ruleset
    keys = list(g.state.dealt)
    assert deal == {
        "nonce": NONCE,
        "players": _names(14),
        "roles": keys,
        "scheme": SCHEME,
        "seed": str(SEED),
        "words": [rs.role_name(k) for k in keys],
    }
    assert text == json.dumps(deal, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    assert public["reveal"]["verified"] is True


def _file() -> dict[str, Any]:
    return reveal_file(view(_finished(), "public"))


def test_the_reveal_file_proves_the_deal() -> None:
    doc = _file()
    assert doc["format"] == FORMAT and doc["scheme"] == SCHEME
    assert [row["seat"] for row in doc["deal"]] == list(range(1, 15))
    assert check_file(doc).code == "ok"
    assert check_file(doc, doc["commitment"].upper()).code == "ok"


def _swap_roles(doc: dict[str, Any]) -> None:
    first = next(r for r in doc["deal"] if r["key"] != doc["deal"][0]["key"])
    a, b = doc["deal"][0], first
    a["role"], b["role"], a["key"], b["key"] = b["role"], a["role"], b["key"], a["key"]


TAMPERINGS = {
    "a seat's role word": lambda d: d["deal"][3].update(role="篡改的身份"),
    "a seat's role key": lambda d: d["deal"][3].update(key="forged"),
    "two seats' roles swapped": _swap_roles,
    "a player's name": lambda d: d["deal"][0].update(player="别人"),
    "the nonce": lambda d: d.update(nonce="0" * 32),
    "the seed": lambda d: d.update(seed=str(SEED + 1)),
}


@pytest.mark.parametrize("what", sorted(TAMPERINGS))
def test_a_changed_reveal_file_is_refused(what: str) -> None:
    doc = _file()
    tampered = copy.deepcopy(doc)
    TAMPERINGS[what](tampered)
    assert check_file(tampered).code == "mismatch"


def test_a_file_checked_against_another_commitment_is_refused() -> None:
    doc = _file()
    assert check_file(doc, "0" * 64).code == "mismatch"
    doc["commitment"] = "0" * 64
    assert check_file(doc).code == "mismatch"


def test_an_edited_committed_text_is_refused() -> None:
    doc = _file()
    doc["committed"] = doc["committed"].replace(doc["deal"][0]["role"], "篡改的身份", 1)
    assert check_file(doc).code == "inconsistent"


def test_what_is_not_a_reveal_file() -> None:
    doc = _file()
    assert check_file([1, 2]).code == "not_reveal"
    assert check_file({**doc, "format": "other"}).code == "not_reveal"
    assert check_file({**doc, "nonce": None}) == ("missing", "nonce")
    assert check_file({**doc, "deal": "甲：平民"}).code == "not_reveal"


def test_a_game_dealt_before_the_seed_was_hidden_still_checks() -> None:
    """A stored game from before: the seed in its public creation event, the nonce in the deal,
    the commitment over the role keys and the nonce only (scheme 1)."""
    rs = find_ruleset("m103")
    g = Game.create(rs, _names(14), 9)
    keys = list(g.state.dealt)
    old: list[Event] = []
    for ev in g.events:
        d = dict(ev.data)
        if ev.kind == "deal_inputs":
            continue
        if ev.kind == "game_created":
            d["seed"] = 9
        elif ev.kind == "dealt":
            d = {"roles": d["roles"], "nonce": "ab" * 16}
        elif ev.kind == "commitment":
            d = {"hash": legacy_hash(keys, "ab" * 16)}
        old.append(Event(ev.kind, d, ev.to, ev.chance))
    replayed = Game.replay(rs, old)
    assert (replayed.state.seed, replayed.state.nonce) == (9, "ab" * 16)
    play_random(replayed, 9)
    public = view(replayed, "public")
    assert public["reveal"]["scheme"] == 1 and public["reveal"]["verified"] is True
    assert public["reveal"]["committed"] is None
    assert check_file(reveal_file(public)).code == "ok"


JSON_TEXT = st.text(st.characters(exclude_categories=("Cs",)))
"""Any text a committed object may hold (names, words, the seed, the nonce)."""


@settings(max_examples=300)
@given(
    players=st.lists(JSON_TEXT, max_size=20),
    words=st.lists(JSON_TEXT, max_size=20),
    seed=st.one_of(st.integers(min_value=-(2**200), max_value=2**200), JSON_TEXT),
    nonce=JSON_TEXT,
)
def test_the_canonical_text_is_the_standard_encoders(
    players: list[str], words: list[str], seed: int | str, nonce: str
) -> None:
    """The committed text is what the standard library writes with sorted keys, no spaces and
    nothing escaped but what JSON must, whatever the names hold (control characters, quotes,
    U+2028), as docs/security.md tells a player to recompute it."""
    data = committed(players, words, words, seed, nonce)
    data["big"] = 2**70
    for obj in (committed(players, words, words, seed, nonce), data):
        standard = json.dumps(obj, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        assert canonical(obj) == standard
