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
    try:
        time.sleep(8)  # the 红线 stage's deadline passes after ~3 s; both workers poll every second
    finally:
        for w in workers:
            w.kill()
            w.wait()
    with sqlite3.connect(Path(home) / "bansha.db") as db:
        rows = db.execute(
            "SELECT kind, data FROM store_eventrecord WHERE game_id = ? ORDER BY seq", (gid,)
        ).fetchall()
    closes = [json.loads(d) for k, d in rows if k == "stage_closed"]
    red_thread_closes = [c for c in closes if c["stage"] == "红线"]
    assert len(red_thread_closes) == 1, closes
    commands = 0
    with sqlite3.connect(Path(home) / "bansha.db") as db:
        commands = db.execute(
            "SELECT COUNT(*) FROM store_commandrecord WHERE game_id = ? AND key LIKE 'clock:close:%'",
            (gid,),
        ).fetchone()[0]
    assert commands == len(closes)
