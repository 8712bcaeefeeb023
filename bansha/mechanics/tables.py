"""A board's ordered tables in the post's own words: what each stage's close resolves and what
each phase's start does, step by step, each step naming the skill whose mechanic runs it.

```yaml
resolution:                       # at a stage's close, in order
  mission:
    - {step: 5、……公布出征是否成功或失败, do: mission}
    - {step: 任务失败3次, resolve: mission, wins: red, fails: 3}
phase_start:                      # when a phase begins, in order
  day:
    - {step: 2、公布队长，阵营转变抽取情况, start: waver, when: missions}
```

``do`` turns the stage's acts into the skill's use, ``resolve`` runs what follows from it (a
step's own keys are read by the mechanic's ``prepare``), ``start`` is the mechanic's
``on_phase_start``, ``setup`` its ``on_deal`` (the roles dealt); ``when`` names a condition the board answers for its stages
(``stage_applies``). A step that ends the game or opens another stage (R-M186-10: the
declaration ends the stage it interrupts) ends the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bansha import texts
from bansha.engine.context import Ctx
from bansha.engine.errors import SetupError
from bansha.mechanics.base import LIST_SEP, Board, Mechanic, Resolution
from bansha.mechanics.params import Raw

TABLES: dict[str, tuple[str, ...]] = {
    "setup": ("setup",),
    "phase_start": ("start",),
    "resolution": ("do", "resolve"),
}
"""Each table of the data file and the verbs its steps may use (what follows the deal, what a
phase's start does, what a stage's close resolves)."""
VERBS = ("do", "resolve", "start", "setup")


@dataclass(frozen=True, slots=True)
class TableStep:
    """One step: its label in the post's words, its verb, the mechanic, its prepared keys and
    its condition."""

    label: str
    verb: str
    mechanic: Mechanic
    params: Any
    when: Any
    held: dict[str, Any] | None
    """``{"when": when}`` as the board's ``stage_applies`` reads a stage (None: always held)."""


def read(board: Board, key: str) -> dict[str, tuple[TableStep, ...]]:
    """The data file's tables under ``key`` (``resolution``, ``phase_start``), each step checked:
    one verb naming a declared skill, its own keys read by the mechanic."""
    out: dict[str, tuple[TableStep, ...]] = {}
    for table, steps in dict(board.data.get(key) or {}).items():
        read_steps: list[TableStep] = []
        for i, raw in enumerate(steps or []):
            where = f"{key}.{table}[{i}]"
            allowed = TABLES.get(key, VERBS)
            verbs = [v for v in allowed if v in raw] if isinstance(raw, dict) else []
            if len(verbs) != 1 or "step" not in raw:
                shape = texts.TABLE_STEP_SHAPE.format(where=where, verbs=LIST_SEP.join(allowed))
                raise SetupError(shape)
            verb = verbs[0]
            skill = board.skill_ref(str(raw[verb]), f"{where}.{verb}")
            m = board.mechs.get(skill)
            if m is None:
                raise SetupError(
                    texts.TABLE_NO_MECHANIC.format(where=f"{where}.{verb}", skill=skill)
                )
            rest = {k: v for k, v in raw.items() if k not in ("step", verb, "when")}
            params = m.prepare(verb, Raw(rest, where, board.options))
            when = raw.get("when")
            held = None if when is None else {"when": when}
            read_steps.append(TableStep(str(raw["step"]), verb, m, params, when, held))
        out[str(table)] = tuple(read_steps)
    return out


def check_named(board: Board, tables: dict[str, tuple[TableStep, ...]]) -> None:
    """Every step hook a declared mechanic needs (:meth:`Mechanic.steps`: its acts turned into
    uses) is named in the ``resolution`` tables: on this board a mechanic offers its form to the
    seats it names (every player approves, the team votes), not to the holders of a skill, so
    every declared skill's hooks are asked for, not only those of a skill a role holds."""
    named = {(step.mechanic.key, step.verb) for steps in tables.values() for step in steps}
    for key, m in board.mechs.items():
        for verb in m.steps():
            if (key, verb) not in named:
                raise SetupError(texts.HOOK_MISSING.format(verb=verb, skill=key))


def run(
    board: Board,
    ctx: Ctx,
    steps: tuple[TableStep, ...],
    phase: str = "",
    dealt: list[str] | None = None,
    fixed: dict[str, Any] | None = None,
) -> None:
    """The steps in order, each held when its ``when`` holds; the game's end or another stage
    opened by a step ends the table (``setup`` steps: the roles ``dealt``, a scenario's
    ``fixed`` pins)."""
    s = ctx.state
    res = Resolution(s.day, [], len(s.exit_order))
    where = (s.phase, s.day, s.stage_key)
    for step in steps:
        if s.ended or (s.phase, s.day, s.stage_key) != where:
            return
        if step.held is not None and not board.stage_applies(s, step.held, s.day):
            continue
        m = step.mechanic
        if step.verb == "do":
            m.do(ctx, res, step.params)
        elif step.verb == "resolve":
            m.resolve(ctx, res, step.params)
        elif step.verb == "start":
            m.on_phase_start(ctx, phase, s.day)
        else:
            m.on_deal(ctx, dealt or [], fixed or {})
