"""Reinforce and the haggle die (rulebook: Reinforce; items.toml for each building's effects)."""

from __future__ import annotations

import pytest

from towers.games.dark_tower import frames as F
from towers.games.dark_tower.data import DATA
from towers.games.dark_tower.rules import DarkTowerState

from .conftest import act, can, chance, middle, new_game, resolve

# Durnin's buildings; seat 0 (Brutal Warlord, no reinforce virtue active) stands on each
PLACES = {"Citadel": "Radiant Mountains", "Village": "Egan's End",
          "Sanctuary": "Upper Ice Fangs", "Bazaar": "Dayside"}  # fmt: skip


def _at(kind: str, spirit: int = 5) -> DarkTowerState:
    state = middle(new_game(2), PLACES[kind])
    state.spirit[0] = spirit
    return state


def test_citadel_free_3_warriors_enhanced_7_for_2_spirit() -> None:
    state = _at("Citadel")
    act(state, "reinforce free")
    assert state.warriors[0] == 10
    state = _at("Citadel")
    act(state, "reinforce enhanced")
    assert (state.warriors[0], state.spirit[0]) == (14, 3)


def test_village_free_spirit_and_a_warrior_enhanced_gear_and_warriors() -> None:
    state = _at("Village")
    act(state, "reinforce free")
    assert (state.warriors[0], state.spirit[0]) == (8, 6)
    state = _at("Village")
    act(state, "reinforce enhanced")
    act(state, "take Trusted Maps")
    assert state.gear[0][5] == 1 and (state.warriors[0], state.spirit[0]) == (9, 4)


def test_sanctuary_free_a_potion_enhanced_a_virtue_for_3_spirit() -> None:
    state = _at("Sanctuary")
    act(state, "reinforce free")
    chance(state, "draw Potion of Dragon Teeth")
    assert state.potions[0][2] == 1
    state = _at("Sanctuary")
    act(state, "reinforce enhanced")
    act(state, "activate hero virtue 3")  # Relentless: 1 more move
    assert state.virtues[0] == 0b100 and state.spirit[0] == 2
    assert state.move_value(0) == 4


def test_bazaar_free_a_gear_enhanced_a_market_treasure_for_2_spirit() -> None:
    state = _at("Bazaar")
    act(state, "reinforce free", "take Longswords")
    assert state.gear[0][4] == 1
    state = _at("Bazaar")
    wanted = state.market[1]
    act(state, "reinforce enhanced", "take market 2")
    assert wanted in state.treasures[0] and state.market[1] == -1
    assert isinstance(state.pending[-1], F.TreasureDraw)  # the market is refilled
    resolve(state)
    assert state.market[1] >= 0 and state.spirit[0] == 3


def test_reinforce_once_a_turn_and_only_at_a_building() -> None:
    state = _at("Citadel")
    act(state, "reinforce free")
    assert not can(state, "reinforce free") and not can(state, "haggle")
    state = middle(new_game(2), "Green Bridge")
    assert not can(state, "reinforce free")


def test_reinforce_virtues_add_warriors() -> None:
    state = _at("Citadel")
    state.virtues[0] = 0b001  # Inspiring: 2 more warriors when Reinforcing
    act(state, "reinforce free")
    assert state.warriors[0] == 7 + 3 + 2


@pytest.mark.parametrize(
    ("face", "warriors", "potions", "gear"),
    [(1, 10, 0, 0), (2, 10, 0, 0), (3, 13, 0, 0), (4, 10, 1, 0), (5, 10, 0, 1)],
)
def test_haggle_die_faces(face: int, warriors: int, potions: int, gear: int) -> None:
    assert DATA.haggle_faces == ("normal", "normal", "warriors", "potion", "gear", "cancel")
    state = _at("Citadel")
    act(state, "haggle")
    chance(state, f"haggle die {face}")
    act(state, "reinforce free")
    resolve(state)
    if gear:
        act(state, "take Longswords")
    assert state.warriors[0] == warriors
    assert sum(state.potions[0]) == potions and sum(state.gear[0]) == gear


def test_haggle_die_cancel_face_cancels_the_reinforce() -> None:
    state = _at("Citadel")
    act(state, "haggle")
    chance(state, "haggle die 6")
    assert not can(state, "reinforce free") and not can(state, "haggle")
    assert state.warriors[0] == 7
