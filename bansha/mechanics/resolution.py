"""Resolution tables: each stage's steps, in the post's own order and words, read once and run.

「结算阶段处理顺序」 (XXXII ①–③, R-XXXII-16), M103's night 「（1）…（2）…」: ``resolution.<stage key>``
lists the steps run, in order, when that stage closes. Each step has the post's own label
(``step``), and either ``do: <skill>`` (the stage's acts turned into the skill's use) or
``resolve: <skill>`` (the exits it causes, an answer told later), several skills resolved
together as a list, plus the step's own parameters and optionally ``when`` (the stage
conditions). Every step hook a role's skill needs is named, and none twice in one table unless
the two steps are never held at one close (docs/mechanics.md, "Resolution tables"). The
director's trace is built from the labels, so the order is written once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bansha import texts
from bansha.engine.context import Ctx
from bansha.engine.errors import SetupError
from bansha.mechanics.base import Board, Mechanic, Resolution
from bansha.mechanics.params import Raw

When = tuple[tuple[str, str], ...]
"""A stage's or step's conditions: (kind, argument) pairs, all of which must hold."""


@dataclass(frozen=True, slots=True)
class Step:
    """One numbered step of a stage's resolution table."""

    label: str
    verb: str
    """``do`` (a skill's use) or ``resolve`` (the deaths it causes)."""
    mechanics: tuple[Mechanic, ...]
    params: tuple[object, ...]
    when: When = ()
    """Conditions the step is held under (``when: day:1``), as a stage's."""


def read(
    board: Board, read_when: Callable[[dict[str, Any], str], When]
) -> dict[str, tuple[Step, ...]]:
    """The data file's ``resolution`` tables, each step's mechanics and parameters read (a
    Chinese error naming the key otherwise), every hook checked (:func:`check_hooks`)."""
    out: dict[str, tuple[Step, ...]] = {}
    for stage, steps in dict(board.data.get("resolution") or {}).items():
        read_steps: list[Step] = []
        for i, raw in enumerate(steps or []):
            where = f"resolution.{stage}[{i}]"
            if not isinstance(raw, dict) or "step" not in raw:
                raise SetupError(texts.STEP_NO_NAME.format(where=where))
            rest = {k: v for k, v in raw.items() if k not in ("step", "do", "resolve", "when")}
            verbs = [v for v in ("do", "resolve") if v in raw]
            if len(verbs) != 1:
                raise SetupError(texts.STEP_NO_VERB.format(where=where))
            verb = verbs[0]
            keys = raw[verb] if isinstance(raw[verb], list) else [raw[verb]]
            mechs = tuple(board.mechs[board.skill_ref(str(k), f"{where}.{verb}")] for k in keys)
            params = tuple(m.prepare(verb, Raw(rest, where, board.options)) for m in mechs)
            when = read_when(raw, where)
            read_steps.append(Step(str(raw["step"]), verb, mechs, params, when))
            for m, prepared in zip(mechs, params, strict=True):
                m.step_in(str(stage), verb, prepared)
        out[str(stage)] = tuple(read_steps)
    check_hooks(board, out)
    return out


def check_hooks(board: Board, tables: dict[str, tuple[Step, ...]]) -> None:
    """Every step hook of every mechanic is named exactly once: each one a skill a role holds
    needs (:meth:`Mechanic.steps`: its acts turned into uses, a kill's deaths) in some table,
    and none twice in one stage's table unless the two steps are never held at one close
    (``when: day:1`` and ``when: from_day:2``), so no close runs a hook twice."""
    named: set[tuple[str, str]] = set()
    for stage, steps in tables.items():
        seen: dict[tuple[str, str], list[Step]] = {}
        for step in steps:
            for m in step.mechanics:
                hook = (m.key, step.verb)
                named.add(hook)
                if any(not exclusive(step.when, other.when) for other in seen.get(hook, ())):
                    raise SetupError(
                        texts.HOOK_TWICE.format(stage=stage, verb=step.verb, skill=m.key)
                    )
                seen.setdefault(hook, []).append(step)
    held = {str(k) for r in board.roles.values() for k in r.get("skills", ())}
    for key, m in board.mechs.items():
        if key not in held:
            continue
        for verb in m.steps():
            if (key, verb) not in named:
                raise SetupError(texts.HOOK_MISSING.format(verb=verb, skill=key))


def run(
    ctx: Ctx,
    steps: tuple[Step, ...],
    title: str | dict[str, Any],
    holds: Callable[[When], bool],
    decided: Callable[[], bool] | None,
    decided_key: str,
) -> None:
    """The steps in order, each labelled in the post's words, as the director's trace titled
    ``title``; ``holds`` says whether a step's conditions hold now; ``decided`` is asked after
    every step with an exit, and a decided game stops the resolution (R-ALL-08: the pipeline's
    check of the outcome; None: a board that checks only at the stage's end), its trace ending
    with the text ``decided_key`` (its line built only then). The trace is kept as data (:mod:`bansha.engine.trace`: each
    step's label and what its skills did), put in words only where the director reads it."""
    s = ctx.state
    res = Resolution(s.day, [], len(s.exit_order))
    for step in steps:
        if step.when and not holds(step.when):
            continue
        exits = len(s.exit_order)
        mechanics, do = step.mechanics, step.verb == "do"
        if len(mechanics) == 1:  # the usual step: one skill, its text as it is
            m = mechanics[0]
            text = m.do(ctx, res, step.params[0]) if do else m.resolve(ctx, res, step.params[0])
            res.trace.append([step.label, text])
        else:
            details: list[list[Any]] = []
            for i, m in enumerate(mechanics):
                params = step.params[i]
                text = m.do(ctx, res, params) if do else m.resolve(ctx, res, params)
                if text:
                    details.append([m.spec.name, text])
            res.trace.append([step.label, details])
        if s.ended or (decided is not None and len(s.exit_order) != exits and decided()):
            res.trace.append({"key": decided_key})
            break
    ctx.emit("trace", {"title": title, "lines": res.trace})


def _days(when: When) -> tuple[int, float]:
    """The day numbers a step's conditions allow, first and last."""
    low, high = 1, float("inf")
    for kind, arg in when:
        if kind == "day":
            low, high = max(low, int(arg)), min(high, int(arg))
        elif kind == "from_day":
            low = max(low, int(arg))
    return low, high


def exclusive(a: When, b: When) -> bool:
    """Whether two steps' conditions are never true at once: their days do not meet, or they
    need one option to have two values."""
    (low_a, high_a), (low_b, high_b) = _days(a), _days(b)
    if high_a < low_b or high_b < low_a:
        return True
    options_a = dict(arg.partition("=")[::2] for kind, arg in a if kind == "option")
    for kind, arg in b:
        if kind == "option":
            name, _, value = arg.partition("=")
            if name in options_a and options_a[name] != value:
                return True
    return False
