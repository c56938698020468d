"""The play loop: humans type moves, bots move on their own, chance is sampled and announced.

A session reads whole lines through a ``LineReader`` (``None`` at the end of input) and
writes through a Rich console, so a test can pipe the moves in and read the transcript.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from towers.core import record
from towers.core.chance import derive_seed, sample_chance
from towers.core.errors import IllegalActionError, SaveFormatError
from towers.core.game import CHANCE, State
from towers.terminal.moves import MoveInputError, MoveMenu
from towers.terminal.parsing import SeatSpec, make_seat_bots
from towers.terminal.prompt import LineEditor
from towers.terminal.views import (
    board_panel,
    game_title,
    scores_line,
    scores_table,
    seat_name,
    whose_turn,
    winners_text,
)
from towers.terminal.visibility import SPECTATOR, Seen, is_seen, move_line, seen_by

LineReader = Callable[[str], str | None]

HELP = """\
Type a move by its number in the list, or by its name: exact, in any case,
or the start of a name that fits only one move. Other commands:
  moves        list the legal moves again
  board        show the board again
  why MOVE     say why a move is not allowed now (MOVE by name or number)
  save FILE    write the game so far to FILE (towers resume FILE continues it);
               asks before replacing a file that is not this game's
  save! FILE   the same, replacing FILE without asking (also: save FILE --force)
  help         this text
  quit         stop (the game is saved first when --save was given)"""


def console_reader(console: Console) -> LineEditor:
    """Read a line after a prompt: on a terminal with line editing, a history and completion
    of what may be typed (:class:`~towers.terminal.prompt.LineEditor`); piped input is echoed
    so the transcript reads naturally."""
    return LineEditor(console)


COMMANDS = ("moves", "board", "why ", "save ", "save! ", "help", "quit")
"""The commands of :data:`HELP`, as completion offers them."""


def save_game(
    path: Path,
    state: State,
    seats: Sequence[SeatSpec],
    seed: int,
    words: record.MoveWords | None = None,
) -> None:
    """Write the record atomically, so that killing the program mid-write loses nothing."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        record.save(tmp, state, words, seats=[s.to_text() for s in seats], seed=seed)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def describe_file(path: Path) -> str:
    """What a file holds, for the question before it is replaced."""
    try:
        data = record.load(path)
    except SaveFormatError:
        return "not a saved game"
    history = data.get("history")
    if data.get("format") != record.FORMAT or not isinstance(history, list):
        return "not a saved game"
    return f"a saved game of {len(history)} action{'' if len(history) == 1 else 's'}"


class Ending(Enum):
    OVER = "over"
    QUIT = "quit"
    END_OF_INPUT = "end of input"


@dataclass
class Event:
    """Something that happened, and who may see it in words (``None``: everybody)."""

    ply: int
    text: str
    seen_by: Seen
    shown: bool
    """Printed in words on the shared screen."""


class PlaySession:
    def __init__(
        self,
        state: State,
        seats: Sequence[SeatSpec],
        seed: int,
        console: Console,
        read_line: LineReader,
        save_path: Path | None = None,
        watch: bool = False,
    ) -> None:
        self.state = state
        self.game = state.game
        self.words = record.MoveWords(self.game)
        """The saved record's words, kept from one save to the next."""
        self.seats = list(seats)
        self.kinds = [s.to_text() for s in self.seats]
        self.seed = seed
        self.console = console
        self.read_line = read_line
        self.save_path = save_path
        self.watch = watch
        start = len(state.history())
        self.bots = make_seat_bots(self.seats, seed, start)
        # A new game samples chance from Random(seed); a resumed one from a seed for its ply.
        self.chance_rng = random.Random(seed if start == 0 else derive_seed(seed, "chance", start))
        self.humans = [i for i, s in enumerate(self.seats) if s.is_human]
        hidden = self.game.has_hidden_information()
        self.hotseat = hidden and len(self.humans) > 1
        self.events: list[Event] = []
        self.seen_upto = {h: 0 for h in self.humans}
        self.last_human: int | None = None
        self.saved_to: set[Path] = set()
        """Files this session saved to with ``save FILE``: saving there again asks nothing."""
        offer = getattr(read_line, "offer", None)
        if offer is not None:
            offer(self.typeable)

    def typeable(self) -> list[str]:
        """What may be typed now: the legal moves' names when a seat of this screen is to
        move, then the commands."""
        player = self.state.current_player()
        moves = MoveMenu.of(self.state).names if player in self.humans else []
        return [*moves, *COMMANDS]

    # ---- the loop ---------------------------------------------------------------------
    def run(self) -> Ending:
        try:
            return self._run()
        except KeyboardInterrupt:
            self.console.print()
            return self.stop(Ending.QUIT)
        except Exception:
            # A fault in a game or a bot: say where the game stands before the traceback.
            where = (
                f"; the game up to that point is saved in {self.save_path}"
                if self.save_path is not None
                else ""
            )
            self.console.print(
                f"[red]Internal error after {self.history_len} actions{escape(where)}.[/red]",
                highlight=False,
            )
            raise

    def _run(self) -> Ending:
        self.intro()
        while not self.state.is_terminal():
            player = self.state.current_player()
            if player == CHANCE:
                self.chance_step()
            elif self.seats[player].is_human:
                ending = self.human_turn(player)
                if ending is not None:
                    return ending
            else:
                self.bot_step(player)
        self.finish()
        return Ending.OVER

    def intro(self) -> None:
        c = self.console
        seats = ", ".join(seat_name(i, self.kinds) for i in range(len(self.seats)))
        c.rule(escape(game_title(self.game)))
        c.print(f"Seats: {escape(seats)}. Seed {self.seed}.", highlight=False)
        if self.save_path is not None:
            c.print(f"Saving to {escape(str(self.save_path))} after every action.", highlight=False)
        if self.history_len:
            c.print(f"Resuming after {self.history_len} actions.")
        if not self.humans or self.watch:
            c.print(board_panel(self.state, self.viewer()))

    @property
    def history_len(self) -> int:
        return len(self.state.history())

    def viewer(self) -> int | None:
        """Whose view the shared screen shows outside a human's own turn."""
        return self.humans[0] if len(self.humans) == 1 else None

    def autosave(self) -> None:
        """Save to ``--save``'s file; when that fails (a full disk, a folder removed), say so
        and play on unsaved rather than lose the game on the screen."""
        if self.save_path is None:
            return
        try:
            save_game(self.save_path, self.state, self.seats, self.seed, self.words)
        except OSError as exc:
            self.console.print(
                f"[red]cannot save to {escape(str(self.save_path))}: "
                f"{escape(exc.strerror or str(exc))}; the game goes on unsaved "
                "(type save FILE to save it elsewhere)[/red]",
                highlight=False,
            )
            self.save_path = None

    def after_action(self) -> None:
        self.autosave()
        if self.watch and not self.state.is_terminal():
            self.console.print(board_panel(self.state, self.viewer()))

    def audience(self) -> list[int | None]:
        """Who watches the shared screen: the human seats, or anybody when bots play alone."""
        return list(self.humans) or [SPECTATOR]

    def announce(self, actor: int, name: str, seen: Seen) -> None:
        """Print what happened on the shared screen, in words if everyone watching it may
        see it, else only that something hidden happened (and who saw it)."""
        who = seat_name(actor, self.kinds)
        audience = self.audience()
        shown = is_seen(seen, audience)
        self.events.append(Event(self.history_len, f"{who}: {name}", seen, shown))
        line = move_line(actor, who, name, seen, audience)
        self.console.print(escape(line), highlight=False)

    def play(self, actor: int, action: int) -> None:
        """Apply ``action`` (IllegalActionError, changing nothing, if it is not legal now),
        announce it, and save."""
        state = self.state
        seen = seen_by(state, action) if state.is_legal(action) else None
        name = state.action_to_string(action)
        state.apply_action(action)
        self.announce(actor, name, seen)
        self.after_action()

    # ---- chance and bots --------------------------------------------------------------
    def chance_step(self) -> None:
        self.play(CHANCE, sample_chance(self.state, self.chance_rng))

    def bot_step(self, seat: int) -> None:
        bot = self.bots[seat]
        assert bot is not None, "a bot seat always has a bot"
        label = seat_name(seat, self.kinds)
        # Bots read only what their seat may see (they search on their own copies).
        with self.console.status(f"{escape(label)} is thinking..."):
            action = bot.choose(self.state)
        self.play(seat, action)

    # ---- a human's turn ---------------------------------------------------------------
    def handoff(self, seat: int) -> Ending | None:
        """On a shared screen with hidden information, hide the last view before the next,
        then tell the seat what only it saw since its last turn."""
        if not self.hotseat:
            return None
        if self.last_human not in (None, seat):
            self.clear_screen()
            prompt = f"Pass the terminal to {seat_name(seat, self.kinds)} and press Enter. "
            if self.read_line(escape(prompt)) is None:
                return self.stop(Ending.END_OF_INPUT)
            self.clear_screen()
        missed = [
            e
            for e in self.events[self.seen_upto[seat] :]
            if not e.shown and e.seen_by is not None and seat in e.seen_by
        ]
        if missed:
            self.console.print("Only you saw, since your last turn:", style="bold")
            for e in missed:
                self.console.print(f"  {escape(e.text)}", highlight=False)
        return None

    def clear_screen(self) -> None:
        """Clear the screen and, where the terminal keeps one, its scrollback too."""
        if self.console.is_terminal:
            self.console.clear()
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def show_turn(self, seat: int, menu: MoveMenu) -> None:
        c = self.console
        c.print(board_panel(self.state, seat))
        c.print(scores_line(self.state, self.kinds), highlight=False)
        c.print(
            f"[bold]{escape(whose_turn(self.state, self.kinds))}[/bold], action {self.history_len + 1}. "
            "Moves (type a name or number, or 'help'):"
        )
        c.print(menu.render())

    def human_turn(self, seat: int) -> Ending | None:
        ending = self.handoff(seat)
        if ending is not None:
            return ending
        self.last_human = seat
        menu = MoveMenu.of(self.state)
        self.show_turn(seat, menu)
        while True:
            line = self.read_line(f"seat {seat}> ")
            if line is None:
                return self.stop(Ending.END_OF_INPUT)
            word, _, rest = line.strip().partition(" ")
            command = word.lower()
            if line.strip() in menu.names:
                pass
            elif command in ("quit", "exit"):
                return self.stop(Ending.QUIT)
            elif command in ("help", "?"):
                self.console.print(HELP, highlight=False, markup=False)
                continue
            elif command == "moves" and not rest:
                self.console.print(menu.render())
                continue
            elif command == "board" and not rest:
                self.console.print(board_panel(self.state, seat))
                continue
            elif command == "why":
                self.why(menu, rest)
                continue
            elif command in ("save", "save!"):
                self.save_to(rest, force=command == "save!")
                continue
            if self.try_move(seat, menu, line):
                self.seen_upto[seat] = len(self.events)
                return None

    def try_move(self, seat: int, menu: MoveMenu, line: str) -> bool:
        try:
            self.play(seat, menu.resolve(line))
        except (MoveInputError, IllegalActionError) as exc:
            self.console.print(f"[red]{escape(str(exc))}[/red]", highlight=False)
            return False
        return True

    def why(self, menu: MoveMenu, text: str) -> None:
        if not text.strip():
            self.console.print("[red]why needs a move, for example: why 2[/red]")
            return
        try:
            action = menu.resolve(text)
        except MoveInputError as exc:
            self.console.print(f"[red]{escape(str(exc))}[/red]", highlight=False)
            return
        reason = self.state.explain(action)
        name = self.state.action_to_string(action)
        if reason is None:
            self.console.print(f"{escape(name)} is allowed now.", highlight=False)
        else:
            self.console.print(escape(reason), highlight=False)

    def save_to(self, text: str, force: bool = False) -> None:
        """``save FILE``: write the game to FILE, asking first when FILE holds something else
        (another game, or any other file); ``force`` (``save!``, ``--force``) does not ask."""
        words = text.split()
        if "--force" in words[:1] + words[-1:]:
            force = True
            text = text.strip().removeprefix("--force").removesuffix("--force")
        if not text.strip():
            self.console.print("[red]save needs a file name, for example: save game.json[/red]")
            return
        path = Path(text.strip())
        if path.is_dir():
            self.console.print(f"[red]cannot save to {escape(str(path))}: it is a folder[/red]")
            return
        if path.exists() and not force and not self.is_own_file(path):
            question = f"{path} exists ({describe_file(path)}); overwrite? [y/N] "
            answer = self.read_line(escape(question))
            if (answer or "").strip().lower() not in ("y", "yes"):
                self.console.print("Not saved.")
                return
        try:
            save_game(path, self.state, self.seats, self.seed, self.words)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            self.console.print(
                f"[red]cannot save to {escape(str(path))}: {escape(reason)}[/red]",
                highlight=False,
            )
            return
        self.saved_to.add(path.resolve())
        self.console.print(
            f"Saved {self.history_len} actions to {escape(str(path))}; "
            f"continue with: towers resume {escape(str(path))}",
            highlight=False,
        )

    def is_own_file(self, path: Path) -> bool:
        """Whether ``path`` is this game's: its --save file, or one it saved to before."""
        own = set(self.saved_to)
        if self.save_path is not None:
            own.add(self.save_path.resolve())
        return path.resolve() in own

    def stop(self, ending: Ending) -> Ending:
        c = self.console
        if ending is Ending.END_OF_INPUT:
            c.print("Input ended; stopping.")
        self.autosave()
        if self.save_path is not None:
            c.print(
                f"Game saved after {self.history_len} actions to {escape(str(self.save_path))}; "
                f"continue with: towers resume {escape(str(self.save_path))}",
                highlight=False,
            )
        else:
            c.print(f"Stopped after {self.history_len} actions (not saved: no --save).")
        return ending

    def finish(self) -> None:
        c = self.console
        c.rule("Game over")
        c.print(board_panel(self.state, None))
        c.print(scores_table(self.state, self.kinds, final=True))
        c.print(
            f"[bold]{escape(winners_text(self.state, self.kinds))}[/bold] "
            f"({self.history_len} actions)",
            highlight=False,
        )
