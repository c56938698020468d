"""Stepping through a saved game: the board and each move in words, as one seat (or the
spectator) saw them: a move that live play hid from that seat is hidden here the same way."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape

from towers.core.errors import IllegalActionError, SaveFormatError
from towers.core.game import State
from towers.core.record import game_from_record, record_history
from towers.terminal.parsing import InputError
from towers.terminal.session import LineReader
from towers.terminal.views import board_panel, game_name, game_title, scores_line, seat_name
from towers.terminal.visibility import Seen, move_line, seen_by

REPLAY_HELP = "Enter: next action, b: back one, a number: go to that action, q: stop"


class Replay:
    """The states of a saved game after 0, 1, ... n actions, and who took each action."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.game = game_from_record(data)
        history = record_history(data)
        seats = data.get("seats")
        self.kinds: Sequence[str] | None = (
            [str(s) for s in seats] if isinstance(seats, list) else None
        )
        state = self.game.new_initial_state()
        self.states: list[State] = [state.clone()]
        self.history: list[int] = history
        self.actors: list[int] = []
        self.names: list[str] = []
        self._seen: dict[int, Seen] = {}
        for i, action in enumerate(history):
            actor = state.current_player()
            try:
                name = state.action_to_string(action)
                state.apply_action(action)
            except (IllegalActionError, ValueError) as exc:
                raise SaveFormatError(
                    f"action {i + 1} of the saved game is not legal: {exc}"
                ) from exc
            self.actors.append(actor)
            self.names.append(name)
            self.states.append(state.clone())

    def __len__(self) -> int:
        return len(self.names)

    def move(self, n: int, seat: int | None) -> str:
        """The ``n``-th action (from 1) as ``seat`` (None: the spectator) was shown it live."""
        if n not in self._seen:
            self._seen[n] = seen_by(self.states[n - 1], self.history[n - 1])
        actor = self.actors[n - 1]
        who = seat_name(actor, self.kinds)
        return move_line(actor, who, self.names[n - 1], self._seen[n], [seat])

    def check_step(self, n: int) -> int:
        if not 0 <= n <= len(self):
            raise InputError(
                f"this game has {len(self)} actions; choose a position from 0 to {len(self)}"
            )
        return n

    def show(self, console: Console, n: int, seat: int | None) -> None:
        """The position after ``n`` actions, with the move that led to it."""
        state = self.states[n]
        if n == 0:
            console.print(
                f"[bold]Start[/bold] of {escape(game_title(self.game))}: "
                f"{len(self)} actions recorded.",
                highlight=False,
            )
        else:
            console.print(f"[bold]{n}.[/bold] {escape(self.move(n, seat))}", highlight=False)
        console.print(
            board_panel(state, seat, f"{game_name(self.game)}, after {n} of {len(self)} actions")
        )
        console.print(scores_line(state, self.kinds), highlight=False)

    def show_all(self, console: Console, seat: int | None) -> None:
        for n in range(len(self) + 1):
            self.show(console, n, seat)

    def step_through(self, console: Console, read_line: LineReader, seat: int | None) -> None:
        console.print(REPLAY_HELP)
        n = 0
        self.show(console, n, seat)
        while True:
            line = read_line("replay> ")
            if line is None:
                return
            word = line.strip().lower()
            if word in ("q", "quit", "exit"):
                return
            if word == "":
                if n == len(self):
                    console.print("That was the last action.")
                    return
                n += 1
            elif word in ("b", "back"):
                n = max(0, n - 1)
            elif word.isdigit() and int(word) <= len(self):
                n = int(word)
            else:
                console.print(f"[red]{escape(word)!r} is not understood. {REPLAY_HELP}[/red]")
                continue
            self.show(console, n, seat)
