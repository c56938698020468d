"""What the Sifnos batch engine gives besides the moves, read from its arrays: each seat's
observation tensor (the floats of ``tensor.encode(state.observation(seat))``) and every
seat's heuristic (the floats of ``bots.evaluate_all``), the same as those of the one-game
state at every decision of games at 2-4 players and with the Scheme-driven opponent, in the
plain text and in its compiled twin."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import towers
from tests.core.batch_checks import views_along
from towers.core.compiled import is_compiled, twin
from towers.core.registry import tensor_of
from towers.games.sifnos import batch as plain

ENGINE = twin(plain)
COMPILED = ENGINE if is_compiled(ENGINE) else None


def looked_at(module: Any, players: int, seeds: Sequence[int], versus: bool = False) -> int:
    """Play each seed's game in a batch of one, comparing every seat's tensor and the
    heuristics with those of the engine's state at every decision; the states compared."""
    game = towers.make("sifnos", players=players, solo_opponent=versus)
    return views_along(
        module.SifnosBatch(game, 1), seeds, players, lambda seed: f"{game}, seed {seed}"
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tensors_are_the_states_at_every_decision(players: int) -> None:
    """2 games of each player count (about 36,000 tensors compared in all)."""
    assert looked_at(ENGINE, players, range(2)) > 2 * 50


@pytest.mark.parametrize("players", [2, 4])
def test_the_plain_module_writes_the_same_tensors(players: int) -> None:
    if COMPILED is None:
        pytest.skip("the compiled twin is not built here")
    assert looked_at(plain, players, range(1)) > 50


@pytest.mark.parametrize(("players", "versus"), [(1, False), (2, True)])
def test_the_heuristics_with_the_opponent_at_every_decision(players: int, versus: bool) -> None:
    """The solo game (less the opponent's VP as they stand) and 2 players with the opponent
    (its Might counted in the invasions, not its Influence in the majority): 3 games each,
    in both texts."""
    for module in [ENGINE] + ([plain] if COMPILED is not None else []):
        assert looked_at(module, players, range(3), versus) > 3 * 50


@pytest.mark.parametrize(("players", "versus"), [(2, False), (3, False), (4, False), (1, False),
                                                 (2, True)])  # fmt: skip
def test_the_tensors_of_many_more_games_at_their_ends(players: int, versus: bool) -> None:
    """100 games more of each mode played out, every seat's tensor at the end (the VP as they
    stand, with the third Allied Ship's majority, the Scoring Tiles and the opponent's)."""
    game = towers.make("sifnos", players=players, solo_opponent=versus)
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
