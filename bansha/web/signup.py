"""Sign-up pages (报名): the public sign-up page, a player's own entry page (which becomes their
private page once the game is dealt, with no link passed by hand) and the director's sign-up
console (confirm, remove, order, shuffle, read the forum thread's 【报名】 floors, deal).

Which viewer a request is: the director (the sign-up's owner, as for a game), an entry (its
private link's hash in the browser's session, put there when it signed up or opened its link),
or the public, who sees only the names signed up and whether each is confirmed."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_POST
from django_ratelimit.decorators import ratelimit

from bansha import texts
from bansha.engine import RuleError
from bansha.forum.charset import page_text
from bansha.forum.threads import ThreadError
from bansha.service import signups
from bansha.service.games import token_hash
from bansha.store.models import EntryRecord, SeatRecord, SignupRecord
from bansha.web.access import directs, hold_seat


def _sheet_or_404(sheet_id: str) -> SignupRecord:
    try:
        return SignupRecord.objects.get(id=sheet_id)
    except SignupRecord.DoesNotExist as e:
        raise Http404(texts.NO_GAME) from e


def _directed_or_404(request: HttpRequest, sheet_id: str) -> SignupRecord:
    sheet = _sheet_or_404(sheet_id)
    if not directs(request.user, sheet):
        raise Http404(texts.NO_GAME)
    return sheet


def _held(request: HttpRequest, sheet: SignupRecord) -> EntryRecord | None:
    return signups.entry_held(sheet.id, request.session.get(f"entry:{sheet.id}"))


def _hold(request: HttpRequest, sheet: SignupRecord, key: str) -> None:
    """This browser holds the entry whose link hashes to ``key``."""
    request.session.cycle_key()
    request.session[f"entry:{sheet.id}"] = key


def opened(
    request: HttpRequest, ruleset: str, options: dict[str, Any], variant: str, label: str
) -> HttpResponse:
    """The new-game form with 「开放报名」 ticked: a game open for sign-ups, then its console.
    RuleError (the form shows it): the rule set or its options are refused."""
    sheet = signups.open_signup(
        ruleset, options=options, owner=request.user, variant_yaml=variant, label=label
    )
    return HttpResponseRedirect(reverse("signup_console", args=[sheet.id]))


def signup_page(request: HttpRequest, sheet_id: str) -> HttpResponse:
    """The public sign-up page: the names signed up, and the form to sign up."""
    sheet = _sheet_or_404(sheet_id)
    return render(
        request,
        "bansha/signup.html",
        {
            "sheet": sheet,
            "entries": signups.entries(sheet.id),
            "need": signups.player_count(sheet),
            "mine": _held(request, sheet),
        },
    )


@require_POST
@ratelimit(key="ip", rate="20/m", block=True)
def signup_register(request: HttpRequest, sheet_id: str) -> HttpResponse:
    """Sign up a name; this browser then holds the entry and goes to its page."""
    sheet = _sheet_or_404(sheet_id)
    try:
        done = signups.register(sheet.id, request.POST.get("name", ""))
    except RuleError as e:
        messages.error(request, e.message)
        return HttpResponseRedirect(reverse("signup", args=[sheet.id]))
    _hold(request, sheet, token_hash(done.token))
    messages.success(request, texts.SIGNUP_DONE.format(name=done.entry.name))
    return HttpResponseRedirect(reverse("signup_me", args=[sheet.id]))


@ratelimit(key="ip", rate="30/m", block=True)
def signup_join(request: HttpRequest, sheet_id: str, token: str) -> HttpResponse:
    """An entry's private link (another browser of the same player, or a forum sign-up's link
    sent by the director): exchanged for a session, then left out of the URL."""
    entry = signups.entry_held(sheet_id, token_hash(token))
    if entry is None:  # the same answer whether the sign-up exists or not
        return render(request, "bansha/bad_link.html", status=404)
    sheet = entry.signup
    _hold(request, sheet, entry.token_hash)
    return HttpResponseRedirect(reverse("signup_me", args=[sheet.id]))


def signup_me(request: HttpRequest, sheet_id: str) -> HttpResponse:
    """An entry's own page: where it stands; once the game is dealt to it, its seat's private
    page (the seat is put in this browser's session, as a private link's exchange does)."""
    sheet = _sheet_or_404(sheet_id)
    entry = _held(request, sheet)
    if entry is None:
        raise Http404(texts.NO_GAME)
    if sheet.game_id is not None and entry.seat is not None and entry.confirmed:
        seat = (
            SeatRecord.objects.filter(game_id=sheet.game_id, seat=entry.seat, revoked=False)
            .order_by("-id")
            .first()
        )
        if seat is not None and seat.name == entry.name:  # a substitute took it: not theirs
            hold_seat(request, sheet.game_id, seat.seat, seat.token_hash)
            return HttpResponseRedirect(reverse("player", args=[sheet.game_id]))
    link = signups.link_token(entry)
    return render(
        request,
        "bansha/signup_me.html",
        {
            "sheet": sheet,
            "entry": entry,
            "link": request.build_absolute_uri(reverse("signup_join", args=[sheet.id, link]))
            if link
            else "",
            "ahead": sum(
                1 for e in signups.entries(sheet.id) if e.place < entry.place and not e.removed
            ),
        },
    )


@login_required
def signup_console(request: HttpRequest, sheet_id: str) -> HttpResponse:
    """The director's sign-up console."""
    sheet = _directed_or_404(request, sheet_id)
    rows: list[dict[str, Any]] = []
    for e in signups.entries(sheet.id, removed=True):
        token = signups.link_token(e) if e.source == "forum" else None
        rows.append(
            {
                "entry": e,
                "link": request.build_absolute_uri(reverse("signup_join", args=[sheet.id, token]))
                if token
                else "",
            }
        )
    forum_links = "\n".join(
        texts.LINK_LINE.format(name=r["entry"].name, link=r["link"])
        for r in rows
        if r["link"] and not r["entry"].removed
    )
    confirmed = sum(1 for r in rows if r["entry"].confirmed and not r["entry"].removed)
    return render(
        request,
        "bansha/signup_console.html",
        {
            "sheet": sheet,
            "rows": rows,
            "need": signups.player_count(sheet),
            "confirmed": confirmed,
            "forum_links": forum_links,
            "order": "\n".join(r["entry"].name for r in rows if not r["entry"].removed),
            "log": [
                {"row": row, "word": texts.SIGNUP_LOG_WORDS.get(row.kind, row.kind)}
                for row in signups.log(sheet.id)
            ],
            "public_link": request.build_absolute_uri(reverse("signup", args=[sheet.id])),
        },
    )


@login_required
@require_POST
def signup_command(request: HttpRequest, sheet_id: str) -> HttpResponse:
    """One of the director's sign-up commands."""
    sheet = _directed_or_404(request, sheet_id)
    actor = request.user.get_username()
    action = request.POST.get("action", "")
    post = request.POST
    try:
        if action in ("confirm", "unconfirm"):
            signups.set_confirmed(sheet.id, int(post.get("entry", "")), action == "confirm", actor)
        elif action in ("remove", "restore"):
            signups.set_removed(sheet.id, int(post.get("entry", "")), action == "remove", actor)
        elif action == "confirm_all":
            for e in signups.entries(sheet.id):
                if not e.confirmed:
                    signups.set_confirmed(sheet.id, e.id, True, actor)
        elif action == "order":
            signups.set_order(sheet.id, post.get("order", "").splitlines(), actor)
        elif action == "shuffle":
            signups.shuffle(sheet.id, actor)
            messages.success(request, texts.SIGNUP_SHUFFLED)
        elif action == "thread":
            pages = [page_text(f.read(), f.name or "") for f in request.FILES.getlist("pages")]
            if post.get("text", "").strip():
                pages.append(post["text"])
            added, known = signups.from_thread(sheet.id, pages, actor)
            messages.success(
                request,
                texts.SIGNUP_FROM_THREAD.format(
                    added=texts.LIST_SEP.join(added) or texts.NOBODY,
                    known=texts.LIST_SEP.join(known) or texts.NOBODY,
                ),
            )
        elif action == "deal":
            created = signups.deal(sheet.id, actor)
            messages.success(request, texts.SIGNUP_DEALT_NOW)
            return HttpResponseRedirect(reverse("director", args=[created.record.id]))
        else:
            raise RuleError(texts.FORM_BROKEN)
    except (RuleError, ThreadError) as e:
        messages.error(request, e.message if isinstance(e, RuleError) else str(e))
    except ValueError:
        messages.error(request, texts.SIGNUP_NO_ENTRY)
    return HttpResponseRedirect(reverse("signup_console", args=[sheet.id]))
