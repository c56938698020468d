"""Every seat's heuristic at once (``bots.evaluate_all``, what a search values a position by)
is the heuristic seat by seat, the same floats, at every state of random games of every
player count and mode (the solo game, two players with the solo opponent included); the
one pass over the board it reads is what ``_mights`` and ``_values_taken`` find."""

from __future__ import annotations

import random
from typing import Any

import pytest

import towers
from towers.games.sifnos.actions import DATA
from towers.games.sifnos.bots import _board, _mights, _values_taken, evaluate, evaluate_all
from towers.games.sifnos.rules import SifnosState

from ..sampling import every_state

MODES: list[tuple[int, dict[str, Any]]] = [
    (1, {}),
    (2, {}),
    (2, {"solo_opponent": True}),
    (3, {}),
    (4, {}),
]


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize(("players", "options"), MODES)
def test_every_seat_at_once_is_each_seat_alone(
    players: int, options: dict[str, Any], seed: int
) -> None:
    rng = random.Random(seed * 10 + players)
    game = towers.make("sifnos", players=players, **options)
    checked = 0
    for state in every_state(game.new_initial_state(), rng):
        assert isinstance(state, SifnosState)
        together = evaluate_all(state)
        each = [evaluate(state, seat) for seat in range(players)]
        assert together == each, f"after {state.history()[-5:]}: {together} != {each}"
        assert state.heuristics() == each
        top_side = [stack[-1] >> 3 if stack else -1 for stack in state.stacks]
        large = [r for k in DATA.large for r in DATA.provinces[k].regions]
        on_map = [sum(1 for r in large if state.die_owner[r] == s) for s in range(state.game.sides)]
        want = (*_mights(state, top_side), on_map, _values_taken(state))
        assert _board(state) == want
        checked += 1
    assert checked > 100
