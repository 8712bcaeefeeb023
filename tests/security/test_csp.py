"""The Content-Security-Policy: every page is sent with a strict policy (scripts and style sheets
only from the site's own files, no inline script or style, no nonce needed), and no page holds
anything that policy would refuse: an inline script, an inline style, an event-handler attribute,
a ``javascript:`` link. Chromium enforcing it on every page is checked by the browser tests
(tests/browser/conftest.py fails any test whose pages broke the policy)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from lxml import html as lxml_html

from bansha.service.games import SERVICE
from bansha.store.models import GameRecord
from tests.web.directors import director_client

pytestmark = pytest.mark.django_db(transaction=True)

WANTED = {
    "default-src": "'none'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self'",
    "connect-src": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
    "base-uri": "'none'",
}


def policy(response: object) -> dict[str, str]:
    """The response's Content-Security-Policy, directive by directive."""
    header = response.headers.get("Content-Security-Policy", "")  # type: ignore[attr-defined]
    out = {}
    for part in header.split(";"):
        name, _, value = part.strip().partition(" ")
        if name:
            out[name] = value.strip()
    return out


def _pages() -> list[tuple[str, object]]:
    """Every kind of page, as its browser gets it: (name, response)."""
    director = director_client()
    players = "\n".join(f"玩家{i}" for i in range(1, 15))
    created = director.post("/new", {"ruleset": "m103", "players": players}, follow=True)
    assert created.status_code == 200 and "已开局" in created.content.decode()
    gid = GameRecord.objects.get(owner__username="dir").id
    player = Client()
    game = SERVICE.create("m103", [f"座{i}" for i in range(14)])
    assert player.get(f"/g/{game.record.id}/join/{game.tokens[0]}").status_code == 302
    anyone = Client()
    pages: list[tuple[str, object]] = [("created", created)]
    for name, browser, path in (
        ("home", anyone, "/"),
        ("finished games", anyone, "/finished"),
        ("login", anyone, "/accounts/login/"),
        ("public", anyone, f"/g/{gid}/"),
        ("thread", anyone, f"/g/{gid}/thread"),
        ("not found", anyone, "/g/nosuchgame0/"),
        ("bad link", anyone, f"/g/{gid}/join/not-a-token"),
        ("new game", director, "/new"),
        ("console", director, f"/g/{gid}/director"),
        ("player", player, f"/g/{game.record.id}/me"),
        ("player thread", player, f"/g/{game.record.id}/thread"),
    ):
        pages.append((name, browser.get(path)))
    return pages


def test_every_page_is_sent_with_the_strict_policy() -> None:
    for name, response in _pages():
        assert response.status_code in (200, 404), (name, response.status_code)
        got = policy(response)
        for directive, value in WANTED.items():
            assert got.get(directive) == value, (name, directive, got)
        allowed = " ".join(got.values())
        assert "unsafe" not in allowed and "nonce-" not in allowed, (name, got)


EVENT_ATTRIBUTE = re.compile(r"^on[a-z]+$")


def test_no_page_holds_what_the_policy_refuses() -> None:
    """Rendered, not only as templates: markup made in Python (QR codes, BBCode, the clock's
    times) is checked too."""
    for name, response in _pages():
        body = response.content.decode()  # type: ignore[attr-defined]
        tree = lxml_html.document_fromstring(body)
        for script in tree.iter("script"):
            if script.get("src") is None:  # data for the pages' script, never run
                assert script.get("type") == "application/json", (name, script.text)
            else:
                assert script.get("src").startswith("/static/"), (name, script.get("src"))
                assert not (script.text or "").strip(), name
        assert not list(tree.iter("style")), name
        for el in tree.iter():
            if not isinstance(el.tag, str):
                continue
            for attribute, value in el.attrib.items():
                assert not EVENT_ATTRIBUTE.match(attribute), (name, el.tag, attribute)
                assert attribute != "style", (name, el.tag, value)
                assert not value.strip().lower().startswith("javascript:"), (name, el.tag)
        sheets = [link.get("href") for link in tree.iter("link") if link.get("rel") == "stylesheet"]
        assert sheets and all(h.startswith("/static/") for h in sheets), (name, sheets)


def test_the_pages_script_and_style_sheets_are_served() -> None:
    anyone = Client()
    for path, kind in (
        ("/static/bansha/page.js", "javascript"),
        ("/static/bansha/new.js", "javascript"),
        ("/static/bansha/site.css", "css"),
        ("/static/bansha/error.css", "css"),
    ):
        response = anyone.get(path)
        assert response.status_code == 200, path
        assert kind in response["Content-Type"], (path, response["Content-Type"])
        body = b"".join(response.streaming_content) if response.streaming else response.content
        assert b"{%" not in body, path  # a file, not a template: its words come from the page


TEMPLATES = Path(__file__).parents[2] / "bansha" / "web" / "jinja2"
REFUSED = [
    (re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I), "an inline script"),
    (re.compile(r"<style", re.I), "an inline style sheet"),
    (re.compile(r"\sstyle\s*=", re.I), "a style attribute"),
    (re.compile(r"\son[a-z]+\s*=", re.I), "an event-handler attribute"),
    (re.compile(r"javascript:", re.I), "a javascript: link"),
]


def test_no_template_holds_what_the_policy_refuses() -> None:
    """Every template, also those of pages the rendering test above does not open."""
    found = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        text = path.read_text()
        found += [(path.name, why) for pattern, why in REFUSED if pattern.search(text)]
    assert not found, found
    assert len(list(TEMPLATES.rglob("*.html"))) > 20
