"""The legal actions of a trade made directly (``legality.fast_trade``) are those of asking
each rule of Making Trades, in the plain module and its compiled twin: at every state of games
where the heroes are often gathered on one space and trade much (random play leaves trades
rare), in every player count and mode."""

from __future__ import annotations

import random

import pytest

import towers
from towers.core.chance import sample_chance
from towers.core.game import CHANCE, TERMINAL
from towers.games.dark_tower import frames as F
from towers.games.dark_tower import legality, rules
from towers.games.dark_tower.constants import OFFER, PROPOSE, TRADE
from towers.games.dark_tower.rules import DarkTowerState

MODES = [(players, {}) for players in range(2, 5)] + [
    (players, {"mode": "competitive"}) for players in (2, 4)
]


@pytest.mark.parametrize("players, options", MODES)
def test_a_trade_s_legal_actions_made_directly_are_what_the_rules_allow(
    players: int, options: dict[str, str]
) -> None:
    game = towers.make("dark_tower", players=players, **options)
    rng = random.Random(players)
    trades = 0
    state = game.new_initial_state()
    assert isinstance(state, DarkTowerState)
    while (player := state.current_player()) != TERMINAL:
        if player == CHANCE:
            state.apply_trusted(sample_chance(state, rng))
            continue
        top = state.pending[-1]
        if type(top) is F.Turn and rng.random() < 0.3:
            # the heroes gathered on the space of the hero whose turn it is
            for seat in range(players):
                state.at[seat] = state.at[top.seat]
            state._legal = None
        legal = legality.legal_actions(state)
        assert legality.fast_legal_actions(state) == legal, (top, state.to_json())
        assert rules.LEGALITY.fast_legal_actions(state) == legal  # the compiled twin, if built
        trades += type(top) is F.Trade
        # mostly a trade opened, or an item offered or asked for
        trading = [a for a in legal if TRADE <= a < TRADE + 4 or OFFER <= a < PROPOSE]
        state.apply_trusted(rng.choice(trading if trading and rng.random() < 0.8 else legal))
    assert trades > 50
