"""Chance nodes: sampling an outcome from a seeded generator, or taking one from outside."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable

from towers.core.game import State


def derive_seed(seed: int, *parts: object) -> int:
    """A 63-bit seed for one use (chance at a ply, a seat's bot, one game of a simulation)
    drawn from ``seed`` and ``parts``: the same on every run, machine and Python version.

    >>> derive_seed(7, "chance", 3) == derive_seed(7, "chance", 3) != derive_seed(7, "chance", 4)
    True
    """
    text = "/".join(str(p) for p in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


_SAMPLERS: dict[type, Callable[[State, float], int] | None] = {}
"""Each state class's ``_sample_chance``, or None for a class without one."""


def sample_chance(state: State, rng: random.Random) -> int:
    """Pick one outcome of the chance node ``state`` with its listed probability.

    A state class may give ``_sample_chance(state, r)``: the outcome the draw ``r`` picks by
    the walk below over its outcomes (the same additions in the same order), -1 when
    ``state`` is no chance node; it may then skip listing them."""
    cls = type(state)
    try:
        sampler = _SAMPLERS[cls]
    except KeyError:
        sampler = _SAMPLERS[cls] = getattr(cls, "_sample_chance", None)
    if sampler is not None:
        action = sampler(state, rng.random())
        if action < 0:
            raise ValueError("sample_chance needs a chance node")
        return action
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
