"""Placing tower blocks (Torres, Place a tower block)."""

from __future__ import annotations

import pytest

import towers

from .helpers import act, legal, position


def test_block_enlarges_a_castle_at_level_zero_or_raises_a_column() -> None:
    state = position(heights={"d4": 1, "d5": 1}, knights={0: ["a1"]}, stacks={0: [3, 3]})
    assert legal(state, "block d6")  # next to the castle
    assert legal(state, "block d4")  # on top: height 2 <= area 2
    assert not legal(state, "block a8")  # touches no castle
    act(state, "block d6")
    assert state.surface_areas[state.castle_of[state.heights.index(1)]] == 3
    assert state.action_points == 4 and state.stack_in_use == 2


def test_castle_never_taller_than_its_area() -> None:
    state = position(heights={"d4": 2, "d5": 1}, knights={0: ["a1"]})
    assert not legal(state, "block d4")
    with pytest.raises(towers.IllegalActionError, match="taller than its surface area"):
        act(state, "block d4")
    assert state.heights[27] == 2  # unchanged


def test_castles_may_not_join_only_touch_diagonally() -> None:
    state = position(heights={"c4": 1, "e4": 1, "f5": 1}, knights={0: ["a1"]})
    assert not legal(state, "block d4")  # would join c4 and e4
    assert not legal(state, "block e5")  # would join e4 and f5
    with pytest.raises(towers.IllegalActionError, match="only touch diagonally"):
        act(state, "block d4")
    assert legal(state, "block b4")


def test_no_block_where_a_piece_stands() -> None:
    state = position(heights={"d4": 1, "d5": 1}, knights={0: ["d4"]}, king="d5")
    assert not legal(state, "block d4") and not legal(state, "block d5")


def test_at_most_three_blocks_from_one_stack_a_turn() -> None:
    state = position(heights={"d4": 1}, knights={0: ["a1"]}, stacks={0: [3, 2]})
    act(state, "take stack 3")
    act(state, "block d5")
    act(state, "block d6")
    act(state, "block d7")
    assert state.stack_in_use == 0 and state.blocks_placed == 3
    assert not legal(state, "block d3")


def test_must_name_the_stack_when_stacks_differ() -> None:
    state = position(heights={"d4": 1}, knights={0: ["a1"]}, stacks={0: [3, 2]})
    assert not legal(state, "block d5")
    with pytest.raises(towers.IllegalActionError, match="take stack"):
        act(state, "block d5")
    act(state, "take stack 2")
    act(state, "block d5")
    act(state, "block d6")
    assert not legal(state, "block d3")  # the stack of two is used up
    assert state.stacks[0] == [3]


def test_unused_blocks_redistributed_at_most_three_high() -> None:
    state = position(heights={"d4": 1}, knights={0: ["a1"]}, stacks={0: [3, 2, 1]})
    act(state, "take stack 3")
    act(state, "block d5")
    act(state, "end turn")
    # two blocks left over: onto the 2-stack (-> 3) and the 1-stack (-> 2)
    assert {state.action_to_string(a) for a in state.legal_actions()} == {
        "return leftover blocks",
        "leftover block onto stack 1",
        "leftover block onto stack 2",
    }
    act(state, "leftover block onto stack 2")
    assert state.stacks[0] == [3, 1]
    act(state, "leftover block onto stack 1")
    assert state.stacks[0] == [3, 2]
    assert state.current_player() == 1


def test_extras_that_fit_nowhere_return_to_the_supply() -> None:
    state = position(heights={"d4": 1}, knights={0: ["a1"]}, stacks={0: [3, 3]})
    supply = state.supply
    act(state, "take stack 3")
    act(state, "block d5")
    act(state, "end turn")
    assert state.stacks[0] == [3]
    assert state.supply == supply + 2
    assert state.current_player() == 1


def test_blocks_left_at_the_end_of_a_phase_return_to_the_supply() -> None:
    state = position(heights={"d4": 1}, knights={0: ["d4"]}, stacks={0: [2], 1: [2]}, turn=1)
    state.round = 3
    state.turns_taken = 1
    supply = state.supply
    act(state, "end turn")  # seat 1 uses its last stack; scoring follows
    assert state.stacks == [[], []]
    assert state.supply == supply + 4


def test_block_costs_one_ap() -> None:
    state = position(heights={"d4": 1}, knights={0: ["a1"]}, stacks={0: [3]})
    state.action_points = 0
    assert not legal(state, "block d5")
