"""The games and bots known by name, found as plugins.

A package declares its games in the entry-point group ``towers.games`` and its bots in
``towers.bots`` (``name = "package.module:Class"`` in its ``pyproject.toml``), and they are
found once it is installed: towers names none of them here, its own included. Tests and
scripts may also register a class at run time (:func:`register_game`, :func:`register_bot`),
which wins over a plugin of the same name.

>>> {"torres", "tiletum"} <= set(list_games()) and is_shipped("torres")
True
>>> {"random", "greedy", "mcts"} <= set(list_bots())
True
>>> title_of("dark_tower"), title_of("no_such_game")
('Return to Dark Tower', 'No such game')
"""

from __future__ import annotations

import inspect
import weakref
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from towers.core.errors import GameOptionError
from towers.core.game import Game, State
from towers.core.plugins import (
    _BOTS,
    _GAMES,
    BOTS_GROUP,
    GAMES_GROUP,
    SHIPPED_BY,
    GamePlugin,
    _bots,
    _games,
    _load,
    _plugins,
    game_path,
    heuristic_of,
    heuristic_scale_of,
    is_shipped,
    list_games,
    loss_value_of,
    plugin,
    refresh_plugins,
    register_bot,
    register_game,
    title_of,
    unregister_bot,
    unregister_game,
)
from towers.core.tensors import ObservationTensor
from towers.core.views import Views

# the plugins' names are re-exported: callers look them up here
__all__ = [
    "BOTS_GROUP",
    "GAMES_GROUP",
    "GamePlugin",
    "SHIPPED_BY",
    "_BOTS",
    "_GAMES",
    "_bots",
    "_games",
    "_load",
    "_plugins",
    "balance_of",
    "bot_class",
    "check_bot_params",
    "game_class",
    "game_path",
    "games_allowed",
    "heuristic_of",
    "heuristic_scale_of",
    "is_shipped",
    "list_bots",
    "list_games",
    "loss_value_of",
    "make",
    "make_bot",
    "plugin",
    "refresh_plugins",
    "register_bot",
    "register_game",
    "tensor_of",
    "title_of",
    "unregister_bot",
    "unregister_game",
    "views_of",
]


def game_class(name: str) -> type[Game]:
    cls: type[Game] = _load(plugin(name).rules)
    return cls


_views: weakref.WeakKeyDictionary[Game, Views] = weakref.WeakKeyDictionary()


def views_of(game: Game) -> Views:
    """The views of ``game`` (made once per game), as its plugin declares them."""
    views = _views.get(game)
    if views is None:
        declared = plugin(game.name).views if game.name in _games() else None
        views = _views[game] = (_load(declared) if declared else Views)(game)
    return views


def balance_of(game: Game) -> Callable[[State], Mapping[str, str | list[str]]] | None:
    """The balance facets function that ``game``'s plugin declares, if any.

    A simulation calls it on each finished game and its report shows the win rate by seat
    for each label of a game's facet, and the win rate of each label of a seat's facet.
    """
    declared = plugin(game.name).balance if game.name in _games() else None
    return _load(declared) if declared else None


_tensors: weakref.WeakKeyDictionary[Game, ObservationTensor] = weakref.WeakKeyDictionary()


def tensor_of(game: Game) -> ObservationTensor:
    """The observation tensor ``game``'s plugin declares (made once per game); a game that
    declares none cannot be given to the learning adapters, and says so."""
    tensor = _tensors.get(game)
    if tensor is None:
        declared = plugin(game.name).tensor if game.name in _games() else None
        if not declared:
            raise GameOptionError(
                f"{game.name} declares no observation tensor (GamePlugin(tensor=...)), which "
                f"the learning environments need"
            )
        tensor = _tensors[game] = _load(declared)(game)
    return tensor


def games_allowed(name: str, **options: Any) -> Iterator[Game]:
    """A game for each player count, fewest first, that ``options`` allow (a mode may need
    more players than the game's least, as a competitive game does); when they allow none,
    the refusal of the fewest is raised."""
    cls = game_class(name)
    first: GameOptionError | None = None
    made = False
    for n in range(cls.min_players, cls.max_players + 1):
        try:
            game = cls(n, **options)
        except GameOptionError as refused:
            first = first or refused
            continue
        made = True
        yield game
    if not made:
        assert first is not None
        raise first


def make(name: str, players: int | None = None, **options: Any) -> Game:
    """A game by its registry name, for ``players`` seats (default: the fewest its options
    allow)."""
    if players is not None:
        return game_class(name)(players, **options)
    return next(games_allowed(name, **options))


def list_bots() -> list[str]:
    return sorted(_bots())


def bot_class(name: str) -> Any:
    """The class of a bot by name (its ``PARAMS`` declare what it takes)."""
    bots = _bots()
    if name not in bots:
        raise GameOptionError(f"unknown bot {name!r}; bots: {', '.join(list_bots())}")
    return _load(bots[name])


def check_bot_params(
    name: str, params: Mapping[str, Any], *, limited: bool = False
) -> dict[str, Any]:
    """The bot's parameters checked against its declared ``PARAMS`` (``limited``: within a
    shared server's bounds too), or, for a bot that declares none, against the names its
    constructor takes; a GameOptionError says what is wrong."""
    cls = bot_class(name)
    check = getattr(cls, "check_params", None)
    if check is not None:
        checked: dict[str, Any] = check(params, limited=limited)
        return checked
    taken = [p for p in inspect.signature(cls).parameters if p != "seed"]
    unknown = [p for p in params if p not in taken]
    if unknown:
        raise GameOptionError(
            f"{name} has no parameter {unknown[0]!r}; it takes: {', '.join(taken) or 'no parameters'}"
        )
    return dict(params)


def make_bot(name: str, seed: int | None = None, **params: Any) -> Any:
    """A bot by name; ``choose(state)`` picks a legal action for ``state.current_player()``.

    Parameters are checked against the bot's declared ``PARAMS`` when it has them (text such
    as ``"200"`` is read as people type it); a bad one raises a GameOptionError that says
    what is allowed."""
    cls = bot_class(name)
    params = check_bot_params(name, params)
    try:
        return cls(seed=seed, **params)
    except GameOptionError:
        raise
    except (TypeError, ValueError) as exc:
        raise GameOptionError(f"{name}: {exc}") from exc
