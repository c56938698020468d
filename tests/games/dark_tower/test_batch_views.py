"""What the Return to Dark Tower batch engine gives besides the moves, read from its arrays:
each seat's observation tensor (the floats of ``tensor.encode(state.observation(seat))``, a
seat seeing its own heroic tests and no other hero's not yet completed) and every seat's
heuristic, the same as those of the one-game state at every decision of games of 1-4 heroes,
cooperative and competitive, with the options drawn, in the plain text and its compiled
twin."""

from __future__ import annotations

import random
from typing import Any

import pytest

import towers
from tests.core.batch_checks import views_along
from tests.games.dark_tower.test_batch import MODES, options
from towers.core.compiled import is_compiled, twin
from towers.games.dark_tower import batch as plain

ENGINE = twin(plain)
COMPILED = ENGINE if is_compiled(ENGINE) else None


def looked_at(module: Any, players: int, mode: str, seeds: range) -> int:
    """Play each seed's game (its options drawn for the seed) in a batch of one, comparing
    every seat's tensor and the heuristics with those of the engine's state at every
    decision; the states compared."""
    return sum(
        views_along(
            module.DarkTowerBatch(towers.make("dark_tower", **options(players, mode, seed)), 1),
            [seed],
            players,
            lambda seed: f"{players} heroes, {mode}, seed {seed}",
        )
        for seed in seeds
    )


@pytest.mark.parametrize(("players", "mode"), MODES)
def test_tensors_and_heuristics_are_the_states_at_every_decision(players: int, mode: str) -> None:
    assert looked_at(ENGINE, players, mode, range(8)) > 8 * 20


@pytest.mark.parametrize(("players", "mode"), [(1, "cooperative"), (3, "competitive")])
def test_the_plain_module_writes_the_same_tensors(players: int, mode: str) -> None:
    if COMPILED is None:
        pytest.skip("the compiled twin is not built here")
    assert looked_at(plain, players, mode, range(2)) > 2 * 20


def states_of(game: Any, seed: int, every: int) -> list[Any]:
    """Every ``every``-th decision's state of a random game of ``game``."""
    engine = ENGINE.DarkTowerBatch(game, 1)
    engine.reset([random.Random(seed)])
    pick = random.Random(-seed)
    found = []
    while not engine.is_terminal(0):
        if engine.length(0) % every == 0:
            found.append(engine.state(0))
        legal = engine.legal_actions(0)
        engine.apply(0, legal[pick.randrange(len(legal))])
    return found


def same_heuristics(module: Any, game: Any, state: Any) -> None:
    engine = module.DarkTowerBatch(game, 1)
    engine.load(0, state, 0)
    assert engine.heuristics(0) == engine.state(0).heuristics()


@pytest.mark.parametrize("module", [plain] + ([COMPILED] if COMPILED else []), ids=str)
def test_the_heuristics_of_every_main_goal_step(module: Any) -> None:
    """States of cooperative games set to each step of each main goal (the quests asking for
    warriors, spirit, gear, potions, treasures or virtues; the dungeons; the adversary), some
    rooms cleared: the heuristics read from the arrays are the state's."""
    from towers.games.dark_tower.rules import DarkTowerGame

    compared = 0
    for i, goal in enumerate(DarkTowerGame.OPTIONS["goal"].choices):
        game = towers.make("dark_tower", players=2 + i % 3, goal=goal)
        for state in states_of(game, i, 7):
            for step in range(len(game.goal.steps) + 1):
                state.goal_step = step
                state.cleared = (step * 5 + i) % 32
                same_heuristics(module, game, state)
                compared += 1
    assert compared > 500


@pytest.mark.parametrize("module", [plain] + ([COMPILED] if COMPILED else []), ids=str)
def test_the_heuristics_of_every_stage_of_the_race(module: Any) -> None:
    """States of competitive games with a hero's heroic tests set done (none to all four, so
    that it heads for the Tower), Amulets of Hope held: the heuristics read from the arrays
    are the state's."""
    compared = 0
    for players in (2, 3, 4):
        game = towers.make("dark_tower", players=players, mode="competitive")
        for state in states_of(game, players, 5):
            for done in (0b0000, 0b0101, 0b0111, 0b1111):
                state.tests_done[players - 1] = done
                state.amulets[0] = done & 1
                same_heuristics(module, game, state)
                compared += 1
    assert compared > 200
