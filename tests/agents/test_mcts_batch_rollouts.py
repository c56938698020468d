"""mcts plays its rollouts in a game's own batch engine when the game has one: the same
search, move for move, as the rollouts played on the state."""

from __future__ import annotations

import random

import pytest

import towers
from tests.toy_game import ToyGame
from towers.agents.mcts import MCTSBot
from towers.core.chance import random_action


class StateRollouts(MCTSBot):
    """The reference: every rollout played on the state itself."""

    def _begin(self, state: towers.State) -> bool:
        hidden = super()._begin(state)
        self._rollouts = None
        return hidden


def _position(players: int, seed: int, steps: int) -> towers.State:
    state = towers.make("torres", players=players).new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(random_action(state, rng))
    while state.is_chance_node():
        state.apply_action(random_action(state, rng))
    return state


@pytest.mark.parametrize("depth", [1, 6, 1000])
@pytest.mark.parametrize(("players", "steps"), [(2, 30), (3, 100), (4, 170)])
def test_batch_rollouts_search_as_the_state_does(depth: int, players: int, steps: int) -> None:
    state = _position(players, seed=players * 7 + steps, steps=steps)
    assert len(state.legal_actions()) > 1  # a search, not a forced move
    fast = MCTSBot(seed=5, iterations=40, rollout_depth=depth)
    plain = StateRollouts(seed=5, iterations=40, rollout_depth=depth)
    before = state.to_json()
    assert fast.choose(state) == plain.choose(state)
    assert fast._rollouts is not None  # Torres has its own batch engine
    assert fast.action_stats == plain.action_stats
    assert state.to_json() == before  # the searched position is left as it was


def test_a_game_without_a_batch_engine_rolls_out_on_the_state() -> None:
    state = ToyGame(2).new_initial_state()
    while state.is_chance_node():
        state.apply_action(random_action(state, random.Random(1)))
    bot = MCTSBot(seed=1, iterations=10, rollout_depth=3)
    bot.choose(state)
    assert bot._rollouts is None
