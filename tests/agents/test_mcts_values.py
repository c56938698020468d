"""mcts values a position in one pass of its own (``MCTSBot._values``, ``MCTSBot._leads``):
it must give exactly the numbers of :func:`~towers.agents.base.win_values` and
:func:`~towers.agents.base.leads`, the reference, at every state of random games."""

from __future__ import annotations

import random

import pytest

import towers
from towers.agents.base import leads, win_values
from towers.agents.mcts import MCTSBot, loss_for, scale_for
from towers.core.chance import random_action
from towers.core.game import State

GAMES = [("torres", 3), ("tiletum", 2), ("turris", 3), ("sifnos", 1), ("dark_tower", 2), ("toy", 2)]


def states(name: str, players: int, seed: int, every: int = 7) -> list[State]:
    rng = random.Random(seed)
    state = towers.make(name, players=players).new_initial_state()
    out = []
    while not state.is_terminal():
        if len(state.history()) % every == 0:
            out.append(state.clone())
        state.apply_trusted(random_action(state, rng))
    out.append(state)
    return out


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_values_of_mcts_are_those_of_win_values(name: str, players: int) -> None:
    found = states(name, players, seed=players)
    game = found[0].game
    bot = MCTSBot(seed=1, iterations=2, loss=-0.5 if game.COOPERATIVE else None)
    bot.choose(next(s for s in found if s.current_player() >= 0 and len(s.legal_actions()) > 1))
    scale, loss = scale_for(game), bot._loss
    assert loss == (loss_for(game) if bot.loss is None else bot.loss)
    baseline = leads(found[len(found) // 2])
    for state in found:
        player = state.current_player()
        assert bot._leads(state) == leads(state)
        assert bot._values(state, player, None) == win_values(state, scale, None, loss)
        assert bot._values(state, player, baseline) == win_values(state, scale, baseline, loss)
