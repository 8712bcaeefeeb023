"""bansha: runs Chinese forum mafia games (版杀) as their director, exactly by the rule post."""

from bansha.native import use_current_code

__version__ = "0.1.0"

COMPILED = use_current_code()
"""Whether the compiled engine runs (else the source does; see :mod:`bansha.native`)."""
