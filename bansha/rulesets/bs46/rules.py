"""【版杀46】《无间道》: mafia 2.0 with undercovers and ring-knowledge teams, 16 players.

「游戏分为白天和夜晚两个阶段……游戏从白天开始……投票采用两轮投票制。第一轮投票为试探性投票，得票超过40%的最高票被判出局……
如果试探性投票中出现2位得票超过40%且票数相同者，则进入第二轮高票辩论投票，此轮得票最高者死。如再度平票，由前夜被杀者选择出局
玩家。」「夜晚由两部分组成：有身份的玩家行使权力；死者遗言。」「所有出局玩家均公布其真实身份。」

Rulings followed: R-ALL-01..08, R-BS46-01..11 (../shared/rulings.md). Words users read come from
``data.yaml``.

Its memory is typed state: each team's ring and ranks are orders of seats drawn at setup
(``State.orders``); the police team's checks are the uses of 查证 (``State.uses``), which a
recovered undercover is sent; the 高票对辩 and the 高票讨论 are decisions owed (``State.pending``);
the previous night's victim is read from the exits, an undercover's recovery from the skills it
moved and the identities dealt from ``State.dealt``. A stream stored while it sat in flags reads
through the data file's ``stored_flags``.
"""

from __future__ import annotations

from typing import Any

from bansha.engine.commands import Act, Vote
from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError
from bansha.engine.events import PUBLIC, Event
from bansha.engine.state import State
from bansha.mechanics import announce, last_words
from bansha.mechanics.pipeline import Pipeline
from bansha.mechanics.ring_team import RingTeam
from bansha.mechanics.runoff_vote import RunoffVote
from bansha.mechanics.stored_flags import StoredFlags


class BS46(Pipeline):
    """The bs46 rule set: the pipeline of declared mechanics (the two ring teams: ``ring_team``;
    查证: ``check`` chosen by the police team; 暗杀: ``team_kill`` chosen by the killers' team;
    身份恢复: ``conversion`` ``all_out``; the two-round vote: ``runoff_vote`` and
    ``runoff_decide``; the victim's last words: ``victim_last_words``), its stages closed by the
    data file's resolution tables, its wins ``outcome.wins``; what the pipeline does not yet do
    its way is here: the rings pinned by a scenario, the dawn announcement (R-BS46-13), the
    director's removals and concession, the god view's draws and the reveal."""

    def __init__(self, data: dict[str, Any], options: dict[str, Any] | None = None) -> None:
        super().__init__(data, options)
        self._rings = tuple(m for m in self.mechs.values() if isinstance(m, RingTeam))
        """The two ring teams (R-BS46-01/02), in the data file's order."""
        self._role_skills = frozenset(k for r in self.roles.values() for k in r["skills"])
        """The skills a role holds (查证, 暗杀): one a player lacks is a power he has not (now)."""
        vote = self.mechs["vote"]
        assert isinstance(vote, RunoffVote)
        self.vote = vote
        """R-BS46-08: the two-round vote, the catalogue's runoff_vote."""
        self.stored = StoredFlags.read(self.data.get("stored_flags"))
        """How a stream stored while its memory sat in flags reads (``stored_flags``)."""

    # ================================================================== setup
    def upcast(self, events: list[Event]) -> list[Event]:
        """A stream stored before this memory left ``State.flags`` reads as today's (the data
        file's ``stored_flags`` lists each old key and what it became)."""
        return self.stored.upcast(events)

    def setup(
        self, ctx: Ctx, roles: dict[int, str] | None, fixed: dict[str, Any], declare: dict[str, Any]
    ) -> None:
        """Deal; draw each team's ring (R-BS46-01) and ranks (R-BS46-02); tell each member the next."""
        dealt = self.deal(ctx, roles)
        for ring in self._rings:
            ring.set_up(ctx, dealt, fixed)
        at = self.start_time()
        self.advance(ctx, at)

    # ================================================================== acts
    def on_act(self, ctx: Ctx, cmd: Act) -> None:
        """A night submission (查证/暗杀), the victim's decision (选择出局), or last words."""
        s = ctx.state
        if cmd.skill == "last_words":
            last_words.submit(ctx, cmd.by, cmd.choice)
            return
        p = s.players[cmd.by]
        m = self.mechs.get(cmd.skill)
        by_due = m is not None and m.by_due  # the victim's choice: his, though he is out
        if not p.alive and not by_due:
            raise RuleError(self.say("refuse_out"))
        allowed = {la.skill: la for la in self.legal(s, cmd.by)}
        if cmd.skill not in allowed:
            if cmd.skill in self._role_skills and cmd.skill not in p.skills:
                raise RuleError(self.say("refuse_no_skill", skill=cmd.skill))
            if by_due:
                raise RuleError(self.say("refuse_not_due"))
            raise RuleError(self.say("refuse_now", skill=cmd.skill))
        la = allowed[cmd.skill]
        if len(cmd.targets) != 1:
            raise RuleError(self.say("refuse_picks", skill=cmd.skill))
        t = cmd.targets[0]
        if not 0 <= t < len(s.players) or not s.players[t].alive:
            raise RuleError(self.say("refuse_target_out"))  # R-ALL-03
        if t not in la.targets:
            reason = None if m is None else m.refuse_target(s, cmd.by, t)
            raise RuleError(self.say(reason or "refuse_target"))
        self.record_act(ctx, cmd, (cmd.by,))

    # ================================================================== votes
    def on_vote(self, ctx: Ctx, cmd: Vote) -> None:
        """说明1–6: round 1 over all living players; round 2 between the two tied candidates."""
        self.vote.cast(ctx, cmd)

    # ================================================================== phases
    def on_phase_start(self, ctx: Ctx, phase: str, day: int) -> None:
        """Day start: 天亮时，统一公布死者及其身份; the night victim's last words."""
        if phase != "day" or day == 1:
            return
        # 天亮时，统一公布死者及其身份 (R-ALL-11), in the order the deaths happened (R-BS46-13)
        self._announce_dawn(ctx, day, quiet_night=True)
        last_words.publish_and_close(ctx)

    def _announce_dawn(self, ctx: Ctx, day: int, quiet_night: bool) -> None:
        """天亮时，统一公布死者及其身份: the day opens with the night's deaths in the order they
        happened (R-BS46-13: the kill, then a drowning in the 遗言 stage after it; a drowning
        before the kill first), each with the true identity (R-BS46-09), or a quiet night; what
        else the night held (a warning) keeps its place. At the end of the game (``quiet_night``
        false) only the deaths not yet announced go out."""
        s = ctx.state
        held: list[dict[str, Any]] = list(s.flags.get(announce.HELD) or [])
        victim = self._unannounced_kill(s)
        order = {x: i for i, x in enumerate(s.exit_order)}
        death: dict[str, Any] | None = None
        if victim is not None:
            role = self.role_name(s.players[victim].role)
            death = {
                "key": "night_death",
                "params": {"p": victim, "role": role},
                "exits": [victim],
                "revealed": [[victim, role]],  # 天亮时，统一公布死者及其身份
            }
            at = order[victim]
            i = next(
                (j for j, d in enumerate(held) if d.get("exits") and order[d["exits"][0]] > at),
                len(held),
            )
            held.insert(i, death)
        if s.flags.get(announce.HELD):
            ctx.emit("flag", {"key": announce.HELD, "value": []})
        if not quiet_night and not held:
            return
        first = held[0] if held and held[0] is death else None
        if first is not None:  # 「【第2天】天亮了。昨夜甲死亡，身份：警察。」
            words = self.render("night_death", first["params"], [p.name for p in s.players])
            header = {**first, "key": "day_start", "params": {"day": day, "deaths": words}}
            held = held[1:]
        elif any(d.get("exits") for d in held) or victim is not None:
            header = {"key": "day_start", "params": {"day": day, "deaths": ""}}
        else:
            header = {"key": "day_start", "params": {"day": day, "deaths": self.texts["no_death"]}}
        if quiet_night or first is not None:
            ctx.emit("announcement", header, PUBLIC)
        for data in held:
            ctx.emit("announcement", data, PUBLIC)

    @staticmethod
    def _unannounced_kill(s: State) -> int | None:
        """The night's victim not announced yet (天亮时，统一公布死者及其身份)."""
        return next(
            (p.seat for p in s.players if p.exit_cause == "kill" and p.seat not in s.announced),
            None,
        )

    # ================================================================== win
    def finish(self, ctx: Ctx, winners: list[str]) -> None:
        """A night death not yet announced is published with the result, in order (R-BS46-13)."""
        self._announce_dawn(ctx, ctx.state.day + 1, quiet_night=False)
        self.end_game(ctx, winners)

    def concede(self, ctx: Ctx, faction: str) -> None:
        """情节严重影响恶劣者，直接判其所在阵营负: the other side wins."""
        ctx.emit("faction_lost", {"faction": faction, "why": "director"}, PUBLIC)
        self.end_game(ctx, [f for f, _ in self.outcome.wins if f != faction])

    def remove(self, ctx: Ctx, seat: int, cause: str) -> None:
        """淹死 (identity revealed, R-BS46-11) or 判死 (故意违规，直接判死，不显示其身份)."""
        s = ctx.state
        role = self.role_name(s.players[seat].role) if cause == "drown" else None
        self.exit(ctx, seat, cause, announce_now=False)
        key = "drowned" if cause == "drown" else "executed"
        announce.announce(ctx, self._exit_notice(key, seat, role), self.holds_announcements(s))
        self.check_outcome(ctx)

    def _exit_notice(self, key: str, seat: int, role: str | None) -> dict[str, Any]:
        """An exit's announcement: 所有出局玩家均公布其真实身份 (R-BS46-09), the identity shown; 判死
        shows none (不显示其身份), and then its data does not carry it either."""
        if role is None:
            return {"key": key, "params": {"p": seat}, "exits": [seat]}
        return {
            "key": key,
            "params": {"p": seat, "role": role},
            "exits": [seat],
            "revealed": [[seat, role]],
        }

    def director_draws(self, state: State) -> list[str]:
        """The rings (R-BS46-01) and ranks (R-BS46-02) drawn at setup, as the director's god
        view lists them: 「警察团：甲→乙→丙→丁→甲」「警察团级别（高→低）：甲、乙、丙、丁」."""
        return [line for ring in self._rings for line in ring.draws(state)]

    def reveal_role(self, state: State, seat: int) -> str:
        """The reveal after the game (R-BS46-07): a converted undercover shows 杀手（原杀手卧底）."""
        word = self.role_name(state.players[seat].role)
        original = state.dealt[seat]
        if original != state.players[seat].role:
            return self.say("reveal_converted", role=word, dealt=self.role_name(original))
        return word
