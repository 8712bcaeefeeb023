"""What the in-process web benchmarks share: this checkout's code, a database of their own (SQLite
in a temporary folder, or BANSHA_DATABASE_URL's), no rate limits, Django set up and migrated, and
a logged-in director."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
PASSWORD = "a-long-password-1"


def prepare(prefix: str) -> tuple[Any, Any]:
    """Set bansha up for a benchmark run; the director's test browser and account."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    os.environ.setdefault("BANSHA_HOME", tempfile.mkdtemp(prefix=prefix))
    os.environ["BANSHA_RATELIMIT"] = "0"
    from bansha.web.server import add_director, setup

    setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    settings.ALLOWED_HOSTS = ["*"]
    add_director("bench", PASSWORD)
    director = Client()
    director.post("/accounts/login/", {"username": "bench", "password": PASSWORD})
    return director, get_user_model().objects.get(username="bench")


def day_game(
    service: Any, seed: int, owner: Any = None, variant_yaml: str = ""
) -> tuple[str, dict[int, str]]:
    """An M103 game (or one of the variant file's text) closed on to its first 讨论日, and its
    seats' link tokens."""
    from bansha.engine import Close

    created = service.create("m103", NAMES, seed=seed, owner=owner, variant_yaml=variant_yaml)
    gid = created.record.id
    for n in range(8):
        if "讨论日" in str(service.load(gid).state.stage):
            break
        service.submit(gid, Close(), key=f"close{n}", actor="director")
    return gid, created.tokens


def statements() -> dict[str, int]:
    """The statements each kind of the load's requests sends to the database, counted in process
    through Django's handler on a game at its first 讨论日 (a team-chat member's page, a chat line
    and a vote that land, a night act refused by day): what the server sends for each."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from bansha.service.games import SERVICE

    gid, tokens = day_game(SERVICE, 1)
    seat = SERVICE.load(gid).state.groups["assassins"][0]
    browser = Client()
    browser.get(f"/g/{gid}/join/{tokens[seat]}")
    requests = {
        "page": ("get", f"/g/{gid}/me", None),
        "chat": ("post", f"/g/{gid}/say", {"group": "assassins", "text": "数", "nonce": "s"}),
        "vote": ("post", f"/g/{gid}/act", {"skill": "vote", "target": "1", "nonce": "v"}),
        "act": ("post", f"/g/{gid}/act", {"skill": "kill", "targets": "1", "nonce": "k"}),
    }
    out = {}
    for kind, (method, path, form) in requests.items():
        browser.cookies.pop("messages", None)
        with CaptureQueriesContext(connection) as sent:
            getattr(browser, method)(path, *([form] if form else []))
        out[kind] = len(sent)
    return out
