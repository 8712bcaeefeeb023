"""The stage's votes on a page (``rendering.vote_items``): what the template loop it replaced
wrote, every value escaped (``rendering._escaped``, as ``conditional_escape`` writes it)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.template import engines
from django.utils.safestring import mark_safe

from bansha.web.rendering import _escaped, vote_items

LOOP = (
    '{% for b in v.votes %}<li{% if b.change %} class="change"{% endif %}>{{ b.by }} → '
    '{{ b.for|default("弃权", true) }}{% if b.change %} <span class="muted">'
    '{{ message("VOTE_CHANGE_MARK") }}</span>{% endif %}</li>{% endfor %}'
)
"""The loop of ``_players.html`` before the filter."""

VOTES: list[dict[str, Any]] = [
    {"by": "甲", "for": "乙"},
    {"by": "<b>丙</b>", "for": None},
    {"by": "丁&戊", "for": "'己'", "change": True},
    {"by": '"庚"', "for": "", "change": False},
    {"for": "辛"},
]


def _same_quotes(text: str) -> str:
    """Jinja2 writes ' and " as &#39; and &#34;, ``html.escape`` as &#x27; and &quot;."""
    return text.replace("&#39;", "&#x27;").replace("&#34;", "&quot;")


@pytest.mark.parametrize("votes", [VOTES, [], VOTES * 40])
def test_the_filter_writes_what_the_loop_wrote(votes: list[dict[str, Any]]) -> None:
    jinja = engines["jinja2"]
    old = jinja.from_string(LOOP).render({"v": {"votes": votes}})
    assert str(vote_items(votes)) == _same_quotes(old)


def test_every_value_is_escaped() -> None:
    out = str(vote_items(VOTES))
    assert "<b>" not in out and html.escape("<b>丙</b>") in out
    assert re.findall(r"<li( class=\"change\")?>", out) == ["", "", ' class="change"', "", ""]


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ("<甲&'\">", "&lt;甲&amp;&#x27;&quot;&gt;"),
        (7, "7"),
        (True, "True"),
        (None, "None"),
        (mark_safe("<i>x</i>"), "<i>x</i>"),
        (["<"], "[&#x27;&lt;&#x27;]"),
    ],
)
def test_each_value_is_written_as_conditional_escape_writes_it(value: object, written: str) -> None:
    assert _escaped(value) == written
    assert _escaped(value) == written  # a kept text: the same text again
