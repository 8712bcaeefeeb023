"""Every label, unit and phrase a thread reader looks for, in simplified and traditional characters,
from one data file (``words.yaml`` beside this module): Taiwanese and Hong Kong boards (and users
who write traditional characters) print 「樓主」「發表於」「本帖最後由 … 於 … 編輯」「分鐘前」 where
mainland boards print 「楼主」「发表于」「本帖最后由 … 于 … 编辑」「分钟前」.

The file is read once, when the readers are imported, and typed (``Words``: each section a frozen
model, each phrase the tuple of its forms, simplified first); a file with an unknown key, a phrase
that is not a list of distinct non-empty forms, or a simplified form listed twice is refused with
the problems in Chinese (``DataFileError``), so a board with other wording is a data change and a
mistake in it is found at once. Readers never convert a page's text; they match any form
(``alt``), so a post's own words and its author's name stay exactly as written.
``tests/forum/test_labels.py`` checks the table against OpenCC's conversions (mainland, Taiwanese
and Hong Kong standards).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Annotated, Any

from pydantic import PlainValidator, ValidationError, model_validator

from bansha import texts
from bansha.datafiles.loader import load_mapping
from bansha.datafiles.problems import DataFileError, from_validation
from bansha.datafiles.types import Strict, refuse, text_check

FILE = Path(__file__).with_name("words.yaml")
"""The reader's vocabulary."""


def _forms(form: Callable[[Any], str]) -> Callable[[Any], tuple[str, ...]]:
    """A check that a value is a list of forms, each passing ``form``, none twice."""

    def check(value: Any) -> tuple[str, ...]:
        if not isinstance(value, list):
            raise refuse("list")
        if not value:
            raise refuse("list_short", limit=1)
        forms = tuple(form(v) for v in value)
        for i, one in enumerate(forms):
            if one in forms[:i]:
                raise refuse("duplicate_value", value=one)
        return forms

    return check


def _mark(value: Any) -> str:
    """A mark: one to four characters, white space allowed (a space is a mark)."""
    text = text_check(4, empty=True)(value)
    if not text:
        raise refuse("text_empty")
    return text


Phrase = Annotated[tuple[str, ...], PlainValidator(_forms(text_check(40, empty=False)))]
"""Every form of one phrase, simplified first."""
Mark = Annotated[tuple[str, ...], PlainValidator(_forms(_mark))]
"""Every form of a punctuation mark or a space."""


class Floors(Strict):
    """Floor labels: 「N楼」 (``floor``), the first four floors' names, 「第N楼」 (``ordinal``)."""

    floor: Phrase
    first: Phrase
    second: Phrase
    third: Phrase
    fourth: Phrase
    ordinal: Phrase


class Posted(Strict):
    """When a post was made: Discuz!'s and phpwind 8's label, phpwind 9's, and a quote head's."""

    posted_at: Phrase
    published_at: Phrase
    posted: Phrase


class Edits(Strict):
    """Edit notes: Discuz! 「X 于 T 编辑」 after ``last_edited_by``, phpwind 9 「X于T编辑了帖子」,
    phpwind 8 「此帖被X在T重新编辑」."""

    last_edited_by: Phrase
    at: Phrase
    edited: Phrase
    edited_post: Phrase
    this_post_was: Phrase
    in_time: Phrase
    edited_again: Phrase


class Quotes(Strict):
    """Quote heads: Discuz! 6/7 ``original_by``, phpwind 8 and pasted quotes ``quoting``."""

    original_by: Phrase
    quoting: Phrase
    of: Phrase


class Relative(Strict):
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


class Clock(Strict):
    """A 12-hour clock's words: before noon (``morning``, ``small_hours``, ``early_morning``), at
    noon, after noon (``afternoon``, ``evening``)."""

    morning: Phrase
    afternoon: Phrase
    small_hours: Phrase
    early_morning: Phrase
    noon: Phrase
    evening: Phrase


class Dates(Strict):
    """A date's year, month and day marks (「2026年11月30日」)."""

    year: Phrase
    month: Phrase
    day: Phrase


class Hidden(Strict):
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


class Code(Strict):
    """A code box's button and headers (not the post's words)."""

    copy_code: Phrase
    copy_to_clipboard: Phrase
    code: Phrase


class PageWords(Strict):
    """The pager (「共 N 页」), the footer's labels, Discuz!'s author filter, phpwind 8's floor
    link."""

    total: Phrase
    pages: Phrase
    zone: Phrase
    now: Phrase
    author_only_link: Phrase
    floor_link: Phrase


class Marks(Strict):
    """What forums print between a label and its value, after a post's time when more follows on
    its line, and their spaces besides the ASCII one."""

    colon: Mark
    after_time: Mark
    spaces: Mark


PHRASE_SECTIONS = (
    "floors",
    "posted",
    "edits",
    "quotes",
    "relative",
    "clock",
    "dates",
    "hidden",
    "code",
    "page",
)
"""The sections of phrases in words (``marks`` is punctuation, not a phrase in two scripts)."""


class Words(Strict):
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

    @model_validator(mode="after")
    def _each_phrase_once(self) -> Words:
        seen: set[str] = set()
        for phrase in phrases_of(self):
            if phrase[0] in seen:
                raise refuse("duplicate_value", value=phrase[0])
            seen.add(phrase[0])
        return self


def phrases_of(words: Words) -> list[tuple[str, ...]]:
    """Every phrase of the vocabulary's phrase sections, in the file's order."""
    out: list[tuple[str, ...]] = []
    for name in PHRASE_SECTIONS:
        section = getattr(words, name)
        out += [getattr(section, key) for key in type(section).model_fields]
    return out


class WordsError(DataFileError):
    """The vocabulary file refused: the file, then every problem found (the first few shown)."""

    def __str__(self) -> str:
        return texts.FORUM_WORDS_INVALID.format(file=self.file, problems=super().__str__())


def load(raw: bytes | str, file: str = FILE.name) -> Words:
    """The vocabulary from a file's text, checked (refused in Chinese: ``WordsError``)."""
    try:
        return Words.model_validate(load_mapping(raw))
    except DataFileError as e:
        raise WordsError(e.problems, file) from None
    except ValidationError as e:
        raise WordsError(from_validation(e, Words), file) from None


WORDS = load(FILE.read_bytes())
"""The reader's vocabulary, read once."""

PHRASES: tuple[tuple[str, ...], ...] = tuple(phrases_of(WORDS))
"""Each phrase (simplified first) and the traditional forms forums print."""

FORMS: dict[str, tuple[str, ...]] = {forms[0]: forms for forms in PHRASES}


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
