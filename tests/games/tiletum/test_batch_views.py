"""What the Tiletum batch engine gives besides the moves, read from its array: each seat's
observation tensor (the floats of ``tensor.encode(state.observation(seat))``) and every seat's
heuristic (``bots.estimate_all``), the same as those of the one-game state at every decision
of games at 2-4 players with and without the action tiles variant, in the plain text and in
its compiled twin."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

import towers
from tests.core.batch_checks import views_along
from towers.core.compiled import is_compiled, twin
from towers.games.tiletum import batch as plain

ENGINE = twin(plain)
COMPILED = ENGINE if is_compiled(ENGINE) else None
OPTIONS = (False, True)  # the action tiles variant


def looked_at(
    module: Any,
    players: int,
    variant: bool,
    seeds: Sequence[int],
    tensors: bool = True,
    kinds: Counter[str] | None = None,
) -> int:
    """Play each seed's game in a batch of one (its decisions drawn from the seed's own
    generator, as ``play_random`` draws them), comparing every seat's tensor (unless not
    ``tensors``) and the heuristics with those of the engine's state at every decision; the
    states compared. ``kinds`` counts the decisions met, by their frame."""
    game = towers.make("tiletum", players=players, action_tiles=variant)
    return views_along(
        module.TiletumBatch(game, 1),
        seeds,
        players if tensors else 0,
        lambda seed: f"{players} players, variant {variant}, seed {seed}",
        step=lambda engine, pick: engine.play(0, 1),
        seen=None
        if kinds is None
        else lambda state: kinds.update([type(state.stack[-1]).__name__]),
    )


@pytest.mark.parametrize("variant", OPTIONS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_tensors_and_heuristics_are_the_states_at_every_decision(
    players: int, variant: bool
) -> None:
    assert looked_at(ENGINE, players, variant, range(2)) > 2 * 100


def test_every_kind_of_decision_is_looked_at() -> None:
    """The games of tests/games/tiletum/test_batch.py in which each of the 20 decisions a
    player meets comes up."""
    kinds: Counter[str] = Counter()
    for players, seeds in ((2, [58]), (3, [27, 48, 59]), (4, [55])):
        looked_at(ENGINE, players, False, seeds, kinds=kinds)
    assert len(kinds) == 20, kinds


@pytest.mark.parametrize("variant", OPTIONS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_heuristics_of_many_more_games(players: int, variant: bool) -> None:
    """12 games more of each player count and option, the heuristics alone."""
    assert looked_at(ENGINE, players, variant, range(100, 112), tensors=False) > 12 * 100


@pytest.mark.parametrize("players", [2, 3])
def test_the_plain_module_writes_the_same_tensors(players: int) -> None:
    if COMPILED is None:
        pytest.skip("the compiled twin is not built here")
    for variant in OPTIONS:
        assert looked_at(plain, players, variant, range(1)) > 100
