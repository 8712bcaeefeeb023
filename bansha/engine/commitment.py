"""The deal's commitment (R-ALL-02): published when the roles are dealt, checked after the reveal.

What is committed is a short JSON text: the players in seat order, each seat's role (its key and
the post's word for it), the game's seed (every later random draw comes from it) and a nonce. The
published commitment is the SHA-256 of that text, written canonically (keys sorted, no spaces,
UTF-8, nothing escaped but what JSON must). A real game's seed and nonce come from the operating
system's generator, independently (the service draws them; the nonce is never derived from the
seed) and are handed to the game as inputs, recorded in an event only the director sees until
the reveal: the published hash tells nobody anything about the deal, and after the reveal anyone
can recompute it, with ``bansha verify REVEAL.json`` or by hand (docs/security.md).

Scenarios and simulations are practice games: with no nonce given, a game takes
:func:`practice_nonce` of its seed, so a scenario replays to the same events; such a commitment
hides nothing from whoever knows the seed, and no real game is ever dealt that way.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple

import orjson

SCHEME: Final = 2
"""The commitment's form. 1 (games dealt before it): SHA-256 of ``{"roles":[...],"nonce":"..."}``
(role keys only, in that key order); 2: the committed text of :func:`committed_text`."""

FORMAT: Final = "bansha-reveal"
"""The ``format`` of a reveal file, the JSON a player downloads after the game."""

NONCE_BYTES: Final = 16
"""A real game's nonce: 128 bits from the operating system, written as 32 hex digits."""
SEED_BITS: Final = 128
"""A real game's seed: 128 bits from the operating system."""


def canonical(data: Mapping[str, Any]) -> str:
    """The one way a committed object is written before it is hashed: keys sorted, no spaces,
    UTF-8 text (Chinese kept as it is). orjson writes it (a deal's is written once a game); what
    it refuses (an integer beyond 64 bits, a lone surrogate) the standard encoder writes, the same
    text wherever both can (``tests/engine/test_commitment.py``)."""
    try:
        return orjson.dumps(dict(data), option=orjson.OPT_SORT_KEYS).decode()
    except (TypeError, orjson.JSONEncodeError):
        return json.dumps(dict(data), ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def sha256_hex(text: str) -> str:
    """SHA-256 of a text's UTF-8 bytes, as 64 hex digits (what ``sha256sum`` prints)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def committed(
    players: Sequence[str], roles: Sequence[str], words: Sequence[str], seed: int | str, nonce: str
) -> dict[str, Any]:
    """The object a deal commits to (scheme 2): seat ``i``'s player is ``players[i]``, dealt the
    role ``roles[i]`` (its key) that the post calls ``words[i]``."""
    return {
        "nonce": nonce,
        "players": list(players),
        "roles": list(roles),
        "scheme": SCHEME,
        "seed": str(seed),
        "words": list(words),
    }


def committed_text(
    players: Sequence[str], roles: Sequence[str], words: Sequence[str], seed: int | str, nonce: str
) -> str:
    """The exact text whose SHA-256 is published (see :func:`committed`)."""
    return canonical(committed(players, roles, words, seed, nonce))


def legacy_hash(roles: Sequence[str], nonce: str) -> str:
    """Scheme 1, the commitment of games dealt before scheme 2."""
    payload = json.dumps(
        {"roles": list(roles), "nonce": nonce}, ensure_ascii=False, separators=(",", ":")
    )
    return sha256_hex(payload)


def practice_nonce(seed: int) -> str:
    """The nonce of a practice game (a scenario, a simulation, the command-line demo), derived
    from its seed so that it replays alike. Never a real game's: the service draws those."""
    return sha256_hex(f"bansha practice nonce/{seed}")[: 2 * NONCE_BYTES]


def reveal_text(reveal: Mapping[str, Any]) -> str | None:
    """The committed text a reveal (the ``reveal`` event's data) discloses; None for a scheme 1
    reveal or one without a deal."""
    if reveal.get("scheme") != SCHEME or reveal.get("dealt") is None:
        return None
    return committed_text(
        [str(p) for p in reveal.get("dealt_players") or []],
        [str(r) for r in reveal["dealt"]],
        [str(w) for w in reveal.get("dealt_words") or []],
        str(reveal.get("seed")),
        str(reveal.get("nonce")),
    )


def reveal_matches(reveal: Mapping[str, Any], commitment: str | None) -> bool:
    """Whether a reveal recomputes the commitment published at the deal."""
    if commitment is None or reveal.get("dealt") is None or reveal.get("nonce") is None:
        return False
    text = reveal_text(reveal)
    if text is not None:
        return sha256_hex(text) == commitment
    return legacy_hash([str(r) for r in reveal["dealt"]], str(reveal["nonce"])) == commitment


def reveal_file(public: Mapping[str, Any]) -> dict[str, Any]:
    """The reveal file of a finished game, built from its public view (so it holds nothing the
    public may not read): the published commitment, the committed text and, readable seat by
    seat, the deal it proves; then how the game ended, which the commitment does not cover (a
    role may change during the game)."""
    r = public["reveal"]
    keys = [str(k) for k in r.get("dealt") or []]
    players = [str(p) for p in r.get("dealt_players") or []]
    words = [str(w) for w in r.get("dealt_words") or []]
    return {
        "format": FORMAT,
        "scheme": r.get("scheme", 1),
        "title": public.get("title"),
        "ruleset": public.get("ruleset"),
        "commitment": public.get("commitment"),
        "committed": reveal_text(r),
        "deal": [
            {
                "seat": i + 1,
                "player": players[i] if i < len(players) else None,
                "role": words[i] if i < len(words) else None,
                "key": key,
            }
            for i, key in enumerate(keys)
        ],
        "seed": None if r.get("seed") is None else str(r["seed"]),
        "nonce": r.get("nonce"),
        "winner": list(public.get("winner") or []),
        "end": [dict(row) for row in r.get("table") or []],
        "exit_order": list(r.get("exit_order") or []),
    }


class Verdict(NamedTuple):
    """What a reveal file proves. ``code``: ``ok``; ``mismatch`` (the deal, the seed or the nonce
    was changed, or the file is another game's); ``inconsistent`` (its committed text is not its
    own seat table); ``not_reveal``; ``missing`` (then ``key`` names what is missing)."""

    code: str
    key: str = ""


def check_file(doc: Any, commitment: str | None = None) -> Verdict:
    """Check a reveal file: rebuild the committed text from its seat table, seed and nonce, and
    compare its SHA-256 with the commitment (``commitment``: the one the player noted when the
    game began; by default the one the file names)."""
    if not isinstance(doc, Mapping) or doc.get("format") != FORMAT:
        return Verdict("not_reveal")
    scheme = doc.get("scheme")
    required = ("commitment", "deal", "nonce", "seed") if scheme == SCHEME else ("deal", "nonce")
    for key in required:
        if doc.get(key) in (None, "", []):
            return Verdict("missing", key)
    deal = doc["deal"]
    if not isinstance(deal, list) or not all(isinstance(row, Mapping) for row in deal):
        return Verdict("not_reveal")
    against = (commitment or str(doc.get("commitment") or "")).strip().lower()
    if not against:
        return Verdict("missing", "commitment")
    keys = [str(row.get("key")) for row in deal]
    if scheme == SCHEME:
        text = committed_text(
            [str(row.get("player")) for row in deal],
            keys,
            [str(row.get("role")) for row in deal],
            str(doc["seed"]),
            str(doc["nonce"]),
        )
        if sha256_hex(text) != against:
            return Verdict("mismatch")
        if doc.get("committed") not in (None, text):
            return Verdict("inconsistent")
        return Verdict("ok")
    if scheme in (None, 1):
        ok = legacy_hash(keys, str(doc["nonce"])) == against
        return Verdict("ok" if ok else "mismatch")
    return Verdict("not_reveal")
