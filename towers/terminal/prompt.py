"""Typing at the prompt: line editing, a history kept between sessions, and completion of
what may be typed now (the legal moves' names and the commands), with prompt_toolkit when the
program talks to a terminal; piped input is read line by line as before, and echoed, so a
transcript reads as a session did.

The session tells the reader what may be typed with :meth:`LineEditor.offer`: a function it
asks at each prompt, so the words follow the game. Completion matches the start of what is
typed, in any case, and a word anywhere in a name (``kn`` offers ``first knight d1``):

>>> editor = LineEditor(Console(file=io.StringIO()), interactive=False)
>>> editor.offer(lambda: ["first knight d1", "first knight e1", "help"])
>>> [c.text for c in editor.completer.get_completions(Document("first knight e"), None)]
['first knight e1']
>>> [c.text for c in editor.completer.get_completions(Document("KN"), None)]
['first knight d1', 'first knight e1']
"""

from __future__ import annotations

import io  # noqa: F401 - the doctests' console
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from rich.console import Console
from rich.markup import escape
from rich.text import Text

Words = Callable[[], Iterable[str]]

HISTORY_LINES = 1000
"""Lines of the history file kept: older ones are dropped when it is opened."""


def history_path() -> Path:
    """Where typed lines are kept between sessions: ``$XDG_DATA_HOME/towers/history``
    (``~/.local/share/towers/history``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "towers" / "history"


class WordCompleter(Completer):
    """Completes with the words the session offers now: those starting with what is typed,
    then those with a word starting with it, in the session's order, each once."""

    def __init__(self) -> None:
        self.words: Words = list

    def get_completions(
        self, document: Document, complete_event: CompleteEvent | None
    ) -> Iterator[Completion]:
        typed = document.text_before_cursor.lstrip()
        low = typed.lower()
        try:
            words = list(dict.fromkeys(self.words()))
        except Exception:  # a completion never stops the game: offer nothing instead
            return
        first = [w for w in words if w.lower().startswith(low)]
        inner = [
            w
            for w in words
            if w not in first and any(part.startswith(low) for part in w.lower().split())
        ]
        for word in first + inner if low else words:
            yield Completion(word, start_position=-len(typed))


class LineEditor:
    """A :data:`~towers.terminal.session.LineReader` with editing, history and completion
    on a terminal (``interactive``: stdin and stdout are terminals), plain lines otherwise.

    ``history`` None keeps the lines in :func:`history_path`, or in memory where that file
    cannot be written."""

    def __init__(
        self,
        console: Console,
        interactive: bool | None = None,
        history: History | None = None,
        **session: Any,
    ) -> None:
        self.console = console
        self.interactive = (
            sys.stdin.isatty() and sys.stdout.isatty() if interactive is None else interactive
        )
        self.completer = WordCompleter()
        self._history = history
        self._options = session
        self._session: PromptSession[str] | None = None

    def offer(self, words: Words) -> None:
        """What may be typed now, asked at each prompt (the session's moves and commands)."""
        self.completer.words = words

    def __call__(self, prompt: str) -> str | None:
        if not self.interactive:
            return self._plain(prompt)
        session = self._session or self._start()
        try:
            return session.prompt(Text.from_markup(prompt).plain)
        except EOFError:
            return None

    def _start(self) -> PromptSession[str]:
        self._session = PromptSession(
            history=self._history or _file_history(),
            completer=self.completer,
            complete_while_typing=False,
            **self._options,
        )
        return self._session

    def _plain(self, prompt: str) -> str | None:
        try:
            line = self.console.input(prompt)
        except EOFError:
            self.console.print()
            return None
        if not sys.stdin.isatty():
            self.console.print(escape(line), highlight=False)
        return line


def _file_history() -> History:
    path = history_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _trim(path)
        with path.open("a", encoding="utf-8"):
            pass
    except OSError:
        return InMemoryHistory()
    return FileHistory(str(path))


def _trim(path: Path) -> None:
    """Keep the file's last :data:`HISTORY_LINES` entries (prompt_toolkit's file holds each
    entry as a blank line, a comment line and ``+``-prefixed lines)."""
    if not path.exists():
        return
    text = path.read_text(encoding="utf-8", errors="replace")
    entries = text.split("\n\n")
    if len(entries) > HISTORY_LINES:
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text("\n\n".join(entries[-HISTORY_LINES:]), encoding="utf-8")
        os.replace(tmp, path)
