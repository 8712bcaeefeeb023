"""The one egress for information: every viewer's view, built from the events that viewer may see.

A player's view is the fold of the public events and the events addressed to that player; it is
never a copy of the full state with keys removed. The director's god view is a view too.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from bansha.engine.events import DIRECTOR, PUBLIC, Event
from bansha.engine.game import Game
from bansha.engine.ruleset import commitment_hash
from bansha.engine.state import Ballot, undone_positions
from bansha.mechanics.penalties import COLOR_BY_NAME
from bansha.mechanics.votes import current_ballots

CARD_NAMES = {color: name for name, color in COLOR_BY_NAME.items()}
"""blue → 蓝牌 ...: how a player's own penalty record is shown."""

Viewer = int | str
"""A seat number, ``"public"`` or ``"director"``."""


def _visible(ev: Event, viewer: Viewer) -> bool:
    if viewer == "director":
        return True
    if viewer == "public":
        return ev.to == PUBLIC
    assert isinstance(viewer, int)
    return ev.visible_to(viewer)


def shown(game: Game, viewer: Viewer) -> list[int]:
    """The positions of the events ``viewer``'s view is built from, in order: visible to the
    viewer, not undone (撤销), and, in 公示审核 mode, published (team chats excepted) unless the
    viewer is the director."""
    state = game.state
    events = game.events
    review = bool(game.ruleset.options.get("review"))
    pending = state.commands[0] if state.commands else len(events)  # unpublished from here
    cursor = pending if review and viewer != "director" else len(events)
    skipped = undone_positions(events) if state.undone_any else set()
    return [
        i
        for i, ev in enumerate(events)
        if i not in skipped and (i < cursor or ev.kind == "chat") and _visible(ev, viewer)
    ]


def digest(v: dict[str, Any]) -> str:
    """A page's version: a digest of the view itself, so it moves exactly when what the viewer
    sees changed (never for another player's private event, an unpublished draft, a private
    stage or a stage closing into one)."""
    body = json.dumps(v, sort_keys=True, default=str, check_circular=False, separators=(",", ":"))
    return hashlib.sha256(body.encode()).hexdigest()[:24]


def version(game: Game, viewer: Viewer) -> str:
    """The version of ``viewer``'s page (see :func:`digest`; a page that has just computed its
    view takes ``digest(view)`` instead of computing it twice)."""
    return digest(view(game, viewer))


def inputs(game: Game, viewer: Viewer) -> int:
    """A cheap fingerprint of everything ``viewer``'s view is computed from: the events it is
    built from, the viewer's legal acts, whether results await publication, and (after the end,
    for the reveal's timeline) the whole stream. Equal fingerprints mean equal views, so a live
    socket computes the view only when this moved; the view's digest then decides what is sent."""
    state = game.state
    legal = tuple(game.legal(viewer)) if isinstance(viewer, int) else ()
    tail = len(game.events) if state.ended or viewer == "director" else 0
    return hash((tuple(shown(game, viewer)), legal, state.awaiting is not None, tail))


def audience(ev: Event, seats: int) -> range | tuple[int, ...]:
    """The seats that may see ``ev``, by the same rule as :func:`view` (none for director-only
    events). Agents that keep their own memory receive exactly these events, nothing else."""
    to = ev.to
    if to == PUBLIC:
        return range(seats)
    if to == DIRECTOR:
        return ()
    assert isinstance(to, tuple)
    return to


def view(game: Game, viewer: Viewer) -> dict[str, Any]:
    """What ``viewer`` may see of ``game``: a JSON-ready dict in the rule post's words."""
    rs = game.ruleset
    names: list[str] = []
    out_public: list[int] = []
    me: dict[str, Any] = {}
    groups: dict[str, list[int]] = {}
    holders: dict[str, int | None] = {}
    results: list[dict[str, Any]] = []
    knows: list[dict[str, Any]] = []
    notices: list[dict[str, Any]] = []
    announcements: list[dict[str, Any]] = []
    votes: list[dict[str, Any]] = []
    chats: list[dict[str, Any]] = []
    acts: list[dict[str, Any]] = []
    stage: dict[str, Any] = {}
    commitment = None
    reveal = None
    winners: list[str] = []
    drafts: list[dict[str, Any]] = []
    record: list[dict[str, Any]] = []  # the viewer's own penalty cards
    thread: dict[int, list[dict[str, Any]]] = {}  # the discussion thread, by game day
    accelerated_day: int | None = None
    stage_day = 0
    ended = False
    state = game.state
    review = bool(rs.options.get("review"))
    pending = state.commands[0] if state.commands else len(game.events)  # unpublished from here
    events = game.events
    for i in shown(game, viewer):
        ev = events[i]
        k, d = ev.kind, ev.data
        if k == "game_created":
            names = list(d["players"])
        elif k == "substituted":
            names[d["seat"]] = d["name"]
        elif k == "stage_opened":
            stage = {"phase": _label(d), "stage": d["stage"], "deadline": d.get("deadline")}
            stage_day = int(d["day"])
            votes = []
        elif k == "commitment":
            commitment = d["hash"]
        elif k == "role_card" and isinstance(viewer, int):
            card = rs.role_card(d["role"], d["faction"])
            me = {**card, "skill_texts": card["skills"]}
            me["skills"] = [rs.skill_name(s) for s in d["skills"] if not rs.skills[s].get("hidden")]
        elif k == "role_set" and d["seat"] == viewer:
            me["role"] = rs.role_name(d["role"])
        elif k == "faction_set" and d["seat"] == viewer:
            me["faction"] = rs.faction_name(d["faction"])
        elif (
            k == "skill_gained" and d["seat"] == viewer and not rs.skills[d["skill"]].get("hidden")
        ):
            me.setdefault("skills", []).append(rs.skill_name(d["skill"]))
        elif k == "skill_lost" and d["seat"] == viewer and not rs.skills[d["skill"]].get("hidden"):
            name = rs.skill_name(d["skill"])
            me["skills"] = [s for s in me.get("skills", []) if s != name]
        elif k == "exited" and d["seat"] == viewer:
            me["out"] = True
        elif k == "known" and d["seat"] == viewer:
            knows.append({"players": d["about"], "word": d.get("word")})
        elif k == "group_set":
            groups[d["group"]] = list(d["members"])
        elif k == "result":
            results.append(
                {"skill": rs.skill_name(d["skill"]), "value": d["value"], "day": d.get("day")}
            )
        elif k == "notice":
            notices.append(
                {
                    "text": rs.render(d["key"], d.get("params", {}), names),
                    "key": d["key"],
                    "phase": stage.get("phase", "start"),
                }
            )
        elif k == "announcement":
            text = state.edits.get(i) or rs.render(d["key"], d.get("params", {}), names)
            announcements.append(
                {
                    "text": text,
                    "key": d["key"],
                    "phase": d.get("phase") or stage.get("phase", "start"),
                }
            )
            if review and i >= pending:
                drafts.append({"position": i, "text": text})
            out_public.extend(d.get("exits", []))
            holders.update(d.get("holders", {}))
        elif k == "chat":
            chats.append(
                {
                    "group": d["group"],
                    "by": d["seat"],
                    "text": d["text"],
                    "at": d.get("at"),
                    "phase": stage.get("phase", "start"),
                }
            )
        elif k == "voted":
            votes.append({"by": d["seat"], "for": d["target"], "at": d.get("at")})
        elif k == "flag" and d["key"] == "accelerated":  # public: 进程加速
            accelerated_day = d["value"]
        elif k == "acted" and viewer != "public":
            acts.append(
                {
                    "by": d["seat"],
                    "skill": rs.skill_name(d["skill"]),
                    "targets": list(d["targets"]),
                    "choice": d.get("choice"),
                }
            )
        elif k == "posted":
            vote = d.get("vote")
            thread.setdefault(int(d["day"]), []).append(
                {
                    "floor": d["floor"],
                    "seat": d["seat"],
                    "text": d["text"],
                    "quote": d.get("quote"),
                    "at": d.get("at"),
                    "vote": _vote_note(vote)
                    if vote
                    else ("申请加速" if d.get("accelerate") else None),
                }
            )
        elif k == "card" and d["seat"] == viewer:
            record.append(
                {
                    "card": CARD_NAMES.get(d["color"], d["color"]),
                    "upgrade": bool(d.get("upgrade")),
                    "phase": stage.get("phase", "start"),
                }
            )
        elif k == "game_ended":
            winners = [rs.faction_name(f) for f in d["winners"]]
            ended = True
        elif k == "reveal":
            reveal = d
    out_set = set(out_public)
    result: dict[str, Any] = {
        "ruleset": rs.id,
        "title": rs.title,
        "viewer": viewer if not isinstance(viewer, int) else names[viewer],
        "timezone": str(rs.options["timezone"]),  # R-ALL-10: deadlines are local to it
        **stage,
        "players": [{"seat": i, "name": n, "out": i in out_set} for i, n in enumerate(names)],
        "holders": {
            rs.status_name(s): (names[h] if h is not None else None) for s, h in holders.items()
        },
        "announcements": announcements,
        "votes": [
            {**v, "by": names[v["by"]], "for": None if v["for"] is None else names[v["for"]]}
            for v in votes
        ],
        "standing": standing(
            [Ballot(v["by"], v["for"], None) for v in votes],
            accelerated_day is not None and accelerated_day == stage_day,
            names,
        ),
        "commitment": commitment,
        "winner": winners,
        "thread": {
            day: [{**p, "by": names[p["seat"]]} for p in posts] for day, posts in thread.items()
        },
    }
    if reveal is not None:
        # R-ALL-02: anyone can check the deal against the commitment published at the start
        verified = (
            commitment is not None
            and reveal.get("dealt") is not None
            and commitment_hash(list(reveal["dealt"]), str(reveal["nonce"])) == commitment
        )
        result["reveal"] = {**reveal, "verified": verified, "timeline": timeline(game)}
    if ended:
        result["phase"] = "ended"
        result["stage"] = ""
    if review and viewer != "director" and state.awaiting is not None:
        result["stage"] = "结算中，等待导演发布公示"
    if isinstance(viewer, int):
        result["me"] = me
        result["groups"] = {
            rs.data.get("groups", {}).get(g, g): [names[s] for s in m] for g, m in groups.items()
        }
        result["results"] = results
        group_names = rs.data.get("groups", {})
        result["chats"] = [
            {
                "key": g,
                "name": group_names.get(g, g),
                "can_speak": viewer in members and not me.get("out"),
                "messages": [{**c, "by": names[c["by"]]} for c in chats if c["group"] == g],
            }
            for g, members in groups.items()
            if viewer in members
        ]
        result["knows"] = [
            {"players": [names[x] for x in k["players"]], "word": k["word"]} for k in knows
        ]
        result["notices"] = notices
        result["penalties"] = record
        result["acts"] = [
            {**a, "by": names[a["by"]], "targets": [names[t] for t in a["targets"]]} for a in acts
        ]
        result["legal"] = [
            {
                "skill": rs.skill_name(la.skill),
                "targets": [names[t] for t in la.targets],
                "count": la.picks,
                "choices": list(la.choices),
                "text": la.text,
                "slots": la.slots,
                "rare": la.rare,
                "must_include": [names[t] for t in la.must_include],
                "key": la.skill,
                "slot_numbers": list(range(1, la.slots + 1)),
                "all_targets": [names[t] for t in (*la.must_include, *la.targets)],
            }
            for la in sorted(game.legal(viewer), key=lambda la: la.rare)  # declarations last
        ]
    if viewer == "director":
        result["god"] = god_view(game)
        last = state.commands[-1] if state.commands else None
        result["review"] = {
            "on": review,
            "awaiting": state.awaiting is not None,
            "drafts": drafts,
            "undo": None if last is None else game.events[last].data.get("name"),
        }
        result["notices"] = notices
        result["chats"] = [
            {
                "key": g,
                "name": rs.data.get("groups", {}).get(g, g),
                "can_speak": False,
                "messages": [{**c, "by": names[c["by"]]} for c in chats if c["group"] == g],
            }
            for g in sorted({c["group"] for c in chats} | set(groups))
        ]
    return result


def _label(d: dict[str, Any]) -> str:
    if d["phase"] in ("day", "night"):
        return f"{d['phase']} {d['day']}"
    return str(d["phase"])


def _vote_note(vote: dict[str, Any]) -> str:
    """How a vote post was read: 「投票：甲」「改票：乙」「弃权」 or 「废票：原因」."""
    if vote.get("error"):
        return f"废票：{vote['error']}"
    if vote["kind"] == "abstain":
        return "弃权"
    return f"{'改票' if vote['kind'] == 'change' else '投票'}：{vote['target']}"


def timeline(game: Game) -> list[dict[str, Any]]:
    """The whole game stage by stage for the reveal (揭秘): every act with its targets, every
    private result, every resolution step and every exit (team chats stay private).

    Only a view that contains the ``reveal`` event (the game is over, and published) includes it.
    """
    rs, s = game.ruleset, game.state
    names = [p.name for p in s.players]
    causes: dict[str, str] = rs.data.get("causes", {})
    skipped = undone_positions(game.events) if s.undone_any else set()
    out: list[dict[str, Any]] = [{"phase": "start", "stage": "", "lines": []}]
    for i, ev in enumerate(game.events):
        if i in skipped:
            continue
        k, d = ev.kind, ev.data
        lines: list[str] = out[-1]["lines"]
        if k == "stage_opened":
            out.append({"phase": _label(d), "stage": d["stage"], "lines": []})
        elif k == "role_card":
            lines.append(f"{names[d['seat']]}：{rs.role_name(d['role'])}")
        elif k == "acted" and d["skill"] != "last_words":
            targets = "、".join(names[t] for t in d.get("targets", []))
            choice = f"（{d['choice']}）" if d.get("choice") else ""
            how = "（随机）" if d.get("random") else ""
            lines.append(f"{names[d['seat']]}【{rs.skill_name(d['skill'])}】{targets}{choice}{how}")
        elif k == "result":
            lines.append(f"{names[d['seat']]}得知【{rs.skill_name(d['skill'])}】：{d['value']}")
        elif k == "trace" and "lines" in d:
            lines.extend(f"· {line}" for line in d["lines"])
        elif k == "exited":
            cause = str(d.get("cause", ""))
            lines.append(f"{names[d['seat']]}出局（{causes.get(cause, cause)}）")
        elif k in ("role_set", "faction_set"):
            word = rs.role_name(d["role"]) if k == "role_set" else rs.faction_name(d["faction"])
            lines.append(f"{names[d['seat']]}变为{word}")
    return [entry for entry in out if entry["lines"]]


def god_view(game: Game) -> dict[str, Any]:
    """The director's view of the state: every role, faction, status, group and pending act."""
    rs, s = game.ruleset, game.state
    names = [p.name for p in s.players]
    skipped = undone_positions(game.events) if s.undone_any else set()
    return {
        "players": [
            {
                "name": p.name,
                "role": rs.role_name(p.role) if p.role else None,
                "faction": rs.faction_name(p.faction) if p.faction else None,
                "alive": p.alive,
                "skills": sorted(rs.skill_name(x) for x in p.skills),
                "exit": p.exit_cause,
                "results": list(p.results),
                "cards": dict(p.cards),
            }
            for p in s.players
        ],
        "groups": {g: [names[x] for x in m] for g, m in s.groups.items()},
        "holders": {
            rs.status_name(k): (names[v] if v is not None else None) for k, v in s.holders.items()
        },
        "acts": [
            {
                "by": names[a.seat],
                "skill": rs.skill_name(a.skill),
                "targets": [names[t] for t in a.targets],
                "choice": a.choice,
            }
            for a in s.acts.values()
        ],
        "exit_order": [names[x] for x in s.exit_order],
        "trace": [
            {"title": e.data.get("title", e.kind), "lines": list(e.data.get("lines", []))}
            for i, e in enumerate(game.events)
            if e.kind == "trace" and "lines" in e.data and i not in skipped
        ],
        "pending": [
            names[p.seat] for p in s.players if game.legal(p.seat) and not _has_acted(s, p.seat)
        ],
        "tally": _standing(s, names),
        "lost": [rs.faction_name(f) for f in s.lost],
        "winner": [rs.faction_name(f) for f in s.winners],
    }


def _has_acted(s: Any, seat: int) -> bool:
    return any(a.seat == seat for a in s.acts.values()) or seat in s.ballot_counts


def standing(ballots: list[Ballot], accelerated: bool, names: list[str]) -> dict[str, str | None]:
    """Each voter's standing vote this stage by name (None: 弃权): the last one, or the first when
    the day is accelerated (changes void); weights and thresholds stay the rule set's."""
    return {
        names[voter]: None if target is None else names[target]
        for voter, target in current_ballots(ballots, accelerated).items()
    }


def _standing(s: Any, names: list[str]) -> dict[str, int]:
    """Standing ballots per candidate this stage, as counts (弃权 for abstentions)."""
    out: dict[str, int] = {}
    accelerated = s.flags.get("accelerated") == s.day
    for target in standing(s.ballots, accelerated, names).values():
        key = target or "弃权"
        out[key] = out.get(key, 0) + 1
    return out
