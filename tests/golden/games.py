"""Golden games: digests of the event streams of fixed seeds for each of the four posts, played
by random and by heuristic agents, recorded once and checked by ``test_golden.py``.

They pin what a game shows, event by event: a change of the engine, a mechanic or a rule set that
alters any game shows here, with the post, the agents and the seed, so a port (a rule set moved
onto declared mechanics) proves it plays the same games, or says which ones differ and why.

Record again, after a change that is meant to alter games (say why in the commit):

    .venv/bin/python -m tests.golden.games
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sys
from pathlib import Path

from bansha.engine import Game
from bansha.engine.events import DIRECTOR
from bansha.rulesets import find_ruleset
from bansha.sim.play import StalledGame, play
from bansha.sim.simulate import make_agents

POSTS = ("m103", "bs46", "m186", "xxxii")
AGENTS = ("random", "heuristic")
GAMES = 200
"""Seeds 0..GAMES-1 for each post and kind of agent."""
HERE = Path(__file__).parent


def digest(game: Game) -> str:
    """What the players and the public were shown, in order: every event addressed to someone
    but the director alone (its kind, audience and data, as stored), hashed: 16 hex digits of
    SHA-256. The director's own bookkeeping (memos, traces, absences) is left out, so a rule set
    may change how it keeps its state without changing a golden game; anything a seat or the
    public sees, and when, is pinned."""
    shown = [ev.to_json() for ev in game.events if ev.to != DIRECTOR]
    body = json.dumps(shown, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(body.encode()).hexdigest()[:16]


def play_one(post: str, kind: str, seed: int) -> Game:
    """One golden game: the post's table dealt from ``seed``, played to its end (or the stage
    limit) by one agent of ``kind`` per seat."""
    rs = find_ruleset(post)
    game = Game.create(rs, [f"p{i}" for i in range(rs.player_count)], seed)
    with contextlib.suppress(StalledGame):  # a stalled game's events up to the limit count too
        play(game, make_agents(rs, kind, seed), seed)
    return game


def record(post: str, kind: str, games: int = GAMES) -> list[str]:
    """The digests of seeds 0..games-1."""
    return [digest(play_one(post, kind, seed)) for seed in range(games)]


def path(post: str) -> Path:
    """The file of a post's digests."""
    return HERE / f"{post}.json"


def load(post: str) -> dict[str, list[str]]:
    """A post's recorded digests, by kind of agent."""
    data: dict[str, list[str]] = json.loads(path(post).read_text(encoding="utf-8"))
    return data


def main(argv: list[str]) -> None:
    """Record the digests of the posts named (all four by default)."""
    for post in argv or POSTS:
        data = {kind: record(post, kind) for kind in AGENTS}
        path(post).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(post, {kind: len(v) for kind, v in data.items()})


if __name__ == "__main__":
    main(sys.argv[1:])
