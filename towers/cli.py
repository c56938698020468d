"""The ``towers`` command: list games and bots, play in the terminal, resume and replay saved
games, run simulations, tournaments, their reports and comparisons, and benchmarks.

Every command takes any registered game. Bad input (an unknown game, bot, option or seat, a
player count out of range, a file that is not a saved game, a path that cannot be written)
stops with exit code 2 and one line that says what was wrong and what is allowed, before
anything is written or played. Code 1 is for faults that are no input's: a bot that chooses
an illegal action, a game that cannot be loaded, a server that cannot start.
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

import towers
from towers.bench import bench_errors, bench_table, player_counts, run_bench
from towers.core.errors import IllegalActionError, TowersError
from towers.core.game import Game
from towers.core.options import Option, value_text
from towers.core.record import load, replay
from towers.core.registry import bot_class, game_class, list_bots, list_games, make, title_of
from towers.terminal.parsing import (
    HUMAN,
    SeatSpec,
    bot_params,
    merge_bot_params,
    param_text,
    parse_bot_params,
    parse_options,
    parse_player_counts,
    parse_seats,
)
from towers.terminal.replay import Replay
from towers.terminal.session import PlaySession, console_reader

app = typer.Typer(
    name="towers",
    help="Tower board games by their full rules: play, replay, simulate, benchmark.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)

DEFAULT_OPPONENT = "greedy"


# ---- shared helpers -----------------------------------------------------------------------
def out() -> Console:
    return Console(highlight=False)


def err() -> Console:
    return Console(stderr=True, highlight=False)


def table_console(json_out: str | None) -> Console:
    """Where tables go: standard error when the JSON goes to standard output."""
    return err() if json_out == "-" else out()


def progress_bar() -> Progress:
    """A transient bar on standard error: what is running, done of total, time taken."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err(),
        transient=True,
    )


class RateColumn(ProgressColumn):
    """Games a second, as the bar has measured them lately."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:.1f} games/s" if speed else "", style="progress.data.speed")


def games_bar() -> Progress:
    """A transient bar for a run of games: done of total, games a second, time taken and
    time left."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=err(),
        transient=True,
    )


def fail(message: str, code: int = 2) -> NoReturn:
    err().print(f"[bold red]Error:[/bold red] {escape(message)}", soft_wrap=True)
    raise typer.Exit(code)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the engine's deliberate errors into a message and a non-zero exit."""
    try:
        yield
    except IllegalActionError as exc:
        fail(f"an illegal action was chosen: {exc}", code=1)
    except TowersError as exc:
        fail(str(exc))


def complete_game(incomplete: str) -> list[str]:
    return [g for g in list_games() if g.startswith(incomplete)]


def check_game(name: str) -> type[Game]:
    if name not in list_games():
        fail(f"unknown game {name!r}; games: {', '.join(list_games())}")
    try:
        return game_class(name)
    except ImportError as exc:
        fail(f"game {name!r} cannot be loaded: {exc}", code=1)


def new_seed() -> int:
    return random.SystemRandom().randrange(2**31)


def check_output(path: Path, flag: str) -> None:
    """Stop now, before any game is played, if no file can be written at ``path``: it must
    not be a folder, nor a file this user cannot write, and its folder must exist and take
    new files (``flag`` names the flag that gave the path, for the message)."""
    if path.is_dir():
        fail(f"{flag} {path} is a folder; give the name of a file in it, such as {path / 'x.json'}")
    folder = path.parent
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        fail(f"{flag} {path}: {folder} {what}")
    if path.exists():
        if not path.is_file():
            fail(f"{flag} {path} is not a plain file; give the name of a file to write")
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_APPEND))
        except OSError as exc:
            fail(f"{flag} {path}: this file cannot be written ({reason(exc)})")
    # a game is saved through a new file beside it, so the folder must take one either way
    check_folder(folder, f"{flag} {path}")


def check_folder(folder: Path, what: str) -> None:
    """Stop now unless a new file can be made in ``folder``: it is tried (a nameless file,
    gone at once), since permissions alone do not say it (a read-only disk, a system folder
    such as /proc, or an administrator's account, whom permissions do not stop)."""
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        fail(f"{what}: no file can be written in {folder} ({reason(exc)})")


def reason(exc: OSError) -> str:
    """Why the system refused, in its own words, lower case."""
    text = exc.strerror or str(exc)
    return text[:1].lower() + text[1:]


def check_json_out(target: str | None) -> None:
    """``--json FILE`` checked before the work it reports on (``-`` is standard output)."""
    if target is not None and target != "-":
        check_output(Path(target), "--json")


def write_json(target: str, data: Any) -> None:
    """``-`` means standard output."""
    text = json.dumps(data, indent=1) + "\n"
    if target == "-":
        sys.stdout.write(text)
        return
    try:
        Path(target).write_text(text)
    except OSError as exc:
        fail(f"cannot write {target}: {exc.strerror or exc}")


def option_text(name: str, opt: Option) -> str:
    """An option as ``towers games`` lists it, each value written as ``-o`` takes it, with its
    printed name beside it where it has one."""
    line = f"{name} = {value_text(opt.default)}: {opt.help}"
    if opt.choices:
        line += f" (allowed: {', '.join(_value_words(opt, c) for c in opt.choices)})"
    elif opt.names:
        line += f" (values: {', '.join(_value_words(opt, v) for v in opt.names)})"
    return line


def _value_words(opt: Option, value: Any) -> str:
    """``common_deck (Common action deck)``; a value whose name only capitalises it, bare."""
    typed, words = value_text(value), opt.name_of(value)
    return typed if words.casefold() == typed.casefold() else f"{typed} ({words})"


def resolve_seats(
    game: str, players: int | None, seats: str | None, bot_param: list[str] | None
) -> tuple[int, list[SeatSpec]]:
    """The player count and the seat specs, from whichever of --players/--seats was given."""
    cls = check_game(game)
    specs = parse_seats(seats) if seats is not None else None
    if players is None:
        players = len(specs) if specs is not None else cls.min_players
    if specs is None:
        specs = [SeatSpec(HUMAN)] + [SeatSpec(DEFAULT_OPPONENT) for _ in range(players - 1)]
    elif len(specs) != players:
        fail(
            f"--seats names {len(specs)} seats but --players is {players}; give one seat per player"
        )
    return players, merge_bot_params(specs, parse_bot_params(bot_param or []))


# ---- commands -----------------------------------------------------------------------------
def show_version(value: bool) -> None:
    if value:
        typer.echo(f"towers {towers.__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=show_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    """Tower board games by their full rules: play, replay, simulate, benchmark."""


GameOptions = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option KEY=VALUE (repeatable; JSON values)."),
]
JsonOut = Annotated[
    str | None,
    typer.Option("--json", help="Write the results as JSON to FILE, or - for stdout."),
]
BotParams = Annotated[
    list[str] | None,
    typer.Option("--bot-param", help="BOT:KEY=VALUE for every seat of that bot (repeatable)."),
]


@app.command("games")
def games_command() -> None:
    """List the games (by the name commands take, and their printed title), their player
    counts and their options with defaults."""
    table = Table(title="Games", show_lines=True)
    table.add_column("game", style="bold")
    table.add_column("title")
    table.add_column("players")
    table.add_column("hidden information")
    table.add_column("options (default, allowed values)")
    for name in list_games():
        try:
            cls = game_class(name)
            hidden = "yes" if make(name).has_hidden_information() else "no"
        except (ImportError, AttributeError, TowersError) as exc:
            table.add_row(name, "", "", "", f"[red]not available: {escape(str(exc))}[/red]")
            continue
        options = "\n".join(option_text(k, o) for k, o in cls.OPTIONS.items()) or "none"
        table.add_row(
            name,
            escape(title_of(name)),
            f"{cls.min_players}-{cls.max_players}",
            hidden,
            escape(options),
        )
    out().print(table)


@app.command("bots")
def bots_command() -> None:
    """List the seat kinds: human and every bot, with the bot's parameters."""
    table = Table(title="Seats", show_lines=True)
    table.add_column("seat", style="bold")
    table.add_column("what it is")
    table.add_column("parameters = default: meaning; allowed values")
    table.add_row(HUMAN, "A person typing moves at this terminal.", "")
    for name in list_bots():
        try:
            about = str(getattr(bot_class(name), "about", ""))
        except (ImportError, TowersError) as exc:
            table.add_row(name, f"[red]not available: {escape(str(exc))}[/red]", "")
            continue
        # each parameter's name in bold, so that wrapped lines still read apart
        params = "\n".join(
            f"[bold]{escape(p.name)}[/bold]{escape(param_text(p)[len(p.name) :])}"
            for p in bot_params(name)
        )
        table.add_row(name, escape(about), params or "none")
    out().print(table)
    out().print(
        "Give a seat's parameters as NAME:key=value[,key=value], e.g. mcts:iterations=100,c=0.5"
    )


NoConfirm = Annotated[
    bool,
    typer.Option(
        "--no-confirm",
        help="Play an action that ends the turn, passes or cannot be taken back without "
        "asking first (the command confirm on|off switches it during the game).",
    ),
]

NoHints = Annotated[
    bool,
    typer.Option(
        "--no-hints",
        help="Play without hints: the commands hint and whatif are refused at this table.",
    ),
]


@app.command()
def play(
    game: Annotated[
        str, typer.Argument(help="A game from `towers games`.", autocompletion=complete_game)
    ],
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Number of players (default: one per seat)."),
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            "-s",
            help="Who plays each seat, comma-separated: human or a bot, with parameters as "
            "NAME:key=value (e.g. human,mcts:iterations=100). Default: human, then greedy bots.",
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed for chance and the bots (default: random).")
    ] = None,
    option: GameOptions = None,
    bot_param: BotParams = None,
    save: Annotated[
        Path | None, typer.Option(help="Write the game to this file after every action.")
    ] = None,
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help="Let --save replace an existing file.")
    ] = False,
    watch: Annotated[
        bool, typer.Option("--watch", help="Show the board after every action.")
    ] = False,
    no_confirm: NoConfirm = False,
    no_hints: NoHints = False,
) -> None:
    """Play a game in the terminal: humans type moves, bots move on their own."""
    with user_errors():
        options = parse_options(option or [])
        players, specs = resolve_seats(game, players, seats, bot_param)
        g = make(game, players=players, **options)
        if save is not None:
            check_output(save, "--save")
            if save.exists() and not overwrite:
                fail(f"{save} exists; continue it with `towers resume {save}` or pass --overwrite")
        state = g.new_initial_state()
        seed = new_seed() if seed is None else seed
        console = out()
        session = PlaySession(
            state,
            specs,
            seed,
            console,
            console_reader(console),
            save,
            watch,
            not no_confirm,
            hints=not no_hints,
        )
        session.autosave()
        session.run()


@app.command()
def resume(
    file: Annotated[Path, typer.Argument(help="A game written by `towers play --save`.")],
    seats: Annotated[
        str | None, typer.Option("--seats", "-s", help="Override who plays each seat.")
    ] = None,
    bot_param: BotParams = None,
    watch: Annotated[
        bool, typer.Option("--watch", help="Show the board after every action.")
    ] = False,
    no_confirm: NoConfirm = False,
    no_hints: NoHints = False,
) -> None:
    """Continue a saved game, saving to the same file after every action."""
    with user_errors():
        data = load(file)
        state = replay(data)
        players = state.game.num_players
        if seats is not None:
            specs = parse_seats(seats)
        elif isinstance(data.get("seats"), list):
            specs = [SeatSpec.from_text(str(s)) for s in data["seats"]]
        else:
            fail(f"{file} does not say who plays each seat; give --seats, e.g. human,greedy")
        if len(specs) != players:
            fail(f"this game has {players} seats but {len(specs)} were given")
        specs = merge_bot_params(specs, parse_bot_params(bot_param or []))
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            seed = new_seed()
        if not state.is_terminal():
            check_output(file, "resume, which saves to")
        console = out()
        session = PlaySession(
            state,
            specs,
            seed,
            console,
            console_reader(console),
            file,
            watch,
            not no_confirm,
            hints=not no_hints,
        )
        if state.is_terminal():
            console.print(f"{file} holds a finished game.")
            session.finish()
            return
        session.run()


@app.command()
def companion(
    game: Annotated[str, typer.Argument(help="A game with a companion mode: dark_tower.")],
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="How many heroes at the table (default: 2)."),
    ] = None,
    tower: Annotated[
        str | None,
        typer.Option(
            help="The Tower on the table: simulated; ble, your tower over Bluetooth; or "
            "manual, your tower worked by hand, the table saying what it did (default: "
            "simulated, or the resumed session's)."
        ),
    ] = None,
    option: GameOptions = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed of the app's draws (default: random).")
    ] = None,
    resume: Annotated[
        Path | None, typer.Option(help="Continue the session saved in this file.")
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(help="Where to keep the session (default: the user's data folder)."),
    ] = None,
    new: Annotated[
        bool, typer.Option("--new", help="Start afresh even if an unfinished session is saved.")
    ] = False,
    printed: Annotated[
        Path | None,
        typer.Option(
            help="Your components' printed values in place of towers' designed ones "
            "(default: printed.toml in the user's data folder, if there is one)."
        ),
    ] = None,
) -> None:
    """Play at your own table with towers as the app: it announces the months, events,
    battles and dungeons, and you enter what you did.

    The set-up is the game's options, the first game's when left alone:
    -o goal=ID chooses the main goal (e.g. goal=forge-an-alchemical-solution);
    difficulty, adversary, foe2, foe3, foe4 and heroes the rest. The command
    towers games lists each option's choices (the ten main goals among them)."""
    from towers.companion import GAMES
    from towers.companion import mirror as companion_mirror
    from towers.companion import printed as companion_printed
    from towers.companion.session import CompanionSession
    from towers.companion.terminal import CompanionTerminal, default_save

    if game not in GAMES:
        fail(f"no companion mode for {game!r}; the games with one are {', '.join(GAMES)}")
    if tower is not None and tower not in companion_mirror.KINDS:
        fail(f"no tower kind {tower!r}; the kinds are {', '.join(companion_mirror.KINDS)}")
    factory = companion_mirror.open_device
    with user_errors():
        path = resume or save or default_save(game)
        flag = "--resume" if resume is not None else "--save"
        if resume is None and save is None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                fail(
                    f"cannot make {path.parent} to keep the session in ({reason(exc)}); "
                    "give --save FILE"
                )
        console = out()
        printed_path = printed or companion_printed.default_path()
        if printed is not None and not printed.is_file():
            fail(f"no printed values in {printed}: no such file")
        try:
            if resume is not None or (path.exists() and not new and _unfinished(path)):
                _refuse_other_setup(path, resume is not None, players, option, seed)
                session = CompanionSession.load(path, tower, factory)
                check_output(path, flag)  # it is saved there after every entry
                resumed = True
            else:
                options = parse_options(option or [])
                check_output(path, flag)
                seed = new_seed() if seed is None else seed
                kind = tower or companion_mirror.SIMULATED
                values = companion_printed.load(printed_path)
                session = CompanionSession.new(
                    2 if players is None else players, options, seed, kind, factory, values
                )
                resumed = False
        except companion_mirror.TowerUnavailable as exc:
            fail(str(exc))
        session.printed_path = printed_path
        CompanionTerminal(session, console, console_reader(console), path).run(resumed)


def _refuse_other_setup(
    path: Path, named: bool, players: int | None, option: list[str] | None, seed: int | None
) -> None:
    """Refuse, in one line, a set-up given for a new session that differs from the saved
    session about to be continued (it would be silently ignored)."""
    data = load(path)
    saved = replay(data).game
    differences = []
    if players is not None and players != saved.num_players:
        differences.append(f"players {players}, saved {saved.num_players}")
    if option:
        wanted = make(data["game"], players=saved.num_players, **parse_options(option)).options
        for key in parse_options(option):
            if wanted.get(key) != saved.options.get(key):
                differences.append(f"{key} {wanted.get(key)}, saved {saved.options.get(key)}")
    if seed is not None and seed != data.get("seed"):
        differences.append(f"seed {seed}, saved {data.get('seed')}")
    if differences:
        where = f"{path} holds a session" if named else f"an unfinished session is saved in {path}"
        fail(
            f"{where} set up otherwise ({'; '.join(differences)}): add --new to start a new "
            "session with these, or leave them out to continue it"
            + ("" if named else " (--resume FILE continues one kept elsewhere)")
        )


def _unfinished(path: Path) -> bool:
    """Whether ``path`` holds a companion session not yet over (a file that is none: False)."""
    try:
        data = load(path)
        return isinstance(data.get("companion"), dict) and not replay(data).is_terminal()
    except TowersError:
        return False


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A saved game.")],
    to: Annotated[
        int | None, typer.Option("--to", help="Show the position after N actions.")
    ] = None,
    all_steps: Annotated[bool, typer.Option("--all", help="Print every step, no prompts.")] = False,
    seat: Annotated[
        int | None, typer.Option(help="Show the board as this seat sees it (default: spectator).")
    ] = None,
) -> None:
    """Step through a saved game action by action: Enter to advance, q to stop."""
    with user_errors():
        if to is not None and all_steps:
            fail("give --to N or --all, not both")
        rec = Replay(load(file))
        players = rec.game.num_players
        if seat is not None and not 0 <= seat < players:
            fail(f"--seat {seat} is not a seat of this game; seats are 0 to {players - 1}")
        console = out()
        if to is not None:
            rec.show(console, rec.check_step(to), seat)
        elif all_steps:
            rec.show_all(console, seat)
        else:
            rec.step_through(console, console_reader(console), seat)


Workers = Annotated[
    int | None,
    typer.Option(help="Processes to play games in parallel (default: every core here)."),
]
RayAddress = Annotated[
    str | None,
    typer.Option(
        "--ray",
        help="Play on the Ray cluster at ADDRESS (host:port, ray://host:port, auto), or "
        "'local' for one started here with --workers CPUs. Needs towers[ray].",
    ),
]
ResultsFile = Annotated[
    Path | None,
    typer.Option(
        "--results",
        help="Write each game as it ends to FILE: .sqlite (or .db) for SQLite, .parquet for "
        "a folder of Parquet files (towers[parquet]).",
    ),
]
Resume = Annotated[
    bool,
    typer.Option(
        "--resume", help="Carry on the run in --results, playing only the games it lacks."
    ),
]
ReportDir = Annotated[
    Path | None,
    typer.Option("--report", help="Write an HTML report with plots into DIR (towers[report])."),
]
GameArgument = Annotated[
    str, typer.Argument(help="A game from `towers games`.", autocompletion=complete_game)
]


def check_report_dir(folder: Path | None) -> None:
    """``--report DIR`` checked before any game is played, its libraries included."""
    if folder is None:
        return
    if folder.exists() and not folder.is_dir():
        fail(f"--report {folder} is a file; give a folder (made if need be)")
    if folder.exists():
        check_output(folder / "index.html", "--report")
        check_output(folder / "figures.json", "--report")
    else:
        check_output(folder, "--report")
    for module in ("matplotlib", "openskill"):
        try:
            __import__(module)
        except ImportError:
            fail(f"--report needs {module}: pip install 'towers[report]'")


def check_run_output(results: Path | None, resume: bool, ray: str | None) -> None:
    """--results, --resume and --ray checked before any game is played."""
    if ray is not None:
        from towers.sim.cluster import check_address

        check_address(ray)
    if resume and results is None:
        fail("--resume carries on the run in a results file: give --results FILE too")
    if results is None:
        return
    from towers.sim.store import PARQUET_SUFFIX, SQLITE_SUFFIXES

    if results.suffix not in (*SQLITE_SUFFIXES, PARQUET_SUFFIX):
        fail(
            f"--results {results}: name a file ending in {', '.join(SQLITE_SUFFIXES)} "
            f"(SQLite) or {PARQUET_SUFFIX} (Parquet)"
        )
    if results.suffix == PARQUET_SUFFIX:
        if results.exists() and not results.is_dir():
            fail(f"--results {results} is a file, not a Parquet results folder")
        folder = results.parent
        if not folder.is_dir():
            fail(f"--results {results}: {folder} does not exist")
        check_folder(results if results.is_dir() else folder, f"--results {results}")
    else:
        check_output(results, "--results")
    if results.exists() and not resume:
        fail(f"{results} exists; carry that run on with --resume, or give another file")


def bot_specs(text: str, command: str, flag: str) -> list[SeatSpec]:
    specs = parse_seats(text, flag=flag)
    if any(s.is_human for s in specs):
        fail(f"{command} plays bots only; a seat can be: {', '.join(list_bots())}")
    return specs


def show_report(report: Any, json_out: str | None, report_dir: Path | None) -> None:
    from towers.sim.report import cross_table_table, ratings_table, report_table

    screen = table_console(json_out)
    for table in report_table(report):
        screen.print(table)
    if "bots" in report.inputs:
        screen.print(cross_table_table(report))
        try:
            screen.print(ratings_table(report))
        except TowersError as exc:
            err().print(f"[yellow]{escape(str(exc))}[/yellow]")
    if json_out is not None:
        write_json(json_out, report.to_dict())
    if report_dir is not None:
        from towers.sim.html import write_report

        page = write_report(report, report_dir)
        err().print(f"report: {page}")


def run_games(description: str, games: int, run: Any, results: Path | None) -> Any:
    """Run ``run(progress)`` under a games bar; stopped with Ctrl-C, say how to go on."""
    try:
        with games_bar() as bar:
            task = bar.add_task(description, total=games)
            started = False

            def progress(done: int) -> None:
                nonlocal started
                if not started and done > 1:
                    # a resumed run's games already done are no part of its speed
                    bar.reset(task, total=games, completed=done)
                else:
                    bar.update(task, completed=done)
                started = True

            return run(progress)
    except KeyboardInterrupt:
        if results is None:
            fail("stopped; give --results FILE to keep the games of a run", code=130)
        fail(f"stopped; the games done are in {results}: carry on with --resume", code=130)


@dataclass(frozen=True)
class RunPlace:
    """How many games, where they run, and where their results and report go."""

    games: int
    workers: int | None
    ray: str | None
    results: Path | None
    resume: bool
    json_out: str | None
    report_dir: Path | None


def run_and_report(description: str, run: Any, place: RunPlace, **inputs: Any) -> None:
    """Check where the run goes, play it under a bar (``run`` is run_simulation or
    run_tournament, given ``inputs``), and show and write its report."""
    check_counts(place.games, place.workers)
    check_json_out(place.json_out)
    check_run_output(place.results, place.resume, place.ray)
    check_report_dir(place.report_dir)
    report = run_games(
        description,
        place.games,
        lambda progress: run(
            games=place.games,
            workers=place.workers,
            progress=progress,
            results=place.results,
            resume=place.resume,
            ray=place.ray,
            **inputs,
        ),
        place.results,
    )
    show_report(report, place.json_out, place.report_dir)


@app.command()
def simulate(
    game: GameArgument,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Number of players (default: one per seat)."),
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="How many games to play.")] = 100,
    seats: Annotated[
        str,
        typer.Option(
            "--seats",
            "-s",
            help="A bot per seat, comma-separated (e.g. mcts:iterations=50,greedy); one name fills every seat.",
        ),
    ] = "random",
    seed: Annotated[int, typer.Option(help="Seed of the whole run.")] = 1,
    workers: Workers = None,
    option: GameOptions = None,
    bot_param: BotParams = None,
    rotate: Annotated[
        bool, typer.Option(help="Rotate the seats from game to game so no bot always starts.")
    ] = True,
    json_out: JsonOut = None,
    ray: RayAddress = None,
    results: ResultsFile = None,
    resume: Resume = False,
    report_dir: ReportDir = None,
) -> None:
    """Play many games between bots and report wins, scores and lengths."""
    from towers.sim import run_simulation

    with user_errors():
        cls = check_game(game)
        options = parse_options(option or [])
        specs = bot_specs(seats, "simulate", "--seats")
        if players is None:
            players = len(specs) if len(specs) > 1 else cls.min_players
        if len(specs) == 1:
            specs = specs * players
        if len(specs) != players:
            fail(
                f"--seats names {len(specs)} seats but --players is {players}; give one per player"
            )
        params = parse_bot_params(bot_param or [])
        merge_bot_params(specs, params)  # checks that every --bot-param has a seat
        make(game, players=players, **options)
        run_and_report(
            f"{game}, {players} players",
            run_simulation,
            RunPlace(games, workers, ray, results, resume, json_out, report_dir),
            game=game,
            players=players,
            seats=[s.to_text() for s in specs],
            seed=seed,
            options=options,
            bot_params=params,
            rotate=rotate,
        )


def check_counts(games: int, workers: int | None) -> None:
    if games < 1:
        fail(f"--games must be at least 1, not {games}")
    if workers is not None and workers < 1:
        fail(f"--workers must be at least 1, not {workers}")


@app.command()
def tournament(
    game: GameArgument,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help="The bots, comma-separated, with parameters as NAME:key=value (e.g. "
            "random,greedy,mcts:iterations=50); a bot named twice fields two of it.",
        ),
    ],
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Players a game (default: the fewest the game has)."),
    ] = None,
    games: Annotated[
        int, typer.Option("--games", "-n", help="How many games in all, spread over the groups.")
    ] = 100,
    every_order: Annotated[
        bool,
        typer.Option(
            "--every-order",
            help="Seat every group in every order (default: each group rotated round the table).",
        ),
    ] = False,
    seed: Annotated[int, typer.Option(help="Seed of the whole run.")] = 1,
    workers: Workers = None,
    option: GameOptions = None,
    bot_param: BotParams = None,
    json_out: JsonOut = None,
    ray: RayAddress = None,
    results: ResultsFile = None,
    resume: Resume = False,
    report_dir: ReportDir = None,
) -> None:
    """Play every group of bots against each other, seats rotated; report each bot's wins,
    rating and results against each other bot."""
    from towers.sim import run_tournament

    with user_errors():
        cls = check_game(game)
        options = parse_options(option or [])
        specs = bot_specs(bots, "tournament", "--bots")
        players = cls.min_players if players is None else players
        params = parse_bot_params(bot_param or [])
        merge_bot_params(specs, params)
        make(game, players=players, **options)
        if len(specs) < max(players, 2):
            named = f"{len(specs)} bot" + ("" if len(specs) == 1 else "s")
            fail(
                f"--bots names {named}; {players}-player games need at least "
                f"{max(players, 2)} (name a bot twice to field two of it)"
            )
        run_and_report(
            f"{game} tournament, {players} players",
            run_tournament,
            RunPlace(games, workers, ray, results, resume, json_out, report_dir),
            game=game,
            players=players,
            bots=[s.to_text() for s in specs],
            seed=seed,
            options=options,
            bot_params=params,
            every_order=every_order,
        )


ResultsArgument = Annotated[
    Path, typer.Argument(help="A results file written with --results (.sqlite or .parquet).")
]


@app.command("report")
def report_command(
    results: Annotated[
        list[Path],
        typer.Argument(
            help="Results files written with --results (.sqlite or .parquet); several runs "
            "of one line-up are reported together, split by their options."
        ),
    ],
    out_dir: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="The report's folder (default: RESULTS-report)."),
    ] = None,
    json_out: JsonOut = None,
) -> None:
    """Write the HTML report of a run from its results file, without replaying a game."""
    from towers.sim import load_reports

    with user_errors():
        first = results[0]
        folder = out_dir if out_dir is not None else first.with_name(first.stem + "-report")
        check_report_dir(folder)
        check_json_out(json_out)
        show_report(load_reports(results), json_out, folder)


@app.command()
def compare(
    first: ResultsArgument,
    second: ResultsArgument,
    json_out: JsonOut = None,
) -> None:
    """Say which figures of two runs (before and after a rule change, say) moved beyond their
    noise: each bot's and seat's win rate and score, and the game's length."""
    from towers.sim import load_report
    from towers.sim.analysis import compare as compare_runs
    from towers.sim.report import compare_table, input_changes

    with user_errors():
        check_json_out(json_out)
        a, b = load_report(first), load_report(second)
        changes = compare_runs(a, b)
        screen = table_console(json_out)
        for line in input_changes(a, b) or ["the runs were asked the same (but their seeds)"]:
            screen.print(escape(line), soft_wrap=True)
        screen.print(compare_table(changes, str(first), str(second)))
        if json_out is not None:
            write_json(json_out, [c.to_dict() for c in changes])


@app.command()
def bench(
    game: Annotated[
        str, typer.Argument(help="A game from `towers games`.", autocompletion=complete_game)
    ],
    players: Annotated[
        str | None,
        typer.Option("--players", "-p", help="Player counts, e.g. 2,3,4 or 2-4 (default: all)."),
    ] = None,
    seconds: Annotated[float, typer.Option(help="Time budget per player count.")] = 2.0,
    seed: Annotated[int, typer.Option(help="Seed of the random play.")] = 0,
    option: GameOptions = None,
    json_out: JsonOut = None,
) -> None:
    """Measure playouts, clone, state size and MCTS speed on one core."""
    with user_errors():
        cls = check_game(game)
        options = parse_options(option or [])
        counts = player_counts(
            game,
            parse_player_counts(players, cls.min_players, cls.max_players)
            if players is not None
            else None,
            options,
        )
        if not (seconds > 0 and math.isfinite(seconds)):
            fail(f"--seconds must be a positive number, not {seconds}")
        check_json_out(json_out)
        with progress_bar() as bar:
            task = bar.add_task(f"bench {game}", total=None)

            def progress(done: int, total: int, what: str) -> None:
                bar.update(task, completed=done, total=total, description=what)

            result = run_bench(game, counts, seconds, seed, options, progress)
        screen = table_console(json_out)
        screen.print(bench_table(result))
        for line in bench_errors(result):
            err().print(f"[red]{escape(line)}[/red]", soft_wrap=True)
        if json_out is not None:
            write_json(json_out, result)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Annotated[
        str,
        typer.Option(help="A SQLite file, or a SQLAlchemy URL such as postgresql+psycopg://..."),
    ] = "towers-games.sqlite3",
    workers: Annotated[
        int, typer.Option(help="Server processes (more than 1 wants PostgreSQL).")
    ] = 1,
    bot_processes: Annotated[
        int, typer.Option(help="Processes the bots think in (0: threads).")
    ] = 1,
    bot_delay: Annotated[float, typer.Option(help="Seconds a bot waits before each action.")] = 0.4,
    header_timeout: Annotated[
        float | None,
        typer.Option(help="Seconds a request's header may take to arrive whole; 10 by default."),
    ] = None,
    body_timeout: Annotated[
        float | None,
        typer.Option(help="Seconds a request's body may take after its header; 10 by default."),
    ] = None,
    connections_per_address: Annotated[
        int | None,
        typer.Option(
            help="Connections one client address may hold at once; 0 for no cap (behind a "
            "proxy, where every client has the proxy's address); 64 by default."
        ),
    ] = None,
    ws_max_size: Annotated[
        int | None,
        typer.Option(help="The largest WebSocket message, in bytes; 16384 by default."),
    ] = None,
) -> None:
    """Play in the browser: serve every game at http://HOST:PORT (API docs at /docs).

    The limits on each connection (see docs/server.md) may also be set by TOWERS_HEADER_TIMEOUT,
    TOWERS_BODY_TIMEOUT, TOWERS_CONNECTIONS_PER_ADDRESS and TOWERS_WS_MAX_SIZE; an option
    given here wins."""
    from dataclasses import replace

    from towers.server.limits import Limits
    from towers.server.serve import run

    if workers < 1 or bot_processes < 0 or bot_delay < 0:
        fail("--workers must be 1 or more, --bot-processes and --bot-delay 0 or more")
    given = {
        "header_timeout": header_timeout,
        "body_timeout": body_timeout,
        "connections_per_address": connections_per_address,
        "ws_max_size": ws_max_size,
    }
    try:
        limits = replace(Limits.from_env(), **{k: v for k, v in given.items() if v is not None})
    except ValueError as exc:  # the message names the limit, or the variable that set it
        message = str(exc)
        limit = message.split(" ", 1)[0]
        if limit in given:
            message = f"--{limit.replace('_', '-')}{message[len(limit) :]}"
        fail(message)
    if "://" not in database:
        check_output(Path(database), "--database")  # a SQLite file, written as games go
    try:
        run(host, port, database, workers, bot_processes, bot_delay, limits=limits)
    except Exception as exc:  # a bad database URL or a port in use
        fail(f"cannot serve: {exc}", code=1)


db_app = typer.Typer(help="The server's database: bring its schema up to date.")
app.add_typer(db_app, name="db")


@db_app.command("upgrade")
def db_upgrade(
    database: Annotated[
        str,
        typer.Option(help="A SQLite file, or a SQLAlchemy URL such as postgresql+psycopg://..."),
    ] = "towers-games.sqlite3",
) -> None:
    """Bring the database's schema up to this release's, keeping every game.

    A database written by an earlier release is upgraded in place; towers serve does this
    at start."""
    from towers.server.schema import upgrade_url
    from towers.server.store import to_url

    url = to_url(database)
    if url.startswith("sqlite:///") and not Path(url.removeprefix("sqlite:///")).is_file():
        fail(f"no database at {database}: nothing to upgrade")
    try:
        message = upgrade_url(url)
    except Exception as exc:  # a bad URL, a database that cannot be reached or is too new
        fail(f"cannot upgrade {database}: {str(exc).splitlines()[0]}", code=1)
    out().print(escape(message), soft_wrap=True)


tower_app = typer.Typer(help="A real Return to Dark Tower over Bluetooth LE: try it before a game.")
app.add_typer(tower_app, name="tower")


def try_real_tower(turn: str | None, timeout: float) -> None:
    """Connect to the tower (and turn a drum) through its own package, reporting as it goes."""
    try:
        from towers.games.dark_tower.ble.check import level_of, try_tower
        from towers.games.dark_tower.ble.device import TowerError, TowerUnavailable

        level = None if turn is None else level_of(turn)
    except (ValueError, ImportError) as exc:
        fail(str(exc))
    if timeout <= 0:
        fail("--timeout must be more than 0 seconds")
    try:
        try_tower(
            lambda line: out().print(escape(line), soft_wrap=True), level, scan_timeout=timeout
        )
    except (TowerUnavailable, TowerError) as exc:
        fail(str(exc), code=1)


@tower_app.command("scan")
def tower_scan(
    timeout: Annotated[float, typer.Option(help="Seconds to look for the tower.")] = 10.0,
) -> None:
    """Find the tower by its name and connect to it: its address and battery."""
    try_real_tower(None, timeout)


@tower_app.command("test")
def tower_test(
    drum: Annotated[str, typer.Option(help="The drum to turn: top, middle or bottom.")] = "top",
    timeout: Annotated[float, typer.Option(help="Seconds to look for the tower.")] = 10.0,
) -> None:
    """Connect to the tower, calibrate it and turn a drum a quarter turn."""
    try_real_tower(drum, timeout)


@app.command("review")
def review_command(
    file: Annotated[Path, typer.Argument(help="A saved game.")],
    seconds_per_move: Annotated[
        float | None,
        typer.Option(
            "--seconds-per-move",
            help="Think time of the search at each decision (default: a count of imagined "
            "games, --iterations, so that the review repeats).",
        ),
    ] = None,
    iterations: Annotated[
        int | None,
        typer.Option(
            help="Imagined games searched at a decision among 8 moves or fewer (default 40); "
            "a decision among more moves gets more in proportion, up to 4 times as many."
        ),
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot", help="Draw the scores over time into FILE (PNG; needs the report extra)."
        ),
    ] = None,
    json_out: Annotated[
        str | None, typer.Option("--json", help="Write the review as JSON to FILE ('-': stdout).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the searches.")] = 0,
    seat: Annotated[
        int | None,
        typer.Option(help="Tell the moves as this seat may read them (default: spectator)."),
    ] = None,
) -> None:
    """Review a saved game: each seat's score over time, every decision rated by the search,
    the biggest swings and the score by category. Stored beside the save, so opening it
    again is instant."""
    from towers.core.registry import views_of
    from towers.learn.report import show_review
    from towers.learn.review import REVIEW_ITERATIONS, plot_scores, review_saved
    from towers.learn.search import Budget

    with user_errors():
        try:
            budget = Budget(
                iterations=REVIEW_ITERATIONS
                if iterations is None and seconds_per_move is None
                else iterations,
                seconds=seconds_per_move,
            )
        except ValueError as exc:
            fail(f"--seconds-per-move or --iterations: {exc}")
        if plot is not None:
            check_output(plot, "--plot")
            try:
                import matplotlib  # noqa: F401
            except ImportError:
                fail("--plot needs matplotlib: pip install 'towers[report]'")
        check_json_out(json_out)
        record = load(file)  # a file that is no saved game stops here, before any search
        players = replay(record).game.num_players  # an illegal action stops here too
        if seat is not None and not 0 <= seat < players:
            fail(f"--seat {seat} is not a seat of this game; seats are 0 to {players - 1}")
        with progress_bar() as bar:
            task = bar.add_task("Reviewing", total=None)

            def advance(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            made, stored = review_saved(file, budget, advance, seed)
        if json_out is not None:
            write_json(json_out, json.loads(made.to_json()))
        if json_out != "-":
            show_review(made, stored=stored, viewer=seat)
        if plot is not None:
            colours = views_of(make(made.game, players=made.players, **made.options)).colours()
            plot_scores(made, plot, colours)
            table_console(json_out).print(f"The plot is in {escape(str(plot))}.")


@app.command("learn")
def learn_command(
    game: Annotated[
        str | None,
        typer.Argument(
            help="A game with a tutorial (none: list them and your progress).",
            autocompletion=complete_game,
        ),
    ] = None,
    lesson: Annotated[
        str | None,
        typer.Argument(help="The lesson to start at (default: the first one not done)."),
    ] = None,
) -> None:
    """Learn a game from its rulebook's worked examples: each lesson shows a position, asks
    for a move and explains the others; the last is a game against the random bot with
    hints. Progress is kept in $XDG_DATA_HOME/towers/learn.json."""
    from towers.learn.lessons import tutorial, tutorials
    from towers.learn.lessons.screen import LessonScreen
    from towers.learn.lessons.screen import console_reader as lesson_reader
    from towers.learn.tutorial import LessonError, Progress

    with user_errors():
        try:
            progress = Progress.load()
            if game is None:
                learn_table(tutorials(), progress)
                return
            check_game(game)
            found = tutorial(game)
            start = progress.first_open(found) if lesson is None else found.lesson(lesson)
        except LessonError as exc:
            fail(str(exc))
        console = out()
        LessonScreen(found, console, lesson_reader(console), progress).run(start)


def learn_table(found: Any, progress: Any) -> None:
    """Each game's tutorial: its lessons and how many of them are done."""
    table = Table(title="Tutorials")
    table.add_column("game", style="bold")
    table.add_column("type")
    table.add_column("done")
    table.add_column("next lesson")
    for name, tut in sorted(found.items(), key=lambda item: title_of(item[0])):
        done = progress.count(tut)
        nxt = progress.first_open(tut)
        table.add_row(
            escape(title_of(name)),
            escape(name),
            f"{done} of {len(tut.lessons)}",
            "all done" if done == len(tut.lessons) else escape(nxt.title),
        )
    out().print(table)
    out().print("Start one with `towers learn TYPE`, or a lesson with `towers learn TYPE LESSON`.")


def main() -> None:
    app()


if __name__ == "__main__":
    main()
