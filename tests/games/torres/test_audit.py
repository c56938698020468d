"""Rules audit: one test per rule of ``torres.md`` that had none that fails when it breaks."""

from __future__ import annotations

import random

import pytest

import towers
from towers.core.components import Deck
from towers.games.torres import actions as A
from towers.games.torres.rules import TorresState
from towers.games.torres.steps import S_KEEP, S_KING_MOVE, S_TURN

from .helpers import act, fresh, legal, legal_strings, position, sq


def _draw(state: TorresState, *cards: str) -> None:
    for card in cards:
        assert state.is_chance_node()
        act(state, f"draw {_printed(card)}")


def _why(state: TorresState, text: str) -> str:
    why = fresh(state).explain(A.SPACE.parse(text))
    assert why is not None, f"{text} is legal"
    return why


def _end_phase(state: TorresState) -> None:
    """End the last turn of the phase (the state was built at the last seat's turn)."""
    state.round = state.game.phases_rounds[state.phase] - 1
    state.turns_taken = state.game.num_players - 1
    act(state, "end turn")


# ---- Add a knight ---------------------------------------------------------------------


def test_add_knight_only_on_an_empty_space() -> None:
    state = position(heights={"d4": 1}, knights={0: ["d4"], 1: ["d5"]}, king="c4")
    assert legal_strings(state, "add knight") == {"add knight d3", "add knight e4"}
    assert "d5 is not empty" in _why(state, "add knight d5")
    assert "c4 is not empty" in _why(state, "add knight c4")


def test_add_knight_any_number_per_turn() -> None:
    state = position(knights={0: ["d4"]})
    act(state, "add knight d5")
    act(state, "add knight d6")
    assert state.action_points == 1 and len(state.knights[0]) == 3
    assert not legal_strings(state, "add knight")


# ---- Move a knight: doors -------------------------------------------------------------


def test_doors_exit_only_by_a_door_of_the_castle_entered() -> None:
    # the knight on b4 enters castle c4; castle e5 (diagonal to c4's door square d4) is
    # another castle, and its doors are not exits of c4
    state = position(heights={"c4": 1, "e5": 1}, knights={0: ["b4"]})
    moves = legal_strings(state, "move b4-")
    assert {"move b4-c5", "move b4-d4", "move b4-c3"} <= moves  # c4's doors
    assert "move b4-e6" not in moves and "move b4-f5" not in moves  # e5's doors


def test_doors_lead_down_as_far_as_the_knight_chooses() -> None:
    # the knight on c4 (level 3) enters d4's door (column 4) and may come out on e4's roof
    # (level 1, by d4's door) or on the ground anywhere round the castle
    state = position(heights={"c4": 3, "d4": 4, "e4": 1}, knights={0: ["c4"]})
    moves = legal_strings(state, "move c4-")
    assert "move c4-d5" in moves and "move c4-f4" in moves and "move c4-d3" in moves
    act(state, "move c4-f4")
    assert state.action_points == 4 and state.heights[state.knights[0][0]] == 0


def test_door_exit_must_be_an_empty_space() -> None:
    heights = {"c4": 1, "d4": 1, "e4": 1}
    state = position(heights=heights, knights={0: ["b4"], 1: ["f4"]}, king="d5")
    moves = legal_strings(state, "move b4-")
    assert "move b4-f4" not in moves and "move b4-d5" not in moves
    assert "move b4-d3" in moves
    assert "occupied" in _why(state, "move b4-f4")


def test_knight_passes_through_as_many_castles_as_ap_spent() -> None:
    state = position(heights={"c4": 1, "e4": 1}, knights={0: ["b4"]})
    act(state, "move b4-d4")  # through c4
    act(state, "move d4-f4")  # through e4
    assert state.knights[0] == [sq("f4")] and state.action_points == 3


# ---- Acquire action cards -------------------------------------------------------------


def test_acquire_costs_one_ap() -> None:
    state = position(knights={0: ["a1"]})
    state.action_points = 0
    assert not legal(state, "acquire card")
    assert "1 action point" in _why(state, "acquire card")


def test_acquire_from_a_deck_of_fewer_than_three_cards() -> None:
    state = position(knights={0: ["a1"]})
    state.decks[0] = Deck.of_counts([0] * A.CARD_KINDS)
    state.decks[0].counts[A.C_JUMP_UP] = state.decks[0].counts[A.C_DIAGONAL] = 1
    act(state, "acquire card")
    _draw(state, "jump_up", "diagonal")
    assert state.step == S_KEEP
    act(state, "keep Jump up two levels")
    act(state, "return Diagonal move bottom")
    assert state.step == S_TURN and state.hands[0][A.C_JUMP_UP] == 1
    # the one card left is known to its owner: drawn without chance, kept
    act(state, "acquire card")
    assert state.step == S_KEEP and state.drawn_cards == [A.C_DIAGONAL]
    act(state, "keep Diagonal move")
    assert state.step == S_TURN and not legal(state, "acquire card")  # the deck is empty


def _printed(key: str) -> str:
    return A.CARD_NAMES[A.CARD_KEYS.index(key)]


def _acquired(kept: str, top: str, bottom: str) -> TorresState:
    state = position(knights={0: ["a1"]})
    act(state, "acquire card")
    _draw(state, top, kept, bottom)
    act(state, f"keep {_printed(kept)}")
    act(state, f"return {_printed(top)} top")
    act(state, f"return {_printed(bottom)} bottom")
    return state


def test_returned_cards_are_face_down_to_the_other_players() -> None:
    one = _acquired("diagonal", "jump_up", "relocate")
    two = _acquired("six_ap", "door_climb", "seven_ap")
    assert one.observation(1) == two.observation(1)
    assert one.observation(None) == two.observation(None)
    assert one.observation(0)["deck_top"] == ["jump_up"]
    assert one.observation(0)["deck_bottom"] == ["relocate"]


def test_drawn_cards_are_seen_only_by_their_owner() -> None:
    views = []
    for cards in (("jump_up", "diagonal", "relocate"), ("six_ap", "seven_ap", "move_block")):
        state = position(knights={0: ["a1"]})
        act(state, "acquire card")
        _draw(state, *cards)
        assert state.observation(0)["drawn"] == sorted(cards, key=A.CARD_KEYS.index)
        views.append([state.observation(1), state.observation(None)])
    assert views[0] == views[1]


def test_determinize_keeps_what_the_seat_knows_of_its_own_deck() -> None:
    state = _acquired("diagonal", "jump_up", "relocate")
    rng = random.Random(1)
    hands_seen = set()
    for _ in range(30):
        mine = state.determinize(0, rng)
        assert mine.hands[0] == state.hands[0] and mine.decks[0] == state.decks[0]
        theirs = state.determinize(1, rng)
        # seat 1 knows seat 0 holds one card, one on top and one at the bottom, not which
        assert sum(theirs.hands[0]) == 1
        assert len(theirs.decks[0].top) == 1 and len(theirs.decks[0].bottom) == 1
        hands_seen.add(tuple(theirs.hands[0]))
    assert len(hands_seen) > 1


# ---- Play an action card --------------------------------------------------------------


def test_playing_a_card_costs_no_action_points() -> None:
    state = position(knights={0: ["a1"]}, hands={0: ["six_ap"]})
    state.action_points = 0
    act(state, "play 6 action points")
    assert state.action_points == 1


# ---- Common action deck ---------------------------------------------------------------


def test_common_deck_keeps_the_other_acquire_rules() -> None:
    state = position(variant="common_deck", knights={0: ["a1"]})
    act(state, "acquire card")
    _draw(state, "six_ap")
    act(state, "acquire card")
    _draw(state, "six_ap")
    assert state.hands[0][A.C_SIX] == 2 and state.action_points == 3
    assert sum(state.decks[0].counts) == 38
    assert not legal(state, "acquire card")  # at most two a turn
    assert not legal(state, "play 6 action points")  # not on the turn acquired


# ---- The Action Cards -----------------------------------------------------------------


def test_jump_up_lands_on_an_empty_space() -> None:
    state = position(
        heights={"d4": 1, "d5": 3}, knights={0: ["d4"], 1: ["d5"]}, hands={0: ["jump_up"]}
    )
    assert not legal_strings(state, "play Jump up two levels")
    assert "not empty" in _why(state, "play Jump up two levels d4 N")


def test_diagonal_move_between_castles_and_from_the_ground() -> None:
    state = position(
        heights={"d4": 1, "e5": 1, "c3": 2},
        knights={0: ["d4", "f4"]},
        king="c5",
        hands={0: ["diagonal"]},
    )
    options = legal_strings(state, "play Diagonal move")
    assert "play Diagonal move d4 NE" in options  # castle d4 to castle e5
    assert "play Diagonal move f4 NW" in options  # from level 0 up to level 1
    assert "play Diagonal move d4 SW" in options  # from level 1 up to level 2
    assert "play Diagonal move d4 NW" not in options  # the King stands on c5
    assert "not empty" in _why(state, "play Diagonal move d4 NW")


def test_relocate_needs_another_knight_of_the_same_color() -> None:
    state = position(knights={0: ["a1"], 1: ["d4"]}, hands={0: ["relocate"]})
    assert not legal_strings(state, "play Relocate a knight")


def test_relocate_from_any_space_on_the_board() -> None:
    heights = {"g8": 1, "h8": 1}
    state = position(heights=heights, knights={0: ["a1", "h8"]}, hands={0: ["relocate"]})
    assert legal_strings(state, "play Relocate a knight a1-") == {
        "play Relocate a knight a1-g8",
        "play Relocate a knight a1-h7",
    }
    act(state, "play Relocate a knight a1-g8")
    assert sorted(state.knights[0]) == [sq("g8"), sq("h8")] and state.action_points == 5


def test_jump_over_any_knight_on_any_level_landing_down_any_number() -> None:
    # the jumped knight is the player's own, on level 3; the jumper drops from 2 to 0
    state = position(
        heights={"d4": 2, "d5": 3, "c4": 1, "c5": 1}, knights={0: ["d4", "d5"]}, king="d2"
    )
    state.hands[0][A.C_JUMP_OVER] = 1
    assert legal(state, "play Jump over a knight d4 N")
    act(state, "play Jump over a knight d4 N")
    assert sq("d6") in state.knights[0] and state.heights[sq("d6")] == 0


def test_jump_over_lands_on_an_empty_space() -> None:
    state = position(knights={0: ["d4"], 1: ["d5", "d6"]}, hands={0: ["jump_over"]})
    assert not legal(state, "play Jump over a knight d4 N")
    assert "not empty" in _why(state, "play Jump over a knight d4 N")


def test_block_under_only_own_knights() -> None:
    state = position(heights={"d4": 1, "d5": 1}, knights={1: ["d4"]}, king="d5")
    state.hands[0][A.C_BLOCK_UNDER] = 1
    assert not legal_strings(state, "play Block under a knight")
    assert "no knight on d4" in _why(state, "play Block under a knight d4 from stack 2")


def test_block_under_new_castle_may_touch_another_diagonally() -> None:
    state = position(heights={"d4": 1}, knights={0: ["e5"]}, hands={0: ["block_under"]})
    act(state, "play Block under a knight e5 from stack 2")
    assert (
        len(state.surface_areas) == 2 and state.heights[sq("e5")] == 1 and state.stacks[0] == [2, 1]
    )


def test_extra_block_needs_a_block_in_the_general_supply() -> None:
    state = position(heights={"d4": 1}, knights={0: ["a1"]}, hands={0: ["extra_block"]})
    state.supply = 0
    assert not legal_strings(state, "play Extra block from general supply")
    assert "general supply" in _why(state, "play Extra block from general supply d5")


def test_door_climb_exits_onto_an_empty_space() -> None:
    heights = {"d4": 1, "d5": 4, "d6": 2}
    state = position(heights=heights, knights={0: ["c5"], 1: ["d6"]}, hands={0: ["door_climb"]})
    assert not legal(state, "play Door climb c5-d6")
    assert legal(state, "play Door climb c5-d4")
    assert "not empty" in _why(state, "play Door climb c5-d6")


def test_door_climb_needs_a_door_next_to_the_knight() -> None:
    state = position(
        heights={"d4": 1, "d5": 2}, knights={0: ["d5", "a1"]}, hands={0: ["door_climb"]}
    )
    # d5 is the tallest column and a1 is far from any castle: no door to go into
    assert not legal_strings(state, "play Door climb")
    assert "no door" in _why(state, "play Door climb a1-e4")
    assert "no door" in _why(state, "play Door climb d5-e4")


SEVEN = {"a1": 1, "c1": 1, "e1": 1, "g1": 1, "a8": 1, "h8": 1, "d5": 1}


def test_move_block_new_castle_not_orthogonally_next_to_another() -> None:
    state = position(heights={**SEVEN, "f5": 1}, knights={0: ["b4"]}, hands={0: ["move_block"]})
    options = legal_strings(state, "play Move a tower block a1-")
    assert "play Move a tower block a1-e5" not in options  # would join d5 and f5
    assert "play Move a tower block a1-c5" in options  # enlarges d5
    assert "play Move a tower block a1-e4" in options  # a new castle touching d5, f5 diagonally
    why = _why(state, "play Move a tower block a1-e5")
    assert "only touch diagonally" in why and "six" not in why


def test_move_block_onto_a_column_never_taller_than_its_area() -> None:
    heights = {**SEVEN, "d5": 2, "d6": 1}
    state = position(heights=heights, knights={0: ["b4"]}, hands={0: ["move_block"]})
    assert not legal(state, "play Move a tower block a1-d5")  # 3 high on an area of 2
    assert legal(state, "play Move a tower block a1-d6")  # 2 high on an area of 2
    why = _why(state, "play Move a tower block a1-d5")
    assert "taller than its surface area" in why and "six" not in why


def test_move_block_to_an_empty_space_only() -> None:
    state = position(
        heights=SEVEN, knights={0: ["b4"], 1: ["d6"]}, king="d4", hands={0: ["move_block"]}
    )
    assert not legal(state, "play Move a tower block a1-d6")
    assert not legal(state, "play Move a tower block a1-d4")
    assert legal(state, "play Move a tower block a1-c5")
    assert "another empty space" in _why(state, "play Move a tower block a1-d6")


def test_move_block_explains_the_six_castle_limit() -> None:
    six = {"a1": 1, "c1": 1, "e1": 1, "g1": 1, "a8": 1, "h8": 1}
    state = position(heights=six, knights={0: ["d5"]}, hands={0: ["move_block"]})
    why = _why(state, "play Move a tower block a1-b1")
    assert "below 6: this move would leave 5" in why and "diagonally" not in why


# ---- Scoring --------------------------------------------------------------------------


def test_kings_bonus_scored_after_all_castle_positions() -> None:
    # seat 0: 3 for the King's castle (area 3, level 1) and the 5 bonus; seat 1: 8.
    # In order: seat 0 to 3, seat 1 to 8, then seat 0's bonus 3 + 5 = 8, taken: 9.
    heights = {"b2": 1, "b3": 1, "b4": 1, "g5": 2, "g6": 1, "g7": 1, "g8": 1}
    state = position(
        heights=heights, knights={0: ["b2"], 1: ["g5"]}, king="b4", stacks={0: [], 1: []}
    )
    state.turn = 1
    _end_phase(state)
    assert state.score == [9, 8]
    assert state.step == S_KING_MOVE and state.current_player() == 1


def test_players_score_from_the_starting_player_clockwise() -> None:
    heights = {"a1": 1, "a2": 1, "a3": 1, "a4": 1, "a5": 1, "h1": 1, "h2": 1, "h3": 1}
    heights |= {"h4": 1, "h5": 1, "d8": 1}
    state = position(
        heights=heights, knights={0: ["a1"], 1: ["h1"]}, king="d8", stacks={0: [], 1: []}, turn=1
    )
    state.turn = 0  # seat 1 started the round; seat 0 plays its last turn
    _end_phase(state)
    # seat 1 scores first: 5; seat 0 lands on 5, taken: 6
    assert state.score == [6, 5]


def test_new_phase_takes_the_phases_card_stacks() -> None:
    state = position(players=4, knights={s: [f"{'aceg'[s]}1"] for s in range(4)}, king=None)
    state.heights[sq("h8")] = 1
    state._relabel()
    state.king = sq("h8")
    state.occupants[state.king] = 8
    state.stacks = [[], [], [], []]
    state.turn = 3
    supply = state.supply
    _end_phase(state)
    act(state, "king stays")
    assert state.phase == 1 and state.stacks == [[2, 2, 2]] * 4
    assert state.supply == supply - 24


def test_king_moves_only_to_an_empty_space_of_a_castle() -> None:
    heights = {"d4": 2, "d5": 1, "a1": 1}
    state = position(
        heights=heights, knights={0: ["d5"], 1: ["b8"]}, king="a1", stacks={0: [], 1: []}
    )
    state.turn = 1
    _end_phase(state)
    assert state.step == S_KING_MOVE
    assert {A.SPACE.name(a) for a in state.legal_actions()} == {"king stays", "king d4"}
    assert "no tower block" in _why(state, "king b1")
    assert "not empty" in _why(state, "king d5")


# ---- Master version -------------------------------------------------------------------


def _master_points(card: str, phase: int, **kw: object) -> list[int]:
    from towers.games.torres.master import master_points

    state = position(variant="master", **kw)  # type: ignore[arg-type]
    return master_points(state, A.MASTER_KEYS.index(card), phase)


@pytest.mark.parametrize(
    ("phase", "castles", "points"),
    [(0, 4, 5), (1, 5, 15), (2, 6, 30), (0, 5, 0), (1, 4, 0), (1, 6, 0), (2, 5, 0)],
)
def test_master_castle_count_exactly_four_five_six(phase: int, castles: int, points: int) -> None:
    squares = ["a1", "c1", "e1", "g1", "a8", "c8"][:castles]
    heights = dict.fromkeys(["a1", "c1", "e1", "g1", "a8", "c8"], 1)
    got = _master_points("castle_count", phase, heights=heights, knights={0: squares})
    assert got == [points, 0]


@pytest.mark.parametrize("card", ["different_levels", "same_level", "in_a_row", "neighbors"])
def test_master_end_cards_score_only_after_phase_three(card: str) -> None:
    knights = {0: ["a1", "a2"], 1: ["h8"]}
    heights = {"a1": 1}  # levels 1 and 0: different; for same_level use the ground
    if card == "same_level":
        heights = {}
    assert _master_points(card, 0, heights=heights, knights=knights) == [0, 0]
    assert _master_points(card, 1, heights=heights, knights=knights) == [0, 0]
    assert _master_points(card, 2, heights=heights, knights=knights)[0] > 0


def test_master_version_has_no_common_deck_and_no_draws() -> None:
    game = towers.make("torres", players=3, variant="master", master_card="square")
    state = game.new_initial_state()
    assert state.decks == [] and all(hand == [1] * 10 for hand in state.hands)


def test_master_in_a_row_along_a_rank_too() -> None:
    assert _master_points("in_a_row", 2, knights={0: ["a4", "d4", "h4"], 1: ["a1", "b2"]}) == [
        50,
        0,
    ]


def test_master_neighbors_must_all_be_joined() -> None:
    knights = {0: ["d4", "d5", "f5"], 1: ["a1", "a2"]}
    assert _master_points("neighbors", 2, knights=knights) == [0, 40]


def test_master_tie_on_the_start_space_keeps_the_turn_order() -> None:
    state = position(players=3, variant="master", knights={0: ["a1"], 1: ["c1"], 2: ["e1"]}, turn=1)
    state.stacks = [[2, 2], [2, 2], [2, 2]]
    for _ in range(3):
        act(state, "end turn")
        while state.step != S_TURN:
            state.apply_action(state.legal_actions()[0])
    assert state.round == 1 and state.starting_player == 1 and state.turn == 1


# ---- Move along the scoring track -----------------------------------------------------


def test_marker_leap_frogs_every_occupied_space_in_a_row() -> None:
    state = position(players=3, knights={0: ["a1"]})
    state.score = [4, 5, 6]
    act(state, "advance marker")
    assert state.score == [7, 5, 6] and state.action_points == 4
