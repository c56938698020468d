"""The registered bots play Tiletum to the end through the public API."""

from __future__ import annotations

import random

import towers
from towers.core.chance import sample_chance


def test_greedy_and_mcts_play_a_whole_game() -> None:
    game = towers.make("tiletum", players=2)
    bots = [towers.make_bot("greedy", seed=1), towers.make_bot("mcts", seed=1, iterations=8)]
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            action = bots[state.current_player()].choose(state)
            assert state.is_legal(action)
            state.apply_action(action)
    assert len(state.winners()) == 1
    assert all(v >= 0 for v in state.scores())


def test_greedy_takes_points_within_reach_before_ending_the_turn() -> None:
    from towers.games.tiletum import rules as R
    from towers.games.tiletum.data import MERCHANT

    from .helpers import frame, new, spot, town

    state = frame(new(2, seed=3), MERCHANT, 1)
    state.merchant[0] = spot("rome")
    state.houses[town("rome")] = [R.EMPTY, R.INACTIVE]
    state._legal = None
    state._legal_set = None
    bot = towers.make_bot("greedy", seed=3)
    assert state.action_to_string(bot.choose(state)) == "house rome 1"
