"""Response headers every page needs: nothing private stays in a cache."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase
from django.utils.cache import patch_cache_control


class PrivatePages:
    """``Cache-Control: private, no-store`` on every response to a browser that holds a session
    (a seat, a director's login, a message waiting for it) or is logged in: a player's page, the
    director's console, the new game's private links, the discussion thread as a player sees it.
    Neither a shared proxy nor the browser's own cache keeps them, so another person on the same
    phone or behind the same proxy cannot bring them back."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        """Mark the response private when the request carried a session."""
        response = self.get_response(request)
        session = getattr(request, "session", None)
        user = getattr(request, "user", None)
        if (session is not None and not session.is_empty()) or (
            user is not None and user.is_authenticated
        ):
            patch_cache_control(response, private=True, no_store=True)
        return response
