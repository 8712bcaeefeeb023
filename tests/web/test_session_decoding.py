"""A session's stored data is decoded once per process and signing keys: the next read of the
same row's text reuses it (each read gets its own dictionary), a changed row is decoded again,
and under other keys nothing decoded before is reused (a session whose key was dropped opens
empty, as Django's store opens it)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import signing
from django.test import override_settings

from bansha.web.sessions import SessionStore

pytestmark = pytest.mark.django_db(transaction=True)


class Counted:
    """``signing.loads`` as it is, counting its calls."""

    def __init__(self) -> None:
        self.calls = 0
        self.inner = signing.loads

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        return self.inner(*args, **kwargs)


def _saved(data: dict[str, Any]) -> str:
    store = SessionStore()
    store.update(data)
    store.save()
    assert store.session_key is not None
    return store.session_key


def _read(key: str) -> dict[str, Any]:
    store = SessionStore(key)
    return dict(store.items())


def test_the_same_row_is_decoded_once_and_each_read_gets_its_own_copy(monkeypatch: Any) -> None:
    counted = Counted()
    monkeypatch.setattr(signing, "loads", counted)
    key = _saved({"seat:abc": 3, "seatkey:abc": "k" * 64, "seatdev:abc": "d1"})
    first = SessionStore(key)
    assert first["seat:abc"] == 3
    first["seat:abc"] = 9  # changed in this request's copy only, not saved
    assert _read(key)["seat:abc"] == 3
    assert _read(key) == {"seat:abc": 3, "seatkey:abc": "k" * 64, "seatdev:abc": "d1"}
    assert counted.calls == 1


def test_a_changed_row_is_decoded_again(monkeypatch: Any) -> None:
    counted = Counted()
    monkeypatch.setattr(signing, "loads", counted)
    key = _saved({"seat:abc": 3})
    assert _read(key) == {"seat:abc": 3}
    store = SessionStore(key)
    store["seat:abc"] = 4
    store.save()
    assert _read(key) == {"seat:abc": 4}
    assert counted.calls == 2


def test_a_session_whose_signing_key_was_dropped_opens_empty() -> None:
    with override_settings(SECRET_KEY="the key it was signed with " * 3):
        key = _saved({"seat:abc": 3})
        assert _read(key) == {"seat:abc": 3}
    with override_settings(SECRET_KEY="a new key, the old one dropped " * 3):
        assert _read(key) == {}


def test_values_that_are_not_plain_are_decoded_every_time(monkeypatch: Any) -> None:
    counted = Counted()
    monkeypatch.setattr(signing, "loads", counted)
    key = _saved({"typed:abc": {"skill": "kill", "targets": [1, 2]}})
    _read(key)["typed:abc"]["targets"].append(3)
    assert _read(key)["typed:abc"]["targets"] == [1, 2]
    assert counted.calls == 2


def test_a_stored_session_is_saved_by_one_update_of_its_row() -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    key = _saved({"seat:abc": 3})
    store = SessionStore(key)
    store["typed:abc"] = {"form": "act", "pick": "2"}
    with CaptureQueriesContext(connection) as sent:
        store.save()
    assert [q["sql"].split()[0] for q in sent] == ["UPDATE"]
    assert _read(key) == {"seat:abc": 3, "typed:abc": {"form": "act", "pick": "2"}}


def test_saving_a_session_whose_row_is_gone_raises_as_django_does() -> None:
    from django.contrib.sessions.backends.base import UpdateError

    key = _saved({"seat:abc": 3})
    store = SessionStore(key)
    store["seat:abc"] = 4
    SessionStore(key).delete()  # logged out elsewhere meanwhile
    with pytest.raises(UpdateError):
        store.save()
    assert _read(key) == {}
