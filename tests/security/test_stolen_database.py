"""A copy of the database opens nothing: no session (with or without the installation's key: the
session table keeps digests of the cookies' keys, not the keys), no private link (without the key
every stored link is sealed; the console cannot be reached through a copied session either); and
the files under the installation's home are readable by their owner only (0600, the folder 0700),
checked at start with a Chinese warning when looser."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client, override_settings

from bansha.service import links
from bansha.service.games import SERVICE
from bansha.store.models import GameRecord
from bansha.store.sessions import is_stored_key, stored_key
from bansha.web.sessions import SessionStore
from tests.web.directors import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)


def _everything_stored() -> str:
    """Every row of every table, as text: what a copy of the database holds."""
    out = []
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names():
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")
            out += [repr(row) for row in cursor.fetchall()]
    return "\n".join(out)


def _a_director_and_a_player() -> tuple[Client, Client, str, dict[int, str]]:
    """A director logged in through the login form (his game made), a player who opened a link."""
    user = get_user_model().objects.create_user("d", password=PASSWORD)
    director = Client()
    login = {"username": "d", "password": PASSWORD}
    assert director.post("/accounts/login/", login).status_code == 302
    created = SERVICE.create("m103", [f"座{i}" for i in range(14)], owner=user)
    gid = created.record.id
    player = Client()
    assert player.get(f"/g/{gid}/join/{created.tokens[3]}").status_code == 302
    assert director.get(f"/g/{gid}/director").status_code == 200
    assert player.get(f"/g/{gid}/me").status_code == 200
    return director, player, gid, created.tokens


def test_a_copied_session_table_opens_no_session() -> None:
    director, player, gid, _ = _a_director_and_a_player()
    cookies = {director.cookies["sessionid"].value, player.cookies["sessionid"].value}
    rows = list(Session.objects.values_list("session_key", flat=True))
    assert len(rows) >= 2 and all(is_stored_key(k) for k in rows)
    assert not cookies & set(rows)  # no key a cookie carries is stored
    assert {stored_key(c) for c in cookies} <= set(rows)
    stored = _everything_stored()
    assert not [c for c in cookies if c in stored]
    for key in rows:  # each stored row's key put into a cookie, as the audit did
        thief = Client()
        thief.cookies["sessionid"] = key
        assert thief.get("/new").status_code == 302  # to the login page
        assert thief.get(f"/g/{gid}/director").status_code == 302  # to the login page
        assert thief.get(f"/g/{gid}/me").status_code == 404
    # the real cookies still work: the digest is only what the table keeps
    assert director.get(f"/g/{gid}/director").status_code == 200
    assert player.get(f"/g/{gid}/me").status_code == 200


def test_logging_out_and_cycling_keys_delete_the_digested_rows() -> None:
    director, player, gid, tokens = _a_director_and_a_player()
    before = Session.objects.count()
    old = player.cookies["sessionid"].value
    # another seat's link, its switch confirmed (the page asks first): a new session key
    assert player.post(f"/g/{gid}/join/{tokens[4]}").status_code == 302
    assert player.cookies["sessionid"].value != old
    assert not Session.objects.filter(session_key=stored_key(old)).exists()
    assert Session.objects.count() == before
    director.post("/accounts/logout/")
    assert Session.objects.count() == before - 1


def test_a_copied_database_without_the_key_reads_no_link() -> None:
    _, _, gid, tokens = _a_director_and_a_player()
    stored = _everything_stored()
    assert not [t for t in tokens.values() if t in stored]  # sealed, and hashed
    with override_settings(SECRET_KEY="another installation's key " * 3, SECRET_KEY_FALLBACKS=[]):
        assert [t for _, _, t in SERVICE.seat_links(gid)] == [None] * len(tokens)
        # another installation's console (its own director, the copied game given to him)
        other = get_user_model().objects.create_user("thief", password=PASSWORD)
        GameRecord.objects.filter(id=gid).update(owner=other)
        thief = Client()
        thief.force_login(other)
        page = thief.get(f"/g/{gid}/director").content.decode()
        assert not [t for t in tokens.values() if t in page]
    assert all(links.unseal(s) for s in _sealed(gid))  # with the key: the console shows them


def _sealed(gid: str) -> list[str]:
    from bansha.store.models import SeatRecord

    return list(
        SeatRecord.objects.filter(game_id=gid, revoked=False).values_list("token_sealed", flat=True)
    )


def test_sessions_stored_before_are_moved_under_their_digest() -> None:
    """The migration: a row kept under its raw key (as stored before) moves under the digest,
    and its cookie still opens it."""
    from importlib import import_module

    from django.apps import apps

    director, _, gid, _ = _a_director_and_a_player()
    cookie = director.cookies["sessionid"].value
    Session.objects.filter(session_key=stored_key(cookie)).update(session_key=cookie)
    assert not SessionStore(cookie).exists(cookie)  # not found under its digest
    migration = import_module("bansha.store.migrations.0011_session_digests")
    migration.digest_keys(apps, None)
    assert not Session.objects.filter(session_key=cookie).exists()
    assert director.get(f"/g/{gid}/director").status_code == 200


def _modes(home: Path) -> dict[str, int]:
    return {
        str(p.relative_to(home)) or ".": stat.S_IMODE(p.lstat().st_mode)
        for p in [home, *home.rglob("*")]
    }


PROBE = textwrap.dedent(
    """
    import json, os, stat, sys
    from pathlib import Path
    from bansha.web.server import setup
    setup()
    from django.db import connection
    from bansha.service.games import SERVICE
    SERVICE.create("m103", [f"座{i}" for i in range(14)])
    home = Path(os.environ["BANSHA_HOME"])
    # the server's connection is open: the WAL and SHM files exist now
    print(json.dumps({p.name: stat.S_IMODE(p.stat().st_mode) for p in home.iterdir()}))
    """
)


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BANSHA_", "DJANGO_"))}
    env["BANSHA_HOME"] = str(home)
    return env


def test_the_installations_files_are_its_owners_only(tmp_path: Path) -> None:
    import json

    home = tmp_path / "home"
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        env=_env(home),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    modes = json.loads(done.stdout.strip().splitlines()[-1])
    assert {"bansha.db", "bansha.db-wal", "bansha.db-shm", "secret_key"} <= set(modes)
    assert all(m == 0o600 for m in modes.values()), modes
    assert stat.S_IMODE(home.stat().st_mode) == 0o700
    assert "警告" not in done.stderr  # nothing was looser


def _director(home: Path) -> subprocess.CompletedProcess[str]:
    """``bansha director d`` on the installation at ``home`` (the password on standard input)."""
    return subprocess.run(
        [sys.executable, "-m", "bansha.cli", "director", "d"],
        env=_env(home),
        input=PASSWORD + "\n",
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_looser_files_are_tightened_at_start_with_a_warning_in_chinese(tmp_path: Path) -> None:
    home = tmp_path / "home"
    first = _director(home)
    assert first.returncode == 0, first.stdout + first.stderr
    home.chmod(0o755)
    (home / "bansha.db").chmod(0o644)
    (home / "secret_key").chmod(0o640)
    (home / "notes").mkdir(mode=0o755)
    (home / "notes" / "backup.db").write_text("")
    (home / "notes" / "backup.db").chmod(0o666)
    again = _director(home)
    assert again.returncode == 0, again.stdout + again.stderr
    for name, mode in (
        ("home", "0755"),
        ("bansha.db", "0644"),
        ("secret_key", "0640"),
        ("notes", "0755"),
        ("backup.db", "0666"),
    ):
        line = next((x for x in again.stderr.splitlines() if f"{name} 的权限是 {mode}" in x), "")
        assert "警告" in line and "已改为" in line, (name, again.stderr)
    modes = _modes(home)
    assert all(m == (0o700 if (home / p).is_dir() else 0o600) for p, m in modes.items()), modes
    assert "Traceback" not in again.stderr
