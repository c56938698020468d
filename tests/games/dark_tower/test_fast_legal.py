"""The legal actions made directly (``legality.fast_legal_actions``, what the rules use) are
those of asking each rule (``legality.legal_actions``): at every state of random games, in
every player count and mode, both give the same list."""

from __future__ import annotations

import random

import pytest

import towers
from towers.core.chance import sample_chance
from towers.core.game import CHANCE, TERMINAL
from towers.games.dark_tower import legality
from towers.games.dark_tower.rules import DarkTowerState

MODES = [
    (players, options) for players in range(1, 5) for options in ({}, {"difficulty": "gritty"})
] + [(players, {"mode": "competitive"}) for players in range(2, 5)]


@pytest.mark.parametrize("players, options", MODES)
def test_the_fast_legal_actions_are_what_the_rules_allow_at_every_state(
    players: int, options: dict[str, str]
) -> None:
    game = towers.make("dark_tower", players=players, **options)
    rng = random.Random(players * 7 + len(options))
    checked = 0
    for _ in range(6):
        state = game.new_initial_state()
        assert isinstance(state, DarkTowerState)
        while (player := state.current_player()) != TERMINAL:
            if player == CHANCE:
                state.apply_trusted(sample_chance(state, rng))
                continue
            legal = legality.legal_actions(state)
            assert legality.fast_legal_actions(state) == legal, (state.pending[-1], state.to_json())
            checked += 1
            state.apply_trusted(rng.choice(legal))
    assert checked > 200
