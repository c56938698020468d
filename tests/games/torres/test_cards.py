"""Action cards: acquiring, playing, and each of the ten cards (Torres, The Action Cards)."""

from __future__ import annotations

import pytest

import towers
from towers.games.torres import actions as A
from towers.games.torres.steps import S_DRAW, S_KEEP, S_RETURN, S_TURN

from .helpers import act, legal, legal_strings, position, sq


def _draw(state: towers.State, *cards: str) -> None:
    for card in cards:
        assert state.is_chance_node()
        act(state, f"draw {A.CARD_NAMES[A.CARD_KEYS.index(card)]}")


def test_acquire_draws_three_keeps_one_returns_two_for_one_ap() -> None:
    state = position(knights={0: ["a1"]})
    act(state, "acquire card")
    assert state.step == S_DRAW and state.action_points == 4
    _draw(state, "jump_up", "diagonal", "relocate")
    assert state.step == S_KEEP and state.current_player() == 0
    act(state, "keep Diagonal move")
    assert state.step == S_RETURN
    assert legal_strings(state, "return") == {
        "return Jump up two levels top",
        "return Jump up two levels bottom",
        "return Relocate a knight top",
        "return Relocate a knight bottom",
    }
    act(state, "return Jump up two levels top")
    act(state, "return Relocate a knight bottom")
    assert state.step == S_TURN
    deck = state.decks[0]
    assert deck.top == [A.C_JUMP_UP] and deck.bottom == [A.C_RELOCATE] and sum(deck.counts) == 7
    assert state.hands[0][A.C_DIAGONAL] == 1


def test_returned_top_card_is_drawn_next_without_chance() -> None:
    state = position(knights={0: ["a1"]})
    act(state, "acquire card")
    _draw(state, "jump_up", "diagonal", "relocate")
    act(state, "keep Diagonal move")
    act(state, "return Jump up two levels top")
    act(state, "return Relocate a knight top")
    act(state, "acquire card")
    # relocate then jump_up come off the top; only the third card is chance
    assert state.drawn_cards == [A.C_RELOCATE, A.C_JUMP_UP] and state.is_chance_node()


def test_at_most_two_acquisitions_a_turn() -> None:
    state = position(knights={0: ["a1"]})
    for _ in range(2):
        act(state, "acquire card")
        _draw(state, "jump_up", "diagonal", "relocate") if state.decks[0].counts[
            A.C_JUMP_UP
        ] else None
        while state.step != S_TURN:
            state.apply_action(state.legal_actions()[0])
    assert not legal(state, "acquire card")
    with pytest.raises(towers.IllegalActionError, match="at most 2"):
        act(state, "acquire card")


def test_card_acquired_this_turn_cannot_be_played() -> None:
    state = position(knights={0: ["a1"]})
    act(state, "acquire card")
    _draw(state, "six_ap", "diagonal", "relocate")
    act(state, "keep 6 action points")
    act(state, "return Diagonal move top")
    act(state, "return Relocate a knight top")
    assert not legal(state, "play 6 action points")
    with pytest.raises(towers.IllegalActionError, match="acquired this turn"):
        act(state, "play 6 action points")
    act(state, "end turn")
    while state.current_player() == 0:
        state.apply_action(state.legal_actions()[0])
    act(state, "end turn")  # seat 1
    while state.current_player() == 1:
        state.apply_action(state.legal_actions()[0])
    assert legal(state, "play 6 action points")


def test_at_most_one_card_a_turn_and_played_cards_leave_the_game() -> None:
    state = position(knights={0: ["a1"]}, hands={0: ["six_ap", "seven_ap"]})
    act(state, "play 6 action points")
    assert (
        state.action_points == 6
        and state.hands[0][A.C_SIX] == 0
        and state.played_cards[0][A.C_SIX] == 1
    )
    assert not legal(state, "play 7 action points")
    with pytest.raises(towers.IllegalActionError, match="at most one action card"):
        act(state, "play 7 action points")


def test_seven_action_points() -> None:
    state = position(knights={0: ["a1"]}, hands={0: ["seven_ap"]})
    act(state, "play 7 action points")
    assert state.action_points == 7


def test_common_deck_draws_one_card_straight_to_hand() -> None:
    state = position(variant="common_deck", knights={0: ["a1"]})
    assert sum(state.decks[0].counts) == 40 and len(state.decks) == 1
    act(state, "acquire card")
    _draw(state, "door_climb")
    assert state.step == S_TURN and state.hands[0][A.C_DOOR_CLIMB] == 1


def test_jump_up_two_levels() -> None:
    state = position(
        heights={"d4": 1, "d5": 3, "d3": 2}, knights={0: ["d4"]}, hands={0: ["jump_up"]}
    )
    assert legal_strings(state, "play Jump up two levels") == {"play Jump up two levels d4 N"}
    act(state, "play Jump up two levels d4 N")
    assert state.knights[0] == [sq("d5")] and state.action_points == 5


def test_block_under_a_knight_from_any_stack() -> None:
    state = position(
        heights={"d4": 1, "d5": 1},
        knights={0: ["d4"]},
        hands={0: ["block_under"]},
        stacks={0: [3, 1]},
    )
    assert legal_strings(state, "play Block under a knight") == {
        "play Block under a knight d4 from stack 3",
        "play Block under a knight d4 from stack 1",
    }
    act(state, "play Block under a knight d4 from stack 1")
    assert state.heights[sq("d4")] == 2 and state.stacks[0] == [3]


def test_block_under_never_taller_than_the_area() -> None:
    state = position(heights={"d4": 2, "d5": 1}, knights={0: ["d4"]}, hands={0: ["block_under"]})
    assert not legal_strings(state, "play Block under a knight")


def test_block_under_a_ground_knight_starts_a_new_castle_not_next_to_another() -> None:
    state = position(
        heights={"d4": 1, "f5": 1}, knights={0: ["b2", "e5"]}, hands={0: ["block_under"]}
    )
    options = legal_strings(state, "play Block under a knight")
    assert "play Block under a knight b2 from stack 2" in options
    # e5 is orthogonally next to f5 only: it would enlarge that castle, which is allowed
    assert "play Block under a knight e5 from stack 2" in options
    act(state, "play Block under a knight b2 from stack 2")
    assert len(state.surface_areas) == 3 and state.heights[sq("b2")] == 1


def test_block_under_may_not_join_two_castles() -> None:
    state = position(heights={"d4": 1, "f4": 1}, knights={0: ["e4"]}, hands={0: ["block_under"]})
    assert not legal_strings(state, "play Block under a knight")


def test_extra_block_from_the_general_supply() -> None:
    state = position(
        heights={"d4": 1}, knights={0: ["a1"]}, hands={0: ["extra_block"]}, stacks={0: [1]}
    )
    supply = state.supply
    act(state, "block d5")
    act(state, "play Extra block from general supply d6")
    assert state.supply == supply - 1 and state.surface_areas[state.castle_of[sq("d4")]] == 3
    assert state.action_points == 4  # the card's block is free


def test_extra_block_follows_normal_placement_rules() -> None:
    state = position(heights={"c4": 1, "e4": 1}, knights={0: ["a1"]}, hands={0: ["extra_block"]})
    assert not legal(state, "play Extra block from general supply d4")


def test_door_climb_may_climb_any_number_of_levels() -> None:
    # castle d4..d6 with columns 1, 4, 2; from the ground at c4 exit onto d4's top (level 1),
    # next to d5's door: climbing, which a normal door passage never allows
    heights = {"d4": 1, "d5": 4, "d6": 2, "e5": 1}
    state = position(heights=heights, knights={0: ["c5"]}, hands={0: ["door_climb"]})
    assert not legal(state, "move c5-d6")
    assert legal(state, "play Door climb c5-d6")
    act(state, "play Door climb c5-d6")
    assert state.knights[0] == [sq("d6")] and state.action_points == 5


def test_door_climb_exit_must_be_next_to_a_door() -> None:
    heights = {"d4": 1, "d5": 4, "d6": 2}
    state = position(heights=heights, knights={0: ["c5"]}, hands={0: ["door_climb"]})
    # d5 is the tallest column: no door of this castle opens onto its top
    assert not legal(state, "play Door climb c5-d5")


def test_diagonal_move_up_one_at_most() -> None:
    state = position(
        heights={"d4": 1, "e5": 2, "c5": 3}, knights={0: ["d4"]}, hands={0: ["diagonal"]}
    )
    options = legal_strings(state, "play Diagonal move")
    assert "play Diagonal move d4 NE" in options  # level 1 -> 2
    assert "play Diagonal move d4 NW" not in options  # level 1 -> 3
    assert "play Diagonal move d4 SW" in options  # down to the ground


def test_move_a_tower_block() -> None:
    heights = {"d4": 2, "d5": 1, "a8": 1, "h1": 1, "h8": 1, "a1": 1, "f2": 1}
    state = position(heights=heights, knights={0: ["b5"]}, hands={0: ["move_block"]})
    assert legal(state, "play Move a tower block d4-d3")
    act(state, "play Move a tower block d4-d3")
    assert state.heights[sq("d4")] == 1 and state.heights[sq("d3")] == 1


def test_move_block_may_not_divide_a_castle() -> None:
    heights = {"d3": 1, "d4": 1, "d5": 1, "a8": 1, "h1": 1, "h8": 1, "a1": 1, "f2": 1}
    state = position(heights=heights, knights={0: ["b5"]}, hands={0: ["move_block"]})
    assert not legal_strings(state, "play Move a tower block d4-")


def test_move_block_never_below_six_castles() -> None:
    six = {"a1": 1, "c1": 1, "e1": 1, "g1": 1, "a8": 1, "h8": 1}
    state = position(heights=six, knights={0: ["d5"]}, hands={0: ["move_block"]})
    # taking a single-block castle to enlarge another castle would leave five
    assert not legal(state, "play Move a tower block a1-b1")
    # moving it to start a new castle elsewhere keeps six
    assert legal(state, "play Move a tower block a1-d8")
    seven = {**six, "e5": 1}
    state = position(heights=seven, knights={0: ["d3"]}, hands={0: ["move_block"]})
    assert legal(state, "play Move a tower block a1-b1")


def test_move_block_never_leaves_a_castle_taller_than_its_area() -> None:
    heights = {"d4": 2, "d5": 1, "a8": 1, "h1": 1, "h8": 1, "a1": 1, "f2": 1}
    state = position(heights=heights, knights={0: ["b5"]}, hands={0: ["move_block"]})
    assert not legal_strings(state, "play Move a tower block d5-")


def test_move_block_only_empty_blocks() -> None:
    heights = {"d4": 2, "d5": 1, "a8": 1, "h1": 1, "h8": 1, "a1": 1, "f2": 1}
    state = position(heights=heights, knights={0: ["d4"]}, hands={0: ["move_block"]})
    assert not legal_strings(state, "play Move a tower block d4-")


def test_relocate_a_knight_as_though_adding_one() -> None:
    state = position(
        heights={"d4": 2, "d5": 2, "e4": 3}, knights={0: ["a1", "d4"]}, hands={0: ["relocate"]}
    )
    options = legal_strings(state, "play Relocate a knight a1-")
    assert "play Relocate a knight a1-d5" in options  # level 2 next to the level-2 knight
    assert "play Relocate a knight a1-e4" not in options  # higher than that knight
    act(state, "play Relocate a knight a1-d5")
    assert sorted(state.knights[0]) == sorted([sq("d4"), sq("d5")])


def test_jump_over_a_knight_in_a_straight_line() -> None:
    state = position(
        heights={"d4": 1, "d6": 2}, knights={0: ["d4"], 1: ["d5"]}, hands={0: ["jump_over"]}
    )
    assert legal_strings(state, "play Jump over a knight") == {"play Jump over a knight d4 N"}
    act(state, "play Jump over a knight d4 N")
    assert state.knights[0] == [sq("d6")]


def test_jump_over_landing_at_most_one_level_up_and_empty() -> None:
    state = position(
        heights={"d4": 1, "d6": 3}, knights={0: ["d4"], 1: ["d5"]}, hands={0: ["jump_over"]}
    )
    assert not legal_strings(state, "play Jump over a knight")


def test_jump_over_needs_a_knight_not_the_king() -> None:
    state = position(heights={"d5": 1}, knights={0: ["d4"]}, king="d5", hands={0: ["jump_over"]})
    assert not legal_strings(state, "play Jump over a knight")
