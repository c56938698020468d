"""What the Tiletum batch engine gives besides the moves, read from its array: each seat's
observation tensor (the floats of ``tensor.encode(state.observation(seat))``) and every seat's
heuristic (``bots.estimate_all``), the same as those of the one-game state at every decision
of games at 2-4 players with and without the action tiles variant, in the plain text and in
its compiled twin."""

from __future__ import annotations

import random
from typing import Any

import pytest

import towers
from towers.core.compiled import is_compiled, twin
from towers.core.registry import tensor_of
from towers.games.tiletum import batch as plain

ENGINE = twin(plain)
COMPILED = ENGINE if is_compiled(ENGINE) else None
OPTIONS = (False, True)  # the action tiles variant


def looked_at(module: Any, players: int, variant: bool, seeds: range) -> int:
    """Play each seed's game in a batch of one, comparing every seat's tensor and the
    heuristics with those of the engine's state at every decision; the states compared."""
    game = towers.make("tiletum", players=players, action_tiles=variant)
    tensor = tensor_of(game)
    engine = module.TiletumBatch(game, 1)
    compared = 0
    for seed in seeds:
        engine.reset([random.Random(seed)])
        pick = random.Random(-seed)
        while True:
            state = engine.state(0)
            where = f"{players} players, variant {variant}, seed {seed}, ply {engine.length(0)}"
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


@pytest.mark.parametrize("variant", OPTIONS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_tensors_and_heuristics_are_the_states_at_every_decision(
    players: int, variant: bool
) -> None:
    assert looked_at(ENGINE, players, variant, range(2)) > 2 * 100


@pytest.mark.parametrize("players", [2, 3])
def test_the_plain_module_writes_the_same_tensors(players: int) -> None:
    if COMPILED is None:
        pytest.skip("the compiled twin is not built here")
    for variant in OPTIONS:
        assert looked_at(plain, players, variant, range(1)) > 100
