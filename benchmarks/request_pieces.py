"""Where a request's processor time goes, piece by piece, in process.

Sets up bansha on its own database (SQLite in a temporary folder; PostgreSQL when
BANSHA_DATABASE_URL is set, e.g. inside ``scripts/with-postgres``), builds M103 games at their first
讨论日 through the service layer, then times each piece of a player's requests on the thread's
processor clock, the pieces taken in turn in every round so that the machine's noise falls on all
of them alike:

- ``session``: the session's read (the database session store's load);
- ``seat``: the seat and game lookup (``access.held_seat``);
- ``load``: the cached game, held still for reading (``GameService.reading``);
- ``view``: the viewer's view (``engine.views.view``) and ``version``: its digest;
- ``template``: the player page's templates rendered from that view;
- ``page``: the whole page through Django's handler (middleware included, no HTTP server);
- ``chat``: a team-chat line through Django's handler, and inside it ``append``: the store's
  append, and ``publish``: the push's announcement on the channel layer;
- ``push``: what one open socket of the seat computes after a change (its fingerprint, then the
  view and its digest when the fingerprint moved);
- ``director``: the director's console page through Django's handler, and inside it ``qr``: the
  seat links' QR codes.

The HTTP server's own part (uvicorn's parsing, the ASGI hop) is not here: ``load_web.py`` reports
the server's whole processor time a request.

    .venv/bin/python benchmarks/request_pieces.py --rounds 300
    scripts/with-postgres .venv/bin/python benchmarks/request_pieces.py --rounds 300
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from contextlib import contextmanager
from typing import Any

from inprocess import day_game, prepare


class Timer:
    """Processor time of named pieces, one sample a call."""

    def __init__(self) -> None:
        self.samples: dict[str, list[float]] = {}

    @contextmanager
    def piece(self, name: str) -> Any:
        """Time the block on this thread's processor clock."""
        start = time.thread_time_ns()
        try:
            yield
        finally:
            self.samples.setdefault(name, []).append((time.thread_time_ns() - start) / 1e6)

    def wrap(self, owner: Any, attr: str, name: str) -> None:
        """Time every call of ``owner.attr`` as the piece ``name``."""
        inner = getattr(owner, attr)

        def timed(*args: Any, **kwargs: Any) -> Any:
            with self.piece(name):
                return inner(*args, **kwargs)

        setattr(owner, attr, timed)


def socket_push(consumer: Any, viewer: int, seen: int | None) -> Any:
    """What one socket computes for a push: its version (``_version``, shared per viewer and
    state), or, in code from before it, its view when its fingerprint moved (``_view``)."""
    if hasattr(consumer, "_version"):
        return consumer._version(viewer)
    return consumer._view(viewer, seen)


def main() -> None:
    """Set up, time every piece in rounds, print a Markdown table (milliseconds)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=300)
    ap.add_argument("--games", type=int, default=10)
    args = ap.parse_args()

    director, owner = prepare("bansha-pieces-")
    from django.conf import settings
    from django.contrib.auth.models import AnonymousUser
    from django.contrib.sessions.backends.base import SessionBase
    from django.db import connection
    from django.template.loader import render_to_string
    from django.test import Client, RequestFactory
    from django.test.utils import CaptureQueriesContext

    import bansha
    from bansha.engine.views import digest, inputs, view
    from bansha.service.games import SERVICE
    from bansha.store import events as store
    from bansha.web import access, console, live, views
    from bansha.web.live import GameConsumer

    timer = Timer()
    timer.wrap(store, "append", "append")
    timer.wrap(live, "publish", "publish")
    timer.wrap(console, "qr_svg", "qr")
    players: list[tuple[str, int, Client, str]] = []
    for g in range(args.games):
        gid, tokens = day_game(SERVICE, 100 + g)
        from bansha.store.models import GameRecord

        GameRecord.objects.filter(id=gid).update(owner=owner)
        game = SERVICE.load(gid)
        seat = game.state.groups["assassins"][0]
        browser = Client()
        browser.get(f"/g/{gid}/join/{tokens[seat]}")
        players.append((gid, seat, browser, "assassins"))
    factory = RequestFactory()
    statements: dict[str, int] = {}

    def count(name: str, call: Callable[[], Any]) -> None:
        with CaptureQueriesContext(connection) as sent:
            call()
        statements[name] = len(sent)

    timer.samples.clear()  # the setup's appends and pushes are not the requests'
    for r in range(args.rounds):
        gid, seat, browser, group = players[r % len(players)]
        key = browser.cookies[settings.SESSION_COOKIE_NAME].value
        store_cls = type(browser.session)
        with timer.piece("session"):
            session: SessionBase = store_cls(key)
            session.load()
        with timer.piece("seat"):
            held = access.held_seat(session, gid)
        assert held is not None
        record = held[0]
        with timer.piece("load"), SERVICE.reading(gid, record.seq):
            pass
        with SERVICE.reading(gid, record.seq) as game:
            with timer.piece("view"):
                v = view(game, seat)
            with timer.piece("version"):
                seq = digest(v)
        request = factory.get(f"/g/{gid}/me")
        request.session = session
        request.user = AnonymousUser()
        with timer.piece("template"):
            render_to_string(
                "bansha/player.html",
                {"record": record, "v": v, "seat": seat, "seq": seq, "chat_limit": 100},
                request,
            )
        browser.cookies.pop("messages", None)
        with timer.piece("page"):
            browser.get(f"/g/{gid}/me")
        form = {"group": group, "text": f"第{r}条消息", "nonce": f"say-{r}"}
        browser.cookies.pop("messages", None)
        with timer.piece("chat"):
            browser.post(f"/g/{gid}/say", form)
        consumer = GameConsumer()
        consumer.game_id = gid
        consumer.scope = {"session": session}
        with timer.piece("push"):
            socket_push(consumer, seat, None)
        with SERVICE.reading(gid) as game:
            before = inputs(game, seat)
        with timer.piece("push, nothing moved"):
            socket_push(consumer, seat, before)
        if r % 10 == 0:
            with timer.piece("director"):
                director.get(f"/g/{gid}/director")
    gid, seat, browser, group = players[0]
    browser.cookies.pop("messages", None)
    count("page", lambda: browser.get(f"/g/{gid}/me"))
    count(
        "chat", lambda: browser.post(f"/g/{gid}/say", {"group": group, "text": "数", "nonce": "n"})
    )
    count("director", lambda: director.get(f"/g/{gid}/director"))
    with SERVICE.reading(gid) as game:
        events = len(game.events)
        size = len(str(view(game, seat)))
    print(
        f"{connection.vendor}, compiled engine: {bansha.COMPILED}; {args.rounds} rounds over "
        f"{args.games} games (the last one {events} events, its seat's view {size} characters)\n"
    )
    print("| piece | calls | p50 ms | p90 ms | statements |")
    print("|---|---:|---:|---:|---:|")
    for name, values in timer.samples.items():
        values.sort()
        p90 = values[int(len(values) * 0.9)]
        sent = statements.get(name, "")
        print(f"| {name} | {len(values)} | {statistics.median(values):.3f} | {p90:.3f} | {sent} |")
    _ = views  # the pages measured are bansha.web.views'


if __name__ == "__main__":
    main()
