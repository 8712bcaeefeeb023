"""The shape of a scenario's ``expect``: each key's value type and the players it may name.

A malformed ``expect`` (an unknown key, a value of the wrong type, a name that is not a player)
fails with a message in Chinese naming the file, the step and the key, never a traceback
(docs/scenarios.md). The types are checked with pydantic; the messages come from ``bansha.texts``.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from pydantic import BeforeValidator, TypeAdapter, ValidationError

from bansha import texts


def _word(value: Any) -> str:
    """A word of the post or a name: YAML may read 甲 as text and 7 as a number; both are words."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise ValueError("not a word")
    return str(value)


Word = Annotated[str, BeforeValidator(_word)]

WORD = TypeAdapter(Word)
WORD_OR_NULL = TypeAdapter(Word | None)
WORDS = TypeAdapter(list[Word])
MAP = TypeAdapter(dict[Word, Word | None])
MAP_OF_LISTS = TypeAdapter(dict[Word, list[Word]])

SHAPES: dict[str, tuple[TypeAdapter[Any], str]] = {
    "phase": (WORD, texts.SCENARIO_WANTS_WORD),
    "stage": (WORD_OR_NULL, texts.SCENARIO_WANTS_WORD_OR_NULL),
    "deadline": (WORD_OR_NULL, texts.SCENARIO_WANTS_WORD_OR_NULL),
    "alive": (WORDS, texts.SCENARIO_WANTS_LIST),
    "out": (WORDS, texts.SCENARIO_WANTS_LIST),
    "winner": (WORDS, texts.SCENARIO_WANTS_LIST),
    "lost": (WORDS, texts.SCENARIO_WANTS_LIST),
    "missions": (WORDS, texts.SCENARIO_WANTS_LIST),
    "public_out": (WORDS, texts.SCENARIO_WANTS_LIST),
    "announced": (WORDS, texts.SCENARIO_WANTS_LIST),
    "not_announced": (WORDS, texts.SCENARIO_WANTS_LIST),
    "faction": (MAP, texts.SCENARIO_WANTS_MAP),
    "role": (MAP, texts.SCENARIO_WANTS_MAP),
    "holder": (MAP, texts.SCENARIO_WANTS_MAP),
    "revealed": (MAP, texts.SCENARIO_WANTS_MAP),
    "results": (MAP_OF_LISTS, texts.SCENARIO_WANTS_MAP_OF_LISTS),
    "knows": (MAP_OF_LISTS, texts.SCENARIO_WANTS_MAP_OF_LISTS),
    "groups": (MAP_OF_LISTS, texts.SCENARIO_WANTS_MAP_OF_LISTS),
    "told": (MAP_OF_LISTS, texts.SCENARIO_WANTS_MAP_OF_LISTS),
}
"""Every ``expect`` key of the format, with the type of its value."""

_LISTS = tuple(k for k, (a, _) in SHAPES.items() if a is WORDS)
"""Keys whose value is a list (an empty value reads as the empty list)."""
PLAYER_LISTS = ("alive", "out", "public_out")
"""Keys whose list names players."""
PLAYER_KEYED = ("faction", "role", "results", "revealed", "knows", "told")
"""Keys whose mapping is keyed by player."""
PLAYER_VALUES = ("knows", "groups")
"""Keys whose mapping's lists name players."""


class Malformed(Exception):
    """An ``expect`` that does not follow the format: ``key`` and a message in Chinese."""

    def __init__(self, key: str, message: str) -> None:
        self.key, self.message = key, message
        super().__init__(message)


def checked(file: str, step: int, body: Any, players: list[str]) -> dict[str, Any]:
    """The ``expect`` body with each value in its type; raise Malformed when it is not the format."""
    where = {"file": file, "step": step}
    if not isinstance(body, dict):
        raise Malformed(
            "expect",
            texts.SCENARIO_BAD_VALUE.format(
                **where, key="expect", problem=texts.SCENARIO_WANTS_MAPPING, value=shown(body)
            ),
        )
    out: dict[str, Any] = {}
    for raw_key, value in body.items():
        key = str(raw_key)
        if key not in SHAPES:
            keys = "、".join(SHAPES)
            raise Malformed(key, texts.SCENARIO_UNKNOWN_KEY.format(**where, key=key, keys=keys))
        adapter, wanted = SHAPES[key]
        try:
            out[key] = adapter.validate_python([] if value is None and key in _LISTS else value)
        except ValidationError:
            raise Malformed(
                key,
                texts.SCENARIO_BAD_VALUE.format(
                    **where, key=key, problem=wanted, value=shown(value)
                ),
            ) from None
        for name in _players_named(key, out[key]):
            if name not in players:
                raise Malformed(
                    key,
                    texts.SCENARIO_UNKNOWN_PLAYER.format(
                        **where, key=key, name=name, players="、".join(players)
                    ),
                )
    return out


def _players_named(key: str, value: Any) -> list[str]:
    names: list[str] = []
    if key in PLAYER_LISTS:
        names += value
    if key in PLAYER_KEYED:
        names += list(value)
    if key in PLAYER_VALUES:
        names += [n for members in value.values() for n in members]
    if key == "holder":  # status -> its holder (null: nobody)
        names += [n for n in value.values() if n is not None]
    return names


def shown(value: Any) -> str:
    """A value as the file wrote it, in flow style (甲, [甲, 乙], {甲: 乙})."""
    return json.dumps(value, ensure_ascii=False, default=str).replace('"', "")
