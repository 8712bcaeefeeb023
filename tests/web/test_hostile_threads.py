"""The hostile-thread corpus uploaded on the director's console, and hostile thread addresses and
cookies typed into it: each is answered in Chinese on the page (never a server error), and a
refusal stores nothing (no event, no post snapshot)."""

from __future__ import annotations

import html

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from bansha.store.models import EventRecord, PostSnapshot
from tests.hostile.corpus import (
    BASE64_SERVER,
    HOSTILE_FETCHES,
    THREADS,
    HostileThread,
    base64_server,
)
from tests.web.test_thread_import import _game_at_the_day_vote

pytestmark = pytest.mark.django_db(transaction=True)


def _stored() -> tuple[int, int]:
    return EventRecord.objects.count(), PostSnapshot.objects.count()


def _import(director: Client, gid: str, data: dict[str, object]) -> tuple[str, str]:
    """(the page as a browser shows its text, its markup)."""
    r = director.post(f"/g/{gid}/director/thread", data, follow=True)
    assert r.status_code == 200
    markup = r.content.decode()
    page = html.unescape(markup)
    assert "Traceback" not in page and "服务器出错了" not in page
    return page, markup


@pytest.mark.parametrize("case", THREADS, ids=lambda t: t.path.stem)
def test_hostile_thread_upload_is_answered_in_chinese(case: HostileThread) -> None:
    gid, director = _game_at_the_day_vote()
    director.raise_request_exception = False
    before = _stored()
    upload = SimpleUploadedFile(case.path.name, case.path.read_bytes())
    page, markup = _import(director, gid, {"pages": [upload], "count_votes": "on"})
    if case.refuse is not None:
        assert case.refuse in page
        assert _stored() == before
        return
    assert f"共读到 {case.floors} 楼" in page
    assert "<script>alert" not in markup


@pytest.mark.parametrize(
    ("url", "cookie", "words"),
    [case[1:] for case in HOSTILE_FETCHES],
    ids=[case[0] for case in HOSTILE_FETCHES],
)
def test_hostile_addresses_are_refused_in_chinese(
    monkeypatch: pytest.MonkeyPatch, url: str, cookie: str, words: str
) -> None:
    monkeypatch.setenv("BANSHA_FETCH_LOOPBACK", "1")  # the base64 server is on 127.0.0.1
    gid, director = _game_at_the_day_vote()
    director.raise_request_exception = False
    before = _stored()
    with base64_server() as served:
        address = served if url == BASE64_SERVER else url
        page, _ = _import(director, gid, {"url": address, "cookie": cookie})
    assert words in page
    assert _stored() == before
