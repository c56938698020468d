"""Every seat's heuristic at once (``bots.evaluate_all``, the plugin's ``heuristics``) is the
same floats as ``bots.evaluate`` seat by seat, at every state of random games: every player
count, solo included, and both Beast setups."""

from __future__ import annotations

import random

import pytest

from towers.games.turris.bots import evaluate, evaluate_all
from towers.games.turris.rules import TurrisGame

from ..sampling import every_state


@pytest.mark.parametrize("random_beasts", [False, True])
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_every_seat_at_once_is_each_seat_in_turn(players: int, random_beasts: bool) -> None:
    game = TurrisGame(players, random_beasts=random_beasts)
    checked = 0
    for seed in range(3):
        rng = random.Random(100 * players + seed)
        for state in every_state(game.new_initial_state(), rng):
            each = [evaluate(state, seat) for seat in range(players)]
            together = evaluate_all(state)
            assert together == each, f"step {checked}: {together} != {each}"
            assert all(type(h) is float for h in together)
            checked += 1
    assert checked > 300


def test_the_plugin_declares_it() -> None:
    state = TurrisGame(3).new_initial_state()
    assert state.heuristics() == [state.heuristic(seat) for seat in range(3)]
