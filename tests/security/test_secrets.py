"""Secrets: every installation signs with its own key; nothing a browser holds can carry trusted
markup or a forged login, not even when signed with the key once published with the code."""

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.contrib.messages import constants
from django.contrib.messages.storage.base import Message
from django.contrib.messages.storage.cookie import CookieStorage
from django.contrib.sessions.backends.signed_cookies import SessionStore as CookieSession
from django.test import Client, RequestFactory, override_settings
from django.utils.safestring import mark_safe

from bansha.web.keys import BURNT, BurntKey, is_burnt, rotate, secret_keys

PUBLISHED_KEY = "f2G4a7nr29PGa_e1Xd6EgWGIU8LiVvH6KqZ4l-yyoPlVjr4V-PK6PE_zJZyZaK7JHMo"
"""The key that the repository once carried: public, so burnt."""

ROOT = Path(__file__).parents[2]
MARKUP = '<b id="forged">伪造</b><script>alert(1)</script>'


def test_the_published_key_is_listed_as_burnt_and_no_key_is_tracked() -> None:
    assert is_burnt(PUBLISHED_KEY) and len(BURNT) >= 1
    if shutil.which("git") and (ROOT / ".git").exists():
        tracked = subprocess.run(
            ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.split()
        assert not [f for f in tracked if "secret_key" in Path(f).name]


def test_each_installation_makes_its_own_key_readable_by_its_owner_only(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir(), b.mkdir()
    key_a, fallbacks = secret_keys(a, {})
    key_b, _ = secret_keys(b, {})
    assert key_a != key_b and len(key_a) >= 50 and fallbacks == []
    assert stat.S_IMODE((a / "secret_key").stat().st_mode) == 0o600
    assert secret_keys(a, {})[0] == key_a  # the same key on the next start


def test_a_published_key_is_refused(tmp_path: Path) -> None:
    (tmp_path / "secret_key").write_text(PUBLISHED_KEY + "\n")
    with pytest.raises(BurntKey, match="已经公开"):
        secret_keys(tmp_path, {})
    with pytest.raises(BurntKey, match="BANSHA_SECRET_KEY"):
        secret_keys(tmp_path / "unused", {"BANSHA_SECRET_KEY": PUBLISHED_KEY})


@pytest.mark.parametrize("how", ["file", "environment"])
def test_bansha_refuses_to_start_with_the_published_key(tmp_path: Path, how: str) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BANSHA_", "DJANGO_"))}
    env["BANSHA_HOME"] = str(tmp_path)
    if how == "file":
        (tmp_path / "secret_key").write_text(PUBLISHED_KEY)
    else:
        env["BANSHA_SECRET_KEY"] = PUBLISHED_KEY
    done = subprocess.run(
        [sys.executable, "-m", "bansha.cli", "director", "d"],
        env=env,
        input="a-long-password-1\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0
    assert "不能再用" in done.stderr and "BANSHA_SECRET_KEY" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert not (tmp_path / "bansha.db").exists()  # it stopped before touching anything


def test_rotation_keeps_the_previous_key_accepted_until_dropped(tmp_path: Path) -> None:
    first, _ = secret_keys(tmp_path, {})
    rotate(tmp_path)
    second, fallbacks = secret_keys(tmp_path, {})
    assert second != first and fallbacks == [first]
    assert stat.S_IMODE((tmp_path / "secret_key.previous").stat().st_mode) == 0o600
    rotate(tmp_path, drop_previous=True)
    assert secret_keys(tmp_path, {}) == (second, [])


def _forged_messages() -> str:
    """A messages cookie signed with the published key, its message marked as safe markup."""
    with override_settings(SECRET_KEY=PUBLISHED_KEY):
        return CookieStorage(RequestFactory().get("/"))._encode(
            [Message(constants.ERROR, mark_safe(MARKUP), extra_tags=mark_safe('"><b>'))]
        )


@pytest.mark.django_db(transaction=True)
def test_a_messages_cookie_forged_with_the_published_key_is_rejected() -> None:
    browser = Client()
    browser.cookies["messages"] = _forged_messages()
    page = browser.get("/").content.decode()
    assert "伪造" not in page and 'id="forged"' not in page


@pytest.mark.django_db(transaction=True)
@override_settings(SECRET_KEY=PUBLISHED_KEY)
def test_even_a_validly_signed_messages_cookie_carries_no_markup() -> None:
    """A server that signed with the published key accepts the cookie's message, but only as
    text: nothing read from a cookie is ever trusted as markup."""
    browser = Client()
    browser.cookies["messages"] = _forged_messages()
    page = browser.get("/").content.decode()
    assert "伪造" in page  # shown, escaped
    assert 'id="forged"' not in page and "<script>alert" not in page and '"><b>' not in page


@pytest.mark.django_db(transaction=True)
@override_settings(SECRET_KEY=PUBLISHED_KEY)
def test_a_session_cookie_forged_with_the_published_key_logs_nobody_in() -> None:
    director = get_user_model().objects.create_user("d", password="a-long-password-1")
    session = CookieSession()
    session["_auth_user_id"] = str(director.pk)
    session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
    session["_auth_user_hash"] = director.get_session_auth_hash()
    session.save()
    browser = Client()
    browser.cookies["sessionid"] = session.session_key
    assert browser.get("/new").status_code == 302  # to the login page


@pytest.mark.django_db(transaction=True)
def test_logging_out_ends_the_session_everywhere() -> None:
    """A copy of the session cookie (another tab, a stolen cookie) stops working at logout."""
    get_user_model().objects.create_user("d", password="a-long-password-1")
    browser = Client()
    login = {"username": "d", "password": "a-long-password-1"}
    assert browser.post("/accounts/login/", login).status_code == 302
    copy = Client()
    copy.cookies["sessionid"] = browser.cookies["sessionid"].value
    assert copy.get("/new").status_code == 200
    browser.post("/accounts/logout/")
    assert copy.get("/new").status_code == 302
