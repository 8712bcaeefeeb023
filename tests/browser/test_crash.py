"""A server killed with SIGKILL while players submit loses no acknowledged action."""

from __future__ import annotations

import http.cookiejar
import os
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

from tests.browser.conftest import _free_port

NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


class Browserless:
    """A cookie-keeping HTTP client that posts Django forms with their CSRF token."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path, timeout=10) as r:
            return r.read().decode()

    def post(self, path: str, fields: dict[str, str]) -> int:
        token = next((c.value for c in self.jar if c.name == "csrftoken"), "")
        data = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": token}).encode()
        req = urllib.request.Request(
            self.base + path, data=data, headers={"Referer": self.base + "/"}
        )
        with self.opener.open(req, timeout=10) as r:
            return r.status


def _start(home: str, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "BANSHA_HOME": home}
    env.pop("BANSHA_DATABASE_URL", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "bansha.cli", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(600):  # a minute: a loaded machine takes a while to start and migrate
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1)
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("server did not start")


def test_sigkill_loses_no_acknowledged_action() -> None:
    home = tempfile.mkdtemp(prefix="bansha-crash-")
    env = {**os.environ, "BANSHA_HOME": home}
    subprocess.run(
        [
            sys.executable,
            "-m",
            "bansha.cli",
            "director",
            "director",
        ],
        env=env,
        input=b"a-long-password-1\n",
        check=True,
        capture_output=True,
    )
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    proc = _start(home, port)
    d = Browserless(base)
    d.get("/accounts/login/")
    d.post("/accounts/login/", {"username": "director", "password": "a-long-password-1"})
    d.get("/new")
    html_status = d.post("/new", {"ruleset": "m103", "players": "\n".join(NAMES), "options": ""})
    assert html_status == 200
    # the create response is the links page; fetch it again through the game list instead
    gid = re.search(r"/g/([0-9a-f]{16})/", d.get("/")).group(1)  # type: ignore[union-attr]
    d.post(f"/g/{gid}/director/command", {"command": "关闭阶段", "nonce": "close-red-thread"})
    # every player joins; the assassins then post into their group chat
    links = re.findall(rf"/g/{gid}/join/[A-Za-z0-9_\-]+", _links_page(home, gid))
    assert len(links) == 14
    clients = []
    for link in links:
        c = Browserless(base)
        c.get(link)
        if 'data-group="assassins"' in c.get(f"/g/{gid}/me"):
            clients.append(c)
    assert len(clients) >= 2
    acked: list[str] = []
    stop = threading.Event()

    def flood(client: Browserless, n: int) -> None:
        for i in range(10_000):
            if stop.is_set():
                return
            text = f"msg-{n}-{i}"
            try:
                if (
                    client.post(
                        f"/g/{gid}/say", {"group": "assassins", "text": text, "nonce": text}
                    )
                    == 200
                ):
                    acked.append(text)
            except OSError:
                return

    threads = [threading.Thread(target=flood, args=(c, n)) for n, c in enumerate(clients[:2])]
    for t in threads:
        t.start()
    time.sleep(2.0)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    stop.set()
    for t in threads:
        t.join()
    assert len(acked) > 5
    proc = _start(home, port)
    try:
        page = clients[0].get(f"/g/{gid}/me?chats=all")  # every line, not the latest 100
        missing = [text for text in acked if text not in page]
        assert missing == [], f"{len(missing)} acknowledged messages lost"
        with sqlite3.connect(Path(home) / "bansha.db") as db:
            seqs = [
                r[0]
                for r in db.execute(
                    "SELECT e.seq FROM store_eventrecord e JOIN store_gamerecord g ON g.id = e.game_id "
                    "WHERE g.id = ? ORDER BY e.seq",
                    (gid,),
                )
            ]
        assert seqs == list(range(1, len(seqs) + 1)), "the stream has no gaps"
    finally:
        proc.kill()
        proc.wait()


def _links_page(home: str, gid: str) -> str:
    """The seat links are shown once at creation; the test reissues them through the service."""
    code = (
        "import os, django;os.environ['DJANGO_SETTINGS_MODULE']='bansha.web.settings';django.setup();"
        "from bansha.service.games import SERVICE;"
        f"print(' '.join('/g/{gid}/join/' + SERVICE.reseat('{gid}', s, n) for s, n in "
        f"enumerate({NAMES!r})))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "BANSHA_HOME": home},
        check=True,
        capture_output=True,
    )
    return out.stdout.decode()
