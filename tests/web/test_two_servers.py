"""More than one machine: two ``bansha serve`` processes on different ports against one PostgreSQL
database, and several deadline workers beside them (docs/deployment.md).

A command sent to one server reaches a page held open on the other (through the PostgreSQL channel
layer); three deadline workers racing over games whose stages are overdue close each stage once.
PostgreSQL only (SQLite's channel layer is in the process; run inside ``scripts/with-postgres``)."""

import http.cookiejar
import json
import os
import socket as sockets
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection, connections
from django.utils import timezone
from websockets.sync.client import connect

from bansha.engine import Close, clock
from bansha.engine.views import version
from bansha.service.games import SERVICE
from bansha.store.models import CommandRecord, EventRecord, GameRecord

pytestmark = [
    pytest.mark.django_db(transaction=True, databases="__all__"),
    pytest.mark.skipif(
        not os.environ.get("BANSHA_DATABASE_URL", "").startswith("postgres"),
        reason="several processes share one PostgreSQL database",
    ),
]
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with sockets.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _environment() -> dict[str, str]:
    """The test database's address and this process's installation folder (its secret key: the
    servers read the sessions this process's pages wrote)."""
    db = connections["default"].settings_dict
    url = f"postgresql://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    return {**os.environ, "BANSHA_DATABASE_URL": url, "BANSHA_RATELIMIT": "0"}


def _start(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "bansha.cli", *args],
        cwd=ROOT,
        env=_environment(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


@pytest.fixture
def servers() -> Iterator[list[int]]:
    """Two servers (no deadline worker of their own) on two free ports, once both answer."""
    ports = [_free_port(), _free_port()]
    procs = [_start("serve", "--port", str(p), "--no-clock") for p in ports]
    try:
        for port in ports:
            for _ in range(600):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)
                    break
                except OSError:
                    time.sleep(0.2)
            else:
                raise AssertionError(f"the server on port {port} did not start")
        yield ports
    finally:
        for p in procs:
            p.terminate()
            p.wait(30)


class Browser:
    """One player's browser: cookies (the session is in the shared database) and forms."""

    def __init__(self) -> None:
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, url: str) -> str:
        with self.opener.open(url, timeout=30) as r:
            return r.read().decode()

    def post(self, url: str, fields: dict[str, str]) -> None:
        token = next(c.value for c in self.jar if c.name == "csrftoken")
        data = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": token}).encode()
        origin = url.split("/g/")[0]
        request = urllib.request.Request(url, data=data, headers={"Referer": origin + "/"})
        self.opener.open(request, timeout=30).read()

    def cookie(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)


def test_a_command_on_one_server_is_pushed_to_a_page_held_by_the_other(
    servers: list[int],
) -> None:
    one, two = (f"http://127.0.0.1:{port}" for port in servers)
    created = SERVICE.create("m103", NAMES, seed=1)
    gid = created.record.id
    SERVICE.submit(gid, Close())  # night 1: the assassins' chat opens
    a, b = SERVICE.load(gid).state.groups["assassins"][:2]
    reader, writer = Browser(), Browser()
    reader.get(f"{one}/g/{gid}/join/{created.tokens[a]}")
    writer.get(f"{two}/g/{gid}/join/{created.tokens[b]}")
    assert 'data-group="assassins"' in writer.get(f"{two}/g/{gid}/me")
    address = f"ws://127.0.0.1:{servers[0]}/ws/g/{gid}/me"
    headers = {"Cookie": reader.cookie(), "Origin": one}
    with connect(address, additional_headers=headers, open_timeout=30) as ws:
        first = json.loads(ws.recv(timeout=30))
        writer.post(f"{two}/g/{gid}/say", {"group": "assassins", "text": "另一台机器上的话"})
        pushed = json.loads(ws.recv(timeout=30))
    SERVICE._cache.pop(gid, None)  # the servers appended: read the store again
    game = SERVICE.load(gid)
    assert game.events[-1].data["text"] == "另一台机器上的话"
    assert pushed == {"seq": version(game, a)} != first


def test_racing_deadline_workers_close_each_stage_once() -> None:
    """Three workers poll the same games, whose first stages are long overdue: every stage
    closes once, at its deadline, until the games have caught up with the clock."""
    zone = clock.game_zone("Asia/Shanghai")
    start = (timezone.now() - timedelta(hours=3)).astimezone(zone).strftime("%Y-%m-%dT%H:%M")
    games = [
        SERVICE.create("m103", NAMES, seed=seed, options={"start_at": start}).record.id
        for seed in range(3)
    ]
    workers = [_start("worker") for _ in range(3)]
    try:
        for _ in range(900):
            due = GameRecord.objects.filter(id__in=games, deadline__lte=timezone.now())
            if not due.exists():
                break
            time.sleep(0.2)
        else:
            raise AssertionError("the workers did not catch the games up")
    finally:
        for w in workers:
            w.terminate()
            w.wait(30)
    assert connection.vendor == "postgresql"
    for gid in games:
        kinds = list(
            EventRecord.objects.filter(game_id=gid).order_by("seq").values_list("kind", flat=True)
        )
        closes = CommandRecord.objects.filter(game_id=gid, actor="clock")
        assert closes.count() >= 3  # the start, and the night's windows, were overdue
        assert kinds.count("stage_closed") == closes.count()  # one close per command, no more
        between = "".join("o" if k == "stage_opened" else "c" for k in kinds if "stage_" in k)
        assert "cc" not in between  # never two closes of one stage
        keys = list(closes.values_list("key", flat=True))
        assert len(keys) == len(set(keys))
        SERVICE._cache.pop(gid, None)
        state = SERVICE.load(gid).state
        assert state.deadline is not None and state.deadline > timezone.now() - timedelta(seconds=5)
