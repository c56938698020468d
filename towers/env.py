"""The games as learning environments, in one line each (optional extras).

    import towers.env
    env = towers.env.pettingzoo("torres", players=3)            # pip install 'towers[pettingzoo]'
    env = towers.env.pettingzoo_parallel("torres", players=3)   # every agent steps each cycle
    env = towers.env.gymnasium("torres", opponents=["greedy"])  # pip install 'towers[gym]'
    envs = towers.env.vector_env("torres", 64, opponents=["random"] * 2)  # 64 games, 3 seats

and for OpenSpiel (``pip install 'towers[openspiel]'``)::

    import pyspiel, towers.env
    towers.env.openspiel()                                      # registers towers_<game>
    game = pyspiel.load_game("towers_torres", {"players": 3})

What the environments observe, how chance, rewards and illegal actions are handled: see
:mod:`towers.adapters.environments` and :mod:`towers.adapters.openspiel`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def pettingzoo(name: str, players: int | None = None, **options: Any) -> Any:
    """A turn-based PettingZoo AEC environment of the game (``illegal=``, ``max_cycles=``,
    ``render_mode="ansi"`` and the game's options as keywords)."""
    from towers.adapters.multiagent import AECTable

    return AECTable(name, players, **options)


def pettingzoo_parallel(name: str, players: int | None = None, **options: Any) -> Any:
    """A PettingZoo parallel environment of the game: every agent sends an action each cycle,
    the seat to move plays its own."""
    from towers.adapters.multiagent import ParallelTable

    return ParallelTable(name, players, **options)


def gymnasium(name: str, opponents: Sequence[str] = ("random",), **options: Any) -> Any:
    """A Gymnasium environment: one learner (``seat=``, 0 by default) against towers bots
    written as seat specs (``"greedy"``, ``"mcts:iterations=200"``)."""
    from towers.adapters.environments import GymTable

    return GymTable(name, opponents, **options)


def vector_env(
    name: str, num_envs: int, opponents: Sequence[str] = ("random",), **options: Any
) -> Any:
    """A Gymnasium vector environment of ``num_envs`` games, each what :func:`gymnasium`
    plays for the same seed and actions, stepped together in the game's batch engine
    (``seat=``, ``illegal=``, ``autoreset_mode=``, ``copy=`` and the game's options as
    keywords)."""
    from towers.adapters.vector import VectorTable

    return VectorTable(name, num_envs, opponents, **options)


def openspiel(names: Sequence[str] | None = None) -> list[str]:
    """Register the games with OpenSpiel (default: all of them); their OpenSpiel names."""
    from towers.adapters.openspiel import register

    return register(list(names) if names is not None else None)
