"""Saved games: records, save and load, replay, and bad files."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import towers
from towers.core.chance import random_action
from towers.core.record import (
    FORMAT,
    MoveWords,
    describe_history,
    game_record,
    load,
    replay,
    save,
)


def _played(steps: int, seed: int = 1, players: int = 3) -> towers.State:
    state = towers.make("toy", players=players, deck=6).new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(random_action(state, rng))
    return state


def test_a_record_holds_options_history_and_words() -> None:
    state = _played(9)
    record = game_record(state, seats=["human", "random", "random"], seed=1)
    assert record["format"] == FORMAT
    assert (record["game"], record["players"], record["options"]) == ("toy", 3, {"deck": 6})
    assert record["seats"] == ["human", "random", "random"]
    assert record["history"] == state.history()
    assert len(record["moves"]) == len(state.history())
    assert record["moves"][0].startswith("chance: draw")
    assert list(record)[-2:] == ["history", "moves"]


def test_describe_history_names_who_acted() -> None:
    game = towers.make("toy", players=2, deck=6)
    state = _played(5, seed=2, players=2)
    words = describe_history(game, state.history())
    assert words[:4] == [f"chance: {state.action_to_string(a)}" for a in state.history()[:4]]
    assert words[4].startswith("seat 0: ")


def test_words_kept_between_saves_describe_each_new_action_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a game saved after every move: the words of the record are those of a fresh
    # description, but each action is replayed once in all, not once a save
    played = _played(40, seed=3)
    game, history = played.game, played.history()
    words = MoveWords(game)
    applied = 0
    apply = type(played).apply_action

    def counted(self: towers.State, action: int) -> None:
        nonlocal applied
        applied += 1
        apply(self, action)

    monkeypatch.setattr(type(played), "apply_action", counted)
    for n in range(len(history) + 1):
        assert words(history[:n]) == describe_history(game, history[:n])
    fresh = sum(range(len(history) + 1))  # what describing each save afresh costs
    assert applied == len(history) + fresh
    # an undo (a history that does not extend the last) is described afresh
    assert words(history[:5]) == describe_history(game, history[:5])
    other = _played(12, seed=4).history()
    assert words(other) == describe_history(game, other)
    record = game_record(played, words)
    assert record["moves"] == describe_history(game, history)


def test_replay_rebuilds_the_state_and_stops_part_way() -> None:
    state = _played(12)
    record = game_record(state)
    assert replay(record).to_json() == state.to_json()
    assert replay(record, upto=5).history() == state.history()[:5]
    assert replay(record, upto=0).to_json() == state.game.new_initial_state().to_json()


def test_save_and_load(tmp_path: Path) -> None:
    state = _played(10)
    path = tmp_path / "game.towers.json"
    save(path, state, seed=1)
    record = load(path)
    assert record["seed"] == 1
    assert replay(record).to_json() == state.to_json()
    assert json.loads(path.read_text()) == record


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json {", "cannot read saved game .*: it is not JSON"),
        ("[1, 2]", "does not hold a saved game"),
    ],
)
def test_unreadable_files(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(towers.SaveFormatError, match=message):
        load(path)


def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(towers.SaveFormatError, match="cannot read saved game"):
        load(tmp_path / "nowhere.json")


def test_records_that_are_not_towers_games() -> None:
    record = game_record(_played(4))
    with pytest.raises(towers.SaveFormatError, match="not a saved towers game"):
        replay({**record, "format": "chess-pgn"})
    lacking = {k: v for k, v in record.items() if k != "players"}
    with pytest.raises(towers.SaveFormatError, match="lacks 'players'"):
        replay(lacking)
    with pytest.raises(towers.GameOptionError, match="unknown game"):
        replay({**record, "game": "nothing"})


def test_an_illegal_action_in_a_record_names_its_place() -> None:
    record = game_record(_played(8))
    record["history"][6] = 99
    with pytest.raises(towers.SaveFormatError, match="action 7 of the saved game is not legal"):
        replay(record)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"options": [1]}, "options are not a table"),
        ({"game": ["toy"]}, "name is not a word"),
        ({"history": "abc"}, "history is not a list of action numbers"),
        ({"history": {"a": 1}}, "history is not a list of action numbers"),
        ({"history": [4, 4.5]}, "history is not a list of action numbers"),
        ({"history": [True]}, "history is not a list of action numbers"),
        ({"history": [[4]]}, "history is not a list of action numbers"),
    ],
)
def test_records_of_the_wrong_shape_say_what_is_wrong(
    change: dict[str, object], message: str
) -> None:
    record = {**game_record(_played(4)), **change}
    with pytest.raises(towers.SaveFormatError, match=message):
        replay(record)


def test_a_file_that_is_not_text_or_not_a_file(tmp_path: Path) -> None:
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(towers.SaveFormatError, match="binary.json: it is not text"):
        load(binary)
    with pytest.raises(towers.SaveFormatError, match="Is a directory"):
        load(tmp_path)
