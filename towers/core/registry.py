"""The games and bots known by name. Adding a game is one line in ``_GAMES``."""

from __future__ import annotations

import importlib
import inspect
from typing import Any

from towers.core.errors import GameOptionError
from towers.core.game import Game

_GAMES: dict[str, str] = {
    "torres": "towers.games.torres.rules:TorresGame",
    "tiletum": "towers.games.tiletum.rules:TiletumGame",
}

_BOTS: dict[str, str] = {
    "random": "towers.agents.random_bot:RandomBot",
    "greedy": "towers.agents.greedy:GreedyBot",
    "mcts": "towers.agents.mcts:MCTSBot",
}


def _load(path: str) -> Any:
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)


_SHIPPED = frozenset(_GAMES)


def is_shipped(name: str) -> bool:
    """True for the games that come with towers (not ones registered at run time)."""
    return name in _SHIPPED


def register_game(name: str, path: str) -> None:
    """Register a game class given as ``"package.module:Class"`` (used by tests and plugins)."""
    _GAMES[name] = path


def unregister_game(name: str) -> None:
    _GAMES.pop(name, None)


def list_games() -> list[str]:
    """The registry names of the games that can be made."""
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    if name not in _GAMES:
        raise GameOptionError(f"unknown game {name!r}; games: {', '.join(list_games())}")
    cls: type[Game] = _load(_GAMES[name])
    return cls


def make(name: str, players: int | None = None, **options: Any) -> Game:
    """A game by its registry name, for ``players`` seats (default: the fewest it allows)."""
    cls = game_class(name)
    return cls(cls.min_players if players is None else players, **options)


def list_bots() -> list[str]:
    return sorted(_BOTS)


def bot_class(name: str) -> Any:
    """The class of a bot by name (its ``PARAMS`` declare what it takes)."""
    if name not in _BOTS:
        raise GameOptionError(f"unknown bot {name!r}; bots: {', '.join(list_bots())}")
    return _load(_BOTS[name])


def make_bot(name: str, seed: int | None = None, **params: Any) -> Any:
    """A bot by name; ``choose(state)`` picks a legal action for ``state.current_player()``.

    Parameters are checked against the bot's declared ``PARAMS`` when it has them (text such
    as ``"200"`` is read as people type it); a bad one raises a GameOptionError that says
    what is allowed."""
    cls = bot_class(name)
    check = getattr(cls, "check_params", None)
    if check is not None:
        params = check(params)
    else:
        taken = [p for p in inspect.signature(cls).parameters if p != "seed"]
        unknown = [p for p in params if p not in taken]
        if unknown:
            raise GameOptionError(
                f"{name} has no parameter {unknown[0]!r}; it takes: "
                f"{', '.join(taken) or 'no parameters'}"
            )
    try:
        return cls(seed=seed, **params)
    except GameOptionError:
        raise
    except (TypeError, ValueError) as exc:
        raise GameOptionError(f"{name}: {exc}") from exc
