"""Fixed positions of each game for the learning tests, built by seeded random playouts."""

from __future__ import annotations

import functools
import random
from typing import Any

import towers
from towers.core.chance import sample_chance
from towers.core.game import State

GAMES = ("torres", "tiletum", "turris", "sifnos", "dark_tower")
HIDDEN = ("torres", "turris", "sifnos", "dark_tower")
"""The games whose two-player default hides something from a seat."""


def playout(name: str, seed: int, plies: int, players: int = 2, **options: Any) -> State:
    """The position after ``plies`` random actions (chance drawn from the same seed), then
    on to the next decision among two or more moves."""
    rng = random.Random(seed)
    state = towers.make(name, players=players, **options).new_initial_state()
    for _ in range(plies):
        if state.is_terminal():
            break
        _step(state, rng)
    while not state.is_terminal() and (state.is_chance_node() or len(state.legal_actions()) < 2):
        _step(state, rng)
    assert not state.is_terminal(), f"{name}: the playout ended before a decision"
    return state


def _step(state: State, rng: random.Random) -> None:
    if state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    else:
        state.apply_action(rng.choice(state.legal_actions()))


@functools.cache
def _position(name: str, seed: int, plies: int) -> State:
    return playout(name, seed, plies)


def position(name: str, seed: int = 11, plies: int = 60) -> State:
    """A copy of the fixed position of ``name`` (built once)."""
    return _position(name, seed, plies).clone()


def scoring_position(name: str) -> State | None:
    """A fixed position of ``name`` where some legal move changes the deciding seat's score
    at once (the first such position of a seeded playout); None for a game whose scores
    do not move during play (Return to Dark Tower's are counted at its end)."""
    for seed in range(40):
        try:
            state = position(name, seed=seed, plies=40 + 7 * seed)
        except AssertionError:
            continue
        seat = state.current_player()
        for action in state.legal_actions():
            after = state.clone()
            after.apply_action(action)
            if after.scores()[seat] != state.scores()[seat]:
                return state
    return None
