"""The pure, deterministic game core: commands in, events out, state is the fold of events.

Nothing here does I/O, reads a clock or uses a global random generator.
"""

from bansha.engine import clock
from bansha.engine.commands import Act, Close, Command, Director, Post, Say, Speak, Vote
from bansha.engine.errors import RuleError
from bansha.engine.events import DIRECTOR, PUBLIC, Event
from bansha.engine.game import Game

__all__ = [
    "DIRECTOR",
    "PUBLIC",
    "Act",
    "Close",
    "Command",
    "Director",
    "Event",
    "Game",
    "Post",
    "RuleError",
    "Say",
    "Speak",
    "Vote",
    "clock",
]
