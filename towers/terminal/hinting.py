"""Hints and "what if" at the play session's prompt.

``hint [SECONDS]`` asks the search of :mod:`towers.learn.hints` for the move of the seat at
the prompt, from what that seat may know, and prints its words and figures
(:func:`~towers.learn.hints.hint_text`). The search runs in a thread on a copy of the
position, within a think time (:data:`HINT_SECONDS` unless a number of seconds is typed, at
most :data:`~towers.learn.search.MAX_SECONDS`); Ctrl-C, or the cancel event set by anyone
else, stops it between two imagined games and the prompt comes back with nothing changed.

``whatif MOVE`` (a move by its number on the screen or by its words) prints
:func:`~towers.learn.whatif.preview_text`: what the move would do, without playing it.

Both are refused, with the reason, where hints are not allowed
(:func:`~towers.learn.hints.hints_refusal`): in the terminal, at a table started with
``--no-hints``. A preview tells what the greedy bot would answer, so a table without hints
has no previews either.

Each answer draws its worlds from a generator seeded by the game's seed and the position's
ply, so the same position gives the same answer within a budget of iterations:

>>> import towers
>>> state = towers.make("torres", players=2).new_initial_state()
>>> helper = Hinting(state.game, [0, 1], seed=1, iterations=4)
>>> helper.budget(None)
Budget(iterations=4, seconds=None)
>>> helper.refusal() is None
True
>>> Hinting(state.game, [0, 1], seed=1, table=False).refusal()
'this table plays without hints'
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from towers.core.chance import derive_seed
from towers.core.game import Game, State
from towers.core.registry import views_of
from towers.learn.hints import hint_text, hints_refusal
from towers.learn.search import MAX_SECONDS, Budget
from towers.learn.whatif import preview_text
from towers.terminal.moves import MoveMenu

HINT_SECONDS = 2.0
"""The think time of ``hint`` when no number of seconds is typed."""

POLL = 0.05
"""How often, in seconds, the prompt's thread looks whether the search has ended (and so
how soon Ctrl-C is heard)."""

STOP_WAIT = 5.0
"""The longest wait, in seconds, for a cancelled search to finish the imagined game under
way; a search still running then is left to end on its own, its answer dropped."""

T = TypeVar("T")


class HintError(ValueError):
    """A ``hint`` or ``whatif`` that cannot be answered: the reason, to be printed."""


def hint_seconds(text: str) -> float | None:
    """The think time typed after ``hint`` (None when nothing is typed).

    >>> hint_seconds(""), hint_seconds("5"), hint_seconds("0.5")
    (None, 5.0, 0.5)
    >>> hint_seconds("soon")
    Traceback (most recent call last):
    ...
    towers.terminal.hinting.HintError: hint takes a number of seconds, for example: hint 5
    """
    typed = text.strip()
    if not typed:
        return None
    try:
        seconds = float(typed)
    except ValueError:
        raise HintError("hint takes a number of seconds, for example: hint 5") from None
    if not 0 < seconds <= MAX_SECONDS:
        raise HintError(
            f"a hint may think for more than 0 and at most {MAX_SECONDS:g} seconds, not {typed}"
        )
    return seconds


def cancellable(work: Callable[[threading.Event], T], cancel: threading.Event) -> T | None:
    """``work(cancel)`` run in a thread while this one waits; None when ``cancel`` was set
    (by another thread, or here on Ctrl-C) before it ended. An error of the work is raised
    here."""
    done: dict[str, object] = {}

    def target() -> None:
        try:
            done["value"] = work(cancel)
        except BaseException as exc:  # handed to the waiting thread
            done["error"] = exc

    thread = threading.Thread(target=target, name="towers hint", daemon=True)
    thread.start()
    try:
        while thread.is_alive():
            thread.join(POLL)
    except KeyboardInterrupt:
        cancel.set()
        thread.join(STOP_WAIT)
        return None
    if cancel.is_set():
        return None
    error = done.get("error")
    if isinstance(error, BaseException):
        raise error
    return done["value"]  # type: ignore[return-value]


@dataclass
class Hinting:
    """The hints and previews of one play session.

    ``humans``: the seats people hold; ``seed``: the game's seed; ``table``: False at a
    table that plays without hints (``--no-hints``), else None (not set). ``iterations``:
    a fixed count of imagined games for each hint (repeatable, for tests and slow machines);
    None searches for a think time. ``cancel``: the event of the hint under way, if any.
    """

    game: Game
    humans: Sequence[int]
    seed: int
    table: bool | None = None
    iterations: int | None = None
    cancel: threading.Event | None = None

    def refusal(self) -> str | None:
        """Why hints and previews are not given at this table; None when they are."""
        return hints_refusal(self.game, self.humans, table=self.table)

    def budget(self, seconds: float | None) -> Budget:
        """The search's budget: the fixed iterations, else the think time typed or
        :data:`HINT_SECONDS`."""
        if self.iterations is not None:
            return Budget(iterations=self.iterations, seconds=seconds)
        return Budget(iterations=None, seconds=HINT_SECONDS if seconds is None else seconds)

    def rng(self, state: State, use: str) -> random.Random:
        """The generator of one answer: the same for the same game, position and use."""
        return random.Random(derive_seed(self.seed, use, len(state.history())))

    def refused(self, command: str) -> str:
        why = self.refusal()
        assert why is not None
        return f"No {command}: {why}."

    def hint(self, state: State, seat: int, text: str) -> str | None:
        """``hint [SECONDS]`` for ``seat``, deciding in ``state``: the hint's text, or None
        when it was cancelled. A HintError when hints are refused or the time is not a
        number of seconds it may take."""
        if self.refusal() is not None:
            raise HintError(self.refused("hints"))
        if state.current_player() != seat:
            who = views_of(state.game).seat_name(seat)
            raise HintError(f"a hint is for the seat deciding, and {who} is not")
        budget = self.budget(hint_seconds(text))
        rng = self.rng(state, "hint")
        position = state.clone()  # the search reads its own copy while the game may go on
        self.cancel = threading.Event()
        try:
            return cancellable(
                lambda cancel: hint_text(position, seat, budget, rng, cancel), self.cancel
            )
        finally:
            self.cancel = None

    def whatif(self, state: State, seat: int, menu: MoveMenu, text: str) -> str:
        """``whatif MOVE``: what the move (by its number in ``menu`` or its words) would do
        for ``seat``; nothing is played. A HintError when previews are refused or the move
        is unknown or not allowed now."""
        if self.refusal() is not None:
            raise HintError(self.refused("previews"))
        if not text.strip():
            raise HintError("whatif needs a move, for example: whatif 2")
        try:
            action = menu.resolve(text)
            return preview_text(state, seat, action, self.rng(state, "whatif"))
        except ValueError as exc:
            raise HintError(str(exc)) from None
