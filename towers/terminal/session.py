"""The play loop: humans type moves, bots move on their own, chance is sampled and announced.

A session reads whole lines through a ``LineReader`` (``None`` at the end of input) and
writes through a Rich console, so a test can pipe the moves in and read the transcript.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from enum import Enum
from pathlib import Path

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.text import Text

from towers.core import knowledge, record
from towers.core.chance import derive_seed, sample_chance
from towers.core.errors import IllegalActionError, SaveFormatError
from towers.core.game import CHANCE, State
from towers.core.registry import views_of
from towers.terminal.commands import (
    SECTIONS,
    Explainer,
    LogEntry,
    log_entry,
    log_text,
    page,
)
from towers.terminal.hinting import HINT_SECONDS, HintError, Hinting
from towers.terminal.moves import MoveInputError, MoveMenu
from towers.terminal.parsing import SeatSpec, make_seat_bots
from towers.terminal.prompt import LineEditor
from towers.terminal.screen import HEIGHT, Happened, compose, ending_view, header_line
from towers.terminal.turns import confirm_reason, reveal_rng
from towers.terminal.views import board_panel, game_name, game_title, seat_name, whose_turn
from towers.terminal.visibility import SPECTATOR, move_line, seen_by

LineReader = Callable[[str], str | None]

COMMAND_HELP: dict[str, tuple[str, str]] = {
    "moves": ("moves", "list every legal move"),
    "board": ("board, me", "the board; what you hold"),
    "supply": ("supply, scores", "what is on offer; the scores"),
    "log": ("log", "what happened, by chapter, as you may read it"),
    "help": ("help NAME", "what a component does: a card, tile, space, track..."),
    "rules": ("rules [SECTION]", "a rule in short (alone: the one last cited, and the list)"),
    "howto": ("howto", "how this game goes, in short"),
    "why": ("why MOVE", "why a move is not allowed now (MOVE by name or number)"),
    "hint": (
        "hint [SECONDS]",
        f"the strongest bot's move and why ({HINT_SECONDS:g} s; Ctrl-C stops)",
    ),
    "whatif": ("whatif MOVE", "what a move would do, without playing it"),
    "undo": ("undo", "take back your last action of this turn"),
    "confirm": ("confirm off|on", "ask before an action that ends your turn, or not"),
    "save": ("save FILE", "write the game to FILE (towers resume FILE continues it)"),
    "save!": ("save! FILE", "the same, replacing FILE without asking"),
    "quit": ("quit", "stop (the game is saved first when --save was given)"),
}
"""Each command's use and meaning, for ``help`` and ``help COMMAND``."""

COMMAND_TOPICS = {
    **{word: f"{use}: {what}" for word, (use, what) in COMMAND_HELP.items()},
    "me": "me: what you hold",
    "scores": "scores: the scores",
}

COMMAND_LINE = "hint · whatif MOVE · why MOVE · undo · help: every command"
"""The play screen's line of commands, where a line is left over."""
COMMAND_LINE_NO_HINTS = "why MOVE · undo · log · help: every command"
"""The same at a table that plays without hints."""

HELP = "\n".join(
    [
        "Type a move by its number or its name: exact, in any case, or the start of a",
        "name that fits only one move. Tab completes. Other commands:",
        *(f"  {use:<16} {what}" for use, what in COMMAND_HELP.values()),
    ]
)


def console_reader(console: Console) -> LineEditor:
    """Read a line after a prompt: on a terminal with line editing, a history and completion
    of what may be typed (:class:`~towers.terminal.prompt.LineEditor`); piped input is echoed
    so the transcript reads naturally."""
    return LineEditor(console)


COMMANDS = (
    "moves",
    *SECTIONS,
    "log",
    "help",
    "rules",
    "howto",
    "why ",
    "hint",
    "whatif ",
    "undo",
    "confirm off",
    "confirm on",
    "save ",
    "save! ",
    "quit",
)
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


RESUMED_ACTIONS = 20
"""The actions before a resumed session that its log holds (and its first screen tells)."""


class Ending(Enum):
    OVER = "over"
    QUIT = "quit"
    END_OF_INPUT = "end of input"


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
        confirm: bool = False,
        hints: bool = True,
    ) -> None:
        self.state = state
        self.game = state.game
        self.views = views_of(self.game)
        self.words = record.MoveWords(self.game)
        """The saved record's words, kept from one save to the next."""
        self.seats = list(seats)
        self.kinds = [s.to_text() for s in self.seats]
        self.seed = seed
        self.console = console
        self.read_line = read_line
        self.save_path = save_path
        self.watch = watch
        self.confirm = confirm
        """Ask before an action that ends the turn, passes or cannot be taken back."""
        start = len(state.history())
        self.bots = make_seat_bots(self.seats, seed, start)
        # A new game samples chance from Random(seed); a resumed one from a seed for its ply.
        self.chance_rng = random.Random(seed if start == 0 else derive_seed(seed, "chance", start))
        self.humans = [i for i, s in enumerate(self.seats) if s.is_human]
        hidden = self.game.has_hidden_information()
        self.hotseat = hidden and len(self.humans) > 1
        self.hinting = Hinting(self.game, self.humans, seed, table=None if hints else False)
        """``hint`` and ``whatif``: refused at a table that plays without hints."""
        self.log: list[LogEntry] = self.earlier_actions(state) if self.humans else []
        """This session's actions (a resumed game's last ones before it too), as each seat
        may read them."""
        self.log_start = start - len(self.log)
        self.moved_upto = {
            h: max((i + 1 for i, e in enumerate(self.log) if e.actor == h), default=0)
            for h in self.humans
        }
        """For each human seat, the length of the log after its last action."""
        self.before: dict[int, State] = {}
        """The state before each human action still in the log, by ply: what undo returns to."""
        self.reveals: dict[int, bool] = {}
        self.explainer = Explainer(self.views, game_name(self.game))
        self.last_human: int | None = None
        self._help_words: list[str] | None = None
        self.saved_to: set[Path] = set()
        """Files this session saved to with ``save FILE``: saving there again asks nothing."""
        offer = getattr(read_line, "offer", None)
        if offer is not None:
            offer(self.typeable)

    def earlier_actions(self, state: State, most: int = RESUMED_ACTIONS) -> list[LogEntry]:
        """The last ``most`` actions of a resumed game, replayed for the log, so that its
        first screen says what happened before it was saved."""
        history = state.history()
        first = max(0, len(history) - most)
        if not history:
            return []
        replayed = self.game.new_initial_state()
        for action in history[:first]:
            replayed.apply_action(action)
        entries = []
        for action in history[first:]:
            actor = replayed.current_player()
            who = seat_name(self.game, actor, self.kinds)
            entries.append(log_entry(replayed, action, who, seen_by(replayed, action)))
            replayed.apply_action(action)
        return entries

    def typeable(self) -> list[str]:
        """What may be typed now: the legal moves' names when a seat of this screen is to
        move, then the commands."""
        player = self.state.current_player()
        moves = MoveMenu.of(self.state).names if player in self.humans else []
        previews = [f"whatif {name}" for name in moves] if self.hinting.refusal() is None else []
        return [*moves, *COMMANDS, *self.help_words(), *previews]

    def help_words(self) -> list[str]:
        """``help NAME`` for each component the game describes (asked once)."""
        if self._help_words is None:
            names = dict.fromkeys(t.name for t in self.views.glossary())
            self._help_words = [f"help {name}" for name in names]
        return self._help_words

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
        seats = ", ".join(seat_name(self.game, i, self.kinds) for i in range(len(self.seats)))
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

    @property
    def height(self) -> int:
        """The lines a screen may take: the terminal's, or 24 when the output is no terminal."""
        return max(12, self.console.height) if self.console.is_terminal else HEIGHT

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

    def announce(self, entry: LogEntry) -> None:
        """Print an action as it happens where no screen will tell it: every action when bots
        play alone or the board is watched (in words if everyone watching may read it, else
        only that something hidden happened, and who saw it), and a human's own action."""
        if entry.actor in self.humans:
            line = entry.line(entry.actor)
        elif not self.humans or self.watch:
            line = move_line(
                entry.actor, entry.who, entry.words, entry.seen, self.audience(), entry.names
            )
        else:
            return
        self.console.print(escape(line), highlight=False)

    def play(self, actor: int, action: int) -> None:
        """Apply ``action`` (IllegalActionError, changing nothing, if it is not legal now),
        log and announce it, and save."""
        pre = self.state.clone()
        self.state.apply_action(action)
        entry = log_entry(
            pre, action, seat_name(self.game, actor, self.kinds), seen_by(pre, action)
        )
        self.log.append(entry)
        if actor in self.humans:
            self.before[entry.ply] = pre
            self.moved_upto[actor] = len(self.log)
        self.announce(entry)
        self.after_action()

    # ---- chance and bots --------------------------------------------------------------
    def chance_step(self) -> None:
        self.play(CHANCE, sample_chance(self.state, self.chance_rng))

    def bot_step(self, seat: int) -> None:
        bot = self.bots[seat]
        assert bot is not None, "a bot seat always has a bot"
        label = seat_name(self.game, seat, self.kinds)
        # Bots read only what their seat may see (they search on their own copies).
        with self.console.status(f"{escape(label)} is thinking..."):
            action = bot.choose(self.state)
        self.play(seat, action)

    # ---- a human's turn ---------------------------------------------------------------
    def handoff(self, seat: int) -> Ending | None:
        """On a shared screen with hidden information, hide the last view before the next."""
        if not self.hotseat:
            return None
        if self.last_human not in (None, seat):
            self.clear_screen(scrollback=True)
            prompt = (
                f"Pass the terminal to {seat_name(self.game, seat, self.kinds)} and press Enter. "
            )
            if self.read_line(escape(prompt)) is None:
                return self.stop(Ending.END_OF_INPUT)
            self.clear_screen(scrollback=True)
        return None

    def clear_screen(self, scrollback: bool = False) -> None:
        """Clear the screen and, when ``scrollback``, the terminal's scrollback too."""
        if self.console.is_terminal:
            self.console.clear()
            if scrollback:
                self.console.file.write("\x1b[3J")
                self.console.file.flush()

    def happened(self, seat: int) -> Happened:
        """What the seat may read of the actions since it last moved (its own last action
        when nothing came after it)."""
        since = self.log[self.moved_upto.get(seat, 0) :]
        if since:
            mark = self.moved_upto.get(seat, 0)
            caption = (
                "Since your last move:" if mark or self.history_len > len(since) else "So far:"
            )
            return Happened(caption, [e.line(seat) for e in since])
        if self.log and self.log[-1].actor == seat:
            return Happened("You just played:", [self.log[-1].line(seat)])
        return Happened("", [])

    def screen(self, seat: int, menu: MoveMenu) -> list[Text]:
        """The screen of ``seat``'s turn: it fits the terminal (24 lines when piped)."""
        header = header_line(
            game_name(self.game),
            self.views.chapter(self.state),
            whose_turn(self.state, self.kinds),
        )
        return compose(
            header=header,
            happened=self.happened(seat),
            glance=self.views.glance(self.state, seat),
            moves=menu.names,
            width=self.console.width,
            height=self.height,
            tip=COMMAND_LINE if self.hinting.refusal() is None else COMMAND_LINE_NO_HINTS,
        )

    def show_turn(self, seat: int, menu: MoveMenu) -> None:
        """Show the turn's screen: on a terminal, on a cleared screen (the lines before it,
        the introduction's too, stay in the terminal's scrollback where it keeps one)."""
        self.clear_screen()
        for line in self.screen(seat, menu):
            self.console.print(line, highlight=False)

    def human_turn(self, seat: int) -> Ending | None:
        ending = self.handoff(seat)
        if ending is not None:
            return ending
        self.last_human = seat
        menu = MoveMenu.of(self.state)
        self.show_turn(seat, menu)

        def redraw() -> None:
            self.show_turn(seat, menu)

        def show(body: RenderableType) -> None:
            page(self.console, body, redraw, self.height)

        while True:
            line = self.read_line(f"{escape(self.views.seat_name(seat))}> ")
            if line is None:
                return self.stop(Ending.END_OF_INPUT)
            word, _, rest = line.strip().partition(" ")
            command = word.lower()
            rest = rest.strip()
            if line.strip() in menu.names:
                pass
            elif command in ("quit", "exit") and not rest:
                return self.stop(Ending.QUIT)
            elif command in ("help", "?"):
                if rest:
                    show(self.explainer.topic(rest, COMMAND_TOPICS))
                else:
                    self.console.print(HELP, highlight=False, markup=False)
                continue
            elif command == "moves" and not rest:
                show(menu.render())
                continue
            elif command in SECTIONS and not rest:
                show(self.explainer.section(self.state, seat, command))
                continue
            elif command == "log" and not rest:
                show(log_text(self.log, seat, self.log_start))
                continue
            elif command == "rules":
                show(self.explainer.rules(rest))
                continue
            elif command == "howto" and not rest:
                show(self.explainer.howto())
                continue
            elif command == "why":
                self.why(menu, rest)
                continue
            elif command == "hint":
                self.hint(seat, rest)
                continue
            elif command == "whatif":
                self.whatif(seat, menu, rest)
                continue
            elif command == "undo" and not rest:
                if self.undo(seat):
                    return None
                continue
            elif command == "confirm":
                self.set_confirm(rest)
                continue
            elif command in ("save", "save!"):
                self.save_to(rest, force=command == "save!")
                continue
            played = self.try_move(seat, menu, line)
            if isinstance(played, Ending):
                return played
            if played:
                return None

    def try_move(self, seat: int, menu: MoveMenu, line: str) -> bool | Ending:
        """Play the move ``line`` names, after the confirm step when it asks; False when it
        names none, is refused or is not confirmed (nothing changes), an Ending when the
        input ends at the question."""
        try:
            action = menu.resolve(line)
            if self.confirm and self.state.is_legal(action):
                answer = self.confirmed(action)
                if answer is not True:
                    return answer
            self.play(seat, action)
        except MoveInputError as exc:
            self.console.print(f"[red]{escape(str(exc))}[/red]", highlight=False)
            return False
        except IllegalActionError as exc:
            self.console.print(f"[red]{escape(str(exc))}[/red]", highlight=False)
            if exc.rule:
                self.explainer.last_rule = exc.rule
                if self.views.rules_section(exc.rule):
                    self.console.print("Type rules to read that rule in short.")
            return False
        return True

    def confirmed(self, action: int) -> bool | Ending:
        """Ask before an action that ends the turn, passes or cannot be taken back: True to
        play it, False when the answer is no, an Ending at the end of input."""
        ply = self.history_len
        reason = confirm_reason(self.state, action, reveal_rng(self.seed, ply))
        if reason is None:
            self.reveals[ply] = False
            return True
        name = self.state.action_to_string(action)
        self.console.print(f"{escape(name)}: this {reason}.", highlight=False)
        while True:
            answer = self.read_line(escape("Play it? [y/n] "))
            if answer is None:
                return self.stop(Ending.END_OF_INPUT)
            word = answer.strip().lower()
            if word in ("y", "yes"):
                return True
            if word in ("n", "no"):
                self.console.print("Not played.")
                return False
            self.console.print("Answer y (play it) or n (do not).")

    def set_confirm(self, text: str) -> None:
        word = text.strip().lower()
        if word not in ("on", "off"):
            now = "on" if self.confirm else "off"
            self.console.print(
                f"[red]confirm needs on or off (now {now}), for example: confirm off[/red]"
            )
            return
        self.confirm = word == "on"
        self.console.print(
            "Actions that end your turn, pass or cannot be taken back are asked about first."
            if self.confirm
            else "Actions are played as soon as they are typed."
        )

    def why_no_undo(self, seat: int) -> str | None:
        """Why ``seat`` may not take back the last action now (the browser's rule); None if
        it may."""
        if not self.log or self.log[-1].actor != seat or self.log[-1].ply not in self.before:
            return (
                "nothing of this turn is left to take back: an undo never crosses another "
                "seat's action or a chance outcome"
            )
        if self.state.current_player() != seat:
            return "an action can be taken back only during one's own turn"
        ply = self.log[-1].ply
        if ply not in self.reveals:
            action = self.state.history()[ply]
            self.reveals[ply] = knowledge.reveals(
                self.before[ply], action, reveal_rng(self.seed, ply)
            )
        if self.reveals[ply]:
            return "that action showed hidden information, so it stands"
        return None

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last action if it may; say what was taken back, or why not."""
        why = self.why_no_undo(seat)
        if why is not None:
            self.console.print(f"[red]Cannot undo: {escape(why)}.[/red]", highlight=False)
            return False
        entry = self.log.pop()
        action = self.state.history()[entry.ply]
        self.state = self.before.pop(entry.ply)
        self.reveals.pop(entry.ply, None)
        self.moved_upto[seat] = max(
            (i + 1 for i, e in enumerate(self.log) if e.actor == seat), default=0
        )
        name = self.state.action_to_string(action)
        self.console.print(f"Took back: {escape(name)}", highlight=False)
        self.autosave()
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

    def hint(self, seat: int, text: str) -> None:
        """``hint [SECONDS]``: the search's move for ``seat`` and why, or the reason there is
        none; Ctrl-C stops the search and the prompt comes back."""
        seconds = text.strip() or f"{HINT_SECONDS:g}"
        try:
            with self.console.status(f"Looking for a hint (up to {seconds} s; Ctrl-C stops)..."):
                found = self.hinting.hint(self.state, seat, text)
        except HintError as exc:
            self.console.print(f"[red]{escape(str(exc))}[/red]", highlight=False)
            return
        if found is None:
            self.console.print("Hint cancelled; nothing changed.")
            return
        self.console.print(found, highlight=False, markup=False)

    def whatif(self, seat: int, menu: MoveMenu, text: str) -> None:
        """``whatif MOVE``: what the move would do, without playing it."""
        try:
            found = self.hinting.whatif(self.state, seat, menu, text)
        except HintError as exc:
            self.console.print(f"[red]{escape(str(exc))}[/red]", highlight=False)
            return
        self.console.print(found, highlight=False, markup=False)

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
        """The game-over screen: what the people at the screen have not yet seen (the
        actions since the last human one, as all of them may read them), who won and why,
        and the scores by category."""
        c = self.console
        if self.humans:
            last = max((i + 1 for i, e in enumerate(self.log) if e.actor in self.humans), default=0)
            unseen = self.log[last:]
            if unseen:
                c.print(Text("Since the last move at this screen:", style="bold"))
                for e in unseen[-(self.height // 3) :]:
                    line = move_line(e.actor, e.who, e.words, e.seen, self.audience(), e.names)
                    c.print(Text("  " + line), highlight=False)
        c.rule("Game over")
        ending = self.views.ending(self.state)
        if ending is not None:
            c.print(ending_view(ending, self.game, self.kinds))
        c.print(f"({self.history_len} actions)", highlight=False)
