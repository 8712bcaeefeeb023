"""The one egress for information: every viewer's view, built from the events that viewer may see.

A player's view is the fold of the public events and the events addressed to that player; it is
never a copy of the full state with keys removed. The director's god view is a view too.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Sequence
from typing import Any, Final

import orjson

from bansha import texts
from bansha.engine import director, trace
from bansha.engine import rooms as room_rules
from bansha.engine.commitment import reveal_matches, reveal_text
from bansha.engine.events import DIRECTOR, Event
from bansha.engine.game import Game
from bansha.engine.ruleset import VOTE, LegalAct, RuleSet
from bansha.engine.seat import (
    SeatPage,
    act_words,
    public_progress,
    result_entry,
    slot_rows,
    vote_rules,
    when_words,
)
from bansha.engine.state import Ballot, current_ballots, undone_positions

Viewer = int | str
"""A seat number, ``"public"`` or ``"director"``."""


def shown(game: Game, viewer: Viewer, start: int = 0) -> list[int]:
    """The positions (from ``start`` on, in order) of the events ``viewer`` (a seat, ``"public"``
    or ``"director"``) may see, by the one rule (:func:`recipients`)."""
    return [i for i, _ in recipients(game, Viewers((viewer,)), start) or ()]


class Viewers:
    """Several distinct viewers, sorted once for :func:`recipients`."""

    __slots__ = ("director", "everyone", "identity", "seat_index")

    def __init__(self, viewers: Sequence[Viewer]) -> None:
        director: list[int] = []
        everyone: list[int] = []
        seats: dict[int, int] = {}
        for k, viewer in enumerate(viewers):
            (director if viewer == DIRECTOR else everyone).append(k)
            if isinstance(viewer, int):
                seats[viewer] = k
        self.director = tuple(director)
        """The director's index, if among them (every event's recipient)."""
        self.everyone = tuple(everyone + director)
        """The recipients of a public event."""
        self.seat_index = [seats.get(x, -1) for x in range(max(seats, default=-1) + 1)]
        """Each seat's index (-1: not among them)."""
        self.identity = not director and self.seat_index == list(range(len(viewers)))
        """Whether the viewers are the seats 0, 1, … in order (each seat its own index)."""


def recipients(
    game: Game, viewers: Viewers, start: int = 0, stop: frozenset[str] | None = None
) -> list[tuple[int, Sequence[int]]] | None:
    """THE rule of what a viewer (a seat, ``"public"`` or ``"director"``) may see: the events
    addressed to the viewer (the director: all of them), not taken back by a 撤销, and, in 公示审核
    mode, published (team chats excepted) unless the viewer is the director. For each event from
    position ``start`` on that any of ``viewers`` may see: its position and those viewers' indices
    (as often as the event's audience names them).
    Every page, version, push, bot, simulator agent, thread import and console reads a game through
    it (:func:`shown`, :func:`visible_events`, :class:`Feed`). None if an event of a kind in
    ``stop`` is among them."""
    state = game.state
    events = game.events
    n = len(events)
    cursor = n
    if state.commands and game.ruleset.options.get("review"):
        cursor = state.commands[0]  # unpublished from here, for all but the director
    skipped = undone_positions(events, start) if state.undone_any else None
    director, everyone = viewers.director, viewers.everyone
    seat_index, identity = viewers.seat_index, viewers.identity
    seats = len(seat_index)
    out: list[tuple[int, Sequence[int]]] = []
    for i in range(start, n):
        ev = events[i]
        if stop is not None and ev.kind in stop:
            return None
        if skipped is not None and i in skipped:
            continue
        to = ev.to
        if to == DIRECTOR or (i >= cursor and ev.kind != "chat"):
            if director:
                out.append((i, director))
        elif isinstance(to, str):  # PUBLIC
            if everyone:
                out.append((i, everyone))
        elif identity and to and max(to) < seats:
            out.append((i, to))  # its seats are their own indices
        else:
            ks = [seat_index[x] for x in to if x < seats and seat_index[x] >= 0]
            if director:
                ks.extend(director)
            if ks:
                out.append((i, ks))
    return out


def visible_events(game: Game, viewer: Viewer, start: int = 0) -> list[Event]:
    """The events ``viewer`` may see (from position ``start`` on), in order: :func:`shown`'s."""
    events = game.events
    return [events[i] for i in shown(game, viewer, start)]


RESTART: Final = frozenset({"undone", "published"})
"""Events after which what a viewer may see is read again from the start: a 撤销 takes back
events already seen, a 发布 brings held-back events out in their places among the team chats
seen meanwhile."""


class Feed:
    """The events some viewers may see, kept current as a game grows: :meth:`update` gives the
    events added since the last call with the viewers they are for, or all of them again when
    what was given before changed (the first call, a 撤销, a 发布, a game rewound below what was
    read). What a viewer was given since the last start is then always ``shown(game, viewer)``."""

    __slots__ = ("last", "read", "restarts", "viewers")

    def __init__(self, viewers: Sequence[Viewer]) -> None:
        self.viewers = Viewers(viewers)
        self.read = 0
        """How many of the game's events were looked at (given or passed over)."""
        self.last: Event | None = None
        """The last of them: a game whose event there is another was rewound and grew again."""
        self.restarts = 0
        """How many times the positions were given again from the start."""

    def update(self, game: Game) -> tuple[bool, list[tuple[int, Sequence[int]]]]:
        """(whether everything given before is void, the events to give now: each position
        with the indices of the viewers it is for, as :func:`recipients` gives them)."""
        events = game.events
        read, n = self.read, len(events)
        if read == n and n and events[-1] is self.last:
            return False, []  # nothing new
        given = None
        if self.restarts and read <= n and (read == 0 or events[read - 1] is self.last):
            given = recipients(game, self.viewers, read, RESTART)
        again = given is None
        if given is None:
            self.restarts += 1
            given = recipients(game, self.viewers) or []
        self.read = n
        self.last = events[-1] if n else None
        return again, given


_DIGEST_OPTIONS: Final = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS


def digest(v: dict[str, Any]) -> str:
    """A page's version: a digest of the view itself, so it moves exactly when what the viewer
    sees changed (never for another player's private event, an unpublished draft, a private
    stage or a stage closing into one). Written by orjson with sorted keys (a seventh of the
    standard library's time on a long view); a view orjson cannot write (an integer beyond 64 bits)
    is written by the standard library instead."""
    try:
        body = orjson.dumps(v, default=str, option=_DIGEST_OPTIONS)
    except orjson.JSONEncodeError:
        text = json.dumps(v, sort_keys=True, default=str, separators=(",", ":"))
        body = text.encode()
    return hashlib.sha256(body).hexdigest()[:24]


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


CHAT_SHOWN: Final = 100
"""A team chat in a view carries its latest messages (a two-week QQ group runs to thousands); the
earlier ones are a page away (``Window``)."""


class Window:
    """Which part of a view's long histories a view carries: each team chat's latest ``chats``
    messages (None: all of them), and the discussion thread's floors of ``thread_day`` only
    (None: no floors, only each day's count). Every view also carries, for each of them, how
    long it is and a digest of all of it, so its version covers the whole history whatever the
    window."""

    __slots__ = ("chats", "thread_day")

    def __init__(self, chats: int | None = CHAT_SHOWN, thread_day: int | None = None) -> None:
        self.chats = chats
        self.thread_day = thread_day


class History:
    """An append-only list of a view's entries (a chat's messages, the thread's floors) and a
    digest of all of them, brought up to date only when asked for: a version that covers the
    whole history, whatever part of it a view carries."""

    __slots__ = ("digested", "entries", "running")

    def __init__(self) -> None:
        self.entries: list[dict[str, Any]] = []
        self.running = ""
        self.digested = 0

    def add(self, entry: dict[str, Any]) -> None:
        """Append one entry (never changed afterwards)."""
        self.entries.append(entry)

    def digest(self) -> str:
        """A digest of every entry so far, in order (equal histories, equal digests)."""
        running = self.running
        for entry in self.entries[self.digested :]:
            body = json.dumps(entry, sort_keys=True, default=str, separators=(",", ":"))
            running = hashlib.blake2b((running + body).encode(), digest_size=12).hexdigest()
        self.running, self.digested = running, len(self.entries)
        return running


PAGE = Window()
"""The window of a page and its version: the latest messages of each chat, no thread floors."""


def view(game: Game, viewer: Viewer, window: Window = PAGE) -> dict[str, Any]:
    """What ``viewer`` may see of ``game``: a JSON-ready dict in the rule post's words, with the
    part of its long histories ``window`` asks for."""
    fold = ViewFold(game.ruleset, viewer)
    fold.feed(game, shown(game, viewer))
    return fold.result(game, window)


class ViewFold:
    """The fold of the events a viewer may see into that viewer's view: :meth:`feed` reads events
    in order (all at once, or a few at a time as a game goes on), :meth:`result` builds the view
    from what was read and the game as it stands. Reading a game's events in one go or in several
    gives the same view (``bansha.engine.incremental`` relies on it; its test checks it)."""

    def __init__(self, rs: RuleSet, viewer: Viewer) -> None:
        self.rs = rs
        self.viewer = viewer
        self.names: list[
            str
        ] = []  # each seat's name as of the event being read (substitutes keep history)
        self.raw: list[
            str
        ] = []  # each seat's player as the state names them (the latest substitute)
        self.first: list[str] = []  # each seat's first player
        self.out_public: list[int] = []
        self.exit_shown: dict[int, str | None] = {}  # what each exit's announcement showed
        self.revealed: dict[int, str] = {}  # identities the announcements showed, by seat
        # the seat's own page: its card, results and record
        self.page = SeatPage(rs, viewer) if isinstance(viewer, int) else None
        self.moment: str | None = None  # the latest time the viewer saw (a notice's time)
        self.phase_now: tuple[str, int] = ("", 0)
        self.announced: list[dict[str, Any]] = []  # the announcements' data (the game's progress)
        self.god_results: dict[int, list[str]] = {}  # the director: each seat's result lines
        self.groups: dict[str, list[int]] = {}
        self.holders: dict[str, int | None] = {}
        self.told: dict[str, tuple[int | None, str]] = {}  # each skill's latest result: day, value
        self.knows: list[dict[str, Any]] = []
        self.notices: list[dict[str, Any]] = []
        self.announcements: list[dict[str, Any]] = []
        self.votes: list[dict[str, Any]] = []
        self.ballots: list[Ballot] = []
        self.chats: dict[str, History] = {}  # each team chat's messages, by group
        self.said: list[
            dict[str, Any]
        ] = []  # the rooms outside the teams (旁观灌水帖, 观剧楼, 联谊群)
        self.acts: list[dict[str, Any]] = []
        self.mine: dict[
            str, dict[str, Any]
        ] = {}  # this stage: the viewer's own standing act per skill
        self.team: dict[str, dict[str, Any]] = {}  # this stage: the team's standing pick per skill
        self.my_votes: list[dict[str, Any]] = []  # the viewer's votes and changes of the game day
        self.vote_day: tuple[str, int] = ("", -1)
        self.stage: dict[str, Any] = {}
        self.commitment: str | None = None
        self.reveal: dict[str, Any] | None = None
        self.winners: list[str] = []
        self.drafts: list[dict[str, Any]] = []
        self.record: list[dict[str, Any]] = []  # the viewer's own penalty cards
        self.thread: dict[int, list[dict[str, Any]]] = {}  # the discussion thread, by game day
        self.thread_all = History()  # every floor of every day, in order (its length and digest)
        self.traces: list[dict[str, Any]] = []  # the director's resolution traces
        self.accelerated_day: int | None = None
        self.stage_day = 0
        self.ended = False

    def feed(self, game: Game, positions: Iterable[int]) -> None:
        """Read the events at ``positions`` (in order, each after those read before)."""
        rs, viewer = self.rs, self.viewer
        state = game.state
        review = bool(rs.options.get("review"))
        pending = state.commands[0] if state.commands else len(game.events)  # unpublished from here
        events = game.events
        for i in positions:
            ev = events[i]
            k, d = ev.kind, ev.data
            if k == "game_created":
                self.names = list(d["players"])
                self.raw = list(d["players"])
                self.first = list(d["players"])
            elif k == "substituted":
                self.names[d["seat"]] = substitute_name(rs, self.first[d["seat"]], d["name"])
                self.raw[d["seat"]] = d["name"]
            elif k == "stage_opened":
                self.stage = {
                    "phase": _label(d),
                    "stage": d["stage"],
                    "deadline": d.get("deadline"),
                }
                self.stage_day = int(d["day"])
                self.phase_now = (str(d["phase"]), self.stage_day)
                self.moment = d.get("opened_at") or self.moment
                self.votes, self.ballots = [], []
                self.mine, self.team = {}, {}
                if (d["phase"], self.stage_day) != self.vote_day:
                    self.vote_day, self.my_votes = (d["phase"], self.stage_day), []
            elif k == "stage_closed":
                self.moment = d.get("at") or self.moment
            elif k == "commitment":
                self.commitment = d["hash"]
            elif k == "known" and d["seat"] == viewer:
                self.knows.append({"players": d["about"], "word": d.get("word")})
            elif k == "group_set":
                self.groups[d["group"]] = list(d["members"])
            elif k == "result":
                self.told[d["skill"]] = (d.get("day"), str(d["value"]))
                if viewer == "director":
                    line = result_entry(rs, d, self.names, self.phase_now)["text"]
                    self.god_results.setdefault(int(d["seat"]), []).append(line)
            elif k == "notice":
                notice = {
                    "text": rs.render(d["key"], d.get("params", {}), self.names),
                    "key": d["key"],
                    "phase": self.stage.get("phase", "start"),
                    "at": self.moment,
                    # the director sees whom each private notice went to
                    "to": [self.names[x] for x in ev.to]
                    if viewer == "director" and isinstance(ev.to, tuple)
                    else [],
                }
                self.notices.append(notice)
                if self.page is not None:
                    when = when_words(*self.phase_now)
                    where = str(self.stage.get("stage", ""))
                    self.page.note("notice", notice["text"], self.moment, when, where)
            elif k == "announcement":
                text = state.edits.get(i) or rs.render(d["key"], d.get("params", {}), self.names)
                self.announcements.append(
                    {
                        "text": text,
                        "key": d["key"],
                        "phase": d.get("phase") or self.stage.get("phase", "start"),
                    }
                )
                self.announced.append(d)
                if review and i >= pending:
                    self.drafts.append({"position": i, "text": text})
                shown_now = {int(seat): str(word) for seat, word in d.get("revealed", [])}
                for x in d.get("exits", []):
                    if x not in self.out_public:  # the identity the exit's own announcement showed
                        self.out_public.append(x)
                        self.exit_shown[x] = shown_now.get(x)
                self.revealed.update(shown_now)
                self.holders.update(d.get("holders", {}))
            elif k == "chat":
                self.chats.setdefault(d["group"], History()).add(
                    {
                        "group": d["group"],
                        "by": self.names[d["seat"]],
                        "text": d["text"],
                        "at": d.get("at"),
                        "phase": self.stage.get("phase", "start"),
                    }
                )
            elif k == "room_said":
                self.said.append(
                    {
                        "room": d["room"],
                        "by": d["name"] if d.get("seat") is None else self.names[d["seat"]],
                        "spectator": d.get("seat") is None,
                        "text": d["text"],
                        "at": d.get("at"),
                    }
                )
            elif k == "voted":
                target = None if d["target"] is None else self.names[d["target"]]
                self.votes.append(
                    {
                        "by": self.names[d["seat"]],
                        "for": target,
                        "at": d.get("at"),
                        "change": bool(d.get("change")),  # marked in every list of votes
                    }
                )
                self.ballots.append(Ballot(d["seat"], d["target"], None))
                if d["seat"] == viewer:
                    change = any(b.voter == viewer for b in self.ballots[:-1])
                    self.my_votes.append(
                        {
                            "stage": self.stage.get("stage", ""),
                            "for": target,
                            "at": d.get("at"),
                            "change": change,
                        }
                    )
            elif k == "flag" and d["key"] == "accelerated":  # public: 进程加速
                self.accelerated_day = d["value"]
            elif k == "acted" and viewer != "public":
                acted = {
                    "by": self.names[d["seat"]],
                    "skill": rs.skill_name(d["skill"]),
                    "targets": [self.names[t] for t in d["targets"]],
                    "choice": d.get("choice"),
                    "words": act_words(d, self.names),  # what was chosen, in words
                    "parts": str(d.get("choice") or "").split(","),
                }
                self.acts.append(acted)
                if d["seat"] == viewer:
                    self.mine[d["skill"]] = {**acted, "at": d.get("at")}
                if d.get("team"):  # a team act: its events reach the team only (R-M103-10 ...)
                    self.team[d["skill"]] = {**acted, "at": d.get("at")}
            elif k == "withdrawn" and d["seat"] == viewer:
                self.mine.pop(d["skill"], None)
            elif k == "posted":
                vote = d.get("vote")
                floor = {
                    "floor": d["floor"],
                    "seat": d["seat"],
                    "by": self.names[d["seat"]],
                    "text": d["text"],
                    "quote": d.get("quote"),
                    "at": d.get("at"),
                    "vote": _vote_note(vote)
                    if vote
                    else (texts.THREAD_ACCELERATE_NOTE if d.get("accelerate") else None),
                    "reading": vote,  # how the vote post was read (public, as the post is)
                }
                self.thread.setdefault(int(d["day"]), []).append(floor)
                self.thread_all.add({"day": int(d["day"]), **floor})
            elif k == "card" and d["seat"] == viewer:
                self.record.append(
                    {
                        "card": director.card_label(d["color"]),
                        "upgrade": bool(d.get("upgrade")),
                        "phase": self.stage.get("phase", "start"),
                    }
                )
            elif k == "game_ended":
                self.winners = [rs.faction_name(f) for f in d["winners"]]
                self.ended = True
            elif k == "reveal":
                self.reveal = d
                # the reveal names each seat by its latest player (a substitute's own name); key
                # order is not kept by every store, so seats are found by name
                seat_of = {name: i for i, name in enumerate(self.raw)}
                self.revealed.update((seat_of[n], str(r)) for n, r in d.get("roles", {}).items())
            elif k == "trace" and viewer == "director" and "lines" in d:
                self.traces.append(trace.words(rs, d))
            if self.page is not None:
                self.page.read(ev, self.names, self.stage, self.phase_now, self.moment)

    def floors(self, day: int) -> list[dict[str, Any]]:
        """The discussion thread's floors of game day ``day`` read so far, in order (what a view
        in ``Window(thread_day=day)`` carries; a floor once read never changes)."""
        return list(self.thread.get(day, ()))

    def beside(self, skill: str) -> dict[str, str] | None:
        """The result the viewer was told today (tonight) of the skill the act's data names
        ``beside`` (the 女巫's 刀口 beside 解药, the 太医's 通灵 beside 救药), or None."""
        key = self.rs.skills.get(skill, {}).get("beside")
        told = self.told.get(key) if key else None
        if told is None or told[0] != self.stage_day:
            return None
        return {"skill": self.rs.skill_name(str(key)), "value": told[1]}

    def result(self, game: Game, window: Window = PAGE) -> dict[str, Any]:
        """The view from the events read so far, with the part of its long histories ``window``
        asks for. Nothing of it is shared with the fold (reading on leaves it as it is)."""
        rs, viewer = self.rs, self.viewer
        state = game.state
        review = bool(rs.options.get("review"))
        out_set = set(self.out_public)
        result: dict[str, Any] = {
            "ruleset": rs.id,
            "title": rs.title,
            "viewer": viewer if not isinstance(viewer, int) else self.names[viewer],
            "timezone": str(rs.options["timezone"]),  # R-ALL-10: deadlines are local to it
            # before a stage the viewer may see has opened (公示审核 holding the opening): 开局
            "phase": "start",
            "stage": "",
            **self.stage,
            "players": [
                {"seat": i, "name": n, "out": i in out_set} for i, n in enumerate(self.names)
            ],
            "exits": [self.names[x] for x in self.out_public],  # in announcement order
            "revealed": {self.names[x]: word for x, word in sorted(self.revealed.items())},
            # each announced exit with the identity its announcement showed (None: none), as it
            # was published, whatever the reveal shows after the game
            "exit_shown": {self.names[x]: self.exit_shown.get(x) for x in self.out_public},
            "holders": {
                rs.status_name(s): (self.names[h] if h is not None else None)
                for s, h in self.holders.items()
            },
            "announcements": list(self.announcements),
            "votes": list(self.votes),
            "standing": standing(
                self.ballots,
                self.accelerated_day is not None and self.accelerated_day == self.stage_day,
                self.names,
            ),
            "commitment": self.commitment,
            "winner": list(self.winners),
            # the discussion thread: each day's number of floors, the floors of the window's day
            "thread": {day: self.floors(day) for day in self.thread if day == window.thread_day},
            "thread_days": {day: len(floors) for day, floors in self.thread.items()},
            "thread_digest": self.thread_all.digest(),
            # the game's progress where the post gives one (M186's mission score)
            "progress": public_progress(rs, self.announced),
        }
        if self.reveal is not None:
            # R-ALL-02: anyone can check the deal against the commitment published at the start
            result["reveal"] = {
                **self.reveal,
                "verified": reveal_matches(self.reveal, self.commitment),
                "committed": reveal_text(self.reveal),  # the text whose SHA-256 was published
                "timeline": timeline(game),
                # seat by seat, under the seat's label: a substitute's seat shows both names
                "table": [
                    {
                        "name": self.names[i],
                        "role": self.reveal.get("roles", {}).get(self.raw[i]),
                        "faction": self.reveal.get("factions", {}).get(self.raw[i]),
                    }
                    for i in range(len(self.names))
                ],
            }
        # who may write in each room, from what this viewer knows (an exit once announced, the end
        # once seen): the same rule the command is decided by (``engine/rooms.py``)
        result["rooms"] = []
        for key, room in room_rules.rooms(rs.data).items():
            allowed = room_rules.writers(room, self.ended)
            entry = {
                "key": key,
                "name": room["name"],
                "messages": [m for m in self.said if m["room"] == key],
                "spectators_write": "spectators" in allowed,
            }
            if isinstance(viewer, int):
                entry["can_write"] = ("dead" if viewer in out_set else "living") in allowed
            result["rooms"].append(entry)
        if self.ended:
            result["phase"] = "ended"
            result["stage"] = ""
        if isinstance(viewer, int) and self.page is not None:
            page = self.page
            result["me"] = page.card(self.names)
            result["groups"] = {
                rs.data.get("groups", {}).get(g, g): [self.names[s] for s in m]
                for g, m in self.groups.items()
            }
            result["results"] = list(page.results)
            result["record"] = list(
                page.record
            )  # the seat's record: acts, votes, results and notices
            group_names = rs.data.get("groups", {})
            result["chats"] = [
                {
                    "key": g,
                    "name": group_names.get(g, g),
                    "can_speak": viewer in members and not page.out,
                    **self._messages(g, window),
                }
                for g, members in self.groups.items()
                if viewer in members
            ]
            result["knows"] = [
                {"players": [self.names[x] for x in k["players"]], "word": k["word"]}
                for k in self.knows
            ]
            result["notices"] = list(self.notices)
            result["penalties"] = list(self.record)
            result["acts"] = list(self.acts)
            result["my_votes"] = list(self.my_votes)
            legal = sorted(game.legal(viewer), key=lambda la: la.rare)  # declarations last
            my_cast = sum(1 for b in self.ballots if b.voter == viewer)  # my votes this stage
            mine_vote: dict[str, Any] | None = None  # my standing vote this stage
            for cast in self.votes:
                if cast["by"] == self.names[viewer]:
                    mine_vote = cast
            result["legal"] = [
                {
                    "skill": rs.skill_name(la.skill),
                    "targets": [self.names[t] for t in la.targets],
                    "options": [
                        {"seat": t, "name": self.names[t]} for t in (*la.must_include, *la.targets)
                    ],
                    "final": bool(rs.skills.get(la.skill, {}).get("final")),
                    # the post lets the player give this act up: the form's 放弃, in its word
                    "decline": rs.words.get("decline", "")
                    if la.picks and rs.skills.get(la.skill, {}).get("declinable")
                    else "",
                    # the post's text of a skill the role card does not list (投票, 投降, 信仰魔女 ...)
                    "about": rs.skills.get(la.skill, {}).get("text", "")
                    if rs.skills.get(la.skill, {}).get("hidden")
                    else "",
                    # what the act does now, from the step that will count it (竞岗 on day 1)
                    "purpose": rs.act_about(state, la),
                    # what the viewer was told tonight that this act is about (刀口 beside 解药)
                    "beside": self.beside(la.skill),
                    # what I chose: my standing submission, and my team's standing pick (team acts
                    # reach the team only, so a post whose members may not know each other's
                    # submissions, bs46's rings, never shows one here)
                    "mine": mine_vote if la.skill == "vote" else self.mine.get(la.skill),
                    "team": self.team.get(la.skill) if la.skill != "vote" else None,
                    "count": la.picks,
                    "choices": list(la.choices),
                    "text": la.text,
                    "slots": la.slots,
                    "rare": la.rare,
                    "must_include": [self.names[t] for t in la.must_include],
                    "key": la.skill,
                    "slot_numbers": list(range(1, la.slots + 1)),
                    "slot_rows": slot_rows(la, self.names, self.mine.get(la.skill)),
                    "all_targets": [self.names[t] for t in (*la.must_include, *la.targets)],
                    # the rules beside a vote's form: the change rules, with their times
                    "rules": vote_rules(rs, self.stage.get("deadline"), my_cast)
                    if la.skill == "vote"
                    else [],
                    # a living player the form leaves out, and the post's reason
                    "unavailable": [
                        texts.UNAVAILABLE.format(name=self.names[t], why=why)
                        for t, why in rs.unavailable(state, viewer, la).items()
                    ],
                }
                for la in legal
            ]
            result["vote_status"] = vote_status(
                game, viewer, legal, page.out, my_cast, self.stage_day
            )
        if viewer == "director":
            result["god"] = god_view(game, self.traces, self.god_results)
            last = state.commands[-1] if state.commands else None
            result["review"] = {
                "on": review,
                "awaiting": state.awaiting is not None,
                "drafts": list(self.drafts),
                # what an undo would take back (never the opening: its drafts are published, not
                # taken back, so the button is not offered for it)
                "undo": None
                if last is None or last == state.opening
                else director.label(str(game.events[last].data.get("name"))),
            }
            result["notices"] = list(self.notices)
            result["chats"] = [
                {
                    "key": g,
                    "name": rs.data.get("groups", {}).get(g, g),
                    "can_speak": False,
                    **self._messages(g, window),
                }
                for g in sorted(set(self.chats) | set(self.groups))
            ]
        return result

    def _messages(self, group: str, window: Window) -> dict[str, Any]:
        """A team chat's messages as the window shows them (the latest ones), how many there are
        and a digest of all of them."""
        history = self.chats.get(group) or History()
        shown = history.entries if window.chats is None else history.entries[-window.chats :]
        return {"messages": list(shown), "total": len(history.entries), "digest": history.digest()}


def vote_status(
    game: Game, seat: int, legal: list[LegalAct], out: bool, cast: int, day: int
) -> list[str]:
    """Why a living seat has no vote form in a vote stage, in the rule set's own words: its vote
    is lost (M103's prince with ``once``, 预女猎白's revealed idiot) or its changes are used up."""
    s, rs = game.state, game.ruleset
    if out or s.awaiting is not None or s.stage_key not in rs.data.get("vote_stages", []):
        return []
    if any(la.skill == "vote" for la in legal):
        return []
    if not rs.may_vote(s, seat):
        return [texts.VOTE_LOST]
    if cast:
        return [texts.VOTE_ACCELERATED if s.accelerated == day else texts.VOTE_USED_UP]
    return []


RULE_ID = re.compile(
    # full-width brackets, commas and colons written as escapes: this is a pattern, not words
    r"\uff08R-[A-Z0-9]+-\d+[^\uff08\uff09]*\uff09"  # a full-width bracket around an id: all of it
    r"|[\uff0c,]\s*R-[A-Z0-9]+-\d+(?:/\d+)*(?=\uff09)"  # 「（……为准，R-M103-10/18）」: at a bracket's end
    r"|R-[A-Z0-9]+-\d+(?:/\d+)*[\uff1a:\uff0c, ]*"  # 「R-M103-12 竞岗：」: an id leading a line
)
"""A ruling id and its gloss, as the director's resolution trace cites them."""


def without_rule_ids(line: str) -> str:
    """A trace line for players (the reveal): the director's ruling ids (R-M103-10) left out."""
    return RULE_ID.sub("", line).strip()


def substitute_name(rs: RuleSet, first: str, current: str) -> str:
    """A substitute's seat after the substitution: 「原名（替补：新名）」, the data file's words."""
    return rs.word("substitute_name").format(first=first, current=current)


def seat_names(game: Game) -> list[str]:
    """Each seat's name now: the player's, or 「原名（替补：新名）」 for a substitute's seat."""
    created = game.events[0].data["players"] if game.events else []
    rs = game.ruleset
    return [
        p.name
        if p.seat >= len(created) or p.name == created[p.seat]
        else substitute_name(rs, str(created[p.seat]), p.name)
        for p in game.state.players
    ]


def _label(d: dict[str, Any]) -> str:
    if d["phase"] in ("day", "night"):
        return f"{d['phase']} {d['day']}"
    return str(d["phase"])


def _vote_note(vote: dict[str, Any]) -> str:
    """How a vote post was read: 「投票：甲」「改票：乙」「弃权」 or 「废票：原因」."""
    if vote.get("error"):
        meant = texts.VOTE_NOTE_MEANT.format(target=vote["target"]) if vote.get("target") else ""
        return texts.VOTE_NOTE_VOID.format(error=vote["error"], meant=meant)
    if vote["kind"] == "abstain":
        return texts.ABSTAIN
    note = texts.VOTE_NOTE_CHANGE if vote["kind"] == "change" else texts.VOTE_NOTE_VOTE
    return note.format(target=vote["target"])


def timeline(game: Game) -> list[dict[str, Any]]:
    """The whole game stage by stage for the reveal (揭秘): every act with its targets, every
    private result, every resolution step and every exit (team chats stay private).

    Only a view that contains the ``reveal`` event (the game is over, and published) includes it.
    """
    rs = game.ruleset
    names: list[str] = []
    first: list[str] = []
    causes: dict[str, str] = rs.data.get("causes", {})
    out: list[dict[str, Any]] = [{"phase": "start", "stage": "", "lines": []}]
    phase, day = "start", 0
    for ev in visible_events(game, DIRECTOR):  # the whole game, nothing taken back
        k, d = ev.kind, ev.data
        lines: list[str] = out[-1]["lines"]
        if k == "game_created":
            names, first = list(d["players"]), list(d["players"])
        elif k == "substituted":  # each act stays credited to whoever did it
            lines.append(rs.render("substituted", {"p": d["seat"]}, names))
            names[d["seat"]] = substitute_name(rs, first[d["seat"]], d["name"])
        elif k == "stage_opened":
            out.append({"phase": _label(d), "stage": d["stage"], "lines": []})
            phase, day = str(d["phase"]), int(d["day"])
        elif k == "role_card":
            lines.append(texts.REVEAL_IS.format(who=names[d["seat"]], what=rs.role_name(d["role"])))
        elif k == "acted" and d["skill"] != "last_words":
            how = texts.REVEAL_RANDOM if d.get("random") else ""
            what = act_words(d, names)
            skill = rs.skill_name(d["skill"])
            lines.append(
                texts.REVEAL_ACT.format(who=names[d["seat"]], skill=skill, what=what, how=how)
            )
        elif k == "result":
            line = result_entry(rs, d, names, (phase, day))["text"]
            lines.append(texts.REVEAL_RESULT.format(who=names[d["seat"]], line=line))
        elif k == "trace" and "lines" in d:
            lines.extend(
                texts.REVEAL_TRACE.format(line=without_rule_ids(ln)) for ln in trace.lines(rs, d)
            )
        elif k == "exited":
            cause = str(d.get("cause", ""))
            lines.append(
                texts.REVEAL_EXIT.format(who=names[d["seat"]], cause=causes.get(cause, cause))
            )
        elif k == "card" and not d.get("upgrade"):
            card = director.card_label(d["color"])
            lines.append(texts.REVEAL_IS.format(who=names[d["seat"]], what=card))
        elif k == "notice" and d["key"] == "card_reason" and isinstance(ev.to, tuple):
            lines.append(f"{names[ev.to[0]]} {rs.render(d['key'], d.get('params', {}), names)}")
        elif k in ("role_set", "faction_set"):
            word = rs.role_name(d["role"]) if k == "role_set" else rs.faction_name(d["faction"])
            lines.append(texts.REVEAL_BECAME.format(who=names[d["seat"]], what=word))
        elif k == "omission":  # R-ALL-05: who was due and submitted nothing, as the stage closed
            who = texts.LIST_SEP.join(names[x] for x in d["seats"])
            skill = rs.skills.get(d["skill"], {}).get("name", d["skill"])
            missed = texts.REVEAL_NO_VOTE if d["skill"] == "vote" else texts.REVEAL_NO_SKILL
            lines.append(missed.format(who=who, skill=skill))
        elif k == "absence_decided" and director.command_id(d["decision"]) == director.WAIVE:
            decision = director.label(director.WAIVE)
            lines.append(texts.REVEAL_ABSENCE.format(who=names[d["seat"]], decision=decision))
    return [entry for entry in out if entry["lines"]]


def god_view(
    game: Game,
    traces: list[dict[str, Any]] | None = None,
    results: dict[int, list[str]] | None = None,
) -> dict[str, Any]:
    """The director's view of the state: every role, faction, status, group and pending act.
    ``traces`` and ``results``: the resolution traces and each seat's result lines as the
    director's view fold read them (else read here)."""
    rs, s = game.ruleset, game.state
    names = seat_names(game)
    statuses = rs.statuses(s) if s.players and s.players[0].role else {}
    group_words: dict[str, str] = rs.data.get("groups", {})
    first = game.events[0].data["players"] if game.events else []
    causes: dict[str, str] = rs.data.get("causes", {})
    if results is None:
        results = god_results(game)
    dealt = s.dealt
    return {
        "players": [
            {
                "name": names[p.seat],
                "role": rs.role_name(p.role) if p.role else None,
                "faction": rs.faction_name(p.faction) if p.faction else None,
                "alive": p.alive,
                "skills": sorted(rs.skill_name(x) for x in p.skills),
                "exit": causes.get(p.exit_cause or "", p.exit_cause),
                "results": list(results.get(p.seat, [])),  # each with its subject and night
                "cards": {director.card_label(c): n for c, n in p.cards.items()},
                "statuses": [rs.status_name(x) for x in statuses.get(p.seat, [])],
                "groups": [group_words.get(g, g) for g, m in s.groups.items() if p.seat in m],
                "substitute": p.seat < len(first) and p.name != first[p.seat],
                # the role dealt, where it changed since (bs46's recovered undercover, XXXII's
                # accomplice)
                "dealt": rs.role_name(dealt[p.seat])
                if p.seat < len(dealt) and p.role and dealt[p.seat] != p.role
                else None,
            }
            for p in s.players
        ],
        "draws": rs.director_draws(s) if s.players and s.players[0].role else [],
        "factions": [
            {"key": f, "name": rs.faction_name(f)}
            for f in (rs.factions_in_play(s) if s.players and s.players[0].role else [])
            if f not in s.lost
        ],
        "waiting": waiting(game, names),
        "groups": {g: [names[x] for x in m] for g, m in s.groups.items()},
        "holders": {
            rs.status_name(k): (names[v] if v is not None else None) for k, v in s.holders.items()
        },
        "acts": [
            {
                "by": names[a.seat],
                "skill": rs.skill_name(a.skill),
                "targets": [names[t] for t in a.targets],
                # no target and no choice of an act the post lets a player give up: a 放弃
                "choice": rs.words.get("decline", "")
                if not a.targets
                and a.choice is None
                and rs.skills.get(a.skill, {}).get("declinable")
                else (texts.LIST_SEP.join(a.choice.split(",")) if a.choice else a.choice),
            }
            for a in s.acts.values()
        ],
        "exit_order": [names[x] for x in s.exit_order],
        "trace": [dict(t, lines=list(t["lines"])) for t in traces]
        if traces is not None
        else [
            trace.words(rs, e.data)
            for e in visible_events(game, DIRECTOR)
            if e.kind == "trace" and "lines" in e.data
        ],
        "pending": [w["name"] for w in waiting(game, names)],
        "tally": _standing(s, names),
        "lost": [rs.faction_name(f) for f in s.lost],
        "winner": [rs.faction_name(f) for f in s.winners],
    }


def god_results(game: Game) -> dict[int, list[str]]:
    """Each seat's result lines, with their subjects and nights (the events not taken back)."""
    rs = game.ruleset
    first = [str(n) for n in (game.events[0].data["players"] if game.events else [])]
    names = list(first)
    out: dict[int, list[str]] = {}
    phase, day = "start", 0
    for e in visible_events(game, DIRECTOR):
        if e.kind == "substituted":
            names[e.data["seat"]] = substitute_name(rs, first[e.data["seat"]], e.data["name"])
        elif e.kind == "stage_opened":
            phase, day = str(e.data["phase"]), int(e.data["day"])
        elif e.kind == "result":
            line = result_entry(rs, e.data, names, (phase, day))["text"]
            out.setdefault(int(e.data["seat"]), []).append(line)
    return out


def waiting(game: Game, names: list[str]) -> list[dict[str, Any]]:
    """Who has still to act or vote in this stage (尚未行动), for the director's reminders: the
    players who would be absent if the stage closed now (``RuleSet.absences``: a team act is done
    once any member submitted it; declarations such as 拍刀 and 投降 and a last-words right are
    nobody's duty). ``vote``: the player has not voted (votes are public, so a public reminder
    may name them); ``acts``: the skills still open (private)."""
    s, rs = game.state, game.ruleset
    if s.awaiting is not None or s.ended:
        return []
    due: dict[int, dict[str, Any]] = {}
    for skill, seats in rs.absences(s).items():
        for seat in seats:
            entry = due.setdefault(
                seat, {"seat": seat, "name": names[seat], "vote": False, "acts": []}
            )
            if skill == VOTE:
                entry["vote"] = True
            else:
                entry["acts"].append(rs.skill_name(skill))
    return [due[seat] for seat in sorted(due)]


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
    accelerated = s.accelerated == s.day
    for target in standing(s.ballots, accelerated, names).values():
        key = target or texts.ABSTAIN
        out[key] = out.get(key, 0) + 1
    return out
