"""The companion session in a terminal: the app's messages printed, the table's entries typed.

Every entry is saved before the next prompt, so a closed terminal loses nothing: the same
command (or ``--resume FILE``) picks the session up where it stopped.
"""

from __future__ import annotations

import os
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from towers.companion.entries import EntryNames, haggle_legend
from towers.companion.mirror import KIND_NAMES
from towers.companion.session import CompanionSession, EntryError, Waiting
from towers.games.dark_tower.render import hero_name
from towers.terminal.moves import MoveInputError, MoveMenu
from towers.terminal.session import LineReader
from towers.terminal.views import board_panel

HELP = """\
Type what you did, or what the table drew or rolled, by its name or its number in the list
(the start of a name that fits only one entry is enough). Other commands:
  entries      list the entries allowed now
  board        show the board as towers has it
  recap        say again where the game stands
  why ENTRY    say why an entry is not allowed now
  legend       the haggle die's faces
With your tower worked by hand (--tower manual), say where skulls came out as they come
(an opening or a door, then "no more came out"), and after a drum is turned by hand, where
it faces: "east", or "top east middle north" when several were turned.
  undo         take back the last entry of this turn (not past anything revealed)
  help         this text
  quit         stop; the session is saved after every entry"""


COMMANDS = ("entries", "board", "recap", "why ", "legend", "undo", "help", "quit")
"""The commands of :data:`HELP`, as completion offers them."""


def default_save(game: str) -> Path:
    """Where a session is kept unless told otherwise: the user's data folder."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "towers" / "companion" / f"{game}.json"


class CompanionTerminal:
    def __init__(
        self, session: CompanionSession, console: Console, read_line: LineReader, save: Path
    ) -> None:
        self.session = session
        self.console = console
        self.read_line = read_line
        self.save_path = save
        offer = getattr(read_line, "offer", None)
        if offer is not None:
            offer(self.typeable)

    def typeable(self) -> list[str]:
        """What may be typed now: the entries allowed, in the table's words, then the
        commands."""
        entries = self.menu().names if not self.session.state.is_terminal() else []
        return [*entries, *COMMANDS]

    def say(self, lines: list[str]) -> None:
        for line in lines:
            self.console.print(escape(line), highlight=False)

    def refuse(self, message: str) -> None:
        self.console.print(f"[red]{escape(message)}[/red]", highlight=False)

    def autosave(self) -> bool:
        try:
            self.session.save(self.save_path)
        except OSError as exc:
            self.refuse(
                f"cannot save to {self.save_path}: {exc.strerror or exc}; the session goes on "
                "unsaved"
            )
            return False
        return True

    def run(self, resumed: bool = False) -> bool:
        """Play until the game ends (True) or input stops (False); saved all along."""
        s = self.session
        c = self.console
        c.rule("Return to Dark Tower: companion")
        c.print(
            f"Tower: {KIND_NAMES.get(s.tower_kind, s.tower_kind)}. Saving to {escape(str(self.save_path))} after every entry.",
            highlight=False,
        )
        if resumed:
            c.print(
                f"Resuming after {s.history_len} steps (--new starts a new session instead).",
                highlight=False,
            )
            self.say(s.recap())
            self.say(s.designed_warning())
        else:
            self.say(s.opening())
        # what the app draws is kept before it is announced: a session that is stopped
        # right after never shows the table a draw that its next start would not have
        drawn = s.advance()
        self.autosave()
        self.say(drawn)
        while not s.is_over():
            waiting = s.waiting()
            assert waiting is not None
            if not self.entry(waiting):
                c.print(
                    f"Stopped; the session is saved in {escape(str(self.save_path))}: the same "
                    "command continues it.",
                    highlight=False,
                )
                return False
        c.rule("The end")
        self.say([f"The heroes {'win' if s.state.result > 0 else 'lose'}: {s.state.ending}."])
        return True

    def prompt(self, waiting: Waiting) -> str:
        if waiting.is_table:
            return "table> "
        assert waiting.seat is not None
        return f"{hero_name(self.session.state, waiting.seat)}> "

    def show_entries(self, waiting: Waiting, menu: MoveMenu) -> None:
        self.console.print(f"[bold]{escape(waiting.ask)}[/bold]", highlight=False)
        if waiting.drums:
            return
        self.console.print(menu.render())

    def menu(self) -> MoveMenu:
        """The entries allowed now, named in the table's words."""
        s = self.session
        shown = s.shown_entries()
        return MoveMenu.of(EntryNames(s.state, s.entries()), shown)

    def entry(self, waiting: Waiting) -> bool:
        """Read lines until one entry is made; False when input ends or the table quits."""
        s = self.session
        menu = self.menu()
        self.show_entries(waiting, menu)
        while True:
            line = self.read_line(self.prompt(waiting))
            if line is None:
                return False
            word, _, rest = line.strip().partition(" ")
            command = word.lower()
            if line.strip() in menu.names:
                pass
            elif command in ("quit", "exit"):
                return False
            elif command in ("help", "?"):
                self.console.print(HELP, highlight=False, markup=False)
                continue
            elif command in ("entries", "moves") and not rest:
                self.show_entries(waiting, menu)
                continue
            elif command == "board" and not rest:
                self.console.print(board_panel(s.state, None))
                continue
            elif command == "recap" and not rest:
                self.say(s.recap())
                continue
            elif command == "why":
                self.why(menu, rest)
                continue
            elif command == "legend" and not rest:
                self.say(["The haggle die's faces: " + "; ".join(haggle_legend()) + "."])
                continue
            elif waiting.drums:
                try:
                    lines = s.confirm_drums_text(line)
                except EntryError as exc:
                    self.refuse(str(exc))
                    continue
                self.autosave()
                self.say(lines)
                return True
            elif command == "undo" and not rest:
                try:
                    undone = s.undo()
                except EntryError as exc:
                    self.refuse(str(exc))
                    continue
                self.autosave()
                self.say(undone)
                return True
            try:
                action = menu.resolve(line)
                lines = s.enter(action)
            except (MoveInputError, EntryError) as exc:
                self.refuse(str(exc))
                continue
            self.autosave()
            self.say(lines)
            return True

    def why(self, menu: MoveMenu, text: str) -> None:
        if not text.strip():
            self.refuse("why needs an entry, for example: why 2")
            return
        try:
            action = menu.resolve(text)
        except MoveInputError as exc:
            self.refuse(str(exc))
            return
        name = self.session.label(action)
        if action in self.session.entries():
            self.console.print(f"{escape(name)} is allowed now.", highlight=False)
        elif self.session.source() is not None:
            self.console.print(f"{escape(name)} is not among the entries now.", highlight=False)
        else:
            self.console.print(escape(self.session.state.explain(action) or ""), highlight=False)
