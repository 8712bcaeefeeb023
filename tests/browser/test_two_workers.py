"""Two deadline workers (separate processes) on one database close a stage exactly once."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


def test_stage_closes_once_with_two_workers() -> None:
    home = tempfile.mkdtemp(prefix="bansha-workers-")
    env = {**os.environ, "BANSHA_HOME": home}
    env.pop("BANSHA_DATABASE_URL", None)
    make = (
        "import os, django, datetime;os.environ['DJANGO_SETTINGS_MODULE']='bansha.web.settings';"
        "from bansha.web.server import setup;setup(None);"
        "from django.utils import timezone;from bansha.service.games import SERVICE;"
        "start=timezone.now()-datetime.timedelta(minutes=59, seconds=57);"
        f"print(SERVICE.create('m103', {NAMES!r}, seed=4, options={{'start_at': start.isoformat()}}).record.id)"
    )
    gid = (
        subprocess.run(
            [sys.executable, "-c", make], env=env, check=True, capture_output=True, text=True
        )
        .stdout.strip()
        .splitlines()[-1]
    )
    workers = [
        subprocess.Popen(
            [sys.executable, "-m", "bansha.cli", "worker"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(2)
    ]

    def stage_closes() -> list[dict[str, object]]:
        with sqlite3.connect(Path(home) / "bansha.db") as db:
            rows = db.execute(
                "SELECT kind, data FROM store_eventrecord WHERE game_id = ? ORDER BY seq", (gid,)
            ).fetchall()
        return [json.loads(d) for k, d in rows if k == "stage_closed"]

    try:
        # the 红线 stage's deadline passes after ~3 s and both workers poll every second; on a busy
        # machine a worker may take a while to start, so wait for the first close (up to two
        # minutes), then give both workers a few more polls in which a second close would land
        for _ in range(1200):
            if stage_closes():
                break
            time.sleep(0.1)
        time.sleep(5)
    finally:
        for w in workers:
            w.kill()
            w.wait()
    closes = stage_closes()
    assert len([c for c in closes if c["stage"] == "红线"]) == 1, closes
    commands = 0
    with sqlite3.connect(Path(home) / "bansha.db") as db:
        commands = db.execute(
            "SELECT COUNT(*) FROM store_commandrecord WHERE game_id = ? AND key LIKE 'clock:close:%'",
            (gid,),
        ).fetchone()[0]
    assert commands == len(closes)
