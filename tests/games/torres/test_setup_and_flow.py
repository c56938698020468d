"""Preparation, phases, rounds, the King's move and game end (Torres rulebook)."""

from __future__ import annotations

import random

import pytest

import towers
from towers.games.torres import actions as A
from towers.games.torres.steps import S_KING_MOVE, S_OVER, S_SETUP_KING, S_SETUP_KNIGHT, S_TURN

from .helpers import act, position


def test_preparation_places_eight_castles_on_the_default_layout() -> None:
    state = towers.make("torres", players=3).new_initial_state()
    castles = sorted(A.square_name(s) for s in range(64) if state.heights[s])
    assert castles == sorted(["d1", "c3", "f3", "h4", "a5", "c6", "f6", "e8"])
    assert state.supply == 92 - 8
    assert len(state.surface_areas) == 8


@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_knights_in_turn_then_king_by_the_last_player(players: int) -> None:
    state = towers.make("torres", players=players).new_initial_state()
    for seat in range(players):
        assert state.step == S_SETUP_KNIGHT and state.current_player() == seat
        state.apply_action(state.legal_actions()[0])
    assert state.step == S_SETUP_KING and state.current_player() == players - 1
    king_squares = {A.SPACE.name(a) for a in state.legal_actions()}
    # the King goes on an empty castle: one with no knight on it
    assert len(king_squares) == 8 - players
    state.apply_action(state.legal_actions()[0])
    assert state.step == S_TURN and state.current_player() == 0 and state.action_points == 5
    castles = [state.castle_of[k[0]] for k in state.knights] + [state.castle_of[state.king]]
    assert len(set(castles)) == players + 1


def test_each_player_starts_on_a_different_castle() -> None:
    state = towers.make("torres", players=2).new_initial_state()
    act(state, "first knight d1")
    assert "first knight d1" not in {A.SPACE.name(a) for a in state.legal_actions()}
    with pytest.raises(towers.IllegalActionError, match="different"):
        act(state, "first knight d1")


@pytest.mark.parametrize(
    ("players", "rounds", "stacks"),
    [(4, (4, 3, 3), [2, 2, 2, 2]), (3, (4, 3, 3), [3, 3, 2, 2]), (2, (4, 4, 4), [3, 3, 3, 3])],
)
def test_phases_card_rounds_and_stacks(
    players: int, rounds: tuple[int, ...], stacks: list[int]
) -> None:
    game = towers.make("torres", players=players)
    assert game.phases_rounds == rounds
    state = game.new_initial_state()
    while state.step != S_TURN:
        state.apply_action(state.legal_actions()[0])
    assert all(s == stacks for s in state.stacks)


def _end_turns(state: towers.State, count: int) -> list[int]:
    """End ``count`` turns doing nothing; returns who played each."""
    seats = []
    for _ in range(count):
        seats.append(state.current_player())
        act(state, "end turn")
        while state.current_player() == seats[-1] and state.step != S_TURN:
            state.apply_action(state.legal_actions()[0])
    return seats


def test_four_player_phase_one_lasts_four_rounds_in_clockwise_order() -> None:
    state = towers.make("torres", players=4).new_initial_state()
    while state.step != S_TURN:
        state.apply_action(state.legal_actions()[0])
    seats = _end_turns(state, 16)
    assert seats == [0, 1, 2, 3] * 4
    assert state.step == S_KING_MOVE and state.phase == 0


def test_every_turn_uses_up_one_stack() -> None:
    state = position(players=2, heights={"d4": 1}, stacks={0: [2, 2, 2], 1: [2, 2, 2]})
    supply = state.supply
    act(state, "end turn")
    # no block placed: the stack is used up all the same, its blocks may be redistributed
    assert state.stacks[0] == [2, 2] and state.leftover_blocks == 2
    act(state, "return leftover blocks")
    assert state.supply == supply + 2
    assert state.current_player() == 1


def test_lowest_scorer_moves_the_king_and_starts_the_next_phase() -> None:
    state = towers.make("torres", players=2).new_initial_state()
    act(state, "first knight d1")
    act(state, "first knight c3")
    act(state, "king f3")
    state.score = [30, 12]
    rng = random.Random(0)
    while state.step != S_KING_MOVE:
        if state.step == S_TURN:
            act(state, "end turn")
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    # phase 1 scoring: seat 0 knight on d1 (area 1, level 1) = 1 point; seat 1 on c3 = 1 point
    assert state.score == [31, 13]
    assert state.current_player() == 1
    act(state, "king e8")
    assert state.king == A.parse_square("e8")
    assert (
        state.step == S_TURN and state.turn == 1 and state.starting_player == 1 and state.phase == 1
    )


def test_king_may_stay() -> None:
    state = towers.make("torres", players=2).new_initial_state()
    for text in ("first knight d1", "first knight c3", "king f3"):
        act(state, text)
    while state.step != S_KING_MOVE:
        if state.step == S_TURN:
            act(state, "end turn")
        else:
            state.apply_action(state.legal_actions()[0])
    act(state, "king stays")
    assert A.square_name(state.king) == "f3"


def test_game_ends_after_the_third_scoring() -> None:
    state = towers.make("torres", players=2).new_initial_state()
    for text in ("first knight d1", "first knight c3", "king f3"):
        act(state, text)
    turns = 0
    while not state.is_terminal():
        if state.step == S_TURN:
            turns += 1
            act(state, "end turn")
        else:
            state.apply_action(state.legal_actions()[0])
    assert turns == 2 * 12
    assert state.step == S_OVER
    # one point a scoring each (single-block castles, knights on level 1); the lowest scorer
    # starts each later phase and scores first, so the other leap-frogs it every time
    assert state.score == [5, 6]
    assert state.legal_actions() == []
