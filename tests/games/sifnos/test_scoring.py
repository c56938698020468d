"""Final Scoring and the Scoring Tiles (rulebook: Final Scoring; Scoring Tiles)."""

from __future__ import annotations

import pytest

from towers.games.sifnos import frames as F
from towers.games.sifnos.rules import SifnosState
from towers.games.sifnos.scoring import breakdown, majority, tile_points, winner

from .conftest import (
    LEAD,
    D,
    act,
    beacon,
    card,
    fort,
    hand,
    markers,
    names,
    new_game,
    placed,
    play,
    region,
    soldier,
    space,
    supply_dice,
    supply_soldiers,
    tent,
    tower,
)

TILE = {t.id: t.index for t in D.tiles}


# ---------------------------------------------------------------------- the majority
def third_ally(players: int, lead: list[int]) -> SifnosState:
    """The third Allied Ship revealed, Lead its mineral, these Lead Influences."""
    state = new_game(players)
    markers(state, ally_3="lead")
    state.allies = 3
    for seat, v in enumerate(lead):
        state.influence[seat][LEAD] = v
    return state


@pytest.mark.parametrize(("lead", "vp"), [
    ([10, 7, 3], [4, 2, 0]),  # 4 to the most, 2 to the second
    ([10, 10, 3], [3, 3, 0]),  # two tied for the most: 3 each, no second
    ([10, 7, 7], [4, 1, 1]),  # tied for second: 1 each
])  # fmt: skip
def test_final_scoring_majority_three_players(lead: list[int], vp: list[int]) -> None:
    assert majority(third_ally(3, lead)) == vp


def test_final_scoring_majority_three_or_more_tied() -> None:
    assert majority(third_ally(4, [6, 6, 6, 2])) == [2, 2, 2, 0]
    assert majority(third_ally(4, [6, 6, 6, 6])) == [2, 2, 2, 2]


@pytest.mark.parametrize(("lead", "vp"), [
    ([17, 13], [4, 2]),  # within 4 of the most
    ([17, 12], [4, 0]),
    ([12, 17], [0, 4]),
])  # fmt: skip
def test_final_scoring_majority_two_players_second_within_4(lead: list[int], vp: list[int]) -> None:
    assert majority(third_ally(2, lead)) == vp


def test_final_scoring_majority_only_after_the_third_allied_ship() -> None:
    state = third_ally(3, [10, 7, 3])
    state.allies = 2
    assert majority(state) == [0, 0, 0]


# --------------------------------------------------------------------------- the rest
def test_final_scoring_influence_one_vp_each() -> None:
    state = new_game(3)
    state.influence[0] = [4, 7, 2]
    assert breakdown(state, 0)["influence"] == 13


def test_final_scoring_emptied_rows() -> None:
    state = new_game(3)
    for p in D.pieces:
        if p.row == 0:
            state.pieces[0][p.index] = -1
    state.pieces[0][4] = -1  # one of the second row's: not emptied
    assert breakdown(state, 0)["emptied rows"] == D.row_vp[0]
    for p in D.pieces:
        state.pieces[0][p.index] = -1
    assert breakdown(state, 0)["emptied rows"] == sum(D.row_vp)


@pytest.mark.parametrize(("tents", "vp"), [(1, 0), (2, 1), (3, 1), (6, 3)])
def test_final_scoring_tents_one_vp_per_two(tents: int, vp: int) -> None:
    state = new_game(3)
    tent(state, 0, "kastro", tents)
    assert breakdown(state, 0)["tents"] == vp


def test_final_scoring_sets_of_4_cards_and_soldiers() -> None:
    state = new_game(3)
    hand(state, 0, "L05", "L06", "L07")
    assert breakdown(state, 0)["sets of 4"] == 0
    soldier(state, 0, "troulaki")
    soldier(state, 0, "apollonia")
    assert breakdown(state, 0)["sets of 4"] == 1  # 3 cards and 2 Soldiers on the map
    supply_soldiers(state, 0, 2)  # not on the map
    hand(state, 0, "L08", "L09")
    assert breakdown(state, 0)["sets of 4"] == 1
    hand(state, 0, "L10")
    assert breakdown(state, 0)["sets of 4"] == 2


def test_final_scoring_tie_goes_to_the_next_turn_first() -> None:
    # the game ended on seat 1's turn: seat 2's turn comes next, then seat 0's
    state = new_game(3)
    state.ended_by = 1
    state.influence = [[5, 0, 0], [5, 0, 0], [5, 0, 0]]
    assert winner(state) == 2
    state.influence[2] = [4, 0, 0]
    assert winner(state) == 0
    state.ended_by = 2
    state.influence[2] = [5, 0, 0]
    assert winner(state) == 0


# ----------------------------------------------------------------------- Scoring Tiles
def test_scoring_tiles_as_many_as_players_plus_one() -> None:
    assert [len(new_game(n).tile_row) for n in (2, 3, 4)] == [3, 4, 5]


def claim(tile: str, state: SifnosState | None = None) -> SifnosState:
    """Seat 0 reaches its fifth Lead space in Prepare (placing L06) and claims ``tile``."""
    state = state or new_game(3)
    markers(state, scoring_tiles="lead")
    state.tile_row = [TILE[tile]]
    state.influence[0][LEAD] = 4
    hand(state, 0, "L06", "L05")
    play(
        state,
        "use Place a Card",
        "place Lead Card: adjust a Die",
        "discard Lead Card: adjust and move for any Card",
        f"tile {tile}",
    )
    assert state.tile_of[0] == TILE[tile]
    return state


def test_scoring_tile_majority_immediate_draw_a_card() -> None:
    state = claim("majority")
    assert state.pending[-1] == F.Draw(seat=0, n=1)


def test_scoring_tile_majority_scoring_per_3_of_the_most() -> None:
    state = claim("majority")
    state.influence[0] = [5, 8, 3]
    assert tile_points(state, 0) == 2


def test_scoring_tile_minority_immediate_any_influence() -> None:
    state = claim("minority")
    act(state, "gold influence")
    assert state.influence[0] == [5, 0, 1]


def test_scoring_tile_minority_scoring_per_2_of_the_least() -> None:
    state = claim("minority")
    act(state, "gold influence")
    state.influence[0] = [9, 5, 7]
    assert tile_points(state, 0) == 2


def test_scoring_tile_tents_immediate_a_tent_in_any_province() -> None:
    state = claim("tents")
    assert len(names(state)) == len(D.provinces)
    act(state, "tent in Vathy")
    assert sum(state.tents[0]) == 1 and tile_points(state, 0) == 1


def test_scoring_tile_forts_immediate_a_fort_in_any_region_without_one() -> None:
    state = new_game(3)
    fort(state, 1, "xeroxylo")
    claim("forts", state)
    assert "fort in Xeroxylo" not in names(state) and "fort in Kapsalo" in names(state)
    play(state, "fort in Kapsalo", "take Fort row 1 column 3")
    assert state.fort_at[region("kapsalo")] == 0
    assert tile_points(state, 0) == 1


def test_scoring_tile_cards_immediate_a_card_placed_free() -> None:
    state = new_game(3)
    hand(state, 0, "G01")
    claim("cards", state)
    act(state, "place Gold Card: place a Card")
    assert card("G01") in state.placed[0] and state.hands[0] == []
    assert state.influence[0] == [5, 0, 1]
    assert tile_points(state, 0) == 1  # 2 cards above the board (L06, G01)


def test_scoring_tile_beacons_immediate_a_beacon_on_any_uncovered_tower() -> None:
    state = new_game(3)
    tower(state, 0, "t30")
    tower(state, 0, "t01")
    tower(state, 1, "t01")
    tower(state, 0, "t10")
    beacon(state, 0, "t10")
    claim("beacons", state)
    act(state, "take Beacon row 3 column 1")  # a Silver Beacon
    assert names(state) == ["beacon on Apokofto south-east"]
    act(state, "beacon on Apokofto south-east")
    assert state.influence[0] == [5, 1, 0] and tile_points(state, 0) == 2


def test_scoring_tile_networks_immediate_a_soldier_in_any_empty_region() -> None:
    state = new_game(3)
    supply_soldiers(state, 0)
    soldier(state, 1, "xeroxylo")
    claim("networks", state)
    assert "soldier to Xeroxylo" not in names(state) and "soldier to Kapsalo" in names(state)
    act(state, "soldier to Kapsalo")
    assert state.soldier_at[region("kapsalo")] == 0


def test_scoring_tile_networks_scoring_per_province_connected() -> None:
    # the package's reading: the Provinces one network touches (t01-t02-t03, all in
    # Cheronissos, then t07 joins Kastro and Kamares; a lone t30 is Faros only)
    state = claim("networks")
    for where in ("t01", "t02", "t03", "t30"):
        tower(state, 0, where)
    assert tile_points(state, 0) == 1
    tower(state, 0, "t07")
    assert tile_points(state, 0) == 3


def test_scoring_tile_networks_soldier_leaves_the_active_region_alone() -> None:
    state = new_game(3)
    markers(state, scoring_tiles="silver")
    state.tile_row = [TILE["networks"]]
    state.influence[0][1] = 4
    soldier(state, 0, "troulaki")
    supply_soldiers(state, 0)
    supply_dice(state, 0, 5)
    # Muster in Troulaki: a Fort (any 1 Influence: the fifth Silver space), the Tile's Soldier
    # in Xeroxylo, then Invest: the Fort in Troulaki takes a Die of any value
    play(
        state,
        "done",
        "muster",
        "use Move, place or Fort",
        "fort in Troulaki",
        "take Fort row 1 column 1",
    )
    play(state, "silver influence", "tile networks", "soldier to Xeroxylo", "done", "invest")
    assert "die 5 in Troulaki" in names(state)


def test_scoring_tile_buildings_immediate_a_die_rolled_to_the_workshop() -> None:
    state = claim("buildings")
    assert state.pending[-1] == F.Roll(seat=0, n=1, workshop=True)
    act(state, "roll 4")
    assert state.workshop[0] == [4]


def test_scoring_tile_buildings_scoring_2_per_completed_building() -> None:
    state = claim("buildings")
    for s in D.buildings[1].spaces + D.buildings[4].spaces:
        state.buildings[0][s] = 3
    assert tile_points(state, 0) == 4


def test_scoring_tile_forts_scoring_per_fort_placed() -> None:
    state = claim("forts")
    play(state, "fort in Kapsalo", "take Fort row 1 column 3")
    fort(state, 0, "troulaki")
    fort(state, 1, "vathy")
    assert tile_points(state, 0) == 2


def test_scoring_tile_beacons_scoring_per_beacon_placed() -> None:
    state = new_game(3)
    for where in ("t01", "t02", "t03"):
        tower(state, 0, where)
        beacon(state, 0, where)
    claim("beacons", state)
    act(state, "done")
    assert tile_points(state, 0) == 3 and state.beacon_at[space("t03")] == 0


def test_scoring_tile_cards_scoring_per_2_cards_above_the_board() -> None:
    state = new_game(3)
    placed(state, 0, "L01", "L02", "L03", "L04")
    hand(state, 0, "G01")
    claim("cards", state)
    act(state, "place Gold Card: place a Card")
    assert tile_points(state, 0) == 3  # 6 cards


def test_scoring_tile_tents_scoring_per_tent() -> None:
    state = claim("tents")
    act(state, "tent in Vathy")
    tent(state, 0, "kastro", 2)
    assert tile_points(state, 0) == 3
