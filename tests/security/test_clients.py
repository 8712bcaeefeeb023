"""Who a request comes from: ``X-Forwarded-For`` is read only from a ``--trusted-proxy``; logins are
locked by account and address and by account alone, so neither a rotating header nor a shared
address defeats the lockout or locks every director out; players' submissions are limited per
seat, so players behind one address do not share one limit (bansha.web.clients)."""

from __future__ import annotations

import http.cookiejar
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from bansha.service.games import SERVICE
from tests.web.directors import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)


def _login(username: str, password: str, address: str) -> int:
    return (
        Client()
        .post(
            "/accounts/login/",
            {"username": username, "password": password},
            REMOTE_ADDR=address,
        )
        .status_code
    )


def test_one_account_guessed_from_many_addresses_is_locked_everywhere() -> None:
    users = get_user_model().objects
    users.create_user("victim", password=PASSWORD)
    users.create_user("other", password=PASSWORD)
    codes = [_login("victim", f"guess-{i}", f"10.1.0.{i}") for i in range(20)]
    assert 429 not in codes[:19]  # no address reached its own limit
    assert _login("victim", PASSWORD, "10.9.9.9") == 429  # the account waits
    assert _login("other", PASSWORD, "10.1.0.3") == 302  # nobody else does


def test_a_shared_address_locks_out_only_the_account_guessed() -> None:
    users = get_user_model().objects
    users.create_user("victim", password=PASSWORD)
    users.create_user("other", password=PASSWORD)
    for i in range(6):
        _login("victim", f"guess-{i}", "127.0.0.1")
    assert _login("victim", PASSWORD, "127.0.0.1") == 429
    assert _login("other", PASSWORD, "127.0.0.1") == 302  # the other directors log in
    assert _login("victim", PASSWORD, "10.0.0.2") == 302  # and the victim from elsewhere


def test_players_behind_one_address_each_have_their_own_limit(one_rate_window: None) -> None:
    created = SERVICE.create("m103", [f"座{i}" for i in range(14)])
    gid = created.record.id
    players = []
    for seat in (0, 1):
        c = Client(REMOTE_ADDR="127.0.0.1")
        assert c.get(f"/g/{gid}/join/{created.tokens[seat]}").status_code == 302
        players.append(c)
    busy, quiet = players
    codes = [busy.post(f"/g/{gid}/act", {"skill": "none"}).status_code for _ in range(121)]
    assert codes[:120] == [302] * 120 and codes[120] == 429  # the seat's own limit
    assert quiet.post(f"/g/{gid}/act", {"skill": "none"}).status_code == 302
    assert quiet.post(f"/g/{gid}/say", {"group": "x", "text": "嗨"}).status_code == 302


# ------------------------------------------------------------------ through a real server


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class _Stay(urllib.request.HTTPRedirectHandler):
    """Redirects are answers here (a login that worked), not followed."""

    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


class Server:
    """``bansha serve`` on a free port with two director accounts, ``victim`` and ``other``."""

    def __init__(self, *options: str) -> None:
        self.home = tempfile.mkdtemp(prefix="bansha-clients-")
        self.env = {k: v for k, v in os.environ.items() if not k.startswith(("BANSHA_", "DJANGO_"))}
        self.env["BANSHA_HOME"] = self.home
        for name in ("victim", "other"):
            subprocess.run(
                [sys.executable, "-m", "bansha.cli", "director", name],
                env=self.env,
                input=PASSWORD + "\n",
                capture_output=True,
                text=True,
                check=True,
                timeout=300,
            )
        self.port = _free_port()
        self.log = (Path(self.home) / "server.log").open("wb")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bansha.cli",
                "serve",
                "--port",
                str(self.port),
                "--no-clock",
                *options,
            ],
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self.url = f"http://127.0.0.1:{self.port}"
        for _ in range(600):
            try:
                urllib.request.urlopen(self.url + "/accounts/login/", timeout=1)
                return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError((Path(self.home) / "server.log").read_text())

    def login(self, username: str, password: str, forwarded_for: str) -> int:
        """A login through the form, the request carrying ``X-Forwarded-For``."""
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), _Stay())
        headers = {"X-Forwarded-For": forwarded_for}
        form = opener.open(urllib.request.Request(self.url + "/accounts/login/", headers=headers))
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.read().decode())
        assert token is not None
        body = urllib.parse.urlencode(
            {"username": username, "password": password, "csrfmiddlewaretoken": token.group(1)}
        ).encode()
        request = urllib.request.Request(
            self.url + "/accounts/login/",
            data=body,
            headers={**headers, "Referer": self.url + "/accounts/login/"},
        )
        try:
            return int(opener.open(request).status)
        except urllib.error.HTTPError as e:
            return e.code

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


@pytest.fixture
def untrusted() -> Iterator[Server]:
    server = Server()
    yield server
    server.stop()


@pytest.fixture
def behind_a_proxy() -> Iterator[Server]:
    server = Server("--trusted-proxy", "127.0.0.1")
    yield server
    server.stop()


def test_a_rotating_forwarded_header_from_an_untrusted_address_changes_nothing(
    untrusted: Server,
) -> None:
    codes = [untrusted.login("victim", f"guess-{i}", f"203.0.113.{i}") for i in range(6)]
    assert codes[:4] == [200] * 4 and codes[-1] == 429  # all from 127.0.0.1, whatever it says
    assert untrusted.login("victim", PASSWORD, "198.51.100.1") == 429
    assert untrusted.login("other", PASSWORD, "203.0.113.1") == 302  # not everyone locked out


def test_behind_a_trusted_proxy_each_client_counts_and_the_account_still_locks(
    behind_a_proxy: Server,
) -> None:
    codes = [behind_a_proxy.login("victim", f"guess-{i}", f"203.0.113.{i}") for i in range(20)]
    assert 429 not in codes[:19]  # each address its own count: the proxy is believed
    assert behind_a_proxy.login("victim", PASSWORD, "198.51.100.1") == 429  # the account's
    assert behind_a_proxy.login("other", PASSWORD, "203.0.113.3") == 302
    # one client guessing one account is stopped at its own count
    pair = [behind_a_proxy.login("other", f"guess-{i}", "192.0.2.7") for i in range(6)]
    assert pair[-1] == 429
    assert behind_a_proxy.login("other", PASSWORD, "192.0.2.8") == 302
