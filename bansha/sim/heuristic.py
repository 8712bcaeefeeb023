"""Heuristic agents: plausible play from a player's own view only.

Each agent remembers what its player may see (role card, teammates, knowledge, its own results,
public announcements and votes) and sorts the other players into friends, foes and unknowns:

- teammates (a team group, a ring neighbour, the reds Merlin is shown...) are friends, never
  killed or voted;
- a check that shows a player on the agent's side clears him; one that shows the other side makes
  him a foe, voted out and killed first (checked players voted out);
- with nobody known, votes follow the day's leading candidate who is not a friend (M103: the
  emperor's side follows the public emperor's vote: 至尊帝王说话比较好使);
- protections go to the agent or a cleared friend; checks go to players not yet checked;
- Avalon: blue players reject teams with a known red, reds approve teams with a red and fail the
  missions they can; the witch marks players she has no reason to think are not civilians.

What a word means (which side a result names: ``sides``) and what a skill does to its target
(``hint`` of each skill: harm, protect, inform, foes_only, never) come from the rule set's data
file, so a new board gets plausible bots with no code; skills without a hint fall back on the
conventional keys below.
"""

from __future__ import annotations

import random
from typing import Any, Final

from bansha import texts
from bansha.engine import draws
from bansha.engine.commands import Act, Command, Vote
from bansha.engine.events import Event
from bansha.engine.game import Game
from bansha.engine.ruleset import LegalAct, RuleSet
from bansha.engine.views import visible_events
from bansha.sim.agents import LAST_WORDS, Agent, random_command

HARM: Final = frozenset({"kill", "assassinate", "blade", "strike", "decide"})
"""Skills that remove their target: aimed at foes, then unknowns, never at friends."""
PROTECT: Final = frozenset({"guard", "save", "barrier", "succession"})
"""Skills that shield or favour their target: the agent or a cleared friend."""
PROBE: Final = frozenset({"check", "inspect", "lady", "audition"})
"""Skills that learn about their target: players not yet probed and not known."""
ONLY_ON_FOES: Final = frozenset({"poison"})
"""Skills not wasted on a guess: used only on a known foe."""
NEVER: Final = frozenset({"surrender", "declare"})
"""Game-ending declarations a heuristic player does not make on its own."""
DEFAULT_HINTS: dict[str, str] = {
    **dict.fromkeys(HARM, "harm"),
    **dict.fromkeys(PROTECT, "protect"),
    **dict.fromkeys(PROBE, "inform"),
    **dict.fromkeys(ONLY_ON_FOES, "foes_only"),
    **dict.fromkeys(NEVER, "never"),
}
"""Hints of the conventional skill keys, for data files that declare none."""


class Sides:
    """What the rule set's words say about sides: faction keys from result and knowledge words."""

    def __init__(self, rs: RuleSet) -> None:
        words = rs.words
        self.by_word: dict[str, str] = {}
        for key, faction in rs.factions.items():
            self.by_word[str(faction)] = key
        for role in rs.roles.values():  # bs46: a check answers with the role's name
            self.by_word.setdefault(str(role["name"]), str(role.get("faction", "")))
        for word, side in dict(rs.data.get("sides") or {}).items():  # a word key (or the word)
            self.by_word[words.get(str(word), str(word))] = str(side)
        self.hints: dict[str, str] = {**DEFAULT_HINTS, **rs.skill_hints()}
        mechs = getattr(rs, "mechs", {})  # a board's declared mechanics
        self.policies: dict[str, str] = {
            k: str(v.get("policy") or getattr(mechs.get(k), "policy", ""))
            for k, v in rs.skills.items()
        }
        """When each declaration is made (``cornered``, ``suspect``; none: never)."""
        self.agree = words.get("agree", texts.SIM_AGREE)
        self.reject = words.get("reject", words.get("refuse", texts.SIM_REJECT))
        self.fail = words.get("fail", texts.SIM_FAIL)
        self.success = words.get("success", texts.SIM_SUCCESS)
        self.accept = words.get("accept", texts.SIM_ACCEPT)
        self.not_civilian = words.get("not_civilian", "")

    def side(self, word: str | None) -> str | None:
        """The faction a word names (``!x``: not faction x), or None when it names no side."""
        if word is None:
            return None
        return self.by_word.get(word)


class HeuristicAgent(Agent):
    """One seat's plausible player (see the module docstring)."""

    def __init__(self, seat: int, rng: random.Random, sides: Sides) -> None:
        super().__init__(seat, observes=True)
        self.rng = rng
        self.sides = sides
        self.forget()

    def forget(self) -> None:
        """Know nothing yet (the events are handed over again from the first)."""
        self.faction = ""
        self.role = ""
        self.friends: set[int] = set()
        self.foes: set[int] = set()
        self.cleared: set[int] = set()
        self.probed: set[int] = set()
        self.out: set[int] = set()
        self.not_civilians: set[int] = set()
        self.marked: set[int] = set()
        self.last_target: dict[str, int] = {}
        self.stage_votes: dict[int, int | None] = {}
        self.proposals: list[list[int] | None] = []
        self.mission_team: list[int] = []
        self.leader: int | None = None
        self.suspicion: dict[int, float] = {}

    # ------------------------------------------------------------------ memory
    def observe(self, ev: Event) -> None:
        """Update what this player knows from one event of its view."""
        k, d = ev.kind, ev.data
        if k == "voted":
            self.stage_votes[d["seat"]] = d["target"]
        elif k == "stage_opened":
            self.stage_votes = {}
            if d.get("key") == "proposals":
                self.proposals = []
        elif k == "announcement":
            self._announced(d)
        elif k == "role_card" and d["seat"] == self.seat:
            self.role, self.faction = d["role"], d["faction"]
        elif k == "role_set" and d["seat"] == self.seat:
            self.role = d["role"]
        elif k == "faction_set" and d["seat"] == self.seat:
            self.faction = d["faction"]
        elif k == "group_set" and self.seat in d["members"]:
            self._friend(d["members"])
        elif k == "known" and d["seat"] == self.seat:
            self._known(list(d["about"]), d.get("word"))
        elif k == "result" and d["seat"] == self.seat:
            told = d.get("targets") or ([d["target"]] if "target" in d else [])
            target = told[0] if told else self.last_target.get(d["skill"])
            if target is not None:
                self._result(d["skill"], int(target), d.get("value"))
        elif k == "acted" and d["seat"] == self.seat and d.get("targets"):
            self.last_target[d["skill"]] = d["targets"][0]

    def _announced(self, d: dict[str, Any]) -> None:
        self.out.update(d.get("exits", []))
        params = d.get("params", {})
        if d.get("key") == "emperor_public":  # M103: the emperor's word carries weight
            self.leader = int(params["p"])
        if d.get("key") in ("proposal", "proposal_random"):
            self.proposals.append(list(params.get("ps", [])))
        elif d.get("key") == "proposal_missing":
            self.proposals.append(None)
        elif d.get("key") == "team_goes":
            self.mission_team = list(params.get("ps", []))
        elif d.get("key") == "mission_result" and int(params.get("fails", 0)) > 0:
            # a failed mission had a red on it: its members are suspects (a red knows better)
            team = [t for t in self.mission_team if t != self.seat and t not in self.cleared]
            for t in team:
                self.suspicion[t] = self.suspicion.get(t, 0.0) + int(params["fails"]) / len(team)

    def _friend(self, seats: list[int]) -> None:
        for x in seats:
            if x != self.seat:
                self.friends.add(x)
                self.foes.discard(x)

    def _known(self, about: list[int], word: str | None) -> None:
        if self.sides.not_civilian and word == self.sides.not_civilian:
            self.not_civilians.update(about)  # the witch's prophecy
            return
        side = self.sides.side(word)
        if side is None:
            return
        if side == self.faction:
            self._friend(about)
        elif self.faction:
            self.foes.update(x for x in about if x != self.seat and x not in self.friends)

    def _result(self, skill: str, target: int, value: str | None) -> None:
        self.probed.add(target)
        if skill == "mark":
            self.marked.add(target)
            if value != self.sides.success:  # a mark on a civilian 「成功」
                self.not_civilians.add(target)
            return
        side = self.sides.side(value)
        if side is None or target == self.seat:
            return
        mine = self.faction
        if side.startswith("!"):  # "not of faction x": a foe only to x
            if side[1:] == mine:
                self.foes.add(target)
                self.friends.discard(target)
        elif side == mine:
            self.cleared.add(target)
            if target not in self.foes:
                self.friends.add(target)
        else:
            self.foes.add(target)
            self.friends.discard(target)

    # ------------------------------------------------------------------ decisions
    def decide(self, legal: list[LegalAct]) -> Command | None:
        """The most plausible act among those offered (one per turn)."""
        rng = self.rng
        order = sorted(legal, key=lambda la: (la.skill == "vote", la.rare))
        for la in order:
            cmd = self._one(la)
            if cmd is not None:
                return cmd
        if rng.random() < 0.05:
            return random_command(rng, self.seat, [la for la in legal if not la.rare], 0.0)
        return None

    def _one(self, la: LegalAct) -> Command | None:
        skill, seat = la.skill, self.seat
        if la.rare and self.sides.policies.get(skill):
            return self._declare(la, self.sides.policies[skill])
        if self.sides.hints.get(skill) == "never" or la.rare:
            return self._answer(la) if la.choices and not la.rare else None
        if la.text:
            return Act(seat, skill, (), LAST_WORDS[int(self.rng.random() * len(LAST_WORDS))])
        if skill == "vote":
            return Vote(seat, self._vote_target(la.targets))
        if skill == "approve":
            return Act(seat, skill, (), ",".join(self._approvals(la)))
        if skill == "mission":
            return Act(seat, skill, (), self._mission(la.choices))
        if skill == "propose":
            return Act(seat, skill, self._team(la.targets, la.picks))
        if not la.picks:
            return self._answer(la)
        targets = self._targets(la)
        if targets is None:
            return None
        choice = la.choices[int(self.rng.random() * len(la.choices))] if la.choices else None
        return Act(seat, skill, targets, choice)

    def _leader(self) -> tuple[int | None, int]:
        """The player the day's votes so far lead on, and his votes (None: no clear leader)."""
        tally: dict[int, int] = {}
        for t in self.stage_votes.values():
            if t is not None:
                tally[t] = tally.get(t, 0) + 1
        if not tally:
            return None, 0
        best = max(tally.values())
        leaders = [t for t, n in tally.items() if n == best]
        return (leaders[0], best) if len(leaders) == 1 else (None, best)

    def _declare(self, la: LegalAct, policy: str) -> Command | None:
        """A declaration by its policy: ``cornered``, when the day's votes lead on him with at
        least three (自爆 before the vote, the 白狼王 taking a player who voted for him, else a
        foe or an unknown); ``suspect``, on the player the votes lead on, unless a friend or
        cleared (a 决斗), else on a known foe."""
        seat = self.seat
        leader, votes = self._leader()
        if policy == "cornered":
            if leader != seat or votes < 3:
                return None
            if not la.picks:
                return Act(seat, la.skill, ())
            accusers = [v for v, t in self.stage_votes.items() if t == seat and v in la.targets]
            pool = [t for t in accusers if t not in self.friends]
            pick = self._pick(pool) if pool else None
            if pick is None:
                chosen = self._targets(la)
                return None if chosen is None else Act(seat, la.skill, chosen)
            return Act(seat, la.skill, (pick,))
        foes = [t for t in la.targets if t in self.foes]
        known = self.friends | self.cleared
        if leader is not None and votes >= 3 and leader in la.targets and leader not in known:
            return Act(seat, la.skill, (leader,))
        return Act(seat, la.skill, (foes[0],)) if foes else None

    def _answer(self, la: LegalAct) -> Command | None:
        """A choice without targets: refuse a surrender, accept castling, else the first."""
        if not la.choices:
            return None
        for want in (self.sides.reject, self.sides.accept):
            if want in la.choices:
                return Act(self.seat, la.skill, (), want)
        return Act(self.seat, la.skill, (), la.choices[0])

    def _pick(self, pool: list[int]) -> int | None:
        return pool[int(self.rng.random() * len(pool))] if pool else None

    def _targets(self, la: LegalAct) -> tuple[int, ...] | None:
        skill, seat, targets = la.skill, self.seat, la.targets
        others = [t for t in targets if t != seat]
        hint = self.sides.hints.get(skill, "")
        if hint == "foes_only":
            foe = self._pick([t for t in others if t in self.foes])
            return None if foe is None else (foe,)
        if hint == "harm":
            pool = [t for t in others if t in self.foes] or [
                t for t in others if t not in self.friends
            ]
            t = self._pick(pool)
            return None if t is None else (t,)
        if hint == "protect":
            pool = [t for t in targets if t in self.cleared or t in self.friends]
            if seat in targets and skill != "succession":
                pool.append(seat)
            t = self._pick(pool or [t for t in others if t not in self.foes] or others)
            return None if t is None else (t,)
        if skill == "mark":
            pool = [
                t
                for t in targets
                if t not in self.marked and t not in self.not_civilians and t not in self.friends
            ]
            t = self._pick(pool or list(targets))
            return None if t is None else (t,)
        unknown = [t for t in others if t not in self.probed and t not in self.friends]
        if la.picks == 1:
            t = self._pick(unknown if hint == "inform" and unknown else others)
            return None if t is None else (t,)
        pool = unknown if len(unknown) >= la.picks else [t for t in targets if t != seat]
        if la.must_include:
            first = self._pick(list(la.must_include))
            if first is None:
                return None
            rest = [t for t in pool if t != first] or [t for t in targets if t != first]
            if len(rest) < la.picks - 1:
                return None
            return (first, *draws.sample(self.rng, rest, la.picks - 1))
        if len(pool) < la.picks:
            return None
        return tuple(draws.sample(self.rng, pool, la.picks))

    def _vote_target(self, targets: tuple[int, ...]) -> int | None:
        others = [t for t in targets if t != self.seat]
        foes = [t for t in others if t in self.foes]
        if foes:
            return self._pick(foes)
        lead = self.leader
        if lead is not None and lead != self.seat and self.faction in ("loyal", "undetermined"):
            said = self.stage_votes.get(lead)  # the public emperor's word carries weight
            if said is not None and said in others and said not in self.friends:
                return said
        tally: dict[int, int] = {}
        for t in self.stage_votes.values():
            if t is not None and t in others and t not in self.friends:
                tally[t] = tally.get(t, 0) + 1
        if tally and self.rng.random() < 0.7:
            best = max(tally.values())
            return self._pick(sorted(t for t, n in tally.items() if n == best))
        pool = [t for t in others if t not in self.friends and t not in self.cleared]
        return self._pick(pool or others)

    def _approvals(self, la: LegalAct) -> list[str]:
        out = []
        for i in range(la.slots):
            team = self.proposals[i] if i < len(self.proposals) else None
            out.append(
                self.sides.agree if team is not None and self._likes(team) else self.sides.reject
            )
        return out

    def _likes(self, team: list[int]) -> bool:
        if self.faction == "red":
            return self.seat in team or any(t in self.friends for t in team)
        if any(t in self.foes for t in team):
            return False
        doubt = sum(self.suspicion.get(t, 0.0) for t in team)
        return self.rng.random() < (0.9 if self.seat in team else 0.6) - doubt

    def _mission(self, choices: tuple[str, ...]) -> str:
        if self.sides.fail in choices and self.rng.random() < 0.85:
            return self.sides.fail
        return self.sides.success if self.sides.success in choices else choices[0]

    def _team(self, targets: tuple[int, ...], size: int) -> tuple[int, ...]:
        if self.faction == "red":
            first = [self.seat]
            rest = [t for t in targets if t != self.seat]
        else:
            first = [self.seat] + [t for t in targets if t in self.cleared and t != self.seat]
            rest = sorted(
                (t for t in targets if t not in first and t not in self.foes),
                key=lambda t: self.suspicion.get(t, 0.0),
            )[: max(size, len(targets) // 2)]
            if len(first) + len(rest) < size:
                rest += [t for t in targets if t not in first and t not in rest]
        first = [t for t in first if t in targets][:size]
        pool = [t for t in rest if t not in first]
        return tuple(sorted(first + draws.sample(self.rng, pool, size - len(first))))


def heuristic_agents(rs: RuleSet, players: int, seed: int) -> list[Agent]:
    """One heuristic agent per seat, each with its own generator derived from ``seed``."""
    sides = Sides(rs)
    return [
        HeuristicAgent(seat, random.Random(f"heuristic/{seed}/{seat}"), sides)
        for seat in range(players)
    ]


def bot_command(game: Game, seat: int, rng: random.Random) -> Command | None:
    """A web demo bot's move: a heuristic agent rebuilt from the events its seat may see."""
    agent = HeuristicAgent(seat, rng, Sides(game.ruleset))
    for ev in visible_events(game, seat):
        agent.observe(ev)
    legal = game.legal(seat)
    return agent.decide(legal) if legal else None
