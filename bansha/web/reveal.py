"""The reveal file (揭秘 JSON): what a player downloads after the game to check the deal against
the commitment published when the roles were dealt (R-ALL-02; ``bansha verify``)."""

from __future__ import annotations

import json
from urllib.parse import quote

from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from bansha import texts
from bansha.engine.commitment import reveal_file
from bansha.service import viewcache
from bansha.service.games import SERVICE
from bansha.web.access import game_or_404


@require_safe
def download(request: HttpRequest, game_id: str) -> HttpResponse:
    """The reveal file, built from the public view, so only once the public sees the reveal (in
    公示审核 mode: once it is published); before that the same 404 as a missing game."""
    record = game_or_404(game_id)
    with SERVICE.reading(record.id, record.seq) as game:
        public, _ = viewcache.current(record.id, game, "public")
    if "reveal" not in public:
        raise Http404(texts.NO_GAME)
    body = json.dumps(reveal_file(public), ensure_ascii=False, indent=2) + "\n"
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    name = quote(texts.REVEAL_FILENAME.format(game=record.id))
    response["Content-Disposition"] = f"attachment; filename*=UTF-8''{name}"
    return response
