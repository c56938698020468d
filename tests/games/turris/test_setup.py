"""Setup (rulebook: Setup), every face-up draw a chance node."""

from __future__ import annotations

import pytest

from towers.games.turris.frames import FactionChoice, Turn
from towers.games.turris.rules import TurrisGame

from .conftest import D, act, names, new_game, node


def test_setup_draws_are_chance_nodes_in_rulebook_order() -> None:
    state = TurrisGame(3).new_initial_state()
    kinds = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        text = state.action_to_string(outcomes[0][0])
        kinds.append(text.rsplit(" ", 1)[0].split(" ")[1])
        state.apply_action(outcomes[0][0])
    # step 2: a Site per player; step 4: six Trionfi; step 6: five Missions; step 9: First Player
    assert kinds == ["site"] * 3 + ["trionfi"] * 6 + ["mission"] * 5 + ["player"]
    assert len(state.missions) == 5 and len([t for t in state.trionfi_tableau if t >= 0]) == 6
    assert [s >= 0 for s in state.site_at] == [True, True, True, False]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_excavation_sites_equal_player_number_five_as_four(players: int) -> None:
    state = new_game(players)
    assert sum(s >= 0 for s in state.site_at) == min(players, 4)


def test_beasts_start_on_a_to_d_in_number_order() -> None:
    state = new_game(2)
    assert [D.locations[b].id for b in state.beast_at] == ["site_a", "site_b", "site_c", "site_d"]


def test_random_beasts_variant_draws_each_start() -> None:
    state = TurrisGame(2, random_beasts=True).new_initial_state()
    starts = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        text = state.action_to_string(outcomes[-1][0])
        if text.startswith("beast starts"):
            starts.append(len(outcomes))
        state.apply_action(outcomes[-1][0])
    assert starts == [4, 3, 2, 1]
    assert sorted(state.beast_at) == sorted(node(f"site_{x}") for x in "abcd")
    assert state.beast_at[0] == node("site_d")


def test_factions_chosen_in_turn_order_from_the_random_first_player() -> None:
    state = TurrisGame(3).new_initial_state()
    while state.is_chance_node():
        outcomes = [a for a, _ in state.chance_outcomes()]
        if state.action_to_string(outcomes[0]).startswith("first player"):
            act(state, "first player 2")
        else:
            state.apply_action(outcomes[0])
    order = []
    while isinstance(state.stack.top, FactionChoice) and not state.chance:
        order.append(state.current_player())
        legal = names(state)
        assert "faction ferrymen side a" not in legal  # the fifth set only with five players
        act(state, legal[0])
        assert legal[0] not in names(state) if not state.chance else True
    assert order == [1, 2, 0]
    assert state.faction[1] == 0 and state.faction[2] == 1
    # Tinkerers side A: an Artifact at once
    assert state.resources[2][4] == 1
    # step 14: a Tactics card each in turn order, then the First Player's turn
    draws = 0
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
        draws += 1
    assert draws == 3 and [len(h) for h in state.hands] == [1, 1, 1]
    assert isinstance(state.stack.top, Turn) and state.current_player() == 1


def test_players_start_with_four_scouts_three_ichor_and_markers_at_zero() -> None:
    state = new_game(4)
    assert state.reserve == [4] * 4 and state.graveyard == [0] * 4
    assert [r[0] for r in state.resources] == [3] * 4
    assert state.prestige == [0] * 4 and state.council == [0] * 4 and state.rooms == [0] * 4
    assert state.altar == 0 and D.altar[0].label == "No Effect"


def test_hands_are_hidden_from_other_seats() -> None:
    state = new_game(3)
    state.hands[1] = [5]
    obs = state.observation(0)
    assert obs["hand"] == [] and obs["hand_sizes"] == [0, 1, 0] and "hands" not in obs
