"""The ``bansha`` command line: demo games, scenario files and benchmarks."""

from __future__ import annotations

import json
import os
import sys
import warnings
from pathlib import Path
from typing import Annotated

import typer
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from bansha import cli_words, texts
from bansha.engine import Game
from bansha.engine.errors import RuleError
from bansha.engine.views import view
from bansha.names import SEAT_NAMES
from bansha.terminal import Output, say

cli_words.install()  # Click's and Typer's own words (Usage, Options, errors) in Chinese
GROUP = {
    "cls": cli_words.Group,
    "no_args_is_help": True,
    "options_metavar": texts.CLI_OPTIONS_METAVAR,
    "subcommand_metavar": texts.CLI_COMMAND_METAVAR,
}
"""What every command group of the command line shares (the usage line in Chinese)."""
OPTIONS = {"cls": cli_words.Command, "options_metavar": texts.CLI_OPTIONS_METAVAR}
"""What every command shares."""
app = typer.Typer(help=texts.CLI_HELP, add_completion=False, **GROUP)  # type: ignore[arg-type]
scenario_app = typer.Typer(help=texts.CLI_SCENARIO_HELP, **GROUP)  # type: ignore[arg-type]
app.add_typer(scenario_app, name="scenario")


def _thread_app() -> typer.Typer:
    """The ``thread`` commands (imported here, after the words above are installed)."""
    from bansha.forum.cli import thread_app

    return thread_app


app.add_typer(_thread_app(), name="thread")


def _game_app() -> typer.Typer:
    """The ``game`` commands (imported here, after the words above are installed)."""
    from bansha.game_cli import game_app

    return game_app


app.add_typer(_game_app(), name="game")
console = Output()
FAILED = texts.CLI_SCENARIO_FAILED

DEFAULT_NAMES = SEAT_NAMES


def seat_names(n: int) -> list[str]:
    """Default player names for an n-seat demo table."""
    return (
        DEFAULT_NAMES[:n]
        if n <= len(DEFAULT_NAMES)
        else [texts.SEAT_NAME_NUMBERED.format(n=i + 1) for i in range(n)]
    )


@app.command(help=texts.CLI_DEMO_HELP, **OPTIONS)  # type: ignore[arg-type]
def demo(
    ruleset: Annotated[
        str, typer.Argument(help=texts.CLI_RULESET_ARG, metavar=texts.CLI_RULESET_METAVAR)
    ] = "m103",
    seed: Annotated[int, typer.Option(help=texts.CLI_SEED)] = 1,
) -> None:
    """Play a complete game with random agents; print the public announcements and the reveal (揭秘)."""
    from bansha.rulesets import find_ruleset
    from bansha.sim.play import play_random

    try:
        rs = find_ruleset(ruleset)
    except RuleError as e:
        say(console, (e.message, "red"))
        raise typer.Exit(2) from e
    game = Game.create(rs, seat_names(rs.player_count), seed)
    play_random(game, seed)
    public = view(game, "public")
    console.print(
        Panel.fit(
            texts.CLI_DEMO_SEED_TITLE.format(
                title=rs.title, seed=seed, commitment=public["commitment"]
            ),
            title="bansha",
        )
    )
    phase = None
    for a in public["announcements"]:
        if a["phase"] != phase:
            phase = a["phase"]
            console.rule(_phase_zh(phase))
        say(console, a["text"])
    reveal = public.get("reveal", {})
    table = Table(title=texts.CLI_DEMO_REVEAL)
    for col in texts.CLI_DEMO_COLUMNS:
        table.add_column(col)
    order = {n: i + 1 for i, n in enumerate(reveal.get("exit_order", []))}
    for name, role in reveal.get("roles", {}).items():
        table.add_row(
            name, role, reveal["factions"][name], str(order.get(name, texts.CLI_DEMO_ALIVE))
        )
    console.print(table)
    say(console, texts.CLI_DEMO_WINNER.format(winners=texts.LIST_SEP.join(public["winner"])))


def _phase_zh(label: str) -> str:
    parts = label.split()
    if parts[0] == "day":
        return texts.CLI_PHASE_DAY.format(n=parts[1])
    if parts[0] == "night":
        return texts.CLI_PHASE_NIGHT.format(n=parts[1])
    return {"start": texts.CLI_PHASE_START, "ended": texts.CLI_PHASE_ENDED}.get(parts[0], label)


@scenario_app.command("run", help=texts.CLI_SCENARIO_RUN_HELP, **OPTIONS)  # type: ignore[arg-type]
def scenario_run(
    files: Annotated[
        list[Path],
        typer.Argument(help=texts.CLI_SCENARIO_FILES, metavar=texts.CLI_FILE_METAVAR + "..."),
    ],
    as_json: Annotated[
        bool,
        typer.Option("--json", help=texts.CLI_SCENARIO_JSON),
    ] = False,
) -> None:
    """Run scenario files; stop non-zero at the first expectation that fails."""
    from bansha.scenario import ScenarioFailure, ScenarioFileError, final_state, run_scenario

    for f in files:
        try:
            sc = run_scenario(f)
        except ScenarioFailure as e:
            if as_json:  # the failure on stderr, the state at the failing step as JSON on stdout
                say(Output(stderr=True), (FAILED, "red"), f" {e}")
                if e.state is not None:
                    sys.stdout.write(json.dumps(e.state, ensure_ascii=False, indent=2) + "\n")
            else:  # one line per failure
                say(console, (FAILED, "red"), f" {e}")
            raise typer.Exit(1) from e
        except ScenarioFileError as e:
            say(console, (FAILED, "red"), f" {e}")
            raise typer.Exit(1) from e
        except RuleError as e:
            say(console, (FAILED, "red"), f" {f}: {e.message}")
            raise typer.Exit(1) from e
        except Exception as e:  # a bug: still one line naming the file, no traceback
            why = texts.CLI_RUN_ERROR.format(kind=type(e).__name__, error=e)
            say(console, (FAILED, "red"), f" {f}: {why}")
            raise typer.Exit(1) from e
        if as_json:
            sys.stdout.write(json.dumps(final_state(sc), ensure_ascii=False, indent=2) + "\n")
        else:
            say(console, (texts.CLI_SCENARIO_OK, "green"), f" {f}")


@app.command(help=texts.VERIFY_HELP, **OPTIONS)  # type: ignore[arg-type]
def verify(
    file: Annotated[
        Path, typer.Argument(help=texts.VERIFY_FILE_HELP, metavar=texts.CLI_FILE_METAVAR)
    ],
    commitment: Annotated[
        str | None,
        typer.Option(
            help=texts.VERIFY_COMMITMENT_HELP, metavar=texts.CLI_VERIFY_COMMITMENT_METAVAR
        ),
    ] = None,
) -> None:
    """Check a finished game's reveal file against the deal's commitment (R-ALL-02)."""
    from bansha.verification import verify as check

    code = check(file, commitment, console)
    if code:
        raise typer.Exit(code)


@app.command(help=texts.CLI_CHECK_HELP, **OPTIONS)  # type: ignore[arg-type]
def check(
    files: Annotated[
        list[Path],
        typer.Argument(help=texts.CLI_CHECK_FILES, metavar=texts.CLI_FILE_METAVAR + "..."),
    ],
) -> None:
    """Check rule-set variant files: every problem is named by its key, in Chinese."""
    from bansha.rulesets import load_variant

    failed = False
    for f in files:
        try:
            rs = load_variant(f)
        except RuleError as e:
            say(console, (FAILED, "red"), f" {f}: {e.message}")
            failed = True
        except OSError as e:
            why = texts.CLI_NO_FILE if isinstance(e, FileNotFoundError) else texts.CLI_UNREADABLE
            say(console, (FAILED, "red"), f" {f}: {why}")
            failed = True
        else:
            good = texts.CLI_CHECK_OK.format(title=rs.title, players=rs.player_count)
            say(
                console,
                (texts.CLI_SCENARIO_OK, "green"),
                texts.CLI_CHECKED_FILE.format(file=f, verdict=good),
            )
    if failed:
        raise typer.Exit(1)


@app.command(help=texts.CLI_MECHANICS_HELP, **OPTIONS)  # type: ignore[arg-type]
def mechanics(
    name: Annotated[
        str | None, typer.Argument(help=texts.CLI_MECHANICS_NAME, metavar=texts.CLI_NAME_METAVAR)
    ] = None,
    markdown: Annotated[
        bool, typer.Option("--markdown", help=texts.CLI_MECHANICS_MARKDOWN)
    ] = False,
) -> None:
    """The catalogue of mechanics, from each mechanic's own declarations."""
    import bansha.rulesets  # noqa: F401 - a rule set's own mechanics join the catalogue
    from bansha.mechanics import about_words, describe

    if markdown:
        print(describe.markdown())
        return
    entries = describe.described()
    if name is not None:
        entries = [(k, a) for k, a in entries if k == name]
        if not entries:
            known = texts.LIST_SEP.join(k for k, _ in describe.described())
            say(console, texts.CLI_MECHANICS_UNKNOWN.format(name=name, known=known))
            raise typer.Exit(1)
    for kind, a in entries:
        lines = [about_words.summary(kind), *describe.lines(kind, a, code="", bullet="", sub="  ")]
        console.print(Panel(Text("\n".join(lines)), title=kind, title_align="left"))


@app.command(help=texts.CLI_BENCH_HELP, **OPTIONS)  # type: ignore[arg-type]
def bench(
    ruleset: Annotated[
        str, typer.Argument(help=texts.CLI_RULESET_ARG, metavar=texts.CLI_RULESET_METAVAR)
    ] = "m103",
    games: Annotated[int, typer.Option("-n", "--games", help=texts.CLI_GAMES)] = 2000,
    seed: Annotated[int, typer.Option(help=texts.CLI_FIRST_SEED)] = 0,
    memory: Annotated[bool, typer.Option(help=texts.CLI_BENCH_MEMORY)] = True,
) -> None:
    """Complete games per second, actions per game and peak memory with random agents."""
    import bansha
    from bansha.sim.bench import run_bench

    try:
        result = run_bench(ruleset, games, seed, memory)
    except RuleError as e:
        say(console, (e.message, "red"))
        raise typer.Exit(2) from e
    compiled = texts.CLI_BENCH_COMPILED if bansha.COMPILED else texts.CLI_BENCH_NOT_COMPILED
    result["compiled_engine"] = compiled
    table = Table(title=texts.CLI_BENCH_TITLE.format(ruleset=ruleset))
    metric, value = texts.CLI_BENCH_COLUMNS
    table.add_column(metric)
    table.add_column(value, justify="right")
    for k, v in result.items():
        label = texts.CLI_BENCH_METRICS.get(k, k)
        table.add_row(label, f"{v:,.3f}" if isinstance(v, float) else str(v))
    console.print(table)


@app.command(help=texts.CLI_SIMULATE_HELP, **OPTIONS)  # type: ignore[arg-type]
def simulate(
    ruleset: Annotated[
        str, typer.Argument(help=texts.CLI_RULESET_ARG, metavar=texts.CLI_RULESET_METAVAR)
    ],
    games: Annotated[int, typer.Option("-n", "--games", help=texts.CLI_GAMES)] = 1000,
    agents: Annotated[str, typer.Option(help=texts.CLI_SIMULATE_AGENTS)] = "heuristic",
    jobs: Annotated[int, typer.Option(help=texts.CLI_SIMULATE_JOBS)] = 1,
    seed: Annotated[int, typer.Option(help=texts.CLI_FIRST_SEED)] = 0,
    impact_games: Annotated[int, typer.Option(help=texts.CLI_SIMULATE_IMPACT)] = 200,
    compare: Annotated[
        str | None, typer.Option(help=texts.CLI_SIMULATE_COMPARE, metavar=texts.CLI_RULESET_METAVAR)
    ] = None,
    json_out: Annotated[
        Path | None,
        typer.Option("--json", help=texts.CLI_SIMULATE_JSON, metavar=texts.CLI_FILE_METAVAR),
    ] = None,
    html_out: Annotated[
        Path | None,
        typer.Option("--html", help=texts.CLI_SIMULATE_HTML, metavar=texts.CLI_FILE_METAVAR),
    ] = None,
) -> None:
    """Simulate many games: win rates with 95% intervals, game length, exits, skill impact."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TaskID,
        TimeRemainingColumn,
    )

    from bansha.sim import report as rep
    from bansha.sim.simulate import compare_reports, total_games
    from bansha.sim.simulate import simulate as run

    refs = [ruleset] if compare is None else [ruleset, compare]
    results = []
    try:
        with Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=console,
        ) as progress:
            for ref in refs:
                task = progress.add_task(
                    texts.CLI_SIMULATE_PROGRESS.format(ruleset=ref),
                    total=total_games(games, impact_games, ref),
                )

                def advance(k: int, task: TaskID = task) -> None:
                    progress.advance(task, k)

                results.append(run(ref, games, agents, jobs, seed, impact_games, advance))
                progress.update(task, completed=progress.tasks[task].total)
    except RuleError as e:
        say(console, (e.message, "red"))
        raise typer.Exit(2) from e
    except (LookupError, ValueError, OSError) as e:
        say(console, (str(e), "red"))
        raise typer.Exit(1) from e
    cmp = compare_reports(results[0], results[1]) if compare is not None else None
    rep.print_report(results[0], console, cmp)
    if compare is not None:
        rep.print_report(results[1], console)
    command = " ".join(["bansha", "simulate", *sys.argv[2:]]) if sys.argv else "bansha simulate"
    if json_out is not None:
        rep.write_json(results[0], json_out, cmp)
        if compare is not None:
            rep.write_json(results[1], json_out.with_suffix(".compare.json"))
        say(console, texts.CLI_WROTE_JSON.format(path=json_out))
    if html_out is not None:
        b = results[1] if compare is not None else None
        rep.write_html(results[0], html_out, command, b, cmp)
        say(console, texts.CLI_WROTE_HTML.format(path=html_out))


@app.command(name="compile", help=texts.CLI_COMPILE_HELP, **OPTIONS)  # type: ignore[arg-type]
def compile_engine(
    force: Annotated[bool, typer.Option(help=texts.CLI_COMPILE_FORCE)] = False,
    clean: Annotated[bool, typer.Option(help=texts.CLI_COMPILE_CLEAN)] = False,
    optional: Annotated[bool, typer.Option(help=texts.CLI_COMPILE_OPTIONAL)] = False,
) -> None:
    """Compile the engine, mechanics, rule sets and agents with mypyc (about 2× faster games)."""
    import time

    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from bansha import native

    if clean:
        native.clean()
        say(console, texts.CLI_COMPILE_CLEANED)
        return
    if not force and native.current():
        if not optional:
            say(console, texts.CLI_COMPILE_CURRENT)
        return
    say(console, texts.CLI_COMPILING)
    started = time.monotonic()
    # what the build is doing, and for how long: its steps take minutes on a slow machine
    columns = (SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(texts.CLI_COMPILE_STEPS["generate"])

        def moved(steps: native.BuildSteps) -> None:
            step = texts.CLI_COMPILE_STEPS[steps.stage].format(files=steps.files)
            progress.update(task, description=step)

        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always", native.PlainBuild)
                native.build(force=force, steps=moved)
        except (OSError, native.BuildError) as e:
            say(console, (texts.CLI_COMPILE_FAILED.format(error=e), "yellow"))
            raise typer.Exit(0 if optional else 1) from e
    for w in caught:  # the plain build said in the user's words, any other warning passed on
        if isinstance(w.message, native.PlainBuild):
            say(console, (texts.CLI_COMPILE_PLAIN.format(reason=w.message.reason), "yellow"))
        else:
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
    minutes, seconds = divmod(round(time.monotonic() - started), 60)
    say(console, texts.CLI_COMPILED.format(minutes=minutes, seconds=seconds))


@app.command(help=texts.CLI_SERVE_HELP, **OPTIONS)  # type: ignore[arg-type]
def serve(
    host: Annotated[str, typer.Option(help=texts.CLI_SERVE_HOST)] = "127.0.0.1",
    port: Annotated[int, typer.Option(help=texts.CLI_SERVE_PORT)] = 8000,
    database_url: Annotated[str | None, typer.Option(help=texts.CLI_SERVE_DATABASE)] = None,
    workers: Annotated[int, typer.Option(help=texts.CLI_SERVE_WORKERS)] = 1,
    threads: Annotated[
        int,
        typer.Option(min=1, help=texts.CLI_SERVE_THREADS),
    ] = 4,
    clock: Annotated[bool, typer.Option(help=texts.CLI_SERVE_CLOCK)] = True,
    https: Annotated[
        bool,
        typer.Option(help=texts.CLI_SERVE_HTTPS),
    ] = False,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            "--trusted-proxy",
            help=texts.CLI_SERVE_TRUSTED_PROXY,
            metavar=texts.CLI_SERVE_TRUSTED_PROXY_METAVAR,
        ),
    ] = None,
) -> None:
    """Run the web platform at http://HOST:PORT (applies migrations first)."""
    from bansha.web.server import proxy_addresses
    from bansha.web.server import serve as run

    try:
        proxies = proxy_addresses(trusted_proxy or [])
    except ValueError as e:
        say(console, (str(e), "red"))
        raise typer.Exit(2) from None
    os.environ["BANSHA_REQUEST_THREADS"] = str(threads)
    if https:
        os.environ["BANSHA_HTTPS"] = "1"
    say(console, texts.CLI_SERVING.format(host=host, port=port))
    if proxies:
        say(console, texts.CLI_SERVING_PROXIES.format(proxies=texts.LIST_SEP.join(proxies)))
    run(host, port, database_url, workers, clock, proxies)


@app.command(help=texts.CLI_DIRECTOR_HELP, **OPTIONS)  # type: ignore[arg-type]
def director(
    username: Annotated[
        str, typer.Argument(help=texts.CLI_DIRECTOR_USERNAME, metavar=texts.CLI_DIRECTOR_USERNAME)
    ],
    password_file: Annotated[
        str | None,
        typer.Option(
            "--password-file",
            help=texts.CLI_DIRECTOR_PASSWORD_FILE,
            metavar=texts.CLI_DIRECTOR_PASSWORD_FILE_METAVAR,
        ),
    ] = None,
    password: Annotated[str | None, typer.Option(hidden=True)] = None,
    database_url: Annotated[str | None, typer.Option(help=texts.CLI_DATABASE)] = None,
) -> None:
    """Create a director account (or reset its password). The password is read from a prompt,
    a file or standard input, never from the command line (``ps`` and shell history show it)."""
    from bansha.web.server import PasswordRefused, add_director, setup

    if password is not None:
        say(console, (texts.PASSWORD_IN_ARGV, "red"))
        raise typer.Exit(2)
    secret = _read_password(password_file)
    setup(database_url)
    try:
        add_director(username, secret)
    except PasswordRefused as e:
        say(
            console,
            (texts.PASSWORD_REFUSED.format(reasons=texts.PROBLEMS_SEP.join(e.reasons)), "red"),
        )
        raise typer.Exit(2) from e
    say(console, texts.DIRECTOR_READY.format(username=username))


def _read_password(password_file: str | None) -> str:
    """The director's password: the first line of ``password_file`` (``-``: standard input);
    without one, a hidden prompt asked twice in a terminal, else standard input's first line."""
    if password_file is None and sys.stdin.isatty():
        return str(
            typer.prompt(
                texts.CLI_DIRECTOR_PASSWORD,
                hide_input=True,
                confirmation_prompt=texts.CLI_DIRECTOR_PASSWORD_AGAIN,
            )
        )
    if password_file in (None, "-"):
        line, where = sys.stdin.readline(), texts.PASSWORD_FROM_STDIN
    else:
        try:
            with open(password_file, encoding="utf-8") as f:
                line, where = f.readline(), password_file
        except (OSError, UnicodeDecodeError):
            refused = texts.PASSWORD_FILE_UNREADABLE.format(path=password_file)
            say(console, (refused, "red"))
            raise typer.Exit(2) from None
    secret = line.rstrip("\r\n")
    if not secret:
        say(console, (texts.PASSWORD_NOT_READ.format(where=where), "red"))
        raise typer.Exit(2)
    return secret


@app.command(name="rotate-key", help=texts.CLI_ROTATE_KEY_HELP, **OPTIONS)  # type: ignore[arg-type]
def rotate_key(
    drop_previous: Annotated[bool, typer.Option(help=texts.CLI_ROTATE_KEY_DROP)] = False,
    reissue_links: Annotated[bool, typer.Option(help=texts.CLI_ROTATE_KEY_REISSUE)] = False,
    database_url: Annotated[str | None, typer.Option(help=texts.CLI_DATABASE)] = None,
) -> None:
    """Make a new secret key and seal every stored link under it; the previous key stays
    accepted until --drop-previous, which first seals again what a server still running with it
    sealed since. --reissue-links: every live link of every running game is replaced."""
    from bansha.web.keys import installation_home, rotate
    from bansha.web.server import setup

    home = installation_home()
    from_environment = bool(os.environ.get("BANSHA_SECRET_KEY"))
    if from_environment:
        say(console, texts.KEY_FROM_ENVIRONMENT)
    elif not drop_previous:
        say(console, rotate(home))
    setup(database_url)  # the keys as they are now: the current one and those still accepted
    from bansha.service import links

    done = links.reseal_all()
    say(console, texts.LINKS_RESEALED.format(resealed=done.resealed, removed=done.removed))
    if drop_previous and not from_environment:
        say(console, rotate(home, drop_previous=True))
    if reissue_links:
        from bansha.service.games import SERVICE

        games, count = SERVICE.reissue_running_games()
        say(console, texts.LINKS_REISSUED_ALL.format(games=games, links=count))


@app.command(help=texts.CLI_WORKER_HELP, **OPTIONS)  # type: ignore[arg-type]
def worker(
    database_url: Annotated[str | None, typer.Option(help=texts.CLI_DATABASE)] = None,
) -> None:
    """Run only the deadline worker (beside servers started with --no-clock)."""
    from bansha.web.server import run_worker

    run_worker(database_url)


def main() -> None:  # pragma: no cover
    """Entry point."""
    app()


if __name__ == "__main__":  # pragma: no cover
    app()
