"""Scoring (Torres, Scoring): castle positions, the King's bonus, leap-frogging."""

from __future__ import annotations

from .helpers import act, position

# A castle of 5 spaces: c3 c4 c5 d4 e4, with columns tall enough for a level-3 knight.
FIVE = {"c3": 1, "c4": 3, "c5": 1, "d4": 2, "e4": 1}
# A castle of 4 spaces (2 x 2) four levels high at b2.
FOUR = {"b2": 4, "c2": 2, "b3": 1, "c3": 1}


def test_anna_three_times_five_is_fifteen() -> None:
    state = position(heights=FIVE, knights={0: ["c4"]}, king="e4")
    assert state.castle_points(0) == 3 * 5 == 15


def test_anna_second_knight_lower_on_the_same_castle_earns_nothing_extra() -> None:
    state = position(heights=FIVE, knights={0: ["c4", "d4"]}, king="e4")
    assert state.castle_points(0) == 15


def test_knights_of_different_colors_each_score_the_castle() -> None:
    state = position(heights=FIVE, knights={0: ["c4"], 1: ["d4"]}, king="e4")
    assert state.castle_points(0) == 15 and state.castle_points(1) == 2 * 5


def test_knight_on_the_ground_scores_nothing() -> None:
    state = position(heights=FIVE, knights={0: ["a1"]}, king="e4")
    assert state.castle_points(0) == 0


def test_each_castle_scores_once_per_player() -> None:
    state = position(heights={**FIVE, "g7": 1}, knights={0: ["c4", "g7"]}, king="e4")
    assert state.castle_points(0) == 15 + 1


def test_example_e_no_knight_on_level_one_after_phase_one() -> None:
    state = position(heights=FOUR, knights={0: ["b2", "c2"]}, king="b3")
    assert state.castle_points(0) == 4 * 4 == 16
    assert state.king_bonus(0, phase=0) == 0
    # had it been phase 2, the knight on level 2 earns the 10-point bonus: 26 in all
    assert state.castle_points(0) + state.king_bonus(0, phase=1) == 26


def test_example_f_bonus_on_level_one_and_position_on_level_two() -> None:
    heights = {"b2": 2, "c2": 1, "b3": 1, "c3": 1}
    state = position(heights=heights, knights={0: ["c2", "b2"]}, king="c3")
    assert state.king_bonus(0, phase=0) == 5
    assert state.castle_points(0) == 4 * 2 == 8
    assert state.king_bonus(0, phase=0) + state.castle_points(0) == 13


def test_two_knights_on_the_bonus_level_earn_it_once() -> None:
    heights = {"b2": 1, "c2": 1, "b3": 1, "c3": 1}
    state = position(heights=heights, knights={0: ["b2", "c2"]}, king="c3")
    assert state.king_bonus(0, phase=0) == 5


def test_king_bonus_by_phase_is_5_10_15() -> None:
    heights = {"b2": 1, "c2": 2, "b3": 3, "c3": 1}
    state = position(heights=heights, knights={0: ["b2", "c2", "b3"]}, king="c3")
    assert [state.king_bonus(0, p) for p in range(3)] == [5, 10, 15]


def test_bonus_only_in_the_kings_castle() -> None:
    heights = {"b2": 1, "g7": 1}
    state = position(heights=heights, knights={0: ["b2"]}, king="g7")
    assert state.king_bonus(0, phase=0) == 0


def test_scoring_marker_leap_frogs_occupied_spaces() -> None:
    state = position(heights={"d4": 1}, knights={0: ["d4"]}, king=None)
    state.score = [4, 5]
    act(state, "advance marker")
    assert state.score == [6, 5]
    assert state.action_points == 4


def test_many_markers_share_only_the_start_space() -> None:
    state = position(players=3, heights={"d4": 1}, knights={0: ["d4"]})
    state.score = [0, 0, 1]
    act(state, "advance marker")
    assert state.score == [2, 0, 1]


def test_phase_scoring_in_turn_order_with_leap_frogging() -> None:
    state = position(players=2, heights=FIVE, knights={0: ["c4"], 1: ["d4"]}, king="e4")
    state.stacks = [[], []]
    state.round = 3
    state.turns_taken = 1
    state.score = [0, 15]
    act(state, "end turn")  # the last turn of phase 1 ends: scoring
    # seat 0 (started the round) scores 15 -> lands on 15, occupied by seat 1 -> 16;
    # seat 1 scores 10 -> 25; no knight stands on level 1 of the King's castle
    assert state.score == [16, 25]
    assert state.current_player() == 0  # lowest scorer may move the King
