"""``hint`` and ``whatif`` in the play session: on a fixed seeded position of each game the
hint names a legal move and the search's own figures, the same each time within a budget of
iterations; a table started with ``--no-hints`` refuses both with the reason; ``whatif`` by a
move's number and by its words prints the preview and plays nothing; cancelling a hint, by
its event or by Ctrl-C, brings the prompt back at once. Everything printed fits 80 columns
and names no id."""

from __future__ import annotations

import _thread
import io
import random
import re
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from prompt_toolkit.document import Document
from rich.console import Console
from typer.testing import CliRunner

import towers
from tests.cli.conftest import TOY
from tests.games.test_printed_words import ids_in
from towers.cli import app
from towers.core.chance import derive_seed, sample_chance
from towers.core.game import CHANCE, State
from towers.core.registry import views_of
from towers.learn.hints import hint, hint_text
from towers.learn.search import Budget
from towers.learn.whatif import preview_text
from towers.terminal.hinting import HintError, Hinting, hint_seconds
from towers.terminal.moves import MoveMenu
from towers.terminal.parsing import SeatSpec
from towers.terminal.prompt import LineEditor
from towers.terminal.screen import compose
from towers.terminal.session import (
    COMMAND_LINE,
    COMMAND_LINE_NO_HINTS,
    HELP,
    Ending,
    PlaySession,
)

GAMES = ["torres", "tiletum", "turris", "sifnos", "dark_tower"]
SEED = 1
ITERATIONS = 12
"""The imagined games of each hint here: few, so that a hint is quick and repeats."""


def position(game: str) -> State:
    """A fixed position of ``game`` for two seats: 30 or more actions played at random from
    a seeded generator, stopped at a seat's decision among three moves or more."""
    state = towers.make(game, players=2).new_initial_state()
    rng = random.Random(7)
    while len(state.history()) < 30 or state.current_player() < 0 or len(state.legal_actions()) < 3:
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def session_of(
    state: State, lines: list[str], hints: bool = True, iterations: int | None = ITERATIONS
) -> tuple[PlaySession, Ending, str]:
    """A session of two people at ``state``, typing ``lines``: the session, how it ended
    and its transcript at 80 columns."""
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, color_system=None)
    script: Iterator[str] = iter(lines)

    def read(prompt: str) -> str | None:
        console.print(prompt, end="")
        line = next(script, None)
        console.print(line if line is not None else "")
        return line

    seats = [SeatSpec("human"), SeatSpec("human")]
    session = PlaySession(state, seats, SEED, console, read, hints=hints)
    session.hinting.iterations = iterations
    ending = session.run()
    return session, ending, out.getvalue()


def fits(text: str) -> None:
    """Every line at most 80 columns."""
    wide = [line for line in text.splitlines() if len(line) > 80]
    assert not wide, wide


def after(transcript: str, typed: str) -> str:
    """What the session printed after the prompt line where ``typed`` was typed, up to the
    next prompt."""
    part = transcript.split(f"> {typed}\n", 1)[1]
    # the next prompt: a seat's name ("Blue", "Brutal Warlord") and ">"
    return re.split(r"^[A-Z][A-Za-z ]*> ", part, maxsplit=1, flags=re.MULTILINE)[0].rstrip("\n")


@pytest.mark.parametrize("game", GAMES)
def test_hint_names_a_legal_move_and_the_searchs_figures(game: str) -> None:
    state = position(game)
    seat = state.current_player()
    ply = len(state.history())
    session, ending, transcript = session_of(state, ["hint", "hint", "quit"])
    assert ending is Ending.QUIT
    assert len(session.state.history()) == ply  # nothing was played
    shown = after(transcript, "hint")
    # the learn engine's hint for the seat, from its generator for this position
    rng = random.Random(derive_seed(SEED, "hint", ply))
    expected = hint(state, seat, Budget(iterations=ITERATIONS), rng)
    assert shown == expected.text
    assert expected.action in state.legal_actions()
    names = MoveMenu.of(state).names
    first = shown.splitlines()[0]
    name = views_of(state.game).seat_name(seat)
    assert first == f"Hint for {name}: {state.action_to_string(expected.action)}"
    assert first.split(": ", 1)[1] in names
    # real numbers: the points now and the imagined games the move was tried in
    now = re.search(r"Points now: (about )?([+-]?[\d.]+) points?", shown)
    assert now is not None
    assert float(now.group(2)) == pytest.approx(expected.points_now, abs=0.05)
    assert expected.best is not None
    tried = re.search(r"tried in (\d+) of (\d+) imagined\s+games", shown)
    assert tried is not None
    assert (int(tried.group(1)), int(tried.group(2))) == (expected.best.visits, ITERATIONS)
    # the same hint again: the budget in iterations repeats
    assert transcript.count(expected.text) == 2
    fits(transcript)
    assert not ids_in(game, shown)


@pytest.mark.parametrize("game", GAMES)
def test_whatif_by_number_and_by_words_plays_nothing(game: str) -> None:
    state = position(game)
    seat = state.current_player()
    ply = len(state.history())
    menu = MoveMenu.of(state)
    words = menu.names[1]
    session, _, transcript = session_of(state, ["whatif 2", f"whatif {words}", "quit"])
    assert len(session.state.history()) == ply
    expected = preview_text(
        state, seat, menu.actions[1], random.Random(derive_seed(SEED, "whatif", ply))
    )
    assert after(transcript, "whatif 2") == expected
    assert after(transcript, f"whatif {words}") == expected
    assert expected.startswith(f"What if {views_of(state.game).seat_name(seat)} plays {words}?")
    assert re.search(r"Points now: (about )?[+-]?[\d.]+ points?", expected)
    fits(transcript)
    assert not ids_in(game, expected)


def test_whatif_of_no_move_or_a_refused_one_says_why() -> None:
    state = position("torres")
    ply = len(state.history())
    count = len(state.legal_actions())
    lines = ["whatif", "whatif 999", "whatif fly away", "quit"]
    session, _, transcript = session_of(state, lines)
    assert len(session.state.history()) == ply
    assert after(transcript, "whatif") == "whatif needs a move, for example: whatif 2"
    assert after(transcript, "whatif 999") == (
        f"there is no move number 999; the moves are numbered 1 to {count}"
    )
    assert "'fly away' is not a move or a command" in after(transcript, "whatif fly away")
    fits(transcript)


def test_a_table_without_hints_refuses_hint_and_whatif() -> None:
    state = position("tiletum")
    session, _, transcript = session_of(state, ["hint", "whatif 1", "quit"], hints=False)
    assert after(transcript, "hint") == "No hints: this table plays without hints."
    assert after(transcript, "whatif 1") == "No previews: this table plays without hints."
    assert not [w for w in session.typeable() if w.startswith("whatif ") and w != "whatif "]
    fits(transcript)


def test_no_hints_on_the_command_line(runner: CliRunner, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    result = runner.invoke(
        app, ["play", TOY, "--seats", "human,random", "--seed", "3", "--no-hints"], input="hint\n"
    )
    assert result.exit_code == 0, result.output
    assert "No hints: this table plays without hints." in result.output
    first = runner.invoke(
        app,
        ["play", TOY, "-s", "human,random", "--seed", "3", "--save", str(saved)],
        input="quit\n",
    )
    assert first.exit_code == 0, first.output
    resumed = runner.invoke(app, ["resume", str(saved), "--no-hints"], input="whatif 1\n")
    assert resumed.exit_code == 0, resumed.output
    assert "No previews: this table plays without hints." in resumed.output
    allowed = runner.invoke(
        app, ["play", TOY, "--seats", "human,random", "--seed", "3"], input="whatif 1\n"
    )
    assert allowed.exit_code == 0, allowed.output
    assert "What if Player 1 plays" in allowed.output  # the toy game names seats by default


def test_a_bad_think_time_is_refused() -> None:
    state = position("torres")
    lines = ["hint soon", "hint 99", "hint 0", "quit"]
    session, _, transcript = session_of(state, lines)
    assert after(transcript, "hint soon") == "hint takes a number of seconds, for example: hint 5"
    assert "at most 30 seconds, not 99" in " ".join(after(transcript, "hint 99").split())
    assert "not 0" in after(transcript, "hint 0")
    assert len(session.state.history()) == len(state.history())
    with pytest.raises(HintError):
        hint_seconds("-1")


def test_a_think_time_bounds_the_hint() -> None:
    state = position("turris")
    started = time.perf_counter()
    _, _, transcript = session_of(state, ["hint 0.3", "quit"], iterations=None)
    assert time.perf_counter() - started < 10
    shown = after(transcript, "hint 0.3")
    assert shown.startswith(f"Hint for {views_of(state.game).seat_name(state.current_player())}: ")


def when_searching(helper: Hinting, then: Callable[[], object]) -> threading.Thread:
    """A thread that waits for the hint's search to start, then calls ``then``."""

    def watch() -> None:
        deadline = time.perf_counter() + 60  # a busy machine may be slow to start it
        while helper.cancel is None and time.perf_counter() < deadline:
            time.sleep(0.01)
        time.sleep(0.1)
        then()

    return threading.Thread(target=watch, daemon=True)


def test_cancelling_a_hint_returns_at_once() -> None:
    state = position("tiletum")
    seat = state.current_player()
    helper = Hinting(state.game, [0, 1], SEED)

    def cancel() -> None:
        if helper.cancel is not None:
            helper.cancel.set()

    watcher = when_searching(helper, cancel)
    watcher.start()
    started = time.perf_counter()
    assert helper.hint(state, seat, "30") is None
    assert time.perf_counter() - started < 5
    watcher.join()
    assert helper.cancel is None


def test_ctrl_c_stops_the_hint_and_the_prompt_comes_back() -> None:
    state = position("dark_tower")
    ply = len(state.history())
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, color_system=None)
    script = iter(["hint 30", "quit"])
    typed: list[float] = []

    def read(prompt: str) -> str | None:
        typed.append(time.perf_counter())
        line = next(script, None)
        console.print(f"{prompt}{line or ''}")
        return line

    seats = [SeatSpec("human"), SeatSpec("human")]
    session = PlaySession(state, seats, SEED, console, read)
    when_searching(session.hinting, _thread.interrupt_main).start()
    assert session.run() is Ending.QUIT  # the quit typed after the hint, not the Ctrl-C
    assert typed[1] - typed[0] < 5
    transcript = out.getvalue()
    assert after(transcript, "hint 30") == "Hint cancelled; nothing changed."
    assert len(session.state.history()) == ply
    fits(transcript)


def test_help_tab_and_the_commands_list_name_hint_and_whatif() -> None:
    state = position("torres")
    assert re.search(r"^  hint \[SECONDS\] +the strongest bot's move", HELP, re.MULTILINE)
    assert re.search(r"^  whatif MOVE +what a move would do", HELP, re.MULTILINE)
    fits(HELP)
    session, _, transcript = session_of(state, ["help", "help hint", "quit"])
    assert "whatif MOVE" in after(transcript, "help")
    assert after(transcript, "help hint").startswith("hint: hint [SECONDS]: the strongest")
    editor = LineEditor(Console(file=io.StringIO()), interactive=False)
    editor.offer(session.typeable)

    def completions(typed: str) -> list[str]:
        return [c.text for c in editor.completer.get_completions(Document(typed), None)]

    assert completions("hi") == ["hint"]
    assert "whatif " in completions("wha")
    first = MoveMenu.of(state).names[0]
    assert f"whatif {first}" in completions(f"whatif {first[:3]}")


def test_the_hint_text_is_the_learn_engines() -> None:
    """The session's figures are those of the engine, for the seat at the prompt only."""
    state = position("sifnos")
    seat = state.current_player()
    helper = Hinting(state.game, [0, 1], SEED, iterations=ITERATIONS)
    shown = helper.hint(state, seat, "")
    rng = random.Random(derive_seed(SEED, "hint", len(state.history())))
    assert shown == hint_text(state, seat, Budget(iterations=ITERATIONS), rng)
    with pytest.raises(HintError, match="a hint is for the seat deciding"):
        helper.hint(state, 1 - seat, "")


def test_the_screen_recalls_the_commands_where_a_line_is_left_over() -> None:
    state = position("turris")
    session, _, transcript = session_of(state, ["quit"])
    lines = [line.plain for line in session.screen(0, MoveMenu.of(state))]
    assert lines[-1] == COMMAND_LINE
    name = views_of(state.game).seat_name(state.current_player())
    assert f"{COMMAND_LINE}\n{name}> quit" in transcript
    refused, _, _ = session_of(state, ["quit"], hints=False)
    assert [line.plain for line in refused.screen(0, MoveMenu.of(state))][-1] == (
        COMMAND_LINE_NO_HINTS
    )
    # no line is taken from the moves for it: a screen that is full shows none
    full = compose("Torres", glance="\n".join(["x"] * 12), moves=[f"m {i}" for i in range(99)])
    assert len(full) == 23
    assert all(line.plain != COMMAND_LINE for line in full)
    assert len(compose("Torres", moves=["a"], tip=COMMAND_LINE)) == 3
