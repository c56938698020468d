"""The Scheme-driven opponent (rulebook: Solo Setup to 2 Player vs Solo Rules)."""

from __future__ import annotations

import random

import pytest

import towers
from towers.core.chance import random_action
from towers.games.sifnos import frames as F
from towers.games.sifnos import solo
from towers.games.sifnos.actions import DATA, SPACE, DrawScheme, Give
from towers.games.sifnos.rules import SifnosState

R = DATA.region_index


def opening(players: int = 1, seed: int = 1, **options: object) -> SifnosState:
    """A game just past its setup, at the first player's Prepare."""
    state = towers.make("sifnos", players=players, **options).new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(random_action(state, rng))
    assert isinstance(state, SifnosState)
    return state


def at_reveal(state: SifnosState) -> SifnosState:
    """The same table with the opponent's turn begun: a Scheme about to be revealed."""
    state.pending.clear()
    state.turn = state.game.opponent
    state.pending.push(F.EndTurn(seat=state.game.opponent))
    solo.start_turn(state)
    state._legal = None
    return state


def reveal(state: SifnosState, scheme_id: int) -> None:
    state.apply_action(SPACE.encode(DrawScheme(scheme=scheme_id - 1)))


def clear_map(state: SifnosState) -> None:
    n = len(DATA.regions)
    state.die_owner = [-1] * n
    state.die_value = [0] * n
    state.soldier_at = [-1] * n
    state.fort_at = [-1] * n
    state.stacks = [[] for _ in DATA.spaces]
    state.beacon_at = [-1] * len(DATA.spaces)


def test_solo_setup_gives_the_opponent_four_aids_three_decks_and_a_two_player_table() -> None:
    state = opening(1)
    opp = state.game.opponent
    assert opp == 1 and len(state.aids[opp]) == 4 and len(state.aids[0]) == 2
    assert state.die_owner.count(opp) == 4 and state.die_owner.count(0) == 2
    assert sum(len(s) for s in state.stacks) == 6
    assert state.scheme_left == [6, 6, 6] and state.scheme_allies == [True, True, False]
    assert len(state.face_up) == 2 and len(state.tile_row) == 3
    assert state.game.ally_space == 9
    assert state.hands[opp] == [] and len(state.hands[0]) == 3  # first player: 3 cards
    assert state.soldier_supply[opp] == 5 and sum(state.tower_supply[opp]) == 16


def test_a_scheme_resolves_in_region_a_when_both_effects_fit() -> None:
    state = at_reveal(opening(1))
    clear_map(state)
    scheme = DATA.schemes[0]  # die and tower
    a = scheme.regions[0]
    reveal(state, 1)
    opp = state.game.opponent
    assert state.die_owner[a] == opp
    assert any(state.has_tower_on(opp, s) for s in DATA.regions[a].corners)


def test_a_scheme_falls_back_to_region_b_then_c() -> None:
    state = at_reveal(opening(1))
    clear_map(state)
    scheme = DATA.schemes[0]
    a, b, c = scheme.regions
    state.die_owner[a], state.die_value[a] = 0, DATA.regions[a].value  # A holds a Die
    reveal(state, 1)
    assert state.die_owner[b] == state.game.opponent
    state = at_reveal(opening(1))
    clear_map(state)
    for r in (a, b):
        state.die_owner[r], state.die_value[r] = 0, DATA.regions[r].value
    reveal(state, 1)
    assert state.die_owner[c] == state.game.opponent


def test_a_scheme_that_fits_nowhere_reveals_another() -> None:
    state = at_reveal(opening(1))
    clear_map(state)
    for r in DATA.schemes[0].regions:
        state.die_owner[r], state.die_value[r] = 0, DATA.regions[r].value
    reveal(state, 1)
    assert isinstance(state.pending[-1], F.SchemeReveal)
    assert state.pending[-1].tries == 1 and state.scheme_discards == [0]


def test_its_tower_prefers_an_empty_space_to_covering_and_matches_the_image() -> None:
    state = at_reveal(opening(1))
    clear_map(state)
    scheme = DATA.schemes[0]
    a = scheme.regions[0]
    corners = DATA.regions[a].corners
    first = corners[scheme.tower_priority[0]]
    image = DATA.spaces[first].image
    state.stacks[first] = [0 * 8 + image]  # the player's Tower on the first priority
    reveal(state, 1)
    second = corners[scheme.tower_priority[1]]
    opp = state.game.opponent
    assert state.stacks[first] == [image]
    assert state.stacks[second] == [opp * 8 + DATA.spaces[second].image]


def test_covering_the_players_tower_makes_the_player_draw_two() -> None:
    state = at_reveal(opening(1))
    clear_map(state)
    scheme = DATA.schemes[0]
    a = scheme.regions[0]
    for s in DATA.regions[a].corners:
        state.stacks[s] = [DATA.spaces[s].image]  # the player on every corner
    reveal(state, 1)
    covered = DATA.regions[a].corners[scheme.tower_priority[0]]
    assert state.stacks[covered][-1] >> 3 == state.game.opponent
    draws = [f for f in state.pending if isinstance(f, F.Draw) and f.seat == 0]
    assert draws and draws[-1].n == 2


def test_its_die_on_the_players_fort_makes_the_player_draw_one() -> None:
    state = at_reveal(opening(1))
    clear_map(state)
    a = DATA.schemes[0].regions[0]
    state.fort_at[a] = 0
    reveal(state, 1)
    draws = [f for f in state.pending if isinstance(f, F.Draw) and f.seat == 0]
    assert draws and draws[0].n == 1


def test_a_card_given_to_it_is_discarded_and_moves_its_marker() -> None:
    state = opening(1)
    card = state.hands[0][0]
    state.pending.push(F.GiveCards(seat=0, to=1, n=1))
    state._legal = None
    state.apply_action(SPACE.encode(Give(card=card)))
    assert card in state.discards and state.hands[1] == []
    assert state.solo_marker == 1


def test_its_marker_gains_a_corners_influence() -> None:
    state = opening(1)
    state.solo_marker = 2
    solo.gain_card(state, 1)  # onto the top-right corner: silver
    state._settle()
    assert state.solo_marker == 3 and state.influence[1] == [0, 1, 0]


def test_its_workshop_dice_go_to_its_lowest_influence_one_at_a_time() -> None:
    state = opening(1)
    opp = state.game.opponent
    state.influence[opp] = [2, 1, 1]
    state.solo_stacking = [0, 5, 3]  # silver moved last: it sits on top of the tie
    state.workshop[opp] = [3, 4]
    state.pending.push(F.SoloWorkshop(side=opp))
    state._settle()
    # silver (on top of the tie) first, then gold, now the lowest
    assert state.influence[opp] == [2, 2, 2]
    assert state.workshop[opp] == []


def test_an_empty_active_deck_sends_the_next_decks_allied_ship_to_the_bag() -> None:
    state = at_reveal(opening(1))
    state.scheme_left = [6, 6, 0]
    bag = len(state.bag)
    state._settle()
    assert state.active_deck == 1 and state.scheme_allies == [True, False, False]
    assert len(state.bag) == bag + 1


def test_all_schemes_revealed_are_shuffled_into_a_new_deck() -> None:
    state = at_reveal(opening(1))
    state.scheme_left = [0, 0, 0]
    state.scheme_discards = list(range(18))
    state._settle()
    assert state.scheme_left == [18] and state.scheme_discards == []


def test_bonus_effects_wait_for_their_allied_ships() -> None:
    gated = next(s for s in DATA.schemes if s.when == "ally_1" and s.bonus == "influence")
    gains = []
    for allies in (0, 1):
        state = at_reveal(opening(1))
        clear_map(state)
        state.allies = allies
        opp = state.game.opponent
        reveal(state, gated.id)
        while isinstance(state.pending[-1], F.SoloBeacon | F.SoloFort):
            state.apply_action(state.legal_actions()[0])
        gains.append(sum(state.influence[opp]))
    assert gains[1] == gains[0] + 1  # the bonus Influence, only once an Allied Ship came


def test_two_players_with_the_opponent_bag_as_three_no_influence_no_tents() -> None:
    state = opening(2, solo_opponent=True)
    g = state.game
    assert g.opponent == 2 and g.bag_players == 3
    assert len(state.face_up) == 2 and len(state.tile_row) == 3
    assert state.scheme_left == [9, 9]
    assert len(state.aids[2]) == 2
    assert solo.tents_left(state) == 0
    state.influence[2] = [0, 0, 0]
    solo.gain_card(state, 5)
    state.pending.push(F.Gain(seat=2, mineral=0, n=3))
    state._settle()
    assert state.influence[2] == [0, 0, 0] and state.solo_marker == 0


def test_its_final_score_counts_the_tile_and_four_soldiers() -> None:
    from towers.games.sifnos.scoring import breakdown

    state = opening(1)
    opp = state.game.opponent
    state.tile_of[opp] = 0
    for r in range(1, 5):
        state.soldier_at[r] = opp
    parts = breakdown(state, opp)
    assert parts["scoring tile"] == 6 and parts["soldiers"] == 1


@pytest.mark.parametrize("options", [{"players": 1}, {"players": 2, "solo_opponent": True}])
def test_games_with_the_opponent_play_to_the_end(options: dict[str, object]) -> None:
    state = towers.make("sifnos", **options).new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
    assert state.allies == 3 or len(state.bag) == 0 or state.rounds > 60
