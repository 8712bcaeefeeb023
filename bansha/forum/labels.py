"""Every label, unit and phrase a thread reader looks for, in simplified and traditional characters,
from one data file (``words.yaml`` beside this module): Taiwanese and Hong Kong boards (and users
who write traditional characters) print 「樓主」「發表於」「本帖最後由 … 於 … 編輯」「分鐘前」 where
mainland boards print 「楼主」「发表于」「本帖最后由 … 于 … 编辑」「分钟前」.

The file is read once, when the readers are imported, and typed (``Words``: each section a frozen
dataclass, each phrase the tuple of its forms, simplified first); a file with an unknown or
missing key, a phrase that is not a list of distinct non-empty forms, or a simplified form listed
twice is refused with every problem in Chinese (``WordsError``, the data files' messages), so a
board with other wording is a data change and a mistake in it is found at once. The file is
checked against the dataclasses' own fields rather than by the data files' schema library, which
every command would then load at start-up for a file of lists of words. Readers never convert a page's text; they match any form
(``alt``), so a post's own words and its author's name stay exactly as written.
``tests/forum/test_labels.py`` checks the table against OpenCC's conversions (mainland, Taiwanese
and Hong Kong standards).
"""

from __future__ import annotations

import re
import typing
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from bansha import texts
from bansha.datafiles.loader import load_mapping
from bansha.datafiles.messages import message
from bansha.datafiles.problems import DataFileError, Problem, format_path, unknown

FILE = Path(__file__).with_name("words.yaml")
"""The reader's vocabulary."""

FORM_LIMIT = 40
"""The longest form of a phrase (the longest forums print is a dozen characters)."""

Phrase = tuple[str, ...]
"""Every form of one phrase, simplified first."""


@dataclass(frozen=True, slots=True)
class Floors:
    """Floor labels: 「N楼」 (``floor``), the first four floors' names, 「第N楼」 (``ordinal``)."""

    floor: Phrase
    first: Phrase
    second: Phrase
    third: Phrase
    fourth: Phrase
    ordinal: Phrase


@dataclass(frozen=True, slots=True)
class Posted:
    """When a post was made: Discuz!'s and phpwind 8's label, phpwind 9's, and a quote head's."""

    posted_at: Phrase
    published_at: Phrase
    posted: Phrase


@dataclass(frozen=True, slots=True)
class Edits:
    """Edit notes: Discuz! 「X 于 T 编辑」 after ``last_edited_by``, phpwind 9 「X于T编辑了帖子」,
    phpwind 8 「此帖被X在T重新编辑」."""

    last_edited_by: Phrase
    at: Phrase
    edited: Phrase
    edited_post: Phrase
    this_post_was: Phrase
    in_time: Phrase
    edited_again: Phrase


@dataclass(frozen=True, slots=True)
class Quotes:
    """Quote heads: Discuz! 6/7 ``original_by``, phpwind 8 and pasted quotes ``quoting``."""

    original_by: Phrase
    quoting: Phrase
    of: Phrase


@dataclass(frozen=True, slots=True)
class Relative:
    """Relative times (Discuz!'s ``dgmdate``): units, 「前」, the named days, 「刚刚」."""

    seconds: Phrase
    minutes: Phrase
    hours: Phrase
    half: Phrase
    days: Phrase
    ago: Phrase
    today: Phrase
    yesterday: Phrase
    day_before_yesterday: Phrase
    just_now: Phrase


@dataclass(frozen=True, slots=True)
class Clock:
    """A 12-hour clock's words: before noon (``morning``, ``small_hours``, ``early_morning``), at
    noon, after noon (``afternoon``, ``evening``)."""

    morning: Phrase
    afternoon: Phrase
    small_hours: Phrase
    early_morning: Phrase
    noon: Phrase
    evening: Phrase


@dataclass(frozen=True, slots=True)
class Dates:
    """A date's year, month and day marks (「2026年11月30日」)."""

    year: Phrase
    month: Phrase
    day: Phrase


@dataclass(frozen=True, slots=True)
class Hidden:
    """The notices a forum prints instead of a post it hides, and another forum's notice words."""

    tip: Phrase
    author_banned: Phrase
    screened_automatically: Phrase
    screened_by_moderator: Phrase
    author_only: Phrase
    deleted_floor: Phrase
    deleted_post: Phrase
    password: Phrase
    screened: Phrase
    deleted: Phrase
    banned: Phrase


@dataclass(frozen=True, slots=True)
class Code:
    """A code box's button and headers (not the post's words)."""

    copy_code: Phrase
    copy_to_clipboard: Phrase
    code: Phrase


@dataclass(frozen=True, slots=True)
class PageWords:
    """The pager (「共 N 页」), the footer's labels, Discuz!'s author filter, phpwind 8's floor
    link."""

    total: Phrase
    pages: Phrase
    zone: Phrase
    now: Phrase
    author_only_link: Phrase
    floor_link: Phrase


@dataclass(frozen=True, slots=True)
class Marks:
    """What forums print between a label and its value (one character each: the readers match
    them in a character class), after a post's time when more follows on its line, and their
    spaces besides the ASCII one (white space is a form here)."""

    colon: Phrase
    after_time: Phrase
    spaces: Phrase


@dataclass(frozen=True, slots=True)
class Words:
    """The reader's vocabulary, section by section."""

    floors: Floors
    posted: Posted
    edits: Edits
    quotes: Quotes
    relative: Relative
    clock: Clock
    dates: Dates
    hidden: Hidden
    code: Code
    page: PageWords
    marks: Marks


PHRASE_SECTIONS = tuple(f.name for f in fields(Words) if f.name != "marks")
"""The sections of phrases (``marks`` is punctuation, not a phrase in two scripts)."""


def _word(value: object) -> str | None:
    """Why a form of a phrase is refused (None: it is not)."""
    if not isinstance(value, str):
        return message("text")
    if not value.strip():
        return message("text_empty")
    if len(value) > FORM_LIMIT:
        return message("text_long", limit=FORM_LIMIT)
    return None


def _mark(value: object) -> str | None:
    """Why a form of a mark is refused (None: it is not): white space is a form."""
    if not isinstance(value, str):
        return message("text")
    return message("text_empty") if not value else None


def _character(value: object) -> str | None:
    """Why a colon is refused (None: it is not): one character."""
    refused = _mark(value)
    if refused is None and len(str(value)) != 1:
        return message("text_long", limit=1)
    return refused


FORM_CHECKS: dict[tuple[str, str], Callable[[object], str | None]] = {
    ("marks", "colon"): _character,
    ("marks", "after_time"): _mark,
    ("marks", "spaces"): _mark,
}
"""How a form is checked where it is not a phrase's word (``_word``)."""


def _phrase(loc: list[str | int], value: object, problems: list[Problem]) -> Phrase:
    """A phrase of the file: a list of its forms, each passing its check, none twice."""
    if not isinstance(value, list):
        problems.append(Problem(format_path(loc), message("list")))
        return ()
    if not value:
        problems.append(Problem(format_path(loc), message("list_short", limit=1)))
        return ()
    check = FORM_CHECKS.get((str(loc[0]), str(loc[1])), _word)
    for i, form in enumerate(value):
        refused = check(form)
        if refused is None and form in value[:i]:
            refused = message("duplicate_value", value=form)
        if refused is not None:
            problems.append(Problem(format_path([*loc, i]), refused))
    return tuple(str(form) for form in value)


def _keys(
    loc: list[str | int], data: dict[Any, Any], known: Sequence[str], problems: list[Problem]
) -> None:
    """A problem for each key ``data`` has that is not ``known`` and each it lacks."""
    problems += [unknown([*loc, key], key, known) for key in data if key not in known]
    problems += [
        Problem(format_path([*loc, key]), message("missing")) for key in known if key not in data
    ]


def _words(data: dict[str, Any]) -> tuple[Words | None, list[Problem]]:
    """The vocabulary a file's mapping holds, and every problem of it."""
    problems: list[Problem] = []
    types = typing.get_type_hints(Words)
    _keys([], data, list(types), problems)
    sections: dict[str, Any] = {}
    for name, kind in types.items():
        section = data.get(name)
        if section is None:
            continue
        if not isinstance(section, dict):
            problems.append(Problem(format_path([name]), message("mapping")))
            continue
        keys = [f.name for f in fields(kind)]
        _keys([name], section, keys, problems)
        phrases = {
            key: _phrase([name, key], section[key], problems) for key in keys if key in section
        }
        if not problems:
            sections[name] = kind(**phrases)
    if problems:
        return None, problems
    words = Words(**sections)
    seen: set[str] = set()
    for phrase in phrases_of(words):
        if phrase[0] in seen:
            problems.append(Problem("", message("duplicate_value", value=phrase[0])))
        seen.add(phrase[0])
    return (None if problems else words), problems


def phrases_of(words: Words) -> list[Phrase]:
    """Every phrase of the vocabulary's phrase sections, in the file's order."""
    out: list[Phrase] = []
    for name in PHRASE_SECTIONS:
        section = getattr(words, name)
        out += [getattr(section, f.name) for f in fields(section)]
    return out


class WordsError(DataFileError):
    """The vocabulary file refused: the file, then every problem found (the first few shown)."""

    def __str__(self) -> str:
        return texts.FORUM_WORDS_INVALID.format(file=self.file, problems=super().__str__())


def load(raw: bytes | str, file: str = FILE.name) -> Words:
    """The vocabulary from a file's text, checked (refused in Chinese: ``WordsError``)."""
    try:
        data = load_mapping(raw)
    except DataFileError as e:
        raise WordsError(e.problems, file) from None
    words, problems = _words(data)
    if words is None:
        raise WordsError(problems, file)
    return words


WORDS = load(FILE.read_bytes())
"""The reader's vocabulary, read once."""

PHRASES: tuple[tuple[str, ...], ...] = tuple(phrases_of(WORDS))
"""Each phrase (simplified first) and the traditional forms forums print."""

FORMS: dict[str, tuple[str, ...]] = {forms[0]: forms for forms in PHRASES}
"""Each phrase's forms by its simplified form."""


def forms(phrase: str) -> tuple[str, ...]:
    """Every form of a phrase of the table, simplified first."""
    return FORMS[phrase]


def alt(phrase: str | Sequence[str]) -> str:
    """A pattern (a non-capturing group) matching any form of a phrase: its forms, or its
    simplified form for a phrase of the table."""
    found = forms(phrase) if isinstance(phrase, str) else phrase
    return "(?:" + "|".join(re.escape(f) for f in found) + ")"


def alts(*phrases: Sequence[str]) -> str:
    """A pattern matching any form of any of ``phrases`` (in the order given)."""
    return "|".join(alt(p) for p in phrases)


def has(text: str, phrase: str | Sequence[str]) -> bool:
    """Whether ``text`` holds any form of ``phrase``."""
    found = forms(phrase) if isinstance(phrase, str) else phrase
    return any(f in text for f in found)


def chars(*phrases: Sequence[str]) -> str:
    """The characters of one-character forms, escaped for a character class."""
    return "".join(re.escape(f) for p in phrases for f in p)


def by_form(pairs: Iterable[tuple[Sequence[str], Any]]) -> dict[str, Any]:
    """Each form of each phrase, with its phrase's value."""
    return {form: value for phrase, value in pairs for form in phrase}


_floors = WORDS.floors
FLOOR_WORDS: dict[str, int] = by_form(
    ((_floors.first, 1), (_floors.second, 2), (_floors.third, 3), (_floors.fourth, 4))
)
"""Floor names both forums print instead of numbers for the first four posts, both scripts."""

_hidden = WORDS.hidden
HIDDEN = re.compile(
    alts(
        _hidden.author_banned,
        _hidden.screened_by_moderator,
        _hidden.author_only,
        _hidden.deleted_floor,
        _hidden.deleted_post,
        _hidden.password,
    )
)
"""The notices a forum prints instead of a post it hides (banned author, screened, author-only,
deleted, password)."""

COLON = f"[{chars(WORDS.marks.colon)}]"
"""A character class of the colons forums print after a label."""
COLONS = "".join(WORDS.marks.colon)
"""The colons, for stripping them off a label."""
