"""Errors a user can hit. Messages are in the user's language (Simplified Chinese)."""


class RuleError(Exception):
    """A command the rules refuse. The game is unchanged when this is raised."""

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.message = message
        self.code = code


class SetupError(RuleError):
    """A game that cannot be set up as asked (wrong player count, unknown role name...)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, "setup")
