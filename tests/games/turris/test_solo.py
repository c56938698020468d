"""Turris solo play against the Betrayers (rulebook: Appendix 1: Solo Play), one test per
rule; the appendix's one worked case ("e.g. when it is in location 12") has its own."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tests.games.turris.conftest import (
    DELUSION,
    DESPAIR,
    HARROW,
    PAIN,
    act,
    beast_acts,
    empty_board,
    names,
    new_game,
    node,
    put,
)
from towers.core import conformance
from towers.core.registry import register_game, unregister_game
from towers.games.turris import actions as A
from towers.games.turris.frames import BeastTurn, Resolving, TrionfiChoice, Turn
from towers.games.turris.rules import P_BETRAYERS, TurrisGame, TurrisState

D = A.DATA


def solo() -> TurrisState:
    return new_game(players=1)


def betrayers(state: TurrisState, *where: str) -> None:
    state.betrayer_at = [node(w) for w in where]
    state._legal = None


def answer(state: TurrisState) -> None:
    """Decline or take the first option of every decision up to the next Action Step, draw
    or end (Council rewards and the like)."""
    while not (state.is_terminal() or state.is_chance_node()):
        if state.stack and isinstance(state.stack.top, Turn):
            return
        legal = state.legal_actions()
        state.apply_action(A.PASS if A.PASS in legal else legal[0])


def end_turn(state: TurrisState) -> None:
    """End the Action Step and the turn: the Betrayer Phase starts (up to its dice)."""
    state.actions_left = 0
    state._legal = None
    act(state, "pass")
    while not (state.is_terminal() or state.is_chance_node()):
        legal = state.legal_actions()
        state.apply_action(A.PASS if A.PASS in legal else legal[0])


def roll(state: TurrisState, beast: str, number: int) -> None:
    act(state, f"d4 {beast}")
    act(state, f"d12 {number}")


# ---- Solo Setup -------------------------------------------------------------------------
def test_the_game_accepts_one_player() -> None:
    game = TurrisGame(1)
    assert game.min_players == 1 and game.solo


def test_solo_setup_removes_the_stall_and_the_underworld_map_errata_4() -> None:
    state = solo()
    stall = [s.id for s in D.excavation_sites].index("stall")
    underworld = [m.id for m in D.missions].index("underworld_map")
    preferential = [m.id for m in D.missions].index("preferential_treatment")
    assert stall not in state.site_at and state.site_deck.counts[stall] == 0
    assert underworld not in state.missions and state.mission_deck.counts[underworld] == 0
    # Errata 4: the Preferential Treatment of the printed text stays in the game
    assert preferential in state.missions or state.mission_deck.counts[preferential] == 1


def test_solo_setup_one_excavation_site_and_you_are_always_first_player() -> None:
    state = solo()
    assert state.first_player == 0
    assert [k for k, s in enumerate(state.site_at) if s >= 0] == [0]


def test_solo_setup_betrayer_scouts_on_locations_1_and_10_and_prestige_0() -> None:
    state = solo()
    assert [D.locations[n].number for n in state.betrayer_at] == [1, 10]
    assert state.betrayer_prestige == 0 and state.prestige == [0]


# ---- Player Turn Phase (Solo) -------------------------------------------------------------
def test_you_cannot_place_in_locations_with_a_betrayer_scout() -> None:
    state = solo()
    assert "place Garden" not in names(state) and "place Isle" not in names(state)
    why = state.explain(state.string_to_action("place Garden"))
    assert why is not None and "Betrayer" in why


def test_no_reward_when_collecting_from_a_location_with_a_betrayer_scout() -> None:
    state = solo()
    put(state, 0, "guild")
    put(state, 0, "forge")
    betrayers(state, "guild", "isle")
    act(state, "collect")
    act(state, "collect from Guild")
    act(state, "collect from Forge")
    act(state, "pass")
    # one reward offered, the Forge's; 2 Ichor paid
    assert names(state) == ["resolve 1", "pass"]  # slots are written from 1
    act(state, "resolve 1")
    assert state.resources[0][1] == 0  # no Knowledge from the Guild
    assert state.resources[0][3] == 2  # the Forge's Weaponry
    assert state.resources[0][0] == 1  # 2 Ichor paid


def test_tower_rooms_only_from_rooms_with_no_damaged_token() -> None:
    state = solo()
    state.damaged[1] = True
    damaged_card = state.trionfi_tableau[1]
    state.stack.push(TrionfiChoice(0, 5, True))
    state._legal = None
    offered = names(state)
    assert f"trionfi {D.trionfi[damaged_card].name}" not in offered
    assert len([a for a in offered if a.startswith("trionfi")]) == 5


def test_no_undamaged_room_no_grove_and_no_council_tower_room() -> None:
    state = solo()
    state.completed[0] = [0, 1]  # the first Room's prerequisite
    grove = state.game.sources[state.game.src_location[node("grove")]][1]
    council = next(c for c in D.council if any(e.kind == "tower_room" for e in c.effects))
    assert state._can_resolve(0, grove) and state._can_resolve(0, council.effects)
    state.damaged = [True] * 6
    assert not state._can_resolve(0, grove)
    assert not state._can_resolve(0, council.effects)
    assert not state._may_build(0)


def test_future_first_player_instead_removes_a_damaged_token() -> None:
    state = solo()
    state.damaged[1] = state.damaged[0] = True
    act(state, "place Spire")
    assert sorted(names(state)) == ["pass", "repair room 1", "repair room 2"]
    act(state, "repair room 2")
    assert state.damaged[:2] == [True, False]
    assert state.future_first == -1 and state.resources[0][0] == 5


def test_future_first_player_with_no_damaged_token_is_still_placeable() -> None:
    state = solo()
    act(state, "place Spire")
    assert state.future_first == -1 and state.resources[0][0] == 5


def test_a_steal_takes_from_the_supply_and_betrayers_keep_one_of_each() -> None:
    state = solo()
    pickpocket = [c.id for c in D.tactics].index("pickpocket")
    state.stack.push(Resolving(0, state.game.src_tactics[pickpocket], 0))
    state._legal = None
    state._run()
    assert names(state) == ["steal K from 2", "steal R from 2", "steal W from 2"]
    act(state, "steal R from 2")
    assert state.resources[0][2] == 1 and len(state.resources) == 1


# ---- Betrayer Phase -------------------------------------------------------------------------
def test_betrayer_phase_follows_the_player_turn_phase() -> None:
    state = solo()
    end_turn(state)
    assert state.phase == P_BETRAYERS and state.is_chance_node()


def test_betrayer_scouts_move_to_the_next_higher_free_number_not_adjacent() -> None:
    state = solo()
    empty_board(state, {PAIN: "spire", HARROW: "abyss"})
    put(state, 0, "forge")
    betrayers(state, "garden", "isle")
    end_turn(state)
    # 2 has a Beast, 3 a Scout: the Guild (4); 11 is free: the Grove
    assert state.betrayer_at == [node("guild"), node("grove")]


def test_betrayer_movement_starts_from_the_lower_number() -> None:
    state = solo()
    empty_board(state)
    betrayers(state, "guild", "forge")
    end_turn(state)
    # the Scout on 3 moves first, past the other on 4, to 5; then 4 moves on to 6
    assert state.betrayer_at == [node("nest"), node("shrine")]


def test_betrayer_scout_in_location_12_wraps_to_the_lowest_free_with_a_damaged_token() -> None:
    state = solo()
    empty_board(state, {PAIN: "garden"})
    betrayers(state, "abyss", "guild")
    end_turn(state)
    # Location 12 has no higher number: the lowest free number (the Garden has a Beast)
    assert state.betrayer_at[0] == node("spire")
    assert state.damaged == [False, True, False, False, False, False]
    assert state.betrayer_prestige == 4


def test_betrayer_scout_blocked_by_all_higher_locations_wraps() -> None:
    state = solo()
    empty_board(state, {PAIN: "grove", DELUSION: "abyss"})
    betrayers(state, "isle", "forge")
    end_turn(state)
    assert state.betrayer_at == [node("garden"), node("guild")]
    assert sum(state.damaged) == 1 and state.betrayer_prestige == 4


def test_damaged_tokens_from_the_top_right_room_right_to_left_top_to_bottom() -> None:
    state = solo()
    placed = []
    for _ in range(7):
        before = list(state.damaged)
        state._damage_room()
        placed += [k for k in range(6) if state.damaged[k] and not before[k]]
    assert placed == list(state.game.damage_order) == [1, 0, 3, 2, 5, 4]
    assert state.betrayer_prestige == 24  # the seventh finds no room: no Prestige


def test_betrayer_scout_in_an_excavation_site_moves_to_the_lowest_free_without_damage() -> None:
    state = solo()
    empty_board(state, {PAIN: "garden"})
    betrayers(state, "site_a", "abyss")
    end_turn(state)
    # the Site's Scout moves first (it has no number) to 2; the Abyss's wraps past it to 3
    assert state.betrayer_at == [node("spire"), node("forge")]
    assert sum(state.damaged) == 1  # only the wrap from 12 is Damaged


def test_betrayer_scouts_resolve_no_location_effect() -> None:
    state = solo()
    empty_board(state)
    betrayers(state, "garden", "guild")  # to the Spire (Future First Player, 2 Ichor)
    before = [list(r) for r in state.resources]
    end_turn(state)
    assert state.betrayer_at[0] == node("spire")
    assert state.resources == before and state.future_first == -1


def test_betrayer_dice_are_chance_nodes_d4_then_d12() -> None:
    state = solo()
    end_turn(state)
    d4 = state.chance_outcomes()
    assert [state.action_to_string(a) for a, _ in d4] == [
        "d4 Pain", "d4 Delusion", "d4 Despair", "d4 Harrow",
    ]  # fmt: skip
    assert all(p == pytest.approx(1 / 4) for _, p in d4)
    act(state, "d4 Despair")
    d12 = state.chance_outcomes()
    assert [state.action_to_string(a) for a, _ in d12] == [f"d12 {k}" for k in range(1, 13)]
    assert all(p == pytest.approx(1 / 12) for _, p in d12)


def test_the_d4_beast_moves_in_the_betrayer_phase_and_again_in_the_beast_phase() -> None:
    state = solo()
    empty_board(state, {HARROW: "site_d"})
    betrayers(state, "garden", "spire")
    end_turn(state)
    roll(state, "harrow", 12)
    # speed 1 towards the Abyss (the d12): the Grove in the Betrayer Phase, the Abyss in
    # the Beast Phase, which targets the same card
    assert state.beast_at[HARROW] == node("abyss")
    assert state.movement_card == 12 and state.round == 2


def test_the_d4_beast_targets_the_d12_location_with_none_of_your_scouts_on_the_board() -> None:
    state = solo()
    empty_board(state, {PAIN: "site_a"})
    betrayers(state, "garden", "spire")
    end_turn(state)
    roll(state, "pain", 5)
    assert state.beast_at[PAIN] == node("shrine")


def test_no_chain_attack_on_the_betrayer_phase_move() -> None:
    state = solo()
    empty_board(state, {HARROW: "site_d"})
    betrayers(state, "garden", "spire")
    put(state, 0, "isle")
    put(state, 0, "circle")
    end_turn(state)
    roll(state, "harrow", 1)
    # Devoured at the Isle, the Council reward is offered: still the Betrayer Phase
    assert state.phase == P_BETRAYERS
    assert state.beast_at[HARROW] == node("isle") and state.graveyard[0] == 1
    assert not any(isinstance(f, BeastTurn) for f in state.stack)  # no Chain Attack
    assert state.scouts[node("circle")][0] == 1


def test_betrayers_gain_1_prestige_at_the_end_of_the_betrayer_phase() -> None:
    state = solo()
    empty_board(state)
    end_turn(state)
    roll(state, "pain", 1)
    assert state.betrayer_prestige == 1
    assert state.round == 2 and isinstance(state.stack.top, Turn)


# ---- Beast Phase (Solo) ---------------------------------------------------------------------
def test_beasts_ignore_betrayer_scouts_when_choosing_a_target() -> None:
    state = solo()
    empty_board(state, {PAIN: "guild"})
    betrayers(state, "shrine", "isle")
    put(state, 0, "nest")
    beast_acts(state, PAIN)
    assert state.beast_at[PAIN] == node("forge")
    assert state.betrayer_at[0] == node("shrine")


def test_a_beast_entering_a_betrayer_scout_ends_its_movement_and_pushes_it() -> None:
    state = solo()
    empty_board(state, {PAIN: "guild"})
    state.altar = next(k for k, b in enumerate(state.game.altar_beast) if b == PAIN)
    assert state._speed(PAIN) == 2
    betrayers(state, "forge", "isle")
    put(state, 0, "nest")
    beast_acts(state, PAIN)
    assert state.beast_at[PAIN] == node("forge")  # not on to the Nest
    # pushed as the Delusion pushes: the Spire, the Guild or the Nest; you choose
    assert names(state) == ["choose Spire", "choose Guild", "choose Nest"]
    act(state, "choose Spire")
    assert state.betrayer_at[0] == node("spire")
    assert state.scouts[node("nest")][0] == 1


def test_the_despair_pushes_a_betrayer_scout_and_takes_nothing() -> None:
    state = solo()
    empty_board(state, {DESPAIR: "guild"})
    betrayers(state, "forge", "isle")
    put(state, 0, "nest")
    before = list(state.resources[0])
    beast_acts(state, DESPAIR)
    assert state.beast_at[DESPAIR] == node("forge")
    act(state, "choose Guild")
    assert state.betrayer_at[0] == node("guild") and state.resources[0] == before


def test_a_betrayer_scout_is_pushed_without_a_choice_when_one_location_is_open() -> None:
    state = solo()
    empty_board(state, {DELUSION: "spire", PAIN: "nest", DESPAIR: "guild"})
    betrayers(state, "forge", "isle")
    state.stack.push(Resolving(0, state.game.src_location[node("ridge")], 0))
    state._legal = None
    state._run()
    # a Beast moved by an effect pushes the Betrayers too (in any other Phase)
    act(state, "beast Pain")
    act(state, "choose Forge")
    # the Forge's neighbours: the Spire and the Guild have Beasts; the Nest, where the Pain
    # came from, is the one open Location
    assert state.betrayer_at[0] == node("nest")
    assert state.beast_at[PAIN] == node("forge") and state.flipped[PAIN]


def test_beasts_target_the_beast_movement_card_when_none_of_your_scouts_are_on_the_board() -> None:
    state = solo()
    empty_board(state, {PAIN: "guild", DELUSION: "forge"})
    betrayers(state, "garden", "isle")
    put(state, 0, "shrine")
    state.movement_card = 6  # the Nest
    beast_acts(state, PAIN)
    answer(state)
    assert state.graveyard[0] == 1  # Devoured: none of your Scouts is left on the board
    beast_acts(state, DELUSION)
    assert state.beast_at[DELUSION] == node("nest")


# ---- Cleanup Phase (Solo) and the Solo Endgame -----------------------------------------------
def test_the_first_player_token_never_moves_from_you() -> None:
    state = solo()
    act(state, "place Spire")
    end_turn(state)
    roll(state, "pain", 1)
    answer(state)
    assert state.round == 2 and state.first_player == 0


def test_six_rooms_without_damage_at_the_end_of_the_player_turn_phase_win() -> None:
    state = solo()
    state.rooms[0] = 6
    state.trionfi_tableau = [-1] * 6
    end_turn(state)
    assert state.is_terminal() and state.player_won and state.winners() == [0]


def test_six_rooms_with_a_damaged_room_do_not_end_the_game() -> None:
    state = solo()
    state.rooms[0] = 6
    state.trionfi_tableau = [-1] * 6
    state.damaged[3] = True
    end_turn(state)
    assert not state.is_terminal() and state.phase == P_BETRAYERS


def test_the_betrayers_reaching_40_first_win_at_once() -> None:
    state = solo()
    empty_board(state)
    betrayers(state, "abyss", "guild")
    state.betrayer_prestige = 36
    end_turn(state)
    # the Damaged token's 4 Prestige: the game ends before the dice
    assert state.is_terminal() and not state.player_won
    assert state.betrayer_prestige == 40


def test_the_player_reaching_40_first_wins_at_once() -> None:
    state = solo()
    state.prestige[0] = 38
    state._score(0, 2)
    assert state.is_terminal() and state.player_won


# ---- whole games --------------------------------------------------------------------------
@pytest.fixture
def registered() -> Iterator[None]:
    register_game("turris", "towers.games.turris.rules:TurrisGame")
    yield
    unregister_game("turris")


def test_random_solo_games_reach_the_end() -> None:
    game = TurrisGame(1)
    for seed in range(5):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(
                    rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                )
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        end = game.c["prestige_end"]
        assert state.betrayer_prestige >= end or state.prestige[0] >= end or state.player_won
        assert len(state.history()) <= game.max_game_length()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_solo_conformance(registered: None, seed: int) -> None:
    conformance.check_all(TurrisGame(1), seed=seed)


def test_a_state_saved_before_solo_play_reads_back() -> None:
    import json

    state = TurrisGame(3).new_initial_state()
    saved = json.loads(state.to_json())
    saved["version"] = 1
    for name in ("betrayer_at", "betrayer_prestige", "damaged", "beast_die", "movement_card"):
        saved["state"].pop(name)
    saved["state"].pop("player_won")
    again = state.game.state_from_json(json.dumps(saved))
    assert again.to_json() == state.to_json()


def test_a_solo_game_the_betrayers_win_has_no_winner() -> None:
    """Solo Endgame: when the Betrayers win, the player has lost: no winner, return 0."""
    game = TurrisGame(1)
    outcomes = set()
    for seed in range(40):
        state = game.new_initial_state()
        for action in conformance.random_history(game, seed):
            state.apply_trusted(action)
        outcomes.add(state.player_won)
        if state.player_won:
            assert state.winners() == [0] and state.returns() == [1.0]
        else:
            assert state.winners() == [] and state.returns() == [0.0]
        if outcomes == {True, False}:
            return
    assert False in outcomes, "no random solo game of 40 was won by the Betrayers"
