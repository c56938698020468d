"""Adding and moving knights (Torres, Add a knight; Move a knight; Doors)."""

from __future__ import annotations

import pytest

import towers

from .helpers import act, legal, legal_strings, position, sq


def test_add_knight_orthogonally_next_to_own_knight_for_two_ap() -> None:
    state = position(heights={"d4": 2, "d5": 1}, knights={0: ["d4"]})
    assert legal_strings(state, "add knight") == {
        "add knight d5",
        "add knight d3",
        "add knight c4",
        "add knight e4",
    }
    act(state, "add knight d5")
    assert state.action_points == 3 and sq("d5") in state.knights[0]


def test_add_knight_never_higher_than_the_existing_knight() -> None:
    state = position(heights={"d4": 1, "d5": 2, "c5": 1}, knights={0: ["d4"]})
    assert not legal(state, "add knight d5")
    with pytest.raises(towers.IllegalActionError, match="higher"):
        act(state, "add knight d5")


def test_add_knight_needs_two_ap_and_a_knight_in_reserve() -> None:
    state = position(heights={"d4": 1}, knights={0: ["a1", "a3", "a5", "a7", "h1"]})
    state.action_points = 1
    assert not legal_strings(state, "add knight")
    state.action_points = 2
    assert legal(state, "add knight b1")
    act(state, "add knight b1")
    state.action_points = 5
    assert not legal_strings(state, "add knight")  # all six on the board


def test_move_is_orthogonal_one_level_up_any_down() -> None:
    heights = {"d4": 1, "d5": 2, "e4": 3, "c4": 0}
    state = position(heights=heights, knights={0: ["d4"]})
    moves = legal_strings(state, "move d4-")
    assert "move d4-d5" in moves  # up one
    assert "move d4-e4" not in moves  # up two
    assert "move d4-c4" in moves and "move d4-d3" in moves  # down
    # e5 is reached through e4's door, so diagonals are checked on open ground
    flat = position(knights={0: ["b2"]})
    assert legal_strings(flat, "move b2-") == {
        "move b2-b3",
        "move b2-c2",
        "move b2-b1",
        "move b2-a2",
    }


def test_move_down_any_number_of_levels() -> None:
    state = position(heights={"d4": 3, "d5": 2, "d6": 1}, knights={0: ["d4"]})
    assert legal(state, "move d4-c4")  # from level 3 to the ground


def test_move_never_onto_a_knight_or_the_king() -> None:
    state = position(heights={"d4": 1, "d5": 1}, knights={0: ["d4"], 1: ["c4"]}, king="d5")
    assert not legal(state, "move d4-c4")
    assert not legal(state, "move d4-d5")
    with pytest.raises(towers.IllegalActionError, match="occupied"):
        act(state, "move d4-d5")


def test_each_space_costs_one_ap() -> None:
    state = position(knights={0: ["a1"]})
    for target in ("a2", "a3", "a4", "a5", "a6"):
        act(state, f"move {target[0]}{int(target[1]) - 1}-{target}")
    assert state.action_points == 0
    assert not legal_strings(state, "move")


def test_doors_pass_through_a_castle_for_one_ap() -> None:
    # a castle c4 d4 e4 of height 1; a knight on the ground at b4 may come out at f4
    state = position(heights={"c4": 1, "d4": 1, "e4": 1}, knights={0: ["b4"]})
    assert legal(state, "move b4-f4")
    assert legal(state, "move b4-d5")
    act(state, "move b4-f4")
    assert state.action_points == 4


def test_doors_never_lead_up() -> None:
    # from the ground through doors only to the ground; from level 1 one may leave on level 1
    heights = {"c4": 2, "d4": 1, "e4": 3}
    state = position(heights=heights, knights={0: ["b4"], 1: ["d4"]})
    exits = legal_strings(state, "move b4-")
    assert "move b4-f4" in exits
    state2 = position(heights=heights, knights={0: ["d4"]})
    # from d4 (level 1) through e4's door (column 3 > 1) out onto level 1 or lower
    assert legal(state2, "move d4-f4")
    assert legal(state2, "move d4-c4")  # c4 is level 2: a normal step up one
    state3 = position(heights={"c4": 3, "d4": 1, "e4": 3, "c5": 2}, knights={0: ["d4"]})
    assert not legal(state3, "move d4-c5")  # level 2 > 1 through a door: not allowed


def test_door_needs_a_castle_column_taller_than_the_knight() -> None:
    state = position(heights={"c4": 1, "d4": 1, "e4": 1}, knights={0: ["c4"]})
    # standing on top of a level-1 castle, no neighbouring column is taller: no door to enter
    assert not legal(state, "move c4-f4")
