"""The master version (Torres, Master Version)."""

from __future__ import annotations

import pytest

import towers
from towers.games.torres import actions as A
from towers.games.torres.master import master_points
from towers.games.torres.steps import S_MASTER_DRAW, S_SETUP_CASTLE, S_SETUP_KNIGHT, S_TURN

from .helpers import act, legal, position, sq


def test_master_card_is_a_chance_draw_of_eight() -> None:
    state = towers.make("torres", players=2, variant="master").new_initial_state()
    assert state.step == S_MASTER_DRAW and state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 8 and abs(sum(p for _, p in outcomes) - 1) < 1e-9


def test_players_place_the_eight_castles_two_empty_spaces_apart() -> None:
    game = towers.make("torres", players=3, variant="master", master_card="border")
    state = game.new_initial_state()
    assert state.step == S_SETUP_CASTLE and all(h == 0 for h in state.heights)
    act(state, "castle d4")
    assert state.current_player() == 1
    # distance 3 counted orthogonally: d7 (3 away) is fine, d6 and e5 (2 away) are not
    assert legal(state, "castle d7") and legal(state, "castle g4")
    assert not legal(state, "castle d6") and not legal(state, "castle e5")
    with pytest.raises(towers.IllegalActionError, match="2 empty spaces"):
        act(state, "castle e5")
    seats = []
    while state.step == S_SETUP_CASTLE:
        seats.append(state.current_player())
        state.apply_action(state.legal_actions()[0])
    assert seats == [1, 2, 0, 1, 2, 0, 1]  # eight in all, the first by seat 0
    assert state.step == S_SETUP_KNIGHT and sum(state.heights) == 8 and state.supply == 84


def test_identical_full_hands_and_no_acquiring() -> None:
    state = position(variant="master", knights={0: ["a1"]})
    state.hands = [[1] * 10, [1] * 10]
    assert not legal(state, "acquire card")
    with pytest.raises(towers.IllegalActionError, match="master version"):
        act(state, "acquire card")
    assert legal(state, "play 6 action points")
    assert not towers.make("torres", players=2, variant="master").has_hidden_information()


def test_new_game_hands_hold_all_ten_cards() -> None:
    state = towers.make("torres", players=4, variant="master").new_initial_state()
    assert all(hand == [1] * 10 for hand in state.hands)


def test_turn_order_by_score_after_the_first_round() -> None:
    state = position(
        players=3,
        variant="master",
        knights={0: ["a1"], 1: ["c1"], 2: ["e1"]},
        stacks={0: [2, 2], 1: [2, 2], 2: [2, 2]},
    )
    state.score = [3, 0, 9]
    for _ in range(3):
        act(state, "end turn")
        while state.step != S_TURN:
            state.apply_action(state.legal_actions()[0])
    assert state.round == 1 and state.turn == 2 and state.starting_player == 2


def test_tied_on_the_start_space_keeps_the_order() -> None:
    state = position(players=2, variant="master", knights={0: ["a1"], 1: ["c1"]})
    for _ in range(2):
        act(state, "end turn")
        while state.step != S_TURN:
            state.apply_action(state.legal_actions()[0])
    assert state.turn == 0


def _points(card: str, phase: int, **kw: object) -> list[int]:
    state = position(variant="master", **kw)  # type: ignore[arg-type]
    return master_points(state, A.MASTER_KEYS.index(card), phase)


def test_master_different_levels() -> None:
    heights = {"b2": 1, "c2": 2, "b3": 3, "c3": 1}
    assert _points(
        "different_levels", 2, heights=heights, knights={0: ["b2", "c2", "b3"], 1: ["a8", "h8"]}
    ) == [40, 0]
    assert _points("different_levels", 1, heights=heights, knights={0: ["b2", "c2", "b3"]}) == [
        0,
        0,
    ]


def test_master_same_level() -> None:
    assert _points("same_level", 2, knights={0: ["a1", "h8"], 1: ["a8"]}) == [50, 0]


def test_master_in_a_row() -> None:
    assert _points("in_a_row", 2, knights={0: ["a1", "a5", "a8"], 1: ["b1", "c2"]}) == [50, 0]


def test_master_square_scores_once() -> None:
    eight = ["a1", "a2", "b1", "b2", "c1", "c2"]
    assert _points("square", 2, knights={0: eight, 1: ["e1", "f2", "e3", "d2"]}) == [50, 50]
    assert _points("square", 2, knights={0: ["a1", "a3", "c1", "c2"]}) == [0, 0]


def test_master_border_per_knight_plus_most() -> None:
    # seat 0: 3 border knights, seat 1: 1 -> phase 2: 5 each, +5 for the most
    assert _points("border", 1, knights={0: ["a1", "a4", "h8", "d4"], 1: ["b8", "e5"]}) == [20, 5]
    # a tie for the most earns no extra
    assert _points("border", 0, knights={0: ["a1"], 1: ["h1"]}) == [2, 2]


def test_master_castle_count() -> None:
    heights = {"a1": 1, "c1": 1, "e1": 1, "g1": 1, "a8": 1}
    knights = {0: ["a1", "c1", "e1", "g1"], 1: ["a8"]}
    assert _points("castle_count", 0, heights=heights, knights=knights) == [5, 0]
    assert _points("castle_count", 1, heights=heights, knights=knights) == [0, 0]


def test_master_main_diagonals() -> None:
    assert _points("diagonals", 2, knights={0: ["a1", "h1", "d4"], 1: ["b2"]}) == [40, 10]


def test_master_neighbors() -> None:
    assert _points("neighbors", 2, knights={0: ["d4", "d5", "e5"], 1: ["a1", "c1"]}) == [40, 0]


def test_master_points_join_the_phase_scoring() -> None:
    state = position(
        players=2,
        variant="master",
        knights={0: ["a1", "b1"], 1: ["d4"]},
        stacks={0: [], 1: []},
        king=None,
    )
    state.heights[sq("h8")] = 1
    state._relabel()
    state.king = sq("h8")
    state.occupants[state.king] = 8
    state.master_card = A.MASTER_KEYS.index("border")
    state.round = 3
    state.turns_taken = 1
    act(state, "end turn")
    # after phase 1: seat 0 has 2 border knights (2 each) and the most (+2)
    assert state.score == [6, 0]


def test_a_card_played_in_the_master_version_is_public_to_every_seat() -> None:
    """Every hand holds all the cards in the master version, so a card played tells no seat
    anything it could not know: the disclosure leaves it public (it once failed, reading the
    decks the master version does not have)."""
    import random

    from towers.core.chance import resolve_chance

    game = towers.make("torres", players=3, variant="master")
    state = game.new_initial_state()
    rng = random.Random(4)
    played = 0
    for _ in range(2000):
        if state.is_terminal():
            break
        resolve_chance(state, rng)
        if state.is_terminal():
            break
        for action in state.legal_actions():
            if type(game.values[action]) in A.CARD_OF_KIND:
                assert state.disclosure(action) is None
                played += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert played > 0
