"""Rotating the key re-seals every stored link (MultiFernet.rotate); dropping the previous key
leaves nothing stored readable with it; re-issuing every link (a key or a database copy leaked)
makes every old link answer 「链接已失效」, from the command line and from the console."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from cryptography.fernet import InvalidToken
from django.contrib.auth import get_user_model
from django.test import Client, override_settings

from bansha import texts
from bansha.service import links
from bansha.service.games import SERVICE, token_hash
from bansha.store.models import SeatRecord
from tests.web.directors import director_client

pytestmark = pytest.mark.django_db(transaction=True)

OLD, NEW, OLDER = ("old key " * 8, "new key " * 8, "a key dropped long ago " * 3)


def _opens(key: str, sealed: str) -> bool:
    try:
        links._fernet(key).decrypt(sealed.encode())
    except InvalidToken:
        return False
    return True


def _stored() -> list[tuple[str, bool]]:
    return list(SeatRecord.objects.values_list("token_sealed", "revoked"))


def test_reseal_moves_every_token_under_the_current_key() -> None:
    with override_settings(SECRET_KEY=OLDER, SECRET_KEY_FALLBACKS=[]):
        lost = SERVICE.create("m103", [f"甲{i}" for i in range(14)])  # sealed under a key gone
    with override_settings(SECRET_KEY=OLD, SECRET_KEY_FALLBACKS=[]):
        created = SERVICE.create("m103", [f"座{i}" for i in range(14)])
        SERVICE.reissue(created.record.id, 2)  # its first link revoked
    with override_settings(SECRET_KEY=NEW, SECRET_KEY_FALLBACKS=[OLD]):
        done = links.reseal_all()
        assert done == links.Resealed(resealed=14, removed=14), done  # 14 live, 14 unreadable
        sealed = [s for s, revoked in _stored() if s]
        assert sealed and all(_opens(NEW, s) and not _opens(OLD, s) for s in sealed)
        assert all(not s for s, revoked in _stored() if revoked)  # a revoked link: nothing kept
    with override_settings(SECRET_KEY=NEW, SECRET_KEY_FALLBACKS=[]):  # the old key dropped
        shown = dict((seat, t) for seat, _, t in SERVICE.seat_links(created.record.id))
        assert all(shown[s] for s in shown if s != 2) and shown[2]
        assert shown[0] == created.tokens[0]
        assert [t for _, _, t in SERVICE.seat_links(lost.record.id)] == [None] * 14


def test_the_console_reissues_every_link_and_old_links_answer_that_they_expired() -> None:
    director = director_client()
    owner = get_user_model().objects.get(username="dir")
    created = SERVICE.create("m103", [f"座{i}" for i in range(14)], owner=owner)
    gid = created.record.id
    holder = Client()
    assert holder.get(f"/g/{gid}/join/{created.tokens[5]}").status_code == 302
    assert holder.get(f"/g/{gid}/me").status_code == 200
    page = director.post(f"/g/{gid}/director/reissue-all", follow=True).content.decode()
    assert "已重新生成全部 14 个私密链接" in page
    for old in created.tokens.values():
        refused = Client().get(f"/g/{gid}/join/{old}")
        assert refused.status_code == 404 and texts.BAD_LINK_TITLE in refused.content.decode()
        assert old not in page
    assert holder.get(f"/g/{gid}/me").status_code == 404  # the page opened with it closes too
    new = {seat: t for seat, _, t in SERVICE.seat_links(gid)}
    assert set(new) == set(created.tokens) and not set(new.values()) & set(created.tokens.values())
    assert all(f"/g/{gid}/join/{t}" in page for t in new.values())
    assert Client().get(f"/g/{gid}/join/{new[5]}").status_code == 302


MAKE_GAMES = textwrap.dedent(
    """
    import json
    from bansha.web.server import setup
    setup()
    from bansha.service.games import SERVICE
    running = SERVICE.create("m103", [f"座{i}" for i in range(14)])
    over = SERVICE.create("m186", [f"甲{i}" for i in range(14)])
    from bansha.store.models import GameRecord
    GameRecord.objects.filter(id=over.record.id).update(ended=True)
    print(json.dumps({"running": running.tokens, "over": over.tokens}))
    """
)


def _run(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BANSHA_", "DJANGO_"))}
    env["BANSHA_HOME"] = str(home)
    env["COLUMNS"] = "400"  # the messages on one line each
    done = subprocess.run(
        [sys.executable, *args], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    return done


def _rows(home: Path) -> list[tuple[str, str, int]]:
    with sqlite3.connect(home / "bansha.db") as db:
        return db.execute(
            "SELECT token_hash, token_sealed, revoked FROM store_seatrecord"
        ).fetchall()


def test_rotate_key_then_drop_previous_then_reissue_links(tmp_path: Path) -> None:
    home = tmp_path / "home"
    made = json.loads(_run(home, "-c", MAKE_GAMES).stdout.strip().splitlines()[-1])
    first = (home / "secret_key").read_text().strip()
    assert all(_opens(first, s) for _, s, _ in _rows(home))

    rotated = _run(home, "-m", "bansha.cli", "rotate-key")
    second = (home / "secret_key").read_text().strip()
    assert second != first and (home / "secret_key.previous").read_text().strip() == first
    assert "已用当前密钥重新加密 28 个私密链接" in rotated.stdout
    assert all(_opens(second, s) and not _opens(first, s) for _, s, _ in _rows(home))

    dropped = _run(home, "-m", "bansha.cli", "rotate-key", "--drop-previous")
    assert not (home / "secret_key.previous").exists() and "已删除" in dropped.stdout
    assert (home / "secret_key").read_text().strip() == second
    rows = _rows(home)
    assert rows and not [s for _, s, _ in rows if _opens(first, s)]  # nothing opens with it

    reissued = _run(home, "-m", "bansha.cli", "rotate-key", "--reissue-links")
    assert "已为 1 局未结束的游戏重新生成 14 个私密链接" in reissued.stdout
    third = (home / "secret_key").read_text().strip()
    live = {h: revoked for h, _, revoked in _rows(home)}
    assert all(live[token_hash(t)] for t in made["running"].values())  # every old link refused
    assert not any(live[token_hash(t)] for t in made["over"].values())  # a finished game's stay
    assert sum(1 for r in live.values() if not r) == 28
    assert all(_opens(third, s) for _, s, revoked in _rows(home) if not revoked)
    assert all(not s for _, s, revoked in _rows(home) if revoked)


def test_rotate_key_with_the_key_in_the_environment_reseals_under_it(tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BANSHA_", "DJANGO_"))}
    env["BANSHA_HOME"] = str(home)
    env["COLUMNS"] = "400"  # the messages on one line each

    def run(*args: str, **extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, *args],
            env={**env, **extra},
            capture_output=True,
            text=True,
            timeout=300,
        )

    made = run("-c", MAKE_GAMES, BANSHA_SECRET_KEY=OLD)
    assert made.returncode == 0, made.stderr
    done = run(
        "-m", "bansha.cli", "rotate-key", BANSHA_SECRET_KEY=NEW, BANSHA_SECRET_KEY_FALLBACKS=OLD
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "BANSHA_SECRET_KEY_FALLBACKS" in done.stdout and "重新加密 28 个" in done.stdout
    assert not (home / "secret_key").exists()
    assert all(_opens(NEW, s) and not _opens(OLD, s) for _, s, _ in _rows(home))
