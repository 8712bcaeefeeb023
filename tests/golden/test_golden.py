"""The golden games (``games.py``) play exactly as recorded: the same events, byte for byte, for
every seed, post and kind of agent."""

from __future__ import annotations

import pytest

from tests.golden.games import AGENTS, POSTS, digest, load, play_one


@pytest.mark.parametrize("kind", AGENTS)
@pytest.mark.parametrize("post", POSTS)
def test_golden_games(post: str, kind: str) -> None:
    recorded = load(post)[kind]
    changed = [
        seed for seed, want in enumerate(recorded) if digest(play_one(post, kind, seed)) != want
    ]
    assert not changed, (
        f"{post} ({kind} agents): {len(changed)} of {len(recorded)} golden games play differently, "
        f"seeds {changed[:10]}; if the change is meant, record again: "
        ".venv/bin/python -m tests.golden.games " + post
    )
