"""Director accounts and the headers of private pages: a login rate limit, Django's password
validators in `bansha director` (Chinese messages), no private page in a cache, HTTPS settings,
and live sockets only from this very site (host and port)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from bansha import texts
from bansha.service.games import SERVICE
from bansha.web.origin import same_origin
from tests.web.sockets import on_the_layer

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
PASSWORD = "a-long-password-1"


def _login(browser: Client, password: str) -> int:
    return browser.post(
        "/accounts/login/", {"username": "d", "password": password}, REMOTE_ADDR="10.0.0.7"
    ).status_code


def test_wrong_passwords_lock_the_address_out_for_a_while() -> None:
    get_user_model().objects.create_user("d", password=PASSWORD)
    guesser = Client()
    codes = [_login(guesser, f"guess-{i}") for i in range(7)]
    assert codes[:4] == [200] * 4  # the form again, with its error
    assert codes[-1] == 429
    page = guesser.post(
        "/accounts/login/", {"username": "d", "password": PASSWORD}, REMOTE_ADDR="10.0.0.7"
    )
    assert page.status_code == 429  # even the right password waits out the cool-off
    assert texts.LOGIN_LOCKED.format(minutes=15) in page.content.decode()
    assert _login(Client(), PASSWORD) == 429  # the same address
    other = Client().post(
        "/accounts/login/", {"username": "d", "password": PASSWORD}, REMOTE_ADDR="10.0.0.8"
    )
    assert other.status_code == 302  # another address logs in


def test_a_browser_that_asks_for_english_still_reads_chinese() -> None:
    """Every word a user reads is Chinese: Django's own messages (a wrong password) too, whatever
    language the browser asks for."""
    get_user_model().objects.create_user("d", password=PASSWORD)
    browser = Client(HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    page = browser.post(
        "/accounts/login/", {"username": "d", "password": "wrong"}, REMOTE_ADDR="10.0.0.9"
    ).content.decode()
    assert "请输入一个正确的用户名和密码" in page and "Please enter" not in page


def _bansha(home: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BANSHA_", "DJANGO_"))}
    env["BANSHA_HOME"] = str(home)
    return subprocess.run(
        [sys.executable, "-m", "bansha.cli", *args],
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("password", "reason"),
    [
        ("x", "密码长度太短"),
        ("1234567890123", "不能全都是数字"),
        ("password123", "太常见"),
        ("director-one", "太相似"),
    ],
)
def test_bansha_director_refuses_weak_passwords_in_chinese(
    tmp_path: Path, password: str, reason: str
) -> None:
    done = _bansha(tmp_path, "director", "director", stdin=password + "\n")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "密码不符合要求" in done.stdout and reason in done.stdout
    assert "Traceback" not in done.stdout + done.stderr
    ok = _bansha(tmp_path, "director", "director", stdin=PASSWORD + "\n")
    assert ok.returncode == 0 and "导演账号已就绪" in ok.stdout


def test_bansha_director_never_takes_the_password_from_the_command_line(tmp_path: Path) -> None:
    """On the command line a password shows in ``ps`` and stays in the shell's history: refused
    (nothing made), with how to give it instead."""
    done = _bansha(tmp_path, "director", "director", "--password", PASSWORD)
    assert done.returncode == 2 and "密码不能写在命令行上" in done.stdout
    assert "--password-file" in done.stdout and "Traceback" not in done.stdout + done.stderr
    assert not (tmp_path / "bansha.db").exists()


def test_bansha_director_reads_the_password_from_a_file_or_standard_input(tmp_path: Path) -> None:
    secret = tmp_path / "password"
    secret.write_text(PASSWORD + "\n")
    by_file = _bansha(tmp_path, "director", "one", "--password-file", str(secret))
    assert by_file.returncode == 0 and "导演账号已就绪：one" in by_file.stdout
    by_dash = _bansha(tmp_path, "director", "two", "--password-file", "-", stdin=PASSWORD)
    assert by_dash.returncode == 0 and "导演账号已就绪：two" in by_dash.stdout
    empty = _bansha(tmp_path, "director", "three")
    assert empty.returncode == 2 and "没有读到密码" in empty.stdout
    missing = _bansha(tmp_path, "director", "four", "--password-file", str(tmp_path / "none"))
    assert missing.returncode == 2 and "无法读取密码文件" in missing.stdout
    assert "Traceback" not in empty.stdout + empty.stderr + missing.stdout + missing.stderr
    # the accounts work with the password read
    import sqlite3

    import django.contrib.auth.hashers as hashers

    rows = sqlite3.connect(tmp_path / "bansha.db").execute(
        "SELECT username, password FROM auth_user ORDER BY username"
    )
    stored = dict(rows.fetchall())
    assert set(stored) == {"one", "two"}
    assert all(hashers.check_password(PASSWORD, h) for h in stored.values())


def _private(response: object) -> bool:
    value = response["Cache-Control"] if response.has_header("Cache-Control") else ""  # type: ignore[attr-defined]
    return "private" in value and "no-store" in value


def test_private_pages_are_never_cached() -> None:
    director = get_user_model().objects.create_user("d", password=PASSWORD)
    d = Client()
    d.force_login(director)
    created = SERVICE.create("m103", NAMES, seed=1, owner=director)
    gid = created.record.id
    player = Client()
    joined = player.get(f"/g/{gid}/join/{created.tokens[0]}")
    assert _private(joined)
    for r in (
        player.get(f"/g/{gid}/me"),
        player.get(f"/g/{gid}/thread"),
        d.get(f"/g/{gid}/director"),
        d.get("/new"),
        d.post(
            "/new", {"ruleset": "m103", "players": "\n".join(NAMES), "options": ""}, follow=True
        ),
    ):
        assert r.status_code == 200 and _private(r), r
    assert not _private(Client().get(f"/g/{gid}/"))  # the public page, for the public


def test_https_sets_secure_cookies_and_hsts(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BANSHA_", "DJANGO_"))}
    env.update(
        BANSHA_HOME=str(tmp_path), BANSHA_HTTPS="1", DJANGO_SETTINGS_MODULE="bansha.web.settings"
    )
    probe = (
        "from django.conf import settings as s; "
        "print(s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_HSTS_SECONDS > 0, "
        "s.SECURE_PROXY_SSL_HEADER)"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "True True True ('HTTP_X_FORWARDED_PROTO', 'https')"
    from django.conf import settings

    assert not settings.SESSION_COOKIE_SECURE  # plain http on 127.0.0.1 by default


@pytest.mark.parametrize(
    ("origin", "host", "ok"),
    [
        ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
        ("http://localhost", "localhost", True),
        ("https://localhost", "localhost:443", True),
        ("http://127.0.0.1:9000", "127.0.0.1:8000", False),  # another server on this machine
        ("http://127.0.0.1", "127.0.0.1:8000", False),
        ("http://evil.example", "127.0.0.1:8000", False),
        ("http://evil.example:8000", "evil.example:8000", False),  # not a host the site serves
        ("", "127.0.0.1:8000", False),
        ("null", "127.0.0.1:8000", False),
    ],
)
def test_a_socket_is_accepted_only_from_this_sites_own_pages(
    origin: str, host: str, ok: bool
) -> None:
    assert same_origin(origin, host) is ok


@pytest.mark.django_db(transaction=True, databases="__all__")
def test_a_socket_from_another_port_is_denied() -> None:

    from asgiref.testing import ApplicationCommunicator

    from bansha.web.asgi import application

    gid = SERVICE.create("m103", NAMES, seed=1).record.id

    async def connect(origin: bytes) -> str:
        ws = ApplicationCommunicator(
            application,
            {
                "type": "websocket",
                "path": f"/ws/g/{gid}/public",
                "headers": [(b"host", b"127.0.0.1:8000"), (b"origin", origin)],
                "query_string": b"",
                "subprotocols": [],
            },
        )
        await ws.send_input({"type": "websocket.connect"})
        answer = (await ws.receive_output(10))["type"]
        await ws.send_input({"type": "websocket.disconnect", "code": 1000})
        return answer

    assert on_the_layer(connect(b"http://127.0.0.1:8000")) == "websocket.accept"
    assert on_the_layer(connect(b"http://127.0.0.1:9000")) == "websocket.close"
