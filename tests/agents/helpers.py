"""Small helpers shared by the bot tests."""

from __future__ import annotations

import random

import towers
from towers.core.chance import resolve_chance
from towers.core.game import State


def toy_decision(players: int = 2, seed: int = 0, **options: object) -> State:
    """A toy game dealt with ``seed``, at its first decision."""
    state = towers.make("toy", players=players, **options).new_initial_state()
    resolve_chance(state, random.Random(seed))
    return state


def play_out(state: State, bots: list[object], seed: int) -> State:
    """Play ``state`` to the end with checked actions; chance from ``seed``."""
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(towers.sample_chance(state, rng))
        else:
            action = bots[state.current_player()].choose(state)  # type: ignore[attr-defined]
            state.apply_action(action)
    return state
