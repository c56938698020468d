"""The conformance suite (towers.core.conformance) for 1-4 heroes, Heroic and Gritty, and for
each main goal."""

from __future__ import annotations

import pytest

from towers.core.conformance import CHECKS
from towers.games.dark_tower.data import DATA
from towers.games.dark_tower.rules import DarkTowerGame

UNREGISTERED = {"replay", "tensor"}
"""Checks that look the game up by name or need a tensor (tests/conformance runs them once
the game is registered)."""


@pytest.mark.parametrize("check", sorted(set(CHECKS) - UNREGISTERED))
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_conformance(players: int, check: str) -> None:
    for seed in (0, 1):
        CHECKS[check](DarkTowerGame(players), seed)


@pytest.mark.parametrize("players", [1, 4])
def test_conformance_gritty(players: int) -> None:
    for check in sorted(set(CHECKS) - UNREGISTERED):
        CHECKS[check](DarkTowerGame(players, difficulty="gritty"), 3)


@pytest.mark.parametrize("check", sorted(set(CHECKS) - UNREGISTERED))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_competitive(players: int, check: str) -> None:
    for seed in (0, 1):
        CHECKS[check](DarkTowerGame(players, mode="competitive"), seed)


@pytest.mark.parametrize("goal", [g.id for g in DATA.main_goals[1:]])
def test_conformance_of_each_main_goal(goal: str) -> None:
    for check in sorted(set(CHECKS) - UNREGISTERED):
        CHECKS[check](DarkTowerGame(2, goal=goal), 4)
