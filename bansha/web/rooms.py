"""Spectators (观众) and the rooms outside the teams on the web: the director's spectator link,
the spectator's page (the public view, nothing else, and the rooms a spectator may write in),
and a message to a room from a seat or a spectator. Who may write where is the rule set's
(``engine/rooms.py``); this module only decides which writer a request is.

The spectator link carries no secret of the game: it is a signature of the game's id with the
installation's key, so it needs no table and cannot be guessed for another game; holding it
gives the public view only."""

from __future__ import annotations

from django.contrib import messages
from django.core import signing
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from django.views.decorators.http import require_POST
from django_ratelimit.decorators import ratelimit

from bansha import texts
from bansha.engine import RuleError, Speak
from bansha.service import inputs, viewcache
from bansha.service.games import SERVICE
from bansha.store.models import GameRecord
from bansha.web.access import game_or_404, held_seat
from bansha.web.forms import keep_typed

SALT = "bansha.spectator-link"


def spectator_token(game_id: str) -> str:
    """The game's spectator link token."""
    return signing.Signer(salt=SALT).signature(game_id)


def spectator_link(request: HttpRequest, record: GameRecord) -> str:
    """The spectator link, for the director to hand out."""
    return request.build_absolute_uri(
        reverse("watch_join", args=[record.id, spectator_token(record.id)])
    )


@ratelimit(key="ip", rate="30/m", block=True)
def watch_join(request: HttpRequest, game_id: str, token: str) -> HttpResponse:
    """The spectator link, exchanged for a spectator's session, then left out of the URL."""
    # a wrong link gets the same answer whether the game exists or not
    if not constant_time_compare(token, spectator_token(game_id)):
        return render(request, "bansha/bad_link.html", status=404)
    record = game_or_404(game_id)
    request.session[f"watch:{record.id}"] = True
    return HttpResponseRedirect(reverse("watch", args=[record.id]))


def _spectating(request: HttpRequest, game_id: str) -> bool:
    return request.session.get(f"watch:{game_id}") is True


def watch_page(request: HttpRequest, game_id: str) -> HttpResponse:
    """The spectator's page: the public view, with the rooms' boxes where a spectator writes."""
    record = game_or_404(game_id)
    if not _spectating(request, record.id):
        raise Http404(texts.NO_GAME)
    with SERVICE.reading(record.id, record.seq) as game:
        v, seq = viewcache.current(record.id, game, "public")
    return render(
        request,
        "bansha/public.html",
        {
            "record": record,
            "v": v,
            "seq": seq,
            "spectator": True,
            "spectator_name": request.session.get(f"watch-name:{record.id}", ""),
        },
    )


@require_POST
@ratelimit(key="ip", rate="60/m", block=True)
def room_say(request: HttpRequest, game_id: str) -> HttpResponse:
    """A message to one of the post's rooms: from the seat this browser holds, else from the
    spectator it is (signing with a name); anyone else gets the same 404 as a missing game."""
    held = held_seat(request.session, game_id)
    room = request.POST.get("room", "")
    text = request.POST.get("text", "")
    if held is not None:
        record, seat = held
        cmd = Speak(room, seat, "", text, timezone.now())
        actor, back = f"seat{seat}", reverse("player", args=[record.id])
    elif _spectating(request, game_id):
        record = game_or_404(game_id)
        name = request.POST.get("name", "").strip()
        try:
            inputs.check_name(name)
        except RuleError as e:
            messages.error(request, e.message)
            return HttpResponseRedirect(reverse("watch", args=[record.id]) + "#rooms")
        request.session[f"watch-name:{record.id}"] = name
        cmd = Speak(room, None, name, text, timezone.now())
        actor, back = f"watch:{request.session.session_key}", reverse("watch", args=[record.id])
    else:
        raise Http404(texts.NO_GAME)
    try:
        SERVICE.submit(record.id, cmd, key=request.POST.get("nonce") or None, actor=actor[:40])
    except RuleError as e:
        messages.error(request, e.message)
        if held is not None:  # the seat's page shows the box again with the text in it
            keep_typed(request, record.id, request.POST, "room")
    return HttpResponseRedirect(back + "#rooms")
