"""What the Sifnos batch engine gives besides the moves, read from its arrays: each seat's
observation tensor (the floats of ``tensor.encode(state.observation(seat))``), the same as
those of the one-game state at every decision of games at 2-4 players, in the plain text and
in its compiled twin."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

import towers
from towers.core.compiled import is_compiled, twin
from towers.core.registry import tensor_of
from towers.games.sifnos import batch as plain

ENGINE = twin(plain)
COMPILED = ENGINE if is_compiled(ENGINE) else None


def looked_at(module: Any, players: int, seeds: Sequence[int]) -> int:
    """Play each seed's game in a batch of one (its decisions drawn from the seed's own
    generator, as ``play_random`` draws them), comparing every seat's tensor with that of
    the engine's state at every decision; the states compared."""
    game = towers.make("sifnos", players=players)
    tensor = tensor_of(game)
    engine = module.SifnosBatch(game, 1)
    compared = 0
    for seed in seeds:
        engine.reset([random.Random(seed)])
        while True:
            state = engine.state(0)
            where = f"{players} players, seed {seed}, ply {engine.length(0)}"
            for seat in range(players):
                out = [0.0] * tensor.size
                engine.observation_tensor(0, seat, out)
                assert out == tensor.encode(state.observation(seat)), f"{where}, seat {seat}"
            compared += 1
            if engine.is_terminal(0):
                break
            engine.play(0, 1)
    return compared


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tensors_are_the_states_at_every_decision(players: int) -> None:
    assert looked_at(ENGINE, players, range(3)) > 3 * 50


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_plain_module_writes_the_same_tensors(players: int) -> None:
    if COMPILED is None:
        pytest.skip("the compiled twin is not built here")
    assert looked_at(plain, players, range(1)) > 50


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_tensors_of_many_more_games_at_their_ends(players: int) -> None:
    """100 games more of each player count played out, every seat's tensor at the end (the VP
    as they stand, with the third Allied Ship's majority and the Scoring Tiles)."""
    game = towers.make("sifnos", players=players)
    tensor = tensor_of(game)
    engine = ENGINE.SifnosBatch(game, 100)
    engine.reset(range(100, 200))
    engine.play_random()
    for g in range(100):
        state = engine.state(g)
        assert state.over
        for seat in range(players):
            out = [0.0] * tensor.size
            engine.observation_tensor(g, seat, out)
            assert out == tensor.encode(state.observation(seat)), f"game {g}, seat {seat}"
