"""Rules checked in the audit against shared/rules/tiletum.md, each named after its rule."""

from __future__ import annotations

import random

from towers.core.chance import sample_chance
from towers.core.frames import DecisionStack
from towers.games.tiletum import actions as A
from towers.games.tiletum import frames as F
from towers.games.tiletum import rules as R
from towers.games.tiletum.data import ARCHITECT, CHARACTER, CONTRACT, FIG_MERCHANT, JOKER

from .helpers import (
    D,
    do,
    frame,
    game,
    kind,
    names,
    new,
    refresh,
    resolve,
    set_res,
    spot,
    store,
    town,
)

# ---- Character Action: a room on floor 1/2/3, costing the floor of the room ----------------


def test_character_action_any_character_goes_into_a_room_of_any_floor_costing_its_floor() -> None:
    # "Move a Character tile from your Storehouse to a Room on floor 1/2/3 on your Player
    # board. (The cost in Action Points is equal to the floor of the Room.)"
    s = frame(new(2, seed=1), CHARACTER, 3)
    store(s, 0, "notary-1")
    set_res(s, 0)
    placements = sorted(n for n in names(s) if n.startswith("place"))
    expected = sorted(
        f"place Notary (any resource and a contract action with 1 action point) in building "
        f"{b + 1} floor {f + 1}"
        for b, bld in enumerate(D.buildings)
        if not bld.occupied
        for f in range(bld.rooms)
    )
    assert placements == expected
    notary = D.kinds[kind("notary-1")].name
    do(s, f"place {notary} in building 2 floor 3")
    assert s.stack[1].action_points == 0  # 3 AP for the floor 3 room
    assert s.rooms[0][s.game.rooms[1][2]] == kind("notary-1")


# ---- explain: a true reason for moves ------------------------------------------------------


def test_explain_a_move_names_the_figure_that_may_move_and_where_it_stands() -> None:
    s = frame(new(2, seed=2), CHARACTER, 1)
    s.stack.append(F.MerchantToAdjacentTown())
    refresh(s)
    why = s.explain(s.string_to_action("architect to London"))
    assert "merchant" in why and "architect" in why and "Appendix: Contracts" in why
    assert "london is not a town" not in why
    s.stack[-1] = F.Move(FIG_MERCHANT, 1)
    refresh(s)
    assert "moves your merchant" in s.explain(s.string_to_action("architect to London"))
    assert "already on Tiletum" in s.explain(s.string_to_action("merchant to Tiletum"))
    assert "not next to your merchant" in s.explain(s.string_to_action("merchant to Rome"))
    s.stack[-1] = F.MoveBoth(True, False)
    refresh(s)
    assert "already moved" in s.explain(s.string_to_action("merchant to Tiletum-London road"))
    frame(s, ARCHITECT, 2)
    assert "already on Tiletum" in s.explain(s.string_to_action("architect to Tiletum"))


# ---- Bonus tiles and the Storehouse: every tile taken needs a free space --------------------


def test_storehouse_full_blocks_taking_a_character_or_a_contract_from_the_offers() -> None:
    s = frame(new(2, seed=3), CHARACTER, 3)
    store(s, 0, "any-2", "any-3", "gold-3", "one-each")
    assert not any(n.startswith("take character") for n in names(s))
    assert "storehouse is full" in s.explain(s.string_to_action("take character 1"))
    frame(s, CONTRACT, 3)
    s.contract_offer = [kind("iron-3")] * 5
    refresh(s)
    assert not any(n.startswith("take contract") for n in names(s))
    assert "storehouse is full" in s.explain(s.string_to_action("take contract 5"))
    store(s, 0, "any-2", "any-3", "gold-3")
    assert "take contract 5" in names(s)


def test_no_tile_ever_leaves_a_storehouse_except_by_being_used() -> None:
    # "Once taken, the tile cannot be discarded."
    used = (A.Fulfil, A.Pay, A.PlaceCrest, A.UseHelper, A.PlaceCharacter, A.Substitute)
    for players, seed in ((2, 1), (4, 2)):
        s = game(players).new_initial_state()
        rng = random.Random(seed)
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(sample_chance(s, rng))
                continue
            before = [len(x) for x in s.storehouse]
            a = rng.choice(s.legal_actions())
            s.apply_action(a)
            if any(len(x) < b for x, b in zip(s.storehouse, before, strict=True)):
                assert isinstance(A.VALUES[a], used), s.action_to_string(a)


# ---- chance: draws by the remaining counts, nothing about face-down order stored ------------


def test_tile_draws_follow_the_remaining_counts_of_the_pile() -> None:
    s = game(3).new_initial_state()
    assert isinstance(s.chance_events[0], F.TileDraw) and s.chance_events[0].pile == F.PILE_BONUS
    counts = list(s.piles[F.PILE_BONUS].counts)
    total = sum(counts)
    assert dict(s.chance_outcomes()) == {A.DRAW + k: n / total for k, n in enumerate(counts) if n}
    s.apply_action(A.DRAW + kind("add-ap-2"))  # two copies, one is left
    outcomes = dict(s.chance_outcomes())
    assert outcomes[A.DRAW + kind("add-ap-2")] == 1 / (total - 1)
    assert outcomes[A.DRAW + kind("any-3")] == 1 / (total - 1)


def test_cost_town_and_fair_tiles_are_drawn_evenly_from_those_left() -> None:
    s = game(2).new_initial_state()
    while not isinstance(s.chance_events[0], F.CostTileDraw):
        s.apply_action(s.legal_actions()[0])
    assert dict(s.chance_outcomes()) == {A.COST_TILE + i: 1 / 9 for i in range(9)}
    s.apply_action(A.COST_TILE + D.unavailable_cost)
    assert A.COST_TILE + D.unavailable_cost not in dict(s.chance_outcomes())
    assert len(s.chance_outcomes()) == 8
    while not isinstance(s.chance_events[0], F.TownTileDraw):
        s.apply_action(s.legal_actions()[0])
    assert dict(s.chance_outcomes()) == {A.TOWN_TILE + i: 1 / 8 for i in range(8)}
    s.apply_action(A.TOWN_TILE + 2)
    assert len(s.chance_outcomes()) == 7 and A.TOWN_TILE + 2 not in dict(s.chance_outcomes())
    while not isinstance(s.chance_events[0], F.FairTileDraw):
        s.apply_action(s.legal_actions()[0])
    assert dict(s.chance_outcomes()) == {A.FAIR_TILE + i: 1 / 11 for i in range(11)}


def test_face_down_piles_keep_no_order_only_counts() -> None:
    s = new(4, seed=4)
    rng = random.Random(4)
    while not s.is_terminal():
        for pile in s.piles:
            assert pile.top == [] and pile.bottom == []  # no known top or bottom
        if s.is_chance_node():
            s.apply_action(sample_chance(s, rng))
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    obs = new(2, seed=4).observation(1)
    assert set(obs["piles"]) == {"bonus", "contract", "character"}
    assert all(isinstance(v, int) for v in obs["piles"].values())


# ---- Action phase: a corruption token before each of the three turns -----------------------


def test_a_corruption_token_is_revealed_before_each_of_the_three_turns() -> None:
    s = new(2, seed=5)
    rng = random.Random(5)
    seen = []
    while s.round == 0:
        if s.stack and isinstance(s.stack[-1], F.Turn):
            seen.append((s.turn, len(s.corruption_revealed)))
        if s.is_chance_node():
            s.apply_action(sample_chance(s, rng))
        else:
            legal = names(s)
            do(s, "end turn" if "end turn" in legal else legal[0])
    assert sorted(set(seen)) == [(0, 1), (1, 2), (2, 3)]


def test_the_bonus_tile_offered_is_that_of_the_changed_dies_action() -> None:
    s = new(2, seed=6)
    s.wheel_dice = [[0] * 5 for _ in range(6)]
    s.wheel_dice[2][0] = 1
    s.action_bonus_tiles = [-1] * 6
    new_action = s.action_of_value(4)
    s.action_bonus_tiles[new_action] = kind("vp-4")
    s.action_bonus_tiles[s.action_of_value(3)] = kind("gold-3")
    store(s, 0)
    set_res(s, 0, gold=2)
    do(s, "die 3 yellow", "value 4", "take tile")
    assert s.storehouse[0] == [kind("vp-4")]
    assert (
        isinstance(s.stack[-1], F.PerformAction) and s.stack[-1].action == new_action
    ) or new_action == JOKER


# ---- King phase and the King track fair tile -----------------------------------------------


def test_the_king_track_fair_tile_scores_only_players_at_the_fair() -> None:
    s = new(2, seed=7)
    s.stack.clear()
    s.chance_events.clear()
    s.round = 1
    s.king_tile = -1
    s.fair_towns[1] = town("paris")
    s.fair_tiles[1] = D.fair_ids.index("king")
    start = D.king_start
    s.king_track = [start + 5, start + 3]
    s.king_track_stack = [1, 0]
    s.merchant[1] = spot("paris")  # seat 1 is at the fair, seat 0 is not
    s.vp = [20, 20]
    s.active_player = -1
    s.phase = R.S_KING
    s._run()
    flat = D.fair_board_vp[1] + D.fair_vp[D.fair_ids.index("king")]
    assert s.vp[0] == 20 + 4 + D.king_track[start + 5]  # the leader, no King tile to take
    assert s.vp[1] == 20 + D.king_track[start + 3] + flat + D.king_track[start + 3]


def test_the_new_turn_order_is_played_in_the_next_round() -> None:
    s = new(3, seed=8)
    s.stack.clear()
    s.chance_events.clear()
    s.king_tile = -1
    start = D.king_start
    s.king_track = [start, start + 2, start + 1]
    s.king_track_stack = [0, 2, 1]
    s.active_player = -1
    s.phase = R.S_KING
    s._run()
    resolve(s, seed=8)
    assert s.turn_order == [1, 2, 0] and s.round == 1
    assert s.current_player() == 1 and isinstance(s.stack[-1], F.Turn)


# ---- Appendix: Contracts: identical resources of your choice -------------------------------


def test_mixed_contract_identical_resources_of_your_choice_may_be_the_fixed_type_too() -> None:
    # "Pay 2/3 identical Resources of your choice and 2/3 Iron to gain 5/8 Victory Points."
    s = new(2, seed=9)
    s.stack = DecisionStack([F.Turn()])
    store(s, 0, "same-2-iron-2")
    set_res(s, 0, iron=4, wool=1)
    assert "fulfil 2 identical resources and 2 iron for 5 points" in names(s)
    do(s, "fulfil 2 identical resources and 2 iron for 5 points")
    assert names(s) == ["pay with iron"]
    do(s, "pay with iron")
    assert s.resources[0] == [0, 0, 1, 0, 0] and s.fulfilled_contracts[0] == [kind("same-2-iron-2")]
    s = new(2, seed=9)
    s.stack = DecisionStack([F.Turn()])
    store(s, 0, "same-3-wool-3")
    set_res(s, 0, wool=5, food=3)
    do(s, "fulfil 3 identical resources and 3 wool for 8 points")
    assert names(s) == ["pay with food"]  # 6 wool would be needed to pay with wool
