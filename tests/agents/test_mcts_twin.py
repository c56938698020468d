"""The search tree of ``mcts`` in plain Python and its compiled twin search alike: the same
seed gives the same tree, node by node (visits, value sums, minimax vectors, the seat
deciding), and so the same move, in every game and with every kind of setting."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

import pytest

import towers
from tests.games.twins import require_built
from towers.agents import mcts
from towers.agents import tree as plain
from towers.agents.mcts import MCTSBot
from towers.bench import mid_game_state
from towers.core.compiled import is_compiled
from towers.core.game import State

COMPILED: ModuleType | None = mcts.TREE if is_compiled(mcts.TREE) else None
needs_twin = pytest.mark.skipif(COMPILED is None, reason="the compiled twin is not built here")

GAMES = [("torres", 3), ("tiletum", 2), ("turris", 3), ("sifnos", 2), ("dark_tower", 2), ("toy", 2)]
LATE = {"toy": 4}
"""Random actions played to reach a later position (60 but in the toy game, a short one)."""
SETTINGS: list[dict[str, Any]] = [
    {},
    {"expand_all": False, "c": 0.7},
    {"minimax": 0.0, "relative": False},
    {"rollout_depth": 3},
    {"loss": -0.5, "scale": 2.0},
]


def test_the_twin_is_in_use_where_the_test_command_builds_it() -> None:
    require_built(COMPILED is not None, f"mcts uses {mcts.TREE.__file__}")


def position(name: str, players: int, seed: int, ply: int) -> State:
    """A state about ``ply`` random actions in, where a seat has a choice."""
    return mid_game_state(towers.make(name, players=players), seed, ply)


def bot_with(module: ModuleType, settings: dict[str, Any]) -> MCTSBot:
    class Bot(MCTSBot):
        tree = module

    return Bot(seed=11, iterations=60, **settings)


def shape(node: Any) -> tuple[Any, ...]:
    """Everything a node holds, its subtree included, in the order its children were made."""
    return (
        node.visits,
        node.available,
        node.player,
        tuple(node.totals),
        tuple(node.best),
        tuple((action, shape(child)) for action, child in node.children.items()),
    )


def grown(module: ModuleType, settings: dict[str, Any], state: State) -> tuple[Any, ...]:
    """The tree of a search of ``state`` with ``module``'s iteration, and the move chosen."""
    bot = bot_with(module, settings)
    move = bot.choose(state)
    # the same iterations again on a root kept, to see the whole tree
    bot = bot_with(module, settings)
    hidden = bot._begin(state)
    bot._baseline = bot._leads(state) if bot.relative and not hidden else None
    root = module.Node(state.game.num_players)
    seat = state.current_player()
    for _ in range(bot.iterations):
        bot._iterate(root, state.determinize(seat, bot.rng) if hidden else state.clone())
    return move, shape(root)


@needs_twin
@pytest.mark.parametrize("settings", SETTINGS, ids=lambda s: ",".join(s) or "default")
@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_twin_grows_the_tree_plain_python_grows(
    name: str, players: int, settings: dict[str, Any]
) -> None:
    assert COMPILED is not None
    for seed, steps in ((1, 1), (2, LATE.get(name, 60))):
        state = position(name, players, seed, steps)
        before = state.to_json()
        twin = grown(COMPILED, settings, state)
        assert twin == grown(plain, settings, state), f"{name} seed {seed}"
        assert state.to_json() == before


@needs_twin
def test_the_twin_values_positions_as_plain_python_does() -> None:
    assert COMPILED is not None
    for name, players in GAMES:
        state = position(name, players, 3, LATE.get(name, 30))
        game = state.game
        for together in (False, True):
            for baseline in (None, [0.5 * s for s in range(players)]):
                args = (game.evaluate_all, together, 3.0, -0.25)
                compiled, reference = COMPILED.Valuer(*args), plain.Valuer(*args)
                player = state.current_player()
                assert compiled(state, player, baseline) == reference(state, player, baseline)
                assert compiled.leads(state) == reference.leads(state)


def test_the_plain_module_is_the_one_named_tree() -> None:
    assert importlib.import_module("towers.agents.tree") is plain
    assert not is_compiled(plain)
