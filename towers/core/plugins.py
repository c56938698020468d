"""Game and bot plugins: what each game package declares of itself, found by name.

The part of the registry that names no class of the core, so that :mod:`towers.core.game`
can ask for its bots' heuristic without importing the registry, which imports it
(:mod:`towers.core.registry` makes games and bots and re-exports these names).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from towers.core.errors import GameOptionError

if TYPE_CHECKING:
    from towers.core.game import Game, State


@dataclass(frozen=True)
class GamePlugin:
    """A game package's declaration of itself, in one place: where its rules (the Game
    class), its views and its bots' heuristic live, each as ``"package.module:name"``, so
    that declaring them imports none. An entry point of ``towers.games`` names a plugin, or
    just a Game class (which then has the plain views and heuristic)."""

    rules: str
    views: str | None = None
    heuristic: str | None = None
    heuristics: str | None = None
    """Every seat's heuristic at once: a function of a State giving ``[heuristic(state, seat)
    for seat in seats]``, exactly, for a game whose seats' heuristics share work (a search
    values every position it reaches for every seat); None: the heuristic seat by seat."""
    tensor: str | None = None
    """A function of the Game giving its observation tensor (for the learning adapters)."""
    balance: str | None = None
    """A function of a finished State giving its balance facets (for simulation reports):
    a name for each, with one label for the whole game (a start layout) or a list of one
    label a seat (a seat's faction); see :func:`balance_of`."""
    heuristic_scale: float | None = None
    """The heuristic's gain that counts as a clear lead, for a heuristic not counted in victory
    points (search bots turn a lead into a value with it); None: victory points."""
    loss_value: float | None = None
    """What a game the players lose together (a cooperative or solo game) is worth to a
    search, on its scale of values where the position searched from is worth 0.5 and ones far
    worse than it nearly 0; below 0 where losing costs more than a bad position, so that the
    search shuns a move that risks the game for a gain; None: 0."""
    title: str | None = None
    """The game's name as printed on its box (``"Return to Dark Tower"``); None: its registry
    name in words (see :func:`title_of`)."""


GAMES_GROUP = "towers.games"
BOTS_GROUP = "towers.bots"
SHIPPED_BY = "towers"
"""The distribution whose games count as shipped (the conformance suite runs over them)."""

_GAMES: dict[str, str] = {}
"""Games registered at run time: name -> ``"package.module:Class"``."""
_BOTS: dict[str, str] = {}
"""Bots registered at run time."""


@cache
def _plugins(group: str) -> dict[str, tuple[str, str]]:
    """The entry points of ``group``: name -> (``"module:Class"``, distribution name)."""
    found: dict[str, tuple[str, str]] = {}
    for ep in entry_points(group=group):
        dist = ep.dist.name if ep.dist is not None else ""
        found.setdefault(ep.name, (ep.value, dist))
    return found


def refresh_plugins() -> None:
    """Look for plugins again (after a package was installed while running)."""
    _plugins.cache_clear()


def _games() -> dict[str, str]:
    return {**{k: v for k, (v, _) in _plugins(GAMES_GROUP).items()}, **_GAMES}


def _bots() -> dict[str, str]:
    return {**{k: v for k, (v, _) in _plugins(BOTS_GROUP).items()}, **_BOTS}


def _load(path: str) -> Any:
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)


def is_shipped(name: str) -> bool:
    """True for the games that come with towers (not other plugins or run-time ones)."""
    plugin = _plugins(GAMES_GROUP).get(name)
    return name not in _GAMES and plugin is not None and plugin[1] == SHIPPED_BY


def register_game(name: str, path: str) -> None:
    """Register a game class given as ``"package.module:Class"`` (tests and scripts)."""
    _GAMES[name] = path


def unregister_game(name: str) -> None:
    _GAMES.pop(name, None)


def register_bot(name: str, path: str) -> None:
    """Register a bot class given as ``"package.module:Class"`` (tests and scripts)."""
    _BOTS[name] = path


def unregister_bot(name: str) -> None:
    _BOTS.pop(name, None)


def game_path(name: str) -> str:
    """Where the game's class lives, ``"package.module:Class"`` (for worker processes)."""
    games = _games()
    if name not in games:
        raise GameOptionError(f"unknown game {name!r}; games: {', '.join(list_games())}")
    return games[name]


def list_games() -> list[str]:
    """The registry names of the games that can be made."""
    return sorted(_games())


def plugin(name: str) -> GamePlugin:
    """The declaration of the game ``name`` (a plain one for a game registered as a class)."""
    path = game_path(name)
    found = _load(path)
    return found if isinstance(found, GamePlugin) else GamePlugin(rules=path)


def title_of(name: str) -> str:
    """The printed title of the game ``name``, as its plugin declares it; a game that declares
    none (or is not known) reads as its name with spaces for underscores, capitalised."""
    declared = plugin(name).title if name in _games() else None
    return declared or name.replace("_", " ").capitalize()


def heuristic_of(game: Game) -> Callable[[State, int], float] | None:
    """The bots' heuristic that ``game``'s plugin declares, if any."""
    declared = plugin(game.name).heuristic if game.name in _games() else None
    return _load(declared) if declared else None


def heuristics_of(game: Game) -> Callable[[State], list[float]] | None:
    """The every-seat heuristic that ``game``'s plugin declares, if any (see
    :attr:`GamePlugin.heuristics`)."""
    declared = plugin(game.name).heuristics if game.name in _games() else None
    return _load(declared) if declared else None


def heuristic_scale_of(game: Game) -> float | None:
    """The heuristic scale that ``game``'s plugin declares, if any (see
    :attr:`GamePlugin.heuristic_scale`)."""
    return plugin(game.name).heuristic_scale if game.name in _games() else None


def loss_value_of(game: Game) -> float | None:
    """The value of a lost game that ``game``'s plugin declares, if any (see
    :attr:`GamePlugin.loss_value`)."""
    return plugin(game.name).loss_value if game.name in _games() else None
