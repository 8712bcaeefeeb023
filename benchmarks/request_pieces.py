"""Where a request's processor time goes, piece by piece, in process.

Sets up bansha on its own database (SQLite in a temporary folder; PostgreSQL when
BANSHA_DATABASE_URL is set, e.g. inside ``scripts/with-postgres``), builds M103 games at their first
讨论日 through the service layer, then times each piece of a player's requests on the thread's
processor clock, the pieces taken in turn in every round so that the machine's noise falls on all
of them alike:

- ``session``: the session's read (the database session store's load);
- ``seat``: the seat and game lookup (``access.held_seat``);
- ``load``: the cached game, held still for reading (``GameService.reading``);
- ``view``: the viewer's view and version as a page reads them (``service.viewcache``: kept
  current as events arrive), and ``view, from scratch``: the same folded from the whole stream
  and digested (``engine.views.view`` and ``digest``);
- ``template``: the player page's templates rendered from that view;
- ``page``: the whole page through Django's handler (middleware included, no HTTP server);
- ``chat``: a team-chat line through Django's handler, and inside it ``append``: the store's
  append, and ``publish``: the push's announcement on the channel layer;
- ``act``: a vote through Django's handler (``player_act``: it reads the game's rule set, then
  submits), and inside every command ``rule set``: the game's rule set as the service reads it;
- ``push``: what one open socket of the seat computes after a change (its fingerprint, then the
  view and its digest when the fingerprint moved);
- ``thread post``: a floor of the discussion thread through Django's handler, and ``thread
  page``: the thread's page;
- ``director``: the director's console page through Django's handler, and inside it ``qr``: the
  seat links' QR codes;
- ``page, through ASGI`` and ``404, through ASGI``: the player page and a missing game's page
  through the server's ASGI handler (``bansha.web.handler``: the hop to its request thread,
  Django's request and response objects; the process's processor time, one request at a time),
  beside ``404``: the missing game's page through Django's handler alone.

uvicorn's own part (HTTP parsing) is not here: ``load_web.py`` reports the server's whole processor
time a request.

    .venv/bin/python benchmarks/request_pieces.py --rounds 300
    scripts/with-postgres .venv/bin/python benchmarks/request_pieces.py --rounds 300

(An older checkout run beside this one needs ``tests/web/asgi_get.py`` copied with this script.)

``--events 2000`` builds games of about that many events instead (``long_game.build``: 14 days of
team chat and thread posts); ``--variant`` makes every game a variant file's (extending M103:
its rule set is built from the stored text); ``--profile FILE`` also writes a cProfile of the
page and act requests (processor clock) to FILE and prints its largest functions.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time
from collections.abc import Callable
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlencode

from inprocess import day_game, prepare
from long_game import build

FORM = "application/x-www-form-urlencoded"
"""How a browser sends the pages' forms (they have no file fields; the test client's default is
multipart, which Django parses at several times the cost)."""
VARIANT = "extends: m103\nid: bench-variant\ntitle: 测速变体\n"


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


def through_asgi(app: Any, path: str, cookie: str) -> int:
    """One GET through the ASGI application as the server sends it (one request at a time, on
    a loop of its own); the response's status."""
    from tests.web.asgi_get import asgi_get

    status, _ = LOOP.run_until_complete(asgi_get(app, path, cookie))
    return int(status)


LOOP: Any = None
"""The event loop the ASGI requests run on (made in ``main``)."""


def main() -> None:
    """Set up, time every piece in rounds, print a Markdown table (milliseconds)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=300)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--events", type=int, default=0, help="games of about this many events")
    ap.add_argument("--variant", action="store_true", help="games of a variant file")
    ap.add_argument("--profile", default="", help="write a cProfile of page and act requests")
    args = ap.parse_args()
    variant = VARIANT if args.variant else ""

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
    from bansha.service import viewcache
    from bansha.service.games import SERVICE
    from bansha.store import events as store
    from bansha.web import access, console, live, views
    from bansha.web.live import GameConsumer

    timer = Timer()
    timer.wrap(store, "append", "append")
    timer.wrap(live, "publish", "publish")
    timer.wrap(console, "qr_svg", "qr")
    timer.wrap(SERVICE, "ruleset_for", "rule set")
    players: list[tuple[str, int, Client, str]] = []
    for g in range(args.games):
        if args.events:
            gid, tokens = build(SERVICE, args.events, 100 + g, owner, True, variant)
        else:
            gid, tokens = day_game(SERVICE, 100 + g, owner, variant)
        game = SERVICE.load(gid)
        alive = {p.seat for p in game.state.players if p.alive}
        seat = next(s for s in game.state.groups["assassins"] if s in alive)
        browser = Client()
        browser.get(f"/g/{gid}/join/{tokens[seat]}")
        players.append((gid, seat, browser, "assassins"))
    factory = RequestFactory()
    statements: dict[str, int] = {}

    def count(name: str, call: Callable[[], Any]) -> None:
        with CaptureQueriesContext(connection) as sent:
            call()
        statements[name] = len(sent)

    profile = cProfile.Profile(time.thread_time) if args.profile else None
    landed = {"act": 0}
    import asyncio
    import logging

    from bansha.web.handler import get_asgi_application

    global LOOP
    LOOP = asyncio.new_event_loop()
    asgi = get_asgi_application()
    logging.getLogger("django.request").setLevel(logging.ERROR)  # the 404s measured
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
            with timer.piece("view, from scratch"):
                digest(view(game, seat))
            with timer.piece("view"):  # as the page reads it: kept current, with its version
                v, seq = viewcache.current(gid, game, seat)
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
        if profile:
            profile.enable()
        with timer.piece("page"):
            browser.get(f"/g/{gid}/me")
        if profile:
            profile.disable()
        # a vote for the next seat: lands when the stage takes votes, refused otherwise
        vote = {"skill": "vote", "target": str(1 + (seat + 1 + r) % 14), "nonce": f"vote-{r}"}
        browser.cookies.pop("messages", None)
        before_seq = len(SERVICE.load(gid).events)
        if profile:
            profile.enable()
        with timer.piece("act"):
            browser.post(f"/g/{gid}/act", urlencode(vote), content_type=FORM)
        if profile:
            profile.disable()
        landed["act"] += len(SERVICE.load(gid).events) > before_seq
        form = {"group": group, "text": f"第{r}条消息", "nonce": f"say-{r}"}
        browser.cookies.pop("messages", None)
        with timer.piece("chat"):
            browser.post(f"/g/{gid}/say", urlencode(form), content_type=FORM)
        consumer = GameConsumer()
        consumer.game_id = gid
        consumer.scope = {"session": session}
        with timer.piece("push"):
            socket_push(consumer, seat, None)
        with SERVICE.reading(gid) as game:
            before = inputs(game, seat)
        with timer.piece("push, nothing moved"):
            socket_push(consumer, seat, before)
        post = {"text": f"第{r}楼的话", "quote": "", "nonce": f"post-{r}"}
        browser.cookies.pop("messages", None)
        with timer.piece("thread post"):
            browser.post(f"/g/{gid}/thread", urlencode(post), content_type=FORM)
        browser.cookies.pop("messages", None)
        with timer.piece("thread page"):
            browser.get(f"/g/{gid}/thread")
        cookie = "; ".join(f"{k}={m.value}" for k, m in browser.cookies.items())
        start = time.process_time_ns()
        status = through_asgi(asgi, f"/g/{gid}/me", cookie)
        timer.samples.setdefault("page, through ASGI", []).append(
            (time.process_time_ns() - start) / 1e6
        )
        assert status == 200, status
        start = time.process_time_ns()
        through_asgi(asgi, "/g/0000000000000000/me", cookie)
        timer.samples.setdefault("404, through ASGI", []).append(
            (time.process_time_ns() - start) / 1e6
        )
        with timer.piece("404"):
            browser.get("/g/0000000000000000/me")
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
    vote = {"skill": "vote", "target": "1", "nonce": "count"}
    count("act", lambda: browser.post(f"/g/{gid}/act", vote))
    with SERVICE.reading(gid) as game:
        events = len(game.events)
        size = len(str(view(game, seat)))
    print(
        f"{connection.vendor}, compiled engine: {bansha.COMPILED}; {args.rounds} rounds over "
        f"{args.games} games{' of a variant file' if variant else ''} (the last one {events} "
        f"events, its seat's view {size} characters); votes that landed: {landed['act']}\n"
    )
    print("| piece | calls | p50 ms | p90 ms | statements |")
    print("|---|---:|---:|---:|---:|")
    for name, values in timer.samples.items():
        values.sort()
        p90 = values[int(len(values) * 0.9)]
        sent = statements.get(name, "")
        print(f"| {name} | {len(values)} | {statistics.median(values):.3f} | {p90:.3f} | {sent} |")
    _ = views  # the pages measured are bansha.web.views'
    if profile:
        profile.dump_stats(args.profile)
        stats = pstats.Stats(args.profile)
        print(f"\nprofile of {args.rounds} pages and {args.rounds} votes (processor time)\n")
        stats.sort_stats("tottime").print_stats(25)
        stats.sort_stats("cumulative").print_stats(40)


if __name__ == "__main__":
    main()
