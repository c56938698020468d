"""Every seat's heuristic at once (``bots.evaluate_all``, the plugin's ``heuristics``) is the
same floats as ``bots.evaluate`` seat by seat, at every state of random games: every player
count and every variant, and at hand-made positions where a seat has the King's bonus."""

from __future__ import annotations

import random

import pytest

import towers
from towers.games.torres.bots import evaluate, evaluate_all
from towers.games.torres.rules import VARIANTS, TorresState, to_plain

from ..sampling import every_state
from .helpers import position


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_at_once_is_each_seat_in_turn(players: int, variant: str) -> None:
    game = towers.make("torres", players=players, variant=variant)
    checked = 0
    for seed in range(3):
        rng = random.Random(1000 * players + 10 * VARIANTS.index(variant) + seed)
        start = game.new_initial_state()
        to_plain(start)  # the plain functions, not the core's (test_core_twin.py holds those)
        for state in every_state(start, rng):
            assert isinstance(state, TorresState)
            each = [evaluate(state, seat) for seat in range(players)]
            together = evaluate_all(state)
            assert together == each, f"step {checked}: {together} != {each}"
            assert all(type(h) is float for h in together)
            checked += 1
    assert checked > 300


def test_the_plugin_declares_it() -> None:
    state = towers.make("torres", players=3).new_initial_state()
    assert state.heuristics() == [state.heuristic(seat) for seat in range(3)]


@pytest.mark.parametrize("phase", [0, 1, 2])
@pytest.mark.parametrize("king", ["c3", "g7", "a8", None])
def test_the_kings_bonus_and_castles_by_hand(phase: int, king: str | None) -> None:
    """Random play seldom gives the King's bonus: positions with it in every phase, two
    knights of a seat on one castle, and the King in another castle, on the ground or away."""
    heights = {"b2": 1, "c2": 2, "b3": 3, "c3": 1, "g7": 2, "g8": 1}
    knights = {0: ["b2", "c2", "b3"], 1: ["g8", "a1"], 2: ["g7"]}
    state = position(players=3, heights=heights, knights=knights, king=king, phase=phase)
    each = [evaluate(state, seat) for seat in range(3)]
    assert evaluate_all(state) == each
    if king == "c3":
        assert state.king_bonus(0, phase) > 0
