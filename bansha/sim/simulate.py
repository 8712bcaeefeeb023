"""Balance simulation: many complete games of a rule set or variant, summed into a report.

Games are played in fixed chunks of seeds; each chunk's counts are sums, so the report is the
same whatever the number of processes (only the timing under ``run`` differs). The deal of game
``seed`` depends only on the seed, so a variant or a withheld skill is compared on the same deals.

How often a skill changed an outcome is measured by counterfactual: the first ``impact_games``
games are played again with that skill never used (its holders skip it, the engine's default for
a missing act applies), and the report counts the games whose winners differ.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from statistics import mean, median
from typing import Any, Final

from bansha import collector, texts
from bansha.engine import Game
from bansha.engine.events import DIRECTOR
from bansha.engine.ruleset import RuleSet
from bansha.engine.views import visible_events
from bansha.rulesets import find_ruleset
from bansha.sim.agents import Agent, RandomAgent, Withholding
from bansha.sim.heuristic import heuristic_agents
from bansha.sim.play import StalledGame, play
from bansha.sim.stats import compare, wilson

CHUNK = 100
"""Games per task; fixed so that results do not depend on the number of processes."""
AGENT_KINDS = ("random", "heuristic")
KILL_CAUSES: Final = frozenset({"kill", "poison", "blade"})
"""Exit causes that are a night kill (M103 指杀/毒药, bs46 暗杀, XXXII 无常之刃): the first-night
kills table counts these, not other night exits such as XXXII's 魔法传承; with them, every skill
a board's data file marks as harming its target (``hint: harm`` or ``foes_only``)."""


@cache
def _kill_causes(rs: RuleSet) -> frozenset[str]:
    hints = rs.skill_hints()
    return KILL_CAUSES | {k for k, h in hints.items() if h in ("harm", "foes_only")}


NOT_MEASURED = frozenset({"vote", "last_words", "surrender", "declare"})
"""Duties and declarations left out of the skill-impact table."""


@cache
def _ruleset(ref: str) -> RuleSet:
    return find_ruleset(ref)


def make_agents(rs: RuleSet, kind: str, seed: int) -> list[Agent]:
    """The agents of one game: ``random`` or ``heuristic``, seeded from the game's seed."""
    n = rs.player_count
    if kind == "heuristic":
        return heuristic_agents(rs, n, seed)
    if kind == "random":
        rng = random.Random(f"agents/{seed}")
        return [RandomAgent(seat, rng) for seat in range(n)]
    raise ValueError(texts.SIM_UNKNOWN_AGENTS.format(kind=kind))


@dataclass
class Tally:
    """Counts from a set of games; tallies add up (in any order) to the tally of all the games."""

    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)
    days: Counter[int] = field(default_factory=Counter)
    exits: Counter[tuple[str, str]] = field(default_factory=Counter)
    roles: Counter[str] = field(default_factory=Counter)
    first_night: Counter[str] = field(default_factory=Counter)
    used: Counter[str] = field(default_factory=Counter)
    factions: Counter[str] = field(default_factory=Counter)
    decisions: int = 0
    stalled: int = 0
    winners_by_seed: dict[int, str] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        """Add another tally's counts to this one."""
        self.games += other.games
        self.wins.update(other.wins)
        self.outcomes.update(other.outcomes)
        self.days.update(other.days)
        self.exits.update(other.exits)
        self.roles.update(other.roles)
        self.first_night.update(other.first_night)
        self.used.update(other.used)
        self.factions.update(other.factions)
        self.decisions += other.decisions
        self.stalled += other.stalled
        self.winners_by_seed.update(other.winners_by_seed)


def outcome_key(winners: list[str]) -> str:
    """A game's winners as one key (``a+b`` for a joint win)."""
    return "+".join(sorted(winners))


def play_games(
    ref: str, kind: str, seeds: range, withheld: str | None = None, keep_winners: int = 0
) -> Tally:
    """Play the games of ``seeds`` and count them (one task of a simulation)."""
    rs = _ruleset(ref)
    players = [f"p{i}" for i in range(rs.player_count)]
    tally = Tally()
    for seed in seeds:
        game = Game.create(rs, players, seed)
        agents = make_agents(rs, kind, seed)
        if withheld is not None:
            wrapped: list[Agent] = [Withholding(a, withheld) for a in agents]
            agents = wrapped
        try:
            play(game, agents, seed)
        except StalledGame:
            tally.stalled += 1  # counted with no winner (a skill replay can make a game endless)
        _count(tally, game)
        if seed < keep_winners:
            tally.winners_by_seed[seed] = outcome_key(game.state.winners)
    return tally


def _count(tally: Tally, game: Game) -> None:
    s = game.state
    tally.games += 1
    for f in s.winners:
        tally.wins[f] += 1
    tally.outcomes[outcome_key(s.winners)] += 1
    tally.days[s.day] += 1
    for p in s.players:
        tally.roles[p.role] += 1
        tally.factions[p.faction] += 1
    victims = 0
    kills = _kill_causes(game.ruleset)
    for ev in visible_events(game, DIRECTOR):  # the whole game as its director sees it
        k = ev.kind
        if k == "exited":
            d = ev.data
            tally.exits[(s.players[d["seat"]].role, str(d["cause"]))] += 1
            if d.get("phase") == "night" and d.get("day") == 1 and d["cause"] in kills:
                tally.first_night[s.players[d["seat"]].role] += 1
                victims += 1
        elif k == "acted" or k == "voted":
            tally.decisions += 1
            if k == "acted":
                tally.used[ev.data["skill"]] += 1
    if not victims:
        tally.first_night[""] += 1


def _chunks(seed: int, games: int) -> list[range]:
    return [range(a, min(a + CHUNK, seed + games)) for a in range(seed, seed + games, CHUNK)]


def _run_tasks(
    tasks: list[tuple[Any, ...]], jobs: int, advance: Callable[[int], None] | None
) -> list[Tally]:
    """Run ``play_games`` tasks on ``jobs`` processes; results in task order."""

    def done(results: Iterator[Tally]) -> list[Tally]:
        out = []
        for t in results:
            out.append(t)
            if advance is not None:
                advance(t.games)
        return out

    if jobs <= 1:
        return done(play_games(*t) for t in tasks)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return done(pool.map(play_games, *zip(*tasks, strict=True)))


def simulate(
    ref: str,
    games: int,
    agents: str = "random",
    jobs: int = 1,
    seed: int = 0,
    impact_games: int = 200,
    advance: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games (and the skill-impact replays) and return the JSON-ready report."""
    if agents not in AGENT_KINDS:
        raise ValueError(texts.SIM_UNKNOWN_AGENTS.format(kind=agents))
    if games < 1:
        raise ValueError(texts.SIM_TOO_FEW_GAMES)
    rs = _ruleset(ref)
    with collector.settled():  # once the rule set is read; forked workers inherit it
        impact_games = max(0, min(impact_games, games))
        keep = seed + impact_games
        start = time.perf_counter()
        tally = Tally()
        for t in _run_tasks(
            [(ref, agents, r, None, keep) for r in _chunks(seed, games)], jobs, advance
        ):
            tally.add(t)
        played = time.perf_counter() - start
        skills = _impact_skills(rs, tally) if impact_games else []
        tasks = [
            (ref, agents, r, skill, keep) for skill in skills for r in _chunks(seed, impact_games)
        ]
        counter: dict[str, Tally] = {skill: Tally() for skill in skills}
        per_skill = len(_chunks(seed, impact_games)) if impact_games else 0
        for i, t in enumerate(_run_tasks(tasks, jobs, advance)):
            counter[skills[i // per_skill]].add(t)
        report = _report(rs, ref, agents, seed, tally, counter, impact_games)
        report["run"] = {
            "jobs": jobs,
            "seconds": round(time.perf_counter() - start, 3),
            "games_per_second": round(games / played, 1) if played > 0 else None,
        }
        return report


def total_games(games: int, impact_games: int, ref: str) -> int:
    """An upper bound of the games a simulation plays (for a progress bar)."""
    rs = _ruleset(ref)
    skills = {s for r in rs.roles.values() for s in r.get("skills", [])} - NOT_MEASURED
    return games + len(skills) * max(0, min(impact_games, games))


def _impact_skills(rs: RuleSet, tally: Tally) -> list[str]:
    """Role skills the agents actually used (passive skills have no act to withhold)."""
    role_skills = {s for r in rs.roles.values() for s in r.get("skills", [])}
    return sorted(s for s in role_skills - NOT_MEASURED if tally.used[s] > 0)


def _report(
    rs: RuleSet,
    ref: str,
    agents: str,
    seed: int,
    tally: Tally,
    counter: dict[str, Tally],
    impact_games: int,
) -> dict[str, Any]:
    n = tally.games
    factions = []
    contenders = [k for k in rs.factions if tally.wins[k] or tally.factions[k]]
    for key in contenders:  # a faction nobody holds at the end (M103's 不定) is no contender
        ci = wilson(tally.wins[key], n)
        factions.append(
            {
                "key": key,
                "name": rs.faction_name(key),
                "wins": tally.wins[key],
                "rate": ci.rate,
                "low": ci.low,
                "high": ci.high,
            }
        )
    lengths = [d for d, c in tally.days.items() for _ in range(c)]
    causes: dict[str, str] = rs.data.get("causes", {})
    exits = []
    for role in rs.roles:
        count = tally.roles[role]
        if not count:
            continue
        by_cause = {
            causes.get(c, c): k for (r, c), k in sorted(tally.exits.items()) if r == role and k
        }
        exits.append(
            {
                "role": rs.role_name(role),
                "players": count,
                "causes": by_cause,
                "survived": count - sum(by_cause.values()),
            }
        )
    first_night = [
        {
            "role": rs.role_name(r) if r else texts.SIM_NOBODY_KILLED,
            "games": k,
            "share": k / n,
        }
        for r, k in sorted(tally.first_night.items(), key=lambda kv: (-kv[1], kv[0]))
    ]
    skills = []
    for skill, t in counter.items():
        changed = sum(
            1
            for s, w in t.winners_by_seed.items()
            if tally.winners_by_seed.get(s) is not None and w != tally.winners_by_seed[s]
        )
        ci = wilson(changed, t.games)
        base = Tally()
        for s in t.winners_by_seed:
            base.wins.update(tally.winners_by_seed[s].split("+"))
        shifts = {}
        for key in contenders:
            d = compare(base.wins[key], t.games, t.wins[key], t.games)
            shifts[rs.faction_name(key)] = round(-d.diff, 4)  # with the skill minus without
        skills.append(
            {
                "key": skill,
                "skill": rs.skill_name(skill),
                "games": t.games,
                "changed": changed,
                "rate": ci.rate,
                "low": ci.low,
                "high": ci.high,
                "win_shift": shifts,
                "stalled": t.stalled,
            }
        )
    return {
        "ruleset": rs.id,
        "title": rs.title,
        "source": ref,
        "agents": agents,
        "games": n,
        "seed": seed,
        "factions": factions,
        "outcomes": [
            {"winners": [rs.faction_name(f) for f in k.split("+") if f], "games": c}
            for k, c in sorted(tally.outcomes.items(), key=lambda kv: (-kv[1], kv[0]))
        ],
        "length": {
            "mean": mean(lengths),
            "median": median(lengths),
            "min": min(lengths),
            "max": max(lengths),
            "days": {str(d): tally.days[d] for d in sorted(tally.days)},
        },
        "decisions_per_game": tally.decisions / n,
        "stalled": tally.stalled,
        "exits": exits,
        "first_night": first_night,
        "impact_games": impact_games,
        "skills": skills,
    }


def compare_reports(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    """Faction by faction (by name): B's win rate minus A's, its interval and p-value."""
    out = []
    rates_b = {f["name"]: f for f in b["factions"]}
    for fa in a["factions"]:
        fb = rates_b.get(fa["name"])
        if fb is None:
            continue
        d = compare(fa["wins"], a["games"], fb["wins"], b["games"])
        out.append(
            {
                "faction": fa["name"],
                "a": fa["rate"],
                "b": fb["rate"],
                "diff": d.diff,
                "low": d.low,
                "high": d.high,
                "p_value": d.p_value,
                "significant": d.p_value < 0.05,
            }
        )
    return out
