"""mcts plays its rollouts in a game's own batch engine when the game has one: the same
search, move for move, as the rollouts played on the state."""

from __future__ import annotations

import random

import pytest

import towers
from tests.core.batch_checks import position, searches_alike
from tests.toy_game import ToyGame
from towers.agents.mcts import MCTSBot
from towers.core.chance import random_action


@pytest.mark.parametrize("depth", [1, 6, 1000])
@pytest.mark.parametrize(("players", "steps"), [(2, 30), (3, 100), (4, 170)])
def test_batch_rollouts_search_as_the_state_does(depth: int, players: int, steps: int) -> None:
    state = position(towers.make("torres", players=players), seed=players * 7 + steps, steps=steps)
    assert searches_alike(state, depth, iterations=40) is not None  # Torres has its own engine


def test_a_game_without_a_batch_engine_rolls_out_on_the_state() -> None:
    state = ToyGame(2).new_initial_state()
    while state.is_chance_node():
        state.apply_action(random_action(state, random.Random(1)))
    bot = MCTSBot(seed=1, iterations=10, rollout_depth=3)
    bot.choose(state)
    assert bot._rollouts is None
