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
from tests.games.dark_tower.test_batch import MODES, options
from towers.core.compiled import is_compiled, twin
from towers.core.registry import tensor_of
from towers.games.dark_tower import batch as plain

ENGINE = twin(plain)
COMPILED = ENGINE if is_compiled(ENGINE) else None


def looked_at(module: Any, players: int, mode: str, seeds: range) -> int:
    """Play each seed's game (its options drawn for the seed) in a batch of one, comparing
    every seat's tensor and the heuristics with those of the engine's state at every
    decision; the states compared."""
    compared = 0
    for seed in seeds:
        game = towers.make("dark_tower", **options(players, mode, seed))
        tensor = tensor_of(game)
        engine = module.DarkTowerBatch(game, 1)
        engine.reset([random.Random(seed)])
        pick = random.Random(-seed)
        while True:
            state = engine.state(0)
            where = f"{players} heroes, {mode}, seed {seed}, ply {engine.length(0)}"
            for seat in range(players):
                out = [0.0] * tensor.size
                engine.observation_tensor(0, seat, out)
                assert out == tensor.encode(state.observation(seat)), f"{where}, seat {seat}"
            assert engine.heuristics(0) == state.heuristics(), where
            compared += 1
            if engine.is_terminal(0):
                break
            legal = engine.legal_actions(0)
            engine.apply(0, legal[pick.randrange(len(legal))])
    return compared


@pytest.mark.parametrize(("players", "mode"), MODES)
def test_tensors_and_heuristics_are_the_states_at_every_decision(players: int, mode: str) -> None:
    assert looked_at(ENGINE, players, mode, range(8)) > 8 * 20


@pytest.mark.parametrize(("players", "mode"), [(1, "cooperative"), (3, "competitive")])
def test_the_plain_module_writes_the_same_tensors(players: int, mode: str) -> None:
    if COMPILED is None:
        pytest.skip("the compiled twin is not built here")
    assert looked_at(plain, players, mode, range(2)) > 2 * 20
