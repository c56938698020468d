"""Stepping through a saved game: each position on the play screen (the header, the action
that led to it, the game's glance), forward and back, as one seat (or the spectator) saw
it: a move that live play hid from that seat is hidden here the same way. The rest of the
state is on request, as in play (``board``, ``log``, ``help NAME``...).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console, RenderableType
from rich.markup import escape

from towers.core.errors import IllegalActionError, SaveFormatError
from towers.core.game import State
from towers.core.record import game_from_record, record_history
from towers.core.registry import views_of
from towers.terminal.commands import SECTIONS, Explainer, LogEntry, log_text, page
from towers.terminal.parsing import InputError
from towers.terminal.screen import HEIGHT, Happened, compose, header_line
from towers.terminal.views import (
    board_panel,
    game_name,
    game_title,
    scores_line,
    seat_name,
    whose_turn,
)
from towers.terminal.visibility import Seen, move_line, seen_by

LineReader = Callable[[str], str | None]

REPLAY_KEYS = "Enter or n: next · b: back · go N · start · end · help · q: stop"

REPLAY_HELP = """\
Enter or n (next)   the next action          b (back)   the action before
go N                the position after N actions
start, end          the first or the last position
board, me           the board; what the seat holds
supply, scores      what is on offer; the scores
log                 the actions so far, by chapter, as the seat saw them
help NAME           what a component does; rules [SECTION]: a rule; howto
q (quit)            stop"""

REPLAY_COMMANDS = {
    "next": "n, next or Enter: the next action",
    "back": "b or back: the action before",
    "go": "go N: the position after N actions",
    "start": "start: the position before the first action",
    "end": "end: the last position",
    **{name: f"{name}: that part of the game, as the seat saw it" for name in SECTIONS},
    "log": "log: the actions so far, by chapter, as the seat saw them",
    "quit": "q or quit: stop",
}


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
        self.chapters: list[str] = []
        self._seen: dict[int, Seen] = {}
        self.views = views_of(self.game)
        for i, action in enumerate(history):
            actor = state.current_player()
            try:
                if not state.is_legal(action):
                    state.apply_action(action)  # raises, saying why
                name = self.views.log_words(state, action)
                self.chapters.append(self.views.chapter(state))
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

    def seen(self, n: int) -> Seen:
        """Who may read the ``n``-th action (from 1)."""
        if n not in self._seen:
            self._seen[n] = seen_by(self.states[n - 1], self.history[n - 1])
        return self._seen[n]

    def move(self, n: int, seat: int | None) -> str:
        """The ``n``-th action (from 1) as ``seat`` (None: the spectator) was shown it live."""
        actor = self.actors[n - 1]
        who = seat_name(self.game, actor, self.kinds)
        names = self.views.seat_names()
        return move_line(actor, who, self.names[n - 1], self.seen(n), [seat], names)

    def log(self, n: int) -> list[LogEntry]:
        """The first ``n`` actions as log entries."""
        return [
            LogEntry(
                k - 1,
                self.actors[k - 1],
                seat_name(self.game, self.actors[k - 1], self.kinds),
                self.names[k - 1],
                self.seen(k),
                self.chapters[k - 1],
                self.views.seat_names(),
            )
            for k in range(1, n + 1)
        ]

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

    def screen(self, n: int, seat: int | None, width: int = 80, height: int = HEIGHT) -> list[Any]:
        """The play screen of the position after ``n`` actions, as ``seat`` sees it."""
        state = self.states[n]
        header = header_line(game_name(self.game), self.views.chapter(state), whose_turn(state))
        where = f"Position after {n} of {len(self)} actions"
        if n == 0:
            happened = Happened(f"{where}: the start.", [game_title(self.game)])
        else:
            happened = Happened(f"{where}; the last:", [f"{n}. {self.move(n, seat)}"])
        return compose(
            header=header,
            happened=happened,
            glance=self.views.glance(state, seat),
            footer=REPLAY_KEYS,
            width=width,
            height=height,
        )

    def step_through(self, console: Console, read_line: LineReader, seat: int | None) -> None:
        """Step with n/b/go N/start/end (Enter: next), showing each position's screen; the
        game's sections, log, help and rules on request."""
        height = max(12, console.height) if console.is_terminal else HEIGHT
        explainer = Explainer(self.views, game_name(self.game))
        n = 0

        def draw() -> None:
            if console.is_terminal:
                console.clear()
            for line in self.screen(n, seat, console.width, height):
                console.print(line, highlight=False)

        def show(body: RenderableType) -> None:
            page(console, body, draw, height)

        draw()
        while True:
            line = read_line("replay> ")
            if line is None:
                return
            word, _, rest = line.strip().partition(" ")
            command = word.lower()
            rest = rest.strip()
            if command in ("q", "quit", "exit") and not rest:
                return
            if command in ("", "n", "next") and not rest:
                if n == len(self):
                    console.print("That was the last action.")
                    return
                n += 1
            elif command in ("b", "back") and not rest:
                if n == 0:
                    console.print("This is the start: no action before it.")
                    continue
                n -= 1
            elif command in ("start", "end") and not rest:
                n = 0 if command == "start" else len(self)
            elif command == "go" or (command.isdigit() and not rest):
                target = rest if command == "go" else command
                if not target.isdigit():
                    console.print(
                        f"[red]go needs a number of actions from 0 to {len(self)}, "
                        "for example: go 10[/red]"
                    )
                    continue
                try:
                    n = self.check_step(int(target))
                except InputError as exc:
                    console.print(f"[red]{escape(str(exc))}[/red]", highlight=False)
                    continue
            elif command in SECTIONS and not rest:
                show(explainer.section(self.states[n], seat, command))
                continue
            elif command == "log" and not rest:
                show(log_text(self.log(n), seat))
                continue
            elif command in ("help", "?"):
                if rest:
                    show(explainer.topic(rest, REPLAY_COMMANDS))
                else:
                    console.print(REPLAY_HELP, highlight=False, markup=False)
                continue
            elif command == "rules":
                show(explainer.rules(rest))
                continue
            elif command == "howto" and not rest:
                show(explainer.howto())
                continue
            else:
                console.print(
                    f"[red]{escape(line.strip())!r} is not understood. {REPLAY_KEYS}[/red]",
                    highlight=False,
                )
                continue
            draw()
