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
from towers.core.registry import make

FORMAT = "towers-game/1"


def game_record(state: State, **extra: Any) -> dict[str, Any]:
    """The options and history of ``state`` (plus any ``extra`` keys such as seats or seed)."""
    game = state.game
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": game.name,
        "players": game.num_players,
        "options": dict(game.options),
    }
    record.update(extra)
    record["history"] = state.history()
    record["moves"] = describe_history(game, state.history())
    return record


def describe_history(game: Game, history: list[int]) -> list[str]:
    """Each action of ``history`` in words, by the seat (or chance) that took it."""
    state = game.new_initial_state()
    words = []
    for action in history:
        who = state.current_player()
        actor = "chance" if who < 0 else f"seat {who}"
        words.append(f"{actor}: {state.action_to_string(action)}")
        state.apply_action(action)
    return words


def game_from_record(record: dict[str, Any]) -> Game:
    if record.get("format") != FORMAT:
        raise SaveFormatError(f"not a saved towers game (format {record.get('format')!r})")
    try:
        return make(record["game"], players=record["players"], **record.get("options", {}))
    except KeyError as exc:
        raise SaveFormatError(f"saved game lacks {exc.args[0]!r}") from exc


def replay(record: dict[str, Any], upto: int | None = None) -> State:
    """The state after the first ``upto`` actions of the record (all by default)."""
    game = game_from_record(record)
    state = game.new_initial_state()
    history = record.get("history", [])
    for i, action in enumerate(history[:upto]):
        try:
            state.apply_action(action)
        except IllegalActionError as exc:
            raise SaveFormatError(f"action {i} of the saved game is not legal: {exc}") from exc
    return state


def save(path: str | Path, state: State, **extra: Any) -> None:
    Path(path).write_text(json.dumps(game_record(state, **extra), indent=1) + "\n")


def load(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise SaveFormatError(f"cannot read saved game {path}: {exc}") from exc
    if not isinstance(data, dict):
        raise SaveFormatError(f"{path} does not hold a saved game")
    return data
