"""Tasks: buying, fulfilling contracts (every contract kind), placing crests (every crest
bonus), contributing to cathedrals and using helpers (every helper ability)."""

from __future__ import annotations

import pytest

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
    turn_start,
)

# ---- buying --------------------------------------------------------------------------------


def test_two_gold_buy_one_other_resource() -> None:
    s = turn_start(new(2, seed=1))
    set_res(s, 0, gold=3)
    assert {n for n in names(s) if n.startswith("buy")} == {
        "buy food",
        "buy wool",
        "buy stone",
        "buy iron",
    }
    do(s, "buy stone")
    assert s.resources[0] == [1, 0, 0, 1, 0]
    assert not any(n.startswith("buy") for n in names(s))


# ---- contracts -----------------------------------------------------------------------------


def _fulfil_setup(contract: str, **res: int) -> R.TiletumState:
    s = turn_start(new(2, seed=2))
    store(s, 0, contract)
    set_res(s, 0, **res)
    return s


def test_fulfilling_fills_the_leftmost_space_frees_its_pillar_and_scores_both() -> None:
    s = _fulfil_setup("iron-3", iron=3)
    vp = s.vp[0]
    do(s, "fulfil 3 iron for 4 points")
    assert s.fulfilled_contracts[0] == [kind("iron-3")] and s.storehouse[0] == []
    assert s.pillars_in_supply[0] == 3
    assert s.vp[0] == vp + 4 + D.contract_space_vp[0]
    assert s.resources[0][IRON] == 0


def test_the_sixth_contract_space_has_no_pillar() -> None:
    s = _fulfil_setup("iron-2", iron=2)
    s.fulfilled_contracts[0] = [kind("wool-2")] * 5
    vp = s.vp[0]
    do(s, "fulfil 2 iron for 2 points")
    assert s.pillars_in_supply[0] == 2 and s.vp[0] == vp + 2 + D.contract_space_vp[5]


def test_identical_resources_of_your_choice() -> None:
    s = _fulfil_setup("same-3", food=3, stone=5, iron=2)
    do(s, "fulfil 3 identical resources for 3 points")
    assert set(names(s)) == {"pay with food", "pay with stone"}
    do(s, "pay with stone")
    assert s.resources[0] == [0, 3, 0, 2, 2] and s.vp[0] == 10 + 3 + D.contract_space_vp[0]


def test_mixed_contract_pays_the_fixed_and_identical_resources_of_your_choice() -> None:
    s = _fulfil_setup("same-2-iron-2", iron=4, wool=2)
    do(s, "fulfil 2 identical resources and 2 iron for 5 points")
    assert names(s) == ["pay with wool", "pay with iron"]  # 2 + 2 iron is also a choice
    do(s, "pay with wool")
    assert s.resources[0] == [0, 0, 0, 0, 2] and s.vp[0] == 10 + 5 + D.contract_space_vp[0]


def test_a_contract_that_cannot_be_paid_is_not_offered() -> None:
    s = _fulfil_setup("iron-4-wool-4", iron=4, wool=3)
    assert "fulfil 4 iron and 4 wool for 12 points" not in names(s)
    assert "lack the resources" in s.explain(
        s.string_to_action("fulfil 4 iron and 4 wool for 12 points")
    )
    set_res(s, 0, iron=4, wool=4)
    do(s, "fulfil 4 iron and 4 wool for 12 points")
    assert s.vp[0] == 10 + 12 + D.contract_space_vp[0]


def test_iron_contract_advances_the_king_marker() -> None:
    s = _fulfil_setup("iron-5-king", iron=5)
    pos = s.king_track[0]
    do(s, "fulfil 5 iron for 7 points and a King track space")
    assert s.king_track[0] == pos + 1 and s.vp[0] == 10 + 7 + D.contract_space_vp[0]


def test_wool_contract_moves_the_merchant_to_an_adjacent_town() -> None:
    s = _fulfil_setup("wool-7-town", wool=7)
    do(s, "fulfil 7 wool for 11 points and the merchant to an adjacent town")
    assert s.vp[0] == 10 + 11 + D.contract_space_vp[0]
    assert set(names(s)) == {f"merchant to {D.spot_names[t]}" for t in D.adjacent_towns[0]} | {
        "skip"
    }
    do(s, "merchant to London")
    assert s.merchant[0] == spot("london")


def test_wool_and_iron_contract_gives_a_character_action() -> None:
    s = _fulfil_setup("wool-3-iron-3-character", wool=3, iron=3)
    do(s, "fulfil 3 wool and 3 iron for 9 points and a character action with 1 action point")
    assert top(s) == F.PerformAction(CHARACTER, 1, False)


@pytest.mark.parametrize(
    ("contract", "res", "vp"),
    [
        ("same-1", {"gold": 1}, 1),
        ("same-5", {"food": 5}, 6),
        ("same-7", {"stone": 7}, 10),
        ("same-8", {"wool": 8}, 13),
        ("iron-2", {"iron": 2}, 2),
        ("iron-9", {"iron": 9}, 17),
        ("iron-7-king", {"iron": 7}, 11),
        ("wool-2", {"wool": 2}, 2),
        ("wool-3", {"wool": 3}, 4),
        ("wool-9", {"wool": 9}, 17),
        ("wool-5-town", {"wool": 5}, 7),
        ("same-3-iron-3", {"iron": 3, "food": 3}, 8),
        ("same-2-wool-2", {"wool": 2, "gold": 2}, 5),
        ("same-3-wool-3", {"wool": 3, "stone": 3}, 8),
        ("iron-1-wool-1", {"iron": 1, "wool": 1}, 2),
        ("iron-2-wool-3", {"iron": 2, "wool": 3}, 6),
        ("wool-5-iron-5-character", {"iron": 5, "wool": 5}, 16),
    ],
)
def test_each_contract_kind_scores_its_vp(contract: str, res: dict[str, int], vp: int) -> None:
    s = _fulfil_setup(contract, **res)
    do(s, f"fulfil {contract}")
    while isinstance(top(s), F.PayIdentical):
        do(s, names(s)[0])
    assert sum(s.resources[0]) == 0
    assert s.vp[0] == 10 + vp + D.contract_space_vp[0]


# ---- crests --------------------------------------------------------------------------------


def _crest_setup(food: int = 6) -> R.TiletumState:
    s = turn_start(new(2, seed=3))
    store(s, 0, "lion")
    set_res(s, 0, food=food)
    return s


def test_a_crest_costs_its_spaces_food_and_never_two_of_one_crest() -> None:
    s = _crest_setup(food=5)
    crests = sorted(n for n in names(s) if n.startswith("crest"))
    assert crests == [f"crest Lion on space {i}" for i in (3, 4, 5, 6)]  # 6 food for 1 and 2
    do(s, "crest Lion on space 4")  # architect jump bonus follows
    assert s.crests[0][3] == 0 and s.resources[0][FOOD] == 1
    do(s, "skip")
    # another lion can no longer be taken into the storehouse
    s.map_bonus_tiles[town("london")] = [kind("lion")]
    frame(s, ARCHITECT, 1)
    s.architect[0] = spot("london")
    refresh(s)
    assert "bonus tile London 1" not in names(s)
    assert "Lion crest" in s.explain(s.string_to_action("bonus tile London 1"))


def test_crest_bonus_house_in_any_town() -> None:
    s = _crest_setup()
    s.house_spaces[town("rome")] = [R.EMPTY, R.INACTIVE]
    refresh(s)
    do(s, "crest Lion on space 1")
    assert "house Rome 1" in names(s) and "skip" not in names(s)
    do(s, "house Rome 1")
    assert town("rome") in s.houses_on_map[0] and s.vp[0] == 14


def test_crest_bonus_pillar_at_any_cathedral() -> None:
    s = _crest_setup()
    c = cathedral("prague")
    s.construction_costs[c] = 0
    s.pillar_spaces[c] = [R.EMPTY, R.EMPTY, R.INACTIVE]
    refresh(s)
    do(s, "crest Lion on space 2")
    do(s, "pillar Prague")
    assert s.pillars_on_map[0] == [c]


def test_crest_bonus_merchant_and_architect_to_any_space() -> None:
    s = _crest_setup()
    do(s, "crest Lion on space 3")
    assert len([n for n in names(s) if n.startswith("merchant to")]) == len(D.spot_names) - 1
    do(s, "merchant to Rome")
    assert s.merchant[0] == spot("rome")
    store(s, 0, "eagle")
    set_res(s, 0, food=4)
    do(s, "crest Eagle on space 4", "architect to Vienna")
    assert s.architect[0] == spot("vienna")


def test_crest_bonus_two_resources_and_five_vp() -> None:
    s = _crest_setup(food=3)
    do(s, "crest Lion on space 5", "gain iron", "gain iron")
    assert s.resources[0][IRON] == 2 and s.resources[0][FOOD] == 0
    store(s, 0, "rose")
    set_res(s, 0, food=2)
    vp = s.vp[0]
    do(s, "crest Rose on space 6")
    assert s.vp[0] == vp + 5


# ---- cathedrals ----------------------------------------------------------------------------


def test_contributing_costs_stone_scores_cost_and_tile_and_happens_once() -> None:
    s = turn_start(new(2, seed=4))
    c = cathedral("milan")
    s.construction_costs[c] = 3  # 3 stone, 4 VP
    s.cathedral_tiles_left[c] = 3
    s.pillars_on_map[0] = [c]
    set_res(s, 0, stone=7)
    vp = s.vp[0]
    do(s, "contribute Milan")
    assert s.resources[0][STONE] == 4
    assert s.vp[0] == vp + D.cost_vp[3] + D.cathedrals[c].tiles[-1]
    assert s.cathedral_tiles_left[c] == 2 and s.cathedral_tiles[0] == [c]
    assert "contribute Milan" not in names(s)
    assert "already contributed" in s.explain(s.string_to_action("contribute Milan"))
    # the next contributor takes the next tile down
    s.active_player = 1
    s.pillars_on_map[1] = [c]
    set_res(s, 1, stone=3)
    vp1 = s.vp[1]
    do(s, "contribute Milan")
    assert s.vp[1] == vp1 + D.cost_vp[3] + D.cathedrals[c].tiles[1]


def test_contributing_needs_your_pillar_there() -> None:
    s = turn_start(new(2, seed=4))
    set_res(s, 0, stone=9)
    assert not any(n.startswith("contribute") for n in names(s))
    assert "no pillar" in s.explain(s.string_to_action("contribute Paris"))


# ---- helpers -------------------------------------------------------------------------------


def _helper(tile: str) -> R.TiletumState:
    s = turn_start(new(2, seed=5))
    store(s, 0, tile)
    set_res(s, 0)
    return s


@pytest.mark.parametrize(
    ("tile", "action", "ap"),
    [
        ("merchant-2", MERCHANT, 2),
        ("merchant-3", MERCHANT, 3),
        ("character-2", CHARACTER, 2),
        ("character-3", CHARACTER, 3),
        ("contract-2", CONTRACT, 2),
        ("contract-3", CONTRACT, 3),
        ("architect-2", ARCHITECT, 2),
        ("architect-3", ARCHITECT, 3),
        ("king-2", KING, 2),
        ("king-3", KING, 3),
    ],
)
def test_action_helpers_give_that_action_without_bonus_markers(
    tile: str, action: int, ap: int
) -> None:
    s = _helper(tile)
    s.bonus_action_points[0][action] = 3  # bonus markers count only for the die's action
    do(s, f"use {tile}")
    assert top(s) == F.PerformAction(action, ap, False) and s.storehouse[0] == []


def test_helper_action_of_your_choice_with_one_ap() -> None:
    s = _helper("any-action-1")
    do(s, "use an action of your choice with 1 action point")
    assert "action joker" not in names(s) and len(names(s)) == 5
    do(s, "action king")
    assert top(s) == F.PerformAction(KING, 1, False)


def test_helper_adds_ap_only_to_the_dies_action() -> None:
    s = _helper("add-ap-2")
    assert "use +2 action points" not in names(s)  # no die taken yet
    frame(s, CONTRACT, 1)
    s.stack.append(F.PerformAction(KING, 2, False))
    refresh(s)
    do(s, "use +2 action points")
    assert top(s) == F.PerformAction(KING, 2, False) and s.stack[1].action_points == 3


def test_helper_gold_and_vp() -> None:
    s = _helper("gold-2-vp-2")
    do(s, "use 2 gold and 2 points")
    assert s.resources[0][GOLD] == 2 and s.vp[0] == 12
    s = _helper("gold-3")
    do(s, "use 3 gold")
    assert s.resources[0][GOLD] == 3
    s = _helper("vp-4")
    do(s, "use 4 points")
    assert s.vp[0] == 14


def test_helper_any_resources_each_may_differ() -> None:
    s = _helper("any-3")
    do(s, "use any 3 resources", "gain food", "gain iron", "gain iron")
    assert s.resources[0] == [0, 1, 0, 0, 2] and isinstance(top(s), F.Turn)


def test_helper_one_of_each() -> None:
    s = _helper("one-each")
    do(s, "use 1 iron, 1 wool, 1 stone and 1 food")
    assert s.resources[0] == [0, 1, 1, 1, 1]


def test_helper_building_bonuses() -> None:
    s = _helper("building")
    assert "use the character bonuses of a building" not in names(s)  # no character placed yet
    place_characters(s, 0, 3, "banker-1", "knight-2", "courtier-3")
    do(
        s,
        "use the character bonuses of a building",
        "building 4",
        "bonus of floor 1",
        "bonus of floor 3",
        "bonus of floor 2",
    )
    assert s.resources[0][GOLD] == 2 and s.vp[0] == 10 + 3 + 2
    assert isinstance(top(s), F.Turn)


def test_a_used_helper_leaves_the_game() -> None:
    s = _helper("any-2")
    do(s, "use any 2 resources", "gain wool", "gain wool")
    assert s.storehouse[0] == [] and s.resources[0][WOOL] == 2
    assert "use any 2 resources" not in names(s)
