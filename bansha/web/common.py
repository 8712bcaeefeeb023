"""Django's ``CommonMiddleware`` (the host checked, ``Content-Length``, a missing slash added by a
redirect), its URL not resolved a second time for a 404 of a view."""

from __future__ import annotations

from django.http import HttpRequest
from django.middleware.common import CommonMiddleware


class ResolvedOnce(CommonMiddleware):
    """``CommonMiddleware`` for a 404 whose path resolved to a view (a game that does not exist,
    a page this viewer may not load: nearly every 404 of the site): Django asks whether the path
    is a valid one by resolving it again before it tries the path with a slash added, and a path
    that resolved is, so no redirect. Only a path that resolved to no view is resolved again (and
    with a slash added), as Django does."""

    def should_redirect_with_slash(self, request: HttpRequest) -> bool:
        """No redirect for a path that resolved to a view; else Django's answer."""
        if getattr(request, "resolver_match", None) is not None:
            return False
        return bool(super().should_redirect_with_slash(request))
