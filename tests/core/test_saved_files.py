"""Games and states saved by earlier releases still load and play on (tests/data/saved)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import towers
from towers.cli import app
from towers.core import record
from towers.core.chance import random_action
from towers.core.errors import GameOptionError
from towers.core.game import STATE_FORMAT

SAVED = Path(__file__).resolve().parents[1] / "data" / "saved"
GAMES = sorted(SAVED.glob("*.game.json"))


def test_there_are_saved_files_of_every_shipped_game() -> None:
    names = {json.loads(p.read_text())["game"] for p in GAMES}
    assert {"torres", "tiletum"} <= names


def renamed(game: str, move: str) -> str:
    """A move's words as this release writes them: Torres names its action cards as printed
    (``play 6 action points``) where 0.1.0 wrote their keys (``play six_ap``); Tiletum names
    tiles, towns, road spaces and dice colours (``use +2 action points``, ``die 3 light
    gray``) where it wrote their ids (``use add-ap-2``, ``die 3 light-gray``)."""
    if game == "tiletum":
        from towers.games.tiletum import actions as T

        who, words = move.split(": ", 1)
        return f"{who}: {T.to_string(T.from_string(words))}"
    if game != "torres":
        return move
    from towers.games.torres import actions as A

    for key, name in zip(A.CARD_KEYS + A.MASTER_KEYS, A.CARD_NAMES + A.MASTER_NAMES, strict=True):
        move = re.sub(rf"\b(play|keep|return|draw|master card) {key}\b", rf"\1 {name}", move)
    return move


def play_on(state: towers.State, seed: int) -> None:
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
    assert len(state.winners()) >= 1


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_a_saved_game_loads_and_plays_on(path: Path) -> None:
    data = record.load(path)
    state = record.replay(data)
    assert state.history() == data["history"]
    assert record.describe_history(state.game, data["history"]) == [
        renamed(data["game"], m) for m in data["moves"]
    ]
    play_on(state, 1)


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_a_saved_state_loads_as_the_game_it_was(path: Path) -> None:
    data = record.load(path)
    game = record.game_from_record(data)
    text = path.with_name(path.name.replace(".game.json", ".state.json")).read_text()
    assert "format" not in json.loads(text)  # written before states were tagged
    state = game.state_from_json(text)
    replayed = record.replay(data)
    assert state.to_json() == replayed.to_json()
    assert state.legal_actions() == replayed.legal_actions()
    play_on(state, 2)


def test_a_state_from_a_newer_release_or_another_format_is_refused() -> None:
    game = towers.make("torres", players=2)
    data = json.loads(game.new_initial_state().to_json())
    assert data["format"] == STATE_FORMAT and data["version"] == game.state_class().FIELDS_VERSION
    for changed in ({"version": 99}, {"version": "one"}, {"format": "chess-state/1"}):
        with pytest.raises(GameOptionError):
            game.state_from_json(json.dumps({**data, **changed}))


def test_a_saved_game_replays_in_the_terminal() -> None:
    path = next(p for p in GAMES if "tiletum" in p.name)
    result = CliRunner().invoke(app, ["replay", str(path), "--to", "3"])
    assert result.exit_code == 0, result.output


def test_a_game_that_reshapes_its_fields_reads_its_older_states() -> None:
    from dataclasses import dataclass

    from tests.toy_game import ToyGame, ToyState

    @dataclass(slots=True)
    class RenamedState(ToyState):
        """The toy state as a later release might keep it: ``height`` renamed ``tower``."""

        tower: int = 0
        FIELDS_VERSION = 2

        @classmethod
        def upgrade_fields(cls, fields: dict[str, object], version: int) -> dict[str, object]:
            fields["tower"] = fields["height"]
            return fields

    class RenamedGame(ToyGame):
        def state_class(self) -> type[towers.State]:
            return RenamedState

    old = ToyGame(2)
    state = old.new_initial_state()
    play = random.Random(3)
    for _ in range(12):
        state.apply_action(random_action(state, play))
    text = state.to_json()
    assert json.loads(text)["version"] == 1
    upgraded = RenamedGame(2).state_from_json(text)
    assert isinstance(upgraded, RenamedState)
    assert upgraded.tower == state.height and upgraded.history() == state.history()
