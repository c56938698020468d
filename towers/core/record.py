"""A saved game: its options and its history, as JSON a person can read.

>>> import towers
>>> from towers.core.record import game_record, replay
>>> state = towers.make("torres", players=2).new_initial_state()
>>> state.apply_action(state.legal_actions()[0])
>>> again = replay(game_record(state))
>>> again.history() == state.history()
True
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from towers.core.errors import IllegalActionError, SaveFormatError
from towers.core.game import Game, State
from towers.core.options import value_text
from towers.core.registry import make

FORMAT = "towers-game/1"


def game_record(state: State, words: MoveWords | None = None, **extra: Any) -> dict[str, Any]:
    """The options and history of ``state`` (plus any ``extra`` keys such as seats or seed);
    ``words``, kept from one save to the next, describes only the actions new since the last.
    """
    game = state.game
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": game.name,
        "players": game.num_players,
        "options": dict(game.options),
    }
    record.update(extra)
    record["history"] = state.history()
    record["moves"] = (words or MoveWords(game))(record["history"])
    return record


def describe_history(game: Game, history: list[int]) -> list[str]:
    """Each action of ``history`` in words, by the seat (or chance) that took it."""
    return MoveWords(game)(history)


class MoveWords:
    """The words of a game's history, each action described once: a game saved after every
    move would otherwise be replayed whole at every save, a cost growing with the square of
    its length. A history that does not extend the last one (an undo) is described afresh.

    >>> import towers
    >>> state = towers.make("torres", players=2).new_initial_state()
    >>> words = MoveWords(state.game)
    >>> state.apply_action(state.legal_actions()[0])
    >>> words(state.history()) == describe_history(state.game, state.history())
    True
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self._state = game.new_initial_state()
        self._words: list[str] = []

    def __call__(self, history: list[int]) -> list[str]:
        state = self._state
        if state.history() != history[: len(self._words)]:
            state = self._state = self.game.new_initial_state()
            self._words = []
        for action in history[len(self._words) :]:
            who = state.current_player()
            actor = "chance" if who < 0 else f"seat {who}"
            self._words.append(f"{actor}: {state.action_to_string(action)}")
            state.apply_action(action)
        return list(self._words)


def game_from_record(record: dict[str, Any]) -> Game:
    """The game a record was played in; SaveFormatError when the record does not say it."""
    if record.get("format") != FORMAT:
        given = record.get("format")
        said = "it names no format" if given is None else f"its format is {value_text(given)}"
        raise SaveFormatError(f"not a saved towers game: {said}, not {FORMAT}")
    for key in ("game", "players"):
        if key not in record:
            raise SaveFormatError(f"saved game lacks {key!r}")
    name, players, options = record["game"], record["players"], record.get("options", {})
    if not isinstance(name, str):
        raise SaveFormatError(f"the saved game's name is not a word: {name!r}")
    if not isinstance(options, dict):
        raise SaveFormatError("the saved game's options are not a table of names and values")
    return make(name, players=players, **options)


def record_history(record: dict[str, Any]) -> list[int]:
    """The record's actions; SaveFormatError unless they are a list of whole numbers."""
    history = record.get("history", [])
    if not isinstance(history, list) or not all(type(a) is int for a in history):
        raise SaveFormatError("the saved game's history is not a list of action numbers")
    return history


def replay(record: dict[str, Any], upto: int | None = None) -> State:
    """The state after the first ``upto`` actions of the record (all by default)."""
    game = game_from_record(record)
    state = game.new_initial_state()
    for i, action in enumerate(record_history(record)[:upto]):
        try:
            state.apply_action(action)
        except IllegalActionError as exc:
            raise SaveFormatError(f"action {i + 1} of the saved game is not legal: {exc}") from exc
    return state


def save(path: str | Path, state: State, words: MoveWords | None = None, **extra: Any) -> None:
    Path(path).write_text(json.dumps(game_record(state, words, **extra), indent=1) + "\n")


def load(path: str | Path) -> dict[str, Any]:
    """The record saved in ``path``; SaveFormatError, saying why, when it holds none."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise SaveFormatError(f"cannot read saved game {path}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise SaveFormatError(f"cannot read saved game {path}: it is not text") from exc
    except json.JSONDecodeError as exc:
        raise SaveFormatError(
            f"cannot read saved game {path}: it is not JSON ({exc.msg} at line {exc.lineno})"
        ) from exc
    if not isinstance(data, dict):
        raise SaveFormatError(f"{path} does not hold a saved game")
    return data
