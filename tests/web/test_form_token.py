"""The pages' CSRF field (``bansha.web.jinja.masked_token``): Django's token, its mask drawn from
one read of the system's random source."""

from __future__ import annotations

import collections
import re

import pytest
from django.middleware.csrf import (
    CSRF_ALLOWED_CHARS,
    _unmask_cipher_token,
    get_token,
)
from django.test import Client, RequestFactory

from bansha.web.jinja import _random_indices, masked_token

SECRET = "abcdefghijklmnopqrstuvwxyzABCDEF"


def test_the_token_is_the_cookies_secret_under_a_fresh_mask_and_the_cookie_is_renewed() -> None:
    request = RequestFactory().get("/")
    request.META["CSRF_COOKIE"] = SECRET
    tokens = {masked_token(request) for _ in range(50)}
    assert len(tokens) == 50  # a new mask every time (BREACH)
    for token in tokens:
        assert len(token) == 64 and set(token) <= set(CSRF_ALLOWED_CHARS)
        assert _unmask_cipher_token(token) == SECRET
    assert request.META["CSRF_COOKIE_NEEDS_UPDATE"] is True


def test_a_request_without_a_secret_gets_a_new_one_as_django_makes_it() -> None:
    request = RequestFactory().get("/")
    token = masked_token(request)
    secret = request.META["CSRF_COOKIE"]
    assert len(secret) == 32 and set(secret) <= set(CSRF_ALLOWED_CHARS)
    assert _unmask_cipher_token(token) == secret
    assert request.META["CSRF_COOKIE_NEEDS_UPDATE"] is True
    assert _unmask_cipher_token(get_token(request)) == secret


def test_the_mask_falls_on_every_character_alike() -> None:
    counts = collections.Counter(i for _ in range(2000) for i in _random_indices(32))
    assert set(counts) == set(range(len(CSRF_ALLOWED_CHARS)))
    expected = 2000 * 32 / len(CSRF_ALLOWED_CHARS)
    assert all(abs(n - expected) < 0.2 * expected for n in counts.values())


@pytest.mark.django_db(transaction=True)
def test_a_form_posted_with_the_pages_token_passes_the_csrf_check_and_a_changed_one_does_not() -> (
    None
):
    browser = Client(enforce_csrf_checks=True)
    html = browser.get("/accounts/login/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    assert token is not None
    form = {"username": "nobody", "password": "x" * 12}
    good = browser.post("/accounts/login/", {**form, "csrfmiddlewaretoken": token.group(1)})
    assert good.status_code == 200  # the login form again (wrong password), not a CSRF refusal
    flipped = token.group(1)[:-1] + ("a" if token.group(1)[-1] != "a" else "b")
    bad = browser.post("/accounts/login/", {**form, "csrfmiddlewaretoken": flipped})
    assert bad.status_code == 403


def _token(html: str) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    assert found is not None
    return found.group(1)


@pytest.mark.django_db(transaction=True)
def test_the_cookie_is_sent_when_the_browser_needs_it_and_every_form_still_carries_a_token(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from django.conf import settings

    from bansha.web import headers

    name = settings.CSRF_COOKIE_NAME
    browser = Client(enforce_csrf_checks=True)
    first = browser.get("/")  # the home page writes forms with the token
    assert name in first.cookies  # a new browser gets its cookie
    secret = first.cookies[name].value
    again = browser.get("/")
    assert name not in again.cookies  # it holds this very cookie, sent lately
    assert "Cookie" in again["Vary"]  # never from a shared cache: the page holds a token
    assert _unmask_cipher_token(_token(again.content.decode())) == secret
    monkeypatch.setattr(headers, "CSRF_RENEW_EVERY", 0.0)  # a day on: renewed
    assert browser.get("/").cookies[name].value == secret
    monkeypatch.setattr(headers, "CSRF_RENEW_EVERY", 24 * 3600.0)
    browser.cookies[name] = "x" * 32  # a browser that changed its cookie gets it again
    assert browser.get("/").cookies[name].value == "x" * 32
    headers._renewed.clear()  # another process (or one restarted) sends it once
    assert name in browser.get("/").cookies
    assert name not in browser.get("/").cookies
    # a form posted with a page's token passes the check, a changed one does not
    token = _token(browser.get("/").content.decode())
    good = browser.post("/accounts/login/", {"username": "a", "csrfmiddlewaretoken": token})
    assert good.status_code == 200  # the login form again, not a CSRF refusal
    bad = browser.post("/accounts/login/", {"username": "a", "csrfmiddlewaretoken": "y" * 64})
    assert bad.status_code == 403
