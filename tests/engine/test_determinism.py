"""Property 1 and 2 of the design: same seed and commands ⇒ the same events; replay never redraws."""

import json

from bansha.engine import Event, Game
from bansha.engine.state import fold
from bansha.rulesets import find_ruleset
from bansha.sim.play import play_random
from tests.helpers import M103_NAMES


def _dump(game: Game) -> str:
    return json.dumps([e.to_json() for e in game.events], ensure_ascii=False, sort_keys=True)


def test_same_seed_same_events_byte_for_byte() -> None:
    a = Game.create(find_ruleset("m103"), M103_NAMES, 42)
    b = Game.create(find_ruleset("m103"), M103_NAMES, 42)
    play_random(a, 42)
    play_random(b, 42)
    assert _dump(a) == _dump(b)


def test_different_seeds_deal_differently() -> None:
    deals = {
        tuple(p.role for p in Game.create(find_ruleset("m103"), M103_NAMES, s).state.players)
        for s in range(20)
    }
    assert len(deals) > 15


def test_replay_from_json_equals_live() -> None:
    g = Game.create(find_ruleset("m103"), M103_NAMES, 7)
    play_random(g, 7)
    raw = json.loads(_dump(g))
    replayed = Game.replay(find_ruleset("m103"), [Event.from_json(r) for r in raw])
    assert replayed.state.fingerprint() == g.state.fingerprint()


def test_replay_does_not_draw(monkeypatch: object) -> None:
    g = Game.create(find_ruleset("m103"), M103_NAMES, 3)
    play_random(g, 3)
    import random

    def boom(*a: object, **k: object) -> None:
        raise AssertionError("replay must not draw")

    original = random.Random.seed
    random.Random.seed = boom  # type: ignore[method-assign,assignment]
    try:
        state = fold(g.events)
    finally:
        random.Random.seed = original  # type: ignore[method-assign]
    assert state.fingerprint() == g.state.fingerprint()
    assert state.draws == sum(1 for e in g.events if e.chance)


def test_commitment_verifies_after_reveal() -> None:
    """R-ALL-02: the SHA-256 of the committed text the reveal discloses is the published hash,
    and that text names each seat's player and dealt role in the post's words."""
    import hashlib
    import json

    from bansha.engine.views import view

    rs = find_ruleset("m103")
    g = Game.create(rs, M103_NAMES, 11)
    play_random(g, 11)
    public = view(g, "public")
    text = public["reveal"]["committed"]
    assert hashlib.sha256(text.encode("utf-8")).hexdigest() == public["commitment"]
    deal = json.loads(text)
    assert deal["players"] == M103_NAMES
    assert deal["words"] == [rs.role_name(k) for k in g.state.dealt]
    assert (deal["seed"], deal["nonce"]) == (str(g.state.seed), g.state.nonce)


def test_reveal_says_whether_the_commitment_checks() -> None:
    from bansha.engine.views import view

    g = Game.create(find_ruleset("m103"), M103_NAMES, 12)
    play_random(g, 12)
    assert view(g, "public")["reveal"]["verified"] is True
    g.events[[e.kind for e in g.events].index("commitment")].data["hash"] = "0" * 64  # tampered
    assert view(g, "public")["reveal"]["verified"] is False
