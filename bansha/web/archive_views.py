"""Archives on the web: the director's 归档, 删除 and 存档 download on the console, the public
list of finished games with their reveals, and a team chat's record after the end.

A chat's record is built from the viewer's own view (a seat: the chats that seat was in; the
director: every chat), so it holds nothing that viewer could not read on their page."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from bansha import texts
from bansha.engine import RuleError, clock
from bansha.engine.views import Window, view
from bansha.service import archive
from bansha.service.games import SERVICE
from bansha.web.access import directed_game_or_404, game_or_404, held_seat, is_director


def _download(body: str, filename: str, content_type: str) -> HttpResponse:
    """A file the browser saves under ``filename`` (UTF-8)."""
    response = HttpResponse(body, content_type=f"{content_type}; charset=utf-8")
    response["Content-Disposition"] = f"attachment; filename*=UTF-8''{quote(filename)}"
    return response


@login_required
@require_POST
def archive_game(request: HttpRequest, game_id: str) -> HttpResponse:
    """归档 (or, with ``undo``, take out of the archive) a finished game."""
    record = directed_game_or_404(request, game_id)
    try:
        if request.POST.get("undo"):
            archive.unarchive(record.id)
            messages.success(request, texts.UNARCHIVED)
        else:
            archive.archive(record.id)
            messages.success(request, texts.ARCHIVED)
    except RuleError as e:
        messages.error(request, e.message)
    return HttpResponseRedirect(reverse("director", args=[record.id]) + "#archive")


@login_required
@require_POST
def delete_game(request: HttpRequest, game_id: str) -> HttpResponse:
    """删除, once the director typed 「删除」 to confirm it: the game leaves every list."""
    record = directed_game_or_404(request, game_id)
    if request.POST.get("confirm", "").strip() != texts.DELETE_CONFIRM:
        messages.error(request, texts.DELETE_UNCONFIRMED)
        return HttpResponseRedirect(reverse("director", args=[record.id]) + "#archive")
    archive.delete(record.id)
    messages.success(request, texts.DELETED)
    return HttpResponseRedirect(reverse("home"))


@login_required
@require_safe
def download_archive(request: HttpRequest, game_id: str) -> HttpResponse:
    """The game's archive file (every event: the director's alone)."""
    record = directed_game_or_404(request, game_id)
    return _download(
        archive.as_text(archive.export_game(record.id)),
        texts.ARCHIVE_FILENAME.format(game=record.id),
        "application/json",
    )


def chat_lines(chats: list[dict[str, Any]], zone: str) -> str:
    """The chats of a view as a text file: each group's name, then its messages in order."""
    out: list[str] = []
    for chat in chats:
        out.append(texts.CHATS_FILE_GROUP.format(name=chat["name"]))
        for m in chat["messages"]:
            at = clock.format_moment(m["at"], zone) if m.get("at") else ""
            out.append(texts.CHAT_FILE_LINE.format(at=at, by=m["by"], text=m["text"]))
        if not chat["messages"]:
            out.append(texts.CHATS_EMPTY)
        out.append("")
    return "\n".join(out) or texts.CHATS_EMPTY + "\n"


@require_safe
def download_chats(request: HttpRequest, game_id: str) -> HttpResponse:
    """The team chats this browser may read, as a text file, once the game has ended: a seat's
    own chats, or every chat for the director. Before the end, or for anyone else, the same
    404 as a missing game."""
    record = game_or_404(game_id)
    viewer: int | str
    if is_director(request, record):
        viewer = "director"
    else:
        held = held_seat(request.session, game_id)
        if held is None:
            raise Http404(texts.NO_GAME)
        record, viewer = held
    with SERVICE.reading(record.id, record.seq) as game:
        v = view(game, viewer, Window(chats=None))  # every message, not a page's latest
    if v.get("phase") != "ended":
        raise Http404(texts.CHATS_NOT_ENDED)
    return _download(
        chat_lines(v.get("chats", []), record.timezone),
        texts.CHATS_FILENAME.format(game=record.id),
        "text/plain",
    )


@require_safe
def finished(request: HttpRequest) -> HttpResponse:
    """The public list of finished games, each with its public page and its reveal file."""
    games = archive.finished()[:200]
    return render(request, "bansha/finished.html", {"games": games})
