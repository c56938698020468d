"""The setup, the sequence of play and the hero's turn (rulebook: Game Setup, Sequence of Play,
Taking Your Turn, Making Trades)."""

from __future__ import annotations

import pytest

from towers.core.errors import GameOptionError, IllegalActionError
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.data import DATA
from towers.games.dark_tower.rules import DarkTowerGame, DarkTowerState

from .conftest import (
    act,
    building,
    can,
    chance,
    end_turn,
    fresh,
    loc,
    middle,
    new_game,
    settle,
)


def test_hero_setup_home_citadel_7_warriors_1_spirit() -> None:
    state = new_game(4)
    for seat in range(4):
        b = building(DATA.locations[state.at[seat]].name)
        assert DATA.buildings[b].type == 0  # a Citadel
        assert DATA.buildings[b].kingdom == state.game.kingdoms[seat]
    assert state.warriors == [7] * 4 and state.spirit == [1] * 4
    assert state.virtues == [0] * 4  # the virtue tiles start inactive


def test_world_setup_market_of_three_and_24_skulls() -> None:
    state = new_game(2)
    assert all(t >= 0 for t in state.market) and len(state.market) == 3
    assert state.skull_count() == 24
    assert state.companions[0] == [DATA.main_goal.companion]


def test_each_player_takes_one_turn_in_the_first_month() -> None:
    state = new_game(3)
    seen = []
    for _ in range(3):
        seen.append(state.current)
        end_turn(state)
    assert seen == [0, 1, 2]
    assert state.month == 2 and state.current == 0


@pytest.mark.parametrize(("players", "heroic"), [(1, 6), (2, 7), (3, 8), (4, 9)])
def test_turns_per_month(players: int, heroic: int) -> None:
    assert DarkTowerGame(players).month_turns == heroic
    assert DarkTowerGame(players, difficulty="gritty").month_turns == heroic - 1


def test_next_month_starts_left_of_the_last_player() -> None:
    state = new_game(2)
    for _ in range(2):
        end_turn(state)
    assert state.month == 2
    # month 2 has 7 turns for 2 players: the last is seat 0's, so month 3 starts with seat 1
    for _ in range(7):
        end_turn(state)
    assert state.month == 3 and state.current == 1


def test_monthly_quests_from_the_second_month() -> None:
    state = new_game(1)
    assert state.monthly == [-1, -1]
    end_turn(state)
    assert state.month == 2
    assert all(q >= 0 for q in state.monthly) and state.monthly[0] != state.monthly[1]


def test_failing_the_adversary_quest_advances_the_adversary() -> None:
    state = new_game(1, difficulty="gritty")
    end_turn(state)
    assert state.monthly[1] >= 0
    for _ in range(state.game.month_turns):
        end_turn(state)
    assert state.month == 3
    # setup's (3, and 2 more on Gritty), a drop each turn, and the adversary's advance: 2 more
    # (foes.toml: Ashstrider)
    assert state.tower.dropped == 3 + 2 + 1 + state.game.month_turns + 2


def test_the_sixth_month_ending_loses() -> None:
    state = new_game(1)
    state.month, state.turns_left = 6, 1
    end_turn(state)
    assert state.is_terminal() and state.result == -1
    assert state.ending == "the sixth month ended"
    assert state.scores() == [0.0] and state.winners() == []


def test_banner_action_once_at_the_start_of_the_turn() -> None:
    state = new_game(2)  # seat 0: Brutal Warlord, banner "gain 2 warriors"
    act(state, "banner")
    assert state.warriors[0] == 9
    assert not can(state, "banner")
    act(state, "done")
    assert not can(state, "banner")  # it cannot be saved for later


def test_move_costs_1_per_adjacent_space_up_to_the_move_value() -> None:
    state = middle(new_game(2))
    assert state.moves_left == 3  # Brutal Warlord
    path = ["Green Bridge", "Lower Ice Fangs"]
    here = state.at[0]
    for name in path:
        assert loc(name) in DATA.adjacent[here]
        act(state, f"move to {name}")
        here = loc(name)
    assert state.moves_left == 1
    with pytest.raises(IllegalActionError, match="not adjacent"):
        act(state, "move to Anza")


def test_spend_1_spirit_to_double_the_move_before_moving() -> None:
    state = middle(new_game(2))
    act(state, "double move")
    assert state.spirit[0] == 0 and state.moves_left == 6
    state2 = middle(new_game(2))
    act(state2, f"move to {DATA.locations[DATA.adjacent[state2.at[0]][0]].name}")
    assert not can(state2, "double move")


def test_crossing_a_river_costs_1_move_and_reaches_only_the_space_across() -> None:
    a, b = sorted(DATA.rivers)[0]
    state = middle(new_game(2), DATA.locations[a].name)
    left = state.moves_left
    act(state, f"move to {DATA.locations[b].name}")
    assert state.moves_left == left - 1 and state.at[0] == b
    # the river is no road: from b the hero reaches only b's own neighbours
    assert all(can(state, f"move to {DATA.locations[c].name}") for c in DATA.adjacent[b])


def test_one_heroic_action_a_turn_then_gain_2_spirit() -> None:
    state = middle(new_game(2))
    b = building("Radiant Mountains")
    state.skulls[b] = 2
    state.supply -= 2
    act(state, "cleanse")
    assert state.skulls[b] == 0 and state.spirit[0] == 1 + 2
    state.skulls[b] = 1
    state.supply -= 1
    assert not can(state, "cleanse")


def test_cleanse_needs_skulls_on_a_building_on_your_space() -> None:
    state = middle(new_game(2))
    with pytest.raises(IllegalActionError, match="Heroic Actions"):
        act(state, "cleanse")


def test_trade_once_a_turn_with_a_hero_on_your_space_all_agree() -> None:
    state = middle(new_game(2))
    assert not can(state, "trade with seat 1")  # not on the same space
    state.at[1] = state.at[0]
    act(state, "trade with seat 1", "offer warrior", "ask for spirit", "propose the trade")
    assert state.current_player() == 1  # the other hero decides
    act(state, "accept the trade")
    assert (state.warriors, state.spirit) == ([6, 8], [2, 0])
    assert not can(state, "trade with seat 1")


def test_a_declined_trade_moves_nothing() -> None:
    state = middle(new_game(2))
    state.at[1] = state.at[0]
    act(state, "trade with seat 1", "offer warrior", "propose the trade", "decline the trade")
    assert state.warriors == [7, 7]


def test_the_skull_drop_ends_the_turn_and_items_are_not_used_after_it() -> None:
    state = middle(new_game(2))
    state.potions[0][1] = 1  # Potion of the Golden Sun
    assert can(state, "drink Potion of the Golden Sun")
    supply, inside = state.supply, state.tower.skulls_inside()
    act(state, "drop a skull")
    assert state.supply == supply - 1 and state.tower.skulls_inside() == inside + 1
    chance(state, "tower: door north")
    assert isinstance(state.pending[-1], F.PlaceSkull)
    assert not can(state, "drink Potion of the Golden Sun")
    settle(state)
    assert state.current == 1


def test_skulls_emerged_are_placed_before_events() -> None:
    state = middle(new_game(2))
    act(state, "drop a skull")
    chance(state, "tower: door north")
    assert isinstance(state.pending[-1], F.PlaceSkull)
    assert any(isinstance(f, F.EventDraw) for f in state.pending)
    assert state.in_hand == 1 and state.skull_count() == 24


def test_taking_a_skull_from_an_empty_supply_loses() -> None:
    state = middle(new_game(2))
    state.out_of_game += state.supply
    state.supply = 0
    act(state, "drop a skull")
    assert state.is_terminal() and state.result == -1
    assert "empty supply" in state.ending


def test_virtue_modifiers_apply_before_doubling() -> None:
    state = new_game(4)
    for _ in range(3):
        end_turn(state)
    assert state.current == 3  # Spymaster: move 4 with Swift's +1 already on its board
    middle(state)
    assert state.moves_left == 5
    act(state, "double move")
    assert state.moves_left == 10


def miras_for(state: DarkTowerState) -> None:
    """Seat 0 trades a warrior to seat 1, on its space, for the companion Miras (move +1)."""
    miras = next(c for c, companion in enumerate(DATA.companions) if companion.name == "Miras")
    state.companions[1] = [miras]
    state.at[1] = state.at[0]
    act(state, "trade with seat 1", "offer warrior", "ask for companion Miras")
    act(state, "propose the trade", "accept the trade")


def test_a_move_modifier_gained_this_turn_is_doubled() -> None:
    """Movement: "Spend 1 spirit to double your move for the turn (must decide before
    starting to move). Modifiers from virtues or gear are applied before doubling." A
    companion gained before doubling is in the move that doubles: (3 + 1) x 2."""
    state = middle(new_game(2))
    miras_for(state)
    assert state.moves_left == 3 + 1
    act(state, "double move")
    assert state.moves_left == (3 + 1) * 2


def test_a_move_modifier_gained_after_doubling_is_doubled_too() -> None:
    """Movement: the move for the turn is doubled and modifiers apply before doubling, so a
    modifier that comes after the doubling still counts twice: (3 + 1) x 2, not 3 x 2 + 1."""
    state = middle(new_game(2))
    act(state, "double move", "move to Fivepint")
    miras_for(state)
    assert state.moves_left == (3 + 1) * 2 - 1


def test_a_move_modifier_lost_this_turn_takes_its_move_away() -> None:
    """Movement: "Move up to your move value": trading away a companion that adds a move
    leaves the hero its own value only."""
    miras = next(c for c, companion in enumerate(DATA.companions) if companion.name == "Miras")
    state = new_game(2)
    state.companions[0] = [miras]
    state.at[1] = state.at[0]
    fresh(state)
    middle(state)
    act(state, "double move", "move to Fivepint")
    assert state.moves_left == (3 + 1) * 2 - 1
    state.at[1] = state.at[0]
    act(state, "trade with seat 1", "offer companion Miras", "propose the trade")
    act(state, "accept the trade")
    assert state.moves_left == 3 * 2 - 1


def test_potion_moves_come_after_doubling() -> None:
    state = middle(new_game(2))
    state.potions[0][5] = 1  # Potion of One Thousand Strides: 2 more moves
    act(state, "drink Potion of One Thousand Strides", "double move")
    assert state.moves_left == 3 * 2 + 2


def test_nothing_on_the_board_stops_movement() -> None:
    state = middle(new_game(2))
    step = DATA.adjacent[state.at[0]][0]
    state.foes[step * 3] = 2
    state.skulls[building("Radiant Mountains")] = 1
    state.supply -= 1
    state.at[1] = step
    act(state, f"move to {DATA.locations[step].name}")
    onward = next(a for a in DATA.adjacent[step] if a != loc("Radiant Mountains"))
    act(state, f"move to {DATA.locations[onward].name}")
    assert state.at[0] == onward


def test_with_several_foes_on_your_space_you_choose_which_to_battle() -> None:
    state = middle(new_game(2))
    state.foes[state.at[0] * 3 + 0] = 1
    state.foes[state.at[0] * 3 + 2] = 1
    assert can(state, "battle foe2") and can(state, "battle foe4")
    assert not can(state, "battle foe3")


def test_a_refused_action_names_its_rule_and_changes_nothing() -> None:
    state = middle(new_game(2))
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=r"rulebook: Reinforce"):
        act(state, "reinforce enhanced")  # the Citadel's enhanced effect costs 2 spirit
    assert state.to_json() == before


def test_the_adversary_and_the_foes_are_options() -> None:
    state = new_game(2, adversary="gravemaw", foe2="oreks", foe3="lemures", foe4="titans")
    assert [DATA.foes[f].name for f in state.game.foes] == ["Oreks", "Lemures", "Titans"]
    assert DATA.foes[state.game.adversary].name == "Gravemaw"
    obs = state.observation(0)
    assert [f["foe"] for f in obs["foes"]] == ["Oreks", "Lemures", "Titans"]
    assert obs["adversary"]["name"] == "Gravemaw"
    with pytest.raises(GameOptionError, match="foe2"):
        DarkTowerGame(2, foe2="dragons")  # a level-4 foe


def test_the_first_game_is_the_default() -> None:
    game = DarkTowerGame(2)
    assert DATA.foes[game.adversary].name == "Ashstrider"
    assert [DATA.foes[f].name for f in game.foes] == ["Brigands", "Frost Trolls", "Dragons"]
