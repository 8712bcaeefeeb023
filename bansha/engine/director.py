"""The director's commands, keyed by English ids; the words a director reads are the catalogue's.

A command (``commands.Director``) names its command by id: a card (``red_card`` ...), a
faction's concession, a substitute, a proxy vote, 加速, 淹死, 判死, a declaration given for a
player, and the engine's own (``publish``, ``undo``, ``extend``, ``waive``). What a director
reads and types, the console's buttons and a scenario file's ``director:`` keys, is the command's
label (``texts.DIRECTOR_LABELS``: 红牌, 发布 ...). A label is read as its id wherever a command
comes in, so a command stored before the ids (its name a label), a page rendered before them and a
data file that lists labels all read as today's.
"""

from __future__ import annotations

from typing import Final

from bansha import texts
from bansha.engine.commands import Director

RED_CARD: Final = "red_card"
YELLOW_CARD: Final = "yellow_card"
BLUE_CARD: Final = "blue_card"
WARNING: Final = "warning"
CONCEDE: Final = "concede"
SUBSTITUTE: Final = "substitute"
ACCELERATE: Final = "accelerate"
PROXY: Final = "proxy"
DROWN: Final = "drown"
EXECUTE: Final = "execute"
DECLARE_FOR: Final = "declare_for"
PUBLISH: Final = "publish"
"""公示审核: publish the results awaiting publication (edited if need be)."""
UNDO: Final = "undo"
"""公示审核: take the last command whose results await publication back (撤销)."""
EXTEND: Final = "extend"
"""Move the current stage's deadline (延期)."""
WAIVE: Final = "waive"
"""The director's decision not to penalise an absence the post would penalise (免罚: M103's
player told the director beforehand); every rule set has it, as every rule set records absences."""
CLOSE_STAGE: Final = "close_stage"
"""Close the current stage now (the command a close records under 公示审核)."""
PAUSE: Final = "pause"
"""Stop the game's clock (the service's, not the rule set's)."""
RESUME: Final = "resume"
"""Start the game's clock again."""

KINDS: Final[dict[str, str]] = {
    RED_CARD: "card",
    YELLOW_CARD: "card",
    BLUE_CARD: "card",
    WARNING: "card",
    CONCEDE: "concede",
    SUBSTITUTE: "substitute",
    ACCELERATE: "accelerate",
    PROXY: "proxy",
    DROWN: "drown",
    EXECUTE: "execute",
    DECLARE_FOR: "declare_for",
}
"""Every command a rule set's data may list (``director_commands``), by id → what it does."""
CARD_COLOURS: Final[dict[str, str]] = {
    BLUE_CARD: "blue",
    YELLOW_CARD: "yellow",
    RED_CARD: "red",
    WARNING: "warning",
}
"""The colour of each card command."""
REVIEW: Final = (PUBLISH, UNDO)
"""The commands bound to the results awaiting publication, not to the stage."""

_IDS: Final[dict[str, str]] = {
    **{label: key for key, label in texts.DIRECTOR_LABELS.items()},
    **{label: key for label, key in texts.DIRECTOR_ALIASES.items()},
    **{key: key for key in texts.DIRECTOR_LABELS},
}


def command_id(name: str) -> str:
    """A command's id from its id or label (红牌 → ``red_card``); a name that is neither is
    handed back, for the rule set to refuse as unknown."""
    return _IDS.get(name, name)


def by_id(cmd: Director) -> Director:
    """``cmd`` naming its command by id (the same command when it already does)."""
    key = command_id(cmd.name)
    return cmd if key == cmd.name else Director(key, cmd.args, cmd.at)


def label(name: str) -> str:
    """What a director reads for a command, given its id or label (``red_card`` → 红牌)."""
    return texts.DIRECTOR_LABELS.get(command_id(name), name)


def card_label(colour: str) -> str:
    """A card's name by its colour (``red`` → 红牌), as a player's record shows it."""
    for key, c in CARD_COLOURS.items():
        if c == colour:
            return label(key)
    return colour
