"""Random games sampled for the games' view tests: a game's states at one decision in
``every``, so that a test looks at many kinds of position without playing many games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import towers
from towers.core.chance import sample_chance
from towers.core.conformance import random_action
from towers.core.game import State


def sampled_states(
    name: str,
    players: int,
    seed: int,
    every: int = 7,
    steps: int | None = None,
    **options: object,
) -> Iterator[Any]:
    """The states of a random game of ``name`` (``seed`` drives its chance and its choices)
    at one decision in ``every``, chance nodes passed over, for at most ``steps`` decisions
    (None: to the end), then its last state; each is the game's own State, the same object
    moved on, so a test keeps a copy of any it wants to hold."""
    rng = random.Random(seed)
    state = towers.make(name, players=players, **options).new_initial_state()
    decided = 0
    while not state.is_terminal() and (steps is None or decided < steps):
        if not state.is_chance_node():
            if decided % every == 0:
                yield state
            decided += 1
        state.apply_action(random_action(state, rng))
    yield state


def every_state(state: State, rng: random.Random) -> Iterator[State]:
    """Every state of a random game from ``state`` to its end, chance included: the same
    object moved on after each is looked at (chance drawn by ``sample_chance``, a decision by
    ``rng.choice`` of the legal actions)."""
    while True:
        yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_trusted(sample_chance(state, rng))
        else:
            state.apply_trusted(rng.choice(state.legal_actions()))
