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
