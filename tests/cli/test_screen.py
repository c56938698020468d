"""The screen after each action fits 24 lines at 80 columns in every game, player count and
mode, and names nothing by an internal id: whole stretches of play are driven through the
play session (one human seat typing a random bot's moves, random bots in the others), from
the start and from a late position of a seeded random game, and every screen is read; so are
the replay's screens of a saved random game."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console

import towers
from tests.games.test_printed_words import ids_in
from towers.agents.random_bot import RandomBot
from towers.core.conformance import random_action
from towers.core.game import CHANCE, State
from towers.core.record import load, save
from towers.core.registry import title_of, views_of
from towers.terminal.moves import MoveMenu
from towers.terminal.parsing import SeatSpec
from towers.terminal.replay import Replay
from towers.terminal.screen import HEIGHT, WIDTH, Happened, compose
from towers.terminal.session import PlaySession

CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("torres", 2, {}),
    ("torres", 3, {"variant": "master"}),
    ("torres", 4, {"variant": "common_deck"}),
    ("tiletum", 2, {}),
    ("tiletum", 4, {"action_tiles": True}),
    ("turris", 1, {}),
    ("turris", 3, {}),
    ("sifnos", 1, {}),
    ("sifnos", 2, {"solo_opponent": True}),
    ("sifnos", 4, {}),
    ("dark_tower", 1, {}),
    ("dark_tower", 3, {"mode": "competitive"}),
]
"""(game, players, options): every game, its player counts' ends and its modes."""

SCREENS = 10
"""Screens read from each start."""


class Recorder(PlaySession):
    """A play session that keeps the text of every screen it shows."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.shown: list[str] = []

    def show_turn(self, seat: int, menu: MoveMenu) -> None:
        out = self.console.file
        assert isinstance(out, io.StringIO)
        start = len(out.getvalue())
        super().show_turn(seat, menu)
        self.shown.append(out.getvalue()[start:])


def late_position(name: str, players: int, options: dict[str, Any], seed: int) -> State:
    """A position four fifths into a seeded random game (a seat to move there)."""
    rng = random.Random(seed)
    state = towers.make(name, players=players, **options).new_initial_state()
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
    history = state.history()
    ply = len(history) * 4 // 5
    late = towers.make(name, players=players, **options).new_initial_state()
    for action in history[:ply]:
        late.apply_action(action)
    while late.current_player() == CHANCE:
        late.apply_action(history[len(late.history())])
    return late


def screens(state: State, seed: int, count: int = SCREENS) -> tuple[list[str], Recorder]:
    """The screens of ``count`` turns of the seat to move in ``state``, typed at random."""
    players = state.game.num_players
    human = state.current_player() if state.current_player() >= 0 else 0
    seats = [SeatSpec("human" if s == human else "random") for s in range(players)]
    text = io.StringIO()
    console = Console(file=text, width=WIDTH, height=HEIGHT, color_system=None)
    typist = RandomBot(seed=seed)
    box: list[Recorder] = []

    def type_a_move(prompt: str) -> str | None:
        session = box[0]
        if len(session.shown) > count:
            return None
        return session.state.action_to_string(typist.choose(session.state))

    session = Recorder(state, seats, seed, console, type_a_move)
    box.append(session)
    session.run()
    return session.shown, session


def check_screen(name: str, screen: str, seats: list[str]) -> None:
    lines = screen.rstrip("\n").split("\n")
    assert len(lines) <= HEIGHT - 1, f"{len(lines)} lines (and the prompt):\n{screen}"
    wide = [line for line in lines if cell_len(line) > WIDTH]
    assert not wide, wide
    assert lines[0].startswith(title_of(name)), lines[0]
    names = "|".join(map(re.escape, seats))
    assert re.search(rf"({names}) \(human\) to move", lines[0]), lines[0]
    assert not ids_in(name, screen), (ids_in(name, screen), screen)


def label(case: tuple[str, int, dict[str, Any]]) -> str:
    name, players, options = case
    return f"{name}-{players}p" + "".join(f"-{v}" for v in options.values())


@pytest.mark.parametrize(("name", "players", "options"), CASES, ids=[label(c) for c in CASES])
def test_every_screen_fits_24_lines_at_80_columns(
    name: str, players: int, options: dict[str, Any]
) -> None:
    start = towers.make(name, players=players, **options).new_initial_state()
    early, _ = screens(start, seed=3)
    late, _ = screens(late_position(name, players, options, seed=5), seed=4)
    assert len(early) >= 2 and len(late) >= 2
    for screen in early + late:
        check_screen(name, screen, views_of(start.game).seat_names())


def test_the_composer_folds_what_happened_and_the_moves_to_fit() -> None:
    happened = Happened("Since your last move:", [f"seat 1 (random): block c{i}" for i in range(9)])
    glance = "\n".join(f"glance line {i}" for i in range(15))
    moves = [f"move knight {i}" for i in range(60)]
    lines = [line.plain for line in compose("Torres · Round 2", happened, glance, moves)]
    assert len(lines) <= HEIGHT - 1
    assert lines[0] == "Torres · Round 2"
    # the glance keeps its first 12 lines, what happened its last few, counted
    assert [line for line in lines if line.startswith("glance")] == [
        f"glance line {i}" for i in range(12)
    ]
    shown = [line for line in lines if line.startswith("  seat 1")]
    assert shown and shown[-1] == "  seat 1 (random): block c8"
    assert lines[1] == (
        f"Since your last move: (the last {len(shown)}, and {9 - len(shown)} more: "
        "type 'log' to read them)"
    )
    # the moves: as many as fit, numbered from 1, and a count of the rest
    listed = " ".join(line for line in lines if not line.startswith(("glance", "  seat", "Since")))
    numbers = [int(n) for n in re.findall(r"(\d+) move knight", listed)]
    assert numbers == list(range(1, len(numbers) + 1))
    assert f"and {60 - len(numbers)} more: type 'moves' for all" in listed


def test_the_composer_cuts_long_lines_and_shows_no_glance_when_there_is_none() -> None:
    lines = compose(
        "Return to Dark Tower · Month 4, turn 1 · seat 0 (human) to move",
        Happened("", []),
        "",
        ["move to " + "a very long place name " * 5, "done"],
    )
    plain = [line.plain for line in lines]
    assert all(cell_len(line) <= WIDTH for line in plain)
    assert plain[1].startswith("Moves: 1 move to a very long place name") and plain[1].endswith("…")
    assert "2 done" in plain[-1]
    assert len(plain) == 3


@pytest.mark.parametrize(("name", "players", "options"), CASES, ids=[label(c) for c in CASES])
def test_every_replay_screen_fits_too(
    name: str, players: int, options: dict[str, Any], tmp_path: Path
) -> None:
    """Positions spread over a saved random game, as seat 0 and as the spectator saw them."""
    rng = random.Random(6)
    state = towers.make(name, players=players, **options).new_initial_state()
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
    path = tmp_path / "game.json"
    save(path, state, seats=["random"] * players, seed=6)
    rec = Replay(load(path))
    for n in range(0, len(rec) + 1, max(1, len(rec) // 8)):
        for seat in (0, None):
            text = "\n".join(line.plain for line in rec.screen(n, seat))
            lines = text.split("\n")
            assert len(lines) <= HEIGHT - 1 and all(cell_len(x) <= WIDTH for x in lines), text
            assert lines[0].startswith(title_of(name)), text
            assert f"after {n} of {len(rec)} actions" in lines[1], text
            assert not ids_in(name, text), (ids_in(name, text), text)
