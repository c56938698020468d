"""Chance nodes: sampling an outcome from a seeded generator, or taking one from outside."""

from __future__ import annotations

import random

from towers.core.game import State


def sample_chance(state: State, rng: random.Random) -> int:
    """Pick one outcome of the chance node ``state`` with its listed probability."""
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise ValueError("sample_chance needs a chance node")
    r = rng.random()
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if r < acc:
            return action
    return outcomes[-1][0]


def random_action(state: State, rng: random.Random) -> int:
    """A uniformly random legal action, or at a chance node an outcome drawn by its probability."""
    if state.is_chance_node():
        return sample_chance(state, rng)
    return rng.choice(state.legal_actions())


def resolve_chance(state: State, rng: random.Random) -> None:
    """Apply sampled outcomes until a player decides or the game ends."""
    while state.is_chance_node():
        state.apply_trusted(sample_chance(state, rng))
