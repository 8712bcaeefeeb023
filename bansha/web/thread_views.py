"""The discussion thread's pages: bansha's own thread (讨论帖, 电梯楼) and a forum thread read into
the director's console. Like every page, they render only engine views for the request's viewer."""

from __future__ import annotations

import os
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST
from django_ratelimit.decorators import ratelimit

from bansha import texts
from bansha.engine import Post, RuleError
from bansha.forum import dates
from bansha.forum.charset import page_text
from bansha.forum.fetching import fetch
from bansha.forum.threads import ThreadError
from bansha.service import threads, viewcache
from bansha.service.games import SERVICE
from bansha.store.models import WatchedThread
from bansha.web.access import directed_game_or_404, game_or_404, player_or_404
from bansha.web.clients import submitter
from bansha.web.forms import keep_typed, take_typed

FLOORS_PER_PAGE = 50
"""Floors on one page of the thread, as a forum pages its threads (the newest page opens first)."""


@ratelimit(key=submitter, rate="120/m", method="POST", block=True)
def discussion(request: HttpRequest, game_id: str) -> HttpResponse:
    """The discussion thread (讨论帖) of one game day, public; a seated player may post. With
    ``author``, the 电梯楼: that player's floors of the day."""
    viewer: int | str
    try:
        record, viewer = player_or_404(request, game_id)
    except Http404:
        record, viewer = game_or_404(game_id), "public"  # anyone may read the thread
    if request.method == "POST":
        if not isinstance(viewer, int):
            raise Http404(texts.NO_GAME)
        quote = request.POST.get("quote", "").strip()
        try:
            SERVICE.submit(
                record.id,
                Post(
                    viewer,
                    request.POST.get("text", ""),
                    int(quote) if quote else None,
                    timezone.now(),
                ),
                key=request.POST.get("nonce") or None,
                actor=f"seat{viewer}",
            )
        except RuleError as e:
            messages.error(request, e.message)
            keep_typed(request, record.id, request.POST, "post")
        except ValueError:
            messages.error(request, texts.QUOTE_NOT_A_NUMBER)
            keep_typed(request, record.id, request.POST, "post")
        return HttpResponseRedirect(reverse("discussion", args=[record.id]))
    with SERVICE.reading(record.id, record.seq) as game:
        v, seq = viewcache.current(record.id, game, viewer)
        # every day so far (a day nobody posted on says so), opening on today
        today = game.state.day
        days = sorted({*range(1, today + 1), *v["thread_days"]}) or [today]
        try:
            day = int(request.GET.get("day") or today)
        except ValueError:
            day = today
        # that day's floors, as the viewer's view has them (the page's view carries each day's
        # count only)
        posts, _ = viewcache.day_floors(record.id, game, viewer, day)
        # the rule post's own vote format (thread.vote_format.hint); a thread without votes: none
        rules = game.ruleset.data
        voting = bool(rules.get("vote_stages"))
        hint = rules.get("thread", {}).get("vote_format", {}).get("hint") if voting else None
    author = request.GET.get("author", "")
    # the 电梯楼: each player who posted that day, in the order of their first floor, with how
    # many floors they posted and links to those on this page (the rest: a page or 只看 away)
    lift: dict[str, dict[str, Any]] = {}
    for p in posts:
        row = lift.get(p["by"])
        if row is None:
            row = lift[p["by"]] = {"count": 0, "here": []}
        row["count"] += 1
    floors = posts  # every floor of the day: the quoted ones' text
    if author:
        posts = [p for p in posts if p["by"] == author]
    pages = Paginator(posts, FLOORS_PER_PAGE)
    page = pages.get_page(request.GET.get("page") or pages.num_pages)  # the newest by default
    for p in page.object_list:
        lift[p["by"]]["here"].append((p["floor"], page.number))
    return render(
        request,
        "bansha/discussion.html",
        {
            "record": record,
            "v": v,
            "day": day,
            "today": today,
            "days": days,
            "posts": page.object_list,
            "floors": floors,
            "page": page,
            "page_range": list(pages.get_elided_page_range(page.number, on_each_side=2, on_ends=1)),
            "author": author,
            "lift": list(lift.items()),
            "can_post": isinstance(viewer, int),
            "post_hint": hint or texts.THREAD_POST_HINT,
            "seq": seq,
            "typed": take_typed(request, record.id) if isinstance(viewer, int) else {},
        },
    )


@login_required
@require_POST
def director_thread(request: HttpRequest, game_id: str) -> HttpResponse:
    """Import the forum thread: saved pages (Discuz!, phpwind) or pasted text; show post counts,
    vote posts and proposals; count the votes when asked."""
    record = directed_game_or_404(request, game_id)
    pages: list[str] = []
    pasted = request.POST.get("text", "").strip()
    address = request.POST.get("url", "").strip()
    try:
        # uploads are decoded as fetched pages are: BOM, <meta charset>, then detection (GBK,
        # Big5); an empty or binary file is named in the error
        pages += [page_text(f.read(), f.name or "") for f in request.FILES.getlist("pages")]
        if pasted:
            pages.append(pasted)
        if address:
            # tests serve their forum on 127.0.0.1; private ranges stay refused even then
            loopback = os.environ.get("BANSHA_FETCH_LOOPBACK") == "1"
            pages += fetch(address, request.POST.get("cookie", ""), allow_loopback=loopback)
    except ThreadError as e:
        messages.error(request, str(e))
        return HttpResponseRedirect(reverse("director", args=[record.id]))
    if not pages:
        messages.error(request, texts.THREAD_NOTHING)
        return HttpResponseRedirect(reverse("director", args=[record.id]))
    try:
        order = dates.order_named(request.POST.get("date_order"))
        report = threads.import_thread(
            record.id, pages, bool(request.POST.get("count_votes")), order
        )
    except ThreadError as e:
        messages.error(request, str(e))
        return HttpResponseRedirect(reverse("director", args=[record.id]))
    with SERVICE.reading(record.id) as game:
        v, _ = viewcache.current(record.id, game, "director")
    return render(request, "bansha/thread.html", {"record": record, "report": report, "v": v})


@login_required
@require_POST
def director_watch(request: HttpRequest, game_id: str) -> HttpResponse:
    """The game's watched thread: start or change it (``watch``: its address, cookie, schedule and
    date order), ``stop`` it, or ``read`` it now (the report of the whole thread read so far)."""
    record = directed_game_or_404(request, game_id)
    back = HttpResponseRedirect(reverse("director", args=[record.id]) + "#thread")
    action = request.POST.get("action", "")
    try:
        if action == "watch":
            every = request.POST.get("every", "")
            threads.watch(
                record.id,
                request.POST.get("url", ""),
                request.POST.get("cookie", ""),
                int(every) if every.isdigit() else 0,
                request.POST.get("date_order", ""),
                bool(request.POST.get("count_votes")),
            )
            messages.success(request, texts.WATCH_SET.format(every=every))
        elif action == "stop":
            threads.stop(record.id)
            messages.success(request, texts.WATCH_STOPPED)
        elif action == "read":
            if not WatchedThread.objects.filter(game=record).exists():
                messages.error(request, texts.WATCH_NONE)
                return back
            read = threads.read_now(record.id, full=True)  # on demand: every page
            if read.error or read.report is None:
                messages.error(request, texts.WATCH_READ_FAILED_CONSOLE.format(why=read.error))
                return back
            with SERVICE.reading(record.id) as game:
                v, _ = viewcache.current(record.id, game, "director")
            context = {"record": record, "report": read.report, "v": v, "read": read}
            return render(request, "bansha/thread.html", context)
    except ThreadError as e:
        messages.error(request, str(e))
    return back
