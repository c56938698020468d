"""Corruption, the King phase, the Fair phase, cleanup and the final scoring."""

from __future__ import annotations

import pytest

from towers.core.components import Bag
from towers.games.tiletum import actions as A
from towers.games.tiletum import frames as F
from towers.games.tiletum import rules as R
from towers.games.tiletum.data import FAIR_CONDITIONS, GOLD
from towers.games.tiletum.fair import fair_count

from .helpers import D, chance, do, game, kind, names, new, place_characters, refresh, spot, town

START = D.king_start
TILETUM = D.first_fair_town


def _to_step(s: R.TiletumState, step: int) -> R.TiletumState:
    s.stack.clear()
    s.chance_events.clear()
    s.active_player = -1
    s.phase = step
    s._run()
    return refresh(s)


def _corruption(s: R.TiletumState, value: int) -> R.TiletumState:
    s.chance_events = [F.CorruptionReveal()]
    s.corruption_tokens = Bag([2, 2, 2])
    refresh(s)
    return chance(s, f"corruption {value}")


# ---- corruption ----------------------------------------------------------------------------


def test_corruption_moves_every_marker_left_keeping_stacks_in_order() -> None:
    s = new(4, seed=1)
    # A and B share a space (A below), C lower, D higher.
    s.king_track = [START + 3, START + 3, START + 1, START + 6]
    s.king_track_stack = [2, 0, 1, 3]
    _corruption(s, 2)
    assert s.king_track == [START + 1, START + 1, START - 1, START + 4]
    assert s.king_track_stack == [2, 0, 1, 3]


def test_corruption_stops_at_the_leftmost_space_and_stacks_arrivals_on_top() -> None:
    s = new(3, seed=1)
    s.king_track = [1, 0, 2]
    s.king_track_stack = [1, 0, 2]
    _corruption(s, 2)
    assert s.king_track == [0, 0, 0]
    # leftmost markers move first: the one already there stays at the bottom
    assert s.king_track_stack == [1, 0, 2]


def test_corruption_zero_leaves_the_markers() -> None:
    s = new(2, seed=1)
    s.king_track = [START + 2, START]
    s.king_track_stack = [1, 0]
    _corruption(s, 0)
    assert s.king_track == [START + 2, START]


def test_three_tokens_a_round_drawn_from_the_six() -> None:
    s = new(2, seed=2)
    assert len(s.corruption_revealed) == 1
    left = list(s.corruption_tokens.counts)
    assert sum(left) == 5
    s.chance_events = [F.CorruptionReveal()]
    refresh(s)
    total = sum(left)
    assert dict(s.chance_outcomes()) == {
        A.CORRUPTION + v: n / total for v, n in enumerate(left) if n
    }


# ---- King phase ----------------------------------------------------------------------------


def test_the_highest_marker_takes_the_king_tile_ties_to_the_bottom_most() -> None:
    s = new(3, seed=3)
    s.king_track = [START + 4, START + 4, START + 1]
    s.king_track_stack = [2, 1, 0]  # seat 1 is below seat 0 on their shared space
    s.king_tile = kind("vp-4")
    s.storehouse = [[], [], []]
    _to_step(s, R.S_KING)
    assert s.current_player() == 1
    assert set(names(s)) == {"take tile", "skip"}
    do(s, "take tile")
    assert s.storehouse[1] == [kind("vp-4")]


def test_the_king_tile_may_be_discarded() -> None:
    s = new(2, seed=3)
    s.king_track = [START + 1, START]
    s.king_track_stack = [1, 0]
    s.king_tile = kind("vp-4")
    _to_step(s, R.S_KING)
    assert s.current_player() == 0
    do(s, "skip")
    assert s.king_tile == -1 and kind("vp-4") not in s.storehouse[0]


def test_without_a_king_tile_the_leader_scores_four() -> None:
    s = new(2, seed=3)
    s.king_track = [START, START + 2]
    s.king_track_stack = [0, 1]
    s.king_tile = -1
    vp = list(s.vp)
    _to_step(s, R.S_KING)
    assert s.vp[1] == vp[1] + 4 + D.king_track[START + 2]
    assert s.vp[0] == vp[0] + D.king_track[START]


def test_king_track_vp_new_turn_order_and_the_red_markers_reset() -> None:
    s = new(4, seed=4)
    s.king_tile = -1
    s.fair_tiles[0] = D.fair_ids.index("houses")
    s.king_track = [START - 2, START, START - 1, START + 3]
    s.king_track_stack = [0, 2, 1, 3]
    s.vp = [1, 10, 10, 10]
    _to_step(s, R.S_KING)
    fair = D.fair_board_vp[0] + D.fair_vp[D.fair_ids.index("houses")]  # a house in Tiletum
    # seat 0 drops from 1 to 0, not -1, then scores the fair
    assert D.king_track[START - 2] == -2 and s.vp[0] == 0 + fair
    assert s.vp[2] == 10 + D.king_track[START - 1] + fair
    assert s.vp[3] == 10 + 4 + D.king_track[START + 3] + fair
    assert s.turn_order == [3, 1, 2, 0]
    # red markers moved up to 0, the previously lowest on top
    assert s.king_track == [START, START, START, START + 3]
    assert s.king_track_stack == [1, 2, 0, 3]


def test_the_king_track_fair_tile_scores_before_the_reset() -> None:
    s = new(2, seed=5)
    s.king_tile = -1
    s.fair_tiles[0] = D.fair_ids.index("king")
    s.king_track = [START - 3, START + 5]
    s.king_track_stack = [0, 1]
    s.vp = [20, 20]
    _to_step(s, R.S_KING)
    flat = D.fair_board_vp[0] + D.fair_vp[D.fair_ids.index("king")]
    low, high = D.king_track[START - 3], D.king_track[START + 5]
    assert s.vp[0] == 20 + low + flat + low  # both at the Tiletum fair (a house each)
    assert s.vp[1] == 20 + 4 + high + flat + high


# ---- Fair phase ----------------------------------------------------------------------------


def test_the_fair_needs_a_house_in_its_town_or_the_merchant_there() -> None:
    s = new(3, seed=6)
    s.king_tile = -1
    s.round = 1
    s.fair_towns[1] = town("paris")
    s.fair_tiles[1] = D.fair_ids.index("houses")
    s.king_track = [START] * 3
    s.king_track_stack = [0, 1, 2]
    s.houses_on_map[0].append(town("paris"))
    s.merchant[1] = spot("paris")
    s.vp = [0, 0, 0]
    _to_step(s, R.S_KING)
    each = D.fair_board_vp[1] + D.fair_vp[D.fair_ids.index("houses")]
    assert s.vp == [4 + each * 2, each * 1, 0]  # seat 0 also leads the King track


@pytest.mark.parametrize("condition", FAIR_CONDITIONS)
def test_each_fair_tile_counts_its_condition(condition: str) -> None:
    s = new(2, seed=7)
    c1, c2 = 0, 1
    s.houses_on_map[0] = [TILETUM, town("paris"), town("rome")]
    s.pillars_on_map[0] = [c1, c2]
    s.fulfilled_contracts[0] = [kind("iron-2")] * 4
    s.cathedral_tiles[0] = [c1]
    s.crests[0] = [0, 1, -1, -1, -1, 2]
    place_characters(s, 0, 2, "banker-1")  # building 3: full (1 room)
    place_characters(s, 0, 1, "smith-1", "smith-2", "smith-3")  # full, floors 2 and 3
    place_characters(s, 0, 0, "mason-2", first_floor=2)
    expected = {
        "house_pillar_sets": 2,
        "contract_cathedral_sets": 1,
        "contracts": 4,
        "king_track": 1,
        "contract_crest_sets": 3,
        "houses": 3,
        "upper_floor_characters": 3,
        "crests": 3,
        "pillars": 2,
        "full_buildings": 3,  # buildings 2 and 3 and the occupied rightmost
        "cathedral_tiles": 1,
    }[condition]
    assert fair_count(s, 0, FAIR_CONDITIONS.index(condition)) == expected


def test_fair_scores_board_plus_tile_times_the_count() -> None:
    s = new(2, seed=8)
    s.king_tile = -1
    s.round = 2
    s.fair_towns[2] = TILETUM
    fair = D.fair_ids.index("contracts")
    s.fair_tiles[2] = fair
    s.fulfilled_contracts[0] = [kind("iron-2")] * 3
    s.king_track = [START, START]
    s.king_track_stack = [1, 0]  # seat 1 leads the King track
    s.vp = [0, 0]
    _to_step(s, R.S_KING)
    assert s.vp[0] == (D.fair_board_vp[2] + D.fair_vp[fair]) * 3
    assert s.vp[1] == 4  # the leader's no-tile VP only: no contracts


# ---- cleanup -------------------------------------------------------------------------------


def test_cleanup_refills_claimed_tiles_resets_tokens_and_dice_and_turns_the_wheel() -> None:
    s = new(2, seed=9)
    s.king_tile = -1
    s.action_bonus_tiles[1] = -1
    s.action_bonus_tiles[4] = -1
    s.map_bonus_tiles[town("london")] = [-1]
    s.king_track = [START, START]
    s.king_track_stack = [0, 1]
    _to_step(s, R.S_KING)
    pending = [d for d in s.chance_events if isinstance(d, F.TileDraw)]
    assert pending == [
        F.TileDraw(F.PILE_BONUS, F.LOC_ACTION, 1),
        F.TileDraw(F.PILE_BONUS, F.LOC_ACTION, 4),
        F.TileDraw(F.PILE_BONUS, F.LOC_KING, 0),
    ]
    assert s.round == 1 and s.corruption_tokens.counts == [2, 2, 2] and s.corruption_revealed == []
    assert s.dice_bag.counts == [2] * 5 and s.wheel_dice == [[0] * 5 for _ in range(6)]
    assert s.action_of_value(1) == D.wheel_actions[1]  # one step on
    assert s.map_bonus_tiles[town("london")] == [-1]  # the map is never refilled


def test_the_king_tile_is_not_refilled_for_the_last_round() -> None:
    s = new(2, seed=9)
    s.round = 2
    s.king_tile = -1
    s.king_track = [START, START]
    s.king_track_stack = [0, 1]
    _to_step(s, R.S_KING)
    assert s.round == 3
    assert F.TileDraw(F.PILE_BONUS, F.LOC_KING, 0) not in s.chance_events


def test_no_cleanup_after_the_fourth_round_and_the_game_ends() -> None:
    s = new(2, seed=10)
    s.round = 3
    s.king_tile = -1
    s.action_bonus_tiles[0] = -1
    _to_step(s, R.S_KING)
    assert s.is_terminal() and s.chance_events == [] and s.action_bonus_tiles[0] == -1


# ---- final scoring -------------------------------------------------------------------------


def _final(s: R.TiletumState) -> R.TiletumState:
    s.round = 3
    s.king_tile = -1
    s.fair_tiles[3] = D.fair_ids.index("cathedral_tiles")
    s.king_track = [START] * s.game.num_players
    s.king_track_stack = list(range(s.game.num_players))
    return _to_step(s, R.S_KING)


def test_final_houses_times_pillars() -> None:
    s = new(2, seed=11)
    s.houses_on_map[0] = [TILETUM, town("paris"), town("rome")]
    s.pillars_on_map[0] = [0, 1]
    s.resources = [[0] * 5, [0] * 5]
    s.vp = [0, 0]
    assert s.final_points(0) == (6, 0, 0)
    _final(s)
    assert s.vp[0] == 4 + 6  # the no-tile VP of the King phase, then 3 x 2


@pytest.mark.parametrize(("completed", "vp"), [(1, 0), (2, 0), (3, 5), (4, 10), (5, 20), (6, 30)])
def test_final_completed_buildings(completed: int, vp: int) -> None:
    s = new(2, seed=12)
    s.completed_buildings[0] = (1 << completed) - 1
    s.resources[0] = [0] * 5
    s.houses_on_map[0] = []
    assert s.final_points(0) == (0, vp, 0)


def test_final_one_vp_per_four_resources() -> None:
    s = new(2, seed=13)
    s.resources[0] = [3, 2, 2, 0, 4]
    s.pillars_on_map[0] = []
    assert s.final_points(0) == (0, 0, 2)


def test_vp_never_go_below_zero() -> None:
    s = new(2, seed=14)
    s.vp[0] = 1
    s._vp(0, -4)
    assert s.vp[0] == 0


def test_a_tie_goes_to_the_first_in_turn_order() -> None:
    s = new(3, seed=15)
    s.resources = [[0] * 5 for _ in range(3)]
    s.houses_on_map = [[], [], []]
    s.vp = [30, 30, 26]
    _final(s)  # seat 0 gets the 4 no-tile VP as leader: make it even afterwards
    s.vp = [40, 40, 20]
    s.turn_order = [1, 0, 2]
    assert s.winners() == [1]
    assert s.returns() == [0.0, 1.0, 0.0]


def test_a_whole_game_ends_after_four_rounds() -> None:
    from .helpers import resolve

    s = new(2, seed=16)
    rounds = set()
    while not s.is_terminal():
        rounds.add(s.round)
        if s.is_chance_node():
            resolve(s, seed=len(s.history()))
            continue
        legal = names(s)
        choice = "end turn" if "end turn" in legal else legal[-1]
        do(s, choice)
    assert rounds == {0, 1, 2, 3}
    assert s.current_player() == R.TERMINAL and s.legal_actions() == []
    assert s.resources[0][GOLD] >= 0


def test_a_leader_who_cannot_store_the_king_tile_discards_it() -> None:
    s = new(2, seed=17)
    s.king_track = [START + 2, START]
    s.king_track_stack = [1, 0]
    s.king_tile = kind("vp-4")
    s.storehouse[0] = [kind(t) for t in ("any-2", "any-3", "gold-3", "one-each")]
    _to_step(s, R.S_KING)
    assert s.king_tile == -1 and len(s.storehouse[0]) == 4
    assert s.round == 1  # no decision was needed: the phase went on


def test_the_observation_names_the_phase() -> None:
    s = game(2).new_initial_state()
    assert s.observation(None)["phase"] == "setup"
    s = new(2, seed=18)
    assert s.observation(0)["phase"] == "action phase"
    s.king_track = [START + 1, START]
    s.king_track_stack = [1, 0]
    s.king_tile = kind("vp-4")
    s.storehouse = [[], []]
    _to_step(s, R.S_KING)
    assert s.observation(1)["phase"] == "King phase"
