"""Game Setup by player count: tiles, spaces, offers, markers, resources, dice."""

from __future__ import annotations

import pytest

from towers.games.tiletum import actions as A
from towers.games.tiletum import frames as F
from towers.games.tiletum import rules as R
from towers.games.tiletum.data import GOLD

from .helpers import D, game, new, town

TILETUM = D.first_fair_town


@pytest.mark.parametrize("players", [2, 3, 4])
def test_piles_hold_only_the_tiles_for_this_many_players(players: int) -> None:
    s = game(players).new_initial_state()
    expected = {2: (40, 20, 33), 3: (47, 23, 39), 4: (54, 26, 45)}[players]
    assert tuple(sum(p.counts) for p in s.piles) == expected
    four_only = D.kind_index["wool-9"]  # a contract marked "4"
    assert (s.piles[1].counts[four_only] > 0) == (players == 4)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_places_tiles_offers_fairs_and_costs(players: int) -> None:
    s = new(players, seed=players)
    assert all(k >= 0 for k in s.action_bonus_tiles)  # 6 bonus tiles on the actions
    assert s.king_tile >= 0
    on_map = sum(1 for row in s.map_bonus_tiles for k in row if k >= 0)
    assert on_map == {2: 10, 3: 14, 4: 18}[players]
    for t, active in enumerate(s.game.bonus_active):
        for k, on in enumerate(active):
            assert (s.map_bonus_tiles[t][k] >= 0) == on
    assert all(k >= 0 for k in s.contract_offer) and all(k >= 0 for k in s.character_offer)
    assert sum(s.piles[0].counts) == {2: 40, 3: 47, 4: 54}[players] - 7 - on_map
    # Fairs: Tiletum first, then 3 different town tiles; 4 different fair tiles.
    assert s.fair_towns[0] == TILETUM
    assert len(set(s.fair_towns)) == 4 and all(t in D.town_tiles for t in s.fair_towns[1:])
    assert len(set(s.fair_tiles)) == 4 and all(f >= 0 for f in s.fair_tiles)
    # Construction cost tiles: one under each cathedral; the unavailable one empties its spot.
    assert sorted(s.construction_costs) == list(range(9))
    gone = s.construction_costs.index(D.unavailable_cost)
    assert s.cathedral_tiles_left[gone] == 0 and all(p == R.INACTIVE for p in s.pillar_spaces[gone])
    for c, cath in enumerate(D.cathedrals):
        if c != gone:
            assert s.cathedral_tiles_left[c] == len(cath.tiles)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_house_and_pillar_spaces_follow_the_player_count(players: int) -> None:
    s = game(players).new_initial_state()
    for t, tw in enumerate(D.towns):
        for k, fewest in enumerate(tw.house_players):
            if t == TILETUM:
                continue
            assert (s.house_spaces[t][k] == R.EMPTY) == (fewest <= players)
            assert (s.house_spaces[t][k] == R.INACTIVE) == (fewest > players)
    london = D.towns[town("london")].cathedral
    assert s.pillar_spaces[london].count(R.EMPTY) == (2 if players == 2 else 3)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_seat_starts_with_its_markers_figures_houses_and_pillars(players: int) -> None:
    s = game(players).new_initial_state()
    for seat in range(players):
        assert s.vp[seat] == 10
        assert s.houses_in_supply[seat] == 2 and s.pillars_in_supply[seat] == 2
        assert s.houses_on_map[seat] == [TILETUM] and seat in s.house_spaces[TILETUM]
        assert s.merchant[seat] == TILETUM and s.architect[seat] == TILETUM
        assert s.roof_houses_freed[seat] == 0  # 5 houses still on the roofs
        assert s.fulfilled_contracts[seat] == []  # 5 pillars still on the contract spaces
        assert s.bonus_action_points[seat] == [0] * 5
        assert s.king_track[seat] == D.king_start
    # King track: one stack on 0 VP, first player's marker at the bottom.
    assert s.king_track_stack == list(range(players))
    assert s.turn_order == list(range(players))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_starting_resources_and_gold_by_seat(players: int) -> None:
    s = game(players).new_initial_state()
    gold = [s.resources[seat][GOLD] for seat in range(players)]
    assert gold == [1, 3, 5, 6][:players]
    for seat in range(players):
        assert s.resources[seat][1:] == [1, 1, 1, 1]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dice_in_the_bag_and_drawn_each_round(players: int) -> None:
    s = game(players).new_initial_state()
    assert s.dice_bag.counts == [players] * 5  # one die of each colour per player
    s = new(players, seed=11)
    drawn = {2: 8, 3: 11, 4: 14}[players]
    assert sum(map(sum, s.wheel_dice)) == drawn
    assert sum(s.dice_bag.counts) == 5 * players - drawn
    for c in range(5):
        assert s.dice_bag.counts[c] + sum(row[c] for row in s.wheel_dice) == players


def test_dice_are_drawn_by_colour_then_rolled() -> None:
    s = game(2).new_initial_state()
    while not isinstance(s.chance_events[0], F.DieDraw):
        s.apply_action(s.legal_actions()[0])
    outcomes = dict(s.chance_outcomes())
    assert outcomes == {A.BAG + c: 2 / 10 for c in range(5)}
    s.apply_action(A.BAG + 4)
    assert dict(s.chance_outcomes()) == {A.ROLL + v: 1 / 6 for v in range(6)}
    s.apply_action(A.ROLL + 2)
    assert s.wheel_dice[2][4] == 1 and s.dice_bag.counts[4] == 1


def test_first_decision_is_the_first_player_after_a_corruption_token() -> None:
    s = new(3, seed=5)
    assert s.current_player() == 0
    assert len(s.corruption_revealed) == 1
    assert isinstance(s.stack[-1], F.Turn)


def test_action_tiles_variant_shuffles_the_actions_around_the_wheel() -> None:
    s = game(2, action_tiles=True).new_initial_state()
    assert s.is_chance_node()
    assert sorted(a for a, _ in s.chance_outcomes()) == [A.ACTION_TILE + a for a in range(6)]
    for a in (5, 3, 1, 0, 2, 4):
        s.apply_action(A.ACTION_TILE + a)
    assert s.wheel_actions == [5, 3, 1, 0, 2, 4]
    plain = game(2).new_initial_state()
    assert plain.wheel_actions == list(D.wheel_actions)
    assert isinstance(plain.chance_events[0], F.TileDraw)
