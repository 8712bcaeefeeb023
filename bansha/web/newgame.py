"""The new-game form: each rule set's options as form fields generated from its data file's
option table (type, choices, default, the Chinese explanation), and reading them back.

An option's table entry gives ``default``, optionally ``choices`` (each shown in its
``choice_words``), ``label`` and ``zh`` (the explanation a director reads). A boolean default
is a checkbox, ``type: clock`` a time of day (22:00), a number (or no default) a number field,
choices a list; ``type: moment`` options (the start time) have fields of their own. ``start_at`` and
``review`` have fields of their own on the form."""

from __future__ import annotations

from typing import Any

from bansha import texts
from bansha.engine import RuleError
from bansha.engine.ruleset import RuleSet

OWN_FIELDS = ("start_at", "review")
"""Options the form asks for with fields of their own (the clock, 公示审核)."""


def option_fields(rs: RuleSet) -> list[dict[str, Any]]:
    """The form fields of a rule set's options, in the data file's order."""
    out = []
    for key, spec in (rs.data.get("options") or {}).items():
        if key in OWN_FIELDS or not isinstance(spec, dict) or spec.get("type") == "moment":
            continue
        default = spec.get("default")
        words = spec.get("choice_words") or {}
        choices = spec.get("choices")
        if choices is not None:
            kind = "choice"
        elif spec.get("type") == "clock":  # a time of day, 22:00
            kind = "clock"
        elif isinstance(default, bool):
            kind = "check"
        else:
            kind = "number"
        out.append(
            {
                "key": key,
                "name": f"opt-{rs.id}-{key}",
                "label": spec.get("label") or key,
                "help": spec.get("zh") or "",
                "kind": kind,
                "default": default,
                "choices": [
                    {
                        "value": str(c),
                        "label": str(words.get(str(c), c))
                        + (texts.OPTION_DEFAULT if c == default else ""),
                    }
                    for c in choices or []
                ],
            }
        )
    return out


def read_options(form: Any, rs: RuleSet) -> dict[str, Any]:
    """The options a submitted form sets for ``rs`` (fields left as they were keep the default);
    RuleError in Chinese for a value the table does not allow."""
    out: dict[str, Any] = {}
    for field in option_fields(rs):
        raw = form.get(field["name"], "")
        if field["kind"] == "check":
            value: Any = bool(raw)
        elif raw.strip() == "":
            continue
        elif field["kind"] == "choice":
            spec = rs.data["options"][field["key"]]
            match = [c for c in spec["choices"] if str(c) == raw]
            if not match:
                names = texts.LIST_SEP.join(c["label"] for c in field["choices"])
                raise RuleError(texts.OPTION_NOT_CHOICE.format(label=field["label"], choices=names))
            value = match[0]
        elif field["kind"] == "clock":
            value = raw.strip()
            hour, _, minute = value.partition(":")
            if not (hour.isdigit() and minute.isdigit() and int(hour) < 24 and int(minute) < 60):
                raise RuleError(texts.OPTION_NOT_CLOCK.format(label=field["label"], value=value))
        else:
            try:
                value = int(raw.strip())
            except ValueError:
                raise RuleError(
                    texts.OPTION_NOT_NUMBER.format(label=field["label"], value=raw.strip())
                ) from None
        if value != field["default"]:
            out[field["key"]] = value
    return out


def duplicates(names: list[str]) -> list[str]:
    """The names given more than once, each once, in order."""
    seen: set[str] = set()
    twice: list[str] = []
    for n in names:
        if n in seen and n not in twice:
            twice.append(n)
        seen.add(n)
    return twice


UPLOADED_SHOWN = 20
"""At most this many of a director's own uploaded boards are offered again."""


def listed_title(rs: RuleSet) -> str:
    """A rule set as the new game's list names it: its title and how many players it takes
    (「【版杀46】《无间道》（16人）」; a board whose title says it already, 「预女猎守 12人」, as it is)."""
    count = texts.PLAYERS_COUNT.format(n=rs.player_count)
    return (
        rs.title
        if rs.title.endswith(count)
        else texts.LISTED_TITLE.format(title=rs.title, count=count)
    )


def uploaded_boards(user: Any) -> list[tuple[str, str]]:
    """The boards a director uploaded for earlier games, newest first, one per distinct file
    that still passes the checker: (the latest such game's id, its title and its names)."""
    from bansha.rulesets import check_variant_text
    from bansha.store.models import GameRecord

    seen: set[str] = set()
    out: list[tuple[str, str]] = []
    rows = (
        GameRecord.objects.filter(owner=user)
        .exclude(variant_yaml="")
        .order_by("-created_at")
        .values_list("id", "variant_yaml")[:200]
    )
    for gid, text in rows:
        if text in seen:
            continue
        seen.add(text)
        try:
            model = check_variant_text(text).model
        except RuleError:
            continue
        names = [n for n in model.names if n != model.title]
        label = model.title + (
            texts.UPLOADED_NAMES.format(names=texts.LIST_SEP.join(names)) if names else ""
        )
        out.append((str(gid), label))
        if len(out) == UPLOADED_SHOWN:
            break
    return out


def uploaded_text(user: Any, gid: str) -> str:
    """The board file of one of the director's own earlier games (``uploaded_boards``)."""
    from bansha.store.models import GameRecord

    text = (
        GameRecord.objects.filter(owner=user, id=gid)
        .exclude(variant_yaml="")
        .values_list("variant_yaml", flat=True)
        .first()
    )
    if text is None:
        raise RuleError(texts.UPLOADED_UNKNOWN)
    return str(text)
