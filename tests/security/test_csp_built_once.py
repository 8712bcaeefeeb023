"""The Content-Security-Policy header, built once per process: the same bytes as django-csp's
middleware writes on every response, and the library's own answer whenever a response changes
its policy."""

from __future__ import annotations

from csp.middleware import CSPMiddleware
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory

from bansha.web.headers import SteadyPolicy

HEADERS = ("Content-Security-Policy", "Content-Security-Policy-Report-Only")


def _through(middleware: type[CSPMiddleware], path: str, **marks: object) -> HttpResponse:
    def view(request: HttpRequest) -> HttpResponse:
        response = HttpResponse("页")
        for name, value in marks.items():
            setattr(response, name, value)
        return response

    request = RequestFactory().get(path)
    return middleware(view)(request)  # type: ignore[return-value]


def test_every_response_carries_the_librarys_policy_byte_for_byte() -> None:
    for path in ("/", "/g/abc/me", "/static/bansha/site.css"):
        for _ in range(3):  # built once, then the same header
            ours, theirs = _through(SteadyPolicy, path), _through(CSPMiddleware, path)
            assert [ours.get(h) for h in HEADERS] == [theirs.get(h) for h in HEADERS]
            assert "default-src 'none'" in ours["Content-Security-Policy"]


def test_a_response_that_changes_its_policy_gets_the_librarys_own() -> None:
    update = {"img-src": ["data:"]}
    ours = _through(SteadyPolicy, "/", _csp_update=update)
    theirs = _through(CSPMiddleware, "/", _csp_update=update)
    assert ours["Content-Security-Policy"] == theirs["Content-Security-Policy"]
    assert "data:" in ours["Content-Security-Policy"]
    exempt = _through(SteadyPolicy, "/", _csp_exempt=True)
    assert "Content-Security-Policy" not in exempt
