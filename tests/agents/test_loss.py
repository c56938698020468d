"""mcts's ``loss``: what a lost game is worth to the search, where the position searched from
is worth 0.5 and far worse ones tend to 0. A game declares its own
(``GamePlugin(loss_value=)``); below 0, a move that risks losing the game for a gain is
charged what losing costs, not merely a bad position's worth."""

from __future__ import annotations

import random

import pytest

import tests.agents.gamble  # noqa: F401  (registers the game)
import towers
from tests.agents.gamble import GAMBLE
from tests.agents.test_scale import mid_game
from towers.agents.base import outcome_values, win_values
from towers.agents.greedy import GreedyBot
from towers.agents.mcts import MCTSBot, loss_for
from towers.core.chance import resolve_chance
from towers.core.registry import loss_value_of, plugin

SEEDS = range(4)


def chosen(**params: float) -> list[str]:
    state = towers.make(GAMBLE, 1).new_initial_state()
    found = []
    for seed in SEEDS:
        bot = MCTSBot(seed=seed, iterations=400, **params)  # type: ignore[arg-type]
        found.append(state.action_to_string(bot.choose(state.clone())))
    return found


def test_a_lost_game_worth_less_than_a_bad_position_refuses_the_gamble() -> None:
    # a lost game worth 0, as far worse positions are: the gamble's gain (0.74 against the
    # safe move's 0.66) outweighs its one chance in four of losing
    assert chosen(loss=0) == ["gamble"] * len(SEEDS)
    # worth the game's declared -1 or less: the safe move (0.465 against 0.52 to win)
    assert loss_for(towers.make(GAMBLE, 1)) == -1.0
    assert chosen() == ["safe"] * len(SEEDS)
    assert chosen(loss=-3) == ["safe"] * len(SEEDS)


def test_a_lost_game_is_worth_the_loss_value_and_a_won_one_its_returns() -> None:
    state = towers.make(GAMBLE, 1).new_initial_state()
    state.apply_action(1)  # the gamble
    lost, won = state.clone(), state.clone()
    lost.apply_action(0)
    assert lost.is_terminal()
    assert win_values(lost, 0.03, [0.5], loss=-1.0) == [-1.0]
    assert win_values(lost, 0.03, [0.5]) == [0.0]
    won.apply_action(1)
    for _ in range(tests.agents.gamble.WAITS):
        won.apply_action(0)
    won.apply_action(1)
    assert won.is_terminal() and win_values(won, 0.03, [0.5], loss=-1.0) == [1.0]


def test_dark_tower_declares_a_loss_value_and_other_games_keep_0() -> None:
    declared = plugin("dark_tower").loss_value
    assert declared is not None and declared < 0
    assert loss_for(towers.make("dark_tower", 2)) == declared
    # in the competitive game a hero's loss is another's win, which the search weighs already
    assert loss_for(towers.make("dark_tower", 2, mode="competitive")) == 0.0
    assert loss_value_of(towers.make("torres", 2)) is None
    assert loss_for(towers.make("torres", 2)) == 0.0


def test_mcts_searches_with_the_declared_loss_unless_given_one() -> None:
    state = mid_game()
    bots = [
        MCTSBot(seed=5, iterations=30),
        MCTSBot(seed=5, iterations=30, loss=loss_for(state.game)),
    ]
    for bot in bots:
        bot.choose(state.clone())
    assert bots[0].action_stats == bots[1].action_stats


def test_the_loss_parameter_is_checked_and_shown() -> None:
    with pytest.raises(ValueError, match="loss"):
        MCTSBot(loss=0.5)
    with pytest.raises(ValueError, match="loss"):
        MCTSBot(loss=-1000)
    assert "loss=None" in repr(MCTSBot()) and "loss=-2.0" in repr(MCTSBot(loss=-2))


def test_a_cooperative_game_won_is_worth_1_to_every_seat() -> None:
    # a team's win is the whole 1 to each seat, not shared as a tie (1/2 each of two
    # heroes), which a search would take for less than a good position
    rng = random.Random(0)
    state = towers.make("dark_tower", 2).new_initial_state()
    bot = GreedyBot(seed=0)
    while True:
        resolve_chance(state, rng)
        if state.is_terminal():
            break
        state.apply_action(bot.choose(state))
    assert state.returns() == [1.0, 1.0]  # the team won
    assert outcome_values(state, loss=-2) == [1.0, 1.0]
    assert win_values(state, 0.03, [0.4, 0.4], loss=-2) == [1.0, 1.0]
    # the competitive game is not cooperative: its returns are its values, ties shared
    assert not towers.make("dark_tower", 2, mode="competitive").COOPERATIVE
