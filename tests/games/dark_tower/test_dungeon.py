"""Quests and dungeons (rulebook: Quests & Dungeons, Exploring a Dungeon, Completing the Main
Goal, Completing a Quest, Monthly Quests)."""

from __future__ import annotations

import pytest

from towers.core.errors import IllegalActionError
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.constants import GOAL
from towers.games.dark_tower.data import DATA
from towers.games.dark_tower.rules import DarkTowerState

from .conftest import act, can, chance, middle, new_game, resolve

TUNNELS = "Howling Desert"  # the first dungeon of Recover Azkol's Treasures (a tomb: Undead)


def _explore() -> DarkTowerState:
    state = middle(new_game(2), TUNNELS)
    act(state, "explore")
    return state


def _top(state: DarkTowerState) -> F.Exploring:
    top = state.pending[-1]
    assert isinstance(top, F.Exploring)
    return top


def test_the_main_goals_dungeon_is_explored_on_its_space() -> None:
    state = middle(new_game(2))
    with pytest.raises(IllegalActionError, match="Exploring a Dungeon"):
        act(state, "explore")
    state = _explore()
    assert _top(state).room == -1
    assert not can(state, "leave the dungeon")  # exploring is entering a room


def test_the_target_room_is_found_by_entering() -> None:
    state = _explore()
    act(state, "enter room 1")
    outcomes = dict(state.chance_outcomes())
    target = state.string_to_action("revealed: the target room")
    assert outcomes[target] == pytest.approx(1 / 5)
    assert sum(outcomes.values()) == pytest.approx(1)


def test_one_advantage_a_room() -> None:
    state = _explore()
    state.gear[0][1] = 2  # Blessed Scepters: Undead, the tomb's advantage
    act(state, "enter room 1")
    chance(state, "revealed: room 4")
    act(state, "spend Blessed Scepters", "spend an advantage")
    assert _top(state).improved
    assert not can(state, "spend an advantage")


def test_only_the_dungeons_advantage_type_works_inside() -> None:
    state = _explore()
    state.gear[0][4] = 1  # Longswords: Melee
    act(state, "enter room 1")
    chance(state, "revealed: room 1")
    assert not can(state, "spend Longswords")


def test_a_room_applies_its_result_or_improved_result() -> None:
    state = _explore()
    act(state, "enter room 1")
    chance(state, "revealed: room 4")
    tomb = DATA.dungeon_types[DATA.locations[GOAL.steps[0][0]].dungeon_type]
    assert tomb.rooms[3][1] == ((), ((4, 1),))  # "nothing", improved "gain 1 gear"
    act(state, "spend an advantage", "resolve")
    act(state, "take Longswords")
    assert state.gear[0][4] == 1
    assert state.cleared == 1 and _top(state).room == -1


def test_cleared_rooms_stay_cleared_for_every_hero() -> None:
    state = _explore()
    act(state, "enter room 2")
    chance(state, "revealed: room 8")
    act(state, "resolve")
    resolve(state)
    act(state, "leave the dungeon")
    resolve(state)
    assert state.cleared == 0b10 and state.rooms[1] == 7
    state.at[1] = state.at[0]
    state.current = 1
    state.heroic_done = False
    state.pending.replace(F.Turn(seat=1))
    act(state, "explore")
    assert not can(state, "enter room 2") and can(state, "enter room 1")


def test_continue_or_leave_after_each_room() -> None:
    state = _explore()
    act(state, "enter room 1")
    chance(state, "revealed: room 8")
    act(state, "resolve")
    resolve(state)
    assert can(state, "enter room 2") and can(state, "leave the dungeon")
    spirit = state.spirit[0]
    act(state, "leave the dungeon")
    resolve(state)
    assert state.spirit[0] == spirit + 2  # the heroic action is done


def test_clearing_the_target_room_completes_the_dungeon_and_recovers_a_treasure() -> None:
    state = _explore()
    act(state, "enter room 3")
    chance(state, "revealed: the target room")
    act(state, "resolve")
    resolve(state)
    assert GOAL.steps[0][1] in state.treasures[0]
    assert state.goal_step == 1 and state.cleared == 0 and state.rooms == [-1] * 5
    assert isinstance(state.pending[-1], F.Turn)


def test_completing_the_main_goal_spawns_the_adversary() -> None:
    state = middle(new_game(2), DATA.locations[GOAL.steps[2][0]].name)
    state.goal_step = 2
    act(state, "explore", "enter room 1")
    chance(state, "revealed: the target room")
    act(state, "resolve")
    assert state.adversary_at == GOAL.adversary_spawn
    assert DATA.locations[state.adversary_at].name == "Azkol's Bane"


def _quest(name: str) -> tuple[DarkTowerState, int]:
    state = new_game(2)
    q = next(i for i, quest in enumerate(DATA.quests) if quest.name == name)
    state.monthly = [q, -1]
    middle(state, DATA.locations[DATA.quests[q].location].name)
    return state, q


def test_a_quest_spends_what_it_requires_at_its_location() -> None:
    state, _ = _quest("Finish Building the Shrine")  # spend 4 spirit at Archmont
    assert not can(state, "complete the companion quest")
    state.spirit[0] = 5
    act(state, "complete the companion quest")
    assert state.monthly[0] == -1
    # the companion quest's reward: a quest item of Zaida, in play (quests.toml, items.toml)
    assert isinstance(state.pending[-1], F.QuestItemDraw)
    resolve(state)
    assert state.spirit[0] == 5 - 4 + 2 and len(state.quest_items[0]) == 1


def test_a_quest_that_needs_treasures_keeps_them() -> None:
    state, _ = _quest("Impress the Winter Fey")  # have 3 treasures
    state.treasures[0] = [0, 1, 2]
    act(state, "complete the companion quest")
    resolve(state)
    assert state.treasures[0] == [0, 1, 2]


def test_a_quest_of_advantages_all_different() -> None:
    state, _ = _quest("Race to the Golden Obelisk")  # 4 advantages, all different
    # Brutal Warlord: Melee and Humanoid, Zaida: Wild; one more type is missing
    assert not can(state, "complete the companion quest")
    state.gear[0][3] = 1  # Dusky Cloaks: Stealth
    act(state, "complete the companion quest")
    assert state.gear[0][3] == 0
