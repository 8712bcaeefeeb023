"""The ``bansha`` command line: demo games, scenario files and benchmarks."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.panel import Panel
from rich.table import Table

from bansha import texts
from bansha.engine import Game
from bansha.engine.errors import RuleError
from bansha.engine.views import view
from bansha.names import SEAT_NAMES

app = typer.Typer(
    help="bansha：版杀导演平台 — runs forum mafia games exactly by the rule post.",
    no_args_is_help=True,
    add_completion=False,
)
scenario_app = typer.Typer(
    help="Scenario files: replay a game, check a ruling, report a bug.", no_args_is_help=True
)
app.add_typer(scenario_app, name="scenario")


def _thread_app() -> typer.Typer:
    from bansha.forum.cli import thread_app

    return thread_app


app.add_typer(_thread_app(), name="thread")
console = Console()

DEFAULT_NAMES = SEAT_NAMES


def seat_names(n: int) -> list[str]:
    """Default player names for an n-seat demo table."""
    return DEFAULT_NAMES[:n] if n <= len(DEFAULT_NAMES) else [f"玩家{i + 1}" for i in range(n)]


@app.command()
def demo(
    ruleset: Annotated[str, typer.Argument(help="Rule set id, alias or variant file")] = "m103",
    seed: Annotated[int, typer.Option(help="Seed of the deal and every draw")] = 1,
) -> None:
    """Play a complete game with random agents; print the public announcements and the reveal (揭秘)."""
    from bansha.rulesets import find_ruleset
    from bansha.sim.agents import play_random

    try:
        rs = find_ruleset(ruleset)
    except RuleError as e:
        console.print(f"[red]{e.message}[/red]")
        raise typer.Exit(2) from e
    game = Game.create(rs, seat_names(rs.player_count), seed)
    play_random(game, seed)
    public = view(game, "public")
    console.print(
        Panel.fit(f"{rs.title}  种子 {seed}\n承诺哈希 {public['commitment']}", title="bansha")
    )
    phase = None
    for a in public["announcements"]:
        if a["phase"] != phase:
            phase = a["phase"]
            console.rule(_phase_zh(phase))
        console.print(a["text"])
    reveal = public.get("reveal", {})
    table = Table(title="揭秘")
    for col in ("玩家", "身份", "阵营", "出局顺序"):
        table.add_column(col)
    order = {n: i + 1 for i, n in enumerate(reveal.get("exit_order", []))}
    for name, role in reveal.get("roles", {}).items():
        table.add_row(name, role, reveal["factions"][name], str(order.get(name, "存活")))
    console.print(table)
    console.print(f"获胜：{'、'.join(public['winner'])}")


def _phase_zh(label: str) -> str:
    parts = label.split()
    if parts[0] == "day":
        return f"第{parts[1]}天"
    if parts[0] == "night":
        return f"第{parts[1]}夜"
    return {"start": "游戏开始", "ended": "游戏结束"}.get(parts[0], label)


@scenario_app.command("run")
def scenario_run(
    files: Annotated[list[Path], typer.Argument(help="Scenario YAML files")],
    as_json: Annotated[
        bool,
        typer.Option(
            "--json", help="Print the final state as JSON (on failure: the state at that step)"
        ),
    ] = False,
) -> None:
    """Run scenario files; stop non-zero at the first expectation that fails."""
    from bansha.scenario import ScenarioFailure, final_state, run_scenario

    for f in files:
        try:
            sc = run_scenario(f)
        except ScenarioFailure as e:
            if as_json:  # the failure on stderr, the state at the failing step as JSON on stdout
                Console(stderr=True).print(f"[red]FAIL[/red] {e}", soft_wrap=True)
                if e.state is not None:
                    sys.stdout.write(json.dumps(e.state, ensure_ascii=False, indent=2) + "\n")
            else:
                console.print(f"[red]FAIL[/red] {e}", soft_wrap=True)  # one line per failure
            raise typer.Exit(1) from e
        except (OSError, ValueError) as e:
            console.print(f"[red]FAIL[/red] {f}: {e}")
            raise typer.Exit(1) from e
        if as_json:
            sys.stdout.write(json.dumps(final_state(sc), ensure_ascii=False, indent=2) + "\n")
        else:
            console.print(f"[green]ok[/green] {f}")


@app.command(help=texts.VERIFY_HELP)
def verify(
    file: Annotated[Path, typer.Argument(help=texts.VERIFY_FILE_HELP)],
    commitment: Annotated[str | None, typer.Option(help=texts.VERIFY_COMMITMENT_HELP)] = None,
) -> None:
    """Check a finished game's reveal file against the deal's commitment (R-ALL-02)."""
    from bansha.verification import verify as check

    code = check(file, commitment, console)
    if code:
        raise typer.Exit(code)


@app.command()
def bench(
    ruleset: Annotated[str, typer.Argument(help="Rule set id, alias or variant file")] = "m103",
    games: Annotated[int, typer.Option("-n", "--games", help="Number of complete games")] = 2000,
    seed: Annotated[int, typer.Option(help="First seed")] = 0,
    memory: Annotated[bool, typer.Option(help="Also trace peak memory (slower)")] = True,
) -> None:
    """Complete games per second, actions per game and peak memory with random agents."""
    import bansha
    from bansha.sim.bench import run_bench

    result = run_bench(ruleset, games, seed, memory)
    result["compiled_engine"] = "yes" if bansha.COMPILED else "no (bansha compile)"
    table = Table(title=f"bansha bench {ruleset}")
    table.add_column("metric")
    table.add_column("value", justify="right")
    for k, v in result.items():
        table.add_row(k, f"{v:,.3f}" if isinstance(v, float) else str(v))
    console.print(table)


@app.command()
def simulate(
    ruleset: Annotated[str, typer.Argument(help="Rule set id, alias or variant file")],
    games: Annotated[int, typer.Option("-n", "--games", help="Number of complete games")] = 1000,
    agents: Annotated[str, typer.Option(help="random or heuristic")] = "heuristic",
    jobs: Annotated[int, typer.Option(help="Processes (the report does not depend on it)")] = 1,
    seed: Annotated[int, typer.Option(help="First seed")] = 0,
    impact_games: Annotated[
        int, typer.Option(help="Games replayed without each skill (0: skip that table)")
    ] = 200,
    compare: Annotated[
        str | None, typer.Option(help="A second rule set or variant, side by side")
    ] = None,
    json_out: Annotated[
        Path | None, typer.Option("--json", help="Write the report as JSON")
    ] = None,
    html_out: Annotated[Path | None, typer.Option("--html", help="Write an HTML report")] = None,
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
                task = progress.add_task(f"模拟 {ref}", total=total_games(games, impact_games, ref))

                def advance(k: int, task: TaskID = task) -> None:
                    progress.advance(task, k)

                results.append(run(ref, games, agents, jobs, seed, impact_games, advance))
                progress.update(task, completed=progress.tasks[task].total)
    except (LookupError, ValueError, OSError) as e:
        console.print(f"[red]{e}[/red]")
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
        console.print(f"JSON：{json_out}")
    if html_out is not None:
        b = results[1] if compare is not None else None
        rep.write_html(results[0], html_out, command, b, cmp)
        console.print(f"HTML：{html_out}")


@app.command(name="compile")
def compile_engine(
    force: Annotated[bool, typer.Option(help="Compile even when the build is current")] = False,
    clean: Annotated[bool, typer.Option(help="Remove the compiled modules instead")] = False,
    optional: Annotated[bool, typer.Option(help="A failure only warns (no compiler)")] = False,
) -> None:
    """Compile the engine, mechanics, rule sets and agents with mypyc (about 2× faster games)."""
    from bansha import native

    if clean:
        native.clean()
        console.print("compiled modules removed: the source runs")
        return
    if force or not native.current():
        console.print("compiling the engine (about a minute, once per change of its source)…")
    try:
        built = native.build(force=force)
    except (OSError, native.BuildError) as e:
        console.print(f"[yellow]could not compile ({e}); the source runs instead[/yellow]")
        raise typer.Exit(0 if optional else 1) from e
    if built or not optional:
        console.print("compiled" if built else "compiled modules are current")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port")] = 8000,
    database_url: Annotated[
        str | None, typer.Option(help="postgresql://... (default: SQLite in ./.bansha)")
    ] = None,
    workers: Annotated[int, typer.Option(help="Server processes")] = 1,
    threads: Annotated[
        int,
        typer.Option(min=1, help="Requests served at once per process (the rest wait their turn)"),
    ] = 4,
    clock: Annotated[bool, typer.Option(help="Close stages at their deadlines")] = True,
    https: Annotated[
        bool,
        typer.Option(
            help="Browsers reach the site over HTTPS (a TLS proxy in front sets "
            "X-Forwarded-Proto): cookies only over HTTPS, HSTS, plain HTTP redirected"
        ),
    ] = False,
) -> None:
    """Run the web platform at http://HOST:PORT (applies migrations first)."""
    from bansha.web.server import serve as run

    os.environ["BANSHA_REQUEST_THREADS"] = str(threads)
    if https:
        os.environ["BANSHA_HTTPS"] = "1"
    console.print(f"bansha 正在运行：http://{host}:{port}/")
    run(host, port, database_url, workers, clock)


@app.command()
def director(
    username: Annotated[str, typer.Argument(help="Login name")],
    password: Annotated[str, typer.Option(prompt=True, hide_input=True, confirmation_prompt=True)],
    database_url: Annotated[
        str | None, typer.Option(help="postgresql://... (default: SQLite)")
    ] = None,
) -> None:
    """Create a director account (or reset its password)."""
    from bansha.web.server import PasswordRefused, add_director, setup

    setup(database_url)
    try:
        add_director(username, password)
    except PasswordRefused as e:
        console.print(f"[red]{texts.PASSWORD_REFUSED.format(reasons='；'.join(e.reasons))}[/red]")
        raise typer.Exit(2) from e
    console.print(texts.DIRECTOR_READY.format(username=username))


@app.command(name="rotate-key")
def rotate_key(
    drop_previous: Annotated[
        bool, typer.Option(help="Forget the previous key (sessions signed with it end)")
    ] = False,
) -> None:
    """Make a new secret key; the previous one stays accepted until --drop-previous."""
    from bansha.web.keys import installation_home, rotate

    if os.environ.get("BANSHA_SECRET_KEY"):
        console.print(texts.KEY_FROM_ENVIRONMENT)
        raise typer.Exit(2)
    console.print(rotate(installation_home(), drop_previous))


@app.command()
def worker(
    database_url: Annotated[
        str | None, typer.Option(help="postgresql://... (default: SQLite)")
    ] = None,
) -> None:
    """Run only the deadline worker (beside servers started with --no-clock)."""
    from bansha.web.server import run_worker

    run_worker(database_url)


def main() -> None:  # pragma: no cover
    """Entry point."""
    app()


if __name__ == "__main__":  # pragma: no cover
    app()
