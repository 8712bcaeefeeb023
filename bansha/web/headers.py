"""Response headers every page needs: nothing private stays in a cache; the Content-Security-Policy
built once; the CSRF cookie sent when the browser needs it, not on every page with a form."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject, CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed
from django.http import HttpRequest, HttpResponseBase
from django.middleware.csrf import CsrfViewMiddleware
from django.utils.cache import patch_cache_control, patch_vary_headers


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
            if response.has_header("Cache-Control"):
                patch_cache_control(response, private=True, no_store=True)
            else:  # what patch_cache_control writes on a response that had none
                response["Cache-Control"] = "private, no-store"
        return response


_PER_RESPONSE = frozenset(
    (
        "_csp_config",
        "_csp_update",
        "_csp_replace",
        "_csp_config_ro",
        "_csp_update_ro",
        "_csp_replace_ro",
    )
)
"""What a view may set on its response to change its policy (django-csp's decorators)."""


class SteadyPolicy(CSPMiddleware):
    """django-csp's middleware with the policy built once per process and settings: it builds
    the same header from the settings on every response (two passes over every directive)
    unless a view changed the policy for its response or asked for a nonce, and bansha's views
    do neither (the pages have no inline script or style). When one does, the library builds
    it as before. The settings it reads (the two policies, ``DEBUG``) are read again when they
    change (Django's ``setting_changed``, as in tests), not on every response."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        super().__init__(get_response)
        self._built: dict[bool, tuple[str, tuple[str, ...]]] = {}
        self._debug: bool | None = None
        setting_changed.connect(self._forget, weak=True)

    def _forget(self, setting: str = "", **kwargs: object) -> None:
        """A setting changed: the policies and ``DEBUG`` are read again at the next response."""
        if setting in ("DEBUG", "CONTENT_SECURITY_POLICY", "CONTENT_SECURITY_POLICY_REPORT_ONLY"):
            self._built.clear()
            self._debug = None

    def _policy(self, report_only: bool) -> tuple[str, tuple[str, ...]]:
        """The policy from the settings alone, and the path prefixes it leaves out."""
        kept = self._built.get(report_only)
        if kept is None:
            name = (
                "CONTENT_SECURITY_POLICY_REPORT_ONLY" if report_only else "CONTENT_SECURITY_POLICY"
            )
            prefixes = (getattr(settings, name, None) or {}).get("EXCLUDE_URL_PREFIXES") or ()
            kept = (build_policy(report_only=report_only), tuple(prefixes))
            self._built[report_only] = kept
        return kept

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        """The library's headers, the same bytes, from the policy built once."""
        debug = self._debug
        if debug is None:
            debug = self._debug = bool(settings.DEBUG)
        steady = getattr(request, "_csp_nonce", None) is None and (
            _PER_RESPONSE.isdisjoint(response.__dict__)
            or not any(getattr(response, name, None) is not None for name in _PER_RESPONSE)
        )
        if not steady or (debug and response.status_code in (500, 404)):
            return super().process_response(request, response)
        for report_only, header, exempt in _HEADERS:
            csp, prefixes = self._policy(report_only)
            if not csp or header in response or getattr(response, exempt, False) is not False:
                continue
            if not prefixes or not request.path_info.startswith(prefixes):
                response[header] = csp
        # as the library does: a nonce asked for after the header was written is an error
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)
        return response


_HEADERS = ((False, HEADER, "_csp_exempt"), (True, HEADER_REPORT_ONLY, "_csp_exempt_ro"))
"""Each policy's header and the response's attribute that exempts it (django-csp's)."""


class ServerTiming:
    """``Server-Timing: cpu;dur=…``: the processor time the request's handler spent (the
    middleware chain and the view, on the request's thread, in milliseconds), for measuring a
    server under load by kind of request (``benchmarks/load_web.py``). Only when
    ``BANSHA_SERVER_TIMING=1`` (``settings.SERVER_TIMING``): a deployment tells no browser how
    long its requests take."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        """Time the rest of the chain on this thread's processor clock."""
        start = time.thread_time_ns()
        response = self.get_response(request)
        response["Server-Timing"] = f"cpu;dur={(time.thread_time_ns() - start) / 1e6:.3f}"
        return response


CSRF_RENEW_EVERY = 24 * 3600.0
"""Seconds after which a browser's CSRF cookie is sent again (its expiry renewed) by a page that
uses it: at least once a day while the browser uses the site, so it never runs out in use (it
lasts ``CSRF_COOKIE_AGE``, a year)."""
CSRF_KEPT = 8192
"""Browsers' cookies whose last renewal a process remembers (the least recent forgotten: that
browser's cookie is sent again on its next page)."""
_renewed: OrderedDict[str, float] = OrderedDict()
_renewed_lock = threading.Lock()


def _cookie_due(secret: str, held: bool, now: float) -> bool:
    """Whether the cookie ``secret`` is to be sent now: the browser does not hold it (``held``:
    its request carried that very cookie) or this process has not sent it within
    ``CSRF_RENEW_EVERY``. When it is, it is noted as sent now (the caller sends it)."""
    with _renewed_lock:
        sent = _renewed.get(secret)
        if held and sent is not None and now - sent < CSRF_RENEW_EVERY:
            return False
        _renewed[secret] = now
        _renewed.move_to_end(secret)
        while len(_renewed) > CSRF_KEPT:
            _renewed.popitem(last=False)
        return True


class SteadyCsrf(CsrfViewMiddleware):
    """Django's CSRF protection, unchanged in what it checks and in the token each form carries;
    only its cookie is not sent again on every page that writes a form. Django sends the cookie
    with every response whose page used the token, the same value each time, to renew its expiry
    (a year). Here a page sends it when the browser did not send that very cookie (a new secret,
    a rotated one at login, an old masked cookie), or when this process has not sent it for a
    day (``CSRF_RENEW_EVERY``); otherwise the response says ``Vary: Cookie`` as Django's does (a
    page with a token must never come from a shared cache) and sends no cookie."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        """Send the cookie when the browser needs it (see the class)."""
        meta = request.META
        secret = meta.get("CSRF_COOKIE")
        if (
            meta.get("CSRF_COOKIE_NEEDS_UPDATE")
            and isinstance(secret, str)
            and not settings.CSRF_USE_SESSIONS
            and not _cookie_due(
                secret, request.COOKIES.get(settings.CSRF_COOKIE_NAME) == secret, time.monotonic()
            )
        ):
            patch_vary_headers(response, ("Cookie",))
            meta["CSRF_COOKIE_NEEDS_UPDATE"] = False
        return super().process_response(request, response)
