"""The pages a request gets when it cannot have what it asked for: not found (also everything a
viewer may not load), refused, a stale form (CSRF), too many attempts, a server error. Chinese,
sized for a phone, from the one catalogue of texts; they read no session and no database, so they
render even when those are what failed (but the page of a seat this browser holds no more, which
its request has read already)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.template import loader
from django_ratelimit.exceptions import Ratelimited

from bansha import texts


def page(status: int, title: str, text: str) -> HttpResponse:
    """An error page with its status."""
    return HttpResponse(
        _page_html(status, title, text), status=status, content_type="text/html; charset=utf-8"
    )


@lru_cache(maxsize=64)
def _page_html(status: int, title: str, text: str) -> str:
    """An error page's HTML, rendered once per process for each status and text: it reads no
    request (nobody's session, no token), so every viewer gets the same bytes (a missing
    game's page is what every page a viewer may not load answers)."""
    return loader.get_template("bansha/error.html").render(
        {"status": status, "title": title, "text": text, "home": texts.BACK_HOME}
    )


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """404: the same page for a missing game and for one this viewer may not load; a seat this
    browser held and holds no more for a reason its player is told (``access.SeatGone``: 替补,
    a device signed out) gets that page instead."""
    from bansha.web.access import SeatGone

    if isinstance(exception, SeatGone):
        return seat_gone(request, exception)
    return page(404, texts.NOT_FOUND_TITLE, texts.NOT_FOUND)


def seat_gone(request: HttpRequest, reason: Any) -> HttpResponse:
    """Why this browser holds its seat no more (an ``access.SeatGone``), with the way to the
    game's public page."""
    html = loader.get_template("bansha/seat_gone.html").render(
        {"game_id": reason.game_id, "title": reason.title, "text": reason.text}, request
    )
    return HttpResponse(html, status=reason.status, content_type="text/html; charset=utf-8")


def forbidden(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """403; a rate limit reached is a 429 (django-ratelimit's ``Ratelimited``, raised by its
    decorator, is a ``PermissionDenied``: Django hands it here, as the library's documentation
    suggests, instead of a middleware that every request would pass through)."""
    if isinstance(exception, Ratelimited):
        return too_many(request, exception)
    return page(403, texts.FORBIDDEN_TITLE, texts.FORBIDDEN)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """400 (a malformed request, a host not served)."""
    return page(400, texts.BAD_REQUEST_TITLE, texts.BAD_REQUEST)


def server_error(request: HttpRequest) -> HttpResponse:
    """500: nothing was changed (a command is acknowledged only after it is stored)."""
    return page(500, texts.SERVER_ERROR_TITLE, texts.SERVER_ERROR)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """403 for a form without a valid CSRF token: stale, or sent from another site."""
    return page(403, texts.CSRF_TITLE, texts.CSRF)


def too_many(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """429: too many attempts from one address (private-link guessing, flooding)."""
    return page(429, texts.TOO_MANY_TITLE, texts.TOO_MANY)


def login_locked(request: HttpRequest, credentials: Any = None) -> HttpResponse:
    """429: too many wrong passwords from this address; it may try again after the cool-off."""
    from django.conf import settings

    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return page(429, texts.TOO_MANY_TITLE, texts.LOGIN_LOCKED.format(minutes=minutes))
