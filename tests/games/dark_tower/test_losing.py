"""Spending vs. losing, corruption, and the ways to lose (rulebook: Spending vs. Losing;
Winning & Losing)."""

from __future__ import annotations

import random

import pytest

from towers.core.chance import random_action
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.data import LOSE_GEAR, LOSE_WARRIORS
from towers.games.dark_tower.rules import DarkTowerGame, DarkTowerState

from .conftest import act, middle, new_game, resolve


def _lose(state: DarkTowerState, effects: tuple[tuple[int, int], ...]) -> None:
    state._effects(0, effects)
    state._settle()


def test_losing_what_you_cannot_gives_a_single_corruption() -> None:
    state = middle(new_game(2))
    state.warriors[0] = 1
    _lose(state, ((LOSE_WARRIORS, 3), (LOSE_GEAR, 2)))
    assert state.warriors[0] == 0
    assert sum(isinstance(f, F.CorruptionDraw) for f in state.pending) == 1
    resolve(state)
    assert len(state.corruptions[0]) == 1


def test_losing_gear_the_hero_chooses_which() -> None:
    state = middle(new_game(2))
    state.gear[0] = [1, 0, 0, 0, 1, 0]
    _lose(state, ((LOSE_GEAR, 1),))
    act(state, "lose Longswords")
    assert state.gear[0] == [1, 0, 0, 0, 0, 0]


def test_corruptions_burden_the_hero() -> None:
    state = middle(new_game(2))
    state.corruptions[0] = [3]  # Uncertain: 1 less move
    assert state.move_value(0) == 2


def test_the_third_corruption_loses() -> None:
    state = middle(new_game(2))
    state.corruptions[0] = [0, 1]
    state.warriors[0] = 0
    _lose(state, ((LOSE_WARRIORS, 1),))
    assert state.is_terminal() and state.result == -1
    # seats are named as the page and the log name them, from 0
    assert state.ending == "seat 0's hero would gain a third corruption"
    assert state.returns() == [0.0, 0.0] and state.legal_actions() == []


def test_spending_is_optional() -> None:
    state = middle(new_game(2))
    state.potions[0][1] = 1
    act(state, "drop a skull")  # the potion was never drunk: nothing is lost
    assert state.potions[0][1] == 1


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_game_ends_won_or_lost(players: int) -> None:
    for seed in range(4):
        state = DarkTowerGame(players).new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(random_action(state, rng))
        assert state.result in (1, -1) and state.ending
        assert state.month <= 6


def test_the_empty_supply_loses_even_on_an_adversary_advance() -> None:
    state = middle(new_game(1))
    state.out_of_game += state.supply
    state.supply = 0
    state._effects(0, ((12, 2),))  # the adversary's plans: drop 2 skulls
    state._settle()
    assert state.result == -1 and "empty supply" in state.ending
