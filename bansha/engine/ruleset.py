"""The rule-set base: a data file (every word a user reads, counts, options, timetable) plus hooks.

A concrete rule set composes mechanics in its module; this base holds what every rule set
shares: names and texts from the data file, options with defaults, the deal, the timetable
(phases and stages with their deadlines), and the order in which stages close.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any, Final, NamedTuple

from bansha import texts
from bansha.engine import clock, director, draws, rooms, speech
from bansha.engine.commands import Act, Close, Command, Director, Post, Say, Speak, Vote
from bansha.engine.commitment import SCHEME, committed_text, sha256_hex
from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError, SetupError
from bansha.engine.events import PUBLIC, Event
from bansha.engine.state import State
from bansha.engine.template import Template

NAME_SEP: Final = texts.LIST_SEP

LAST_WORDS: Final = "last_words"
"""The skill key of a last-words right (遗言), in every rule set."""
VOTE: Final = "vote"
"""The skill key of a day vote's legal act (a ``Vote`` command, recorded as ``voted``)."""
CHAT_LIMIT: Final = 2000
"""The longest team-chat message, in characters."""
REASON_LIMIT: Final = 500
"""The longest reason a director gives with a card."""
EXTEND_LIMIT: Final = 60 * 24 * 14
"""The most minutes one 延期 moves a deadline (two weeks)."""
DRAFT_LIMIT: Final = 5000
"""The longest announcement the director may publish in a draft's place (公示审核)."""


BASE_OPTIONS: dict[str, dict[str, Any]] = {
    "review": {
        "default": False,
        "choices": [False, True],
        "doc": "Review: the results of a stage close that drafts an announcement stay drafts "
        "(players see nothing new and cannot act) until the director publishes them, edited "
        "if need be; until then the director may take the close, or a command given while it "
        "waits, back (undo). A director command given with nothing waiting is published at once.",
    },
    "timezone": {
        "default": clock.DEFAULT_ZONE,
        "type": "zone",
        "doc": "R-ALL-10: the game's time zone (an IANA name); every clock time of the post "
        "(12:00, 21:00, 11:30 the next day) is local time there, and pages and forum code show "
        "deadlines in it.",
    },
}
"""Options every rule set has, beside those of its data file."""


class LegalAct(NamedTuple):
    """A kind of act a player may submit now: the skill, how many targets, and from whom.

    A named tuple: legal acts are built for every seat at every stage, so they must be cheap.
    """

    skill: str
    targets: tuple[int, ...]
    picks: int
    """How many targets to pick."""
    choices: tuple[str, ...] = ()
    text: bool = False
    slots: int = 0
    """When > 0, the choice is a list of this many words, each one of ``choices``."""
    rare: bool = False
    """A game-changing declaration (拍刀, 投降) that a form shows as its own button."""
    must_include: tuple[int, ...] = ()
    """When set, one of the targets must be one of these (the others come from ``targets``)."""
    slot_for: tuple[int, ...] = ()
    """Whose proposal each slot answers (M186: the proposers of proposals 1–4, in order)."""
    slot_teams: tuple[tuple[int, ...], ...] = ()
    """Each slot's proposed team (empty: none was submitted), public once proposed."""


_TUPLE_NEW: Final = tuple.__new__
"""The constructor a named tuple's ``__new__`` ends in, called directly by :func:`form`."""


def form(
    skill: str,
    targets: tuple[int, ...],
    picks: int,
    choices: tuple[str, ...] = (),
    must_include: tuple[int, ...] = (),
    rare: bool = False,
) -> LegalAct:
    """``LegalAct(skill, targets, picks, choices, rare=rare, must_include=must_include)``, the other fields
    their defaults, built without the named tuple's ``__new__`` (a function the interpreter runs,
    at each call from the compiled engine): forms are built at polls and closes."""
    fields = (skill, targets, picks, choices, False, 0, rare, must_include, (), ())
    return _TUPLE_NEW(LegalAct, fields)


def submitted_by_skill(state: State) -> dict[str, set[int]]:
    """Who submitted each skill in the current stage (its acts, by skill)."""
    acted: dict[str, set[int]] = {}
    for submitter, skill in state.acts:
        seen = acted.get(skill)
        if seen is None:
            acted[skill] = {submitter}
        else:
            seen.add(submitter)
    return acted


class LivingForm:
    """The form of one pick among every living player (``State.living()``) with fixed
    ``choices``, built once per roster: the same tuple of living seats (the state keeps one until
    the next exit) gives the same form, an immutable named tuple, so a stage that offers it to
    every seat builds it once, not once per seat and per poll."""

    __slots__ = ("_memo", "choices", "skill")

    def __init__(self, skill: str, choices: tuple[str, ...] = ()) -> None:
        self.skill = skill
        self.choices = choices
        self._memo: tuple[tuple[int, ...], LegalAct] | None = None

    def of(self, state: State) -> LegalAct:
        """``LegalAct(skill, state.living(), 1, choices)``."""
        living = state.living()
        memo = self._memo
        if memo is not None and memo[0] is living:
            return memo[1]
        built = form(self.skill, living, 1, self.choices)
        self._memo = (living, built)
        return built


def read_as(stored: Event, kind: str, data: dict[str, Any]) -> Event:
    """How a stored event of earlier code reads today (``RuleSet.upcast``): an event of ``kind``
    in its place, with its audience, chance and schema version."""
    return Event(kind, data, stored.to, stored.chance, stored.version)


class RuleSet:
    """Base of every rule set. Subclasses implement the hooks named ``on_*`` and ``legal``."""

    def __init__(self, data: dict[str, Any], options: dict[str, Any] | None = None) -> None:
        self.data = data
        self.model: object = None
        """The same data as typed objects, when the registry validated it (``bansha.rulesets.schema``)."""
        self.id: str = data["id"]
        self.title: str = data.get("title", self.id)
        self.roles: dict[str, dict[str, Any]] = data["roles"]
        self.skills: dict[str, dict[str, Any]] = data["skills"]
        self.factions: dict[str, str] = data["factions"]
        self.words: dict[str, str] = data.get("words", {})
        self.texts: dict[str, str] = data.get("texts", {})
        self._templates: dict[str, Template] = {}
        self.options = self._resolve_options(options or {})
        self.zone = clock.game_zone(str(self.options["timezone"]))
        """The game's zone (R-ALL-10)."""
        self.starts: datetime | None = self.start_time()
        """The game's start time (option ``start_at``); nothing is submitted before it."""
        self._stage_tables: dict[str, tuple[list[dict[str, Any]], dict[str, int]]] = {}
        self._role_by_name: dict[str, str] = {str(v["name"]): k for k, v in self.roles.items()}
        self._skill_by_name: dict[str, str] = {}
        self._skills_named: dict[str, tuple[str, ...]] = {}
        """Two roles' skills may share a name (the hunter's and the wolf king's 开枪)."""
        for k, v in self.skills.items():
            self._skill_by_name.setdefault(str(v["name"]), k)
            self._skills_named[str(v["name"])] = (*self._skills_named.get(str(v["name"]), ()), k)
        self._faction_by_name: dict[str, str] = {str(v): k for k, v in self.factions.items()}
        self._status_by_name: dict[str, str] = {
            str(v): str(k) for k, v in data.get("statuses", {}).items()
        }
        self.player_count = sum(int(r.get("count", 0)) for r in self.roles.values())

    # ------------------------------------------------------------------ names and texts
    def _resolve_options(self, given: dict[str, Any]) -> dict[str, Any]:
        spec: dict[str, dict[str, Any]] = {**BASE_OPTIONS, **self.data.get("options", {})}
        out = {k: v.get("default") for k, v in spec.items()}
        for key, value in given.items():
            if key not in spec:
                raise SetupError(texts.OPTION_UNKNOWN.format(key=key, known=NAME_SEP.join(spec)))
            choices = spec[key].get("choices")
            if choices is not None and value not in choices:
                known = NAME_SEP.join(map(str, choices))
                raise SetupError(texts.OPTION_CHOICES.format(key=key, known=known, value=value))
            out[key] = _typed(spec[key].get("type"), value)
        return out

    def role_name(self, key: str) -> str:
        """The post's word for a role key."""
        return str(self.roles[key]["name"])

    def skill_name(self, key: str) -> str:
        """The post's word for a skill key."""
        return str(self.skills[key]["name"])

    def faction_name(self, key: str) -> str:
        """The post's word for a faction key."""
        return self.factions[key]

    def skill_hints(self) -> dict[str, str]:
        """What each skill does to its target, for bots and reports (``hint`` in the data file:
        harm, protect, inform, foes_only, never); skills without one have none."""
        return {k: str(v["hint"]) for k, v in self.skills.items() if v.get("hint")}

    def status_name(self, key: str) -> str:
        """The post's word for a status (警长, 情侣...)."""
        return str(self.data.get("statuses", {})[key])

    def word(self, key: str) -> str:
        """A result or other word from the data file."""
        return self.words[key]

    @property
    def nobody(self) -> str:
        """The word for an empty seat or list in a text: the data file's ``nobody``, or 无."""
        return self.words.get("nobody", texts.NOBODY)

    def stage_name(self, key: str) -> str:
        """The post's word for a stage key."""
        for stages in self.data["timetable"].values():
            for st in stages:
                if st["key"] == key:
                    return str(st["stage"])
        raise KeyError(key)

    def role_key(self, name: str) -> str:
        """The role key for a role name, or a clear error."""
        return _lookup(self._role_by_name, name, texts.LOOKUP_ROLE)

    def skill_key(self, name: str, held: Iterable[str] = ()) -> str:
        """The skill key for a skill name, or a clear error; where two roles' skills share the
        name, the one among ``held`` (the acting player's skills)."""
        keys = self._skills_named.get(name, ())
        if len(keys) > 1:
            for key in held:
                if key in keys:
                    return key
        return _lookup(self._skill_by_name, name, texts.LOOKUP_SKILL)

    def faction_key(self, name: str) -> str:
        """The faction key for a faction name, or a clear error."""
        return _lookup(self._faction_by_name, name, texts.LOOKUP_FACTION)

    def status_key(self, name: str) -> str:
        """The status key for a status name, or a clear error."""
        return _lookup(self._status_by_name, name, texts.LOOKUP_STATUS)

    def render(self, key: str, params: dict[str, Any], names: list[str]) -> str:
        """Fill a text template; parameters named ``p*`` are seats and ``ps*`` lists of seats, and
        ``deadline`` a moment, written in the game's zone with the zone named (R-ALL-10)."""
        values: dict[str, Any] = {}
        for k, v in params.items():
            if k == "deadline":
                values[k] = clock.format_moment(v, str(self.options["timezone"]))
            elif k.startswith("ps"):
                values[k] = NAME_SEP.join(names[s] for s in v) if v else self.nobody
            elif k.startswith("p"):
                values[k] = names[v] if v is not None else self.nobody
            else:
                values[k] = v
        return self.fill(self.texts.get(key, key), values)

    def fill(self, template: str, values: dict[str, Any]) -> str:
        """A template filled with ``values`` (the template read once, on first use)."""
        read = self._templates.get(template)
        if read is None:
            read = self._templates[template] = Template(template)
        return read.fill(values)

    def role_card(self, role: str, faction: str) -> dict[str, Any]:
        """The role card a player receives: role, faction and the post's skill texts."""
        r = self.roles[role]
        return {
            "role": r["name"],
            "faction": self.faction_name(faction),
            "skills": [
                {"name": self.skill_name(s), "text": self.skills[s].get("text", "")}
                for s in r.get("skills", [])
                if not self.skills[s].get("hidden")
            ],
            "text": r.get("text", ""),
        }

    # ------------------------------------------------------------------ setup
    def deal(self, ctx: Ctx, fixed: dict[int, str] | None) -> list[str]:
        """Deal the roles (R-ALL-02): a fixed deal or one draw from the seed; publish the
        commitment to the deal and the seed, with the game's nonce (an input, never drawn from the
        seed: ``engine/commitment.py``); hand each player their role card."""
        s = ctx.state
        n = len(s.players)
        if n != self.player_count:
            raise SetupError(
                texts.PLAYER_COUNT_WRONG.format(title=self.title, want=self.player_count, got=n)
            )
        pool = [k for k, r in self.roles.items() for _ in range(int(r.get("count", 0)))]
        if fixed is not None:
            if sorted(fixed) != list(range(n)):
                raise SetupError(texts.FIXED_DEAL_INCOMPLETE)
            roles = [fixed[i] for i in range(n)]
            if sorted(roles) != sorted(pool):
                raise SetupError(texts.FIXED_DEAL_COUNTS.format(counts=self._count_text(roles)))
        else:
            roles = list(pool)
            draws.shuffle(ctx.rng(), roles)
        players = [p.name for p in s.players]
        ctx.emit("dealt", {"roles": roles, "players": players}, chance=True)
        words = [self.role_name(r) for r in roles]
        text = committed_text(players, roles, words, s.seed, s.nonce)
        ctx.emit("commitment", {"hash": sha256_hex(text), "scheme": SCHEME}, PUBLIC)
        for seat, role in enumerate(roles):  # each player privately receives their role card
            r = self.roles[role]
            ctx.emit(
                "role_card",
                {"seat": seat, "role": role, "faction": r["faction"], "skills": list(r["skills"])},
                (seat,),
            )
        return roles

    def _count_text(self, roles: list[str]) -> str:
        want = {self.role_name(k): int(r.get("count", 0)) for k, r in self.roles.items()}
        got: dict[str, int] = {}
        for r in roles:
            got[self.role_name(r)] = got.get(self.role_name(r), 0) + 1
        return texts.FIXED_DEAL_SEP.join(
            texts.FIXED_DEAL_COUNT.format(role=k, want=v, got=got.get(k, 0))
            for k, v in want.items()
            if got.get(k, 0) != v
        )

    def setup(
        self,
        ctx: Ctx,
        roles: dict[int, str] | None,
        fixed: dict[str, Any],
        declare: dict[str, Any],
    ) -> None:
        """Deal, tell everyone their role, and open the first stage."""
        raise NotImplementedError

    def upcast(self, events: list[Event]) -> list[Event]:
        """How a stream stored by earlier code reads today: one event for each stored event, in
        its place (a 发布's and a 撤销's positions and a stage close's key count stored events),
        folding into the state today's code keeps. Pure and deterministic; the store is never
        rewritten. The base reads every stream as stored; a rule set whose memory moved says how
        its old events read (docs/architecture.md, "Streams stored by earlier code")."""
        return events

    # ------------------------------------------------------------------ commands
    def handle(self, ctx: Ctx, cmd: Command) -> None:
        """Decide one command: validate it completely, then emit its events."""
        s = ctx.state
        if isinstance(cmd, Director):
            cmd = director.by_id(cmd)
            if cmd.name in director.REVIEW:
                self.publish(ctx, cmd) if cmd.name == director.PUBLISH else self.undo(ctx)
                return
        if isinstance(cmd, Speak):  # a room stays open after the end (M103's 联谊群 opens then)
            self.check_open(s)  # 公示审核: nobody learns an unpublished exit or end by writing
            rooms.speak(self.data, ctx, cmd)
            return
        if s.phase == "ended":
            raise RuleError(texts.GAME_OVER_REFUSED)
        if isinstance(cmd, Act):
            self.check_open(s)
            self.check_time(s, cmd.at)
            self.on_act(ctx, cmd)
        elif isinstance(cmd, Vote):
            self.check_open(s)
            self.check_time(s, cmd.at)
            self.on_vote(ctx, cmd)
        elif isinstance(cmd, Close):
            if s.awaiting is not None:  # the players have not seen this stage open yet
                raise RuleError(texts.CLOSE_WHILE_AWAITING)
            self.begin_command(ctx, director.CLOSE_STAGE, cmd.at)
            self.close(ctx, cmd.at)
            self.publish_if_private(ctx, cmd.at, close=True)
        elif isinstance(cmd, Director):
            self.begin_command(ctx, cmd.name, cmd.at)
            self.on_director(ctx, cmd)
            self.publish_if_private(ctx, cmd.at, close=False)
        elif isinstance(cmd, Say):
            self.on_say(ctx, cmd)
        elif isinstance(cmd, Post):
            self.check_open(s)
            self.on_post(ctx, cmd)

    # ------------------------------------------------------------------ review (公示审核)
    @property
    def review(self) -> bool:
        """Whether results wait for the director to publish them (option ``review``)."""
        return bool(self.options.get("review"))

    def check_open(self, state: State) -> None:
        """Refuse players' acts while the director has results to publish."""
        if state.awaiting is not None:
            raise RuleError(texts.SETTLING)

    def begin_command(self, ctx: Ctx, name: str, at: datetime | None) -> None:
        """Review mode: mark where a director command starts (what 撤销 would take back)."""
        if self.review:
            ctx.emit("command", {"name": name, "at": at.isoformat() if at else None})

    def publish_if_private(self, ctx: Ctx, at: datetime | None, close: bool) -> None:
        """公示审核 holds what the machine resolves, never the director's own command.

        A stage close that drafted no announcement, while no earlier command awaits publication,
        is published as it lands: its private notices and results reach their players on time
        and the next stage opens (a night's private steps need no director at 02:00), and what a
        night holds for the day (R-ALL-11) is drafted by the dawn close, so the director reviews
        the whole night at once. A close with an announcement waits for 发布.

        A director command (a card, a substitute, a proxy vote, 加速, 延期, 免罚 ...) is published
        as it lands whoever sees it: the director is awake and chose it (the console asks to
        confirm before sending one that others will see), so holding it would only freeze every
        player (no form, no vote, no thread post) until a second click, and move their pages'
        versions for something they cannot see. Given while a close's drafts already wait, it
        joins them: published with them, or taken back (撤销) first."""
        s = ctx.state
        if not self.review or len(s.commands) != 1:
            return  # not reviewing, or an earlier command's drafts still wait (this one joins)
        if close and any(ev.kind == "announcement" for ev in ctx.out):
            return
        moment = at.isoformat() if at else None
        ctx.emit("published", {"upto": s.seq, "edits": {}, "at": moment, "auto": True}, PUBLIC)

    def publish(self, ctx: Ctx, cmd: Director) -> None:
        """发布: the drafts become public, with the director's edited texts; a stage timed in
        minutes gets back the minutes it waited."""
        s = ctx.state
        if s.awaiting is None:
            raise RuleError(texts.NOTHING_TO_PUBLISH)
        edits: dict[str, str] = {}
        for key, text in dict(cmd.args.get("edits") or {}).items():
            pos = int(key)
            if not s.commands or not s.commands[0] <= pos < s.seq:
                raise RuleError(texts.EDIT_UNPUBLISHED_ONLY)
            body = str(text).strip()
            if not body or len(body) > DRAFT_LIMIT:
                raise RuleError(texts.DRAFT_LENGTH.format(limit=DRAFT_LIMIT))
            edits[str(pos)] = body
        self._give_back_wait(ctx, cmd.at)
        at = cmd.at.isoformat() if cmd.at else None
        ctx.emit("published", {"upto": s.seq, "edits": edits, "at": at}, PUBLIC)

    def _give_back_wait(self, ctx: Ctx, at: datetime | None) -> None:
        s = ctx.state
        if at is None or not s.awaiting or s.deadline is None or s.phase == "ended":
            return
        if self.deadline_on_clock(s):
            return  # a clock-time deadline (12:00) stays where the post puts it
        waited = at - datetime.fromisoformat(s.awaiting)
        if waited.total_seconds() > 0:
            deadline = s.deadline + waited
            ctx.emit("deadline_set", {"deadline": deadline.isoformat()}, PUBLIC)

    def undo(self, ctx: Ctx) -> None:
        """撤销: take back the last director command or stage close whose results are unpublished
        (a close's drafts, or a command given while they wait); a director command given with
        nothing waiting was published as it landed (``publish_if_private``) and stays."""
        s = ctx.state
        if not s.commands:
            raise RuleError(texts.NOTHING_TO_UNDO)
        if s.commands[-1] == s.opening:
            raise RuleError(texts.OPENING_NOT_UNDONE)
        ctx.emit("undone", {"from": s.commands[-1], "to": s.seq})

    def on_say(self, ctx: Ctx, cmd: Say) -> None:
        """A team-chat message: the group's living members speak, every member (out ones too) reads.

        M103: 「法官会为杀了狗皇帝阵营建立一个QQ群……同时为情侣建立一个情侣QQ群」「已经出局的狼群中的角色仍然留在狼群」;
        players who are out may not speak (出局角色不能继续参与讨论), from the moment they know it
        (``engine/speech.py``, R-ALL-11).
        """
        s = ctx.state
        members = s.groups.get(cmd.group)
        if not members or cmd.by not in members:
            raise RuleError(texts.CHAT_NOT_MEMBER)
        if speech.knows_own_exit(s, cmd.by):
            raise RuleError(texts.CHAT_OUT)
        text = cmd.text.strip()
        if not text:
            raise RuleError(texts.MESSAGE_EMPTY)
        if len(text) > CHAT_LIMIT:
            raise RuleError(texts.MESSAGE_TOO_LONG.format(limit=CHAT_LIMIT))
        ctx.emit(
            "chat",
            {
                "group": cmd.group,
                "seat": cmd.by,
                "text": text,
                "at": cmd.at.isoformat() if cmd.at else None,
            },
            tuple(members),
        )

    def check_time(self, state: State, at: datetime | None) -> None:
        """Refuse a submission made before the game's start time (naming it) or after the
        stage's deadline."""
        zone = str(self.options["timezone"])
        if at is not None and self.starts is not None and at < self.starts:
            when = clock.format_moment(self.starts, zone)
            raise RuleError(clock.word("before_start").format(moment=when))
        clock.check_deadline(at, state.deadline, zone)

    def on_act(self, ctx: Ctx, cmd: Act) -> None:
        """Decide a skill use."""
        raise NotImplementedError

    def record_act(
        self,
        ctx: Ctx,
        cmd: Act,
        to: tuple[int, ...],
        team: str | None = None,
        choice: str | None = None,
        about: list[int] | None = None,
    ) -> None:
        """Record a validated act for the current stage (the last submission of a skill stands);
        ``about``: whose proposal each part of a listed choice answers (M186's approvals)."""
        data: dict[str, Any] = {
            "seat": cmd.by,
            "skill": cmd.skill,
            "targets": list(cmd.targets),
            "choice": cmd.choice if choice is None else choice,
            "at": cmd.at.isoformat() if cmd.at else None,
            "team": team,
        }
        if about is not None:
            data["about"] = about
        ctx.emit("acted", data, to)

    def on_vote(self, ctx: Ctx, cmd: Vote) -> None:
        """Decide a day vote."""
        raise RuleError(texts.NOT_VOTING)

    def on_post(self, ctx: Ctx, cmd: Post) -> None:
        """Decide a floor of the discussion thread (its forum rules and vote posts belong to the
        rule set: ``mechanics.rules.PostRules``)."""
        raise NotImplementedError

    def give_card(self, ctx: Ctx, seat: int, color: str, hold: bool) -> list[str]:
        """Record a card of ``color`` and its upgrades; return the colours given (upgrades
        included). ``hold``: its announcements wait for their moment (R-ALL-11)."""
        raise NotImplementedError

    def director_commands(self) -> tuple[str, ...]:
        """The ids of the director commands the data file lists (``director_commands``, by id or
        label), in its order."""
        return tuple(director.command_id(str(c)) for c in self.data.get("director_commands", []))

    def on_director(self, ctx: Ctx, cmd: Director) -> None:
        """Decide a director's command among those the data file's ``director_commands`` lists."""
        if cmd.name == director.EXTEND:
            self.extend(ctx, int(cmd.args.get("minutes", 0)), cmd.at)
            return
        if cmd.name == director.WAIVE:
            self.decide_absence(ctx, cmd)
            return
        allowed = self.director_commands()
        if cmd.name not in allowed:
            raise RuleError(
                texts.DIRECTOR_UNKNOWN.format(
                    name=director.label(cmd.name),
                    known=NAME_SEP.join(director.label(c) for c in allowed),
                )
            )
        kind = director.KINDS[cmd.name]
        s, args = ctx.state, cmd.args
        if kind in ("card", "drown", "execute", "concede") and not any(p.role for p in s.players):
            # XXXII's 信仰声明 comes before the deal: nobody has a role to lose yet, and no
            # faction to rule lost (R-ALL-13: refused when given, never a broken close later)
            raise RuleError(texts.DIRECTOR_BEFORE_DEAL)
        if kind == "concede":
            faction = str(args["faction"])
            if faction not in self.factions_in_play(s) or faction in s.lost:
                raise RuleError(texts.CONCEDE_NOT_IN_PLAY)
            self.concede(ctx, faction)
            return
        if kind == "accelerate":
            if s.stage_key not in self.data.get("vote_stages", []):
                raise RuleError(texts.ACCELERATE_NOT_VOTING)
            self.accelerate(ctx)
            return
        seat = int(args["seat"])
        if not 0 <= seat < len(s.players):
            raise RuleError(texts.DIRECTOR_NO_SEAT)
        if kind == "card":
            reason = str(args.get("reason") or "").strip()
            if len(reason) > REASON_LIMIT:
                raise RuleError(texts.CARD_REASON_TOO_LONG.format(limit=REASON_LIMIT))
            hold = self.holds_announcements(s)
            given = self.give_card(ctx, seat, director.CARD_COLOURS[cmd.name], hold)
            if reason:  # told to the carded player at once, and shown in the reveal
                params = {"card": director.label(cmd.name), "reason": reason}
                ctx.emit("notice", {"key": "card_reason", "params": params}, (seat,))
            self.on_card(ctx, seat, given, bool(args.get("faction_loses")))
            if args.get("absence") is not None:
                self.decide_absence(ctx, cmd)
        elif kind == "declare_for":
            # the director records a player's pre-game declaration for them (XXXII 信仰魔女)
            skill = str(self.data.get("declare_skill", ""))
            self.on_act(ctx, Act(seat, skill, (), args.get("choice"), cmd.at))
        elif kind == "substitute":
            new = str(args["by"]).strip()
            if not new or any(p.name == new for p in s.players):
                raise RuleError(texts.SUBSTITUTE_NAME_TAKEN.format(name=new))
            ctx.emit("substituted", {"seat": seat, "name": new}, PUBLIC)
            ctx.emit("announcement", {"key": "substituted", "params": {"p": seat}}, PUBLIC)
        elif kind == "proxy":
            target = args.get("target")
            cutoff = self.data.get("proxy_cutoff_minutes")
            if cutoff and cmd.at and s.deadline and cmd.at > s.deadline - timedelta(minutes=cutoff):
                # M103 导演代投: 「若导演在投票截止前30分钟内再让导演代投，该票作废」
                raise RuleError(texts.PROXY_TOO_LATE.format(minutes=cutoff))
            self.on_vote(ctx, Vote(seat, None if target is None else int(target), cmd.at))
        else:  # drown, execute
            if not s.players[seat].alive:
                raise RuleError(texts.ALREADY_OUT.format(name=s.players[seat].name))
            self.remove(ctx, seat, kind)

    def decide_absence(self, ctx: Ctx, cmd: Director) -> None:
        """The director's decision on one recorded absence (R-ALL-05: the omission is recorded
        「so the director can penalise it」): the card given for it, or 免罚; director-only, so the
        console shows the absence as settled. ``absence``: the position of its ``omission``."""
        try:
            absence, seat = int(cmd.args["absence"]), int(cmd.args["seat"])
        except (KeyError, TypeError, ValueError):
            raise RuleError(texts.ABSENCE_UNKNOWN) from None
        if not 0 <= seat < len(ctx.state.players) or not 0 <= absence < ctx.state.seq:
            raise RuleError(texts.ABSENCE_UNKNOWN)
        ctx.emit("absence_decided", {"absence": absence, "seat": seat, "decision": cmd.name})

    def vote_weight(self, state: State, voter: int) -> float:
        """How many votes ``voter``'s ballot counts: 1, unless the rule set gives a status more
        (the sheriff's 1.5: M103 带队, a declared board's ``sheriff`` mechanic). Every tally reads
        it: the day's count and ``bansha thread read``."""
        return 1.0

    def may_vote(self, state: State, voter: int) -> bool:
        """Whether ``voter`` keeps his vote (M103's 太子 after 谁敢动我, a revealed idiot do not)."""
        return True

    def weighted_statuses(self) -> tuple[str, ...]:
        """The statuses whose holder's ballot ``vote_weight`` counts differently (the sheriff)."""
        return ()

    def holds_announcements(self, state: State) -> bool:
        """Whether announcements made now wait for their moment (R-ALL-11: M103's night keeps
        what is to be announced for the next day's start); by default they go out at once."""
        return False

    def accelerate(self, ctx: Ctx) -> None:
        """加快进程: today's vote is accelerated (「进程加速后不允许改票，所有改票作废」)."""
        ctx.emit("flag", {"key": "accelerated", "value": ctx.state.day}, PUBLIC)
        ctx.emit("announcement", {"key": "accelerated", "params": {}}, PUBLIC)

    def end_game(self, ctx: Ctx, winners: list[str]) -> None:
        """Announce the winners, end the game and publish the reveal (揭秘) with the commitment's nonce."""
        s = ctx.state
        ctx.emit(
            "announcement",
            {
                "key": "game_over",
                "params": {"faction": NAME_SEP.join(self.faction_name(w) for w in winners)},
            },
            PUBLIC,
        )
        ctx.emit("game_ended", {"winners": winners}, PUBLIC)
        keys = list(s.dealt)
        ctx.emit(
            "reveal",
            {
                "roles": {p.name: self.reveal_role(s, p.seat) for p in s.players},
                "dealt": keys if s.dealt else None,
                "nonce": s.nonce,
                "factions": {p.name: self.faction_name(p.faction) for p in s.players},
                "exit_order": [s.players[x].name for x in s.exit_order],
                "seed": str(s.seed),
                # R-ALL-02: what the commitment covers (a game dealt before scheme 2: roles only)
                "scheme": SCHEME if s.dealt_players is not None else 1,
                "dealt_players": None if s.dealt_players is None else list(s.dealt_players),
                "dealt_words": [self.role_name(k) for k in keys],
            },
            PUBLIC,
        )

    def reveal_role(self, state: State, seat: int) -> str:
        """The identity the reveal (揭秘) shows for a seat: its role at the end."""
        return self.role_name(state.players[seat].role)

    def extend(self, ctx: Ctx, minutes: int, at: datetime | None) -> None:
        """延期: the director moves the current stage's deadline (an announced change of timetable)."""
        s = ctx.state
        if minutes <= 0 or minutes > EXTEND_LIMIT:
            raise RuleError(texts.EXTEND_RANGE.format(limit=EXTEND_LIMIT))
        base = s.deadline or at
        if base is None:
            raise RuleError(texts.EXTEND_NO_DEADLINE)
        deadline = clock.after_minutes(base, minutes, self.zone)
        ctx.emit("deadline_set", {"deadline": deadline.isoformat(), "minutes": minutes}, PUBLIC)
        ctx.emit(
            "announcement",
            {
                "key": "deadline_extended_to",
                "params": {"minutes": minutes, "deadline": deadline.isoformat()},
            },
            PUBLIC,
        )

    def factions_in_play(self, state: State) -> list[str]:
        """The factions of this game (for 判负)."""
        raise NotImplementedError

    def statuses(self, state: State) -> dict[int, list[str]]:
        """Each seat's <非身份> statuses now (keys of the data file's ``statuses``), for the
        director's god view: the holders of 警长, 队长, 湖中仙女 ...; a rule set adds its others."""
        out: dict[int, list[str]] = {}
        for status, seat in state.holders.items():
            if seat is not None:
                out.setdefault(seat, []).append(status)
        return out

    def concede(self, ctx: Ctx, faction: str) -> None:
        """The director rules ``faction`` lost (判负)."""
        raise NotImplementedError

    def on_card(self, ctx: Ctx, seat: int, given: list[str], faction_loses: bool) -> None:
        """After a card and its upgrades: a red card has the rule set's consequences."""
        if "red" in given:
            self.red_card(ctx, seat, faction_loses)

    def red_card(self, ctx: Ctx, seat: int, faction_loses: bool) -> None:
        """A red card (given or reached by upgrades): the rule set's consequences."""
        raise NotImplementedError

    def remove(self, ctx: Ctx, seat: int, cause: str) -> None:
        """Remove a player by the director: ``drown`` (淹死) or ``execute`` (判死)."""
        raise NotImplementedError

    def legal(self, state: State, seat: int) -> list[LegalAct]:
        """What the player in ``seat`` may submit now (what a form would offer)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ timetable
    def director_draws(self, state: State) -> list[str]:
        """The hidden draws of setup the director's god view lists beside the deal (bs46's rings
        and ranks, M186's deck); none by default (the deal itself is in every row)."""
        return []

    def act_about(self, state: State, la: LegalAct) -> str:
        """What ``la`` does now, beyond its skill's own text, in the post's words (M103's day-1
        vote elects the sheriff); nothing by default."""
        return ""

    def unavailable(self, state: State, seat: int, la: LegalAct) -> dict[int, str]:
        """Living players ``la`` does not offer and the post's reason for each (an inquisitor's
        target of the night before, a former Lady of the Lake), so that a form explains a name it
        leaves out; the same reason the act would be refused with. None by default."""
        return {}

    def stage_specs(self, phase: str) -> list[dict[str, Any]]:
        """The stages of a phase, from the data file's timetable."""
        return list(self._stage_table(phase)[0])

    def _stage_table(self, phase: str) -> tuple[list[dict[str, Any]], dict[str, int]]:
        """A phase's stage specs and each stage key's position (read once from the data file)."""
        cache = self._stage_tables
        table = cache.get(phase)
        if table is None:
            specs = list(self.data["timetable"].get(phase, []))
            table = cache[phase] = (specs, {spec["key"]: i for i, spec in enumerate(specs)})
        return table

    def deadline_on_clock(self, state: State) -> bool:
        """Whether the current stage ends at a clock time of the post (12:00, 次日12:00) rather than
        after a number of minutes: such a deadline stays where the post puts it (R-ALL-10)."""
        specs, position = self._stage_table(state.phase)
        i = position.get(state.stage_key)
        return i is not None and "minutes" not in specs[i]

    def stage_applies(self, state: State, spec: dict[str, Any], day: int) -> bool:
        """Whether an optional stage (``when``) is held on ``day``; rule sets answer their own keys."""
        return True

    def close(self, ctx: Ctx, at: datetime | None) -> None:
        """Close the current stage: resolve it, then open the next stage that applies."""
        state = ctx.state
        when = at or state.deadline
        if when is not None and state.opened_at is not None and when < state.opened_at:
            when = (
                state.opened_at
            )  # a stage that has not begun yet (a start time ahead) ends as it begins
        ctx.emit(
            "stage_closed",
            {
                "phase": state.phase_label(),
                "stage": state.stage,
                "at": when.isoformat() if when else None,
            },
            PUBLIC if state.stage_private is None else state.stage_private,
        )
        self.record_absences(ctx)
        before = (state.phase, state.day, state.stage_key)
        self.on_close(ctx, state.stage_key)
        if state.ended or (state.phase, state.day, state.stage_key) != before:
            return  # the game ended, or the resolution itself opened the next stage
        self.advance(ctx, when)

    def on_close(self, ctx: Ctx, stage_key: str) -> None:
        """Resolve the stage being closed (night resolution, vote count...)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ absences (R-ALL-05)
    def absences(self, state: State) -> dict[str, list[int]]:
        """Who was due in the current stage and submitted nothing, by skill (R-ALL-05: 「The
        engine records the omission so the director can penalise it」).

        Due: every act the stage still offers a player as it closes (``legal``: the forms the page
        shows), a vote included, except a declaration (``rare``: 投降, 拍刀, 自爆) and a last-words
        right (a right, not a duty). Submitted: an act of that skill in this stage, or a vote; a
        team act that any member of the player's team submitted leaves no member absent
        (``team_of``). A player who lost the right during the stage (out, removed, stripped of
        the skill) is offered nothing, so is not absent."""
        acted = submitted_by_skill(state)
        out: dict[str, list[int]] = {}
        for seat, offers in enumerate(self.due_offers(state)):
            for la in offers:
                if self.absent(state, seat, la, acted):
                    seats = out.setdefault(la.skill, [])
                    if seat not in seats:
                        seats.append(seat)
        return out

    def absent(self, state: State, seat: int, la: LegalAct, acted: dict[str, set[int]]) -> bool:
        """Whether ``seat``, still offered ``la`` as the stage closes, was due and submitted
        nothing (:meth:`absences`' test, R-ALL-05; ``acted``: :func:`submitted_by_skill`)."""
        skill = la.skill
        if la.rare or skill == LAST_WORDS:
            return False
        if skill == VOTE:
            return seat not in state.ballot_counts
        if not self.owes(state, skill, seat):
            return False
        done = acted.get(skill)
        return not done or (seat not in done and done.isdisjoint(self.team_of(state, skill, seat)))

    def due_offers(self, state: State) -> list[list[LegalAct]]:
        """The acts :meth:`absences` reads at a close, by seat: each seat's ``legal``, or fewer
        where the rule set knows an act cannot make him absent (a right, an act he submitted);
        never one that could."""
        return [self.legal(state, seat) for seat in range(len(state.players))]

    def counts(self, state: State, seat: int, skill: str) -> bool:
        """Whether a submission of ``skill`` by ``seat`` counts now (R-ALL-09, R-ALL-13): the test
        the resolution applies to a standing submission, and what must hold when one is accepted
        (a submission from a player who lost the right is refused when made, never accepted and
        dropped later). By default: the player is still in the game."""
        return state.players[seat].alive

    def owes(self, state: State, skill: str, seat: int) -> bool:
        """Whether ``seat``, offered ``skill`` in the closing stage, was due to use it by this
        close (a sheriff who left tonight may name his successor early, but owes it only by the
        end of his 殉职 stage, R-M103-21); by default every offered act is due."""
        return True

    def team_of(self, state: State, skill: str, seat: int) -> tuple[int, ...]:
        """The players whose submission of ``skill`` is also ``seat``'s (a team act: the killers'
        blade, a ring's check); by default the skill is his alone."""
        return (seat,)

    def record_absences(self, ctx: Ctx) -> None:
        """The closing stage's absences, one director-only ``omission`` event per skill: {seats,
        skill, day, stage, phase, key} (the stage's name and key, the phase as scenarios name it).
        Read by the director's absence lists and penalty drafts and by a scenario's ``absent``."""
        s = ctx.state
        for skill, seats in self.absences(s).items():
            ctx.emit(
                "omission",
                {
                    "seats": sorted(seats),
                    "skill": skill,
                    "day": s.day,
                    "stage": s.stage,
                    "phase": s.phase_label(),
                    "key": s.stage_key,
                },
            )

    def advance(self, ctx: Ctx, at: datetime | None) -> None:
        """Open the next stage of this phase that applies, else the first of the next phase."""
        state = ctx.state
        specs, position = self._stage_table(state.phase)
        at_key = position.get(state.stage_key)
        start = at_key + 1 if at_key is not None else len(specs)
        for spec in specs[start:]:
            if self.stage_applies(state, spec, state.day):
                self.open_stage(ctx, state.phase, state.day, spec, at)
                return
        phase, day = state.phase, state.day
        for _ in range(4):
            phase, day = self.next_phase(phase, day)
            for spec in self._stage_table(phase)[0]:
                if self.stage_applies(state, spec, day):
                    self.open_stage(ctx, phase, day, spec, at, phase_start=True)
                    return
        raise RuntimeError("no stage applies")  # pragma: no cover - data error

    def next_phase(self, phase: str, day: int) -> tuple[str, int]:
        """The phase after ``phase``: the data file's cycle; the day number rises on its first phase."""
        cycle: list[str] = self.data["cycle"]
        if phase not in cycle:
            return cycle[0], day + 1
        i = cycle.index(phase)
        if i + 1 < len(cycle):
            return cycle[i + 1], day
        return cycle[0], day + 1

    def open_stage(
        self,
        ctx: Ctx,
        phase: str,
        day: int,
        spec: dict[str, Any],
        at: datetime | None,
        phase_start: bool = False,
    ) -> None:
        """Open a stage with its deadline from the timetable, when the game keeps a clock."""
        deadline = clock.stage_deadline(spec, day, at, self.zone, self.options)
        audience = self.stage_audience(ctx.state, spec)
        data: dict[str, Any] = {
            "phase": phase,
            "day": day,
            "stage": spec["stage"],
            "key": spec["key"],
            "opened_at": at.isoformat() if at else None,
            "deadline": deadline.isoformat() if deadline else None,
        }
        if audience is not None:
            data["private"] = list(audience)
        ctx.emit("stage_opened", data, PUBLIC if audience is None else audience)
        if phase_start:
            self.on_phase_start(ctx, phase, day)
        if not ctx.state.ended:
            self.on_stage_open(ctx, spec["key"])

    def stage_audience(self, state: State, spec: dict[str, Any]) -> tuple[int, ...] | None:
        """Who sees a stage open and close: everyone (None), or for a ``private`` stage of the
        timetable only the players who have a part in it (the rule set says who), so that its
        mere existence tells nobody else anything (M103: a sheriff died tonight)."""
        return None

    def on_phase_start(self, ctx: Ctx, phase: str, day: int) -> None:
        """Hook: a phase begins (day-start announcements ...)."""

    def on_stage_open(self, ctx: Ctx, key: str) -> None:
        """Hook: a stage has opened."""

    def start_time(self) -> datetime | None:
        """The game's first stage opens at the ``start_at`` option, if the game keeps a clock (a
        time without a UTC offset is local time in the game's zone)."""
        raw = self.options.get("start_at")
        return clock.local(clock.parse_moment(raw, self.zone), self.zone) if raw else None


def _typed(kind: Any, value: Any) -> Any:
    """Check an option of a clock type: ``zone`` (an IANA name), ``clock`` (12:00), ``moment``
    (an ISO time). Other options are checked by their ``choices``."""
    if value is None:
        return value
    if kind == "zone":
        clock.game_zone(str(value))
    elif kind == "clock":
        hour, minute = clock.parse_clock(value)
        return f"{hour:02d}:{minute:02d}"
    elif kind == "moment":
        clock.parse_moment(value, clock.game_zone(clock.DEFAULT_ZONE))
        return value.isoformat() if isinstance(value, datetime) else str(value)
    return value


def _lookup(table: dict[str, str], name: str, what: str) -> str:
    if name in table:
        return table[name]
    raise RuleError(texts.LOOKUP_UNKNOWN.format(name=name, what=what, known=NAME_SEP.join(table)))
