"""The director team (导演组) and outside assistants (场外助理) on the web: the console's forms
that manage them and the command log naming who issued each command, and the assistant's page.

An assistant's page is their player's own view (``view(game, seat)``, the same events that
player may see) shown without the team chats and without a single form (M103 §10: 「场外助理
不可代替玩家本人发言或投票」「不允许进入任何游戏相关的QQ群」). It has no live socket: it reads
again when reloaded (every minute by itself), so nothing is pushed to it at all. The assistant's
session holds an ``assist:`` key only, never the ``seat:`` keys every action route asks for."""

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
from bansha.service import team, viewcache
from bansha.service.games import SERVICE, token_hash
from bansha.store.models import AssistantRecord, CommandRecord, GameRecord
from bansha.web.access import directed_game_or_404, game_or_404


def console_context(request: HttpRequest, record: GameRecord) -> dict[str, Any]:
    """What the console's 「导演组与场外助理」 part shows: the team, the assistants' links, and the
    latest commands with the account (or the clock, a bot, the forum) that issued each."""
    rows = []
    for a, token in team.assistants(record.id):
        link = (
            request.build_absolute_uri(reverse("assist_join", args=[record.id, token]))
            if token
            else ""
        )
        rows.append({"assistant": a, "link": link})
    log = CommandRecord.objects.filter(game_id=record.id).order_by("-id")[:30]
    return {
        "team": team.team(record),
        "role": team.role_of(request.user, record),
        "assistants": rows,
        "command_log": [
            {
                "row": c,
                "by": actor_word(c.actor),
                "name": c.payload.get("name") or texts.COMMAND_KINDS.get(c.kind, c.kind),
            }
            for c in log
        ],
    }


def actor_word(actor: str) -> str:
    """Who issued a logged command, in the console's words."""
    if actor.startswith("director:"):
        return actor.removeprefix("director:")
    return texts.ACTOR_WORDS.get(
        actor, texts.ACTOR_WORDS["seat"] if actor.startswith("seat") else actor
    )


@login_required
@require_POST
def team_command(request: HttpRequest, game_id: str) -> HttpResponse:
    """Add an account to the director team or take it off (主导演 only)."""
    record = directed_game_or_404(request, game_id)
    if team.role_of(request.user, record) not in ("owner", "lead"):
        raise Http404(texts.NO_GAME)
    name = request.POST.get("username", "")
    try:
        if request.POST.get("action") == "remove":
            team.remove_staff(record.id, name)
        else:
            team.add_staff(record.id, name, request.POST.get("role", ""))
        messages.success(request, texts.TEAM_CHANGED)
    except RuleError as e:
        messages.error(request, e.message)
    return HttpResponseRedirect(reverse("director", args=[record.id]) + "#team")


@login_required
@require_POST
def assistant_command(request: HttpRequest, game_id: str) -> HttpResponse:
    """Attach an assistant to a seat (the player agreed) or revoke one."""
    record = directed_game_or_404(request, game_id)
    try:
        if request.POST.get("action") == "revoke":
            team.revoke_assistant(record.id, int(request.POST.get("assistant", "")))
        else:
            if not request.POST.get("consent"):
                raise RuleError(texts.ASSISTANT_CONSENT)
            with SERVICE.reading(record.id, record.seq) as game:
                seats = len(game.state.players)
            seat = int(request.POST.get("seat", "")) - 1
            team.add_assistant(record.id, seat, request.POST.get("name", ""), seats)
        messages.success(request, texts.TEAM_CHANGED)
    except RuleError as e:
        messages.error(request, e.message)
    except ValueError:
        messages.error(request, texts.BAD_PLAYER_OR_NUMBER)
    return HttpResponseRedirect(reverse("director", args=[record.id]) + "#team")


@ratelimit(key="ip", rate="30/m", block=True)
def assist_join(request: HttpRequest, game_id: str, token: str) -> HttpResponse:
    """An assistant's private link, exchanged for a session, then left out of the URL."""
    assistant = team.assistant_by_token(game_id, token_hash(token))
    if assistant is None:
        return render(request, "bansha/bad_link.html", status=404)
    request.session.cycle_key()
    request.session[f"assist:{game_id}"] = token_hash(token)
    return HttpResponseRedirect(reverse("assist", args=[game_id]))


def assistant_or_404(request: HttpRequest, game_id: str) -> tuple[GameRecord, AssistantRecord]:
    """The game and the live assistant this browser's session holds; else the same 404."""
    key = request.session.get(f"assist:{game_id}")
    assistant = team.assistant_by_token(game_id, key) if isinstance(key, str) else None
    if assistant is None:
        raise Http404(texts.NO_GAME)
    return game_or_404(game_id), assistant


def assist_page(request: HttpRequest, game_id: str) -> HttpResponse:
    """The assistant's page: their player's view, no team chats, no forms."""
    record, assistant = assistant_or_404(request, game_id)
    with SERVICE.reading(record.id, record.seq) as game:
        v, _ = viewcache.current(record.id, game, assistant.seat)
    shown = {k: v[k] for k in v if k not in ASSISTANT_WITHOUT}
    return render(
        request,
        "bansha/assistant.html",
        {"record": record, "v": shown, "assistant": assistant, "seat": assistant.seat},
    )


ASSISTANT_WITHOUT = ("chats", "legal", "acts", "groups")
"""What an assistant's page leaves out of their player's view: the team chats and who is in
them (「不允许进入任何游戏相关的QQ群」), and everything a form is made from."""
