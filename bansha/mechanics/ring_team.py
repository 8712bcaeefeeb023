"""Ring teams: members who know one another only along a ring, and the team's choice made from
their separate submissions.

bs46 二: 「3名警察与1名杀手卧底，共同组成警察团，但是每个人只知道其他1个人的警察身份，并以环形连接。如：A知道B为警察；
B知道C为警察；C知道D为警察；D知道A为警察。」 (R-BS46-01: each member is told the next one, presented as a
real member whatever he is); 「警察团中，3位警察各有不同的级别……卧底级别最低」 (R-BS46-02: ranks drawn at
setup, the undercover last); the team's pick that night from the members' submissions, 情况1–3
(R-BS46-03: members who did not submit are ignored); 「杀手必须杀人」「查证每轮不可以放弃」 (R-BS46-04: when
no member submits, nothing, or a random living player: ``mandatory``).

The skill the team uses (查证, 暗杀) is declared with its own mechanic (``check``, ``team_kill``)
and ``chosen_by`` this skill: its pick at its ``do:`` step is the one this mechanic chooses among
the submissions of the players holding it now (R-ALL-09). The mechanic's memory is the drawn
orders (``State.orders``: ``ring:<ring>`` and ``ranks:<ring>``, from an ``order`` event at setup).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from bansha import texts
from bansha.engine import draws
from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError, SetupError
from bansha.engine.state import State
from bansha.mechanics.about import About, Need, Param
from bansha.mechanics.base import LIST_SEP, Board, Mechanic, SkillSpec
from bansha.mechanics.params import Raw
from bansha.mechanics.team import current_targets

MANDATORY = ("no_action", "random")
"""R-BS46-04 when no member submits: no act, or a random living player."""
CASES = ("case1", "case2", "case3", "random", "none")
"""How a team's pick was made (R-BS46-03/04); the trace's words are ``trace_<case>``."""


@dataclass(frozen=True, slots=True)
class RingTeamParams:
    """``real``: the real members' role (ranked, and the word each member is told the next one
    is); ``undercover``: the undercover's role (in the ring, ranked last); ``ring``: the name its
    orders are kept under; ``mandatory``: what happens when no member submits."""

    real: str
    undercover: str
    ring: str
    mandatory: str


def ring_next(ring: list[int]) -> dict[int, int]:
    """Who each member of a cyclic ring is told about: the next member (A→B→C→D→A)."""
    return {m: ring[(i + 1) % len(ring)] for i, m in enumerate(ring)}


def team_choice(
    submissions: dict[int, int], ranks: list[int], real: Collection[int]
) -> tuple[int | None, str]:
    """The team's target and which case decided it (R-BS46-03); members who did not submit are
    ignored.

    ``submissions`` maps each submitting member to the name (seat) they sent; ``ranks`` lists the
    members highest first (the undercover last); ``real`` holds the real members.
    Case 1: one name has at least two submissions and more than every other name.
    Case 3 (the post's 情况3): two names with two submissions each: the pair of two real members wins.
    Case 2 (the post's 情况2): otherwise the highest-ranked submitting member's name.
    """
    if not submissions:
        return None, "none"
    counts: dict[int, int] = {}
    for name in submissions.values():
        counts[name] = counts.get(name, 0) + 1
    # the most sent name (the first sent among equals) and the most any other name got
    top_name, top_count, runner_up = -1, 0, 0
    for name, n in counts.items():
        if n > top_count:
            top_name, top_count, runner_up = name, n, top_count
        elif n > runner_up:
            runner_up = n
    if top_count >= 2 and top_count > runner_up:
        return top_name, "case1"
    if top_count == 2 and runner_up == 2:
        for name, n in counts.items():  # the names sent twice, in the order first sent
            if n != 2:
                continue
            by = [m for m, t in submissions.items() if t == name]
            if all(m in real for m in by):
                return name, "case3"
    for member in ranks:
        if member in submissions:
            return submissions[member], "case2"
    return None, "none"  # pragma: no cover - every submitter has a rank


def whose(case: str, subs: dict[int, int], ranks: list[int], target: int | None) -> list[int]:
    """The members whose submission the team's choice took (情况1/3: all who sent that name;
    情况2: the highest-ranked member who submitted)."""
    if case == "case2":
        for m in ranks:
            if m in subs:
                return [m]
        return []
    if case in ("case1", "case3"):
        return [m for m, t in subs.items() if t == target]
    return []


class RingTeam(Mechanic):
    """Passive: the ring and ranks drawn at setup; the team's pick for the skill chosen by it."""

    kind = "ring_team"
    plain = False
    hooks = frozenset({"on_setup"})
    about = About(
        params=(
            Param("real", "text", None, required=True),
            Param("undercover", "text", None, required=True),
            Param("ring", "text", None, required=True),
            Param(
                "mandatory",
                "choice",
                None,
                MANDATORY,
                required=True,
            ),
        ),
        texts=(
            Need("ring_next", ("team", "p", "word")),
            Need("fixed_no_player", ("table", "team", "name")),
            Need("fixed_ring_size", ("table", "team", "n")),
        ),
        emits=("order", "known", "notice"),
    )

    def __init__(self, board: Board, spec: SkillSpec, raw: Raw) -> None:
        super().__init__(board, spec, raw)
        where = f"skills.{self.key}.params"
        real, under = raw.need("real"), raw.need("undercover")
        self.p = RingTeamParams(
            board.role_refs((real,), f"{where}.real")[0],
            board.role_refs((under,), f"{where}.undercover")[0],
            raw.need("ring"),
            raw.need("mandatory", MANDATORY),
        )
        raw.done()
        self.ring_order = f"ring:{self.p.ring}"
        """The name of the team's 环形顺序 among the drawn orders (R-BS46-01)."""
        self.rank_order = f"ranks:{self.p.ring}"
        """The name of the team's 级别 (highest first, the undercover last, R-BS46-02)."""

    def holds(self, s: State, seat: int) -> bool:
        """Nobody uses it: the members use the skill it chooses for."""
        return False

    # ------------------------------------------------------------------ setup
    def pins(self, s: State, fixed: dict[str, Any]) -> dict[str, list[int]]:
        """A ring or rank order pinned by a scenario's ``fixed.rings`` / ``fixed.ranks`` (by the
        team's name; players by name), by the order's name."""
        names = {p.name: p.seat for p in s.players}
        team = self.spec.name
        out: dict[str, list[int]] = {}
        for table, order in (("rings", self.ring_order), ("ranks", self.rank_order)):
            pinned = (fixed.get(table) or {}).get(team)
            if pinned is None:
                continue
            try:
                out[order] = [names[str(n)] for n in pinned]
            except KeyError as e:
                text = self.board.say("fixed_no_player", table=table, team=team, name=str(e))
                raise RuleError(text) from e
        return out

    def on_setup(self, ctx: Ctx, dealt: list[str]) -> None:
        """Draw the ring (R-BS46-01) and the ranks (R-BS46-02), or take the pinned ones (checked
        against the team's members); tell each member the next, as a real member."""
        s = ctx.state
        real = [x for x, r in enumerate(dealt) if r == self.p.real]
        under = [x for x, r in enumerate(dealt) if r == self.p.undercover]
        ring = self._pinned(s, "rings", self.ring_order, sorted(real + under))
        drawn = ring is None
        if ring is None:
            ring = sorted(real + under)
            draws.shuffle(ctx.rng(), ring)
        ctx.emit("order", {"order": self.ring_order, "seats": ring}, chance=drawn)
        ranks = self._pinned(s, "ranks", self.rank_order, real)
        drawn = ranks is None
        if ranks is None:
            ranks = list(real)
            draws.shuffle(ctx.rng(), ranks)
        ctx.emit("order", {"order": self.rank_order, "seats": ranks + under}, chance=drawn)
        word = self.board.role_name(self.p.real)
        for member, nxt in ring_next(ring).items():
            # presented as a real member whatever the next member really is
            ctx.emit("known", {"seat": member, "about": [nxt], "word": word}, (member,))
            params = {"team": self.spec.name, "p": nxt, "word": word}
            ctx.emit("notice", {"key": "ring_next", "params": params}, (member,))

    def _pinned(self, s: State, table: str, order: str, want: list[int]) -> list[int] | None:
        """The pinned order, which must list exactly ``want``; None when none is pinned."""
        pinned = s.pinned.get(order)
        if pinned is None:
            return None
        if sorted(pinned) != sorted(want):
            text = self.board.say("fixed_ring_size", table=table, team=self.spec.name, n=len(want))
            raise RuleError(text)
        return list(pinned)

    # ------------------------------------------------------------------ the team's pick
    def members(self, s: State, skill: str) -> list[int]:
        """The members taking part tonight: the living players holding ``skill`` now (R-ALL-09:
        a member drowned or 判死, or an undercover who lost it on recovery, takes no part)."""
        return [p.seat for p in s.players if p.alive and skill in p.skills]

    def choose(
        self, ctx: Ctx, skill: str, members: list[int] | None = None
    ) -> tuple[int, int] | None:
        """Tonight's pick of ``skill`` by 情况1–3 (R-BS46-03), or by ``mandatory`` when no member
        submitted (R-BS46-04): (the member whose submission it took, the target); the director's
        trace names every submission and the case. ``members``: :meth:`members`, when the
        caller has them already."""
        s = ctx.state
        if members is None:
            members = self.members(s, skill)
        if not members:
            return None
        players = s.players
        subs = current_targets(s, skill)
        real_role = self.p.real
        real = {x for x in members if players[x].role == real_role}
        ranks = list(s.orders[self.rank_order])
        ranks += [x for x in members if x not in ranks]  # a recovered undercover
        target, case = team_choice(subs, ranks, real)
        board = self.board
        team = self.spec.name
        if target is None and self.p.mandatory == "random":
            target = draws.choice(ctx.rng(), s.living())  # R-BS46-04 (option random)
            title = board.say("trace_ring_none", day=s.day, team=team)
            line = board.say("trace_ring_random", p=s.players[target].name)
            data = {"team": self.p.ring, "random": target, "title": title, "lines": [line]}
            ctx.emit("trace", data, chance=True)
            case = "random"
        # the director's trace kept as data (bansha.engine.trace puts it in words)
        lines: list[Any] = [f"{s.players[m].name} → {s.players[t].name}" for m, t in subs.items()]
        chosen = s.players[target].name if target is not None else board.say("nobody")
        said = {"case": board.say(f"trace_{case}"), "p": chosen}
        lines.append({"key": "trace_ring_case", "params": said})
        won = whose(case, subs, ranks, target)
        if won:
            taken = LIST_SEP.join([s.players[m].name for m in won])
            lines.append({"key": "trace_ring_taken", "params": {"ps": taken}})
        heading: dict[str, Any] = {"key": "trace_ring", "params": {"day": s.day, "team": team}}
        ctx.emit(
            "trace",
            {"title": heading, "lines": lines, "team": self.p.ring, "target": target, "case": case},
        )
        if target is None:
            return None
        # by the member whose submission it took (the highest-ranked member taking part when
        # none was: R-BS46-04's random draw)
        for m in [*won, *ranks]:
            if m in members:
                return m, target
        return members[0], target

    def draws(self, s: State) -> list[str]:
        """The ring and ranks as the director's god view lists them."""
        names = [p.name for p in s.players]
        out = []
        ring = s.orders.get(self.ring_order, ())
        ranks = s.orders.get(self.rank_order, ())
        team = self.spec.name
        if ring:
            chain = "→".join(names[x] for x in [*ring, ring[0]])
            out.append(self.board.say("draws_ring", team=team, ps=chain))
        if ranks:
            listed = LIST_SEP.join(names[x] for x in ranks)
            out.append(self.board.say("draws_ranks", team=team, ps=listed))
        return out


def chooser(board: Board, key: str | None, where: str) -> str | None:
    """A ``chosen_by`` parameter: a skill of the board declared with this mechanic."""
    if key is None:
        return None
    board.skill_ref(key, where)
    if board.skills[key].get("mechanic") != RingTeam.kind:
        raise SetupError(texts.DATA_NOT_MECHANIC.format(where=where, value=key, kind=RingTeam.kind))
    return key


def team(m: Mechanic, s: State, chosen_by: str) -> tuple[int, ...]:
    """Whose submission of ``m``'s skill is also each member's: the ring team's members taking
    part (one member's submission leaves none absent; R-BS46-04 records a team none of whose
    members submitted)."""
    ring = m.board.mechs[chosen_by]
    assert isinstance(ring, RingTeam)
    return tuple(ring.members(s, m.key))


def pick(m: Mechanic, ctx: Ctx, chosen_by: str | None) -> tuple[int, int] | None:
    """The team's pick of ``m``'s skill tonight: the ring team's choice (``chosen_by``), or the
    standing submission recorded as the skill's use (:meth:`Mechanic.use_pick`)."""
    if chosen_by is None:
        return m.use_pick(ctx)
    ring = m.board.mechs[chosen_by]
    assert isinstance(ring, RingTeam)
    return ring.choose(ctx, m.key)
