"""The director's console: what the console page shows beside the god view (private links with
QR codes, reminders before a stage closes, one small form per director command), and the
「重新生成链接」 and 「我的游戏」 pieces. Like every page it renders engine views only; the
commands' effects are the engine's."""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import timedelta
from functools import lru_cache
from typing import Any

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_POST

from bansha import texts
from bansha.engine import RuleError, clock, director
from bansha.engine.events import DIRECTOR, PUBLIC
from bansha.engine.game import Game
from bansha.engine.views import seat_names, shown
from bansha.forum import bbcode
from bansha.service import devices, viewcache
from bansha.service.games import SERVICE
from bansha.store.models import GameRecord
from bansha.web import live
from bansha.web.access import directed_game_or_404
from bansha.web.rendering import phase_zh

CARD_ANNOUNCEMENT = re.compile(r"card_(blue|yellow|red|warning)(?:_upgrade)?")
"""The announcement of a card given (``card_yellow``) or reached by an upgrade (三蓝一黄)."""
FIELDS: dict[str, tuple[str, ...]] = {
    "card": ("player", "reason"),
    "concede": ("faction",),
    "substitute": ("player", "by"),
    "accelerate": (),
    "proxy": ("voter", "target"),
    "drown": ("living",),
    "execute": ("living",),
    "declare_for": ("player", "choice"),
}
"""The fields of each kind of director command's form (which players or factions it lists)."""


QR_CODES_KEPT = 4096
"""QR codes kept drawn per process (a few hundred games' seats); the oldest are drawn again."""


def command_confirm(game: Game, name: str) -> str:
    """What the console asks before sending a director command that others will see: that it is
    published at once (公示审核 holds only what a close resolves), or, while a close's drafts wait,
    that it joins them and may be taken back (撤销) until 发布."""
    joins = bool(game.ruleset.options.get("review")) and game.state.awaiting is not None
    return (texts.COMMAND_CONFIRM_JOINS if joins else texts.COMMAND_CONFIRM).format(name=name)


def command_forms(game: Game, god: dict[str, Any]) -> list[dict[str, Any]]:
    """One small form per director command the rule set's data lists, each with its fields and
    its confirmation (every one of them reaches the players or the public)."""
    out = []
    rs = game.ruleset
    skill = str(rs.data.get("declare_skill", ""))
    choices: list[str] = []
    if skill:
        for p in game.state.players:
            choices = next((list(la.choices) for la in game.legal(p.seat) if la.skill == skill), [])
            if choices:
                break
    for key in rs.director_commands():
        kind = director.KINDS.get(key)
        if kind is None or (kind == "declare_for" and not choices):
            continue
        name = director.label(key)
        out.append(
            {
                "id": key,
                "name": name,
                "kind": kind,
                "fields": FIELDS[kind],
                "red": key == director.RED_CARD,
                "choices": choices if kind == "declare_for" else [],
                "confirm": command_confirm(game, name),
            }
        )
    return out


@lru_cache(maxsize=QR_CODES_KEPT)
def qr_svg(link: str) -> SafeString:
    """A link's QR code as inline SVG (segno): a phone's camera opens the seat. Drawn once per
    link and process (about 4 ms each; a console shows one per seat on every load)."""
    return mark_safe(segno.make(link, error="m").svg_inline(scale=3, border=2))


def seat_links(request: HttpRequest, record: GameRecord) -> dict[str, Any]:
    """Every seat's private link for the console: link, QR code, the devices that opened it
    (each one's system and browser, how often, when last seen), and 「复制全部」's text."""
    rows = []
    opened = devices.of_links(record.id)
    names = named_seats(record)
    for seat, _, token in SERVICE.seat_links(record.id):
        name = names[seat]
        link = (
            request.build_absolute_uri(reverse("join", args=[record.id, token]))
            if token is not None
            else None
        )
        rows.append(
            {
                "seat": seat,
                "name": name,
                "link": link,
                "qr": qr_svg(link) if link else None,
                "devices": opened.get(seat, []),
            }
        )
    everything = "\n".join(
        texts.LINK_LINE.format(name=r["name"], link=r["link"]) for r in rows if r["link"]
    )
    return {"links": rows, "all_links": everything}


def named_seats(record: GameRecord) -> list[str]:
    """Each seat's name as every page gives it (a substitute's seat: 「原名（替补：新名）」)."""
    with SERVICE.reading(record.id, record.seq) as game:
        return seat_names(game)


def reminders(record: GameRecord, v: dict[str, Any], rs_data: dict[str, Any]) -> dict[str, Any]:
    """Who has still to act or vote before the stage closes, and texts ready to paste: a public
    one naming those who have not voted, a private line per player for their other acts."""
    waiting = v["god"]["waiting"]
    deadline = v.get("deadline")
    due = clock.format_moment(deadline, record.timezone) if deadline else ""
    stage = v.get("stage") or ""
    voters = [w["name"] for w in waiting if w["vote"]]
    public = (
        texts.REMIND_VOTE.format(stage=stage, deadline=due, names=texts.LIST_SEP.join(voters))
        if voters
        else ""
    )
    private = [  # one per player, each copied on its own into a private message to them
        {
            "name": w["name"],
            "text": texts.REMIND_ACT.format(
                name=w["name"], stage=stage, deadline=due, acts=texts.LIST_SEP.join(w["acts"])
            ),
        }
        for w in waiting
        if w["acts"]
    ]
    window = ""
    before = rs_data.get("remind_before")  # M103: 「在投票结束前一个半至两个小时之间提醒玩家投票」
    if deadline and before and voters:
        end = clock.parse_moment(deadline, clock.game_zone(record.timezone))
        early, late = int(max(before)), int(min(before))
        window = texts.REMIND_WINDOW.format(
            early=early,
            late=late,
            start=clock.format_local(end - timedelta(minutes=early), record.timezone),
            end=clock.format_moment(end - timedelta(minutes=late), record.timezone),
        )
    return {
        "waiting": waiting,
        "public": public,
        "private": private,
        "window": window,
        # nobody is offered a form while a close's drafts wait: the summary says so, not that
        # everyone acted
        "all_done": texts.AWAITING_PUBLISH
        if v.get("review", {}).get("awaiting")
        else (texts.ALL_DONE if not waiting else ""),
    }


@login_required
@require_POST
def reissue(request: HttpRequest, game_id: str) -> HttpResponse:
    """「重新生成链接」 for one seat: a new private link; the old one stops working at once."""
    record = directed_game_or_404(request, game_id)
    try:
        seat = int(request.POST.get("seat", ""))
        SERVICE.reissue(record.id, seat)
        messages.success(request, texts.LINK_REISSUED.format(name=named_seats(record)[seat]))
    except (RuleError, ValueError):
        messages.error(request, texts.BAD_PLAYER_OR_NUMBER)
    return HttpResponseRedirect(reverse("director", args=[record.id]) + "#links")


@login_required
@require_POST
def reissue_all(request: HttpRequest, game_id: str) -> HttpResponse:
    """「重新生成全部链接」 (a link list, a key or a database copy leaked): a new private link
    for every seat; every old one stops working at once."""
    record = directed_game_or_404(request, game_id)
    count = SERVICE.reissue_links(record.id)
    messages.success(request, texts.LINKS_REISSUED_GAME.format(links=count))
    return HttpResponseRedirect(reverse("director", args=[record.id]) + "#links")


@login_required
@require_POST
def sign_out_device(request: HttpRequest, game_id: str) -> HttpResponse:
    """「退出此设备」: one device of a seat's link holds the seat no more (its pages close at
    once); the link stays good (a leaked one is replaced with 「重新生成链接」)."""
    record = directed_game_or_404(request, game_id)
    try:
        device = int(request.POST.get("device", ""))
    except ValueError:
        device = -1
    label = next(
        (d.label for rows in devices.of_links(record.id).values() for d in rows if d.id == device),
        "",
    )
    link = devices.sign_out(record.id, device)
    if link is None:
        messages.error(request, texts.BAD_PLAYER_OR_NUMBER)
    else:
        live.recheck(record.id, link.seat)
        name = named_seats(record)[link.seat]
        messages.success(request, texts.DEVICE_SIGNED_OUT.format(name=name, label=label))
    return HttpResponseRedirect(reverse("director", args=[record.id]) + "#links")


def my_games(user: Any) -> list[dict[str, Any]]:
    """「我的游戏」: the games this director created, newest first, each with the director's own
    name for it, its rule set, when it was created and where it stands (归档 ones apart, 删除
    ones not at all) (from the god view's
    state: the director may see every stage)."""
    if not user.is_authenticated:
        return []
    out = []
    mine = GameRecord.objects.filter(
        owner=user, demo=False, deleted_at=None
    )  # deleted: off the list
    for record in mine.order_by("-created_at")[:50]:
        with SERVICE.reading(record.id, record.seq) as game:
            phase, stage = game.state.phase_label(), game.state.stage
            awaiting = game.state.awaiting is not None
        out.append({"record": record, "phase": phase, "stage": stage, "awaiting": awaiting})
    return out


def public_status(record: GameRecord) -> dict[str, Any]:
    """Where a game stands as the public sees it (its public view: a game whose last result is
    still awaiting publication is not 已结束 yet)."""
    with SERVICE.reading(record.id, record.seq) as game:
        v, _ = viewcache.current(record.id, game, PUBLIC)
    return {"ended": v["phase"] == "ended", "phase": v["phase"], "stage": v.get("stage", "")}


ABSENCE_STAGES_PER_PAGE = 8
"""Stages with absences on one page of the console's 「缺席记录」 (newest first; a two-week game
has dozens)."""


class AbsenceFold:
    """The director's events read for 「缺席记录」 (R-ALL-05: each closed stage's absences as the
    engine recorded them, director-only ``omission`` events, and the director's decisions on
    them), kept current by ``viewcache.folded``. Names are left to the reading (a substitute
    takes a seat's name).

    One seat's absence in one stage is one row, whatever number of skills it left unused: the
    engine records one ``omission`` per skill, and M103's 太医 offered 救药 and 毒药 in one
    太医行动 owes one answer (「收到通灵反馈后30分钟内女巫仍未给法官答复，视为放弃夜晚行动」, the
    penalty 「必须行使特权的角色未在规定时间内行使，将直接判作黄牌」: one 黄牌, not two)."""

    def __init__(self, game: Game, viewer: Any = DIRECTOR) -> None:
        self.stages: list[dict[str, Any]] = []
        """Every closed stage's phase, name and absences: one row per seat (the position of its
        first omission, the seat, the skills left unused, every omission's position), in order."""
        self.absent: list[int] = []
        """The indices in ``stages`` of those with an absence."""
        self.decided: dict[tuple[int, int], str] = {}
        """Each decided absence (its omission's position, the seat): the card given or 免罚."""
        self.missed: dict[int, int] = {}
        """How many absences each seat has (one a stage)."""

    def feed(self, game: Game, positions: Iterable[int]) -> None:
        """Read the director's events at ``positions`` (in order)."""
        events = game.events
        for i in positions:
            ev = events[i]
            d = ev.data
            if ev.kind == "stage_closed":
                self.stages.append(
                    {"phase": d.get("phase"), "stage": d.get("stage"), "rows": [], "seats": {}}
                )
            elif ev.kind == "omission" and self.stages:
                last = self.stages[-1]
                if not last["rows"]:
                    self.absent.append(len(self.stages) - 1)
                for seat in d["seats"]:
                    row = last["seats"].get(seat)
                    if row is None:
                        row = last["seats"][seat] = {
                            "position": i,
                            "seat": seat,
                            "skills": [],
                            "positions": [],
                        }
                        last["rows"].append(row)
                        self.missed[seat] = self.missed.get(seat, 0) + 1
                    row["skills"].append(str(d["skill"]))
                    row["positions"].append(i)
            elif ev.kind == "absence_decided":
                self.decided[(int(d["absence"]), int(d["seat"]))] = str(d["decision"])


def absences(game: Game, fold: AbsenceFold | None = None, page: Any = 1) -> dict[str, Any]:
    """「缺席记录」: each closed stage's absences as the engine recorded them (R-ALL-05: who was due
    to act or vote and submitted nothing), one row per seat and stage (``AbsenceFold``), newest
    stage first and ``ABSENCE_STAGES_PER_PAGE`` a page (``page``: which, as the console's query
    gives it), each with the post's penalty drafted (the rule set's ``absence_penalty``: the card
    and the clause; an act's when the seat also left an act unused), the confirmation its card
    asks for, and whether the director already gave it or waived it (免罚: a decision on any of
    the row's omissions, as an older console recorded one per skill). ``fold``: the director's
    events as read (else read here); ``missed``: each seat's number of absences in every stage."""
    if fold is None:
        fold = AbsenceFold(game)
        fold.feed(game, shown(game, DIRECTOR))
    rs = game.ruleset
    policy: dict[str, Any] = rs.data.get("absence_penalty") or {}
    names = seat_names(game)  # a substitute's seat: the first name with the new one, as every page
    pages = Paginator(fold.absent[::-1], ABSENCE_STAGES_PER_PAGE)
    listed = pages.get_page(page)
    out = []
    for k in listed.object_list:
        stage = fold.stages[k]
        rows = []
        for row in stage["rows"]:
            seat, skills = row["seat"], row["skills"]
            acts = [x for x in skills if x != "vote"]
            vote = not acts
            due = policy.get("vote" if vote else "act") or {}
            what = texts.LIST_SEP.join(rs.skills.get(x, {}).get("name", x) for x in acts)
            words = texts.ABSENCE_REASON_VOTE if vote else texts.ABSENCE_REASON_ACT
            decision = next(
                (fold.decided[(p, seat)] for p in row["positions"] if (p, seat) in fold.decided),
                None,
            )
            card = str(due["card"]) if due.get("card") else None
            rows.append(
                {
                    "position": row["position"],
                    "seat": seat,
                    "name": names[seat],
                    "what": what,
                    "vote": vote,
                    "card": card and director.label(card),
                    "card_id": card and director.command_id(card),
                    "confirm": command_confirm(game, director.label(card)) if card else "",
                    "clause": due.get("clause", ""),
                    "decision": decision and director.label(decision),
                    "waived": decision is not None
                    and director.command_id(decision) == director.WAIVE,
                    "reason": words.format(
                        phase=phase_zh(stage["phase"]),
                        stage=stage["stage"],
                        what=what,
                        clause=due.get("clause", ""),
                    ),
                }
            )
        out.append({"phase": stage["phase"], "stage": stage["stage"], "rows": rows})
    return {
        "stages": out,
        "count": len(fold.absent),
        "page": listed,
        "page_range": list(pages.get_elided_page_range(listed.number, on_each_side=2, on_ends=1))
        if pages.num_pages > 1
        else [],
        "missed": dict(fold.missed),
    }


def ledger(game: Game, missed: dict[int, int]) -> list[dict[str, Any]]:
    """The penalty ledger, one row per player: cards and warnings given (as they stand, upgrades
    included), absences recorded (``missed``: each seat's count, as ``absences`` gives it), and
    what the post says follows (two warnings: 淹死 or 替补)."""
    rs = game.ruleset
    policy: dict[str, Any] = rs.data.get("absence_penalty") or {}
    upgrade: dict[str, Any] = policy.get("upgrade") or {}
    rows = []
    names = seat_names(game)  # a substitute's seat: the first name with the new one, as every page
    for p in game.state.players:
        cards = {director.card_label(c): n for c, n in p.cards.items() if n}
        warnings = p.cards.get(director.CARD_COLOURS[director.WARNING], 0)
        advice = (
            upgrade.get("advice", "")
            if upgrade and warnings >= int(upgrade.get("count", 0) or 0) > 0
            else ""
        )
        rows.append(
            {
                "name": names[p.seat],
                "cards": cards,
                "absences": missed.get(p.seat, 0),
                "advice": advice,
                "alive": p.alive,
            }
        )
    return rows


class CardFold:
    """The public's events read for the forum post's 判罚记录: the cards and warnings announced so
    far, by seat (a card given at night is announced when the day begins, R-ALL-11), kept current
    by ``viewcache.folded``."""

    def __init__(self, game: Game, viewer: Any = PUBLIC) -> None:
        self.counts: dict[int, dict[str, int]] = {}
        """Each seat's announced cards and warnings: how many of each."""

    def feed(self, game: Game, positions: Iterable[int]) -> None:
        """Read the public's events at ``positions`` (in order)."""
        events = game.events
        for i in positions:
            ev = events[i]
            key = str(ev.data.get("key", "")) if ev.kind == "announcement" else ""
            color = CARD_ANNOUNCEMENT.fullmatch(key)
            if color is not None and "p" in ev.data.get("params", {}):
                name = director.card_label(color.group(1))
                row = self.counts.setdefault(int(ev.data["params"]["p"]), {})
                row[name] = row.get(name, 0) + 1


def forum_pieces(
    public: dict[str, Any], ledger_rows: list[list[str]], title: str, dialect: str
) -> dict[str, str]:
    """The pieces the director pastes into the thread (公示, 晨报, 票型, 揭秘, 判罚记录), from the
    public view only. The 晨报 is the morning's (M103 「晨报在讨论帖开门时发布」): offered in a
    day, empty otherwise (at night the page says it comes at daybreak, where it used to head the
    night's announcements 「第3夜晨报」)."""
    pieces = {**bbcode.everything(public, title, dialect), **bbcode.ledger(ledger_rows, dialect)}
    if not str(public.get("phase", "")).startswith("day"):
        pieces[texts.FORUM_PIECES["morning"]] = ""
    return pieces


def public_ledger(game: Game, fold: CardFold | None = None) -> list[list[str]]:
    """The penalty ledger as the public knows it: the cards and warnings announced so far (a card
    given at night is announced when the day begins, R-ALL-11), read from the public's events
    only (``fold``: as read, else read here); the rows the forum post's 判罚记录 shows."""
    if fold is None:
        fold = CardFold(game)
        fold.feed(game, shown(game, PUBLIC))
    names = seat_names(game)  # a substitute's seat: the first name with the new one, as every page
    return [
        [names[seat], texts.LIST_SEP.join(f"{card}×{n}" for card, n in cards.items())]
        for seat, cards in sorted(fold.counts.items())
    ]
