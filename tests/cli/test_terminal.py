"""The pieces under the CLI: seat specs, options and the move menu."""

from __future__ import annotations

import pytest

import towers
from tests.cli.conftest import TOY
from towers.core.errors import IllegalActionError
from towers.core.options import value_text
from towers.core.registry import game_class
from towers.terminal.moves import MoveInputError, MoveMenu
from towers.terminal.parsing import (
    InputError,
    SeatSpec,
    parse_bot_params,
    parse_options,
    parse_player_counts,
    parse_seats,
)

BOTS = ["greedy", "mcts", "random"]


def dealt_state() -> towers.State:
    """Seat 0 holds a 1 and a 2 (draw outcomes 4-6 are the values 1-3), seat 1 two 3s."""
    state = towers.make(TOY, players=2).new_initial_state()
    for draw in (4, 6, 5, 6):
        state.apply_action(draw)
    return state


def test_menu_groups_by_first_word_and_numbers_in_order() -> None:
    menu = MoveMenu.of(dealt_state())
    assert menu.names == ["pass", "play 1", "play 2"]
    assert [(label, items) for label, items in menu.groups] == [("pass", [0]), ("play", [1, 2])]


def test_menu_reads_names_numbers_case_and_prefixes() -> None:
    state = dealt_state()
    menu = MoveMenu.of(state)
    assert menu.resolve("play 2") == state.string_to_action("play 2")
    assert menu.resolve("  PLAY 1 ") == state.string_to_action("play 1")
    assert menu.resolve("3") == state.string_to_action("play 2")
    assert menu.resolve("pa") == state.string_to_action("pass")
    with pytest.raises(MoveInputError, match="could be any of: play 1, play 2"):
        menu.resolve("pl")
    with pytest.raises(MoveInputError, match="no move number 4; the moves are numbered 1 to 3"):
        menu.resolve("4")
    with pytest.raises(MoveInputError, match="is not a move or a command"):
        menu.resolve("castle")


def test_an_illegal_name_reaches_the_rules_and_changes_nothing() -> None:
    state = dealt_state()
    before = state.to_json()
    action = MoveMenu.of(state).resolve("play 3")
    with pytest.raises(IllegalActionError, match="holds no card of value 3"):
        state.apply_action(action)
    assert state.to_json() == before


def test_seat_specs_round_trip_and_accept_both_separators() -> None:
    seats = parse_seats("human,mcts:iterations=50,c=0.5,greedy:samples=2", BOTS)
    assert [s.kind for s in seats] == ["human", "mcts", "greedy"]
    assert seats[1].params == {"iterations": 50, "c": 0.5}
    assert [s.to_text() for s in seats] == ["human", "mcts:iterations=50,c=0.5", "greedy:samples=2"]
    assert SeatSpec.from_text("MCTS:iterations=5:seconds=none", BOTS).params == {
        "iterations": 5,
        "seconds": None,
    }
    for text in ("human,", "human,,random", "", "human:x=1", "mcts:iterations"):
        with pytest.raises(InputError):
            parse_seats(text, BOTS)


def test_options_bot_params_and_player_counts() -> None:
    assert parse_options(["deck=6", "name=long game", "flags=[1, 2]"]) == {
        "deck": 6,
        "name": "long game",
        "flags": [1, 2],
    }
    with pytest.raises(InputError, match="given twice"):
        parse_options(["deck=6", "deck=12"])
    assert parse_bot_params(["mcts:seconds=0.2,c=1", "mcts:iterations=3"], BOTS) == {
        "mcts": {"seconds": 0.2, "c": 1, "iterations": 3}
    }
    assert parse_player_counts("4,2-3", 2, 4) == [2, 3, 4]
    with pytest.raises(InputError, match="2 to 4 players"):
        parse_player_counts("5", 2, 4)
    with pytest.raises(InputError, match="--players 4-2 counts down; write it as 2-4"):
        parse_player_counts("4-2", 2, 4)


def test_every_allowed_option_value_typed_as_listed_is_accepted() -> None:
    """No message lists a value that is refused when typed as listed after -o KEY=."""
    for name in towers.list_games():
        declared = game_class(name).OPTIONS
        for key, option in declared.items():
            for choice in option.choices:
                options = parse_options([f"{key}={value_text(choice)}"])
                made = towers.make(name, **options).options[key]
                assert made == choice and type(made) is type(choice), (name, key, choice)
