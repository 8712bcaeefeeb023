"""The director's trace of a stage's resolution: kept as data in its event, put in words only
where a page shows it.

A ``trace`` event holds ``{"title": ..., "lines": [...]}``. Its title is the text as written,
or ``{"key", "params"}``: a text of the data file filled in, then the stage's name if it has one
(``"stage"``).
Each line is one of:

* the text as written (a game stored before the trace was kept as data, or a mechanic's own
  line such as a draw);
* ``[label, told]``: a resolution step's label and what its skill did (the label alone when it
  did nothing to tell), ``told`` its text or a text of the data file as data
  (``{"key", "params"}``);
* ``[label, [[skill, told], ...]]``: a step that resolves several skills, each named;
* ``{"key", "params"}``: a text of the data file (「胜负已分，停止结算」).

Nothing is put in words while a game is played or simulated: only the director's views read
it (:func:`words`).
"""

from __future__ import annotations

from typing import Any

from bansha import texts
from bansha.engine.ruleset import RuleSet


def said(rs: RuleSet, key: str, params: dict[str, Any] | None) -> str:
    """A text of the data file filled in, as the board says it (the key itself if unknown)."""
    text = rs.texts.get(key, key)
    return rs.fill(text, params) if params else text


def title(rs: RuleSet, data: Any) -> str:
    """A trace's title in words."""
    if isinstance(data, dict):
        text = said(rs, str(data["key"]), data.get("params"))
        return text + " " + str(data["stage"]) if "stage" in data else text
    return str(data)


def line(rs: RuleSet, data: Any) -> str:
    """One trace line in words."""
    if isinstance(data, str):
        return data
    if isinstance(data, dict):
        return said(rs, str(data["key"]), data.get("params"))
    label, done = data
    if isinstance(done, dict):
        done = told(rs, done)
    if isinstance(done, str):
        return texts.TRACE_STEP.format(label=label, text=done) if done else str(label)
    if not done:
        return str(label)
    parts = [texts.TRACE_SKILL.format(skill=skill, text=told(rs, text)) for skill, text in done]
    return texts.TRACE_STEP.format(label=label, text=texts.TRACE_SKILL_SEP.join(parts))


def told(rs: RuleSet, data: Any) -> str:
    """What a step's skill did: its text, or a text of the data file kept as data."""
    if isinstance(data, dict):
        return said(rs, str(data["key"]), data.get("params"))
    return str(data)


def lines(rs: RuleSet, data: dict[str, Any]) -> list[str]:
    """A trace event's lines in words."""
    return [line(rs, ln) for ln in data["lines"]]


def words(rs: RuleSet, data: dict[str, Any]) -> dict[str, Any]:
    """A trace event as the director's pages show it: ``{"title", "lines"}`` in words."""
    return {"title": title(rs, data.get("title", "trace")), "lines": lines(rs, data)}
