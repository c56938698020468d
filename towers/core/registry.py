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

import importlib
import inspect
import weakref
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from towers.core.errors import GameOptionError
from towers.core.game import Game, State
from towers.core.tensors import ObservationTensor
from towers.core.views import Views


@dataclass(frozen=True)
class GamePlugin:
    """A game package's declaration of itself, in one place: where its rules (the Game
    class), its views and its bots' heuristic live, each as ``"package.module:name"``, so
    that declaring them imports none. An entry point of ``towers.games`` names a plugin, or
    just a Game class (which then has the plain views and heuristic)."""

    rules: str
    views: str | None = None
    heuristic: str | None = None
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


def heuristic_of(game: Game) -> Callable[[State, int], float] | None:
    """The bots' heuristic that ``game``'s plugin declares, if any."""
    declared = plugin(game.name).heuristic if game.name in _games() else None
    return _load(declared) if declared else None


def heuristic_scale_of(game: Game) -> float | None:
    """The heuristic scale that ``game``'s plugin declares, if any (see
    :attr:`GamePlugin.heuristic_scale`)."""
    return plugin(game.name).heuristic_scale if game.name in _games() else None


def loss_value_of(game: Game) -> float | None:
    """The value of a lost game that ``game``'s plugin declares, if any (see
    :attr:`GamePlugin.loss_value`)."""
    return plugin(game.name).loss_value if game.name in _games() else None


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
