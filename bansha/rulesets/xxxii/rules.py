"""【版杀XXXII】海猫鸣泣之时: what the pipeline does not yet do as XXXII's rule post says.

XXXII runs on the pipeline (:class:`bansha.mechanics.pipeline.Pipeline`) from its data file: the
mechanics of its skills, the resolution tables of ①–③ in the post's words (R-XXXII-16), teams,
colours, outcome, last words, the 信仰声明, its refusals, its private 王车易位 stage. This subclass
keeps only what differs from the pipeline (docs/mechanics.md, "Designed for XXXII", lists each
with the step that will move it): its exits' order (「被票死」 announced before the exit is told),
the day's start and the game's end in its own announcements, wins checked at each stage's end
only (R-XXXII-13), 两次警告淹死 (R-XXXII-17, R-XXXII-20), the director's draws and 判负.

Rulings followed: R-ALL-01..08, R-XXXII-01..21 (../shared/rulings.md). Its memory is typed, the
slices the catalogue's mechanics own (``State.uses/marks/pending/known/won/pinned``).
"""

from __future__ import annotations

from typing import Any, TypeVar

from bansha.engine.context import Ctx
from bansha.engine.errors import SetupError
from bansha.engine.events import PUBLIC
from bansha.engine.state import State
from bansha.mechanics import announce, last_words, recorded, resolution
from bansha.mechanics.base import Mechanic
from bansha.mechanics.conversion import Conversion
from bansha.mechanics.pipeline import Pipeline

M = TypeVar("M", bound=Mechanic)


class XXXII(Pipeline):
    """XXXII on the pipeline, with the overrides the module docstring lists."""

    def __init__(self, data: dict[str, Any], options: dict[str, Any] | None = None) -> None:
        super().__init__(data, options)
        # the pipeline read the data file: colours (R-XXXII-01), teams (杀手群, 侦探群, 魔女群 at
        # the deal), outcome.wins (R-XXXII-13: joint wins) and outcome.recorded (R-XXXII-12),
        # the last-words policy (R-XXXII-15), the declaration (R-XXXII-02), every skill's
        # mechanic and the resolution tables (R-XXXII-16), every hook named exactly once
        self.turn = self._declared("turn", Conversion)
        """R-XXXII-05: 弃明投暗's completion, the catalogue's conversion ``all_named``."""
        self.heart = self._declared("heart", Conversion)
        """R-XXXII-04: 杀人诛心, the catalogue's conversion of night 1's blade on a civilian (told at
        ③, with the killers, R-XXXII-21)."""

    def _declared(self, key: str, cls: type[M]) -> M:
        """The mechanic the data file declares for ``key``, which must be ``cls``."""
        m = self.mechs.get(key)
        if not isinstance(m, cls):
            raise SetupError(f"规则文件中「skills.{key}.mechanic」应为「{cls.kind}」")
        return m

    # ================================================================== phases
    def on_phase_start(self, ctx: Ctx, phase: str, day: int) -> None:
        """At dawn: the night's deaths, 魔女复苏, last words; then each mechanic's phase hook: at
        nightfall (①) 弃明投暗's name of the day told to the accomplice (name_to, not once he is in
        the killers' group), and 「当棋盘上所有存活杀手均以此方式告知过共犯时」 checked against the
        killers alive then (conversion ``all_named``: also when the last unnamed killer died,
        with no new name that day)."""
        if phase == "day" and day >= 2:
            for r in self.outcome.recorded:  # 下一个天亮公示魔女复苏 (R-XXXII-12)
                for seat in r.then(ctx):
                    self._die(ctx, [seat], str(r.cause))
            self._day_start(ctx, day)
            announce.release(ctx)  # what else the night had to announce (R-ALL-11)
            last_words.publish_and_close(ctx)
        for m in self._on_phase_start:
            m.on_phase_start(ctx, phase, day)

    def _day_start(self, ctx: Ctx, day: int) -> None:
        """「【第N天】昨夜死亡」: the exits not yet announced, in exit order (R-ALL-11), in the
        pipeline's ``day_start`` (``ps_night``; ``ps_vote``, the post's text names none)."""
        params = announce.day_start_params(ctx.state, day)
        data = {"key": "day_start", "params": params, "exits": params["ps_night"]}
        ctx.emit("announcement", data, PUBLIC)

    def _night_exits(self, s: State) -> list[int]:
        """The exits not yet announced, in exit order: the night's (R-ALL-11)."""
        return [x for x in s.exit_order if x not in s.announced]

    # ================================================================== closing stages
    def on_close(self, ctx: Ctx, stage_key: str) -> None:
        """Resolve the stage, then check the win conditions (any stage's end, R-XXXII-13)."""
        s = ctx.state
        if self.declaration is not None and stage_key == self.declaration.stage:
            super().on_close(ctx, stage_key)  # 信仰声明 closes: the answers stand, the deal follows
            return
        steps = self._steps.get(stage_key)
        if steps:  # the post's order; the win conditions at the stage's end only (R-XXXII-13)
            title = f"{s.phase_label()} {s.stage}"
            day = s.day
            resolution.run(
                ctx, steps, title, lambda when: self._holds(when, s, day), lambda: False, ""
            )
        if stage_key == "resolve" and self.heart.tonight(s):
            # ③ 「并告知当天提交的杀手名字」 told (the last step): all living killers named (①)
            self.turn.when_named(ctx)
        if not s.ended:
            self._check_outcome(ctx)

    def exit(
        self, ctx: Ctx, seat: int, cause: str, announce_now: bool, by: int | None = None
    ) -> list[int]:
        """A mechanic's death: 红字结界's second use on a black piece (told at once, announced with
        the next day, R-ALL-11), or a vote's after 王车易位 (announced at once, 「被票死」)."""
        alive = ctx.state.players[seat].alive
        if announce_now and alive:
            data = {"key": f"out_{cause}", "params": {"p": seat}, "exits": [seat]}
            ctx.emit("announcement", data, PUBLIC)
        self._die(ctx, [seat], cause)
        return [seat] if alive else []

    def _die(self, ctx: Ctx, seats: list[int], cause: str) -> None:
        """Deaths: told at once to the dead, announced with the day (night) or at once (vote)."""
        s = ctx.state
        for x in seats:
            if not s.players[x].alive:
                continue
            ctx.emit("exited", {"seat": x, "cause": cause, "day": s.day, "phase": s.phase}, (x,))
            ctx.emit(
                "notice",
                {"key": "you_are_out", "params": {"cause": self.data["causes"][cause]}},
                (x,),
            )
            if self.policy.grants(s, cause):  # R-XXXII-15: days and nights 1–3 only
                last_words.grant(ctx, x, None)
            self.join_at_exit(ctx, x)  # the accomplice: 在死亡时加入杀手群 (teams)

    # ================================================================== win
    def _check_outcome(self, ctx: Ctx) -> bool:
        """R-XXXII-12/13 at the end of every stage: joint wins; the witch's win recorded, not ending."""
        s = ctx.state
        if s.ended:
            return True
        recorded.record(ctx, self.outcome.recorded, {})
        winners = [f for f, cond in self.outcome.wins if cond.holds(s, self.categories)]
        if winners:
            self._finish(ctx, recorded.with_recorded(s, self.outcome.recorded, winners))
            return True
        return False

    def _finish(self, ctx: Ctx, winners: list[str]) -> None:
        s = ctx.state
        if self._night_exits(s):
            self._day_start(ctx, s.day + 1)
        announce.release(ctx)
        self.end_game(ctx, winners)

    def concede(self, ctx: Ctx, faction: str) -> None:
        """The director rules a faction lost; of the two with a win condition (black and white),
        the other wins."""
        ctx.emit("faction_lost", {"faction": faction, "why": "director"}, PUBLIC)
        sides = [f for f, _ in self.outcome.wins]
        if faction in sides:
            winners = [f for f in sides if f != faction]
            self._finish(ctx, recorded.with_recorded(ctx.state, self.outcome.recorded, winners))

    def remove(self, ctx: Ctx, seat: int, cause: str) -> None:
        """淹死 (R-XXXII-17); at night announced with the next day's deaths (R-ALL-11)."""
        notice = {"key": "out_drown", "params": {"p": seat}, "exits": [seat]}
        announce.announce(ctx, notice, self.holds_announcements(ctx.state))
        self._die(ctx, [seat], "drown")
        self._check_outcome(ctx)
