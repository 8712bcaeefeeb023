"""Running the platform: migrations, the deadline worker and the ASGI server."""

from __future__ import annotations

import logging
import os
import threading
import time
from typing import Any

from bansha import texts

log = logging.getLogger("bansha")


def setup(database_url: str | None = None) -> None:
    """Point Django at bansha's settings (and a database), set it up and apply migrations.

    First, everything under the installation's home is made readable by its owner only (with a
    warning for each file or folder that was not), and so is everything this process creates
    from then on (umask 077: the database, its WAL and SHM files, the key)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bansha.web.settings")
    if database_url:
        os.environ["BANSHA_DATABASE_URL"] = database_url
    import django
    from django.core.management import call_command

    from bansha.web.keys import BurntKey, installation_home, tighten_home

    os.umask(0o077)
    for warning in tighten_home(installation_home()):
        log.warning(warning)

    try:
        django.setup()
    except BurntKey as e:  # a clear message on how to fix it, not a traceback
        raise SystemExit(str(e)) from None
    from django.db import connection

    if connection.vendor != "postgresql":
        call_command("migrate", interactive=False, verbosity=0)
        return
    # several processes (on several hosts) may start at once on one database: one migrates at a
    # time, and the next finds nothing left to do
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_lock(%s)", [MIGRATION_LOCK])
        try:
            call_command("migrate", interactive=False, verbosity=0)
        finally:
            cursor.execute("SELECT pg_advisory_unlock(%s)", [MIGRATION_LOCK])


MIGRATION_LOCK = 0x62616E736861
"""The PostgreSQL advisory lock held while a process applies the migrations ("bansha")."""


SESSION_SWEEP = 3600.0
"""Seconds between removals of expired sessions from the database."""


def deadline_loop(stop: threading.Event, interval: float = 1.0) -> None:
    """Close stages whose deadline passed, every ``interval`` seconds, until ``stop`` is set; now
    and then remove expired sessions."""
    from django.contrib.sessions.models import Session
    from django.db import close_old_connections
    from django.utils import timezone

    from bansha.service.games import SERVICE

    swept = 0.0
    while not stop.is_set():
        try:
            close_old_connections()
            SERVICE.close_due()
            if time.monotonic() - swept > SESSION_SWEEP:
                swept = time.monotonic()
                Session.objects.filter(expire_date__lt=timezone.now()).delete()
        except Exception:  # keep the clock running; the failure is logged
            log.exception("deadline worker")
        stop.wait(interval)


WATCH_INTERVAL = 30.0
"""Seconds between looks for watched forum threads whose read is due."""


def watch_loop(stop: threading.Event, interval: float = WATCH_INTERVAL) -> None:
    """Read every watched forum thread whose time has come, every ``interval`` seconds, until
    ``stop`` is set (a thread of its own: a slow forum never holds a stage's close back)."""
    from django.db import close_old_connections

    from bansha.service.threads import read_due

    while not stop.wait(interval):
        try:
            close_old_connections()
            read_due()
        except Exception:  # keep watching; the failure is logged
            log.exception("thread watcher")


def start_clock(stop: threading.Event) -> None:
    """The deadline worker and the forum-thread watcher, each on a thread of its own."""
    threading.Thread(target=deadline_loop, args=(stop,), daemon=True, name="deadlines").start()
    threading.Thread(target=watch_loop, args=(stop,), daemon=True, name="threads").start()


WORKER_PATIENCE = 30
"""Seconds uvicorn's supervisor waits for a worker process (``--workers`` 2 or more) to answer
its health check before it kills the worker and starts another (uvicorn's default is 5). On a
busy host a worker still starting (a new interpreter importing Django) took longer than 5 s to
answer: it was killed and started again six times in a row, each start another few seconds of
both cores' time, which made the next start slower still."""


def serve(
    host: str,
    port: int,
    database_url: str | None,
    workers: int,
    clock: bool,
    trusted_proxies: list[str] | None = None,
) -> None:
    """Migrate, start the deadline worker, and serve the ASGI app (no access log: no tokens in logs).

    No ``Server`` header names the server's software, and live-update sockets are not compressed
    (``permessage-deflate``): a push is some forty bytes, which compression makes no smaller but
    costs a compressor's state per socket and its work per push.

    ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are read only from ``trusted_proxies`` (addresses
    or networks): from any other peer, or when none is named, a request's address is its
    connection's (uvicorn itself would trust them from 127.0.0.1)."""
    import inspect

    import uvicorn

    setup(database_url)
    stop = threading.Event()
    if clock:
        start_clock(stop)
    patience: dict[str, Any] = {}
    if "timeout_worker_healthcheck" in inspect.signature(uvicorn.Config).parameters:
        patience["timeout_worker_healthcheck"] = WORKER_PATIENCE
    try:
        uvicorn.run(
            "bansha.web.asgi:application",
            host=host,
            port=port,
            workers=workers,
            access_log=False,
            server_header=False,
            ws_per_message_deflate=False,
            log_level="info",
            proxy_headers=bool(trusted_proxies),
            forwarded_allow_ips=list(trusted_proxies or []),
            **patience,
        )
    finally:
        stop.set()


class PasswordRefused(Exception):
    """Django's password validators refused a director's password (``reasons``, in Chinese)."""

    def __init__(self, reasons: list[str]) -> None:
        super().__init__(texts.REASONS_SEP.join(reasons))
        self.reasons = reasons


def add_director(username: str, password: str) -> None:
    """Create (or reset the password of) a director account; PasswordRefused: too short, too
    common, all digits or too like the name (nothing is changed then)."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.password_validation import validate_password
    from django.core.exceptions import ValidationError
    from django.db import transaction
    from django.utils import translation

    from bansha import texts

    user_model = get_user_model()
    with transaction.atomic(), translation.override("zh-hans"):
        user, _ = user_model.objects.get_or_create(username=username)
        try:
            validate_password(password, user)
        except ValidationError as e:
            transaction.set_rollback(True)
            raise PasswordRefused(
                [texts.PASSWORD_RULES.get(err.code or "", err.messages[0]) for err in e.error_list]
            ) from None
        user.set_password(password)
        user.is_staff = True
        user.save()


def run_worker(database_url: str | None) -> None:
    """Only the deadline worker and the forum-thread watcher (several may run: a stage still
    closes once, a watched thread is read once per schedule)."""
    setup(database_url)
    stop = threading.Event()
    threading.Thread(target=watch_loop, args=(stop,), daemon=True, name="threads").start()
    try:
        deadline_loop(stop)
    except KeyboardInterrupt:
        stop.set()
        time.sleep(0)


def proxy_addresses(values: list[str]) -> list[str]:
    """The ``--trusted-proxy`` values, each an address or a network (``10.0.0.0/8``), checked;
    ValueError (in Chinese) names the first that is neither."""
    import ipaddress

    from bansha import texts

    out = []
    for value in values:
        try:
            out.append(str(ipaddress.ip_network(value.strip(), strict=False)))
        except ValueError:
            raise ValueError(texts.TRUSTED_PROXY_BAD.format(value=value)) from None
    return out
