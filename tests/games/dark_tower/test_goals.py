"""The main goals (App Setup: select your main goal): each one played to a win, the option
refusing a goal that does not exist, and the steps' dungeons and quests."""

from __future__ import annotations

import pytest

from towers.core.errors import GameOptionError
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.data import DATA
from towers.games.dark_tower.rules import DarkTowerGame, DarkTowerState

from .conftest import act, can, chance, end_turn, middle, new_game, resolve

GOALS = [g.id for g in DATA.main_goals]


def test_the_main_goals_are_the_quests_of_the_companions() -> None:
    names = {g.name for g in DATA.main_goals}
    assert len(names) == 10 and "Recover Azkol's Treasures" in names
    assert {"Delve the Three Dungeons", "A Heroic Beginning", "Raise an Outlaw Army"} <= names
    assert len({g.companion for g in DATA.main_goals}) == 10  # reference: cards.json
    assert DarkTowerGame.OPTIONS["goal"].default == "recover-azkols-treasures"


def test_an_unknown_goal_is_refused_in_one_line_naming_the_allowed() -> None:
    with pytest.raises(GameOptionError) as refused:
        DarkTowerGame(2, goal="slay-the-dragon")
    text = str(refused.value)
    assert "slay-the-dragon" in text and "\n" not in text
    assert all(g in text for g in GOALS)


def ready(state: DarkTowerState) -> None:
    """Give seat 0 plenty of everything a step, a battle or an event could ask for."""
    state.warriors[0] = state.spirit[0] = 60
    state.potions[0] = [3] * len(DATA.potions)
    state.gear[0] = [3] * len(DATA.gear)
    state.treasures[0] = sorted({*state.treasures[0], 0, 1, 2})
    state.virtues[0] = 0b1111


def do_step(state: DarkTowerState) -> None:
    """Seat 0 completes the main goal's current step in its turn, then ends the turn."""
    goal = state.game.goal
    where = DATA.locations[goal.steps[state.goal_step][0]].name
    middle(state, where)
    ready(state)
    if goal.is_dungeon(state.goal_step):
        assert not can(state, "complete the main goal's quest")
        act(state, "explore", "enter room 1")
        chance(state, "revealed: the target room")
        act(state, "resolve")
    else:
        assert not can(state, "explore")
        act(state, "complete the main goal's quest")
    while not isinstance(state.pending[-1], F.Turn):
        resolve(state)
        if not isinstance(state.pending[-1], F.Turn):
            legal = state.legal_actions()
            state.apply_action(legal[0])
    end_turn(state)


@pytest.mark.parametrize("goal", GOALS)
def test_each_main_goal_is_played_to_a_win(goal: str) -> None:
    state = new_game(1, goal=goal)
    main = state.game.goal
    assert state.companions[0] == [main.companion]
    assert main.companion not in state.companions_left
    for step in range(len(main.steps)):
        assert state.goal_step == step and state.adversary_at < 0
        do_step(state)
        assert not state.is_terminal()
    assert state.goal_step == len(main.steps)
    assert state.adversary_at == main.adversary_spawn  # Completing the Main Goal
    middle(state, DATA.locations[main.adversary_spawn].name)
    ready(state)
    act(state, "battle adversary")
    for _ in range(state.game.adversary_cards):
        chance(state, "battle card clash")
        state.warriors[0] = state.spirit[0] = 60
        act(state, "resolve")
    assert state.is_terminal() and state.scores() == [1.0]
    assert "defeated" in state.ending


def test_a_quest_step_needs_its_place_and_what_it_asks() -> None:
    state = new_game(2, goal="assemble-an-army-of-trees")  # spend 8 warriors at Idran Forest
    middle(state, "Fivepint")
    state.warriors[0] = 20
    why = state.explain(state.string_to_action("complete the main goal's quest"))
    assert why is not None and "Idran Forest" in why
    middle(state, "Idran Forest")
    state.warriors[0] = 7
    why = state.explain(state.string_to_action("complete the main goal's quest"))
    assert why is not None and "8 warriors" in why
    state.warriors[0] = 9
    act(state, "complete the main goal's quest")
    resolve(state)
    assert (state.goal_step, state.warriors[0], state.heroic_done) == (1, 1, True)
    assert state.spirit[0] == 1 + 2  # a heroic action's 2 spirit (Heroic Actions)
    assert state.observation(1)["main_goal"]["next"] == "explore Earthen Warrens at Delmsmire"


def test_a_have_step_keeps_what_it_counts() -> None:
    state = new_game(1, goal="make-a-deal-with-darkness")
    state.goal_step = 2  # have 3 treasures at Southern Wastes
    middle(state, "Southern Wastes")
    state.treasures[0] = [0, 1]
    assert not can(state, "complete the main goal's quest")
    state.treasures[0] = [0, 1, 2]
    act(state, "complete the main goal's quest")
    assert state.treasures[0] == [0, 1, 2]
    assert state.adversary_at == DATA.location("Mountains of the Watchers")


def test_other_goals_keep_azkols_treasures_in_the_deck() -> None:
    azkol = DarkTowerGame(1).new_initial_state()
    other = DarkTowerGame(1, goal="delve-the-three-dungeons").new_initial_state()
    crown = DATA.treasure("crown-of-azkol")
    assert azkol.treasure_deck.counts[crown] == 0
    assert other.treasure_deck.counts[crown] + other.market.count(crown) == 1
