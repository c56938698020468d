"""Typing at a terminal: the prompt keeps a history (the Up arrow brings a line back), and Tab
completes a legal move's name or a command; piped input reads plain lines as before."""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit.history import FileHistory, InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

import towers
from towers.terminal.parsing import SeatSpec
from towers.terminal.prompt import LineEditor, history_path
from towers.terminal.session import PlaySession

UP = "\x1b[A"


def type_in(editor: LineEditor, pipe: object, *keys: str) -> str | None:
    """Read a line while ``keys`` are typed a moment apart (a completion is made between
    keystrokes, as a person's Tab is answered before the next key)."""

    def typist() -> None:
        for key in keys:
            time.sleep(0.3)
            pipe.send_text(key)  # type: ignore[attr-defined]

    thread = threading.Thread(target=typist)
    thread.start()
    try:
        return editor("seat 0> ")
    finally:
        thread.join(timeout=10)


@pytest.fixture
def typed() -> Iterator[tuple[LineEditor, object]]:
    with create_pipe_input() as pipe:
        editor = LineEditor(
            Console(file=io.StringIO()),
            interactive=True,
            history=InMemoryHistory(),
            input=pipe,
            output=DummyOutput(),
        )
        yield editor, pipe


def test_the_up_arrow_brings_back_the_last_line(typed: tuple[LineEditor, object]) -> None:
    editor, pipe = typed
    pipe.send_text("move d4-d5\r")  # type: ignore[attr-defined]
    assert editor("seat 0> ") == "move d4-d5"
    pipe.send_text(UP + "\r")  # type: ignore[attr-defined]
    assert editor("seat 0> ") == "move d4-d5"


def test_tab_completes_a_legal_move_of_the_game_being_played(
    typed: tuple[LineEditor, object],
) -> None:
    editor, pipe = typed
    state = towers.make("torres", players=2).new_initial_state()
    session = PlaySession(
        state, [SeatSpec("human"), SeatSpec("human")], 1, Console(file=io.StringIO()), editor
    )
    names = [state.action_to_string(a) for a in state.legal_actions()]
    assert session.typeable()[: len(names)] == names and "help" in session.typeable()
    # the start of exactly one move's name, then Tab
    start = next(n[:-1] for n in names if sum(m.startswith(n[:-1]) for m in names) == 1)
    line = type_in(editor, pipe, start + "\t", "\r")
    assert line in names and line.startswith(start) and line != start
    assert type_in(editor, pipe, "hel\t", "\r") == "help"


def test_the_end_of_input_ends_reading(typed: tuple[LineEditor, object]) -> None:
    editor, pipe = typed
    pipe.send_text("\x04")  # type: ignore[attr-defined]  # Ctrl-D
    assert editor("seat 0> ") is None


def test_the_history_is_kept_in_the_users_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert history_path() == tmp_path / "towers" / "history"
    with create_pipe_input() as pipe:
        editor = LineEditor(
            Console(file=io.StringIO()), interactive=True, input=pipe, output=DummyOutput()
        )
        pipe.send_text("block c3\r")
        assert editor("seat 0> ") == "block c3"
    assert list(FileHistory(str(history_path())).load_history_strings()) == ["block c3"]


def test_piped_input_is_read_and_echoed_line_by_line() -> None:
    out = io.StringIO()
    console = Console(file=out)
    editor = LineEditor(console, interactive=False)
    console.file = out
    import sys

    old = sys.stdin
    sys.stdin = io.StringIO("end turn\n")
    try:
        assert editor("seat 0> ") == "end turn"
        assert editor("seat 0> ") is None
    finally:
        sys.stdin = old
    assert "end turn" in out.getvalue()
