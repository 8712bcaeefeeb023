"""A declaration every seat makes before the deal, kept for the players of some roles.

XXXII 平民: 「开局前需选择是否信仰魔女，选择信仰将影响见习魔女（第一晚）的升变资格和【王车易位】的随机
顺序」 (R-XXXII-02: asked of every player before the roles are known, only the civilians' answers
used; a missing answer is the last one of ``answers``, 不信仰). A board declares it once:

    declaration: {skill: believe, stage: declare, answers: [believe, not_believe],
                  keep: {role: civilian}, mark: believer}

The stage (``stage``, the start phase's) opens before the deal; each seat answers on its page
(the director may answer for it: 代为声明), the last answer standing; at its close the roles are
dealt (a scenario's fixed deal waits for it: ``State.pinned_deal``) and every kept player who gave
the first answer is marked (``State.marks[mark]``). Answers given with the game (a scenario's
``declare``, keyed by the skill's name) skip the stage. Its memory is the acts of its stage and the
mark; no flag.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from bansha import texts
from bansha.engine.commands import Act
from bansha.engine.context import Ctx
from bansha.engine.errors import RuleError, SetupError
from bansha.engine.ruleset import LegalAct
from bansha.engine.state import State
from bansha.mechanics.conditions import Selector, selector


@dataclass(frozen=True, slots=True)
class Declaration:
    """The pre-deal declaration of a board (see the module docstring)."""

    skill: str
    """The skill key the answers are acts of (hidden: it is on no role card)."""
    name: str
    """The skill's name: the key of a scenario's ``declare``."""
    stage: str
    """The start-phase stage that holds it."""
    answers: tuple[str, ...]
    """The words a seat may answer; the first is the one kept (信仰), the last the default."""
    keep: Selector
    """Whose answers count once the roles are dealt (``{role: civilian}``)."""
    mark: str
    """The mark of a kept player who gave the first answer (``believer``)."""
    form: LegalAct
    """Every seat's form while the stage is open: one of the answers (built once)."""

    @classmethod
    def read(
        cls,
        raw: Any,
        skills: dict[str, Any],
        words: dict[str, str],
        stages: set[str],
        known: dict[str, set[str]],
    ) -> Declaration:
        """Read ``declaration:`` of a data file, or a Chinese error naming the key."""
        where = "declaration"
        if not isinstance(raw, dict) or set(raw) != {"skill", "stage", "answers", "keep", "mark"}:
            raise SetupError(texts.DECLARATION_SHAPE.format())
        skill = str(raw["skill"])
        if skill not in skills:
            raise SetupError(texts.DECLARATION_SKILL.format(skill=skill))
        stage = str(raw["stage"])
        if stage not in stages:
            raise SetupError(texts.DECLARATION_STAGE.format(stage=stage))
        keys = raw["answers"]
        if not isinstance(keys, list) or len(keys) < 2:
            raise SetupError(texts.DECLARATION_ANSWERS)
        for i, k in enumerate(keys):
            if str(k) not in words:
                raise SetupError(texts.DECLARATION_ANSWER.format(i=i, word=k))
        answers = tuple(words[str(k)] for k in keys)
        return cls(
            skill,
            str(skills[skill]["name"]),
            stage,
            answers,
            selector(raw["keep"], f"{where}.keep", known),
            str(raw["mark"]),
            LegalAct(skill, (), 0, answers),
        )

    def legal(self) -> LegalAct:
        """Every seat's form while the stage is open: one of the answers."""
        return self.form

    def check(self, s: State, cmd: Act) -> str | None:
        """The text key of why an answer is refused (the stage is over; not one of the answers),
        or None."""
        if s.stage_key != self.stage:
            return "refuse_declaration_over"
        if cmd.choice not in self.answers:
            return "refuse_declaration_choice"
        return None

    def declared(self, s: State) -> set[int]:
        """The seats whose standing answer, as the stage closes, is the first one."""
        yes = self.answers[0]
        return {
            seat
            for (seat, skill), rec in s.acts.items()
            if skill == self.skill and rec.choice == yes
        }

    def given(self, s: State, declare: dict[str, Any]) -> set[int] | None:
        """The seats a scenario declared with the game (``declare: {信仰魔女: [子, 丑]}``), or None
        when it declared nothing: then the stage is held."""
        if self.name not in declare:
            return None
        seats = {p.name: p.seat for p in s.players}
        out: set[int] = set()
        for name in declare.get(self.name) or []:
            if str(name) not in seats:
                raise RuleError(texts.DECLARE_NO_PLAYER.format(name=name))
            out.add(seats[str(name)])
        return out

    def keep_marks(self, ctx: Ctx, declared: set[int], categories: dict[str, str]) -> list[int]:
        """After the deal: mark the declared seats the declaration keeps (only civilians' answers
        count), in seat order; the seats marked."""
        s = ctx.state
        kept = sorted(x for x in declared if self.keep.matches(s, s.players[x], categories))
        for x in kept:
            ctx.emit("marked", {"mark": self.mark, "seat": x})
        return kept

    def draws(
        self, s: State, texts: Collection[str], render: Callable[[str, dict[str, Any]], str]
    ) -> list[str]:
        """The kept players who gave the first answer, as the director's god view lists them
        beside the deal (XXXII 「信仰魔女的平民」, R-XXXII-02): the text ``draws_<mark>`` if the
        board has it."""
        key = f"draws_{self.mark}"
        if key not in texts:
            return []
        return [render(key, {"ps": sorted(s.marks.get(self.mark, ()))})]
