"""The command line library's own words in Chinese. Typer (and the Click it carries) writes its
headings, help option, usage line, value placeholders and errors in English: some through
``gettext`` (bound in each module as ``_``) and module constants, which ``install`` replaces with
the catalogue's Chinese (``texts.CLI_FRAMEWORK``), the rest in code, which the command classes
here (``Command``, ``Group``: Typer's ``cls`` extension point) word in Chinese: the usage line's
prefix, the help option's text, each value's placeholder (``texts.CLI_TYPE_LABELS``) and the
errors (``texts.CLI_ERRORS``)."""

from __future__ import annotations

import re
from typing import Any

import typer.core
import typer.rich_utils
from typer._click.exceptions import UsageError

from bansha import texts
from bansha.terminal import say

MODULES = (typer.core, typer.rich_utils)
"""The library's modules that name ``gettext`` (as ``_``)."""
CONSTANTS = (
    "DEPRECATED_STRING",
    "DEFAULT_STRING",
    "ENVVAR_STRING",
    "REQUIRED_LONG_STRING",
    "ARGUMENTS_PANEL_TITLE",
    "OPTIONS_PANEL_TITLE",
    "COMMANDS_PANEL_TITLE",
    "ERRORS_PANEL_TITLE",
    "ABORTED_TEXT",
    "RICH_HELP",
)
"""Typer's help words, translated once when its module was imported."""
ENGLISH: dict[str, str] = {}
"""Each constant's English, as Typer made it."""


def gettext(message: str) -> str:
    """The catalogue's Chinese for one of the libraries' messages (as written if it has none)."""
    return texts.CLI_FRAMEWORK.get(message, message)


def _english(name: str) -> str:
    """The English a Typer constant was made from (kept once, so ``install`` may run again)."""
    if name not in ENGLISH:
        ENGLISH[name] = str(getattr(typer.rich_utils, name))
    return ENGLISH[name]


def install() -> None:
    """Put the Chinese words in the library's place (idempotent), and its refusals on lines of
    their own (``error_lines``) instead of a panel folded to the terminal's width."""
    for module in MODULES:
        module._ = gettext  # type: ignore[attr-defined]
    for name in CONSTANTS:
        setattr(typer.rich_utils, name, gettext(_english(name)))
    typer.rich_utils.rich_format_error = error_lines  # type: ignore[assignment]


def error_lines(error: Any) -> None:
    """A refused command line on standard error: the usage line, where to find help, and the
    refusal as one whole line (「错误：……」), whatever the terminal's width."""
    if type(error).__name__ == "NoArgsIsHelpError":
        return
    console = typer.rich_utils._get_rich_console(stderr=True)
    ctx = getattr(error, "ctx", None)
    if ctx is not None:
        say(console, ctx.get_usage())
        if ctx.command.get_help_option(ctx) is not None:
            hint = texts.CLI_HELP_HINT.format(
                command=ctx.command_path, option=ctx.help_option_names[0]
            )
            say(console, hint)
    say(console, (f"{texts.CLI_FRAMEWORK['Error']}：", "red"), error.format_message())


def chinese_error(message: str) -> str:
    """A library error message in Chinese (``texts.CLI_ERRORS``)."""
    for pattern, replacement in texts.CLI_ERRORS:
        message = re.sub(pattern, replacement, message)
    return message


class Words:
    """What both command classes word in Chinese."""

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        """The usage line, 「用法：」 first."""
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=texts.CLI_USAGE + " ")

    def get_help_option(self, ctx: Any) -> Any:
        """The help option, described in Chinese."""
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = texts.CLI_HELP_OPTION
        return option

    def get_params(self, ctx: Any) -> Any:
        """The parameters, each value's placeholder in Chinese where none is given."""
        params = super().get_params(ctx)  # type: ignore[misc]
        for param in params:
            if isinstance(param, typer.core.TyperArgument):
                # an argument's help shows its name (metavar) and, beside it, its type
                param.display_type_rich = _label(param)  # type: ignore[method-assign]
            elif param.metavar is None and isinstance(param, typer.core.TyperOption):
                label = texts.CLI_TYPE_LABELS.get(param.bare_type())
                if label is not None:
                    param.metavar = label
        return params

    def parse_args(self, ctx: Any, args: list[str]) -> Any:
        """The arguments, a refusal worded in Chinese."""
        try:
            return super().parse_args(ctx, args)  # type: ignore[misc]
        except UsageError as e:
            raise _chinese(e) from e


def _label(param: typer.core.TyperArgument) -> Any:
    """The placeholder an argument's help shows beside its name: none where the name says it."""
    bare = param.bare_type()
    label = "" if param.metavar else texts.CLI_TYPE_LABELS.get(bare.removeprefix("list["), bare)

    def display_type_rich(ctx: Any) -> str:
        return label

    return display_type_rich


def _chinese(e: Any) -> Any:
    """The same refusal, its message in Chinese."""
    if type(e).__name__ == "NoArgsIsHelpError":
        return e
    return UsageError(chinese_error(e.format_message()), getattr(e, "ctx", None))


class Command(Words, typer.core.TyperCommand):
    """A command whose help and refusals are in Chinese."""


class Group(Words, typer.core.TyperGroup):
    """A group of commands whose help and refusals are in Chinese."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """The subcommand named, an unknown one refused in Chinese."""
        try:
            return super().resolve_command(ctx, args)
        except UsageError as e:
            raise _chinese(e) from e
