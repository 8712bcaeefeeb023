"""The checker's guarantee: a file ``bansha check`` passes never raises a Python error in play.

Random games are played on every shipped board and variant, and on mutated copies of them (a
count changed, a text dropped or given a stray placeholder, a reference pointed elsewhere, a
stage left out, a flag flipped, a skill taken from a role...): a copy the checker refuses is
skipped, a copy it passes must play every random game to its end without an exception.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bansha.engine import Game
from bansha.engine.errors import RuleError, SetupError
from bansha.rulesets import VARIANTS_DIR, build, builtin_data, builtin_ids, check_data, variant_data
from bansha.sim.play import StalledGame, play_random

SHIPPED: list[tuple[str, dict[str, Any]]] = [
    (rid, data)
    for rid, data in [(rid, builtin_data(rid)) for rid in builtin_ids()]
    + [variant_data(path) for path in sorted(VARIANTS_DIR.glob("*.yaml"))]
]
"""Every shipped file (all four posts, the boards, the variants): its base id and merged data."""
MUTATED = SHIPPED
"""The files whose edited copies are played: every shipped file, those the pipeline runs and
M186's (the board of rounds), whose declarations are checked alike."""
PLACEHOLDERS = ("p", "p_by", "ps", "day", "by", "x", "skill", "cause", "tally")


def _keys(data: dict[str, Any], section: str) -> list[str]:
    return sorted(str(k) for k in data.get(section) or {})


def mutate(data: dict[str, Any], rng: random.Random) -> str:
    """One random change of the kind a director's edit makes; what it did."""
    roles, skills, texts = data["roles"], data["skills"], data.get("texts", {})
    kind = rng.choice(
        ["count", "drop_text", "placeholder", "stage_ref", "cause_ref", "drop_stage",
         "flag", "take_skill", "faction", "step_ref", "drop_cause", "when"]
    )  # fmt: skip
    if kind == "count":
        role = rng.choice(sorted(roles))
        roles[role]["count"] = max(0, int(roles[role].get("count", 0)) + rng.choice((-1, 1)))
    elif kind == "drop_text" and texts:
        texts.pop(rng.choice(sorted(texts)))
    elif kind == "placeholder" and texts:
        key = rng.choice(sorted(texts))
        texts[key] = str(texts[key]) + "{" + rng.choice(PLACEHOLDERS) + "}"
    elif kind == "stage_ref":
        declared = [k for k in sorted(skills) if skills[k].get("stages")]
        stages = [s["key"] for ph in data["timetable"].values() for s in ph]
        if declared:
            skills[rng.choice(declared)]["stages"] = [rng.choice([*stages, "nowhere"])]
    elif kind == "cause_ref":
        causes = [*_keys(data, "causes"), "made_up"]
        lw = data.setdefault("last_words", {})
        lw["never"] = [*lw.get("never", []), rng.choice(causes)]
    elif kind == "drop_stage":
        phase = rng.choice(sorted(data["timetable"]))
        stages = data["timetable"][phase]
        if len(stages) > 1:
            stages.pop(rng.randrange(len(stages)))
    elif kind == "flag":
        with_params = [k for k in sorted(skills) if skills[k].get("params")]
        if with_params:
            params = skills[rng.choice(with_params)]["params"]
            key = rng.choice(sorted(params))
            value = params[key]
            params[key] = (not value) if isinstance(value, bool) else rng.choice([True, 0, "x", []])
    elif kind == "take_skill":
        role = rng.choice(sorted(roles))
        if roles[role].get("skills"):
            roles[role]["skills"] = roles[role]["skills"][1:]
    elif kind == "faction":
        role = rng.choice(sorted(roles))
        roles[role]["faction"] = rng.choice([*_keys(data, "factions"), "nobody"])
    elif kind == "step_ref":
        stages = sorted(data.get("resolution") or {})
        if stages:
            steps = data["resolution"][rng.choice(stages)]
            if steps:
                step = steps[rng.randrange(len(steps))]
                verb = "do" if "do" in step else "resolve"
                step[verb] = rng.choice([*sorted(skills), "made_up"])
    elif kind == "drop_cause" and data.get("causes"):
        data["causes"].pop(rng.choice(_keys(data, "causes")))
    elif kind == "when" and all(data["timetable"].values()):
        phase = rng.choice(sorted(data["timetable"]))
        stage = rng.choice(data["timetable"][phase])
        stage["when"] = rng.choice(
            [f"due:{rng.choice(sorted(skills))}", "has:made_up", "day:2", "last_words"]
        )
    return kind


def _play(base_id: str, data: dict[str, Any], seed: int, may_stall: bool = False) -> None:
    """Two random games of a file the checker passed, each to its end. ``may_stall``: an edited
    copy may make a game that cannot end (a kill's stage left out): random play stops it after its
    stage limit, which is no error of the engine."""
    checked = check_data(base_id, data)
    rs = build(checked)
    names = [f"p{i}" for i in range(rs.player_count)]
    for s in range(2):
        game = Game.create(rs, names, seed + s)
        try:
            play_random(game, seed + s)
        except StalledGame:
            if not may_stall:
                raise


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(min_value=0, max_value=len(SHIPPED) - 1), seed=st.integers(0, 2**20))
def test_every_shipped_file_plays(which: int, seed: int) -> None:
    base_id, data = SHIPPED[which]
    _play(base_id, copy.deepcopy(data), seed)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    which=st.integers(min_value=0, max_value=len(MUTATED) - 1),
    seed=st.integers(0, 2**20),
    changes=st.integers(min_value=1, max_value=3),
)
def test_a_mutated_copy_the_checker_passes_never_raises(
    which: int, seed: int, changes: int
) -> None:
    base_id, data = MUTATED[which]
    data = copy.deepcopy(data)
    rng = random.Random(seed)
    for _ in range(changes):
        mutate(data, rng)
    try:
        check_data(base_id, data)
    except SetupError:
        return  # refused before any game: what the checker is for
    try:
        _play(base_id, data, seed, may_stall=True)
    except RuleError:
        raise AssertionError("a random player's legal act was refused") from None
