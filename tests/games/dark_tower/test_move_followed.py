"""The move value is followed after every action that may change it: an action of a kind
that changes nothing it reads (``rules.KEEPS_MOVE_VALUE``) skips it, and the turn's counted
move value (``base_move``) still equals the hero's move value at every state of many games."""

from __future__ import annotations

import random

import pytest

import towers
from towers.core.chance import sample_chance
from towers.core.game import CHANCE, TERMINAL
from towers.games.dark_tower.rules import DarkTowerState

MODES = (
    [(players, {}) for players in range(1, 5)]
    + [(players, {"mode": "competitive"}) for players in range(2, 5)]
    + [(3, {"difficulty": "gritty"})]
)


@pytest.mark.parametrize("players, options", MODES)
def test_the_counted_move_value_is_the_heros_at_every_state(
    players: int, options: dict[str, str]
) -> None:
    game = towers.make("dark_tower", players=players, **options)
    rng = random.Random(7 + players)
    checked = 0
    for _ in range(4):
        state = game.new_initial_state()
        assert isinstance(state, DarkTowerState)
        while (player := state.current_player()) != TERMINAL:
            assert state.base_move == state.move_value(state.current), state.to_json()
            checked += 1
            if player == CHANCE:
                state.apply_trusted(sample_chance(state, rng))
            else:
                state.apply_trusted(rng.choice(state.legal_actions()))
    assert checked > 200
