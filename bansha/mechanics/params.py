"""Typed parameters of a declared mechanic, read from a board's data file.

A skill's ``params`` mapping is read once, when the rule set is loaded, into the mechanic's own
frozen dataclass; a value may name a rule-set option instead (``{option: witch_self_save}``),
read with the options the game was created with. A wrong key or value is a Chinese error naming
the key's full path (``skills.save.params.self``), so a director's board file never fails later,
in the middle of a game.
"""

from __future__ import annotations

from typing import Any

from bansha import texts
from bansha.engine.errors import SetupError


class Raw:
    """A mapping of parameters being read; every key must be read once (:meth:`done`)."""

    def __init__(self, raw: Any, where: str, options: dict[str, Any]) -> None:
        if raw is None:
            raw = {}
        if not isinstance(raw, dict):
            raise SetupError(texts.PARAM_NOT_TABLE.format(where=where, value=raw))
        self.raw: dict[str, Any] = dict(raw)
        self.where = where
        self.options = options
        self.read: set[str] = set()

    def _get(self, key: str, default: Any) -> Any:
        self.read.add(key)
        value = self.raw.get(key, default)
        if isinstance(value, dict) and set(value) == {"option"}:
            name = str(value["option"])
            if name not in self.options:
                raise SetupError(
                    texts.PARAM_NO_OPTION.format(where=f"{self.where}.{key}", name=name)
                )
            value = self.options[name]
        return value

    def _bad(self, key: str, kind: str, value: Any, choices: tuple[str, ...] = ()) -> SetupError:
        """A value not of ``kind`` (a key of ``texts.PARAM_WANT``)."""
        want = texts.PARAM_WANT[kind].format(choices=texts.LIST_SEP.join(choices))
        where = f"{self.where}.{key}"
        return SetupError(texts.PARAM_BAD.format(where=where, want=want, value=value))

    def flag(self, key: str, default: bool) -> bool:
        """A yes/no parameter."""
        value = self._get(key, default)
        if not isinstance(value, bool):
            raise self._bad(key, "flag", value)
        return value

    def maybe_flag(self, key: str) -> bool | None:
        """A yes/no parameter that may be left out (its default then follows another one)."""
        value = self._get(key, None)
        if value is not None and not isinstance(value, bool):
            raise self._bad(key, "flag", value)
        return value

    def number(self, key: str, default: int | None) -> int | None:
        """A whole number, or null."""
        value = self._get(key, default)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._bad(key, "number", value)
        return value

    def real(self, key: str, default: float) -> float:
        """A number that may have decimals (a vote weight of 1.5)."""
        value = self._get(key, default)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self._bad(key, "real", value)
        return float(value)

    def choice(self, key: str, choices: tuple[str, ...], default: str) -> str:
        """One word among ``choices``."""
        value = self._get(key, default)
        if value not in choices:
            raise self._bad(key, "choice", value, choices)
        return str(value)

    def text(self, key: str, default: str | None) -> str | None:
        """A word or key of the data file (a skill, a status, a text), or null."""
        value = self._get(key, default)
        if value is None:
            return None
        if not isinstance(value, str | int):
            raise self._bad(key, "text", value)
        return str(value)

    def need(self, key: str, choices: tuple[str, ...] = ()) -> str:
        """A word or key the data file must give (the mechanic has no default for it), one of
        ``choices`` if any."""
        if key not in self.raw:
            raise SetupError(texts.PARAM_MISSING.format(where=self.where, key=key))
        if choices:
            return self.choice(key, choices, choices[0])
        given: str | None = self.text(key, None)
        if given is None:
            raise self._bad(key, "text", None)
        return given

    def words(self, key: str, default: tuple[str, ...] = ()) -> tuple[str, ...]:
        """A list of words or keys (a single word is a list of one)."""
        value = self._get(key, list(default))
        if isinstance(value, str):
            return (value,)
        if not isinstance(value, list) or not all(isinstance(v, str | int) for v in value):
            raise self._bad(key, "words", value)
        return tuple(str(v) for v in value)

    def table(self, key: str) -> dict[str, str]:
        """A mapping of words to words (a check's answers by faction)."""
        value = self._get(key, {})
        if not isinstance(value, dict):
            raise self._bad(key, "table", value)
        return {str(k): str(v) for k, v in value.items()}

    def require(self, keys: tuple[str, ...]) -> None:
        """Every key of ``keys`` is given: the mechanic has no default for it (its ``about``
        declares it required), whatever kind of value it reads."""
        for key in keys:
            if key not in self.raw:
                raise SetupError(texts.PARAM_MISSING.format(where=self.where, key=key))

    def numbers(self, key: str, default: tuple[int, ...]) -> tuple[int, ...]:
        """A list of whole numbers of at least 1 (a team size per round)."""
        value = self._get(key, list(default))
        if not isinstance(value, list) or not all(
            isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in value
        ):
            raise self._bad(key, "numbers", value)
        return tuple(int(n) for n in value)

    def tables(self, key: str) -> list[Raw]:
        """A list of mappings, each read as parameters of its own (``told[0]``)."""
        value = self._get(key, [])
        if not isinstance(value, list):
            raise self._bad(key, "tables", value)
        return [Raw(v, f"{self.where}.{key}[{i}]", self.options) for i, v in enumerate(value)]

    def counts(self, key: str, default: dict[str, int]) -> dict[str, int]:
        """A mapping of words to whole numbers of at least 0 (a deck's cards by kind), in the
        data file's order."""
        value = self._get(key, default)
        if not isinstance(value, dict) or not all(
            isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in value.values()
        ):
            raise self._bad(key, "counts", value)
        return {str(k): int(n) for k, n in value.items()}

    def done(self) -> None:
        """Refuse keys no parameter reads (a misspelt key must not pass silently)."""
        unknown = sorted(str(k) for k in set(self.raw) - self.read)
        if unknown:
            known = texts.LIST_SEP.join(sorted(self.read)) or texts.NOBODY
            keys = texts.LIST_SEP.join(unknown)
            raise SetupError(texts.PARAM_UNKNOWN.format(where=self.where, keys=keys, known=known))
