"""What the Torres batch engine gives besides the moves, read from its arrays: each seat's
observation tensor (the floats of ``tensor.encode(state.observation(seat))``), every seat's
heuristic (``bots.evaluate_all``), and the rollouts a search plays in it from a state (the
same draws and numbers as the loop on the state itself)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import towers
from tests.core.batch_checks import views_along
from towers.core.batch import Rollouts
from towers.core.chance import sample_chance
from towers.core.compiled import is_compiled, twin
from towers.core.game import CHANCE, TERMINAL
from towers.games.torres import batch as plain

ENGINE = twin(plain)
COMPILED = ENGINE if is_compiled(ENGINE) else None
VARIANTS = ("basic", "common_deck", "master")


def looked_at(module: Any, players: int, variant: str, seeds: range) -> int:
    """Play each seed's game in a batch of one, comparing every seat's tensor and the
    heuristics with those of the engine's state at every decision; the states compared."""
    game = towers.make("torres", players=players, variant=variant)
    return views_along(
        module.TorresBatch(game, 1),
        seeds,
        players,
        lambda seed: f"{players} players, {variant}, seed {seed}",
    )


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_tensors_and_heuristics_are_the_states_at_every_decision(
    players: int, variant: str
) -> None:
    """12 games of each player count and variant (over 20,000 tensors compared in all)."""
    assert looked_at(ENGINE, players, variant, range(12)) > 12 * 100


@pytest.mark.parametrize("players", [2, 4])
def test_the_plain_module_writes_the_same_tensors(players: int) -> None:
    if COMPILED is None:
        pytest.skip("the compiled twin is not built here")
    for variant in VARIANTS:
        assert looked_at(plain, players, variant, range(1)) > 100


def rollout_on_the_state(state: Any, rng: random.Random, decisions: int) -> Any:
    """The rollout of towers.agents.mcts on the state itself."""
    while True:
        player = state.current_player()
        if player == TERMINAL:
            return player, state.returns()
        if player == CHANCE:
            state.apply_trusted(sample_chance(state, rng))
            continue
        if decisions <= 0:
            return player, state.heuristics()
        legal = state.legal_actions()
        state.apply_trusted(legal[rng.randrange(len(legal))])
        decisions -= 1


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3])
def test_rollouts_in_the_batch_are_the_rollouts_on_the_state(players: int, variant: str) -> None:
    game = towers.make("torres", players=players, variant=variant)
    rollouts = Rollouts(ENGINE.TorresBatch(game, 1))
    walk = random.Random(players)
    state = game.new_initial_state()
    played = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_trusted(sample_chance(state, walk))
            continue
        for decisions in (0, 1, 4, 16, 1000):
            seed = walk.getrandbits(32)
            before = state.to_json()
            got = rollouts.play(state, rng := random.Random(seed), decisions)
            after = random.Random(seed)
            assert got == rollout_on_the_state(state.clone(), after, decisions), decisions
            assert rng.getstate() == after.getstate()  # the same draws
            assert state.to_json() == before  # the state is left as it was
            played += 1
        legal = state.legal_actions()
        state.apply_trusted(legal[walk.randrange(len(legal))])
    assert played > 500
