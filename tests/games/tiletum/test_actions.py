"""Actions in Detail: every option of the Architect, Merchant, Character, Contract and King
actions with its AP cost."""

from __future__ import annotations

from towers.games.tiletum import frames as F
from towers.games.tiletum import rules as R
from towers.games.tiletum.data import (
    ARCHITECT,
    CHARACTER,
    CONTRACT,
    FOOD,
    GOLD,
    IRON,
    KING,
    MERCHANT,
    STONE,
    WOOL,
)

from .helpers import (
    D,
    cathedral,
    chance,
    do,
    frame,
    kind,
    names,
    new,
    place_characters,
    refresh,
    set_res,
    spot,
    store,
    top,
    town,
)

# ---- Architect -----------------------------------------------------------------------------


def test_architect_moves_one_space_per_ap_to_adjacent_spots_only() -> None:
    s = frame(new(2, seed=1), ARCHITECT, 2)
    moves = sorted(n for n in names(s) if n.startswith("architect to"))
    assert moves == sorted(f"architect to {D.spot_names[x]}" for x in D.adjacent[spot("tiletum")])
    do(s, "architect to Tiletum-Paris road")
    assert top(s).action_points == 1
    do(s, "architect to Paris")
    assert s.architect[0] == spot("paris") and top(s).action_points == 0
    assert not any(n.startswith("architect to") for n in names(s))


def test_architect_adds_a_pillar_at_its_towns_cathedral() -> None:
    s = frame(new(2, seed=1), ARCHITECT, 3)
    c = cathedral("paris")
    s.construction_costs[c] = 0
    s.pillar_spaces[c] = [R.EMPTY, R.EMPTY, R.INACTIVE]
    s.architect[0] = spot("paris")
    refresh(s)
    do(s, "pillar Paris")
    assert s.pillar_spaces[c][0] == 0 and s.pillars_on_map[0] == [c] and s.pillars_in_supply[0] == 1
    assert top(s).action_points == 2
    # never a second pillar at the same cathedral
    assert "pillar Paris" not in names(s)
    assert "already have a pillar" in s.explain(s.string_to_action("pillar Paris"))


def test_architect_pillar_needs_a_free_space_and_a_pillar_in_supply() -> None:
    s = frame(new(2, seed=1), ARCHITECT, 3)
    c = cathedral("paris")
    s.construction_costs[c] = 0
    s.architect[0] = spot("paris")
    s.pillar_spaces[c] = [1, 1, R.INACTIVE]
    refresh(s)
    assert "pillar Paris" not in names(s)
    s.pillar_spaces[c] = [R.EMPTY, 1, R.INACTIVE]
    s.pillars_in_supply[0] = 0
    refresh(s)
    assert "pillar Paris" not in names(s)
    assert "no pillar in your supply" in s.explain(s.string_to_action("pillar Paris"))


def test_no_pillar_at_the_unavailable_cathedral() -> None:
    s = new(2, seed=2)
    gone = s.construction_costs.index(D.unavailable_cost)
    name = D.towns[D.cathedrals[gone].town].id
    frame(s, ARCHITECT, 3)
    s.architect[0] = spot(name)
    refresh(s)
    assert f"pillar {name}" not in names(s)
    assert "unavailable" in s.explain(s.string_to_action(f"pillar {name}"))


def test_architect_takes_a_bonus_tile_from_its_town() -> None:
    s = frame(new(2, seed=3), ARCHITECT, 2)
    t = town("london")
    s.map_bonus_tiles[t] = [kind("gold-3")]
    s.architect[0] = spot("london")
    store(s, 0)
    do(s, "bonus tile London 1")
    assert (
        s.storehouse[0] == [kind("gold-3")]
        and s.map_bonus_tiles[t] == [-1]
        and top(s).action_points == 1
    )


# ---- Merchant ------------------------------------------------------------------------------


def test_merchant_moves_and_builds_a_house() -> None:
    s = frame(new(2, seed=4), MERCHANT, 3)
    t = town("paris")
    s.house_spaces[t] = [R.INACTIVE, R.EMPTY, R.INACTIVE]  # only the plain space
    do(s, "merchant to Tiletum-Paris road", "merchant to Paris")
    assert names(s).count("house Paris 2") == 1
    do(s, "house Paris 2")
    assert s.house_spaces[t][1] == 0 and t in s.houses_on_map[0] and s.houses_in_supply[0] == 1
    assert top(s).action_points == 0


def test_merchant_house_rules() -> None:
    s = frame(new(2, seed=4), MERCHANT, 3)
    t = town("bordeaux")
    s.merchant[0] = spot("bordeaux")
    s.house_spaces[t] = [1, R.INACTIVE]
    refresh(s)
    assert not any(n.startswith("house") for n in names(s))  # no empty space
    assert "taken" in s.explain(s.string_to_action("house Bordeaux 1"))
    assert "not used with 2 players" in s.explain(s.string_to_action("house Bordeaux 2"))
    s.house_spaces[t] = [R.EMPTY, R.INACTIVE]
    s.houses_in_supply[0] = 0
    refresh(s)
    assert "no house in your supply" in s.explain(s.string_to_action("house Bordeaux 1"))
    s.houses_in_supply[0] = 2
    s.houses_on_map[0].append(t)
    refresh(s)
    assert "already have a house" in s.explain(s.string_to_action("house Bordeaux 1"))


def test_house_on_a_vp_space_scores_it() -> None:
    s = frame(new(2, seed=5), MERCHANT, 1)
    s.merchant[0] = spot("rome")
    s.house_spaces[town("rome")] = [R.EMPTY, R.INACTIVE]
    refresh(s)
    before = s.vp[0]
    do(s, "house Rome 1")
    assert s.vp[0] == before + D.towns[town("rome")].house_vp[0] == before + 4


def test_house_on_a_building_bonus_space_gives_one_buildings_character_bonuses() -> None:
    s = frame(new(2, seed=5), MERCHANT, 1)
    s.merchant[0] = spot("lyon")
    s.house_spaces[town("lyon")] = [R.EMPTY, R.INACTIVE]
    place_characters(s, 0, 1, "banker-1", "mason-2")  # +2 gold, +2 stone
    place_characters(s, 0, 0, "bishop-1")  # +2 VP
    set_res(s, 0)
    do(s, "house Lyon 1")
    assert set(names(s)) == {"building 1", "building 2", "skip"}
    do(s, "building 2")
    assert set(names(s)) == {"bonus of floor 1", "bonus of floor 2", "skip"}
    do(s, "bonus of floor 2")
    assert s.resources[0][STONE] == 2 and s.resources[0][GOLD] == 0
    assert set(names(s)) == {"bonus of floor 1", "skip"}
    do(s, "skip")  # a bonus may be ignored
    assert s.resources[0][GOLD] == 0 and isinstance(top(s), F.PerformAction)


def test_merchant_takes_a_bonus_tile_from_its_town() -> None:
    s = frame(new(2, seed=6), MERCHANT, 1)
    t = town("hamburg")
    s.map_bonus_tiles[t] = [kind("vp-4"), -1]
    s.merchant[0] = spot("hamburg")
    store(s, 0)
    do(s, "bonus tile Hamburg 1")
    assert s.storehouse[0] == [kind("vp-4")]


def test_a_bonus_tile_needs_storehouse_room() -> None:
    s = frame(new(2, seed=6), MERCHANT, 1)
    t = town("hamburg")
    s.map_bonus_tiles[t] = [kind("vp-4"), -1]
    s.merchant[0] = spot("hamburg")
    store(s, 0, "any-2", "any-3", "gold-3", "one-each")
    assert "bonus tile Hamburg 1" not in names(s)
    assert "storehouse is full" in s.explain(s.string_to_action("bonus tile Hamburg 1"))


# ---- Character -----------------------------------------------------------------------------


def test_taking_a_character_costs_one_ap_and_refills_the_offer() -> None:
    s = frame(new(2, seed=7), CHARACTER, 2)
    store(s, 0)
    taken = s.character_offer[2]
    do(s, "take character 3")
    assert s.storehouse[0] == [taken] and top(s).action_points == 1
    assert s.is_chance_node()  # the offer is refilled at once
    chance(s, "draw " + D.kinds[[k for k, n in enumerate(s.piles[2].counts) if n][0]].id)
    assert s.character_offer[2] >= 0


def test_refreshing_the_offer_mixes_the_tiles_back_into_the_pile() -> None:
    s = frame(new(2, seed=7), CHARACTER, 2)
    offer = list(s.character_offer)
    before = sum(s.piles[2].counts)
    do(s, "refresh characters")
    assert sum(s.piles[2].counts) == before + 5 and s.character_offer == [-1] * 5
    for k in offer:
        assert s.piles[2].counts[k] >= 1
    for _ in range(5):
        s.apply_action(s.chance_outcomes()[0][0])
    assert all(k >= 0 for k in s.character_offer) and top(s).action_points == 1


def test_placing_a_character_costs_its_rooms_floor_and_gives_its_bonus() -> None:
    s = frame(new(2, seed=8), CHARACTER, 3)
    store(s, 0, "weaver-2", "notary-3")
    set_res(s, 0)
    assert "place Notary (a contract action with 3 action points) in building 2 floor 3" in names(
        s
    )  # building 2 has 3 rooms
    assert "place Notary (a contract action with 3 action points) in building 1 floor 1" in names(
        s
    )  # any floor for any tile
    do(s, "place Weaver (2 wool) in building 1 floor 2")
    assert top(s).action_points == 1 and s.resources[0][WOOL] == 2
    assert s.rooms[0][s.game.rooms[0][1]] == kind("weaver-2")
    assert (
        "place Notary (a contract action with 3 action points) in building 2 floor 3"
        not in names(s)
    )  # 3 AP needed, 1 left
    assert "place Notary (a contract action with 3 action points) in building 2 floor 1" in names(s)
    assert "costs 3 AP" in s.explain(
        s.string_to_action(
            "place Notary (a contract action with 3 action points) in building 2 floor 3"
        )
    )
    assert "is taken" in s.explain(
        s.string_to_action(
            "place Notary (a contract action with 3 action points) in building 1 floor 2"
        )
    )


def test_matching_characters_must_share_a_building() -> None:
    s = frame(new(2, seed=8), CHARACTER, 6)
    place_characters(s, 0, 1, "smith-1")
    store(s, 0, "smith-2")
    placements = [n for n in names(s) if n.startswith("place")]
    assert placements == [
        "place Smith (2 iron) in building 2 floor 2",
        "place Smith (2 iron) in building 2 floor 3",
    ]
    assert "same building" in s.explain(
        s.string_to_action("place Smith (2 iron) in building 1 floor 1")
    )


def test_a_full_building_returns_its_roof_house_with_the_roof_bonus() -> None:
    s = frame(new(2, seed=9), CHARACTER, 3)
    place_characters(s, 0, 3, "banker-1", "knight-2")  # building 4: 3 rooms, floor 3 missing
    store(s, 0, "courtier-3")
    before_vp = s.vp[0]
    do(s, "place Courtier (3 points) in building 4 floor 3")
    assert s.houses_in_supply[0] == 3 and s.roof_houses_freed[0] == 1 << 3
    # courtier-3 gives 3 VP, building 4's roof bonus gives 4 VP
    assert s.vp[0] == before_vp + 3 + 4


def test_character_bonus_action_is_taken_at_once() -> None:
    s = frame(new(2, seed=10), CHARACTER, 2)
    store(s, 0, "courtier-2")
    pos = s.king_track[0]
    do(s, "place Courtier (a King action with 2 action points) in building 1 floor 2")
    assert top(s) == F.PerformAction(KING, 2, False)
    do(s, "advance king", "advance king")
    assert s.king_track[0] == pos + 2
    assert top(s).action == CHARACTER and top(s).action_points == 0


# ---- Contract ------------------------------------------------------------------------------


def test_taking_a_contract_costs_its_offer_space_ap_and_is_not_refilled_at_once() -> None:
    s = frame(new(2, seed=11), CONTRACT, 3)
    store(s, 0)
    s.contract_offer = [kind("iron-3")] * 5
    refresh(s)
    do(s, "take contract 1")
    assert top(s).action_points == 3 - D.contract_offer_costs[0] == 0
    assert s.contract_offer[0] == -1 and not s.is_chance_node()
    assert s.storehouse[0] == [kind("iron-3")]


def test_the_contract_offer_shifts_right_and_refills_at_the_end_of_the_turn() -> None:
    s = frame(new(2, seed=11), CONTRACT, 4)
    store(s, 0)
    a, b, c, d, e = (kind(x) for x in ("iron-3", "wool-3", "same-3", "iron-9", "wool-9"))
    s.contract_offer = [a, b, c, d, e]
    refresh(s)
    do(s, "take contract 4", "take contract 2")
    assert s.contract_offer == [a, -1, c, -1, e]
    do(s, "end turn")
    assert s.contract_offer[2:] == [a, c, e]
    assert s.chance_events[:2] == [
        F.TileDraw(F.PILE_CONTRACT, F.LOC_CONTRACT, 0),
        F.TileDraw(F.PILE_CONTRACT, F.LOC_CONTRACT, 1),
    ]


def test_exchange_costs_one_ap_and_the_first_of_the_turn_adds_a_resource() -> None:
    s = frame(new(2, seed=12), CONTRACT, 3)
    set_res(s, 0, food=2)
    do(s, "exchange food for iron")
    assert (
        s.resources[0][FOOD] == 1
        and s.resources[0][IRON] == 1
        and isinstance(top(s), F.ResourcesOfChoice)
    )
    do(s, "gain stone")
    assert s.resources[0][STONE] == 1 and top(s).action_points == 2
    do(s, "exchange food for wool")
    assert isinstance(top(s), F.PerformAction)  # no second bonus this turn
    assert s.resources[0][WOOL] == 1 and sum(s.resources[0]) == 3


def test_no_contract_without_an_open_contract_space() -> None:
    s = frame(new(2, seed=12), CONTRACT, 3)
    s.contract_offer = [kind("iron-3")] * 5
    s.fulfilled_contracts[0] = [kind("iron-2")] * 6
    store(s, 0, "wool-2")  # the seventh and last space is spoken for
    assert not any(n.startswith("take contract") for n in names(s))
    assert "contract space" in s.explain(s.string_to_action("take contract 5"))


# ---- King ----------------------------------------------------------------------------------


def test_king_action_advances_one_space_per_ap_never_above_15() -> None:
    s = frame(new(2, seed=13), KING, 4)
    top_index = len(D.king_track) - 1
    s.king_track[0] = top_index - 2
    refresh(s)
    do(s, "advance king", "advance king")
    assert D.king_track[s.king_track[0]] == 15
    assert "advance king" not in names(s)
    assert "+15" in s.explain(s.string_to_action("advance king"))


def test_a_marker_arriving_on_an_occupied_space_goes_on_top() -> None:
    s = frame(new(3, seed=13), KING, 2)
    start = D.king_start
    s.king_track = [start, start + 1, start + 1]
    s.king_track_stack = [0, 2, 1]
    refresh(s)
    do(s, "advance king")
    assert s.king_track_stack == [2, 1, 0]
