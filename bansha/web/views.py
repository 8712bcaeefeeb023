"""Page views: each renders an engine view and submits commands through the service layer.

Who may see what is decided here only as "which viewer is this request": a seat (from the session,
after the private link was exchanged), the game's director (login), or the public. The content of
every page comes from ``bansha.engine.views.view`` for that viewer.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import get_script_prefix, reverse
from django.utils import timezone
from django.views.decorators.http import require_POST
from django_ratelimit.decorators import ratelimit

from bansha import texts
from bansha.datafiles.loader import decode
from bansha.engine import Close, Director, RuleError, Say, director
from bansha.engine.events import DIRECTOR, PUBLIC
from bansha.engine.views import CHAT_SHOWN, PAGE, Window, version
from bansha.forum import bbcode
from bansha.names import SEAT_NAMES
from bansha.rulesets import UPLOAD_LIMITS, builtin_ids, find_ruleset
from bansha.service import archive, team, viewcache
from bansha.service.games import SERVICE, AlreadyCreated, position, token_hash
from bansha.store.models import GameRecord, SeatRecord
from bansha.web import console, newgame, rooms, signup, start_time, team_views
from bansha.web.access import (
    commands,
    directed_game_or_404,
    game_or_404,
    held_seat,
    hold_seat,
    player_or_404,
    substituted,
    watched_game_or_404,
)
from bansha.web.clients import submitter
from bansha.web.errors import seat_gone
from bansha.web.forms import act_command, director_command_for, keep_typed, stage_of, take_typed
from bansha.web.jinja import Skeleton, skeleton, url

DEMO_NAMES = [texts.DEMO_SELF, *SEAT_NAMES[:19]]
FORM_KEY_LENGTH = 40
"""The longest new-game form key kept with a game (the form's own keys are 22 characters)."""


def home(request: HttpRequest) -> HttpResponse:
    """The first page: one click starts a demo game against bots."""
    rulesets = [(rid, find_ruleset(rid).title) for rid in builtin_ids()]
    games = [
        {"record": record, "ended": console.public_status(record)["ended"]}
        for record in archive.listed().order_by("-created_at")[:20]
    ]
    mine = console.my_games(request.user)
    return render(request, "bansha/home.html", {"rulesets": rulesets, "games": games, "mine": mine})


@require_POST
@ratelimit(key="ip", rate="10/m", block=True)
def demo_new(request: HttpRequest) -> HttpResponse:
    """A demo game: bots in every seat but the first, which this browser takes."""
    rid = request.POST.get("ruleset", "m103")
    if rid not in builtin_ids():
        raise Http404(texts.NO_RULESET)
    rs = find_ruleset(rid)
    names = DEMO_NAMES[: rs.player_count]
    created = SERVICE.create(
        rid,
        names,
        demo=True,
        bots=tuple(range(1, len(names))),
        owner=request.user if request.user.is_authenticated else None,
    )
    gid = created.record.id
    hold_seat(request, gid, 0, token_hash(created.tokens[0]))
    SERVICE.run_bots(gid)
    return HttpResponseRedirect(reverse("player", args=[gid]))


@ratelimit(key="ip", rate="30/m", block=True)
def join(request: HttpRequest, game_id: str, token: str) -> HttpResponse:
    """Exchange a private link for a session, then leave the token out of the URL. A browser
    that holds another seat of the game is asked first (「你当前是1号（甲），要切换为3号（丙）吗？」,
    answered by a POST); a substituted-out player's old link says so plainly."""
    key = token_hash(token)
    seat = SeatRecord.objects.filter(game_id=game_id, token_hash=key, revoked=False).first()
    if seat is None:  # a wrong, old or reissued link: the player asks the director for the new one
        ended = substituted(game_id, key)
        if ended is not None:
            return seat_gone(request, ended)
        return render(request, "bansha/bad_link.html", status=404)
    record = seat.game
    held = held_seat(request.session, record.id)
    if held is not None and held[1] != seat.seat and request.method != "POST":
        current = SeatRecord.objects.filter(game_id=record.id, seat=held[1], revoked=False).first()
        now = texts.SEAT_LABEL.format(n=held[1] + 1, name=current.name if current else "")
        new = texts.SEAT_LABEL.format(n=seat.seat + 1, name=seat.name)
        return render(
            request,
            "bansha/switch_seat.html",
            {
                "record": record,
                "question": texts.SWITCH_SEAT.format(current=now, new=new),
                "yes": texts.SWITCH_SEAT_YES.format(new=new),
                "no": texts.SWITCH_SEAT_NO.format(current=now),
            },
        )
    request.session.cycle_key()
    hold_seat(request, record.id, seat.seat, key)
    return HttpResponseRedirect(url("player", record.id))


def public_page(request: HttpRequest, game_id: str) -> HttpResponse:
    """The public page: status, who is in, announcements, votes, the reveal after the end."""
    record = game_or_404(game_id)
    with SERVICE.reading(record.id, record.seq) as game:
        v, seq = viewcache.current(record.id, game, "public")
    crew = team.team(record) if "reveal" in v else []  # the reveal names the director team
    return render(
        request, "bansha/public.html", {"record": record, "v": v, "seq": seq, "team": crew}
    )


PAGES_KEPT = 512
"""Player pages kept rendered per process (``_kept_page``), the least recently used dropped."""
_pages: OrderedDict[tuple[object, ...], Skeleton] = OrderedDict()
_pages_lock = threading.Lock()


def _kept_page(key: tuple[object, ...], context: dict[str, Any]) -> Skeleton:
    """The player page of ``context`` as rendered to be kept (``jinja.Skeleton``), rendered once
    per ``key``: the game, the seat, the page's version (a digest of the seat's own view: equal
    versions, equal views), and everything else the page is written from. A kept page is only
    ever served again for that very seat of that game; it holds no request's values (CSRF
    token, form keys and flash messages are each request's own)."""
    with _pages_lock:
        kept = _pages.get(key)
        if kept is not None:
            _pages.move_to_end(key)
            return kept
    kept = skeleton("bansha/player.html", context)
    with _pages_lock:
        _pages[key] = kept
        while len(_pages) > PAGES_KEPT:
            _pages.popitem(last=False)
    return kept


def player_page(request: HttpRequest, game_id: str) -> HttpResponse:
    """A player's page: their role card, knowledge, results, forms for what they may do now.
    The page of a view rendered before for the same seat is served from that render with this
    request's own token and form keys (``_kept_page``), unless it shows a flash message or what
    a refused form had typed."""
    record, seat = player_or_404(request, game_id)
    every = request.GET.get("chats") == "all"  # "show all": every message of each chat
    with SERVICE.reading(record.id, record.seq) as game:
        v, seq = viewcache.current(record.id, game, seat, Window(chats=None) if every else PAGE)
    chat_limit = 0 if every else CHAT_SHOWN
    typed = take_typed(request, record.id)
    context = {
        "record": record,
        "v": v,
        "seat": seat,
        "seq": seq,
        "chat_limit": chat_limit,
        "typed": typed,
    }
    if every or typed or len(messages.get_messages(request)):
        return render(request, "bansha/player.html", context)
    key = (
        record.id,
        seat,
        seq,
        record.title,
        record.timezone,
        record.demo,
        get_script_prefix(),
    )
    return HttpResponse(_kept_page(key, context).fill(request))


@require_POST
@ratelimit(key=submitter, rate="120/m", block=True)
def player_act(request: HttpRequest, game_id: str) -> HttpResponse:
    """Submit an act or a vote from the player's page."""
    record, seat = player_or_404(request, game_id)
    with SERVICE.reading(record.id, record.seq) as game:
        rs = game.ruleset
        seats = len(game.state.players)
    try:
        cmd = act_command(request.POST, seat, seats, rs, timezone.now())
        landed = SERVICE.submit(
            record.id,
            cmd,
            key=request.POST.get("nonce") or None,
            actor=f"seat{seat}",
            seq=record.seq,
        )
        messages.success(request, texts.SUBMITTED if landed else texts.SUBMITTED_BEFORE)
    except RuleError as e:
        messages.error(request, e.message)
        keep_typed(request, record.id, request.POST, "act")
    if record.demo:
        SERVICE.run_bots(record.id)
    return HttpResponseRedirect(url("player", record.id))


@require_POST
@ratelimit(key=submitter, rate="120/m", block=True)
def player_say(request: HttpRequest, game_id: str) -> HttpResponse:
    """Post a message to one of the player's team chats."""
    record, seat = player_or_404(request, game_id)
    try:
        SERVICE.submit(
            record.id,
            Say(seat, request.POST.get("group", ""), request.POST.get("text", ""), timezone.now()),
            key=request.POST.get("nonce") or None,
            actor=f"seat{seat}",
            seq=record.seq,
        )
    except RuleError as e:
        messages.error(request, e.message)
        keep_typed(request, record.id, request.POST, "say")
    return HttpResponseRedirect(url("player", record.id) + "#chats")


@require_POST
@ratelimit(key=submitter, rate="120/m", block=True)
def demo_advance(request: HttpRequest, game_id: str) -> HttpResponse:
    """In a demo game the player closes the stage (no clock), then the bots play the next one."""
    record, seat = player_or_404(request, game_id)
    if not record.demo:
        raise Http404(texts.NO_GAME)
    try:
        with SERVICE.reading(record.id, record.seq) as game:
            seen = version(game, seat)
        if SERVICE.submit(
            record.id, Close(at=timezone.now()), key=request.POST.get("nonce") or None, actor="demo"
        ):
            # stages the player may not see (M103's private night stages) pass with the bots
            for _ in range(8):
                with SERVICE.reading(record.id) as game:
                    if game.state.ended or version(game, seat) != seen:
                        break
                SERVICE.run_bots(record.id)
                SERVICE.submit(record.id, Close(at=timezone.now()), actor="demo")
    except RuleError as e:
        messages.error(request, e.message)
    SERVICE.run_bots(record.id)
    return HttpResponseRedirect(url("player", record.id))


@login_required
def director_page(request: HttpRequest, game_id: str) -> HttpResponse:
    """The director's god view: roles, factions, groups, pending acts, every notice."""
    record = watched_game_or_404(request, game_id)
    dialect = request.GET.get("code", "discuz")
    if dialect not in bbcode.DIALECTS:
        dialect = "discuz"
    with SERVICE.reading(record.id, record.seq) as game:
        v, seq = viewcache.current(record.id, game, "director")
        public, _ = viewcache.current(record.id, game, "public")
        forms = console.command_forms(game, v["god"])
        at = {"stage": position(game), "review": position(game, Director(director.PUBLISH))}
        remind = console.reminders(record, v, game.ruleset.data)
        absent = console.absences(
            game,
            viewcache.folded(record.id, game, DIRECTOR, console.AbsenceFold),
            request.GET.get("absences") or 1,
        )
        ledger = console.ledger(game, absent["missed"])
        public_ledger = console.public_ledger(
            game, viewcache.folded(record.id, game, PUBLIC, console.CardFold)
        )
    return render(
        request,
        "bansha/director.html",
        {
            "record": record,
            "v": v,
            "command_forms": forms,
            "at": at,
            "remind": remind,
            "absences": absent,
            "ledger": ledger,
            **console.seat_links(request, record),
            "team_part": team_views.console_context(request, record),
            "can_command": commands(request.user, record),
            "spectator_link": rooms.spectator_link(request, record),
            "seq": seq,
            "god": json.dumps(v["god"], ensure_ascii=False, indent=1),
            "dialect": dialect,
            "dialects": bbcode.DIALECTS,
            # what goes to the forum thread is rendered from the public view only
            "forum": console.forum_pieces(public, public_ledger, record.title, dialect),
        },
    )


@login_required
@require_POST
def director_command(request: HttpRequest, game_id: str) -> HttpResponse:
    """A director's command (cards, substitutes, proxy votes, closing the stage now ...)."""
    record = directed_game_or_404(request, game_id)
    with SERVICE.reading(record.id, record.seq) as game:
        seats = len(game.state.players)
        rs = game.ruleset
    given = request.POST.get("command", "")
    key, name = director.command_id(given), director.label(given)
    try:
        if key == director.PAUSE:
            SERVICE.pause(record.id)
        elif key == director.RESUME:
            SERVICE.resume(record.id)
        else:
            cmd = director_command_for(key, request.POST, seats, rs, timezone.now())
            SERVICE.submit(
                record.id,
                cmd,
                key=request.POST.get("nonce") or None,
                actor=f"director:{request.user.get_username()}",  # who issued it
                seq=record.seq,
                stage=stage_of(request.POST),
            )
            if isinstance(cmd, Director) and cmd.name == director.SUBSTITUTE:
                token = SERVICE.reseat(record.id, int(cmd.args["seat"]), str(cmd.args["by"]))
                link = request.build_absolute_uri(reverse("join", args=[record.id, token]))
                messages.info(request, texts.SUBSTITUTE_LINK.format(link=link))
        messages.success(request, texts.DONE.format(name=name))
    except (RuleError, KeyError, ValueError) as e:
        messages.error(
            request, e.message if isinstance(e, RuleError) else texts.BAD_PLAYER_OR_NUMBER
        )
    back = reverse("director", args=[record.id])
    if request.POST.get("absence"):  # a decision on a recorded absence: back to its page
        page = request.POST.get("absences", "")
        back += (f"?absences={int(page)}" if page.isdigit() and int(page) > 1 else "") + "#absences"
    return HttpResponseRedirect(back)


@login_required
def game_new(request: HttpRequest) -> HttpResponse:
    """Create a game from a built-in rule set or an uploaded variant file. After an error the
    form comes back as it was typed, with the reason in Chinese."""
    rulesets = [find_ruleset(rid) for rid in builtin_ids()]
    context: dict[str, Any] = {
        "rulesets": [(rs.id, newgame.listed_title(rs)) for rs in rulesets],
        "start": start_time.fields(request.POST if request.method == "POST" else None),
        "option_sets": [(rs.id, rs.title, newgame.option_fields(rs)) for rs in rulesets],
        "uploaded": newgame.uploaded_boards(request.user),  # the director's own boards, again
        "typed": {},
        "signup_label": texts.SIGNUP_OPEN_LABEL,
    }
    if request.method == "POST":
        post = request.POST
        context["typed"] = {
            "ruleset": post.get("ruleset", ""),
            "board": post.get("board", ""),
            "players": post.get("players", ""),
            "label": post.get("label", ""),
            "clock": bool(post.get("clock")),
            "review": bool(post.get("review")),
            "signup": bool(post.get("signup")),
            "options": {k: v for k, v in post.items() if k.startswith("opt-")},
        }
        names = [n.strip() for n in post.get("players", "").splitlines() if n.strip()]
        variant = ""
        upload = request.FILES.get("variant")
        try:
            if upload is not None:  # read no more than a variant may hold, then check it
                variant = decode(upload.read(UPLOAD_LIMITS.max_bytes + 1), UPLOAD_LIMITS)
            elif post.get("board"):  # one of the director's own uploaded boards, by its name
                variant = newgame.uploaded_text(request.user, post["board"])
            rid = post.get("ruleset") or ("m103" if variant else "")  # a variant names its own
            if not rid:
                raise RuleError(texts.NEW_GAME_NO_RULESET)
            base = find_ruleset(rid if rid in builtin_ids() else "m103")
            options = newgame.read_options(post, base)
            if post.get("review"):
                options["review"] = True
            options.update(start_time.read(post))  # the zone, and the start if timed
            label = post.get("label", "").strip()
            if len(label) > 60:
                raise RuleError(texts.LABEL_TOO_LONG)
            if post.get("signup"):  # 报名: the players sign themselves up, the deal comes later
                return signup.opened(request, rid, options, variant, label)
            twice = newgame.duplicates(names)
            if twice:
                raise RuleError(texts.DUPLICATE_NAMES.format(names=texts.LIST_SEP.join(twice)))
            form_key = post.get("nonce", "")
            if len(form_key) > FORM_KEY_LENGTH or not form_key.isprintable():
                raise RuleError(texts.FORM_BROKEN)
            created = SERVICE.create(
                rid,
                names,
                options=options,
                owner=request.user,
                variant_yaml=variant,
                form_key=form_key,
            )
            if label:
                GameRecord.objects.filter(id=created.record.id).update(label=label)
        except AlreadyCreated as e:  # the same form again (a refresh, a back button): that game
            return HttpResponseRedirect(reverse("created", args=[e.record.id]))
        except RuleError as e:
            messages.error(request, e.message)
            return render(request, "bansha/new.html", context)
        return HttpResponseRedirect(reverse("created", args=[created.record.id]))
    return render(request, "bansha/new.html", context)


@login_required
def game_created(request: HttpRequest, game_id: str) -> HttpResponse:
    """「已开局」: where creating a game leads (Post/Redirect/Get: reloading it, as a phone does
    with a discarded tab, shows the same game's links again and deals nothing)."""
    record = directed_game_or_404(request, game_id)
    return render(
        request,
        "bansha/created.html",
        {"record": record, "open_links": True, **console.seat_links(request, record)},
    )
