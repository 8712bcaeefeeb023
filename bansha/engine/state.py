"""Game state and the fold that builds it from events.

The fold knows only generic event kinds; rule sets express everything through them, so any
rule set's game replays through this one function.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Final

from bansha.engine.events import Event
from bansha.engine.records import FrozenRecord, Record

HELD_ANNOUNCEMENTS: Final = "held_announcements"
"""The ``flag`` key of :attr:`State.held_announcements` (director-only)."""
LAST_WORDS_GIVEN: Final = "last_words_given"
"""The ``flag`` key of :attr:`State.last_words_given` (director-only)."""
LAST_WORDS_QUOTA: Final = "last_words_quota"
"""The ``flag`` key of :attr:`State.last_words_quota` (director-only)."""
CUT: Final = "phase_cut"
"""The ``flag`` key of :attr:`State.cut` (director-only)."""
ACCELERATION_ASKED: Final = "accelerate_requests:"
"""The ``flag`` key of :attr:`State.acceleration_asked` before its day (public)."""


class Player(Record):
    """One seat at the table and what the director knows of it."""

    FIELDS = (
        "seat",
        "name",
        "role",
        "faction",
        "alive",
        "skills",
        "counts_as",
        "exit_cause",
        "exit_day",
        "exit_phase",
        "results",
        "cards",
    )

    def __init__(
        self,
        seat: int,
        name: str,
        role: str = "",
        faction: str = "",
        alive: bool = True,
        skills: set[str] | None = None,
        counts_as: str | None = None,
        exit_cause: str | None = None,
        exit_day: int = 0,
        exit_phase: str = "",
        results: list[str] | None = None,
        cards: dict[str, int] | None = None,
    ) -> None:
        self.seat = seat
        self.name = name
        self.role = role
        self.faction = faction
        self.alive = alive
        self.skills: set[str] = set() if skills is None else skills
        self.counts_as = counts_as
        self.exit_cause = exit_cause
        self.exit_day = exit_day
        """The day number of the phase the player exited in (with ``exit_cause``)."""
        self.exit_phase = exit_phase
        """The phase (``day``, ``night``) the player exited in."""
        self.results: list[str] = [] if results is None else results
        self.cards: dict[str, int] = {} if cards is None else cards


class ActRecord(Record):
    """A submitted act in the current stage (the last submission stands)."""

    FIELDS = ("seat", "skill", "targets", "choice", "at", "seq")

    def __init__(
        self,
        seat: int,
        skill: str,
        targets: tuple[int, ...],
        choice: str | None,
        at: datetime | None,
        seq: int = 0,
    ) -> None:
        self.seat = seat
        self.skill = skill
        self.targets = targets
        self.choice = choice
        self.at = at
        self.seq = seq
        """The position of the ``acted`` event: which of several members' submissions came last."""


class Use(FrozenRecord):
    """One resolved use of a skill: a mechanic's memory (once per target, not two nights running,
    used up...) is read from these, typed, instead of from untyped flags."""

    FIELDS = ("day", "seat", "targets", "choice")

    def __init__(
        self, day: int, seat: int, targets: tuple[int, ...], choice: str | None = None
    ) -> None:
        self.day: Final = day
        self.seat: Final = seat
        self.targets: Final = targets
        self.choice: Final = choice


class Ballot(Record):
    """One vote or change (改票) in the current stage's vote history."""

    FIELDS = ("voter", "target", "at")

    def __init__(self, voter: int, target: int | None, at: datetime | None) -> None:
        self.voter = voter
        self.target = target
        self.at = at


def current_ballots(ballots: Iterable[Ballot], accelerated: bool) -> dict[int, int | None]:
    """Each voter's standing vote: the last one, or the first when changes are void (加速)."""
    out: dict[int, int | None] = {}
    for b in ballots:
        if accelerated and b.voter in out:
            continue
        out[b.voter] = b.target
    return out


@dataclass(slots=True, init=False)
class State:
    """Everything the engine knows of a game: the director's view before formatting.

    A dataclass for its fields' list, comparison and display; its constructor is written out
    (``__init__``) so that the compiled engine builds a state natively: a dataclass's generated
    ``__init__`` runs as interpreted code (``engine/records.py``), about 30,000 instructions a
    state, once for every game created or replayed."""

    ruleset: str = ""
    seed: int = 0
    """Every random draw comes from it (R-ALL-02): a game input, director-only until the reveal."""
    nonce: str = ""
    """The deal commitment's nonce (R-ALL-02): a game input like the seed, never derived from it
    in a real game."""
    options: dict[str, Any] = field(default_factory=dict)
    players: list[Player] = field(default_factory=list)
    phase: str = "setup"
    day: int = 0
    stage: str = ""
    stage_key: str = ""
    stage_private: tuple[int, ...] | None = None
    """A private stage's audience (None: a public stage)."""
    opened_at: datetime | None = None
    deadline: datetime | None = None
    closed_at: datetime | None = None
    """When the stage being resolved was closed (its deadline, or earlier or later)."""
    acts: dict[tuple[int, str], ActRecord] = field(default_factory=dict)
    team_acts: dict[str, ActRecord] = field(default_factory=dict)
    ballots: list[Ballot] = field(default_factory=list)
    ballot_counts: dict[int, int] = field(default_factory=dict)
    groups: dict[str, list[int]] = field(default_factory=dict)
    holders: dict[str, int | None] = field(default_factory=dict)
    marks: dict[str, set[int]] = field(default_factory=dict)
    used: dict[tuple[int, str], int] = field(default_factory=dict)
    exit_order: list[int] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    won: dict[str, int] = field(default_factory=dict)
    """Factions whose win is recorded while the game goes on → the day number it was recorded
    on (XXXII's witch: 「达成胜利条件时游戏不结束」, R-XXXII-12)."""
    winners: list[str] = field(default_factory=list)
    draws: int = 0
    pending: dict[str, Any] = field(default_factory=dict)
    pinned: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Hidden draws a scenario pinned when the game was created (``fixed``), by draw → seats."""
    pinned_deal: tuple[str, ...] = ()
    """A fixed deal that waits for a stage before the deal (XXXII's 信仰声明), role per seat."""
    dealt: tuple[str, ...] = ()
    """The roles as dealt, by seat (``dealt``), whatever a role became since (bs46's 身份恢复)."""
    dealt_players: tuple[str, ...] | None = None
    """The names the deal's commitment covers, by seat (None: not dealt yet, or dealt before
    scheme 2 named the players, R-ALL-02)."""
    accelerated: int | None = None
    """The day whose vote was accelerated (进程加速: 「进程加速后不允许改票，所有改票作废」), if any."""
    orders: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Hidden orders of seats drawn at setup (``order`` events, director-only), by name: bs46's
    rings (「环形顺序」, R-BS46-01) and ranks (「级别」, R-BS46-02)."""
    deck: tuple[str, ...] = ()
    """The cards still to be drawn, in drawing order (``deck`` events, director-only): M186's
    阵营转换牌 (R-M186-02: 「抽出后不放回」)."""
    held_announcements: list[dict[str, Any]] = field(default_factory=list)
    """Announcements kept for their moment (``mechanics/announce``: bs46's dawn), in order."""
    last_words_given: int = 0
    """How many last-words rights have been given (a board's quota counts them)."""
    last_words_quota: int | None = None
    """How many last-words rights the game gives at most (None: no limit), fixed at the deal."""
    cut: tuple[str, int] | None = None
    """The phase and day whose remaining stages were cut short (a day ended early: only its
    ``due:`` stages are still held)."""
    acceleration_asked: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """Who has asked for 进程加速 in the thread, by day (public, as every game recorded it)."""
    last_words: dict[int, str | None] = field(default_factory=dict)
    known: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    uses: dict[str, list[Use]] = field(default_factory=dict)
    """Every resolved use of each skill, in order (``skill_used`` events)."""
    announced: set[int] = field(default_factory=set)
    """Seats whose exit a public announcement has named (its ``exits``)."""
    told_out: dict[int, int] = field(default_factory=dict)
    """Seats that were told of their own exit → the position of the event that told them first:
    their ``exited`` event (always addressed to the seat itself) or a public announcement naming
    them. What a player may still do is decided from it (``engine/speech.py``), never from
    ``alive``, which the player may not know yet."""
    faction_moves: int = 0
    """How many faction changes there have been (win checks skip work when nothing moved)."""
    seq: int = 0
    published: int = 0
    """Review mode: the position of the last publication (发布)."""
    awaiting: str | None = None
    """Review mode: when the director's unpublished results began (None: nothing to publish)."""
    edits: dict[int, str] = field(default_factory=dict)
    """Review mode: announcement texts the director rewrote before publishing, by position."""
    floors: dict[int, int] = field(default_factory=dict)
    """The discussion thread's last floor, per game day."""
    blue: dict[int, int] = field(default_factory=dict)
    """XXXII: each seat's 蓝字 posts in the current stage."""
    vote_floors: dict[int, int] = field(default_factory=dict)
    """The floors of the current vote stage's vote posts that counted → their authors' seats (what
    a change quotes, M103 「改票时必须引用原投票帖」)."""
    opening: int = -1
    """Review mode: the position of the marker that holds the opening's announcements (a 撤销
    cannot take the opening back)."""
    commands: list[int] = field(default_factory=list)
    undone_any: bool = False
    """Whether any 撤销 happened (views then skip the events taken back)."""
    """Review mode: where each unpublished director command or stage close began (what 撤销 takes
    back); players see nothing from the first of them on but team chats."""
    living_cache: tuple[int, ...] | None = None
    outcome_basis: tuple[Any, ...] | None = None
    """A rule set's memo of what its last win/loss check saw (not part of the game's facts)."""
    label_kept: tuple[str, int, str] | None = field(default=None, compare=False, repr=False)
    """The phase, day and text :meth:`phase_label` gave last (not part of the game's facts)."""

    def __init__(self, players: list[Player] | None = None) -> None:
        """An empty game (before ``game_created``), seated with ``players`` if given. Every field
        takes the default its declaration above names."""
        self.ruleset = ""
        self.seed = 0
        self.nonce = ""
        self.options = {}
        self.players = [] if players is None else players
        self.phase = "setup"
        self.day = 0
        self.stage = ""
        self.stage_key = ""
        self.stage_private = None
        self.opened_at = None
        self.deadline = None
        self.closed_at = None
        self.begin_stage()  # what one stage keeps, empty
        self.groups = {}
        self.holders = {}
        self.marks = {}
        self.used = {}
        self.exit_order = []
        self.lost = []
        self.won = {}
        self.winners = []
        self.draws = 0
        self.pending = {}
        self.pinned = {}
        self.pinned_deal = ()
        self.dealt = ()
        self.dealt_players = None
        self.accelerated = None
        self.orders = {}
        self.deck = ()
        self.held_announcements = []
        self.last_words_given = 0
        self.last_words_quota = None
        self.cut = None
        self.acceleration_asked = {}
        self.last_words = {}
        self.known = {}
        self.uses = {}
        self.announced = set()
        self.told_out = {}
        self.faction_moves = 0
        self.seq = 0
        self.published = 0
        self.awaiting = None
        self.edits = {}
        self.floors = {}
        self.opening = -1
        self.commands = []
        self.undone_any = False
        self.living_cache = None
        self.outcome_basis = None
        self.label_kept = None

    def begin_stage(self) -> None:
        """Empty what the state keeps of one stage only: its acts and team acts, its ballots and
        their counts, its 蓝字 posts and its vote floors (a new state, and every stage that opens)."""
        self.acts = {}
        self.team_acts = {}
        self.ballots = []
        self.ballot_counts = {}
        self.blue = {}
        self.vote_floors = {}

    @property
    def ended(self) -> bool:
        """Whether the game is over."""
        return self.phase == "ended"

    def living(self) -> tuple[int, ...]:
        """Seats of the players still in the game, in seat order (cached until the next exit)."""
        if self.living_cache is None:
            self.living_cache = tuple(p.seat for p in self.players if p.alive)
        return self.living_cache

    def phase_label(self) -> str:
        """``start``, ``day N``, ``night N`` or ``ended``, as scenarios name phases (the text
        kept until the phase or the day moves: a close and each of its omissions name it)."""
        phase, day = self.phase, self.day
        kept = self.label_kept
        if kept is not None and kept[1] == day and kept[0] == phase:
            return kept[2]
        label = f"{phase} {day}" if phase in ("day", "night") else phase
        self.label_kept = (phase, day, label)
        return label

    def fingerprint(self) -> tuple[Any, ...]:
        """A comparable summary, used to check that replay equals live play."""
        return (
            self.phase,
            self.day,
            self.stage,
            tuple(
                (p.role, p.faction, p.alive, tuple(sorted(p.skills)), p.counts_as, tuple(p.results))
                for p in self.players
            ),
            tuple(sorted((k, tuple(v)) for k, v in self.groups.items())),
            tuple(sorted(self.holders.items(), key=lambda kv: kv[0])),
            tuple(self.exit_order),
            tuple(self.lost),
            tuple(self.winners),
            self.draws,
            tuple(sorted((k, tuple(v)) for k, v in self.uses.items())),
            tuple(sorted(self.announced)),
            self.seq,
        )


def _parse_time(raw: str | None) -> datetime | None:
    return datetime.fromisoformat(raw) if raw else None


def _created(s: State, d: dict[str, Any]) -> None:
    s.ruleset = d["ruleset"]
    if "seed" in d:  # games created before the seed became a hidden input (deal_inputs)
        s.seed = d["seed"]
    s.options = dict(d["options"])
    s.players = [Player(seat=i, name=n) for i, n in enumerate(d["players"])]
    s.living_cache = None


def _deal_inputs(s: State, d: dict[str, Any]) -> None:
    s.seed = int(d["seed"])
    s.nonce = d["nonce"]


def _dealt(s: State, d: dict[str, Any]) -> None:
    s.dealt = tuple(d["roles"])
    players = d.get("players")
    s.dealt_players = None if players is None else tuple(players)
    if "nonce" in d:  # games dealt before the nonce became an input (deal_inputs)
        s.nonce = d["nonce"]


def _role_card(s: State, d: dict[str, Any]) -> None:
    p = s.players[d["seat"]]
    p.role = d["role"]
    p.faction = d["faction"]
    p.skills = set(d["skills"])


def _stage_closed(s: State, d: dict[str, Any]) -> None:
    s.closed_at = _parse_time(d.get("at"))


def _stage_opened(s: State, d: dict[str, Any]) -> None:
    s.phase = d["phase"]
    s.day = d["day"]
    s.stage = d["stage"]
    s.stage_key = d["key"]
    private = d.get("private")
    s.stage_private = tuple(private) if private is not None else None
    s.opened_at = _parse_time(d.get("opened_at"))
    s.deadline = _parse_time(d.get("deadline"))
    s.begin_stage()


def _acted(s: State, d: dict[str, Any]) -> None:
    rec = ActRecord(
        d["seat"],
        d["skill"],
        tuple(d["targets"]),
        d.get("choice"),
        _parse_time(d.get("at")),
        s.seq,
    )
    s.acts[(rec.seat, rec.skill)] = rec
    team = d.get("team")
    if team:
        s.team_acts[team] = rec


def _withdrawn(s: State, d: dict[str, Any]) -> None:
    s.acts.pop((d["seat"], d["skill"]), None)


def _voted(s: State, d: dict[str, Any]) -> None:
    seat = d["seat"]
    s.ballots.append(Ballot(seat, d["target"], _parse_time(d.get("at"))))
    s.ballot_counts[seat] = s.ballot_counts.get(seat, 0) + 1


def _role_set(s: State, d: dict[str, Any]) -> None:
    s.players[d["seat"]].role = d["role"]


def _faction_set(s: State, d: dict[str, Any]) -> None:
    s.players[d["seat"]].faction = d["faction"]
    s.faction_moves += 1


def _skill_gained(s: State, d: dict[str, Any]) -> None:
    s.players[d["seat"]].skills.add(d["skill"])


def _skill_lost(s: State, d: dict[str, Any]) -> None:
    s.players[d["seat"]].skills.discard(d["skill"])


def _counts_as(s: State, d: dict[str, Any]) -> None:
    s.players[d["seat"]].counts_as = d["category"]


def _group_set(s: State, d: dict[str, Any]) -> None:
    if d["members"]:
        s.groups[d["group"]] = list(d["members"])
    else:
        s.groups.pop(d["group"], None)


def _holder_set(s: State, d: dict[str, Any]) -> None:
    s.holders[d["status"]] = d["seat"]


def _exited(s: State, d: dict[str, Any]) -> None:
    p = s.players[d["seat"]]
    p.alive = False
    s.living_cache = None
    p.exit_cause = d["cause"]
    p.exit_day = int(d.get("day", 0))
    p.exit_phase = str(d.get("phase", ""))
    s.exit_order.append(p.seat)
    s.told_out.setdefault(p.seat, s.seq)


def _result(s: State, d: dict[str, Any]) -> None:
    s.players[d["seat"]].results.append(d["value"])


def _marked(s: State, d: dict[str, Any]) -> None:
    s.marks.setdefault(d["mark"], set()).add(d["seat"])


def _used(s: State, d: dict[str, Any]) -> None:
    key = (d["seat"], d["skill"])
    s.used[key] = s.used.get(key, 0) + 1


def _skill_used(s: State, d: dict[str, Any]) -> None:
    use = Use(int(d["day"]), int(d["seat"]), tuple(d["targets"]), d.get("choice"))
    s.uses.setdefault(d["skill"], []).append(use)


def _announcement(s: State, d: dict[str, Any]) -> None:
    exits = d.get("exits")
    if exits:
        s.announced.update(exits)
        for seat in exits:
            s.told_out.setdefault(seat, s.seq)


def _faction_lost(s: State, d: dict[str, Any]) -> None:
    if d["faction"] not in s.lost:
        s.lost.append(d["faction"])


def _faction_won(s: State, d: dict[str, Any]) -> None:
    s.won.setdefault(d["faction"], int(d["day"]))


def _pinned(s: State, d: dict[str, Any]) -> None:
    s.pinned.update({str(k): tuple(int(x) for x in v) for k, v in d.get("draws", {}).items()})
    if d.get("deal"):
        s.pinned_deal = tuple(str(r) for r in d["deal"])


def _order(s: State, d: dict[str, Any]) -> None:
    s.orders[d["order"]] = tuple(d["seats"])


def _deck(s: State, d: dict[str, Any]) -> None:
    s.deck = tuple(d["cards"])


def _game_ended(s: State, d: dict[str, Any]) -> None:
    s.winners = list(d["winners"])
    s.phase = "ended"
    s.stage = ""
    s.stage_key = ""
    s.deadline = None


def _card(s: State, d: dict[str, Any]) -> None:
    cards = s.players[d["seat"]].cards
    cards[d["color"]] = cards.get(d["color"], 0) + 1


def _pending(s: State, d: dict[str, Any]) -> None:
    if d["value"] is None:
        s.pending.pop(d["key"], None)
    else:
        s.pending[d["key"]] = d["value"]


def _flag(s: State, d: dict[str, Any]) -> None:
    """A ``flag`` event, ``{key, value}``: each key a field of the state. Keys that bs46's and
    M186's memory used before it left these events are read by their rule sets' upcasts, or
    derivable from other events and read by nothing: they change no state."""
    key, value = d["key"], d["value"]
    if key == "accelerated":  # public, as every game recorded it: 进程加速 of that day
        s.accelerated = int(value)
    elif key == HELD_ANNOUNCEMENTS:
        s.held_announcements = list(value or [])
    elif key == LAST_WORDS_GIVEN:
        s.last_words_given = int(value)
    elif key == LAST_WORDS_QUOTA:
        s.last_words_quota = None if value is None else int(value)
    elif key == CUT:
        s.cut = None if value is None else (str(value[0]), int(value[1]))
    elif key.startswith(ACCELERATION_ASKED):
        s.acceleration_asked[int(key[len(ACCELERATION_ASKED) :])] = tuple(int(x) for x in value)


def _last_words_right(s: State, d: dict[str, Any]) -> None:
    s.last_words[d["seat"]] = None


def _last_words(s: State, d: dict[str, Any]) -> None:
    s.last_words[d["seat"]] = d["text"]


def _last_words_closed(s: State, d: dict[str, Any]) -> None:
    for seat in d["seats"]:
        s.last_words.pop(seat, None)


def _substituted(s: State, d: dict[str, Any]) -> None:
    s.players[d["seat"]].name = d["name"]


def _known(s: State, d: dict[str, Any]) -> None:
    s.known.setdefault(d["seat"], []).append({"about": list(d["about"]), "word": d.get("word")})


def _deadline_set(s: State, d: dict[str, Any]) -> None:
    s.deadline = _parse_time(d.get("deadline"))


def _posted(s: State, d: dict[str, Any]) -> None:
    s.floors[d["day"]] = d["floor"]
    if d.get("blue"):
        s.blue[d["seat"]] = s.blue.get(d["seat"], 0) + 1
    vote = d.get("vote")
    if vote and vote.get("kind") != "void":
        s.vote_floors[d["floor"]] = d["seat"]


def _command(s: State, d: dict[str, Any]) -> None:
    if d.get("opening"):
        s.opening = s.seq
    s.commands.append(s.seq)
    if s.awaiting is None:
        s.awaiting = d.get("at") or ""


def _published(s: State, d: dict[str, Any]) -> None:
    s.published = int(d["upto"])
    s.edits.update({int(k): str(v) for k, v in d.get("edits", {}).items()})
    s.awaiting = None
    s.commands = []


def _undone(s: State, d: dict[str, Any]) -> None:
    s.undone_any = True


NOTHING: Final = frozenset(
    {
        "notice",
        "trace",
        "omission",
        "commitment",
        "absence_decided",
        "chat",
        "room_said",
        "reveal",
    }
)
"""Event kinds that change no state (they are read by the views and the director's pages)."""


def fold_data(s: State, kind: str, d: dict[str, Any]) -> None:
    """Fold the data of one event of ``kind`` into the state; an unknown kind is an error.

    One comparison per kind, the most frequent first (a compiled call of each fold function, where
    a table of functions would make a Python-level call per event)."""
    if kind == "voted":
        _voted(s, d)
    elif kind == "acted":
        _acted(s, d)
    elif kind == "notice":
        return
    elif kind == "announcement":
        _announcement(s, d)
    elif kind == "stage_opened":
        _stage_opened(s, d)
    elif kind == "stage_closed":
        _stage_closed(s, d)
    elif kind == "trace" or kind == "omission":
        return
    elif kind == "skill_used":
        _skill_used(s, d)
    elif kind == "role_card":
        _role_card(s, d)
    elif kind == "result":
        _result(s, d)
    elif kind == "pending":
        _pending(s, d)
    elif kind == "exited":
        _exited(s, d)
    elif kind == "flag":
        _flag(s, d)
    elif kind == "known":
        _known(s, d)
    elif kind == "last_words_right":
        _last_words_right(s, d)
    elif kind == "last_words_closed":
        _last_words_closed(s, d)
    elif kind == "last_words":
        _last_words(s, d)
    elif kind == "marked":
        _marked(s, d)
    elif kind == "holder_set":
        _holder_set(s, d)
    elif kind == "skill_lost":
        _skill_lost(s, d)
    elif kind == "group_set":
        _group_set(s, d)
    elif kind in NOTHING:
        return
    else:
        _fold_rare(s, kind, d)


def _fold_rare(s: State, kind: str, d: dict[str, Any]) -> None:
    """:func:`fold_data` for the kinds a game records a few times at most."""
    if kind == "game_created":
        _created(s, d)
    elif kind == "deal_inputs":
        _deal_inputs(s, d)
    elif kind == "dealt":
        _dealt(s, d)
    elif kind == "game_ended":
        _game_ended(s, d)
    elif kind == "deck":
        _deck(s, d)
    elif kind == "faction_set":
        _faction_set(s, d)
    elif kind == "order":
        _order(s, d)
    elif kind == "role_set":
        _role_set(s, d)
    elif kind == "faction_lost":
        _faction_lost(s, d)
    elif kind == "counts_as":
        _counts_as(s, d)
    elif kind == "skill_gained":
        _skill_gained(s, d)
    elif kind == "faction_won":
        _faction_won(s, d)
    elif kind == "withdrawn":
        _withdrawn(s, d)
    elif kind == "used":
        _used(s, d)
    elif kind == "pinned":
        _pinned(s, d)
    elif kind == "card":
        _card(s, d)
    elif kind == "substituted":
        _substituted(s, d)
    elif kind == "deadline_set":
        _deadline_set(s, d)
    elif kind == "command":
        _command(s, d)
    elif kind == "posted":
        _posted(s, d)
    elif kind == "published":
        _published(s, d)
    elif kind == "undone":
        _undone(s, d)
    else:
        raise KeyError(kind)


def apply(state: State, event: Event) -> None:
    """Fold one event into the state."""
    fold_data(state, event.kind, event.data)
    if event.chance:
        state.draws += 1
    state.seq += 1


def undone_positions(events: list[Event], start: int = 0) -> set[int]:
    """Positions of the events a director's 撤销 took back (they stay in the store, unapplied),
    from ``start`` on (a 撤销 takes back only events before it, so one before ``start`` takes back
    none from there)."""
    out: set[int] = set()
    for i in range(start, len(events)):
        ev = events[i]
        if ev.kind == "undone":
            out.update(range(max(int(ev.data["from"]), start), int(ev.data["to"])))
    return out


def fold(events: Iterable[Event]) -> State:
    """The state after all the events, from an empty one (events taken back are skipped)."""
    state = State()
    listed = list(events)
    skipped = undone_positions(listed) if any(ev.kind == "undone" for ev in listed) else set()
    for i, ev in enumerate(listed):
        if i in skipped:
            state.seq += 1
        else:
            apply(state, ev)
    return state
