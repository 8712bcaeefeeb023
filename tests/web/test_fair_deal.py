"""R-ALL-02 through the service: a real game's seed and nonce come from the operating system
(128 bits each, the nonce never from the seed), no page shows either before the reveal, and after
it the reveal file is offered for download and passes ``bansha verify``."""

from __future__ import annotations

import html
import json
import secrets
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone
from typer.testing import CliRunner

from bansha.cli import app
from bansha.engine import Close, Game
from bansha.engine.commitment import practice_nonce
from bansha.engine.events import DIRECTOR
from bansha.engine.state import fold
from bansha.engine.views import view
from bansha.service import games
from bansha.service.games import SERVICE, GameService
from bansha.store import events as store
from bansha.store.models import GameRecord

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


def _inputs(game: Game) -> dict[str, Any]:
    (event,) = [e for e in game.events if e.kind == "deal_inputs"]
    assert event.to == DIRECTOR
    return event.data


def test_the_seed_and_the_nonce_are_drawn_from_the_operating_system(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[tuple[str, int]] = []
    randbits, token_hex = secrets.randbits, secrets.token_hex

    def drawn_bits(k: int) -> int:
        calls.append(("randbits", k))
        return randbits(k)

    def drawn_hex(n: int | None = None) -> str:
        calls.append(("token_hex", n or 0))
        return token_hex(n)

    monkeypatch.setattr(games.secrets, "randbits", drawn_bits)
    monkeypatch.setattr(games.secrets, "token_hex", drawn_hex)
    gid = GameService().create("m103", NAMES).record.id
    assert ("randbits", 128) in calls and ("token_hex", 16) in calls
    inputs = _inputs(GameService().load(gid))
    assert len(inputs["nonce"]) == 32 and int(inputs["nonce"], 16) >= 0
    assert 0 <= int(inputs["seed"]) < 2**128


def test_drawn_seeds_have_128_bits() -> None:
    seeds = [
        int(_inputs(SERVICE.load(SERVICE.create("m103", NAMES).record.id))["seed"]) for _ in "abcd"
    ]
    assert max(s.bit_length() for s in seeds) > 120  # all four at most 120 bits: odds 2^-32
    assert len(set(seeds)) == 4


def test_the_nonce_is_never_the_seed_s_even_with_the_seed_fixed() -> None:
    a = _inputs(SERVICE.load(SERVICE.create("m103", NAMES, seed=5).record.id))
    b = _inputs(SERVICE.load(SERVICE.create("m103", NAMES, seed=5).record.id))
    assert a["seed"] == b["seed"] == "5"
    assert a["nonce"] != b["nonce"]
    assert practice_nonce(5) not in (a["nonce"], b["nonce"])


def test_the_game_row_keeps_no_copy_of_the_seed() -> None:
    assert "seed" not in {f.name for f in GameRecord._meta.get_fields()}


def test_a_replay_from_the_store_reads_the_inputs_back() -> None:
    gid = SERVICE.create("m103", NAMES).record.id
    live = SERVICE.load(gid)
    replayed = fold(store.load(gid))
    assert (replayed.seed, replayed.nonce) == (live.state.seed, live.state.nonce)
    assert (replayed.dealt, replayed.dealt_players) == (live.state.dealt, live.state.dealt_players)
    assert replayed.fingerprint() == live.state.fingerprint()


def _secrets_of(game: Game) -> list[str]:
    return [str(game.state.seed), game.state.nonce]


def _finish(gid: str) -> Game:
    for _ in range(200):
        if SERVICE.load(gid).state.ended:
            break
        SERVICE.run_bots(gid)
        if not SERVICE.load(gid).state.ended:
            SERVICE.submit(gid, Close(at=timezone.now()))
    game = SERVICE.load(gid)
    assert game.state.ended
    return game


def test_no_page_shows_the_seed_or_the_nonce_before_the_reveal_and_the_file_after(
    tmp_path: Path,
) -> None:
    created = SERVICE.create("m103", NAMES, demo=True, bots=tuple(range(1, 14)))
    gid = created.record.id
    seat = Client()
    assert seat.get(f"/g/{gid}/join/{created.tokens[0]}").status_code == 302
    public = Client()
    game = SERVICE.load(gid)
    hidden = _secrets_of(game)
    SERVICE.submit(gid, Close(at=timezone.now()))  # into the night
    for browser, path in ((public, f"/g/{gid}/"), (seat, f"/g/{gid}/me")):
        for url in (path, f"/g/{gid}/thread"):
            page = html.unescape(browser.get(url).content.decode())
            assert not [s for s in hidden if s in page], url
    for viewer in ("public", 0, 5):
        text = json.dumps(view(SERVICE.load(gid), viewer), ensure_ascii=False)
        assert not [s for s in hidden if s in text], viewer
    assert public.get(f"/g/{gid}/reveal.json").status_code == 404  # not before the reveal
    assert 'id="reveal-file"' not in public.get(f"/g/{gid}/").content.decode()

    _finish(gid)
    page = public.get(f"/g/{gid}/").content.decode()
    assert 'id="reveal-file"' in page and f"/g/{gid}/reveal.json" in page
    response = public.get(f"/g/{gid}/reveal.json")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert response["Content-Disposition"].startswith("attachment;")
    doc = json.loads(response.content)
    assert doc["seed"] == hidden[0] and doc["nonce"] == hidden[1]
    path = tmp_path / "reveal.json"
    path.write_bytes(response.content)
    runner = CliRunner()
    result = runner.invoke(app, ["verify", str(path), "--commitment", doc["commitment"]])
    assert result.exit_code == 0, result.output
    doc["deal"][2]["role"] = "篡改的身份"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    assert runner.invoke(app, ["verify", str(path)]).exit_code == 1
