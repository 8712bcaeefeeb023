"""bansha: runs Chinese forum mafia games (版杀) as their director, exactly by the rule post."""

__version__ = "0.1.0"
