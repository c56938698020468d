"""Seat specs: names, inline parameters, labels of repeated bots, bot_params."""

from __future__ import annotations

import pytest

from towers.core.errors import GameOptionError
from towers.sim import parse_seat_spec, resolve_seats


def test_a_bare_name_has_no_parameters() -> None:
    assert parse_seat_spec(" greedy ") == ("greedy", {})


def test_inline_parameters_are_read_as_json_values() -> None:
    name, params = parse_seat_spec("mcts:iterations=50, c=0.5,relative=false,expand_all=true")
    assert name == "mcts"
    assert params == {"iterations": 50, "c": 0.5, "relative": False, "expand_all": True}
    assert parse_seat_spec("mcts:seconds=0.2")[1] == {"seconds": 0.2}
    assert parse_seat_spec("greedy:note=plain,x=none")[1] == {"note": "plain", "x": None}


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("minimax", "unknown seat 'minimax'; a seat can be: .*mcts"),
        ("mcts:iterations", "'iterations' is not KEY=VALUE"),
        ("mcts:=3", "'=3' is not KEY=VALUE"),
    ],
)
def test_bad_specs_say_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(GameOptionError, match=message):
        parse_seat_spec(spec)


def test_repeated_specs_get_numbered_labels() -> None:
    entries = resolve_seats(["random", "mcts:iterations=5", "random", "random"])
    assert [e.label for e in entries] == ["random", "mcts:iterations=5", "random#2", "random#3"]
    assert [e.bot for e in entries] == ["random", "mcts", "random", "random"]


def test_bot_params_by_bot_by_label_and_inline_in_that_order() -> None:
    entries = resolve_seats(
        ["mcts:c=0.1", "mcts", "mcts"],
        {"mcts": {"iterations": 9, "c": 0.9}, "mcts#2": {"iterations": 4}},
    )
    assert [e.params for e in entries] == [
        {"iterations": 9, "c": 0.1},
        {"iterations": 9, "c": 0.9},
        {"iterations": 4, "c": 0.9},
    ]


def test_bot_params_for_no_seat_are_an_error() -> None:
    with pytest.raises(GameOptionError, match="greedy"):
        resolve_seats(["random", "random"], {"greedy": {"samples": 2}})
