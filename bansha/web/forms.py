"""Reading the pages' forms into engine commands.

A form names players by seat number and leaves every list on 「请选择」 until the player picks;
what a command may do is the engine's to decide, so this only reads what was sent."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bansha import texts
from bansha.engine import Act, Close, Director, RuleError, Vote, director
from bansha.engine.ruleset import RuleSet
from bansha.web.messages import UntrustedCookieStorage

ABSTAIN = "abstain"
"""The vote form's value for 弃权 (an empty value is 「请选择」: nothing chosen)."""


def seat_value(raw: str, seats: int) -> int:
    """A seat number sent by a form; RuleError for anything else."""
    try:
        seat = int(raw)
    except ValueError:
        raise RuleError(texts.NO_SUCH_TARGET) from None
    if not 0 <= seat < seats:
        raise RuleError(texts.NO_SUCH_TARGET)
    return seat


def act_command(form: Any, seat: int, seats: int, rs: RuleSet, at: datetime) -> Act | Vote:
    """The act or vote a player's form asks for. A list left on 「请选择」 is refused here (an
    empty choice must never read as a default such as 弃权 or 同意)."""
    skill = form.get("skill", "")
    if skill == "vote":
        target = form.get("target", "")
        if not target:
            raise RuleError(texts.NOTHING_CHOSEN)
        return Vote(seat, None if target == ABSTAIN else seat_value(target, seats), at)
    if skill not in rs.skills:
        raise RuleError(texts.NO_SUCH_TARGET)
    targets = tuple(seat_value(t, seats) for t in form.getlist("targets") if t)
    choices = form.getlist("choice")
    if "" in choices or ("targets" in form and not targets):
        raise RuleError(texts.NOTHING_CHOSEN)
    text = form.get("text", "").strip() or None
    choice = ",".join(choices) if choices else text
    return Act(seat, skill, targets, choice, at)


def director_command_for(
    name: str, form: Any, seats: int, rs: RuleSet, at: datetime
) -> Close | Director:
    """The command a director's form asks for (ValueError: not a number). Players are seat
    numbers, factions their keys; what the command may do is the engine's to decide. ``name``:
    the command's id, or its label (a page rendered before the ids)."""
    name = director.command_id(name)
    if name == director.CLOSE_STAGE:
        return Close(at=at)
    if name == director.PUBLISH:
        edits = {
            key.removeprefix("draft-"): text
            for key, text in form.items()
            if key.startswith("draft-") and text.strip() != form.get("orig-" + key[6:])
        }
        return Director(director.PUBLISH, {"edits": edits}, at)
    if name == director.EXTEND:
        return Director(director.EXTEND, {"minutes": int(form.get("minutes") or 0)}, at)
    args: dict[str, Any] = {}
    if name == director.CONCEDE:
        faction = form.get("faction", "")
        if faction not in rs.factions:
            raise RuleError(texts.NOTHING_CHOSEN)
        args["faction"] = faction
    elif form.get("player"):
        args["seat"] = seat_value(form["player"], seats)
    for key in ("by", "reason", "choice"):
        if form.get(key):
            args[key] = form[key].strip()
    if form.get("faction_loses"):
        args["faction_loses"] = True
    if form.get("absence"):  # a card given for, or 免罚 of, a recorded absence
        args["absence"] = int(form["absence"])
    if name == director.PROXY:
        target = form.get("target", "")
        if not target:
            raise RuleError(texts.NOTHING_CHOSEN)
        args["target"] = None if target == ABSTAIN else seat_value(target, seats)
    return Director(name, args, at)


def stage_of(form: Any) -> int | None:
    """The stage (or the results awaiting publication) a stage-bound form was rendered for
    (``bansha.service.games.position``); None when the form is not bound to one."""
    raw = form.get("stage", "")
    if not raw:
        return None
    try:
        return int(raw)
    except ValueError:
        raise RuleError(texts.FORM_BROKEN) from None


TYPED_FIELDS = ("skill", "target", "text", "group", "room", "quote")
"""The fields of a player's forms a refused submission gives back to the page (with the ticked
targets): the act or vote, the picked target, the typed text, which chat or room, the floor
quoted."""
TYPED_LONGEST = 20000
"""The most characters of one field kept (a thread post may run long; the engine refuses what is
longer than its own limit, and the box then shows it again to be shortened)."""


def typed_back(post: Any, form: str) -> dict[str, Any]:
    """What a refused player's form (``form``: act, say, room or post) had picked, ticked and
    typed, to be shown again on the page that explains the refusal: nothing a player typed is
    lost (a post refused while the director settles, a chat line, last words, a vote's pick)."""
    out: dict[str, Any] = {"form": form}
    for key in TYPED_FIELDS:
        value = str(post.get(key, ""))[:TYPED_LONGEST]
        if value:
            out[key] = value
    targets = [int(t) for t in post.getlist("targets") if t.isdigit()][:50]
    out["targets"] = targets
    pick = out.get("target") or (str(targets[0]) if len(targets) == 1 else "")
    if pick:
        out["pick"] = pick  # the single list's choice (a vote's target, a one-target act's)
    return out


def typed_key(game_id: str) -> str:
    """The session key of what a refused form of ``game_id`` had typed (read once, by the next
    page of that game)."""
    return f"typed:{game_id}"


def keep_typed(request: Any, game_id: str, post: Any, form: str) -> None:
    """Keep what a refused form had typed for the page the player is sent back to: small picks
    beside the refusal's message in its cookie (no database write), longer texts in the
    session."""
    typed = typed_back(post, form)
    storage = getattr(request, "_messages", None)
    key = typed_key(game_id)
    if isinstance(storage, UntrustedCookieStorage) and storage.keep_typed(game_id, typed):
        if key in request.session:  # an older refusal's text is not shown instead
            del request.session[key]
        return
    request.session[key] = typed


def take_typed(request: Any, game_id: str) -> dict[str, Any]:
    """What a refused form of ``game_id`` had typed (once: a later page shows empty boxes)."""
    storage = getattr(request, "_messages", None)
    kept = storage.take_typed(game_id) if isinstance(storage, UntrustedCookieStorage) else None
    typed = request.session.pop(typed_key(game_id), None)  # a write only when it was there
    typed = kept if kept is not None else typed
    return typed if isinstance(typed, dict) else {}
