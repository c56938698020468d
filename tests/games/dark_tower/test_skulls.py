"""Skulls (rulebook: Placing Skulls; Winning & Losing; World Setup: exactly 24 skulls)."""

from __future__ import annotations

import random

import pytest

from towers.core.chance import random_action
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.data import DATA
from towers.games.dark_tower.rules import DarkTowerGame

from .conftest import act, building, can, chance, middle, new_game


def _emerge(players: int, outcome: str):  # type: ignore[no-untyped-def]
    state = middle(new_game(players))
    act(state, "drop a skull")
    chance(state, f"tower: {outcome}")
    return state


def test_a_skull_lands_in_the_kingdom_its_side_faces() -> None:
    state = _emerge(4, "door east")
    top = state.pending[-1]
    assert isinstance(top, F.PlaceSkull) and DATA.kingdoms[top.kingdom].name == "Brynthia"
    offered = {
        DATA.buildings[b].kingdom for b in range(16) if can(state, f"place the skull on {_name(b)}")
    }
    assert offered == {1}


def _name(b: int) -> str:
    from towers.games.dark_tower.data import BUILDING_TYPES

    bd = DATA.buildings[b]
    return f"{BUILDING_TYPES[bd.type]} of {DATA.locations[bd.location].name}"


def test_the_home_kingdoms_player_places_the_skull() -> None:
    state = _emerge(2, "door south")  # Arisilon is seat 2's home (2 players: north, south)
    assert state.current_player() == 1


def test_the_dropper_places_skulls_in_dormant_kingdoms() -> None:
    state = _emerge(2, "door west")  # nobody plays Zenon with 2 players
    assert state.current_player() == 0


def test_three_skulls_a_building() -> None:
    state = _emerge(2, "door north")
    b = building("Dayside")
    state.skulls[b] = 2
    state.supply -= 2
    act(state, "place the skull on Bazaar of Dayside")
    assert state.skulls[b] == 3 and state.skull_count() == 24


def test_the_fourth_skull_destroys_the_building_and_corrupts_its_home_player() -> None:
    state = _emerge(2, "door north")
    b = building("Dayside")
    state.skulls[b] = 3
    state.supply -= 3
    supply, out = state.supply, state.out_of_game
    act(state, "place the skull on Bazaar of Dayside")
    assert state.skulls[b] == -1
    assert state.out_of_game == out + 3 and state.supply == supply + 1
    assert isinstance(state.pending[-1], F.CorruptionDraw) and state.pending[-1].seat == 0
    assert state.skull_count() == 24
    assert not can(state, "place the skull on Bazaar of Dayside")


def test_no_corruption_when_a_dormant_kingdoms_building_falls() -> None:
    state = _emerge(2, "door west")
    b = building("Plains of Plovo")
    state.skulls[b] = 3
    state.supply -= 3
    act(state, "place the skull on Bazaar of Plains of Plovo")
    assert state.skulls[b] == -1
    assert not any(isinstance(f, F.CorruptionDraw) for f in state.pending)


def test_a_destroyed_building_cannot_reinforce() -> None:
    state = middle(new_game(2))
    state.skulls[building("Radiant Mountains")] = -1
    assert not can(state, "reinforce free")


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_24_skulls_are_always_somewhere(players: int) -> None:
    for seed in range(3):
        state = DarkTowerGame(players).new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(random_action(state, rng))
            assert state.skull_count() == 24
            assert state.supply >= 0 and state.out_of_game >= 0
