"""``bansha game new | list | export | import``: games on the database from the command line
(every command takes ``--database-url``; the default is the installation's SQLite). An archive
moves a game between installations and between SQLite and PostgreSQL
(``bansha.service.archive``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from bansha import cli_words, texts
from bansha.engine import clock
from bansha.engine.errors import RuleError
from bansha.terminal import Output, say

game_app = typer.Typer(
    cls=cli_words.Group,
    help=texts.CLI_GAME_HELP,
    no_args_is_help=True,
    options_metavar=texts.CLI_OPTIONS_METAVAR,
    subcommand_metavar=texts.CLI_COMMAND_METAVAR,
)
OPTIONS: dict[str, Any] = {"cls": cli_words.Command, "options_metavar": texts.CLI_OPTIONS_METAVAR}
console = Output()
err = Output(stderr=True)

DatabaseUrl = Annotated[str | None, typer.Option(help=texts.CLI_DATABASE)]


def _setup(database_url: str | None) -> None:
    """Django on the chosen database, migrated."""
    from bansha.web.server import setup

    setup(database_url)


def _refuse(message: str, code: int = 2) -> typer.Exit:
    """Print a refusal in Chinese on standard error; the exit to raise."""
    say(err, (message, "red"))
    return typer.Exit(code)


def _director(name: str) -> Any:
    """The director account called ``name``; refused when there is none."""
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.filter(username=name).first()
    if user is None:
        raise _refuse(texts.CLI_GAME_NO_DIRECTOR.format(name=name))
    return user


@game_app.command(name="new", help=texts.CLI_GAME_NEW_HELP, **OPTIONS)
def new(
    ruleset: Annotated[
        str, typer.Argument(help=texts.CLI_RULESET_ARG, metavar=texts.CLI_RULESET_METAVAR)
    ],
    names: Annotated[
        list[str],
        typer.Argument(help=texts.CLI_GAME_PLAYERS, metavar=texts.CLI_GAME_PLAYERS_METAVAR),
    ],
    director: Annotated[str, typer.Option(help=texts.CLI_GAME_DIRECTOR)],
    title: Annotated[str, typer.Option(help=texts.CLI_GAME_TITLE)] = "",
    start_at: Annotated[str | None, typer.Option(help=texts.CLI_GAME_START)] = None,
    zone: Annotated[str, typer.Option("--timezone", help=texts.CLI_GAME_ZONE)] = clock.DEFAULT_ZONE,
    database_url: DatabaseUrl = None,
) -> None:
    """Deal a game for a director and print its id."""
    _setup(database_url)
    from bansha.service.games import SERVICE
    from bansha.store.models import GameRecord

    owner = _director(director)
    if len(title) > 60:
        raise _refuse(texts.LABEL_TOO_LONG)
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise _refuse(texts.DUPLICATE_NAMES.format(names=texts.LIST_SEP.join(twice)))
    try:
        options: dict[str, Any] = {"timezone": clock.game_zone(zone).key}
        if start_at:
            options["start_at"] = clock.parse_moment(start_at, clock.game_zone(zone)).isoformat()
        created = SERVICE.create(ruleset, list(names), options=options, owner=owner)
    except (RuleError, ValueError) as e:
        raise _refuse(e.message if isinstance(e, RuleError) else str(e)) from None
    if title:
        GameRecord.objects.filter(id=created.record.id).update(label=title)
    say(console, created.record.id)


def _state(record: Any) -> str:
    """Where a game stands, in the list's words."""
    words = [texts.CLI_GAME_STATE_ENDED if record.ended else texts.CLI_GAME_STATE_RUNNING]
    for flag, word in (
        (record.paused and not record.ended, texts.CLI_GAME_STATE_PAUSED),
        (record.demo, texts.CLI_GAME_STATE_DEMO),
        (record.archived_at is not None, texts.CLI_GAME_STATE_ARCHIVED),
        (record.deleted_at is not None, texts.CLI_GAME_STATE_DELETED),
    ):
        if flag:
            words.append(word)
    return "·".join(words)


@game_app.command(name="list", help=texts.CLI_GAME_LIST_HELP, **OPTIONS)
def list_games(database_url: DatabaseUrl = None) -> None:
    """Every game on the database, newest first."""
    _setup(database_url)
    from bansha.store.models import GameRecord

    records = GameRecord.objects.select_related("owner").order_by("-created_at")
    if not records.exists():
        say(console, texts.CLI_GAME_NONE)
        return
    table = Table(*texts.CLI_GAME_COLUMNS)
    for r in records:
        table.add_row(
            r.id,
            escape(r.label or r.title),
            r.ruleset,
            escape(r.owner.get_username() if r.owner is not None else ""),
            clock.format_moment(r.created_at, r.timezone),
            _state(r),
        )
    console.print(table)


@game_app.command(name="export", help=texts.CLI_GAME_EXPORT_HELP, **OPTIONS)
def export(
    game_id: Annotated[str, typer.Argument(help=texts.CLI_GAME_ID, metavar=texts.CLI_GAME_ID)],
    out: Annotated[Path, typer.Option(help=texts.CLI_GAME_OUT, metavar=texts.CLI_FILE_METAVAR)],
    database_url: DatabaseUrl = None,
) -> None:
    """Write the game's archive (its settings and every event) to ``out``."""
    _setup(database_url)
    from bansha.service import archive
    from bansha.store.models import GameRecord

    if not GameRecord.objects.filter(id=game_id).exists():
        raise _refuse(texts.CLI_GAME_NO_GAME.format(game=game_id))
    doc = archive.export_game(game_id)
    out.write_text(archive.as_text(doc), encoding="utf-8")
    say(console, texts.CLI_GAME_EXPORTED.format(count=len(doc["events"]), path=out))


@game_app.command(name="import", help=texts.CLI_GAME_IMPORT_HELP, **OPTIONS)
def import_(
    file: Annotated[Path, typer.Argument(help=texts.CLI_GAME_FILE, metavar=texts.CLI_FILE_METAVAR)],
    director: Annotated[str | None, typer.Option(help=texts.CLI_GAME_DIRECTOR)] = None,
    database_url: DatabaseUrl = None,
) -> None:
    """Read an archive into the database as a new game; print its id."""
    try:
        raw = file.read_bytes()
    except OSError:
        raise _refuse(texts.CLI_GAME_CANNOT_READ.format(path=file)) from None
    _setup(database_url)
    from bansha.service import archive

    owner = _director(director) if director else None
    try:
        imported = archive.import_game(raw, owner=owner)
    except RuleError as e:
        raise _refuse(texts.CLI_GAME_IMPORT_REFUSED.format(reason=e.message), 1) from None
    say(console, imported.record.id)
